import type { EmailCampaignDraft, SitePost, ThirdPartyIntegration } from "../db/schema";
import { integrationService } from "../services/integrations";

const iso = (ms: number | null) => (ms == null ? null : new Date(ms).toISOString());

/** A connected integration as a screen that uses it shows it: never its credentials. */
export function presentIntegrationCard(row: ThirdPartyIntegration) {
  return {
    id: row.id,
    provider: row.provider,
    label: integrationService(row.provider)?.label ?? row.provider,
    display_name: row.displayName,
    url: row.url,
    state: row.state,
    state_reason: row.stateReason,
  };
}

export function presentSitePost(post: SitePost) {
  return {
    id: post.id,
    integration_id: post.integrationId,
    remote_id: post.remoteId,
    url: post.url,
    status: post.status,
    published_at: iso(post.publishedAt),
    last_error: post.lastError,
  };
}

export function presentCampaignDraft(draft: EmailCampaignDraft) {
  return { position: draft.position, campaign_id: draft.remoteId, url: draft.url, pushed_at: iso(draft.pushedAt), unknown: draft.remoteId === null };
}
