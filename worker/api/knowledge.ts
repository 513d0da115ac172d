import { and, count, eq } from "drizzle-orm";
import * as z from "zod";
import { idParam, workspaceParam } from "../../core/contracts/common";
import { contentSourceSchema, knowledgePassageOut, knowledgeSearchQuery, knowledgeSourceOut } from "../../core/contracts/knowledge";
import { listMetaOut, listQuery } from "../../core/contracts/pagination";
import { knowledgeSourceCreator, knowledgeSourceDeleter } from "../commands/knowledgeCommands";
import { inList } from "../db/batching";
import { knowledgePassages, knowledgeSources, type KnowledgeSource } from "../db/schema";
import { createApp } from "../lib/create-app";
import { NotFound } from "../lib/errors";
import { listPage } from "../lib/list-page";
import { validate } from "../lib/validate";
import { requireSession } from "../middleware/session";
import { requireWorkspace } from "../middleware/workspace";
import { publicRoute } from "../openapi/public-route";
import { authorize } from "../policies";
import { presentKnowledgeSource, presentPassage } from "../presenters/knowledge";
import { KNOWLEDGE_ORDER, relevantPassages } from "../services/knowledge";
import { readSource } from "../services/sources";
import { commandContext, requestFacts } from "./articles";
import { actorForRow } from "./workspace-rows";

/** The workspace's knowledge ("brain"): sources split into passages, searched with FTS5. */
export const knowledgeApi = createApp()
  .get(
    "/w/:ws/knowledge_sources",
    publicRoute({
      scope: "read",
      tag: "Knowledge",
      summary: "List knowledge sources",
      description: "The workspace's knowledge (\"brain\"), newest first: what generation draws on and cites. Without `cursor` or `limit`, the whole list.",
      response: z.object({ data: z.array(knowledgeSourceOut), meta: listMetaOut }),
      example: { params: { ws: "$workspace" }, query: { limit: "20" } },
    }),
    requireWorkspace,
    validate("param", workspaceParam),
    validate("query", listQuery),
    async (c) => {
    const db = c.get("db");
    const actor = c.get("actor");
    authorize(actor, "knowledge.read");
    const inWorkspace = eq(knowledgeSources.workspaceId, actor.workspaceId);
    const { rows, meta } = await listPage<KnowledgeSource>(
      {
        tag: "knowledge_sources:created_desc",
        wholeUnlessCursor: true,
        order: KNOWLEDGE_ORDER,
        keyOf: (source) => [source.createdAt.getTime(), source.id],
        rows: ({ where, orderBy, limit, offset }) => db.select().from(knowledgeSources).where(and(inWorkspace, where)).orderBy(...orderBy).limit(limit).offset(offset),
        total: async () => (await db.select({ n: count() }).from(knowledgeSources).where(inWorkspace))[0]!.n,
      },
      c.req.valid("query"),
    );
    const counts = rows.length
      ? await db
          .select({ sourceId: knowledgePassages.sourceId, n: count() })
          .from(knowledgePassages)
          .where(and(eq(knowledgePassages.workspaceId, actor.workspaceId), inList(knowledgePassages.sourceId, rows.map((source) => source.id))))
          .groupBy(knowledgePassages.sourceId)
      : [];
    const bySource = new Map(counts.map((row) => [row.sourceId, row.n]));
    return c.json({ data: rows.map((source) => presentKnowledgeSource(source, bySource.get(source.id) ?? 0)), meta });
    },
  )

  .post(
    "/w/:ws/knowledge_sources",
    publicRoute({
      scope: "write",
      tag: "Knowledge",
      summary: "Add a knowledge source",
      description: "Reads the source (text, a document of the workspace, a web page or an uploaded file), splits it into passages and indexes them for search and generation.",
      response: z.object({ data: knowledgeSourceOut }),
      status: 201,
      errors: [404, 422],
      example: { params: { ws: "$workspace" }, body: { source: { type: "text", title: "Spring menu", text: "Our spring menu brings three seasonal drinks: a rhubarb soda, a cold-brew tonic and a lavender latte." } } },
    }),
    requireWorkspace,
    validate("param", workspaceParam),
    validate("json", z.object({ source: contentSourceSchema })),
    async (c) => {
    const db = c.get("db");
    const actor = c.get("actor");
    authorize(actor, "knowledge.manage");
    const input = c.req.valid("json").source;
    const text = await readSource({ db, env: c.env, request: requestFacts(c), actor }, input, "source");
    const source = await knowledgeSourceCreator(db, { context: commandContext(c, actor), type: input.type, source: text });
    const [{ n }] = (await db.select({ n: count() }).from(knowledgePassages).where(eq(knowledgePassages.sourceId, source.id))) as [{ n: number }];
    return c.json({ data: presentKnowledgeSource(source, n) }, 201);
    },
  )

  .get(
    "/w/:ws/knowledge_sources/search",
    publicRoute({
      scope: "read",
      tag: "Knowledge",
      summary: "Search knowledge",
      description: "The passages most relevant to `q`, best first (at most `limit`, 5 unless asked; full-text search on its words).",
      response: z.object({ data: z.array(knowledgePassageOut) }),
      example: { params: { ws: "$workspace" }, query: { q: "spring menu" } },
    }),
    requireWorkspace,
    validate("param", workspaceParam),
    validate("query", knowledgeSearchQuery),
    async (c) => {
    const actor = c.get("actor");
    authorize(actor, "knowledge.read");
    const { q, limit } = c.req.valid("query");
    const passages = await relevantPassages(c.get("db"), actor.workspaceId, q, limit);
    return c.json({ data: passages.map(presentPassage) });
    },
  )

  .delete(
    "/knowledge_sources/:id",
    publicRoute({
      scope: "write",
      tag: "Knowledge",
      summary: "Delete a knowledge source",
      description: "Removes the source and its passages; generation no longer draws on it.",
      response: null,
      status: 204,
      errors: [404],
      example: { params: { id: "$knowledge" } },
    }),
    requireSession,
    validate("param", idParam),
    async (c) => {
    const db = c.get("db");
    const [source] = await db.select().from(knowledgeSources).where(eq(knowledgeSources.id, c.req.valid("param").id));
    if (!source) throw new NotFound("Source not found");
    const actor = await actorForRow(c, source.workspaceId, "knowledge.manage", "Source not found");
    await knowledgeSourceDeleter(db, { context: commandContext(c, actor), source });
    return c.body(null, 204);
    },
  );
