import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { articleRefParam } from "../../core/contracts/articles";
import { idParam } from "../../core/contracts/common";
import { aiRevisionSchema, bulkChangesSchema, type BulkChangesInput, layerParam, listSuggestionsQuery, MAIN_LAYER, type LayerParam } from "../../core/contracts/suggestions";
import type { Verdict } from "../../core/editor/change-review";
import { aiRevisionCreator } from "../commands/aiRevisionCreator";
import { branchChangesSettler } from "../commands/branchChangesSettler";
import { changesReviewer, suggestionSettler } from "../commands/suggestionCommands";
import { articles, type Article, type Suggestion } from "../db/schema";
import { createApp, type AppEnv } from "../lib/create-app";
import { Conflict, HttpError, NotFound, Unprocessable } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireSession } from "../middleware/session";
import { authorize, type Action } from "../policies";
import { presentSuggestion, suggestionResource } from "../presenters/suggestions";
import { chooseProvider, ProviderError } from "../services/ai";
import { authorizeWithinPlanOf } from "../services/billing/entitlements";
import type { LoadedArticle } from "../services/documents";
import { findSuggestion, peopleOfSuggestions, suggestionsOf, trackedChangesOf } from "../services/suggestions";
import { branchIsOpen } from "../services/branches/load";
import { branchBodyChanged, branchIdOfRoom } from "../services/branches/room";
import { commandContext, loaded } from "./articles";
import { loadBranch } from "./branches";

/** A suggestion and its document, for someone who may read that document (else the document's 404/403, password and all). */
async function loadSuggestion(c: Context<AppEnv>, id: number) {
  const suggestion = await findSuggestion(c.get("db"), id);
  const doc = await loaded(c, suggestion.articleId);
  authorize(doc.actor, "suggestions.read", doc.resource);
  return { ...doc, suggestion, resource: suggestionResource(doc.actor, suggestion, doc.resource) };
}

/** Suggestions as the API answers them, with their changes read from the body the actor was allowed to read. */
async function suggestionsJson(c: Context<AppEnv>, rows: Suggestion[], { actor, level, article }: Pick<LoadedArticle, "actor" | "level" | "article">) {
  const people = await peopleOfSuggestions(c.get("db"), rows);
  const changes = rows.some((row) => row.state === "open") ? new Map(trackedChangesOf(article.body).map((change) => [change.uuid, change])) : undefined;
  return rows.map((row) => presentSuggestion(actor, row, people, { level, changes }));
}

/** The document as stored now (after a write this request made). */
async function findArticle(c: Context<AppEnv>, id: number) {
  return (await c.get("db").select().from(articles).where(eq(articles.id, id)))[0];
}

/** Settling changes writes the body: not on an archived document or a template. */
function assertSettleable(article: Article) {
  if (article.archivedAt) throw new Unprocessable("This document is archived: restore it to settle its changes", { id: ["is archived"] });
}

const ENDINGS = { merge: ["merged", "suggestions.merge"], reject: ["rejected", "suggestions.merge"], withdraw: ["withdrawn", "suggestions.withdraw"] } as const;
const REFUSALS = {
  merge: "Only people who may edit this document can accept or reject its suggestions",
  reject: "Only people who may edit this document can accept or reject its suggestions",
  withdraw: "Only whoever made this suggestion, or asked the AI writer for it, may withdraw it",
} as const;

/** `POST /suggestions/:id/merge|reject|withdraw`: one route each, the same steps. */
const settle = (verb: keyof typeof ENDINGS) => async (c: Context<AppEnv, string, { out: { param: { id: number } } }>) => {
  const [ending, action]: readonly ["merged" | "rejected" | "withdrawn", Action] = ENDINGS[verb];
  const doc = await loadSuggestion(c, c.req.valid("param").id);
  authorize(doc.actor, action, doc.resource, REFUSALS[verb]);
  assertSettleable(doc.article);
  const result = await suggestionSettler(c.get("db"), { context: commandContext(c, doc.actor), article: doc.article, suggestion: doc.suggestion, ending, env: c.env });
  const [data] = await suggestionsJson(c, [result.suggestion], doc);
  return c.json({ data, settled: result.settled, status: result.status });
};

/** A branch layer's settle: the branch's editors (`branches.update`), while it is open, on its own document only. */
async function settleOnBranch(c: Context<AppEnv, string, { out: { param: LayerParam; json: BulkChangesInput } }>, articleId: number, branchId: number, verdict: Verdict) {
  const { actor, article, branch, resource } = await loadBranch(c, branchId);
  if (branch.articleId !== articleId) throw new NotFound("No such layer");
  authorize(actor, "branches.update", resource);
  if (!branchIsOpen(branch)) throw new Conflict(`This branch was already ${branch.status}`);
  if (article.archivedAt) throw new Unprocessable("Restore this document before changing its branches", { id: ["is archived"] });
  const result = await branchChangesSettler(c.get("db"), { context: commandContext(c, actor), branch, uuids: c.req.valid("json").uuids, verdict, env: c.env });
  if (result.stored) branchBodyChanged(c, branch);
  return verdict === "accept" ? { accepted: result.settled, not_found: result.notFound } : { rejected: result.settled, not_found: result.notFound };
}

/** `POST /articles/:id/layers/:layer/changes/bulk_accept|bulk_reject`: the named changes, and no others. */
const review =
  (verdict: Verdict) => async (c: Context<AppEnv, string, { out: { param: LayerParam; json: BulkChangesInput } }>) => {
    const { id, layer } = c.req.valid("param");
    // A branch's layer settles the branch's own tracked changes (its reviewers' suggestions).
    const branchId = branchIdOfRoom(layer);
    if (branchId !== null) return c.json({ data: await settleOnBranch(c, id, branchId, verdict) });
    const { actor, article, resource } = await loaded(c, id);
    if (layer !== MAIN_LAYER) throw new NotFound("No such layer");
    authorize(actor, "changes.settle", resource);
    assertSettleable(article);
    const result = await changesReviewer(c.get("db"), { context: commandContext(c, actor), article, uuids: c.req.valid("json").uuids, verdict, env: c.env });
    const ended = result.ended.map((row) => row.id);
    return c.json({
      data:
        verdict === "accept"
          ? { accepted: result.settled, not_found: result.notFound, merged_suggestion_ids: ended, status: result.status }
          : { rejected: result.settled, not_found: result.notFound, rejected_suggestion_ids: ended, status: result.status },
    });
  };

/**
 * Suggestions and tracked changes: `GET /articles/:id/suggestions` (readers, behind the
 * document's read check and password, like its comments); `POST /suggestions/:id/merge` and
 * `/reject` (editors) and `/withdraw` (its author); `POST /articles/:id/layers/main/changes/
 * bulk_accept` and `bulk_reject` settle tracked changes by uuid (editors). Commenters open suggestions by
 * suggesting in the editor: their saved tracked changes are read by `suggestionSyncer`.
 * `POST /articles/:id/ai_revisions` asks the content engine for a rewrite in the brand voice,
 * which arrives as an AI-revision suggestion.
 */
export const suggestionsApi = createApp()
  .get("/articles/:id/suggestions", requireSession, validate("param", articleRefParam), validate("query", listSuggestionsQuery), async (c) => {
    const doc = await loaded(c, c.req.valid("param").id);
    authorize(doc.actor, "suggestions.read", doc.resource);
    const rows = await suggestionsOf(c.get("db"), doc.article.id, c.req.valid("query").state);
    return c.json({ data: await suggestionsJson(c, rows, doc) });
  })

  .get("/suggestions/:id", requireSession, validate("param", idParam), async (c) => {
    const doc = await loadSuggestion(c, c.req.valid("param").id);
    const [data] = await suggestionsJson(c, [doc.suggestion], doc);
    return c.json({ data });
  })

  .post("/suggestions/:id/merge", requireSession, validate("param", idParam), settle("merge"))
  .post("/suggestions/:id/reject", requireSession, validate("param", idParam), settle("reject"))
  .post("/suggestions/:id/withdraw", requireSession, validate("param", idParam), settle("withdraw"))

  // The content engine rewrites words in the brand voice; the rewrite arrives as an AI-revision suggestion.
  .post("/articles/:id/ai_revisions", requireSession, validate("param", articleRefParam), validate("json", aiRevisionSchema), async (c) => {
    const doc = await loaded(c, c.req.valid("param").id);
    authorize(doc.actor, "ai_revisions.create", doc.resource);
    assertSettleable(doc.article);
    if (doc.article.kind !== "document") throw new Unprocessable("Templates take no suggestions", { id: ["is a template"] });
    const context = commandContext(c, doc.actor);
    // The AI rewrites here: a workspace out of generations this month waits or upgrades.
    await authorizeWithinPlanOf(c.get("db"), c.env, doc.actor, "generations", 1);
    try {
      const created = await aiRevisionCreator(c.get("db"), { context, article: doc.article, input: c.req.valid("json"), provider: chooseProvider(c.env), env: c.env });
      const [data] = await suggestionsJson(c, [created], { ...doc, article: (await findArticle(c, doc.article.id)) ?? doc.article });
      return c.json({ data }, 201);
    } catch (error) {
      if (error instanceof ProviderError) throw new HttpError(error.retryable ? 503 : 502, `The AI writer could not rewrite it: ${error.message}`, "ai_provider_error");
      throw error;
    }
  })

  .post("/articles/:id/layers/:layer/changes/bulk_accept", requireSession, validate("param", layerParam), validate("json", bulkChangesSchema), review("accept"))
  .post("/articles/:id/layers/:layer/changes/bulk_reject", requireSession, validate("param", layerParam), validate("json", bulkChangesSchema), review("reject"));
