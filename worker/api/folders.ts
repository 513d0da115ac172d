import { sql } from "drizzle-orm";
import type { Context } from "hono";
import { workspaceParam } from "../../core/contracts/common";
import {
  createFolderSchema,
  folderContentsQuery,
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
import { ARTICLE_ORDERS, pageOfArticles } from "../services/article-lists";
import { folderIdByKey, loadFolder, loadParentFolder } from "../services/documents";
import { folderAncestors, listFolders, subfoldersOf } from "../services/folders";
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
  .post("/w/:ws/folders", requireWorkspace, validate("param", workspaceParam), validate("json", createFolderSchema), async (c) => {
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
  })

  .get("/w/:ws/folders", requireWorkspace, validate("param", workspaceParam), validate("query", listFoldersQuery), async (c) => {
    const actor = c.get("actor");
    authorize(actor, "content.list");
    const rows = await listFolders(c.get("db"), viewerFor(actor), { archived: c.req.valid("query").archived });
    return c.json({ data: rows.map((row) => presentFolder(row.folder, row.level, row.counts)) });
  })

  .get("/folders/:ref", requireSession, validate("param", folderRefParam), async (c) => {
    const { actor, folder, level } = await loaded(c, c.req.valid("param").ref);
    return c.json({ data: presentFolderDetail(actor, folder, level, { ancestors: await folderAncestors(c.get("db"), folder.parentId) }) });
  })

  // Everything one folder screen shows: subfolders and the documents, in the chosen order.
  .get("/folders/:ref/contents", requireSession, validate("param", folderRefParam), validate("query", folderContentsQuery), async (c) => {
    const db = c.get("db");
    const { actor, folder } = await loaded(c, c.req.valid("param").ref);
    const sort = c.req.valid("query").sort ?? folder.settings.sort ?? "name_asc";
    const viewer = viewerFor(actor);
    const [subfolders, page] = await Promise.all([
      subfoldersOf(db, viewer, folder.id, sort),
      pageOfArticles(db, viewer, {
        where: sql`a.archived_at IS NULL AND a.kind = 'document' AND a.folder_id = ${folder.id}`,
        orderBy: ARTICLE_ORDERS[sort],
        limit: CONTENTS_LIMIT,
      }),
    ]);
    return c.json({
      data: {
        sort,
        folders: subfolders.map((row) => presentFolder(row.folder, row.level, row.counts)),
        articles: page.items.map((item) => presentArticleSummary(item.article, item.level, item)),
        total_articles: page.total,
      },
    });
  })

  .put("/folders/:ref", requireSession, validate("param", folderRefParam), validate("json", updateFolderSchema), async (c) => {
    const db = c.get("db");
    const { actor, folder, level, resource } = await loaded(c, c.req.valid("param").ref);
    const input = c.req.valid("json").folder;
    authorize(actor, "folders.update", resource);
    if (input.password !== undefined) authorize(actor, "folders.protect", resource);
    if (input.settings) await assertFolderSettings(db, folder.id, input.settings);
    const updated = await folderUpdater(db, { context: commandContext(c, actor), folder, changes: input });
    return c.json({ data: presentFolderDetail(actor, updated, level, { ancestors: await folderAncestors(db, updated.parentId) }) });
  })

  .put("/folders/:ref/move", requireSession, validate("param", folderRefParam), validate("json", moveFolderSchema), async (c) => {
    const db = c.get("db");
    const { actor, folder, level, resource } = await loaded(c, c.req.valid("param").ref);
    authorize(actor, "folders.update", resource);
    const target = await loadParentFolder(db, actor, c.req.valid("json").parent_id);
    authorize(actor, "folders.create", target?.resource);
    const moved = await folderMover(db, { context: commandContext(c, actor), folder, parentId: target?.folder.id ?? null });
    return c.json({ data: presentFolderDetail(actor, moved, level, { ancestors: await folderAncestors(db, moved.parentId) }) });
  })

  .put("/folders/:ref/archive", requireSession, validate("param", folderRefParam), async (c) => {
    const { actor, folder, level, resource } = await loaded(c, c.req.valid("param").ref);
    authorize(actor, "folders.update", resource);
    const archived = await folderArchiver(c.get("db"), { context: commandContext(c, actor), folder, archived: true });
    return c.json({ data: presentFolder(archived, level) });
  })

  .put("/folders/:ref/restore", requireSession, validate("param", folderRefParam), async (c) => {
    const { actor, folder, level, resource } = await loaded(c, c.req.valid("param").ref);
    authorize(actor, "folders.update", resource);
    const restored = await folderArchiver(c.get("db"), { context: commandContext(c, actor), folder, archived: false });
    return c.json({ data: presentFolder(restored, level) });
  })

  // DELETE archives; `?permanent=true` deletes an archived folder and everything in it for good.
  .delete("/folders/:ref", requireSession, validate("param", folderRefParam), async (c) => {
    const db = c.get("db");
    const { actor, folder, level, resource } = await loaded(c, c.req.valid("param").ref);
    if (c.req.query("permanent") === "true") {
      authorize(actor, "folders.delete", resource);
      if (!folder.archivedAt) throw new Invalid("Archive the folder before deleting it forever", { permanent: ["needs an archived folder"] });
      await folderDeleter(db, { context: commandContext(c, actor), folder });
      return c.json({ data: { id: folder.id, deleted: true } });
    }
    authorize(actor, "folders.update", resource);
    const archived = await folderArchiver(db, { context: commandContext(c, actor), folder, archived: true });
    return c.json({ data: presentFolder(archived, level) });
  });
