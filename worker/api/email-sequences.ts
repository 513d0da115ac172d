import { desc, eq } from "drizzle-orm";
import type { Context } from "hono";
import { idParam, workspaceParam } from "../../core/contracts/common";
import { emailSequenceUpdateSchema } from "../../core/contracts/content";
import { runBatch } from "../db/batching";
import { emailSequences } from "../db/schema";
import { eventStatement } from "../commands/events";
import { createApp, type AppEnv } from "../lib/create-app";
import { NotFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireSession } from "../middleware/session";
import { requireWorkspace } from "../middleware/workspace";
import { authorize } from "../policies";
import { presentEmailSequence } from "../presenters/email-sequences";
import { commandContext } from "./articles";
import { actorForRow } from "./workspace-rows";

/** A sequence by id for a member of its workspace; 404 for anyone else. */
async function loadSequence(c: Context<AppEnv>, id: number) {
  const db = c.get("db");
  const [sequence] = await db.select().from(emailSequences).where(eq(emailSequences.id, id));
  if (!sequence) throw new NotFound("Email sequence not found");
  return { actor: await actorForRow(c, sequence.workspaceId, "content.generate", "Email sequence not found"), sequence };
}

/** Generated email sequences: listed, read, edited and deleted (generation creates them). */
export const emailSequencesApi = createApp()
  .get("/w/:ws/email_sequences", requireWorkspace, validate("param", workspaceParam), async (c) => {
    const actor = c.get("actor");
    authorize(actor, "content.generate");
    const rows = await c.get("db").select().from(emailSequences).where(eq(emailSequences.workspaceId, actor.workspaceId)).orderBy(desc(emailSequences.updatedAt)).limit(100);
    return c.json({ data: rows.map(presentEmailSequence) });
  })

  .get("/email_sequences/:id", requireSession, validate("param", idParam), async (c) => {
    const { sequence } = await loadSequence(c, c.req.valid("param").id);
    return c.json({ data: presentEmailSequence(sequence) });
  })

  .patch("/email_sequences/:id", requireSession, validate("param", idParam), validate("json", emailSequenceUpdateSchema), async (c) => {
    const db = c.get("db");
    const { actor, sequence } = await loadSequence(c, c.req.valid("param").id);
    const changes = c.req.valid("json");
    await runBatch(db, [
      db.update(emailSequences).set({ ...changes, updatedAt: new Date() }).where(eq(emailSequences.id, sequence.id)),
      eventStatement(db, commandContext(c, actor), "email_sequences.update", { properties: { sequence_id: sequence.id, changed: Object.keys(changes) } }),
    ]);
    const [updated] = await db.select().from(emailSequences).where(eq(emailSequences.id, sequence.id));
    return c.json({ data: presentEmailSequence(updated!) });
  })

  .delete("/email_sequences/:id", requireSession, validate("param", idParam), async (c) => {
    const db = c.get("db");
    const { actor, sequence } = await loadSequence(c, c.req.valid("param").id);
    await runBatch(db, [
      db.delete(emailSequences).where(eq(emailSequences.id, sequence.id)),
      eventStatement(db, commandContext(c, actor), "email_sequences.delete", { properties: { sequence_id: sequence.id } }),
    ]);
    return c.body(null, 204);
  });
