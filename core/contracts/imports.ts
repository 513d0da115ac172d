import * as z from "zod";
import { positiveId } from "./common";

/** What an import accepts: markdown, HTML, or a zip of them (folders become folders). */
export const IMPORT_EXTENSIONS = [".md", ".markdown", ".txt", ".html", ".htm", ".zip"] as const;
/** The whole upload, zips included, stays under the file limit. */
export const MAX_IMPORT_FILES = 500;

/** Form fields of POST /v1/w/:ws/imports besides the files. */
export const createImportFields = z.object({
  folder_id: z
    .union([z.literal(""), positiveId])
    .optional()
    .transform((value) => (value === "" || value === undefined ? null : value)),
});

/** `/imports/:key` */
export const importKeyParam = z.object({ key: z.string().regex(/^[a-z0-9]{16}$/, "is not an import key") });
