import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { HttpError } from "./errors";
import { reportError } from "./reporter";

export type AppEnv = { Bindings: Env };

/**
 * Builds a typed Hono app with the shared 404 and error handling, so every sub-app and
 * every test app answers errors the same way: typed errors as JSON with their status,
 * anything else reported and answered as a plain 500.
 */
export function createApp() {
  const app = new Hono<AppEnv>();
  app.notFound((c) => c.json({ error: "not_found", message: `No route for ${c.req.method} ${c.req.path}` }, 404));
  app.onError((err, c) => {
    if (err instanceof HttpError) {
      return c.json({ error: err.code, message: err.message, ...err.details }, err.status);
    }
    if (err instanceof HTTPException && err.status < 500) {
      return c.json({ error: "bad_request", message: err.message }, err.status);
    }
    reportError({ env: c.env, ctx: c.executionCtx, request: c.req.raw }, err, { surface: "api" });
    return c.json({ error: "internal_error", message: "Something went wrong on our side. It has been reported." }, 500);
  });
  return app;
}
