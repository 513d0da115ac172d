import { INLINE_CONTENT_TYPES } from "../../core/contracts/files";
import { count } from "../../core/counting";
import { HttpError } from "../lib/errors";

/**
 * THE storage module: the only code that talks to the R2 bucket (binding `UPLOADS`).
 * It streams bodies in and out and decides the headers a stored file is served with;
 * who may store or read what is decided before anything reaches it.
 */

type StorageEnv = Pick<Env, "UPLOADS">;

export interface StoredFile {
  r2Key: string;
  filename: string;
  contentType: string;
}

declare const readChecked: unique symbol;
/**
 * A stored file someone passed the read check for (`readableUpload` in services/uploads.ts
 * is the only code that makes one): the functions here that hand bytes to a user take only
 * this, so no feature can read a file by its id without the check.
 */
export type ReadableFile = StoredFile & { readonly [readChecked]: true };

/** `filename*` (RFC 6266/5987) for any name, with a plain-ASCII `filename` beside it for old clients. */
export function contentDisposition(filename: string, inline: boolean) {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${inline ? "inline" : "attachment"}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Images and PDFs open in the browser; everything else downloads (SVG too: it can carry script). */
export const servedInline = (contentType: string) => INLINE_CONTENT_TYPES.has(contentType);

/** A fresh object key; rows point at it, so it never has to mean anything. */
export const newObjectKey = (workspaceId: number) => `uploads/${workspaceId}/${crypto.randomUUID()}`;

/**
 * Streams `body` into R2 through a FixedLengthStream of exactly `length` bytes: the body is
 * never held in memory, and a body longer or shorter than announced fails the write instead
 * of storing a byte more or fewer. When the body is what failed first (the sender went away
 * mid-upload, or sent a different length), it is a 400 the sender can retry, not a 500.
 */
export async function storeStream(env: StorageEnv, file: StoredFile, body: ReadableStream<Uint8Array>, length: number) {
  const { readable, writable } = new FixedLengthStream(length);
  let failedFirst: "body" | "storage" | null = null;
  const put = env.UPLOADS.put(file.r2Key, readable, {
    httpMetadata: { contentType: file.contentType, contentDisposition: contentDisposition(file.filename, servedInline(file.contentType)) },
  }).catch((error: unknown) => {
    failedFirst ??= "storage";
    throw error;
  });
  const piped = body.pipeTo(writable).catch((error: unknown) => {
    failedFirst ??= "body";
    throw error;
  });
  try {
    const [object] = await Promise.all([put, piped]);
    return object;
  } catch (error) {
    if (failedFirst !== "body") throw error;
    // Wait for the other side to settle too, so nothing is left rejecting unobserved.
    await Promise.allSettled([put, piped]);
    throw new HttpError(400, `The upload stopped before all ${count(length, "byte")} arrived. Send the file again.`, "upload_incomplete", { size: length });
  }
}

export async function deleteStored(env: StorageEnv, r2Key: string) {
  await env.UPLOADS.delete(r2Key);
}

/** Never `public`: access is checked on every request, so only the person's own browser may keep a copy. */
const CACHE_CONTROL = "private, max-age=3600";

/**
 * The response for a stored file: streamed from R2, 304 when `If-None-Match` names the
 * current ETag, 404 when the object is gone. Served in a sandbox with sniffing off, so an
 * uploaded file can never run as part of this site.
 */
export async function serveStored(env: StorageEnv, file: ReadableFile, request: Request): Promise<Response> {
  const object = await env.UPLOADS.get(file.r2Key, { onlyIf: request.headers });
  if (!object) return Response.json({ error: "not_found", message: "File not found" }, { status: 404 });
  const inline = servedInline(file.contentType);
  const headers = new Headers({
    ETag: object.httpEtag,
    "Cache-Control": CACHE_CONTROL,
    "Last-Modified": object.uploaded.toUTCString(),
    "X-Content-Type-Options": "nosniff",
    // Chrome's PDF viewer does not run in a sandboxed document; PDFs keep their own viewer's rules.
    ...(file.contentType === "application/pdf" ? {} : { "Content-Security-Policy": "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; media-src 'self'; sandbox" }),
  });
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  headers.set("Content-Type", file.contentType);
  headers.set("Content-Length", String(object.size));
  headers.set("Content-Disposition", contentDisposition(file.filename, inline));
  return new Response(object.body, { status: 200, headers });
}

/** A stored text file's contents, for reading sources; null when gone or larger than `maxBytes`. */
export async function readStoredText(env: StorageEnv, file: ReadableFile, maxBytes: number): Promise<string | null> {
  const object = await env.UPLOADS.get(file.r2Key);
  if (!object) return null;
  if (object.size > maxBytes) {
    await object.body.cancel();
    return null;
  }
  return object.text();
}

/** A stored file's bytes (a recording to transcribe); null when gone or larger than `maxBytes`. */
export async function readStoredBytes(env: StorageEnv, file: ReadableFile, maxBytes: number): Promise<ArrayBuffer | null> {
  const object = await env.UPLOADS.get(file.r2Key);
  if (!object) return null;
  if (object.size > maxBytes) {
    await object.body.cancel();
    return null;
  }
  return object.arrayBuffer();
}
