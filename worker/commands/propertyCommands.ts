import { and, eq, sql } from "drizzle-orm";
import { CHOICE_TYPES, type PropertyType, type PropertyValue } from "../../core/contracts/properties";
import type { FolderSettings } from "../../core/contracts/folders";
import type { Database } from "../db/client";
import { assignedProperties, folders, properties, type Article, type Folder } from "../db/schema";
import type { Property } from "../presenters/properties";
import { eventStatement, type CommandContext } from "./events";

/** Adds a property to a folder, after its existing ones. */
export async function propertyCreator(
  db: Database,
  { context, folder, input }: { context: CommandContext; folder: Folder; input: { name: string; type: PropertyType; options?: string[] } },
): Promise<Property> {
  const [[property]] = await db.batch([
    db
      .insert(properties)
      .values({
        workspaceId: folder.workspaceId,
        folderId: folder.id,
        name: input.name,
        type: input.type,
        options: input.options ?? [],
        position: sql`(SELECT coalesce(max(position), 0) + 1 FROM properties WHERE folder_id = ${folder.id})`,
      })
      .returning(),
    eventStatement(db, context, "properties.create", { properties: { folder_id: folder.id, name: input.name, type: input.type } }),
  ]);
  return property!;
}

/**
 * Renames, reorders or changes the options of a property. Values that pick an option no
 * longer offered lose it (a select value is cleared; a multi-select keeps the rest), so no
 * document shows a choice the folder does not have.
 */
export async function propertyUpdater(
  db: Database,
  {
    context,
    property,
    changes,
  }: { context: CommandContext; property: Property; changes: { name?: string; options?: string[]; position?: number } },
): Promise<Property> {
  const set: Partial<typeof properties.$inferInsert> = {};
  if (changes.name !== undefined) set.name = changes.name;
  if (changes.position !== undefined) set.position = changes.position;
  const choices = CHOICE_TYPES.includes(property.type);
  if (changes.options !== undefined && choices) set.options = changes.options;
  const kept = JSON.stringify(changes.options ?? []);
  const prune =
    changes.options === undefined || !choices
      ? []
      : property.type === "select"
        ? [
            db
              .delete(assignedProperties)
              .where(
                sql`${assignedProperties.propertyId} = ${property.id} AND json_extract(${assignedProperties.value}, '$') NOT IN (SELECT value FROM json_each(${kept}))`,
              ),
          ]
        : [
            db
              .update(assignedProperties)
              .set({
                value: sql`(SELECT json_group_array(j.value) FROM json_each(${assignedProperties.value}) j WHERE j.value IN (SELECT value FROM json_each(${kept})))`,
              })
              .where(eq(assignedProperties.propertyId, property.id)),
          ];
  const [[updated]] = await db.batch([
    db.update(properties).set(set).where(eq(properties.id, property.id)).returning(),
    ...prune,
    eventStatement(db, context, "properties.update", { properties: { property_id: property.id, fields: Object.keys(changes) } }),
  ]);
  return updated!;
}

/**
 * Deletes a property and every value of it. A folder whose board was grouped by it, or
 * whose calendar placed documents by it, goes back to status and creation date.
 */
export async function propertyDeleter(db: Database, { context, property, folder }: { context: CommandContext; property: Property; folder: Folder }) {
  const settings: FolderSettings = { ...folder.settings };
  if (settings.board_group_by === property.id) settings.board_group_by = "status";
  if (settings.calendar_date === property.id) settings.calendar_date = "created_at";
  const settingsChanged = settings.board_group_by !== folder.settings.board_group_by || settings.calendar_date !== folder.settings.calendar_date;
  await db.batch([
    db.delete(assignedProperties).where(eq(assignedProperties.propertyId, property.id)),
    db.delete(properties).where(eq(properties.id, property.id)),
    ...(settingsChanged ? [db.update(folders).set({ settings }).where(eq(folders.id, folder.id))] : []),
    eventStatement(db, context, "properties.delete", { properties: { property_id: property.id, folder_id: folder.id, name: property.name } }),
  ]);
}

/** Sets one property's value (or assignee) on one document, replacing the previous one. */
export async function propertyAssigner(
  db: Database,
  {
    context,
    article,
    property,
    value,
    assigneeId,
  }: { context: CommandContext; article: Article; property: Property; value: PropertyValue; assigneeId: number | null },
) {
  const [[row]] = await db.batch([
    db
      .insert(assignedProperties)
      .values({ articleId: article.id, propertyId: property.id, value, assigneeId })
      .onConflictDoUpdate({
        target: [assignedProperties.articleId, assignedProperties.propertyId],
        set: { value, assigneeId, updatedAt: new Date() },
      })
      .returning(),
    eventStatement(db, context, "properties.assign", {
      articleId: article.id,
      properties: { property_id: property.id, assignee_id: assigneeId },
    }),
  ]);
  return row!;
}

/** Clears one property's value on one document. */
export async function propertyUnassigner(db: Database, { context, article, property }: { context: CommandContext; article: Article; property: Property }) {
  await db.batch([
    db.delete(assignedProperties).where(and(eq(assignedProperties.articleId, article.id), eq(assignedProperties.propertyId, property.id))),
    eventStatement(db, context, "properties.unassign", { articleId: article.id, properties: { property_id: property.id } }),
  ]);
}
