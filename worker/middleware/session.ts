import { createMiddleware } from "hono/factory";
import { authenticate } from "../auth/sessions";
import type { AppEnv } from "../lib/create-app";

/** Requires `Authorization: Bearer <token>` for a live session; 401 otherwise. */
export const requireSession = createMiddleware<AppEnv>(async (c, next) => {
  c.set("session", await authenticate(c.get("db"), c.env, c.req.header("Authorization")));
  await next();
});
