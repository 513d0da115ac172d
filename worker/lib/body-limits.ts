import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { matchedRoutes } from "hono/route";
import type { AppEnv } from "./create-app";

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
  // services/import-files: streamed, 413 past 50 MB with or without Content-Length.
  "POST /v1/w/:ws/imports": null,
  // Content-Length must match the size announced when the upload was created.
  "PUT /v1/files/:id/content": null,
};

const limiters = new Map<number, ReturnType<typeof bodyLimit>>();
const limiterFor = (maxSize: number) => {
  let limiter = limiters.get(maxSize);
  if (!limiter) {
    const message = `The request body is over the ${maxSize / MB} MB limit for this request`;
    limiter = bodyLimit({ maxSize, onError: (c) => c.json({ error: "payload_too_large", message, max_bytes: maxSize }, 413) });
    limiters.set(maxSize, limiter);
  }
  return limiter;
};

/**
 * One body cap for the whole API, mounted once at the root: a Content-Length over the cap is
 * answered 413 before anything is read, and a body without one is read only up to the cap,
 * so no route parses an oversized body. The cap is the matched route's override, if any.
 */
export const requestBodyLimit = createMiddleware<AppEnv>(async (c, next) => {
  const route = matchedRoutes(c).findLast((candidate) => candidate.method !== "ALL");
  const key = route ? `${route.method} ${route.path}` : "";
  const maxSize = key in BODY_LIMIT_OVERRIDES ? BODY_LIMIT_OVERRIDES[key] : DEFAULT_BODY_LIMIT;
  if (maxSize === null) return next();
  return limiterFor(maxSize!)(c, next);
});
