import * as z from "zod";
import { calendarModes, sortOrders, viewKinds } from "../enums";
import { positiveId, protectionPassword, queryBoolean, tooLong } from "./common";

/** How a folder shows its documents; stored on the folder. */
export const folderSettingsSchema = z.object({
  default_view: z.enum(viewKinds, { error: `must be one of ${viewKinds.join(", ")}` }).optional(),
  sort: z.enum(sortOrders, { error: `must be one of ${sortOrders.join(", ")}` }).optional(),
  calendar_mode: z.enum(calendarModes, { error: `must be one of ${calendarModes.join(", ")}` }).optional(),
  /** Board columns: "status" or a select property's id. */
  board_group_by: z.union([z.literal("status"), positiveId]).optional(),
  /** Calendar placement: created_at, updated_at or a date property's id. */
  calendar_date: z.union([z.enum(["created_at", "updated_at"]), positiveId]).optional(),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, "must be a hex colour like #4f46e5")
    .optional(),
});
export type FolderSettings = z.infer<typeof folderSettingsSchema>;

const folderName = z.string().trim().min(1, "can't be blank").max(200, tooLong(200));

/** POST /v1/w/:ws/folders */
export const createFolderSchema = z.object({
  folder: z.object({
    name: folderName,
    description: z.string().max(2000, tooLong(2000)).optional(),
    parent_id: positiveId.nullable().optional(),
    icon: z.string().max(16, "is too long").nullable().optional(),
    /** Start private to the creator instead of shared with the workspace. */
    private: z.boolean().optional(),
  }),
});

/** PUT /v1/folders/:id */
export const updateFolderSchema = z.object({
  folder: z
    .object({
      name: folderName.optional(),
      description: z.string().max(2000, tooLong(2000)).optional(),
      icon: z.string().max(16, "is too long").nullable().optional(),
      settings: folderSettingsSchema.optional(),
      password: protectionPassword.optional(),
    })
    .refine((value) => Object.keys(value).length > 0, "must change at least one field"),
});

/** PUT /v1/folders/:id/move */
export const moveFolderSchema = z.object({ parent_id: positiveId.nullable() });

/** GET /v1/folders/:id/contents */
export const folderContentsQuery = z.object({
  sort: z.enum(sortOrders, { error: `must be one of ${sortOrders.join(", ")}` }).optional(),
});

/** `/folders/:ref`: a folder id, or a folder slug whose last segment is the folder key. */
export const folderRefParam = z.object({
  ref: z
    .string()
    .regex(/^(\d+|([a-z0-9-]*-)?[a-z][a-z0-9]{9})$/, "must be a folder id or slug")
    .transform((value) => (/^\d+$/.test(value) ? { id: Number(value) } : { key: value.slice(value.lastIndexOf("-") + 1) })),
});

/** GET /v1/w/:ws/folders */
export const listFoldersQuery = z.object({ archived: queryBoolean });
