import type { properties } from "../db/schema";
import type { AssignedValue } from "../services/properties";
import { iso, presentUserCard } from "./users";

export type Property = typeof properties.$inferSelect;

/** A folder's custom property: what its table and board columns are built from. */
export function presentProperty(property: Property) {
  return {
    id: property.id,
    folder_id: property.folderId,
    name: property.name,
    type: property.type,
    options: property.options,
    position: property.position,
    created_at: iso(property.createdAt),
    updated_at: iso(property.updatedAt),
  };
}

/** One property's value on one document; person properties carry the assignee instead. */
export function presentAssignedProperty(row: AssignedValue) {
  return {
    id: row.id,
    article_id: row.articleId,
    property_id: row.propertyId,
    value: row.value,
    assignee_id: row.assignee?.id ?? null,
    assignee: row.assignee ? presentUserCard(row.assignee) : null,
    updated_at: iso(row.updatedAt),
  };
}

export type PropertyJson = ReturnType<typeof presentProperty>;
export type AssignedPropertyJson = ReturnType<typeof presentAssignedProperty>;
