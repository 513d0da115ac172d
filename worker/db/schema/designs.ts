import { sqliteTable, integer, text, index } from "drizzle-orm/sqlite-core";
import type { SocialChannel } from "../../../core/content/channels";
import { designFormats, designLayouts } from "../../../core/designs/formats";
import type { Scene } from "../../../core/designs/scene";
import { timestamps } from "./columns";
import { users } from "./identity";
import { workspaces } from "./workspaces";
import { uploads } from "./documents";

/**
 * A design (SPEC's `/designs/:id`): a canvas scene at one template size, with the caption written
 * for it and the last image the editor rendered from it (an upload, so it shows in Uploads and
 * the paid-ads wizard like any image). `isTemplate` rows are the workspace's own templates.
 * `version` guards concurrent edits; `sceneChangedAt` against `renderedAt` tells a stale render.
 */
export const designs = sqliteTable(
  "designs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    creatorId: integer("creator_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    layout: text("layout", { enum: designLayouts }).notNull(),
    format: text("format", { enum: designFormats }).notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    scene: text("scene", { mode: "json" }).$type<Scene>().notNull(),
    caption: text("caption").notNull().default(""),
    captionChannel: text("caption_channel").$type<SocialChannel>(),
    isTemplate: integer("is_template", { mode: "boolean" }).notNull().default(false),
    renderUploadId: integer("render_upload_id").references(() => uploads.id, { onDelete: "set null" }),
    renderedAt: integer("rendered_at", { mode: "timestamp_ms" }),
    sceneChangedAt: integer("scene_changed_at", { mode: "timestamp_ms" }).notNull(),
    version: integer("version").notNull().default(1),
    ...timestamps,
  },
  (t) => [index("designs_workspace").on(t.workspaceId, t.isTemplate, t.updatedAt), index("designs_render").on(t.renderUploadId)],
);

export type Design = typeof designs.$inferSelect;
