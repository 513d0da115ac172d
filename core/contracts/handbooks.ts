import * as z from "zod";
import { isSafeUrl } from "../document/links";
import { handbookItemTypes, handbookSorts } from "../enums";
import { insertAt, positiveId, queryBoolean, tooLong } from "./common";

const title = z.string().trim().min(1, "can't be blank").max(200, tooLong(200));
const itemTitle = z.string().trim().max(200, tooLong(200));
const description = z.string().max(2000, tooLong(2000));
const sort = z.enum(handbookSorts, { error: `must be one of ${handbookSorts.join(", ")}` });

/** Handbook links go to web pages: http(s) only, and never a scheme the document rules refuse. */
export function isWebUrl(value: string): boolean {
  if (!isSafeUrl(value) || !/^https?:\/\//i.test(value)) return false;
  try {
    return Boolean(new URL(value).host);
  } catch {
    return false;
  }
}

const webUrl = z
  .string({ error: "must be a web address" })
  .trim()
  .min(1, "can't be blank")
  .max(2000, tooLong(2000))
  .refine(isWebUrl, "must be a web address starting with http:// or https://");

/** `/handbooks/:key` */
export const handbookKeyParam = z.object({ key: z.string().regex(/^[a-z][a-z0-9]{9}$/, "must be a handbook key") });

/** POST /v1/w/:ws/handbooks — without `cover_doc_id`, a new cover document is created. */
export const createHandbookSchema = z.object({
  title,
  description: description.optional(),
  cover_doc_id: positiveId.nullable().optional(),
  sort: sort.optional(),
});

/** PUT /v1/handbooks/:key; `archived: false` restores an archived handbook. */
export const updateHandbookSchema = z
  .object({
    title: title.optional(),
    description: description.optional(),
    sort: sort.optional(),
    cover_doc_id: positiveId.nullable().optional(),
    archived: z.literal(false, { error: "can only be false (restores the handbook)" }).optional(),
  })
  .refine((value) => Object.keys(value).length > 0, "must change at least one field");

/** DELETE /v1/handbooks/:key?permanent=true */
export const deleteHandbookQuery = z.object({ permanent: queryBoolean });

const parentId = positiveId.nullable().optional();

/** POST /v1/handbooks/:key/items */
export const createHandbookItemSchema = z.discriminatedUnion(
  "type",
  [
    z.object({ type: z.literal("section"), title, parent_id: parentId }),
    z.object({ type: z.literal("doc"), article_id: positiveId, title: itemTitle.optional(), parent_id: parentId }),
    z.object({ type: z.literal("link"), url: webUrl, title: itemTitle.optional(), parent_id: parentId }),
    z.object({
      type: z.literal("nested_handbook"),
      nested_handbook_key: handbookKeyParam.shape.key,
      title: itemTitle.optional(),
      parent_id: parentId,
    }),
  ],
  { error: `must be one of ${handbookItemTypes.join(", ")}` },
);

/** PUT /v1/handbook_items/:id — rename, change a link, move under another section and/or to `insert_at` among its siblings. */
export const updateHandbookItemSchema = z
  .object({
    title: itemTitle.optional(),
    url: webUrl.optional(),
    parent_id: parentId,
    insert_at: insertAt.optional(),
  })
  .refine((value) => Object.keys(value).length > 0, "must change at least one field");

export type HandbookSort = (typeof handbookSorts)[number];
export type HandbookItemType = (typeof handbookItemTypes)[number];
export type CreateHandbookItem = z.infer<typeof createHandbookItemSchema>;
export type UpdateHandbookItem = z.infer<typeof updateHandbookItemSchema>;
