import { and, eq, isNull, sql } from "drizzle-orm";
import type { HandbookItemType } from "../../core/contracts/handbooks";
import { runBatch } from "../db/batching";
import type { Database } from "../db/client";
import { handbookItems, handbooks, type Handbook, type HandbookItem } from "../db/schema";
import { eventStatement, type CommandContext } from "./events";
import { byPosition, placeAt, renumbered, type Positioned } from "./positions";

// A handbook's sidebar: sections, docs, links and nested handbooks, hand-ordered by a
// fractional `position` among the items that share a parent. Every change also touches the
// handbook's updated_at, so lists show recently changed handbooks first.

const underParent = (handbookId: number, parentId: number | null) =>
  and(eq(handbookItems.handbookId, handbookId), parentId === null ? isNull(handbookItems.parentId) : eq(handbookItems.parentId, parentId));

const touch = (db: Database, handbookId: number) => db.update(handbooks).set({ updatedAt: new Date() }).where(eq(handbooks.id, handbookId));

async function siblingsOf(db: Database, handbookId: number, parentId: number | null): Promise<HandbookItem[]> {
  return db.select().from(handbookItems).where(underParent(handbookId, parentId));
}

export interface HandbookItemInput {
  type: HandbookItemType;
  title: string;
  parentId: number | null;
  articleId?: number | null;
  url?: string | null;
  nestedHandbookId?: number | null;
}

/** Adds an item at the end of its section (or of the top level). */
export async function handbookItemCreator(
  db: Database,
  { context, handbook, input }: { context: CommandContext; handbook: Handbook; input: HandbookItemInput },
): Promise<HandbookItem> {
  const parentCondition = input.parentId === null ? sql`parent_id IS NULL` : sql`parent_id = ${input.parentId}`;
  const [[item]] = await db.batch([
    db
      .insert(handbookItems)
      .values({
        handbookId: handbook.id,
        parentId: input.parentId,
        type: input.type,
        title: input.title,
        articleId: input.articleId ?? null,
        url: input.url ?? null,
        nestedHandbookId: input.nestedHandbookId ?? null,
        // Computed in the statement, so two items added at once never share a place.
        position: sql`(SELECT COALESCE(MAX(position), 0) + 1 FROM handbook_items WHERE handbook_id = ${handbook.id} AND ${parentCondition})`,
      })
      .returning(),
    touch(db, handbook.id),
    eventStatement(db, context, "handbook_items.create", {
      articleId: input.articleId ?? null,
      properties: { handbook_key: handbook.key, type: input.type },
    }),
  ]);
  return item!;
}

export interface HandbookItemChanges {
  title?: string;
  url?: string;
}

/** Renames an item or changes a link's address, where it is. */
export async function handbookItemUpdater(
  db: Database,
  { context, handbook, item, changes }: { context: CommandContext; handbook: Handbook; item: HandbookItem; changes: HandbookItemChanges },
): Promise<HandbookItem> {
  const [[updated]] = await db.batch([
    db.update(handbookItems).set(changes).where(eq(handbookItems.id, item.id)).returning(),
    touch(db, handbook.id),
    eventStatement(db, context, "handbook_items.update", { properties: { handbook_key: handbook.key, item_id: item.id, changed: Object.keys(changes) } }),
  ]);
  return updated!;
}

/**
 * Moves an item under `parentId` (null: the top level) to `insertAt` among `visibleSiblings`,
 * the items there as the mover sees them (0-based; none given: the end), with any renames in
 * the same write. When the gap is too small to split, that level is renumbered in one batch.
 */
export async function handbookItemMover(
  db: Database,
  {
    context,
    handbook,
    item,
    parentId,
    insertAt,
    visibleSiblings,
    changes = {},
  }: {
    context: CommandContext;
    handbook: Handbook;
    item: HandbookItem;
    parentId: number | null;
    insertAt: number | undefined;
    visibleSiblings: Positioned[];
    changes?: HandbookItemChanges;
  },
): Promise<HandbookItem> {
  const placement = placeAt(visibleSiblings, item.id, insertAt ?? Number.MAX_SAFE_INTEGER, item.position);
  const event = eventStatement(db, context, "handbook_items.move", {
    properties: { handbook_key: handbook.key, item_id: item.id, parent_id: parentId, insert_at: placement.index },
  });
  if (placement.kind === "position") {
    const [[moved]] = await db.batch([
      db.update(handbookItems).set({ ...changes, parentId, position: placement.position }).where(eq(handbookItems.id, item.id)).returning(),
      touch(db, handbook.id),
      event,
    ]);
    return moved!;
  }
  const all = await siblingsOf(db, handbook.id, parentId);
  const order = renumbered(all, item, placement.afterId);
  await runBatch(db, [
    ...order.map(({ id, position }) =>
      db
        .update(handbookItems)
        .set(id === item.id ? { ...changes, parentId, position } : { position })
        .where(eq(handbookItems.id, id)),
    ),
    touch(db, handbook.id),
    event,
  ]);
  const [moved] = await db.select().from(handbookItems).where(eq(handbookItems.id, item.id));
  return moved!;
}

/**
 * Removes an item. A section's own items are kept: they move up into the section's place (its
 * parent, where it stood, in their order), so deleting a heading never deletes links to work.
 */
export async function handbookItemDeleter(db: Database, { context, handbook, item }: { context: CommandContext; handbook: Handbook; item: HandbookItem }) {
  const event = eventStatement(db, context, "handbook_items.delete", {
    articleId: item.articleId,
    properties: { handbook_key: handbook.key, item_id: item.id, type: item.type },
  });
  const children = item.type === "section" ? (await siblingsOf(db, handbook.id, item.id)).sort(byPosition) : [];
  if (children.length === 0) {
    await db.batch([db.delete(handbookItems).where(eq(handbookItems.id, item.id)), touch(db, handbook.id), event]);
    return;
  }
  const level = (await siblingsOf(db, handbook.id, item.parentId)).sort(byPosition);
  const order = level.flatMap((sibling) => (sibling.id === item.id ? children : [sibling]));
  await runBatch(db, [
    // Children first: the section's delete would otherwise cascade to them.
    ...order.map((row, index) =>
      db
        .update(handbookItems)
        .set({ parentId: item.parentId, position: index + 1 })
        .where(eq(handbookItems.id, row.id)),
    ),
    db.delete(handbookItems).where(eq(handbookItems.id, item.id)),
    touch(db, handbook.id),
    event,
  ]);
}
