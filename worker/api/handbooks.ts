import { and, count, eq } from "drizzle-orm";
import { count as counted } from "../../core/counting";
import type { Context } from "hono";
import { idParam, workspaceParam } from "../../core/contracts/common";
import {
  createHandbookItemSchema,
  createHandbookSchema,
  deleteHandbookQuery,
  handbookKeyParam,
  updateHandbookItemSchema,
  updateHandbookSchema,
} from "../../core/contracts/handbooks";
import { handbookCreator, handbookDeleter, handbookUpdater } from "../commands/handbookCommands";
import { handbookItemCreator, handbookItemDeleter, handbookItemMover, handbookItemUpdater } from "../commands/handbookItemCommands";
import type { Database } from "../db/client";
import { articles, handbookItems } from "../db/schema";
import { createApp, type AppEnv } from "../lib/create-app";
import { Invalid, NotFound, Unprocessable } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireSession } from "../middleware/session";
import { requireWorkspace } from "../middleware/workspace";
import { authorize, can, presentPolicies, type Actor } from "../policies";
import { presentHandbook, presentHandbookDetail, presentHandbookItem } from "../presenters/handbooks";
import { articleAccess, viewerFor } from "../services/access";
import {
  buildTree,
  handbookAccess,
  listHandbooks,
  loadHandbook,
  loadHandbookItem,
  nestingWouldLoop,
  visibleHandbookByKey,
  visibleItems,
  type HandbookNode,
  type LoadedHandbook,
} from "../services/handbooks";
import { commandContext, requestFacts } from "./articles";

/** A handbook's sidebar holds at most this many items. */
export const MAX_HANDBOOK_ITEMS = 1000;

const invalid = (field: string, problem: string) => new Invalid(`${field}: ${problem}`, { [field]: [problem] });

/** A live document of the actor's workspace they may read, for a cover or a doc item; 400 naming `field` otherwise. */
async function readableDocument(db: Database, actor: Actor, id: number, field: string) {
  const [article] = await db.select().from(articles).where(and(eq(articles.id, id), eq(articles.workspaceId, actor.workspaceId)));
  if (!article || article.kind !== "document" || article.archivedAt) throw invalid(field, "is not a document of this workspace");
  const { level } = await articleAccess(db, viewerFor(actor), article);
  if (!can(actor, "articles.read", { level })) throw invalid(field, "is not a document you can read");
  return article;
}

/** `parentId` must name a section of this handbook (null: the top level). */
function sectionOf(nodes: HandbookNode[], parentId: number | null | undefined) {
  if (parentId == null) return null;
  const parent = nodes.find((node) => node.item.id === parentId);
  if (!parent || parent.item.type !== "section") throw invalid("parent_id", "is not a section of this handbook");
  return parent.item;
}

/** Whether `candidateId` is `itemId` or sits somewhere below it. */
function isWithin(nodes: HandbookNode[], candidateId: number, itemId: number) {
  const parentOf = new Map(nodes.map((node) => [node.item.id, node.item.parentId]));
  for (let id: number | null | undefined = candidateId, depth = 0; id != null && depth <= nodes.length; id = parentOf.get(id), depth++) {
    if (id === itemId) return true;
  }
  return false;
}

async function detail(c: Context<AppEnv>, loaded: LoadedHandbook) {
  const nodes = await visibleItems(c.get("db"), viewerFor(loaded.actor), loaded.handbook.id);
  return presentHandbookDetail(loaded.actor, loaded.handbook, {
    cover: loaded.cover,
    resource: loaded.resource,
    coverReadable: loaded.coverReadable,
    tree: buildTree(nodes, loaded.handbook.sort),
  });
}

/** The item as the viewer now sees it, with its children. */
async function presentedItem(c: Context<AppEnv>, loaded: LoadedHandbook, itemId: number) {
  const tree = buildTree(await visibleItems(c.get("db"), viewerFor(loaded.actor), loaded.handbook.id), loaded.handbook.sort);
  const find = (list: HandbookNode[]): HandbookNode | undefined => {
    for (const node of list) {
      if (node.item.id === itemId) return node;
      const inner = find(node.children);
      if (inner) return inner;
    }
    return undefined;
  };
  const node = find(tree);
  if (!node) throw new NotFound("Handbook item not found");
  return presentHandbookItem(node);
}

/** An item the actor may change: they may edit its handbook and can see the item. */
async function editableItem(c: Context<AppEnv>, id: number) {
  const db = c.get("db");
  const loaded = await loadHandbookItem(db, requestFacts(c), id);
  authorize(loaded.actor, "handbooks.update", loaded.resource);
  const nodes = await visibleItems(db, viewerFor(loaded.actor), loaded.handbook.id);
  if (!nodes.some((node) => node.item.id === loaded.item.id)) throw new NotFound("Handbook item not found");
  return { ...loaded, nodes };
}

/**
 * Handbooks: /v1/w/:ws/handbooks (list, create), /v1/handbooks/:key (read, change, archive or
 * delete) with its sidebar items (/v1/handbooks/:key/items, /v1/handbook_items/:id). Who may
 * read or change a handbook follows its cover document (policies: handbooks.read/update).
 */
export const handbooksApi = createApp()
  .get("/w/:ws/handbooks", requireWorkspace, validate("param", workspaceParam), async (c) => {
    const actor = c.get("actor");
    authorize(actor, "content.list");
    const rows = await listHandbooks(c.get("db"), viewerFor(actor));
    return c.json({
      data: rows.map((row) => presentHandbook(row.handbook, { cover: row.cover, level: row.level, itemCount: row.itemCount })),
      policies: presentPolicies(actor, ["handbooks.create"]),
    });
  })

  .post("/w/:ws/handbooks", requireWorkspace, validate("param", workspaceParam), validate("json", createHandbookSchema), async (c) => {
    const db = c.get("db");
    const actor = c.get("actor");
    authorize(actor, "handbooks.create");
    const input = c.req.valid("json");
    const cover = input.cover_doc_id ? await readableDocument(db, actor, input.cover_doc_id, "cover_doc_id") : null;
    const handbook = await handbookCreator(db, {
      context: commandContext(c, actor),
      input: { title: input.title, description: input.description ?? "", sort: input.sort ?? "custom", coverDocId: cover?.id ?? null },
    });
    return c.json({ data: await detail(c, await handbookAccess(db, actor, handbook)) }, 201);
  })

  .get("/handbooks/:key", requireSession, validate("param", handbookKeyParam), async (c) => {
    const loaded = await loadHandbook(c.get("db"), requestFacts(c), c.req.valid("param").key);
    return c.json({ data: await detail(c, loaded) });
  })

  .put("/handbooks/:key", requireSession, validate("param", handbookKeyParam), validate("json", updateHandbookSchema), async (c) => {
    const db = c.get("db");
    const loaded = await loadHandbook(db, requestFacts(c), c.req.valid("param").key);
    authorize(loaded.actor, "handbooks.update", loaded.resource);
    const input = c.req.valid("json");
    const cover = input.cover_doc_id ? await readableDocument(db, loaded.actor, input.cover_doc_id, "cover_doc_id") : null;
    const updated = await handbookUpdater(db, {
      context: commandContext(c, loaded.actor),
      handbook: loaded.handbook,
      changes: {
        title: input.title,
        description: input.description,
        sort: input.sort,
        coverDocId: input.cover_doc_id === undefined ? undefined : (cover?.id ?? null),
        archived: input.archived,
      },
    });
    // The cover may have changed: what the actor may see of it is worked out again.
    return c.json({ data: await detail(c, await handbookAccess(db, loaded.actor, updated)) });
  })

  // DELETE archives (the list no longer shows it; PUT archived:false restores); `?permanent=true` deletes it for good.
  .delete("/handbooks/:key", requireSession, validate("param", handbookKeyParam), validate("query", deleteHandbookQuery), async (c) => {
    const db = c.get("db");
    const loaded = await loadHandbook(db, requestFacts(c), c.req.valid("param").key);
    authorize(loaded.actor, "handbooks.update", loaded.resource);
    const context = commandContext(c, loaded.actor);
    if (c.req.valid("query").permanent) {
      await handbookDeleter(db, { context, handbook: loaded.handbook });
      return c.json({ data: { key: loaded.handbook.key, deleted: true } });
    }
    const archived = await handbookUpdater(db, { context, handbook: loaded.handbook, changes: { archived: true } });
    return c.json({ data: presentHandbook(archived, { cover: loaded.cover, level: loaded.resource.level }) });
  })

  .post("/handbooks/:key/items", requireSession, validate("param", handbookKeyParam), validate("json", createHandbookItemSchema), async (c) => {
    const db = c.get("db");
    const loaded = await loadHandbook(db, requestFacts(c), c.req.valid("param").key);
    const { actor, handbook } = loaded;
    authorize(actor, "handbooks.update", loaded.resource);
    const input = c.req.valid("json");
    const viewer = viewerFor(actor);
    const nodes = await visibleItems(db, viewer, handbook.id);
    const parent = sectionOf(nodes, input.parent_id);
    const [{ items } = { items: 0 }] = await db.select({ items: count() }).from(handbookItems).where(eq(handbookItems.handbookId, handbook.id));
    if (items >= MAX_HANDBOOK_ITEMS) throw new Unprocessable(`A handbook holds at most ${counted(MAX_HANDBOOK_ITEMS, "item")}. Remove some first.`);

    let extra: { articleId?: number; url?: string; nestedHandbookId?: number } = {};
    if (input.type === "doc") extra = { articleId: (await readableDocument(db, actor, input.article_id, "article_id")).id };
    if (input.type === "link") extra = { url: input.url };
    if (input.type === "nested_handbook") {
      const target = await visibleHandbookByKey(db, viewer, input.nested_handbook_key).catch((error: unknown) => {
        throw error instanceof NotFound ? invalid("nested_handbook_key", "is not a handbook you can see in this workspace") : error;
      });
      if (await nestingWouldLoop(db, handbook.id, target.id)) {
        throw invalid("nested_handbook_key", "would put this handbook inside itself");
      }
      extra = { nestedHandbookId: target.id };
    }
    const item = await handbookItemCreator(db, {
      context: commandContext(c, actor),
      handbook,
      input: { type: input.type, title: input.title ?? "", parentId: parent?.id ?? null, ...extra },
    });
    return c.json({ data: await presentedItem(c, loaded, item.id) }, 201);
  })

  .put("/handbook_items/:id", requireSession, validate("param", idParam), validate("json", updateHandbookItemSchema), async (c) => {
    const db = c.get("db");
    const loaded = await editableItem(c, c.req.valid("param").id);
    const { actor, handbook, item, nodes } = loaded;
    const input = c.req.valid("json");
    if (input.url !== undefined && item.type !== "link") throw invalid("url", "can only be changed on a link");
    if (input.title === "" && item.type === "section") throw invalid("title", "can't be blank");
    const changes = { title: input.title, url: input.url };
    const context = commandContext(c, actor);

    if (input.parent_id === undefined && input.insert_at === undefined) {
      await handbookItemUpdater(db, { context, handbook, item, changes });
    } else {
      const parentId = input.parent_id === undefined ? item.parentId : (sectionOf(nodes, input.parent_id)?.id ?? null);
      if (parentId !== null && isWithin(nodes, parentId, item.id)) throw invalid("parent_id", "can't be the item itself or one of its own items");
      const visibleSiblings = nodes.filter((node) => node.item.parentId === parentId).map((node) => node.item);
      await handbookItemMover(db, { context, handbook, item, parentId, insertAt: input.insert_at, visibleSiblings, changes });
    }
    return c.json({ data: await presentedItem(c, loaded, item.id) });
  })

  .delete("/handbook_items/:id", requireSession, validate("param", idParam), async (c) => {
    const { actor, handbook, item } = await editableItem(c, c.req.valid("param").id);
    await handbookItemDeleter(c.get("db"), { context: commandContext(c, actor), handbook, item });
    return c.json({ data: { id: item.id, deleted: true } });
  });
