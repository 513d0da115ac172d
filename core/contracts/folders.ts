import * as z from "zod";
import { accessLevels, calendarModes, sortOrders, viewKinds } from "../enums";
import { articleSummaryOut, policiesOut } from "./articles";
import { positiveId, protectionPassword, queryBoolean, tooLong } from "./common";
import { listMetaOut, listQuery } from "./pagination";

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

/** GET /v1/folders/:id/contents: without `cursor`/`limit`, the first 500 documents. */
export const folderContentsQuery = z.object({
  sort: z.enum(sortOrders, { error: `must be one of ${sortOrders.join(", ")}` }).optional(),
  cursor: listQuery.shape.cursor,
  limit: listQuery.shape.limit,
});

/** `/folders/:ref`: a folder id, or a folder slug whose last segment is the folder key. */
export const folderRefParam = z.object({
  ref: z
    .string()
    .regex(/^(\d+|([a-z0-9-]*-)?[a-z][a-z0-9]{9})$/, "must be a folder id or slug")
    .transform((value) => (/^\d+$/.test(value) ? { id: Number(value) } : { key: value.slice(value.lastIndexOf("-") + 1) })),
});

/** GET /v1/w/:ws/folders: every folder at once (the sidebar's tree), or pages with `cursor`/`limit`. */
export const listFoldersQuery = z.object({ archived: queryBoolean, cursor: listQuery.shape.cursor, limit: listQuery.shape.limit });

// The answers, for the OpenAPI document; presenters are typed by them (worker/presenters/folders.ts).

const isoOrNull = z.string().nullable();

export const folderOut = z.object({
  id: z.number().int(),
  key: z.string().meta({ description: "A stable handle: the last segment of the folder's slug" }),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.string().nullable(),
  parent_id: z.number().int().nullable(),
  workspace_id: z.number().int(),
  owner_id: z.number().int().nullable(),
  settings: folderSettingsSchema,
  has_password: z.boolean(),
  access_level: z.enum(accessLevels).nullable().meta({ description: "The caller's level on it: read < comment < edit < owner" }),
  article_count: z.number().int().nullable().meta({ description: "Live documents directly in it that the caller may open (in lists)" }),
  folder_count: z.number().int().nullable(),
  created_at: isoOrNull,
  updated_at: isoOrNull,
  archived_at: isoOrNull,
});
export type FolderOut = z.infer<typeof folderOut>;

/** A folder opened: its ancestors (top first) and what the caller may do in it. */
export const folderDetailOut = folderOut.extend({
  ancestors: z.array(z.object({ id: z.number().int(), key: z.string(), slug: z.string(), name: z.string() })),
  policies: policiesOut,
});
export type FolderDetailOut = z.infer<typeof folderDetailOut>;

export const folderListOut = z.object({ data: z.array(folderOut), meta: listMetaOut });

export const folderContentsOut = z.object({
  data: z.object({
    sort: z.enum(sortOrders),
    folders: z.array(folderOut).meta({ description: "Every subfolder the caller may open (on each page)" }),
    articles: z.array(articleSummaryOut),
    total_articles: z.number().int(),
  }),
  meta: z.object({ next_cursor: z.string().nullable() }),
});
