import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/cloudflare";
import { Unzip, UnzipInflate } from "fflate";
import { htmlToDocument } from "../../core/document/html";
import { markdownToDocument } from "../../core/document/markdown";
import { documentToPlainText } from "../../core/document/text";
import type { SerializedDocument } from "../../core/document/types";
import { sanitizeDocument } from "../../core/document/validate";
import { MAX_IMPORT_FILES } from "../../core/contracts/imports";
import { count } from "../../core/counting";
import { MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE_MESSAGE } from "../../core/enums";
import { HttpError, Invalid } from "../lib/errors";
import { concatBytes } from "../lib/capped-read";
import { bodyStreamWithin } from "../lib/refused-body";

// Turning uploaded files into documents: what an import job works through. Pure apart from
// decoding, so each file's failure is its own and never stops the rest.

export interface ImportEntry {
  /** Path inside the upload ("notes/plan.md"), used for folders and for reporting. */
  path: string;
  bytes: Uint8Array;
}

export interface ConvertedFile {
  title: string;
  body: SerializedDocument;
  bodyText: string;
  warnings: string[];
}

/**
 * What one import may hold. The body is read as a stream and zips are inflated entry by
 * entry, so memory holds only the accepted documents' text, never the whole upload or archive.
 */
export const IMPORT_LIMITS = {
  /** The request body (Content-Length, or bytes actually read when it is missing). */
  requestBytes: MAX_UPLOAD_BYTES,
  /** Documents in one import, zip entries included. */
  entries: MAX_IMPORT_FILES,
  /** One document's bytes once inflated: the editor takes 2 MB of markdown, HTML is wordier. */
  entryBytes: 5 * 1024 * 1024,
  /** All documents' bytes together, once inflated. */
  totalBytes: 32 * 1024 * 1024,
  /** A zip may expand at most this many times the bytes read of it (zip bombs). */
  ratio: 100,
};

const SUPPORTED = new Set([".md", ".markdown", ".txt", ".html", ".htm"]);
const unsupported = (path: string) => `Unsupported file type ${extensionOf(path) || "(none)"}: import markdown, HTML or a zip of them`;
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
/** Inflating a slice at a time bounds what one push can expand to (deflate tops out near 1:1032). */
const ZIP_SLICE = 4 * 1024;
/** Below this many inflated bytes the ratio is not judged: tiny text files compress very well. */
const RATIO_FLOOR = 64 * 1024;

const extensionOf = (path: string) => (path.includes(".") ? path.slice(path.lastIndexOf(".")).toLowerCase() : "");
const baseName = (path: string) => path.slice(path.lastIndexOf("/") + 1).replace(/\.[^.]+$/, "");

export interface ImportUpload {
  /** The `folder_id` form field as sent (validated by the caller). */
  folderId: string | undefined;
  /** Files chosen (a zip counts once). */
  files: number;
  entries: ImportEntry[];
  errors: { name: string; error: string }[];
}

/**
 * Reads a multipart import request as a stream: `files` parts become entries (zips are
 * inflated one entry at a time under IMPORT_LIMITS), `folder_id` is kept, anything else is
 * skipped. A body over the request cap is refused with 413 before or while it is read; a
 * file or archive over a cap becomes an error for that file, the rest go on.
 */
export async function readImportUpload(request: Request, limits = IMPORT_LIMITS): Promise<ImportUpload> {
  const tooLarge = () => new HttpError(413, UPLOAD_TOO_LARGE_MESSAGE, "file_too_large", { max_bytes: limits.requestBytes });
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > limits.requestBytes) throw tooLarge();
  const contentType = request.headers.get("content-type") ?? "";
  if (!request.body || !/^multipart\/form-data;.*boundary=/i.test(contentType)) {
    throw new Invalid("Send the files as multipart/form-data", { files: ["must be multipart/form-data"] });
  }

  // Without a Content-Length the cap is enforced on the bytes as they arrive.
  const counted = bodyStreamWithin(request.body, limits.requestBytes, tooLarge);

  const upload: ImportUpload = { folderId: undefined, files: 0, entries: [], errors: [] };
  let kept = 0;
  const accept = (entry: ImportEntry): string | null => {
    if (upload.entries.length >= limits.entries) return `Skipped: an import takes at most ${count(limits.entries, "file")}`;
    if (kept + entry.bytes.byteLength > limits.totalBytes) return `Skipped: an import takes at most ${mb(limits.totalBytes)} of documents`;
    kept += entry.bytes.byteLength;
    upload.entries.push(entry);
    return null;
  };
  const add = (entry: ImportEntry) => {
    const refused = accept(entry);
    if (refused) upload.errors.push({ name: entry.path, error: refused });
  };

  const handler: UploadHandler = async (part) => {
    if (part.filename === undefined) {
      // A plain field: only folder_id is read, and only a short one.
      const value = await collect(part.data, 64);
      if (part.name === "folder_id") {
        if (value === null) throw new Invalid("folder_id is not a folder id", { folder_id: ["is not a folder id"] });
        upload.folderId = new TextDecoder().decode(value);
      }
      return undefined;
    }
    const name = part.filename.replace(/\\/g, "/").split("/").pop() ?? "";
    if (part.name !== "files" || !name) return void (await drain(part.data));
    upload.files++;
    if (extensionOf(name) === ".zip") {
      const archive = await inflateZip(name, part.data, limits, upload.entries.length);
      if (archive.failure) upload.errors.push({ name, error: `Could not import the zip archive: ${archive.failure}` });
      else {
        upload.errors.push(...archive.errors);
        for (const entry of archive.entries) add(entry);
      }
    } else if (!SUPPORTED.has(extensionOf(name))) {
      await drain(part.data);
      upload.errors.push({ name, error: unsupported(name) });
    } else {
      const bytes = await collect(part.data, limits.entryBytes);
      if (bytes === null) upload.errors.push({ name, error: `Skipped: a file may be at most ${mb(limits.entryBytes)}` });
      else add({ path: name, bytes });
    }
    return undefined;
  };

  try {
    await unstable_parseMultipartFormData(new Request(request.url, { method: "POST", headers: { "content-type": contentType }, body: counted }), handler);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new Invalid("The upload could not be read as multipart/form-data", { files: ["could not be read"] });
  }
  return upload;
}

/** All of a part's bytes, or null once there are more than `max` (the rest is still read and dropped). */
async function collect(data: AsyncIterable<Uint8Array>, max: number): Promise<Uint8Array | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of data) {
    size += chunk.byteLength;
    if (size <= max) chunks.push(chunk);
  }
  return size > max ? null : concatBytes(chunks, size);
}

async function drain(data: AsyncIterable<Uint8Array>): Promise<void> {
  for await (const chunk of data) void chunk;
}

/**
 * Inflates a zip as it streams in (fflate's Unzip), keeping markdown and HTML entries and
 * skipping system files. Per-entry and ratio caps are judged on the bytes actually inflated,
 * not on the sizes the archive claims. A failure refuses the whole archive.
 */
async function inflateZip(
  name: string,
  data: AsyncIterable<Uint8Array>,
  limits: typeof IMPORT_LIMITS,
  alreadyKept: number,
): Promise<{ entries: ImportEntry[]; errors: { name: string; error: string }[]; failure: string | null }> {
  const prefix = baseName(name);
  const entries: ImportEntry[] = [];
  const errors: { name: string; error: string }[] = [];
  let failure: string | null = null;
  let compressed = 0;
  let inflated = 0;
  let seen = alreadyKept;

  const unzip = new Unzip((file) => {
    if (failure || file.name.endsWith("/") || file.name.startsWith("__MACOSX/") || baseName(file.name).startsWith(".")) return;
    const path = `${prefix}/${file.name}`;
    if (++seen > limits.entries) {
      failure = `it holds more than ${count(limits.entries, "file")}`;
      return;
    }
    // Not started means not inflated: fflate skips the entry's bytes.
    if (!SUPPORTED.has(extensionOf(file.name))) return void errors.push({ name: path, error: unsupported(file.name) });
    if ((file.originalSize ?? 0) > limits.entryBytes) return void errors.push({ name: path, error: `Skipped: a file may be at most ${mb(limits.entryBytes)}` });
    const chunks: Uint8Array[] = [];
    let size = 0;
    file.ondata = (error, chunk, final) => {
      if (error) return void (failure ??= error.message);
      inflated += chunk.byteLength;
      if (inflated > limits.totalBytes) failure ??= `it expands to more than ${mb(limits.totalBytes)}`;
      if (inflated > RATIO_FLOOR && inflated > limits.ratio * compressed) failure ??= `it expands more than ${count(limits.ratio, "time")} its size`;
      if (size > limits.entryBytes) return;
      size += chunk.byteLength;
      if (size > limits.entryBytes) {
        chunks.length = 0;
        return void errors.push({ name: path, error: `Skipped: a file may be at most ${mb(limits.entryBytes)}` });
      }
      chunks.push(chunk);
      if (final) entries.push({ path, bytes: concatBytes(chunks, size) });
    };
    file.start();
  });
  unzip.register(UnzipInflate);

  // The part is always read to its end (the multipart stream needs it), but once the
  // archive has failed nothing more is inflated.
  for await (const chunk of data) {
    for (let offset = 0; offset < chunk.byteLength && !failure; offset += ZIP_SLICE) {
      const slice = chunk.subarray(offset, offset + ZIP_SLICE);
      compressed += slice.byteLength;
      try {
        unzip.push(slice);
      } catch (error) {
        failure = (error as Error).message;
      }
    }
  }
  if (!failure) {
    try {
      unzip.push(new Uint8Array(0), true);
    } catch (error) {
      failure = (error as Error).message;
    }
  }
  return { entries, errors, failure };
}

/** The first level-1 heading becomes the title (and leaves the body), else the file name does. */
function takeTitle(body: SerializedDocument, fallback: string): { title: string; body: SerializedDocument } {
  const [first, ...rest] = body.root.children;
  if (first && first.type === "heading" && (first as { tag?: string }).tag === "h1") {
    const title = documentToPlainText({ root: { ...body.root, children: [first] } }).trim();
    if (title) return { title: title.slice(0, 300), body: { root: { ...body.root, children: rest } } };
  }
  return { title: fallback.slice(0, 300) || "Untitled", body };
}

/** One file to a document, or an error message saying why not. */
export function convertFile(entry: ImportEntry): ConvertedFile {
  const extension = extensionOf(entry.path);
  if (!SUPPORTED.has(extension)) throw new Error(unsupported(entry.path));
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(entry.bytes);
  } catch {
    throw new Error("The file is not UTF-8 text");
  }
  const isHtml = extension === ".html" || extension === ".htm";
  const converted = isHtml ? htmlToDocument(text) : markdownToDocument(text);
  const htmlTitle = isHtml ? /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1]?.trim() : undefined;
  const sanitized = sanitizeDocument(converted.document);
  const { title, body } = takeTitle(sanitized.document, htmlTitle || baseName(entry.path));
  return { title, body, bodyText: documentToPlainText(body), warnings: [...converted.warnings, ...sanitized.issues] };
}

/** The folder path of an entry ("a/b/c.md" → ["a", "b"]). */
export const folderPathOf = (path: string) => path.split("/").slice(0, -1).filter(Boolean);
