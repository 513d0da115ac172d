import { count, eq } from "drizzle-orm";
import * as z from "zod";
import { idParam, workspaceParam } from "../../core/contracts/common";
import { contentSourceSchema, knowledgeSearchQuery } from "../../core/contracts/knowledge";
import { knowledgeSourceCreator, knowledgeSourceDeleter } from "../commands/knowledgeCommands";
import { knowledgePassages, knowledgeSources } from "../db/schema";
import { createApp } from "../lib/create-app";
import { NotFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireSession } from "../middleware/session";
import { requireWorkspace } from "../middleware/workspace";
import { authorize } from "../policies";
import { presentKnowledgeSource } from "../presenters/knowledge";
import { relevantPassages, workspaceSources } from "../services/knowledge";
import { readSource } from "../services/sources";
import { commandContext, requestFacts } from "./articles";
import { actorForRow } from "./workspace-rows";

/** The workspace's knowledge ("brain"): sources split into passages, searched with FTS5. */
export const knowledgeApi = createApp()
  .get("/w/:ws/knowledge_sources", requireWorkspace, validate("param", workspaceParam), async (c) => {
    const db = c.get("db");
    const actor = c.get("actor");
    authorize(actor, "knowledge.read");
    const sources = await workspaceSources(db, actor.workspaceId);
    const counts = await db
      .select({ sourceId: knowledgePassages.sourceId, n: count() })
      .from(knowledgePassages)
      .where(eq(knowledgePassages.workspaceId, actor.workspaceId))
      .groupBy(knowledgePassages.sourceId);
    const bySource = new Map(counts.map((row) => [row.sourceId, row.n]));
    return c.json({ data: sources.map((source) => presentKnowledgeSource(source, bySource.get(source.id) ?? 0)) });
  })

  .post("/w/:ws/knowledge_sources", requireWorkspace, validate("param", workspaceParam), validate("json", z.object({ source: contentSourceSchema })), async (c) => {
    const db = c.get("db");
    const actor = c.get("actor");
    authorize(actor, "knowledge.manage");
    const input = c.req.valid("json").source;
    const text = await readSource({ db, env: c.env, request: requestFacts(c), actor }, input, "source");
    const source = await knowledgeSourceCreator(db, { context: commandContext(c, actor), type: input.type, source: text });
    const [{ n }] = (await db.select({ n: count() }).from(knowledgePassages).where(eq(knowledgePassages.sourceId, source.id))) as [{ n: number }];
    return c.json({ data: presentKnowledgeSource(source, n) }, 201);
  })

  .get("/w/:ws/knowledge_sources/search", requireWorkspace, validate("param", workspaceParam), validate("query", knowledgeSearchQuery), async (c) => {
    const actor = c.get("actor");
    authorize(actor, "knowledge.read");
    const { q, limit } = c.req.valid("query");
    const passages = await relevantPassages(c.get("db"), actor.workspaceId, q, limit);
    return c.json({ data: passages.map((p) => ({ passage_id: p.passageId, source_id: p.sourceId, source_title: p.sourceTitle, text: p.text })) });
  })

  .delete("/knowledge_sources/:id", requireSession, validate("param", idParam), async (c) => {
    const db = c.get("db");
    const [source] = await db.select().from(knowledgeSources).where(eq(knowledgeSources.id, c.req.valid("param").id));
    if (!source) throw new NotFound("Source not found");
    const actor = await actorForRow(c, source.workspaceId, "knowledge.manage", "Source not found");
    await knowledgeSourceDeleter(db, { context: commandContext(c, actor), source });
    return c.body(null, 204);
  });
