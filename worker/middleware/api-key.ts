import { findTargetHandler } from "hono/utils/handler";
import { matchedRoutes } from "hono/route";
import { createMiddleware } from "hono/factory";
import type { Context } from "hono";
import { apiKeyToken, authenticateApiKey } from "../auth/api-keys";
import type { AppEnv } from "../lib/create-app";
import { HttpError, TooManyRequests } from "../lib/errors";
import { reportError } from "../lib/reporter";
import { publicSpecOf } from "../openapi/public-route";
import { recordApiCall } from "../services/api-keys/audit";
import { rateLimitHeaders, takeApiCall } from "../services/api-keys/rate-limit";

/** 403 for a key on a route outside the public API, or without the scope the route needs. */
export class KeyRefused extends HttpError {
  constructor(message: string, code: "not_public" | "missing_scope", details: Record<string, unknown> = {}) {
    super(403, message, code, details);
  }
}

/**
 * The route this request runs and its public spec, if it has one. Routes registered as
 * `get(path, publicRoute(…), validate(…), handler)` appear as consecutive entries of one path
 * and method; the first such path matched is the one Hono runs.
 */
function publicRouteOf(c: Context<AppEnv>) {
  const routes = matchedRoutes(c).filter((route) => route.method !== "ALL");
  const first = routes[0];
  if (!first) return null;
  for (const route of routes) {
    if (route.path !== first.path || route.method !== first.method) break;
    const spec = publicSpecOf(findTargetHandler(route.handler));
    if (spec) return { path: route.path, scope: spec["x-scope"] };
  }
  return null;
}

/**
 * For requests made with an API key (`Authorization: Bearer bw_…`): the key must be live (401),
 * the route public (403 `not_public`) and in the key's scopes (403 `missing_scope`), and the
 * key within its calls per minute (429, the route not run); then the session it stands for is
 * set for the route's own auth. Every answer from here on carries the key's RateLimit-*
 * headers and is recorded in the workspace's audit events, a 429 too. Requests with a session
 * token pass straight through: the web app is not rate limited here.
 */
export const apiKeyGate = createMiddleware<AppEnv>(async (c, next) => {
  const token = apiKeyToken(c.req.header("Authorization"));
  if (!token) return next();
  const db = c.get("db");
  const session = await authenticateApiKey(db, token);
  const grant = session.apiKey!;
  const route = publicRouteOf(c);
  if (!route) {
    throw new KeyRefused("API keys can call only the public API, which /v1/openapi.json lists. This route is not part of it.", "not_public");
  }
  if (!grant.scopes.includes(route.scope)) {
    throw new KeyRefused(`This API key does not have the "${route.scope}" scope this route needs.`, "missing_scope", { scope: route.scope });
  }
  c.set("session", session);
  const verdict = await takeApiCall(c.env, grant).catch((error: unknown) => {
    // A counter that cannot answer must not take the API down with it: the call goes through, unmetered.
    reportError({ env: c.env, ctx: c.executionCtx, request: c.req.raw }, error, { surface: "rate-limit" });
    return null;
  });
  try {
    if (verdict && !verdict.allowed) {
      const refusal = new TooManyRequests(`This API key made its ${verdict.limit} calls a minute. Wait ${verdict.retryAfter} s and try again.`, verdict.retryAfter);
      c.res = c.json(refusal.body(), refusal.status, refusal.headers);
    } else {
      await next();
    }
  } finally {
    if (verdict) for (const [name, value] of Object.entries(rateLimitHeaders(verdict))) c.res.headers.set(name, value);
    await recordApiCall(db, grant, {
      userId: session.user.id,
      workspaceId: c.get("actor")?.workspaceId ?? grant.workspaceId,
      method: c.req.method,
      route: route.path,
      status: c.res.status,
      ip: c.req.header("CF-Connecting-IP") ?? null,
    });
  }
});
