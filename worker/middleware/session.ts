import { createMiddleware } from "hono/factory";
import { authenticate } from "../auth/sessions";
import type { AppEnv } from "../lib/create-app";
import { authenticateIn, parseWorkspaceId, resolveActor } from "./workspace";

/**
 * Requires `Authorization: Bearer <token>` for a live session (401 otherwise). When the
 * client names a workspace with `X-Workspace-Id`, the user must belong to it (404, as for
 * an unknown workspace, otherwise) and `actor` is set for it.
 */
export const requireSession = createMiddleware<AppEnv>(async (c, next) => {
  const keySession = c.get("session");
  if (keySession?.apiKey) {
    // Set by the API key gate: a workspace key needs no X-Workspace-Id for its own workspace.
    const workspaceId = parseWorkspaceId(c.req.header("X-Workspace-Id")) ?? keySession.apiKey.workspaceId;
    if (workspaceId !== null) c.set("actor", (await resolveActor(c.get("db"), keySession, workspaceId, undefined)).actor);
    return next();
  }
  // One round trip for both: the session lookup and the X-Workspace-Id membership, side by side.
  const { session, resolved } = await authenticateIn(
    c.get("db"),
    c.env,
    c.req.header("Authorization"),
    c.req.header("X-Workspace-Id"),
    c.req.header("x-superadmin-workspace-id"),
  );
  c.set("session", session);
  if (resolved) c.set("actor", resolved.actor);
  await next();
});

/**
 * The same, without the workspace check, for the calls a client makes to find its way
 * back when its current workspace is stale: who am I, my workspaces, sign out, joining.
 */
export const requireSessionAnyWorkspace = createMiddleware<AppEnv>(async (c, next) => {
  if (c.get("session")?.apiKey) return next();
  c.set("session", await authenticate(c.get("db"), c.env, c.req.header("Authorization")));
  await next();
});

/**
 * For calls anonymous visitors may make too (public pages, anyone-with-the-link documents):
 * a session when the client sends a token (a bad one is still 401), none otherwise.
 */
export const optionalSession = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.header("Authorization") && !c.get("session")?.apiKey) {
    c.set("session", await authenticate(c.get("db"), c.env, c.req.header("Authorization")));
  }
  await next();
});
