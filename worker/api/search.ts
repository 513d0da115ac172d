import { createMiddleware } from "hono/factory";
import { workspaceParam } from "../../core/contracts/common";
import { searchKeyQuery, searchQuery, searchResultsOut, type SearchHitOut } from "../../core/contracts/search";
import { publicRoute } from "../openapi/public-route";
import { pagedList } from "../lib/list-page";
import { issueSearchKey, userForSearchKey } from "../auth/search-keys";
import { createApp, type AppEnv } from "../lib/create-app";
import { Invalid } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireSession } from "../middleware/session";
import { parseWorkspaceId, requireWorkspace, resolveActor } from "../middleware/workspace";
import { authorize } from "../policies";
import { presentArticleSummary } from "../presenters/articles";
import { viewerFor } from "../services/access";
import { searchArticles, SEARCH_KEYSET, searchKeyOf } from "../services/search";

/**
 * A session, or a search key (`?key=` or `X-Search-Key`) for this very workspace. A key
 * only ever reaches this route: it is not a session anywhere else.
 */
const sessionOrSearchKey = createMiddleware<AppEnv>(async (c, next) => {
  const key = c.req.query("key") || c.req.header("X-Search-Key");
  if (!key) return requireWorkspace(c, next);
  const workspaceId = parseWorkspaceId(c.req.param("ws"));
  if (workspaceId === null) throw new Invalid("Workspace id must be a number", { ws: ["must be a number"] });
  const db = c.get("db");
  const user = await userForSearchKey(db, c.env, key, workspaceId);
  // Membership is checked now, not when the key was issued: leaving the workspace ends it.
  const { actor, workspace } = await resolveActor(db, { user }, workspaceId, undefined);
  c.set("actor", actor);
  c.set("workspace", workspace);
  await next();
});

/** Full-text search: /v1/w/:ws/search and the search key under /v1/users. */
export const searchApi = createApp()
  .get(
    "/w/:ws/search",
    publicRoute({
      scope: "read",
      tag: "Search",
      summary: "Search documents",
      description:
        "Full-text search over the titles and text of the documents (or templates) the caller may read, best match first; every word must match, the last as a prefix. A document behind a password is found by its title only. Pages by `cursor`/`limit` (a page's ranks are the index's at that moment, so a document changed between pages may move) or by `page`/`per_page` (20 a page).",
      response: searchResultsOut,
      example: { params: { ws: "$workspace" }, query: { q: "spring", limit: "10" } },
    }),
    sessionOrSearchKey,
    validate("param", workspaceParam),
    validate("query", searchQuery),
    async (c) => {
    const actor = c.get("actor");
    authorize(actor, "content.list");
    const query = c.req.valid("query");
    const { rows, meta } = await pagedList(query, { tag: "search", keyset: SEARCH_KEYSET, keyOf: searchKeyOf }, async (window) => {
      const { hits, total } = await searchArticles(c.get("db"), viewerFor(actor), { query: query.q, kind: query.kind, folderId: query.folder_id, ...window });
      return { rows: hits, total };
    });
    return c.json({
      data: rows.map((hit): SearchHitOut => ({
        ...presentArticleSummary(hit.article, hit.level, hit),
        title_html: hit.titleHtml,
        snippet_html: hit.snippetHtml,
        rank: hit.rank,
      })),
      meta: { ...meta, query: query.q },
    });
    },
  )

  .get("/users/search_key", requireSession, validate("query", searchKeyQuery), async (c) => {
    const session = c.get("session");
    let actor = c.get("actor");
    const asked = c.req.valid("query").workspace_id;
    if (asked !== undefined && asked !== actor?.workspaceId) {
      actor = (await resolveActor(c.get("db"), session, asked, c.req.header("x-superadmin-workspace-id"))).actor;
    }
    if (!actor) throw new Invalid("Name the workspace with X-Workspace-Id or workspace_id", { workspace_id: ["is required"] });
    authorize(actor, "content.list");
    const { token, expiresAt } = await issueSearchKey(c.env, session, actor.workspaceId);
    c.header("Cache-Control", "no-store");
    return c.json({ data: { key: token, expires_at: expiresAt.toISOString(), workspace_id: actor.workspaceId } });
  });
