import { sql } from "drizzle-orm";
import type { Context } from "hono";
import {
  articleListOut,
  articleOut,
  articleRefParam,
  articleWrittenOut,
  createArticleSchema,
  deletedOut,
  deleteQuery,
  duplicateArticleSchema,
  listArticlesQuery,
  moveArticleSchema,
  transferOwnershipSchema,
  updateArticleSchema,
} from "../../core/contracts/articles";
import { workspaceParam } from "../../core/contracts/common";
import * as z from "zod";
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
import { describeRoute } from "hono-openapi";
import { optionalSession, requireSession } from "../middleware/session";
import { activeMembership, requireWorkspace } from "../middleware/workspace";
import { authorize, type Actor } from "../policies";
import { presentArticle, presentArticleSummary } from "../presenters/articles";
import { fullName } from "../presenters/users";
import { viewerFor } from "../services/access";
import { articleBody } from "../services/article-bodies";
import { ARTICLE_KEYSETS, ARTICLE_ORDERS, articleKeyOf, pageOfArticles, peopleOf } from "../services/article-lists";
import { pagedList } from "../lib/list-page";
import { publicRoute } from "../openapi/public-route";
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
  .post(
    "/w/:ws/articles",
    publicRoute({
      scope: "write",
      tag: "Documents",
      summary: "Create a document",
      description:
        "Creates a document (or, with `kind: template`, a template) at the top level or in a folder the caller may edit. Send its content as `markdown` (simplest) or as the editor's JSON `body`, or start from a `template_id`. It is shared with the workspace unless `private` is true; a document a workspace key creates is owned by the key.",
      response: articleWrittenOut,
      status: 201,
      errors: [404],
      example: { params: { ws: "$workspace" }, body: { article: { title: "Spring menu launch", markdown: "# Spring menu\n\nThree new dishes from **April 1**." } } },
    }),
    requireWorkspace,
    validate("param", workspaceParam),
    validate("json", createArticleSchema),
    async (c) => {
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
    },
  )

  .get(
    "/w/:ws/articles",
    publicRoute({
      scope: "read",
      tag: "Documents",
      summary: "List documents",
      description:
        "The documents (or templates) the caller may read, live or archived, in the whole workspace or one folder (`folder_id`, or `root` for the top level), in `sort` order (the archive: most recently archived first). Bodies are left out; documents behind a password show their title only.",
      response: articleListOut,
      example: { params: { ws: "$workspace" }, query: { limit: "20", sort: "last_modified_desc" } },
    }),
    requireWorkspace,
    validate("param", workspaceParam),
    validate("query", listArticlesQuery),
    async (c) => {
    const actor = c.get("actor");
    authorize(actor, "content.list");
    const query = c.req.valid("query");
    const conditions = [
      query.archived ? sql`a.archived_at IS NOT NULL` : sql`a.archived_at IS NULL`,
      sql`a.kind = ${query.kind ?? "document"}`,
    ];
    if (query.folder_id === "root") conditions.push(sql`a.folder_id IS NULL`);
    else if (query.folder_id) conditions.push(sql`a.folder_id = ${query.folder_id}`);
    const order = query.archived && !query.sort ? "archived" : (query.sort ?? "name_asc");
    const keyset = ARTICLE_KEYSETS[order];
    const { rows, meta } = await pagedList(query, { tag: `articles:${order}`, keyset, keyOf: articleKeyOf(keyset) }, async (window) => {
      const page = await pageOfArticles(c.get("db"), viewerFor(actor), { where: sql.join(conditions, sql` AND `), orderBy: ARTICLE_ORDERS[order], ...window });
      return { rows: page.items, total: page.total };
    });
    return c.json({ data: rows.map((item) => presentArticleSummary(item.article, item.level, item)), meta });
    },
  )

  .get(
    "/articles/:id",
    publicRoute({
      scope: "read",
      tag: "Documents",
      summary: "Get a document",
      description: "A document with its body (the editor's JSON; `GET /articles/{id}/markdown` gives it as Markdown). A document behind a password needs it in `X-Article-Password`.",
      response: z.object({ data: articleOut }),
      errors: [404],
      example: { params: { id: "$article" } },
    }),
    optionalSession,
    validate("param", articleRefParam),
    async (c) => {
    const { actor, article, level, resource, people } = await loaded(c, c.req.valid("param").id);
    authorize(actor, "articles.read", resource);
    return c.json({ data: presentArticle(actor, article, level, people) });
    },
  )

  .get(
    "/articles/:id/markdown",
    publicRoute({
      scope: "read",
      tag: "Documents",
      summary: "Export a document as Markdown",
      description: "The document's title and body as a Markdown file (`text/markdown`, sent as an attachment).",
      response: null,
      errors: [404],
      example: { params: { id: "$article" } },
    }),
    // The answer is Markdown, not JSON: this replaces publicRoute's empty 200 (later specs win).
    describeRoute({
      responses: { 200: { description: "The document as Markdown: its title as a heading, then its body", content: { "text/markdown": { schema: { type: "string" } } } } },
    }),
    optionalSession,
    validate("param", articleRefParam),
    async (c) => {
    const { actor, article, resource } = await loaded(c, c.req.valid("param").id);
    authorize(actor, "articles.read", resource);
    const markdown = `# ${article.title}\n\n${documentToMarkdown(article.body)}`;
    return c.body(markdown, 200, {
      "Content-Type": "text/markdown; charset=utf-8",
      "Content-Disposition": `attachment; filename="${articleSlug(article.title, article.id)}.md"`,
      "Cache-Control": "private, no-store",
    });
    },
  )

  .get("/articles/:id/pdf", optionalSession, validate("param", articleRefParam), async (c) => {
    const { actor, article, resource, people } = await loaded(c, c.req.valid("param").id);
    authorize(actor, "articles.read", resource);
    return pdfResponse(c.env.ASSETS, article, people.owner);
  })

  .put(
    "/articles/:id",
    publicRoute({
      scope: "write",
      tag: "Documents",
      summary: "Update a document",
      description:
        "Changes any of its title, content (`markdown` or the editor's JSON `body`: either replaces the whole body), status and public-page meta. Setting a `password` needs the admin scope.",
      response: articleWrittenOut,
      errors: [404],
      example: { params: { id: "$article" }, body: { article: { title: "Spring menu launch (final)", markdown: "# Spring menu\n\nFour new dishes from **April 1**." } } },
    }),
    requireSession,
    validate("param", articleRefParam),
    validate("json", updateArticleSchema),
    async (c) => {
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
    },
  )

  .put(
    "/articles/:id/move",
    publicRoute({
      scope: "write",
      tag: "Documents",
      summary: "Move a document",
      description: "Into a folder the caller may edit, or to the top level with `folder_id: null`.",
      response: z.object({ data: articleOut }),
      errors: [404],
      example: { params: { id: "$article" }, body: { folder_id: "$folder" } },
    }),
    requireSession,
    validate("param", articleRefParam),
    validate("json", moveArticleSchema),
    async (c) => {
    const db = c.get("db");
    const { actor, article, level, resource } = await loaded(c, c.req.valid("param").id);
    authorize(actor, "articles.update", resource);
    const target = await loadParentFolder(db, actor, c.req.valid("json").folder_id);
    authorize(actor, "articles.create", target?.resource);
    const moved = await articleMover(db, { context: commandContext(c, actor), article, folderId: target?.folder.id ?? null });
    return c.json({ data: presentArticle(actor, moved, level, await peopleOf(c.get("db"), moved)) });
    },
  )

  .post(
    "/articles/:id/duplicate",
    publicRoute({
      scope: "write",
      tag: "Documents",
      summary: "Duplicate a document",
      description: "A copy of its title and body, owned by the caller, in the same folder unless `folder_id` names another (null: the top level).",
      response: z.object({ data: articleOut }),
      status: 201,
      errors: [404],
      example: { params: { id: "$article" }, body: { title: "Spring menu launch (copy)" } },
    }),
    requireSession,
    validate("param", articleRefParam),
    validate("json", duplicateArticleSchema),
    async (c) => {
    const db = c.get("db");
    const { actor, article, resource } = await loaded(c, c.req.valid("param").id);
    authorize(actor, "articles.duplicate", resource);
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
    },
  )

  .put(
    "/articles/:id/archive",
    publicRoute({
      scope: "write",
      tag: "Documents",
      summary: "Archive a document",
      description: "Moves it to the archive (listed with `archived=true`); restore brings it back.",
      response: z.object({ data: articleOut }),
      errors: [404],
      example: { params: { id: "$article" } },
    }),
    requireSession,
    validate("param", articleRefParam),
    async (c) => {
    const { actor, article, level, resource } = await loaded(c, c.req.valid("param").id);
    authorize(actor, "articles.archive", resource);
    const archived = await articleArchiver(c.get("db"), { context: commandContext(c, actor), article, archived: true });
    return c.json({ data: presentArticle(actor, archived, level) });
    },
  )

  .put(
    "/articles/:id/restore",
    publicRoute({
      scope: "write",
      tag: "Documents",
      summary: "Restore a document",
      description: "Brings an archived document back where it was.",
      response: z.object({ data: articleOut }),
      errors: [404],
      example: { params: { id: "$article" } },
    }),
    requireSession,
    validate("param", articleRefParam),
    async (c) => {
    const { actor, article, level, resource } = await loaded(c, c.req.valid("param").id);
    authorize(actor, "articles.archive", resource);
    const restored = await articleArchiver(c.get("db"), { context: commandContext(c, actor), article, archived: false });
    return c.json({ data: presentArticle(actor, restored, level) });
    },
  )

  // DELETE archives, like the spec's client expects; `?permanent=true` deletes an archived document for good.
  .delete(
    "/articles/:id",
    publicRoute({
      scope: "write",
      tag: "Documents",
      summary: "Delete a document",
      description:
        "Archives the document (answering it, as archive does). With `permanent=true` it deletes an archived document for good (answering `{ id, deleted: true }`): that needs the document's owner or an admin.",
      response: z.object({ data: z.union([articleOut, deletedOut]) }),
      errors: [404],
      example: { params: { id: "$article" } },
    }),
    requireSession,
    validate("param", articleRefParam),
    validate("query", deleteQuery),
    async (c) => {
    const db = c.get("db");
    const { actor, article, level, resource } = await loaded(c, c.req.valid("param").id);
    if (c.req.valid("query").permanent) {
      authorize(actor, "articles.delete", resource);
      if (!article.archivedAt) throw new Invalid("Archive the document before deleting it forever", { permanent: ["needs an archived document"] });
      await articleDeleter(db, { context: commandContext(c, actor), article });
      return c.json({ data: { id: article.id, deleted: true } });
    }
    authorize(actor, "articles.archive", resource);
    const archived = await articleArchiver(db, { context: commandContext(c, actor), article, archived: true });
    return c.json({ data: presentArticle(actor, archived, level) });
    },
  )

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
