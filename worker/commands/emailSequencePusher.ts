import { and, eq } from "drizzle-orm";
import { renderSequenceEmail } from "../../core/email/sequence-email";
import type { Database } from "../db/client";
import { emailCampaignDrafts, type emailSequences, type ThirdPartyIntegration } from "../db/schema";
import { IntegrationFailed } from "../services/integrations/failures";
import { markNeedsReconnect, openIntegration } from "../services/integrations";
import { findCampaignDraft, pushCampaignDraft } from "../services/integrations/mailchimp";
import type { ProviderContext } from "../services/publishing/providers/types";
import { eventStatement, type CommandContext } from "./events";

export interface PushResult {
  position: number;
  subject: string;
  ok: boolean;
  campaign_id: string | null;
  url: string | null;
  /** The campaign was gone in Mailchimp (deleted), so it was made again. */
  recreated: boolean;
  error: string | null;
}

/**
 * Every email of a sequence as a Mailchimp campaign draft for the integration's audience,
 * one per email, in order. A second push updates the same drafts (their ids are kept per
 * email). An email Mailchimp refuses is reported and the next ones still go; when Mailchimp
 * is unreachable the rest wait for the next push; credentials it refuses mark the
 * integration `needs_reauth` and stop everything (409).
 */
export async function emailSequencePusher(
  db: Database,
  { context, provider, sequence, integration, origin }: { context: CommandContext; provider: ProviderContext; sequence: typeof emailSequences.$inferSelect; integration: ThirdPartyIntegration; origin: string },
): Promise<PushResult[]> {
  const connected = await openIntegration(provider.env, integration);
  const drafts = await db.select().from(emailCampaignDrafts).where(and(eq(emailCampaignDrafts.sequenceId, sequence.id), eq(emailCampaignDrafts.integrationId, integration.id)));
  const keep = (position: number, remote: { id: string; url: string | null } | null) => {
    // Null: the create got no answer, the campaign may exist; the next push looks for it first.
    const values = remote ? { remoteId: remote.id, url: remote.url, unknownSince: null } : { unknownSince: provider.now() };
    return db
      .insert(emailCampaignDrafts)
      .values({ workspaceId: sequence.workspaceId, sequenceId: sequence.id, integrationId: integration.id, position, pushedAt: provider.now(), ...values })
      .onConflictDoUpdate({
        target: [emailCampaignDrafts.sequenceId, emailCampaignDrafts.integrationId, emailCampaignDrafts.position],
        set: { pushedAt: provider.now(), updatedAt: new Date(), ...values },
      });
  };

  const results: PushResult[] = [];
  let stopped: string | null = null;
  for (const [position, email] of sequence.emails.entries()) {
    const base = { position, subject: email.subject, campaign_id: null, url: null, recreated: false };
    if (stopped) {
      results.push({ ...base, ok: false, error: `Not sent: ${stopped}` });
      continue;
    }
    const previous = drafts.find((draft) => draft.position === position);
    const title = `${sequence.title} · ${position + 1}. ${email.subject}`.slice(0, 100);
    try {
      let remoteId = previous?.remoteId ?? null;
      if (!remoteId && previous?.unknownSince) remoteId = (await findCampaignDraft(provider, connected, title, previous.unknownSince))?.id ?? null;
      const draft = await pushCampaignDraft(provider, connected, { subject: email.subject, preview: email.preview, title, html: renderSequenceEmail(email, origin).html }, remoteId);
      await keep(position, draft);
      results.push({ ...base, ok: true, campaign_id: draft.id, url: draft.url, recreated: draft.recreated, error: null });
    } catch (error) {
      if (!(error instanceof IntegrationFailed)) throw error;
      if (error.remote) await keep(position, error.remote);
      else if (error.kind === "no_answer" && !previous?.remoteId) await keep(position, null);
      if (error.kind === "reconnect") {
        await markNeedsReconnect(db, integration, error.message);
        throw error;
      }
      results.push({ ...base, ok: false, campaign_id: error.remote?.id ?? null, url: error.remote?.url ?? null, error: error.message });
      if (error.kind !== "refused") stopped = "Mailchimp stopped answering at an earlier email; push again to send the rest.";
    }
  }
  await eventStatement(db, context, "email_sequences.push", {
    properties: { sequence_id: sequence.id, integration_id: integration.id, provider: integration.provider, pushed: results.filter((r) => r.ok).length, failed: results.filter((r) => !r.ok).length },
  });
  return results;
}
