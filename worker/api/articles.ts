import { sql } from "drizzle-orm";
import type { Context } from "hono";
import {
  articleRefParam,
  createArticleSchema,
  duplicateArticleSchema,
  listArticlesQuery,
  moveArticleSchema,
  transferOwnershipSchema,
  updateArticleSchema,
} from "../../core/contracts/articles";
import { workspaceParam } from "../../core/contracts/common";
import { pageMeta, pageWindow } from "../../core/contracts/pagination";
import { documentToMarkdown } from "../../core/document/markdown";
import { documentToPdf, PDF_FONTS } from "../../core/document/pdf";
import { articleSlug } from "../../core/slug";
import { articleArchiver, articleDeleter } from "../commands/articleArchiver";
import { articleCreator } from "../commands/articleCreator";
import { articleMover } from "../commands/articleMover";
import { articleOwnerTransferrer } from "../commands/articleOwnerTransferrer";
import { articleUpdater } from "../commands/articleUpdater";
import type { CommandContext } from "../commands/events";
import { memberships, type Article, type User } from "../db/schema";
import { createApp, type AppEnv } from "../lib/create-app";
import { Invalid, NotFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { optionalSession, requireSession } from "../middleware/session";
import { activeMembership, requireWorkspace } from "../middleware/workspace";
import { authorize, type Actor } from "../policies";
import { presentArticle, presentArticleSummary } from "../presenters/articles";
import { fullName } from "../presenters/users";
import { viewerFor } from "../services/access";
import { articleBody } from "../services/article-bodies";
import { ARTICLE_ORDERS, pageOfArticles, peopleOf } from "../services/article-lists";
import { publicPagesFor } from "../services/public-cache";
import { roomNoticesFor } from "../services/room-notices";
import { loadArticle, loadParentFolder, type RequestFacts } from "../services/documents";
import { loadStandardFonts } from "../shims/pdf-standard-fonts";

export const requestFacts = (c: Context<AppEnv>): RequestFacts => ({
  session: c.get("session"),
  superAdminHeader: c.req.header("x-superadmin-workspace-id"),
  password: c.req.header("X-Article-Password"),
  ip: c.req.header("CF-Connecting-IP") ?? null,
});

export const commandContext = (c: Context<AppEnv>, actor: Actor): CommandContext => ({
  actor,
  sessionUuid: c.req.header("x-session-uuid") ?? null,
  ip: c.req.header("CF-Connecting-IP") ?? null,
  rooms: roomNoticesFor(c),
  publicPages: publicPagesFor(c),
  inbox: { env: c.env, origin: new URL(c.req.url).origin },
});

/** A document as a downloadable PDF (`/v1/articles/:id/pdf` and the `/docs/:slug/pdf` page). */
export async function pdfResponse(assets: Fetcher, article: Article, owner: User | null) {
  // The fonts' metrics are static assets, not part of the Worker (worker/shims/pdf-standard-fonts.ts).
  await loadStandardFonts(assets, Object.values(PDF_FONTS));
  const bytes = await documentToPdf({
    title: article.title,
    document: article.body,
    author: owner ? fullName(owner) : undefined,
    updatedAt: article.updatedAt,
  });
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${articleSlug(article.title, article.id)}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}

export async function loaded(c: Context<AppEnv>, id: number) {
  return loadArticle(c.get("db"), requestFacts(c), id);
}

/**
 * Documents: /v1/w/:ws/articles (create, list) and /v1/articles/:id (an id or a slug).
 * Reading works without a session for public and anyone-with-the-link documents; every
 * other call needs one. The actor is resolved in the document's own workspace.
 */
export const articlesApi = createApp()
  .post("/w/:ws/articles", requireWorkspace, validate("param", workspaceParam), validate("json", createArticleSchema), async (c) => {
    const db = c.get("db");
    const actor = c.get("actor");
    const input = c.req.valid("json").article;
    const parent = await loadParentFolder(db, actor, input.folder_id);
    authorize(actor, input.kind === "template" ? "templates.manage" : "articles.create", parent?.resource);

    let content = articleBody(input);
    let title = input.title;
    if (input.template_id) {
      const template = await loadArticle(db, requestFacts(c), input.template_id);
      if (template.article.kind !== "template" || template.article.workspaceId !== actor.workspaceId) {
        throw new Invalid("template_id: is not a template of this workspace", { template_id: ["is not a template of this workspace"] });
      }
      content = { body: template.article.body, bodyText: template.article.bodyText, warnings: [] };
      title ??= template.article.title;
    }
    const article = await articleCreator(db, {
      context: commandContext(c, actor),
      input: {
        title: title || "Untitled",
        folderId: parent?.folder.id ?? null,
        content,
        kind: input.kind,
        templateId: input.template_id ?? null,
        isPrivate: input.private,
      },
    });
    return c.json({ data: presentArticle(actor, article, "owner", await peopleOf(c.get("db"), article)), warnings: content.warnings }, 201);
  })

  .get("/w/:ws/articles", requireWorkspace, validate("param", workspaceParam), validate("query", listArticlesQuery), async (c) => {
    const actor = c.get("actor");
    authorize(actor, "content.list");
    const query = c.req.valid("query");
    const conditions = [
      query.archived ? sql`a.archived_at IS NOT NULL` : sql`a.archived_at IS NULL`,
      sql`a.kind = ${query.kind ?? "document"}`,
    ];
    if (query.folder_id === "root") conditions.push(sql`a.folder_id IS NULL`);
    else if (query.folder_id) conditions.push(sql`a.folder_id = ${query.folder_id}`);
    const page = await pageOfArticles(c.get("db"), viewerFor(actor), {
      where: sql.join(conditions, sql` AND `),
      orderBy: query.archived && !query.sort ? sql`a.archived_at DESC` : ARTICLE_ORDERS[query.sort ?? "name_asc"],
      ...pageWindow(query),
    });
    return c.json({
      data: page.items.map((item) => presentArticleSummary(item.article, item.level, item)),
      meta: pageMeta(query, page.total),
    });
  })

  .get("/articles/:id", optionalSession, validate("param", articleRefParam), async (c) => {
    const { actor, article, level, resource, people } = await loaded(c, c.req.valid("param").id);
    authorize(actor, "articles.read", resource);
    return c.json({ data: presentArticle(actor, article, level, people) });
  })

  .get("/articles/:id/markdown", optionalSession, validate("param", articleRefParam), async (c) => {
    const { actor, article, resource } = await loaded(c, c.req.valid("param").id);
    authorize(actor, "articles.read", resource);
    const markdown = `# ${article.title}\n\n${documentToMarkdown(article.body)}`;
    return c.body(markdown, 200, {
      "Content-Type": "text/markdown; charset=utf-8",
      "Content-Disposition": `attachment; filename="${articleSlug(article.title, article.id)}.md"`,
      "Cache-Control": "private, no-store",
    });
  })

  .get("/articles/:id/pdf", optionalSession, validate("param", articleRefParam), async (c) => {
    const { actor, article, resource, people } = await loaded(c, c.req.valid("param").id);
    authorize(actor, "articles.read", resource);
    return pdfResponse(c.env.ASSETS, article, people.owner);
  })

  .put("/articles/:id", requireSession, validate("param", articleRefParam), validate("json", updateArticleSchema), async (c) => {
    const { actor, article, level, resource } = await loaded(c, c.req.valid("param").id);
    const input = c.req.valid("json").article;
    authorize(actor, "articles.update", resource);
    if (input.password !== undefined) authorize(actor, "articles.protect", resource);
    const content = input.body !== undefined || input.markdown !== undefined ? articleBody(input) : undefined;
    const updated = await articleUpdater(c.get("db"), {
      context: commandContext(c, actor),
      article,
      changes: {
        title: input.title,
        content,
        status: input.status,
        password: input.password,
        metaTitle: input.meta_title,
        metaDescription: input.meta_description,
        metaImageUrl: input.meta_image_url,
      },
    });
    return c.json({ data: presentArticle(actor, updated, level, await peopleOf(c.get("db"), updated)), warnings: content?.warnings ?? [] });
  })

  .put("/articles/:id/move", requireSession, validate("param", articleRefParam), validate("json", moveArticleSchema), async (c) => {
    const db = c.get("db");
    const { actor, article, level, resource } = await loaded(c, c.req.valid("param").id);
    authorize(actor, "articles.update", resource);
    const target = await loadParentFolder(db, actor, c.req.valid("json").folder_id);
    authorize(actor, "articles.create", target?.resource);
    const moved = await articleMover(db, { context: commandContext(c, actor), article, folderId: target?.folder.id ?? null });
    return c.json({ data: presentArticle(actor, moved, level, await peopleOf(c.get("db"), moved)) });
  })

  .post("/articles/:id/duplicate", requireSession, validate("param", articleRefParam), validate("json", duplicateArticleSchema), async (c) => {
    const db = c.get("db");
    const { actor, article, resource } = await loaded(c, c.req.valid("param").id);
    authorize(actor, "articles.read", resource);
    const input = c.req.valid("json");
    const target = await loadParentFolder(db, actor, input.folder_id === undefined ? article.folderId : input.folder_id);
    authorize(actor, "articles.create", target?.resource);
    const copy = await articleCreator(db, {
      context: commandContext(c, actor),
      input: {
        title: input.title || `${article.title} (copy)`,
        folderId: target?.folder.id ?? null,
        content: { body: article.body, bodyText: article.bodyText, warnings: [] },
        kind: article.kind,
      },
    });
    return c.json({ data: presentArticle(actor, copy, "owner", await peopleOf(c.get("db"), copy)) }, 201);
  })

  .put("/articles/:id/archive", requireSession, validate("param", articleRefParam), async (c) => {
    const { actor, article, level, resource } = await loaded(c, c.req.valid("param").id);
    authorize(actor, "articles.archive", resource);
    const archived = await articleArchiver(c.get("db"), { context: commandContext(c, actor), article, archived: true });
    return c.json({ data: presentArticle(actor, archived, level) });
  })

  .put("/articles/:id/restore", requireSession, validate("param", articleRefParam), async (c) => {
    const { actor, article, level, resource } = await loaded(c, c.req.valid("param").id);
    authorize(actor, "articles.archive", resource);
    const restored = await articleArchiver(c.get("db"), { context: commandContext(c, actor), article, archived: false });
    return c.json({ data: presentArticle(actor, restored, level) });
  })

  // DELETE archives, like the spec's client expects; `?permanent=true` deletes an archived document for good.
  .delete("/articles/:id", requireSession, validate("param", articleRefParam), async (c) => {
    const db = c.get("db");
    const { actor, article, level, resource } = await loaded(c, c.req.valid("param").id);
    if (c.req.query("permanent") === "true") {
      authorize(actor, "articles.delete", resource);
      if (!article.archivedAt) throw new Invalid("Archive the document before deleting it forever", { permanent: ["needs an archived document"] });
      await articleDeleter(db, { context: commandContext(c, actor), article });
      return c.json({ data: { id: article.id, deleted: true } });
    }
    authorize(actor, "articles.archive", resource);
    const archived = await articleArchiver(db, { context: commandContext(c, actor), article, archived: true });
    return c.json({ data: presentArticle(actor, archived, level) });
  })

  .put(
    "/articles/:id/transfer_ownership",
    requireSession,
    validate("param", articleRefParam),
    validate("json", transferOwnershipSchema),
    async (c) => {
      const db = c.get("db");
      const { actor, article, resource } = await loaded(c, c.req.valid("param").id);
      authorize(actor, "articles.transfer", resource);
      const userId = c.req.valid("json").user_id;
      const [member] = await db
        .select({ id: memberships.userId })
        .from(memberships)
        .where(activeMembership(article.workspaceId, userId));
      if (!member) throw new NotFound("That person is not an active member of this workspace");
      await articleOwnerTransferrer(db, { context: commandContext(c, actor), article, newOwnerId: userId });
      // The actor's level changes with the transfer (a former owner keeps edit access).
      const fresh = await loaded(c, article.id).catch(() => null);
      return c.json({ data: fresh ? presentArticle(fresh.actor, fresh.article, fresh.level, await peopleOf(c.get("db"), fresh.article)) : { id: article.id } });
    },
  );
