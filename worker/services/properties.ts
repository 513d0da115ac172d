import { and, asc, eq, sql } from "drizzle-orm";
import { activeMembership } from "../middleware/workspace";
import type { PropertyValue } from "../../core/contracts/properties";
import { inList } from "../db/batching";
import type { Database } from "../db/client";
import { memberships, properties, users, type User } from "../db/schema";
import type { FolderSettings } from "../../core/contracts/folders";
import { Invalid, NotFound } from "../lib/errors";
import type { Property } from "../presenters/properties";
import { readableArticlesSql, type Viewer } from "./access";

// Reads over folders' custom properties and their values. Permission is the caller's job:
// routes load the folder or article first (which checks access and passwords).

/** A folder's properties in column order. */
export function listProperties(db: Database, folderId: number): Promise<Property[]> {
  return db.select().from(properties).where(eq(properties.folderId, folderId)).orderBy(asc(properties.position), asc(properties.id));
}

/**
 * Settings that name a property must name one of this folder's, of the right type: board
 * columns come from a select property, calendar placement from a date property. 400 naming
 * the field otherwise (as `folder.settings.<field>`, like the schema's own refusals).
 */
export async function assertFolderSettings(db: Database, folderId: number, settings: FolderSettings) {
  const wanted = [
    { field: "board_group_by", id: settings.board_group_by, type: "select", message: 'must be "status" or a select property of this folder' },
    { field: "calendar_date", id: settings.calendar_date, type: "date", message: 'must be "created_at", "updated_at" or a date property of this folder' },
  ].filter((check): check is typeof check & { id: number } => typeof check.id === "number");
  if (wanted.length === 0) return;
  const byId = new Map((await listProperties(db, folderId)).map((property) => [property.id, property]));
  const fields: Record<string, string[]> = {};
  for (const { field, id, type, message } of wanted) {
    if (byId.get(id)?.type !== type) fields[`folder.settings.${field}`] = [message];
  }
  if (Object.keys(fields).length > 0) {
    throw new Invalid(Object.entries(fields).map(([field, [message]]) => `${field}: ${message}`).join("; "), fields);
  }
}

export async function findProperty(db: Database, id: number): Promise<Property> {
  const [property] = await db.select().from(properties).where(eq(properties.id, id));
  if (!property) throw new NotFound("Property not found");
  return property;
}

/** A property that belongs to this article's folder (in its workspace), or 404. */
export async function propertyOfArticle(db: Database, article: { workspaceId: number; folderId: number | null }, propertyId: number) {
  const [property] = await db
    .select()
    .from(properties)
    .where(and(eq(properties.id, propertyId), eq(properties.workspaceId, article.workspaceId), eq(properties.folderId, article.folderId ?? -1)));
  if (!property) throw new NotFound("This document's folder has no such property");
  return property;
}

/** The assignee of a person property must be an active member (or guest) of the workspace. */
export async function activeWorkspaceUser(db: Database, workspaceId: number, userId: number): Promise<User | null> {
  const [row] = await db
    .select({ user: users })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(activeMembership(workspaceId, userId));
  return row?.user ?? null;
}

export interface AssignedValue {
  id: number;
  articleId: number;
  propertyId: number;
  value: PropertyValue;
  assignee: User | null;
  updatedAt: Date | null;
}

/**
 * Every value of the folder's own properties on the live documents in it that the viewer
 * may read: the permission filter runs in D1, as for lists. Values of properties from a
 * folder the document has since left are not shown.
 */
export async function propertyValuesInFolder(db: Database, viewer: Viewer, folderId: number): Promise<AssignedValue[]> {
  const rows = await db.all<{ id: number; article_id: number; property_id: number; value: string | null; assignee_id: number | null; updated_at: number }>(sql`
    SELECT ap.id, ap.article_id, ap.property_id, ap.value, ap.assignee_id, ap.updated_at
    FROM assigned_properties ap
    JOIN properties p ON p.id = ap.property_id AND p.folder_id = ${folderId}
    JOIN articles a ON a.id = ap.article_id AND a.folder_id = ${folderId}
    JOIN (${readableArticlesSql(viewer)}) r ON r.article_id = a.id
    WHERE a.workspace_id = ${viewer.workspaceId} AND a.archived_at IS NULL AND a.kind = 'document'
    ORDER BY ap.article_id, p.position, p.id`);
  const people = new Map<number, User>();
  const assigneeIds = [...new Set(rows.flatMap((row) => (row.assignee_id === null ? [] : [row.assignee_id])))];
  if (assigneeIds.length > 0) for (const user of await db.select().from(users).where(inList(users.id, assigneeIds))) people.set(user.id, user);
  return rows.map((row) => ({
    id: row.id,
    articleId: row.article_id,
    propertyId: row.property_id,
    value: row.value === null ? null : (JSON.parse(row.value) as PropertyValue),
    assignee: row.assignee_id === null ? null : (people.get(row.assignee_id) ?? null),
    updatedAt: new Date(row.updated_at),
  }));
}
