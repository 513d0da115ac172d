import type { Context } from "hono";
import { workspaceParam } from "../../core/contracts/common";
import { allFilesQuery, feedQuery, fileListQuery, recentQuery } from "../../core/contracts/home";
import { pageMeta, pageWindow } from "../../core/contracts/pagination";
import { createApp, type AppEnv } from "../lib/create-app";
import { NotFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireWorkspace } from "../middleware/workspace";
import { authorize } from "../policies";
import { presentFolder } from "../presenters/folders";
import { viewerFor } from "../services/access";
import { loadFolder } from "../services/documents";
import {
  archivedFiles,
  favoriteFiles,
  filesAt,
  frequentlyViewedArticles,
  frequentlyViewedProjects,
  pinnedFiles,
  presentArticlePage,
  presentFilePage,
  recentFiles,
  recentlyUpdatedArticles,
  recentlyViewedArticles,
  recentlyViewedProjects,
  sharedWithMe,
} from "../services/home-feed";
import { requestFacts } from "./articles";
import { copiesApi } from "./copies";
import { eventsApi } from "./events";
import { favoritesApi } from "./favorites";
import { pinsApi } from "./pins";

/** Who is listing: a signed-in member or guest of the path's workspace. */
function lister(c: Context<AppEnv>) {
  const actor = c.get("actor");
  authorize(actor, "content.list");
  return { db: c.get("db"), viewer: viewerFor(actor) };
}

const list = [requireWorkspace, validate("param", workspaceParam)] as const;

/**
 * The workspace home and its lists under /v1/w/:ws: recent, frequently and recently viewed,
 * recently updated, favourites, pins, shared with me, all files and the archive. Every list
 * holds only what the user may read. "Frequently viewed" counts views over 30 days; lists
 * under /files_views and the recently_viewed_* ones are the user's own views, the others
 * count the whole workspace's.
 */
const feedApi = createApp()
  .get("/w/:ws/files_views/recent", ...list, validate("query", recentQuery), async (c) => {
    const { db, viewer } = lister(c);
    const query = c.req.valid("query");
    const page = await recentFiles(db, viewer, {
      items: query.items,
      permissions: query.permissions,
      skipProjects: query.skip_projects,
      withActiveReviews: query.with_active_reviews,
    });
    return c.json({ data: await presentFilePage(db, viewer, page, "touched_at") });
  })

  .get("/w/:ws/files_views/frequently_viewed_articles", ...list, validate("query", feedQuery), async (c) => {
    const { db, viewer } = lister(c);
    const page = await frequentlyViewedArticles(db, viewer, { items: c.req.valid("query").items, scope: "mine" });
    return c.json({ data: await presentArticlePage(db, viewer, page) });
  })

  .get("/w/:ws/files_views/recently_updated", ...list, validate("query", feedQuery), async (c) => {
    const { db, viewer } = lister(c);
    const page = await recentlyUpdatedArticles(db, viewer, { items: c.req.valid("query").items });
    return c.json({ data: await presentArticlePage(db, viewer, page) });
  })

  .get("/w/:ws/frequently_viewed_articles", ...list, validate("query", feedQuery), async (c) => {
    const { db, viewer } = lister(c);
    const page = await frequentlyViewedArticles(db, viewer, { items: c.req.valid("query").items, scope: "workspace" });
    return c.json({ data: await presentArticlePage(db, viewer, page) });
  })

  .get("/w/:ws/frequently_viewed_projects", ...list, validate("query", feedQuery), async (c) => {
    const { db, viewer } = lister(c);
    const page = await frequentlyViewedProjects(db, viewer, { items: c.req.valid("query").items, scope: "workspace" });
    return c.json({ data: await presentFilePage(db, viewer, page) });
  })

  .get("/w/:ws/recently_viewed_articles", ...list, validate("query", feedQuery), async (c) => {
    const { db, viewer } = lister(c);
    const page = await recentlyViewedArticles(db, viewer, { items: c.req.valid("query").items });
    return c.json({ data: await presentArticlePage(db, viewer, page) });
  })

  .get("/w/:ws/recently_viewed_projects", ...list, validate("query", feedQuery), async (c) => {
    const { db, viewer } = lister(c);
    const page = await recentlyViewedProjects(db, viewer, { items: c.req.valid("query").items });
    return c.json({ data: await presentFilePage(db, viewer, page) });
  })

  .get("/w/:ws/favorites", ...list, validate("query", fileListQuery), async (c) => {
    const { db, viewer } = lister(c);
    const query = c.req.valid("query");
    const page = await favoriteFiles(db, viewer, pageWindow(query));
    return c.json({ data: await presentFilePage(db, viewer, page, "favorited_at"), meta: pageMeta(query, page.total) });
  })

  .get("/w/:ws/file_pins", ...list, async (c) => {
    const { db, viewer } = lister(c);
    return c.json({ data: await presentFilePage(db, viewer, await pinnedFiles(db, viewer)) });
  })

  .get("/w/:ws/shared_with_me", ...list, validate("query", fileListQuery), async (c) => {
    const { db, viewer } = lister(c);
    const query = c.req.valid("query");
    const page = await sharedWithMe(db, viewer, pageWindow(query));
    return c.json({ data: await presentFilePage(db, viewer, page, "shared_at"), meta: pageMeta(query, page.total) });
  })

  .get("/w/:ws/all_files", ...list, validate("query", allFilesQuery), async (c) => {
    const { db, viewer } = lister(c);
    const query = c.req.valid("query");
    let folder = null;
    if (typeof query.location === "number") {
      // A folder's contents: its own access and password rules apply.
      const loaded = await loadFolder(db, requestFacts(c), query.location);
      if (loaded.folder.workspaceId !== viewer.workspaceId) throw new NotFound("Folder not found");
      authorize(loaded.actor, "folders.read", loaded.resource);
      folder = presentFolder(loaded.folder, loaded.level);
    }
    const page = await filesAt(db, viewer, { location: query.location, sort: query.sort, ...pageWindow(query) });
    return c.json({
      data: await presentFilePage(db, viewer, page),
      meta: { ...pageMeta(query, page.total), location: query.location, sort: query.sort, folder },
    });
  })

  .get("/w/:ws/archive", ...list, validate("query", fileListQuery), async (c) => {
    const { db, viewer } = lister(c);
    const query = c.req.valid("query");
    const page = await archivedFiles(db, viewer, pageWindow(query));
    return c.json({ data: await presentFilePage(db, viewer, page), meta: pageMeta(query, page.total) });
  });

/** Home feed, favourites, pins, events and copies. */
export const homeApi = createApp()
  .route("/", feedApi)
  .route("/", favoritesApi)
  .route("/", pinsApi)
  .route("/", eventsApi)
  .route("/", copiesApi);
