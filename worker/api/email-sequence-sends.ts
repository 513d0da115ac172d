import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { idParam } from "../../core/contracts/common";
import { pushSequenceSchema, testSendSchema } from "../../core/contracts/integrations";
import { renderSequenceEmail } from "../../core/email/sequence-email";
import { emailSequencePusher } from "../commands/emailSequencePusher";
import { emailCampaignDrafts, emailSequences } from "../db/schema";
import { createApp, type AppEnv } from "../lib/create-app";
import { Invalid, NotFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireSession } from "../middleware/session";
import { presentCampaignDraft, presentIntegrationCard } from "../presenters/integrations";
import { workspaceIntegration, workspaceIntegrations } from "../services/integrations";
import { reserveOutboundMail } from "../services/mail-quota";
import { sendMail } from "../services/mail";
import { commandContext } from "./articles";
import { integrationContext } from "./site-posts";
import { actorForRow } from "./workspace-rows";

/** A sequence by id for a member of its workspace who may send it out; 404 for anyone else. */
async function sendableSequence(c: Context<AppEnv>, id: number) {
  const [sequence] = await c.get("db").select().from(emailSequences).where(eq(emailSequences.id, id));
  if (!sequence) throw new NotFound("Email sequence not found");
  return { actor: await actorForRow(c, sequence.workspaceId, "email_sequences.push", "Email sequence not found"), sequence };
}

/**
 * An email sequence sent out: to Mailchimp as one campaign draft per email (an audience the
 * workspace connected), and one email of it to the signed-in person as a test, through the
 * one mail module and its hourly limits.
 */
export const emailSequenceSendsApi = createApp()
  .get("/email_sequences/:id/mailchimp", requireSession, validate("param", idParam), async (c) => {
    const db = c.get("db");
    const { sequence } = await sendableSequence(c, c.req.valid("param").id);
    const [integrations, drafts] = await Promise.all([
      workspaceIntegrations(db, sequence.workspaceId, "email_marketing"),
      db.select().from(emailCampaignDrafts).where(eq(emailCampaignDrafts.sequenceId, sequence.id)),
    ]);
    return c.json({
      data: integrations
        .filter((row) => row.provider === "mailchimp")
        .map((row) => ({ integration: presentIntegrationCard(row), campaigns: drafts.filter((d) => d.integrationId === row.id).map(presentCampaignDraft) })),
    });
  })

  .post("/email_sequences/:id/mailchimp", requireSession, validate("param", idParam), validate("json", pushSequenceSchema), async (c) => {
    const db = c.get("db");
    const { actor, sequence } = await sendableSequence(c, c.req.valid("param").id);
    const integration = await workspaceIntegration(db, sequence.workspaceId, c.req.valid("json").integration_id, "email_marketing", ["mailchimp"]);
    const results = await emailSequencePusher(db, { context: commandContext(c, actor), provider: integrationContext(c), sequence, integration, origin: new URL(c.req.url).origin });
    return c.json({ data: { integration: presentIntegrationCard(integration), results } });
  })

  .post("/email_sequences/:id/test_send", requireSession, validate("param", idParam), validate("json", testSendSchema), async (c) => {
    const db = c.get("db");
    const { actor, sequence } = await sendableSequence(c, c.req.valid("param").id);
    const { position } = c.req.valid("json");
    const email = sequence.emails[position];
    if (!email) throw new Invalid(`position: the sequence has ${sequence.emails.length} emails`, { position: [`must be below ${sequence.emails.length}`] });
    const to = c.get("session").user.email;
    await reserveOutboundMail(db, { userId: actor.userId, workspaceId: actor.workspaceId, recipients: 1 });
    const rendered = renderSequenceEmail(email, new URL(c.req.url).origin);
    const sent = await sendMail(db, c.env, { to, subject: `[Test] ${email.subject}`, text: rendered.text, html: rendered.html, kind: "email_sequence_test" });
    return c.json({ data: { to, transport: sent.transport, delivered: sent.delivered } });
  });

