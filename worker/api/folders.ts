import { sql } from "drizzle-orm";
import type { Context } from "hono";
import { workspaceParam } from "../../core/contracts/common";
import { deletedOut, deleteQuery } from "../../core/contracts/articles";
import { DEFAULT_PER_PAGE } from "../../core/contracts/pagination";
import {
  createFolderSchema,
  folderContentsOut,
  folderContentsQuery,
  folderDetailOut,
  folderListOut,
  folderOut,
  folderRefParam,
  listFoldersQuery,
  moveFolderSchema,
  updateFolderSchema,
} from "../../core/contracts/folders";
import { folderArchiver, folderCreator, folderDeleter, folderMover, folderUpdater } from "../commands/folderCommands";
import { createApp, type AppEnv } from "../lib/create-app";
import { Invalid } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireSession } from "../middleware/session";
import { requireWorkspace } from "../middleware/workspace";
import { authorize } from "../policies";
import { presentArticleSummary } from "../presenters/articles";
import { presentFolder, presentFolderDetail } from "../presenters/folders";
import { viewerFor } from "../services/access";
import { ARTICLE_KEYSETS, ARTICLE_ORDERS, articleKeyOf, pageOfArticles } from "../services/article-lists";
import { pagedList, wholeList } from "../lib/list-page";
import { afterKey, cursorPage, decodeCursor, pagesByCursor } from "../lib/cursor";
import { publicRoute } from "../openapi/public-route";
import * as z from "zod";
import { folderIdByKey, loadFolder, loadParentFolder } from "../services/documents";
import { FOLDER_KEYSET, folderAncestors, folderKeyOf, listFolders, pageOfFolders, subfoldersOf } from "../services/folders";
import { assertFolderSettings } from "../services/properties";
import { commandContext, requestFacts } from "./articles";

async function loaded(c: Context<AppEnv>, ref: { id: number } | { key: string }) {
  const db = c.get("db");
  const id = "id" in ref ? ref.id : await folderIdByKey(db, ref.key);
  return loadFolder(db, requestFacts(c), id);
}

/** Most documents one folder screen loads; views page beyond it. */
const CONTENTS_LIMIT = 500;

/**
 * Folders: /v1/w/:ws/folders (create, the tree) and /v1/folders/:ref (an id or a slug
 * ending in the folder key). Access on a folder flows to everything inside it.
 */
export const foldersApi = createApp()
  .post(
    "/w/:ws/folders",
    publicRoute({
      scope: "write",
      tag: "Folders",
      summary: "Create a folder",
      description: "At the top level, or inside a folder the caller may edit (`parent_id`). A top-level folder is shared with the workspace unless `private` is true.",
      response: z.object({ data: folderDetailOut }),
      status: 201,
      errors: [404],
      example: { params: { ws: "$workspace" }, body: { folder: { name: "Spring campaign", description: "Everything for the April launch" } } },
    }),
    requireWorkspace,
    validate("param", workspaceParam),
    validate("json", createFolderSchema),
    async (c) => {
    const db = c.get("db");
    const actor = c.get("actor");
    const input = c.req.valid("json").folder;
    const parent = await loadParentFolder(db, actor, input.parent_id);
    authorize(actor, "folders.create", parent?.resource);
    const folder = await folderCreator(db, {
      context: commandContext(c, actor),
      input: { name: input.name, description: input.description, icon: input.icon, parentId: parent?.folder.id ?? null, isPrivate: input.private },
    });
    return c.json({ data: presentFolderDetail(actor, folder, "owner", { ancestors: parent ? await folderAncestors(db, parent.folder.id) : [] }) }, 201);
    },
  )

  .get(
    "/w/:ws/folders",
    publicRoute({
      scope: "read",
      tag: "Folders",
      summary: "List folders",
      description:
        "Every folder the caller may open, live or archived, by name (build the tree from `parent_id`). Without `limit` or `cursor` all come at once; with them, a page at a time.",
      response: folderListOut,
      example: { params: { ws: "$workspace" }, query: { limit: "20" } },
    }),
    requireWorkspace,
    validate("param", workspaceParam),
    validate("query", listFoldersQuery),
    async (c) => {
    const actor = c.get("actor");
    authorize(actor, "content.list");
    const db = c.get("db");
    const query = c.req.valid("query");
    const viewer = viewerFor(actor);
    if (!pagesByCursor(query)) {
      // The sidebar's tree: every folder in one answer, as before cursors.
      const { rows, meta } = wholeList(await listFolders(db, viewer, { archived: query.archived }));
      return c.json({ data: rows.map((row) => presentFolder(row.folder, row.level, row.counts)), meta });
    }
    const { rows, meta } = await pagedList(
      { ...query, page: 1, per_page: DEFAULT_PER_PAGE },
      { tag: "folders:name_asc", keyset: FOLDER_KEYSET, keyOf: folderKeyOf },
      (window) => pageOfFolders(db, viewer, { archived: query.archived }, window),
    );
    return c.json({ data: rows.map((row) => presentFolder(row.folder, row.level, row.counts)), meta });
    },
  )

  .get(
    "/folders/:ref",
    publicRoute({
      scope: "read",
      tag: "Folders",
      summary: "Get a folder",
      description: "By id, or by slug (which ends with the folder's key). A folder behind a password needs it in `X-Article-Password`.",
      response: z.object({ data: folderDetailOut }),
      errors: [404],
      example: { params: { ref: "$folder" } },
    }),
    requireSession,
    validate("param", folderRefParam),
    async (c) => {
    const { actor, folder, level } = await loaded(c, c.req.valid("param").ref);
    return c.json({ data: presentFolderDetail(actor, folder, level, { ancestors: await folderAncestors(c.get("db"), folder.parentId) }) });
    },
  )

  // Everything one folder screen shows: subfolders and the documents, in the chosen order.
  .get(
    "/folders/:ref/contents",
    publicRoute({
      scope: "read",
      tag: "Folders",
      summary: "List a folder's contents",
      description:
        "Its subfolders (all of them) and its live documents, in `sort` order (the folder's own unless given). Without `limit` or `cursor`, the first 500 documents; with them, a page of documents at a time, `meta.next_cursor` naming the next.",
      response: folderContentsOut,
      errors: [404],
      example: { params: { ref: "$folder" }, query: { limit: "20" } },
    }),
    requireSession,
    validate("param", folderRefParam),
    validate("query", folderContentsQuery),
    async (c) => {
    const db = c.get("db");
    const { actor, folder } = await loaded(c, c.req.valid("param").ref);
    const query = c.req.valid("query");
    const sort = query.sort ?? folder.settings.sort ?? "name_asc";
    const viewer = viewerFor(actor);
    const keyset = ARTICLE_KEYSETS[sort];
    const tag = `folder_contents:${sort}`;
    const paged = pagesByCursor(query);
    const values = query.cursor ? decodeCursor(tag, query.cursor, keyset.length) : null;
    const size = paged ? (query.limit ?? DEFAULT_PER_PAGE) : CONTENTS_LIMIT;
    const [subfolders, page] = await Promise.all([
      subfoldersOf(db, viewer, folder.id, sort),
      pageOfArticles(db, viewer, {
        where: sql`a.archived_at IS NULL AND a.kind = 'document' AND a.folder_id = ${folder.id}`,
        orderBy: ARTICLE_ORDERS[sort],
        limit: size + 1,
        after: values ? afterKey(keyset, values) : undefined,
      }),
    ]);
    const { rows, nextCursor } = cursorPage(tag, page.items, { limit: size, per_page: size }, articleKeyOf(keyset));
    return c.json({
      data: {
        sort,
        folders: subfolders.map((row) => presentFolder(row.folder, row.level, row.counts)),
        articles: rows.map((item) => presentArticleSummary(item.article, item.level, item)),
        total_articles: page.total,
      },
      meta: { next_cursor: nextCursor },
    });
    },
  )

  .put(
    "/folders/:ref",
    publicRoute({
      scope: "write",
      tag: "Folders",
      summary: "Update a folder",
      description: "Its name, description, icon or view settings. Setting a `password` needs the admin scope.",
      response: z.object({ data: folderDetailOut }),
      errors: [404],
      example: { params: { ref: "$folder" }, body: { folder: { name: "Spring campaign 2026" } } },
    }),
    requireSession,
    validate("param", folderRefParam),
    validate("json", updateFolderSchema),
    async (c) => {
    const db = c.get("db");
    const { actor, folder, level, resource } = await loaded(c, c.req.valid("param").ref);
    const input = c.req.valid("json").folder;
    authorize(actor, "folders.update", resource);
    if (input.password !== undefined) authorize(actor, "folders.protect", resource);
    if (input.settings) await assertFolderSettings(db, folder.id, input.settings);
    const updated = await folderUpdater(db, { context: commandContext(c, actor), folder, changes: input });
    return c.json({ data: presentFolderDetail(actor, updated, level, { ancestors: await folderAncestors(db, updated.parentId) }) });
    },
  )

  .put(
    "/folders/:ref/move",
    publicRoute({
      scope: "write",
      tag: "Folders",
      summary: "Move a folder",
      description: "Into another folder the caller may edit, or to the top level with `parent_id: null`; never into itself or below it.",
      response: z.object({ data: folderDetailOut }),
      errors: [404],
      example: { params: { ref: "$folder" }, body: { parent_id: null } },
    }),
    requireSession,
    validate("param", folderRefParam),
    validate("json", moveFolderSchema),
    async (c) => {
    const db = c.get("db");
    const { actor, folder, level, resource } = await loaded(c, c.req.valid("param").ref);
    authorize(actor, "folders.update", resource);
    const target = await loadParentFolder(db, actor, c.req.valid("json").parent_id);
    authorize(actor, "folders.create", target?.resource);
    const moved = await folderMover(db, { context: commandContext(c, actor), folder, parentId: target?.folder.id ?? null });
    return c.json({ data: presentFolderDetail(actor, moved, level, { ancestors: await folderAncestors(db, moved.parentId) }) });
    },
  )

  .put(
    "/folders/:ref/archive",
    publicRoute({
      scope: "write",
      tag: "Folders",
      summary: "Archive a folder",
      description: "Moves the folder, and everything in it, to the archive; restore brings it back.",
      response: z.object({ data: folderOut }),
      errors: [404],
      example: { params: { ref: "$folder" } },
    }),
    requireSession,
    validate("param", folderRefParam),
    async (c) => {
    const { actor, folder, level, resource } = await loaded(c, c.req.valid("param").ref);
    authorize(actor, "folders.update", resource);
    const archived = await folderArchiver(c.get("db"), { context: commandContext(c, actor), folder, archived: true });
    return c.json({ data: presentFolder(archived, level) });
    },
  )

  .put(
    "/folders/:ref/restore",
    publicRoute({
      scope: "write",
      tag: "Folders",
      summary: "Restore a folder",
      description: "Brings an archived folder back where it was.",
      response: z.object({ data: folderOut }),
      errors: [404],
      example: { params: { ref: "$folder" } },
    }),
    requireSession,
    validate("param", folderRefParam),
    async (c) => {
    const { actor, folder, level, resource } = await loaded(c, c.req.valid("param").ref);
    authorize(actor, "folders.update", resource);
    const restored = await folderArchiver(c.get("db"), { context: commandContext(c, actor), folder, archived: false });
    return c.json({ data: presentFolder(restored, level) });
    },
  )

  // DELETE archives; `?permanent=true` deletes an archived folder and everything in it for good.
  .delete(
    "/folders/:ref",
    publicRoute({
      scope: "write",
      tag: "Folders",
      summary: "Delete a folder",
      description:
        "Archives the folder (answering it, as archive does). With `permanent=true` it deletes an archived folder and everything in it for good (answering `{ id, deleted: true }`): that needs the folder's owner or an admin.",
      response: z.object({ data: z.union([folderOut, deletedOut]) }),
      errors: [404],
      example: { params: { ref: "$folder" } },
    }),
    requireSession,
    validate("param", folderRefParam),
    validate("query", deleteQuery),
    async (c) => {
    const db = c.get("db");
    const { actor, folder, level, resource } = await loaded(c, c.req.valid("param").ref);
    if (c.req.valid("query").permanent) {
      authorize(actor, "folders.delete", resource);
      if (!folder.archivedAt) throw new Invalid("Archive the folder before deleting it forever", { permanent: ["needs an archived folder"] });
      await folderDeleter(db, { context: commandContext(c, actor), folder });
      return c.json({ data: { id: folder.id, deleted: true } });
    }
    authorize(actor, "folders.update", resource);
    const archived = await folderArchiver(db, { context: commandContext(c, actor), folder, archived: true });
    return c.json({ data: presentFolder(archived, level) });
    },
  );
