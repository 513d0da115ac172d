import { createMiddleware } from "hono/factory";
import { matchedRoutes } from "hono/route";
import type { AppEnv } from "./create-app";
import { HttpError } from "./errors";
import { readBodyWithin } from "./refused-body";

const MB = 1024 * 1024;

/** What any API request body may be, unless its route is listed below. */
export const DEFAULT_BODY_LIMIT = 1 * MB;

/**
 * Routes that need more than the default, by "METHOD /v1/route/:pattern". A document carries
 * up to 2 MB of markdown or editor JSON (D1 stores at most 2,000,000 bytes in a row, so no
 * larger document could be saved anyway); a content source up to 500,000 characters.
 * `null`: the route streams its body under its own cap and must not be buffered here.
 */
export const DOCUMENT_BODY_LIMIT = 2 * MB;
export const BODY_LIMIT_OVERRIDES: Record<string, number | null> = {
  "POST /v1/w/:ws/articles": DOCUMENT_BODY_LIMIT,
  "PUT /v1/articles/:id": DOCUMENT_BODY_LIMIT,
  "PUT /v1/internal/rooms/:room/document": DOCUMENT_BODY_LIMIT,
  "POST /v1/w/:ws/knowledge_sources": 2 * MB,
  "POST /v1/w/:ws/campaigns": 2 * MB,
  "POST /v1/brand_kits/:id/voice_draft": 2 * MB,
  // Stripe's events are a few KB; its raw body is read whole to check the signature.
  "POST /v1/webhooks/stripe": 512 * 1024,
  // services/import-files: streamed, 413 past 50 MB with or without Content-Length.
  "POST /v1/w/:ws/imports": null,
  // Content-Length must match the size announced when the upload was created.
  "PUT /v1/files/:id/content": null,
};

/**
 * One body cap for the whole API, mounted once at the root: a Content-Length over the cap is
 * answered 413 before anything is read, and a body without one is read only up to the cap,
 * so no route parses an oversized body. The cap is the matched route's override, if any. What
 * is left unread of a refused body is read and dropped before the answer (lib/refused-body).
 */
export const requestBodyLimit = createMiddleware<AppEnv>(async (c, next) => {
  const route = matchedRoutes(c).findLast((candidate) => candidate.method !== "ALL");
  const key = route ? `${route.method} ${route.path}` : "";
  const maxSize = key in BODY_LIMIT_OVERRIDES ? (BODY_LIMIT_OVERRIDES[key] ?? null) : DEFAULT_BODY_LIMIT;
  const body = c.req.raw.body;
  if (maxSize === null || !body) return next();
  const tooLarge = () => new HttpError(413, `The request body is over the ${maxSize / MB} MB limit for this request`, "payload_too_large", { max_bytes: maxSize });
  const declared = c.req.header("Content-Length");
  if (declared !== undefined && /^\d+$/.test(declared) && !c.req.header("Transfer-Encoding")) {
    if (Number(declared) > maxSize) throw tooLarge();
    return next();
  }
  const bytes = await readBodyWithin(body, maxSize);
  if (!bytes) throw tooLarge();
  c.req.raw = new Request(c.req.raw, { body: bytes });
  return next();
});
