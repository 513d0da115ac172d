import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { timestamps } from "./columns";
import { thirdPartyIntegrations } from "./integrations";
import { workspaces } from "./workspaces";

/**
 * A workspace's contacts: people its email goes to, imported from a CRM (HubSpot) or added by
 * hand. One per email address in a workspace (stored lower-cased), so an import updates the
 * person it already has instead of adding a second.
 */
export const contactSources = ["hubspot", "manual"] as const;
export type ContactSource = (typeof contactSources)[number];

export const contacts = sqliteTable(
  "contacts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    name: text("name").notNull().default(""),
    company: text("company"),
    source: text("source", { enum: contactSources }).notNull(),
    /** The source's id for this person (HubSpot's contact id), with the integration it came through. */
    externalId: text("external_id"),
    integrationId: integer("integration_id").references(() => thirdPartyIntegrations.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [uniqueIndex("contacts_workspace_email").on(t.workspaceId, t.email), index("contacts_workspace_name").on(t.workspaceId, t.name)],
);

export type Contact = typeof contacts.$inferSelect;
