import { eq, sql } from "drizzle-orm";
import { workspaceParam } from "../../core/contracts/common";
import { copiesSchema, MAX_COPIES } from "../../core/contracts/home";
import { articleCopier } from "../commands/articleCopier";
import { users } from "../db/schema";
import { createApp } from "../lib/create-app";
import { NotFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireWorkspace, resolveActor } from "../middleware/workspace";
import { authorize } from "../policies";
import { presentArticleSummary } from "../presenters/articles";
import { viewerFor } from "../services/access";
import { pageOfArticles } from "../services/article-lists";
import { loadArticle } from "../services/documents";
import { commandContext, requestFacts } from "./articles";

/**
 * POST /v1/w/:ws/copies: copies documents of workspace :ws the user may read into
 * `destination_workspace_id`, where they must be a member who may create copies, as new
 * top-level documents they own. All or nothing: one unknown, foreign or unreadable id
 * answers 404 and nothing is written. Password-protected documents need their password
 * (X-Article-Password) unless the user owns them.
 */
export const copiesApi = createApp().post(
  "/w/:ws/copies",
  requireWorkspace,
  validate("param", workspaceParam),
  validate("json", copiesSchema),
  async (c) => {
    const db = c.get("db");
    const source = c.get("actor");
    authorize(source, "content.list");
    const input = c.req.valid("json");
    const destination = await resolveActor(db, c.get("session"), input.destination_workspace_id, c.req.header("x-superadmin-workspace-id"));
    authorize(destination.actor, "copies.create");

    const ids = [...new Set(input.article_ids)];
    const page = await pageOfArticles(db, viewerFor(source), {
      where: sql`a.archived_at IS NULL AND a.id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`,
      limit: MAX_COPIES,
    });
    if (page.items.length !== ids.length) throw new NotFound("Some of these documents were not found, or you can't read them");
    // A locked one (behind a password the user does not own) is opened with its password first.
    for (const item of page.items) if (item.locked) await loadArticle(db, requestFacts(c), item.article.id);

    const order = new Map(ids.map((id, index) => [id, index]));
    const sources = page.items.map((item) => item.article).sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    const copies = await articleCopier(db, { context: commandContext(c, destination.actor), sources });
    const [owner] = await db.select().from(users).where(eq(users.id, source.userId));
    return c.json({ data: copies.map((copy) => presentArticleSummary(copy, "owner", { owner, lastEditor: owner })) }, 201);
  },
);
