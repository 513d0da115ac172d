import { unzipSync } from "fflate";
import { htmlToDocument } from "../../core/document/html";
import { markdownToDocument } from "../../core/document/markdown";
import { documentToPlainText } from "../../core/document/text";
import type { SerializedDocument } from "../../core/document/types";
import { sanitizeDocument } from "../../core/document/validate";
import { MAX_IMPORT_FILES } from "../../core/contracts/imports";

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

/** Zip bombs: at most this much uncompressed data per archive. */
const MAX_UNZIPPED_BYTES = 200 * 1024 * 1024;

const extensionOf = (path: string) => path.slice(path.lastIndexOf(".")).toLowerCase();
const baseName = (path: string) => path.slice(path.lastIndexOf("/") + 1).replace(/\.[^.]+$/, "");

/** Expands zips into their markdown and HTML entries (skipping system files); other files pass through. */
export function expandUploads(files: ImportEntry[]): { entries: ImportEntry[]; errors: { name: string; error: string }[] } {
  const entries: ImportEntry[] = [];
  const errors: { name: string; error: string }[] = [];
  for (const file of files) {
    if (extensionOf(file.path) !== ".zip") {
      entries.push(file);
      continue;
    }
    try {
      let unzipped = 0;
      const archive = unzipSync(file.bytes, {
        filter: (entry) => {
          if (entry.name.endsWith("/") || entry.name.startsWith("__MACOSX/") || baseName(entry.name).startsWith(".")) return false;
          unzipped += entry.originalSize;
          if (unzipped > MAX_UNZIPPED_BYTES) throw new Error("The archive expands to more than 200 MB");
          return true;
        },
      });
      const prefix = baseName(file.path);
      for (const [name, bytes] of Object.entries(archive)) entries.push({ path: `${prefix}/${name}`, bytes });
    } catch (error) {
      errors.push({ name: file.path, error: `Could not open the zip archive: ${(error as Error).message}` });
    }
  }
  if (entries.length > MAX_IMPORT_FILES) {
    for (const extra of entries.splice(MAX_IMPORT_FILES)) {
      errors.push({ name: extra.path, error: `Skipped: an import takes at most ${MAX_IMPORT_FILES} files` });
    }
  }
  return { entries, errors };
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
  if (![".md", ".markdown", ".txt", ".html", ".htm"].includes(extension)) {
    throw new Error(`Unsupported file type ${extension || "(none)"}: import markdown, HTML or a zip of them`);
  }
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
