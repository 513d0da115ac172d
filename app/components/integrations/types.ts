/** Where a workspace connects its integrations (the settings screen of the connect flow). */
export const integrationsPath = (workspaceId: number) => `/workspaces/${workspaceId}/integrations`;

/** A connected integration as the screens that use it receive it (worker/presenters/integrations.ts). */
export interface IntegrationCard {
  id: number;
  provider: string;
  label: string;
  display_name: string;
  url: string | null;
  state: "active" | "needs_reauth" | "disconnected";
  state_reason: string | null;
}

export interface SitePostJson {
  id: number;
  integration_id: number;
  remote_id: string | null;
  url: string | null;
  status: "publish" | "draft";
  published_at: string | null;
  last_error: string | null;
}

export interface CampaignDraftJson {
  position: number;
  campaign_id: string | null;
  url: string | null;
  pushed_at: string | null;
  /** The last create got no answer; the next send looks for it in Mailchimp first. */
  unknown: boolean;
}
