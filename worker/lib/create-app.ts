import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { BOOKMARK_HEADER, createDb, startDbSession, type Database } from "../db/client";
import type { Actor } from "../policies";
import type { Session } from "../auth/sessions";
import type { scimTokens, Workspace } from "../db/schema";
import { HttpError } from "./errors";
import { reportError } from "./reporter";

export type AppEnv = {
  Bindings: Env;
  Variables: {
    db: Database;
    /** Set by requireSession. */
    session: Session;
    /** Set by requireWorkspace: who is acting, in which workspace, with which role. */
    actor: Actor;
    /** Set by requireWorkspace: the workspace named in the path (by requireScimToken: the token's). */
    workspace: Workspace;
    /** Set by requireScimToken: the SCIM token an identity provider called with. */
    scimToken: typeof scimTokens.$inferSelect;
  };
};

/**
 * Builds a typed Hono app with the shared database handle, 404 and error handling, so
 * every sub-app and every test app answers the same way: typed errors as JSON with their
 * status, anything else reported and answered as a plain 500.
 */
export function createApp() {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    // Sub-apps mounted under the API share the first app's session.
    if (c.get("db")) return next();
    const d1 = startDbSession(c.env.DB, c.req.method, c.req.header(BOOKMARK_HEADER));
    c.set("db", createDb(d1));
    await next();
    // The client sends this back on its next call, so it reads its own writes from any replica.
    const bookmark = d1.getBookmark();
    if (bookmark && c.res.status !== 101) c.header(BOOKMARK_HEADER, bookmark);
  });
  app.notFound((c) => c.json({ error: "not_found", message: `No route for ${c.req.method} ${c.req.path}` }, 404));
  app.onError((err, c) => {
    if (err instanceof HttpError) {
      for (const [name, value] of Object.entries(err.headers)) c.header(name, value);
      return c.json(err.body(), err.status);
    }
    if (err instanceof HTTPException && err.status < 500) {
      return c.json({ error: "bad_request", message: err.message }, err.status);
    }
    reportError({ env: c.env, ctx: c.executionCtx, request: c.req.raw }, err, { surface: "api" });
    return c.json({ error: "internal_error", message: "Something went wrong on our side. It has been reported." }, 500);
  });
  return app;
}
