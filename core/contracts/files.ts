import * as z from "zod";
import { MAX_UPLOAD_BYTES, sortOrders, UPLOAD_TOO_LARGE_MESSAGE } from "../enums";
import { positiveId, tooLong } from "./common";
import { userCardOut, policiesOut } from "./articles";
import { listMetaOut, listQuery } from "./pagination";

/** What a file is, for icons, filters and how it is served. */
export const fileKinds = ["image", "document", "video", "audio", "archive"] as const;
export type FileKind = (typeof fileKinds)[number];

/**
 * The content types an upload may have, and their kind. Anything else is refused with 415.
 * SVG is allowed but always served as an attachment in a sandbox, since it can carry script.
 */
export const UPLOAD_CONTENT_TYPES: Record<string, FileKind> = {
  "image/png": "image",
  "image/jpeg": "image",
  "image/gif": "image",
  "image/webp": "image",
  "image/avif": "image",
  "image/svg+xml": "image",
  "application/pdf": "document",
  "text/plain": "document",
  "text/markdown": "document",
  "text/csv": "document",
  // Transcripts (WebVTT and SubRip subtitles), for repurposing video and audio.
  "text/vtt": "document",
  "application/x-subrip": "document",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "document",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "document",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "document",
  "application/zip": "archive",
  "application/x-zip-compressed": "archive",
  "video/mp4": "video",
  "video/webm": "video",
  "video/quicktime": "video",
  "audio/mpeg": "audio",
  "audio/mp4": "audio",
  "audio/wav": "audio",
  "audio/ogg": "audio",
};

/** Shown inline by the browser; everything else downloads. */
export const INLINE_CONTENT_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif", "application/pdf"]);

/** `text/plain; charset=utf-8` → `text/plain`. */
export const baseContentType = (value: string) => value.split(";")[0]!.trim().toLowerCase();

export const fileKindOf = (contentType: string): FileKind | null => UPLOAD_CONTENT_TYPES[baseContentType(contentType)] ?? null;

/** The same check the API makes, for the browser to refuse before sending a byte. */
export function uploadProblem(file: { size: number; type: string }): string | null {
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_TOO_LARGE_MESSAGE;
  if (!fileKindOf(file.type)) return "This type of file can't be uploaded. Upload images, PDFs, text, Office documents, zip, video or audio files.";
  return null;
}

/** POST /v1/files/upload_url. Size and type limits answer 413/415, so they are checked by the route, not here. */
export const uploadUrlSchema = z.object({
  filename: z
    .string({ error: "can't be blank" })
    .trim()
    .min(1, "can't be blank")
    .max(255, tooLong(255))
    // Path separators and control characters never belong in a file's name.
    .transform((name) => name.replace(/[\\/]/g, "_").replace(/\p{Cc}/gu, "")),
  content_type: z.string({ error: "can't be blank" }).trim().min(1, "can't be blank").max(255, "is too long").transform(baseContentType),
  size: z.number({ error: "must be a number of bytes" }).int("must be a whole number of bytes").min(1, "the file is empty"),
  article_id: positiveId.nullable().optional(),
  folder_id: positiveId.nullable().optional(),
  workspace_id: positiveId.optional(),
});

export type UploadUrlInput = z.infer<typeof uploadUrlSchema>;

/** PUT /v1/files/:id/content?token= */
export const uploadContentQuery = z.object({ token: z.string({ error: "is required" }).min(1, "is required") });

export const uploadViews = ["list_view", "gallery_view"] as const;

/** GET /v1/w/:ws/uploads */
export const listUploadsQuery = listQuery.extend({
  view: z.enum(uploadViews, { error: `must be one of ${uploadViews.join(", ")}` }).default("list_view"),
  sort: z.enum(sortOrders, { error: `must be one of ${sortOrders.join(", ")}` }).default("name_asc"),
  type: z.enum(fileKinds, { error: `must be one of ${fileKinds.join(", ")}` }).optional(),
});

export type ListUploadsQuery = z.infer<typeof listUploadsQuery>;

// The answers, for the OpenAPI document; presenters are typed by them (worker/presenters/uploads.ts).

export const uploadStatuses = ["pending", "stored"] as const;

export const uploadOut = z.object({
  id: z.number().int(),
  filename: z.string(),
  content_type: z.string(),
  kind: z.enum(fileKinds).nullable(),
  size: z.number().int().meta({ description: "Bytes" }),
  status: z.enum(uploadStatuses).meta({ description: "pending until its bytes are PUT to the upload link, then stored" }),
  workspace_id: z.number().int(),
  article_id: z.number().int().nullable().meta({ description: "The document it is attached to (readers of the document may read it)" }),
  folder_id: z.number().int().nullable(),
  uploaded_by_id: z.number().int().nullable(),
  uploaded_by: userCardOut.nullable(),
  url: z.string().meta({ description: "GET it with the same Authorization header for the bytes" }),
  page_url: z.string(),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
  policies: policiesOut.optional(),
});
export type UploadOut = z.infer<typeof uploadOut>;

export const uploadUrlOut = z.object({
  data: z.object({
    id: z.number().int(),
    upload_url: z.string().meta({ description: "PUT the file's bytes here (relative to the API's origin) within 15 minutes; its token is the credential" }),
    method: z.literal("PUT"),
    headers: z.record(z.string(), z.string()).meta({ description: "Headers to send with the PUT" }),
    expires_at: z.string(),
    file: uploadOut,
  }),
});

export const uploadListOut = z.object({
  data: z.array(uploadOut),
  meta: listMetaOut.extend({ view: z.enum(uploadViews), sort: z.enum(sortOrders), type: z.enum(fileKinds).nullable() }),
});
