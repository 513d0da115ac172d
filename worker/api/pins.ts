import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { createFactory } from "hono/factory";
import { movePinSchema, pinParam, pinQuery } from "../../core/contracts/home";
import { findPin, pinCreator, pinDeleter, pinMover, type PinTarget } from "../commands/pinCommands";
import type { Database } from "../db/client";
import { filePins } from "../db/schema";
import { createApp, type AppEnv } from "../lib/create-app";
import { NotFound, Unprocessable } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireSession } from "../middleware/session";
import { authorize } from "../policies";
import { presentPin } from "../presenters/files";
import { viewerFor, type Viewer } from "../services/access";
import { loadArticle, loadFolder } from "../services/documents";
import { pinnedFiles, presentFilePage } from "../services/home-feed";
import { commandContext, requestFacts } from "./articles";

/** The item a pin route names, readable by a member who may manage the home's pins. */
async function pinnable(c: Context<AppEnv>, { id, type }: { id: number; type: "article" | "folder" }) {
  const db = c.get("db");
  if (type === "folder") {
    const { actor, folder, resource } = await loadFolder(db, requestFacts(c), id);
    authorize(actor, "folders.read", resource);
    authorize(actor, "pins.manage");
    return { actor, target: { folderId: folder.id } as PinTarget, archived: folder.archivedAt !== null, template: false };
  }
  const { actor, article, resource } = await loadArticle(db, requestFacts(c), id);
  authorize(actor, "articles.read", resource);
  authorize(actor, "pins.manage");
  return { actor, target: { articleId: article.id } as PinTarget, archived: article.archivedAt !== null, template: article.kind === "template" };
}

const factory = createFactory<AppEnv>();
const pinRoute = [requireSession, validate("param", pinParam), validate("query", pinQuery)] as const;

const createPin = factory.createHandlers(...pinRoute, async (c) => {
  const { actor, target, archived, template } = await pinnable(c, { id: c.req.valid("param").id, type: c.req.valid("query").type });
  if (archived) throw new Unprocessable("Archived files can't be pinned. Restore it first.");
  if (template) throw new Unprocessable("Templates can't be pinned to the home.");
  const { pin, created } = await pinCreator(c.get("db"), { context: commandContext(c, actor), target });
  return c.json({ data: presentPin(pin) }, created ? 201 : 200);
});

const deletePin = factory.createHandlers(...pinRoute, async (c) => {
  const db = c.get("db");
  const { actor, target } = await pinnable(c, { id: c.req.valid("param").id, type: c.req.valid("query").type });
  const pin = await findPin(db, actor.workspaceId, target);
  if (pin) await pinDeleter(db, { context: commandContext(c, actor), pin });
  return c.json({ data: { ...("articleId" in target ? { article_id: target.articleId } : { folder_id: target.folderId }), pinned: false } });
});

const movePin = factory.createHandlers(...pinRoute, validate("json", movePinSchema), async (c) => {
  const db = c.get("db");
  const { actor, target } = await pinnable(c, { id: c.req.valid("param").id, type: c.req.valid("query").type });
  const pin = await findPin(db, actor.workspaceId, target);
  if (!pin) throw new NotFound("That file is not pinned");
  const viewer = viewerFor(actor);
  const visible = await visiblePins(db, viewer);
  await pinMover(db, { context: commandContext(c, actor), pin, visible, insertAt: c.req.valid("json").insert_at });
  return c.json({ data: await presentFilePage(db, viewer, await pinnedFiles(db, viewer)) });
});

/** The workspace's pin rows this viewer can see, in order. */
async function visiblePins(db: Database, viewer: Viewer) {
  const items = (await pinnedFiles(db, viewer)).items;
  const pins = await db.select().from(filePins).where(eq(filePins.workspaceId, viewer.workspaceId));
  const byItem = new Map(pins.map((row) => [row.articleId ? `article:${row.articleId}` : `folder:${row.folderId}`, row]));
  return items.flatMap((item) => {
    const row = byItem.get(item.type === "article" ? `article:${item.entry.article.id}` : `folder:${item.entry.folder.id}`);
    return row ? [row] : [];
  });
}

// The spec's paths end with a slash; both spellings work.
const PIN_PATH = "/almanac_files/:id/file_pin";

/**
 * Pins on the workspace home: POST pins a document (or a folder with `?type=folder`) at the
 * end, DELETE unpins it, PUT moves it to `insert_at` (0-based, among the pins the mover can
 * see) and answers the pins in their new order.
 */
export const pinsApi = createApp()
  .post(PIN_PATH, ...createPin)
  .post(`${PIN_PATH}/`, ...createPin)
  .delete(PIN_PATH, ...deletePin)
  .delete(`${PIN_PATH}/`, ...deletePin)
  .put(PIN_PATH, ...movePin)
  .put(`${PIN_PATH}/`, ...movePin);
