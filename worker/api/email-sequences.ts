import { and, count, eq } from "drizzle-orm";
import type { Context } from "hono";
import * as z from "zod";
import { idParam, workspaceParam } from "../../core/contracts/common";
import { emailSequenceOut, emailSequenceUpdateSchema } from "../../core/contracts/content";
import { listMetaOut, listQuery } from "../../core/contracts/pagination";
import { runBatch } from "../db/batching";
import { emailSequences } from "../db/schema";
import { eventStatement } from "../commands/events";
import { createApp, type AppEnv } from "../lib/create-app";
import { NotFound } from "../lib/errors";
import { listPage } from "../lib/list-page";
import { validate } from "../lib/validate";
import { requireSession } from "../middleware/session";
import { requireWorkspace } from "../middleware/workspace";
import { publicRoute } from "../openapi/public-route";
import { authorize, type Action } from "../policies";
import { presentEmailSequence } from "../presenters/email-sequences";
import { commandContext } from "./articles";
import { actorForRow } from "./workspace-rows";

/** A sequence by id for whoever may `action` in its workspace; 404 for anyone else. */
async function loadSequence(c: Context<AppEnv>, id: number, action: Action) {
  const db = c.get("db");
  const [sequence] = await db.select().from(emailSequences).where(eq(emailSequences.id, id));
  if (!sequence) throw new NotFound("Email sequence not found");
  return { actor: await actorForRow(c, sequence.workspaceId, action, "Email sequence not found"), sequence };
}

/** The list's order: last changed first (the id ends the keyset). */
const SEQUENCE_ORDER = [
  { column: emailSequences.updatedAt, direction: "desc" as const },
  { column: emailSequences.id, direction: "desc" as const },
];

const sequenceAnswer = z.object({ data: emailSequenceOut });

/** Generated email sequences: listed, read, edited and deleted (generation creates them). */
export const emailSequencesApi = createApp()
  .get(
    "/w/:ws/email_sequences",
    publicRoute({
      scope: "read",
      tag: "Email sequences",
      summary: "List email sequences",
      description: "The workspace's generated email sequences, last changed first (POST /v1/w/{ws}/generations with `kind: email_sequence` makes one).",
      response: z.object({ data: z.array(emailSequenceOut), meta: listMetaOut }),
      example: { params: { ws: "$workspace" }, query: { limit: "20" } },
    }),
    requireWorkspace,
    validate("param", workspaceParam),
    validate("query", listQuery),
    async (c) => {
    const db = c.get("db");
    const actor = c.get("actor");
    authorize(actor, "generations.read");
    const inWorkspace = eq(emailSequences.workspaceId, actor.workspaceId);
    const { rows, meta } = await listPage<typeof emailSequences.$inferSelect>(
      {
        tag: "email_sequences:updated_desc",
        order: SEQUENCE_ORDER,
        keyOf: (row) => [row.updatedAt.getTime(), row.id],
        rows: ({ where, orderBy, limit, offset }) => db.select().from(emailSequences).where(and(inWorkspace, where)).orderBy(...orderBy).limit(limit).offset(offset),
        total: async () => (await db.select({ n: count() }).from(emailSequences).where(inWorkspace))[0]!.n,
      },
      c.req.valid("query"),
    );
    return c.json({ data: rows.map(presentEmailSequence), meta });
    },
  )

  .get(
    "/email_sequences/:id",
    publicRoute({ scope: "read", tag: "Email sequences", summary: "Get an email sequence", response: sequenceAnswer, errors: [404], example: { params: { id: "$email_sequence" } } }),
    requireSession,
    validate("param", idParam),
    async (c) => {
    const { sequence } = await loadSequence(c, c.req.valid("param").id, "generations.read");
    return c.json({ data: presentEmailSequence(sequence) });
    },
  )

  .patch(
    "/email_sequences/:id",
    publicRoute({
      scope: "write",
      tag: "Email sequences",
      summary: "Change an email sequence",
      description: "Changes the title, or replaces the emails (send all of them).",
      response: sequenceAnswer,
      errors: [404],
      example: { params: { id: "$email_sequence" }, body: { title: "Spring welcome series" } },
    }),
    requireSession,
    validate("param", idParam),
    validate("json", emailSequenceUpdateSchema),
    async (c) => {
    const db = c.get("db");
    const { actor, sequence } = await loadSequence(c, c.req.valid("param").id, "content.generate");
    const changes = c.req.valid("json");
    await runBatch(db, [
      db.update(emailSequences).set({ ...changes, updatedAt: new Date() }).where(eq(emailSequences.id, sequence.id)),
      eventStatement(db, commandContext(c, actor), "email_sequences.update", { properties: { sequence_id: sequence.id, changed: Object.keys(changes) } }),
    ]);
    const [updated] = await db.select().from(emailSequences).where(eq(emailSequences.id, sequence.id));
    return c.json({ data: presentEmailSequence(updated!) });
    },
  )

  .delete(
    "/email_sequences/:id",
    publicRoute({ scope: "write", tag: "Email sequences", summary: "Delete an email sequence", response: null, status: 204, errors: [404], example: { params: { id: "$email_sequence" } } }),
    requireSession,
    validate("param", idParam),
    async (c) => {
    const db = c.get("db");
    const { actor, sequence } = await loadSequence(c, c.req.valid("param").id, "content.generate");
    await runBatch(db, [
      db.delete(emailSequences).where(eq(emailSequences.id, sequence.id)),
      eventStatement(db, commandContext(c, actor), "email_sequences.delete", { properties: { sequence_id: sequence.id } }),
    ]);
    return c.body(null, 204);
    },
  );
