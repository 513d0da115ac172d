import * as z from "zod";
import { count } from "../counting";
import { accessLevels, sortOrders, type AccessLevel } from "../enums";
import { pageQuery } from "./pagination";
import { idParam, insertAt, positiveId, queryBoolean } from "./common";
import { readProgressProperties } from "./history";

// The home feed and the workspace's file lists: recent, frequently viewed, favourites, pins,
// shared with me, all files; view events; copies into another workspace.

const items = (fallback: number) =>
  z.coerce
    .number({ error: "must be a number" })
    .int({ error: "must be a whole number" })
    .min(1, { error: "must be between 1 and 50" })
    .max(50, { error: "must be between 1 and 50" })
    .default(fallback);

/** `?permissions=edit,owner`: keep only items the user holds one of these levels on. */
const permissionList = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (!value) return undefined;
    const levels = [...new Set(value.split(",").map((level) => level.trim()).filter(Boolean))];
    const unknown = levels.filter((level) => !(accessLevels as readonly string[]).includes(level));
    if (unknown.length) {
      ctx.addIssue({ code: "custom", message: `must be a comma list of ${accessLevels.join(", ")}` });
      return z.NEVER;
    }
    return levels as AccessLevel[];
  });

/** GET /v1/w/:ws/files_views/recent */
export const recentQuery = z.object({
  items: items(4),
  /** Reviews do not exist yet: accepted so clients can send it, filters nothing. */
  with_active_reviews: queryBoolean,
  permissions: permissionList,
  /** When false (the default), folders the user recently opened or changed are listed too. */
  skip_projects: queryBoolean,
});
export type RecentQuery = z.infer<typeof recentQuery>;

/** The frequently / recently viewed and recently updated lists. */
export const feedQuery = z.object({ items: items(8) });

/** GET /v1/w/:ws/all_files */
export const fileLocations = ["root", "shared", "private"] as const;
export const allFilesQuery = pageQuery.extend({
  location: z.union([z.enum(fileLocations), positiveId], { error: "must be root, shared, private or a folder id" }).default("root"),
  sort: z.enum(sortOrders, { error: `must be one of ${sortOrders.join(", ")}` }).default("name_asc"),
});
export type FileLocation = z.infer<typeof allFilesQuery>["location"];

/** GET /v1/w/:ws/shared_with_me and /favorites */
export const fileListQuery = pageQuery;

/** `/almanac_files/:id/file_pin?type=folder` pins a folder; a document otherwise. */
export const pinParam = idParam;
export const pinQuery = z.object({ type: z.enum(["article", "folder"], { error: "must be article or folder" }).default("article") });

/** PUT /v1/almanac_files/:id/file_pin */
export const movePinSchema = z.object({ insert_at: insertAt });

/** Most pins a workspace home holds. */
export const MAX_PINS = 50;

/** Event names that count as a view of a document or folder. */
export const ARTICLE_VIEW_EVENTS = ["view", "articles.view"] as const;
export const FOLDER_VIEW_EVENT = "folders.view";
/** How far a reader got (`readProgressProperties`): one row per reader-session, its maximum kept. */
export const READ_PROGRESS_EVENT = "articles.read_progress";

/** Where a reader came from, kept as an origin only: never a path or query string, which may name people or carry tokens. */
const referrerOrigin = z
  .string({ error: "must be a web address" })
  .max(2048, { error: "is too long" })
  .transform((value, ctx) => {
    const url = URL.canParse(value) ? new URL(value) : null;
    if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) {
      ctx.addIssue({ code: "custom", message: "must be a web address" });
      return z.NEVER;
    }
    return url.origin;
  });

const MAX_PROPERTIES_BYTES = 4096;

/** POST /v1/events */
export const eventSchema = z
  .object({
    event_name: z
      .string({ error: "is required" })
      .regex(/^[a-z][a-z0-9_.:-]{0,63}$/i, { error: "must be a short name of letters, digits, dots, dashes or underscores" }),
    /** Optional for a document's view or read progress (the document names it): a public page never tells strangers its workspace. */
    workspace_id: positiveId.optional(),
    article_id: positiveId.optional(),
    /** With `folders.view`: the folder opened. */
    folder_id: positiveId.optional(),
    properties: z
      .object({
        is_ios_native: z.boolean({ error: "must be true or false" }).optional(),
        ip_address: z.string().max(64, { error: "is too long" }).optional(),
        /** With a view: the page's referrer (`document.referrer`), stored as its origin. */
        referrer: referrerOrigin.optional(),
      })
      .catchall(z.unknown())
      .default({})
      .refine((value) => JSON.stringify(value).length <= MAX_PROPERTIES_BYTES, { error: `must be at most ${count(MAX_PROPERTIES_BYTES, "byte")}` }),
  })
  .superRefine((value, ctx) => {
    if ((ARTICLE_VIEW_EVENTS as readonly string[]).includes(value.event_name) && !value.article_id) {
      ctx.addIssue({ code: "custom", path: ["article_id"], message: "is required for a view event" });
    }
    if (value.event_name === FOLDER_VIEW_EVENT && !value.folder_id) {
      ctx.addIssue({ code: "custom", path: ["folder_id"], message: "is required for a folder view event" });
    }
    const aboutArticle = value.event_name === READ_PROGRESS_EVENT || (ARTICLE_VIEW_EVENTS as readonly string[]).includes(value.event_name);
    if (!value.workspace_id && !aboutArticle) ctx.addIssue({ code: "custom", path: ["workspace_id"], message: "is required" });
    if (value.event_name === READ_PROGRESS_EVENT) {
      if (!value.article_id) ctx.addIssue({ code: "custom", path: ["article_id"], message: "is required for read progress" });
      const progress = readProgressProperties.safeParse(value.properties);
      for (const issue of progress.error?.issues ?? []) ctx.addIssue({ code: "custom", path: ["properties", ...issue.path], message: issue.message });
    }
  });
export type EventInput = z.infer<typeof eventSchema>;

/** Most documents one copy request takes. */
export const MAX_COPIES = 50;

/** POST /v1/w/:ws/copies */
export const copiesSchema = z.object({
  article_ids: z
    .array(positiveId, { error: "must be a list of document ids" })
    .min(1, { error: "must name at least one document" })
    .max(MAX_COPIES, { error: `must name at most ${count(MAX_COPIES, "document")}` }),
  destination_workspace_id: positiveId,
});
