import type { Context } from "hono";
import { articleRefParam } from "../../core/contracts/articles";
import { folderRefParam } from "../../core/contracts/folders";
import { favoriteCreator, favoriteDeleter, type FavoriteTarget } from "../commands/favoriteCommands";
import { createApp, type AppEnv } from "../lib/create-app";
import { validate } from "../lib/validate";
import { requireSession } from "../middleware/session";
import { authorize } from "../policies";
import { folderIdByKey, loadArticle, loadFolder } from "../services/documents";
import { commandContext, requestFacts } from "./articles";

/** The document, readable by a member or guest of its workspace (favourites live in a workspace). */
async function readableArticle(c: Context<AppEnv>, id: number) {
  const loaded = await loadArticle(c.get("db"), requestFacts(c), id);
  authorize(loaded.actor, "articles.read", loaded.resource);
  authorize(loaded.actor, "content.list");
  return loaded;
}

async function readableFolder(c: Context<AppEnv>, ref: { id: number } | { key: string }) {
  const db = c.get("db");
  const loaded = await loadFolder(db, requestFacts(c), "id" in ref ? ref.id : await folderIdByKey(db, ref.key));
  authorize(loaded.actor, "folders.read", loaded.resource);
  return loaded;
}

const answer = (target: FavoriteTarget, favorite: boolean) => ({
  data: { article_id: "articleId" in target ? target.articleId : null, folder_id: "folderId" in target ? target.folderId : null, favorite },
});

/**
 * Stars: POST adds the signed-in user's star to a document or folder they may read (201, or
 * 200 when it was already starred); DELETE removes it (200 either way).
 */
export const favoritesApi = createApp()
  .post("/articles/:id/favorite", requireSession, validate("param", articleRefParam), async (c) => {
    const { actor, article } = await readableArticle(c, c.req.valid("param").id);
    const target = { articleId: article.id };
    const { created } = await favoriteCreator(c.get("db"), { context: commandContext(c, actor), target });
    return c.json(answer(target, true), created ? 201 : 200);
  })

  .delete("/articles/:id/favorite", requireSession, validate("param", articleRefParam), async (c) => {
    const { actor, article } = await readableArticle(c, c.req.valid("param").id);
    const target = { articleId: article.id };
    await favoriteDeleter(c.get("db"), { context: commandContext(c, actor), target });
    return c.json(answer(target, false));
  })

  .post("/folders/:ref/favorite", requireSession, validate("param", folderRefParam), async (c) => {
    const { actor, folder } = await readableFolder(c, c.req.valid("param").ref);
    const target = { folderId: folder.id };
    const { created } = await favoriteCreator(c.get("db"), { context: commandContext(c, actor), target });
    return c.json(answer(target, true), created ? 201 : 200);
  })

  .delete("/folders/:ref/favorite", requireSession, validate("param", folderRefParam), async (c) => {
    const { actor, folder } = await readableFolder(c, c.req.valid("param").ref);
    const target = { folderId: folder.id };
    await favoriteDeleter(c.get("db"), { context: commandContext(c, actor), target });
    return c.json(answer(target, false));
  });
