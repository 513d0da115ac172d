import { and, eq, isNull, type AnyColumn } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { createMiddleware } from "hono/factory";
import type { Database } from "../db/client";
import { memberships, sessions, users, workspaces, type Membership, type Workspace } from "../db/schema";
import { apiKeyToken, authenticateApiKey, workspaceKeyRole, type ApiKeyGrant } from "../auth/api-keys";
import { liveSession, sessionLookup, verifySessionToken, type Session } from "../auth/sessions";
import type { AppEnv } from "../lib/create-app";
import { Invalid, NotFound } from "../lib/errors";
import type { Actor } from "../policies";

/**
 * Someone with no active membership in a workspace: answered like a workspace that does not
 * exist (404), so a stranger cannot tell the two apart. Callers that load a resource by its
 * own id catch it to answer with that resource's 404, or to read as an outsider.
 */
export class NotAMember extends NotFound {
  /** The workspace they are not in, already read, for callers that go on as an outsider. */
  constructor(readonly workspace: Workspace) {
    super("Workspace not found");
  }
}

/**
 * Works out who is acting in a workspace: their active membership's role, or super_admin
 * when the user is one and `x-superadmin-workspace-id` names this workspace. A user with no
 * active membership (and no super-admin mode for it) gets 404 (`NotAMember`), as for an
 * unknown workspace; a member who lacks a permission gets 403 from the policy instead.
 */
export async function resolveActor(
  db: Database,
  session: { user: Pick<Session["user"], "id" | "isSuperAdmin">; apiKey?: ApiKeyGrant },
  workspaceId: number,
  superAdminWorkspaceHeader: string | undefined,
): Promise<ResolvedActor> {
  const [row] = await actorLookup(db, session.user.id, workspaceId);
  return actorFromRow(row, session, workspaceId, superAdminWorkspaceHeader);
}

type ResolvedActor = { actor: Actor; workspace: Workspace; membership: Membership | null };

/** The join condition for a user's active membership in a workspace: THE membership every actor is resolved from. */
export const activeMembership = (workspaceId: number | AnyColumn, userId: number | AnyColumn) =>
  and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId), eq(memberships.status, "active"));

/** The workspace and the user's active membership in it. */
function actorLookup(db: Database, userId: number, workspaceId: number) {
  return db
    .select({ workspace: workspaces, membership: memberships })
    .from(workspaces)
    .leftJoin(memberships, activeMembership(workspaces.id, userId))
    .where(and(eq(workspaces.id, workspaceId), isNull(workspaces.deactivatedAt)))
    .limit(1);
}

/** The actor from a workspace row and the user's membership in it (`NotAMember` for a stranger). */
export function actorFromRow(
  row: { workspace: Workspace; membership: Membership | null } | undefined,
  session: { user: Pick<Session["user"], "id" | "isSuperAdmin">; apiKey?: ApiKeyGrant },
  workspaceId: number,
  superAdminWorkspaceHeader: string | undefined,
): ResolvedActor {
  if (!row) throw new NotFound("Workspace not found");
  const grant = session.apiKey;
  if (grant?.workspaceId != null) {
    // A workspace key is its own member of its workspace only; everywhere else it is a stranger.
    if (grant.workspaceId !== workspaceId) throw new NotAMember(row.workspace);
    const actor: Actor = { userId: session.user.id, role: workspaceKeyRole(grant), workspaceId, workspaceSettings: row.workspace.settings, isSuperAdmin: false, scopes: grant.scopes };
    return { actor, workspace: row.workspace, membership: null };
  }

  // Super-admin mode is for people at the app, never for a script holding their token.
  const superAdminMode = !grant && session.user.isSuperAdmin && superAdminWorkspaceHeader === String(workspaceId);
  if (!row.membership && !superAdminMode) throw new NotAMember(row.workspace);
  const actor: Actor = {
    userId: session.user.id,
    role: superAdminMode ? "super_admin" : row.membership!.role,
    workspaceId,
    workspaceSettings: row.workspace.settings,
    isSuperAdmin: grant ? false : session.user.isSuperAdmin,
    ...(grant && { scopes: grant.scopes }),
  };
  return { actor, workspace: row.workspace, membership: row.membership };
}

export function parseWorkspaceId(value: string | undefined): number | null {
  if (value === undefined || value === "") return null;
  if (!/^\d+$/.test(value)) throw new Invalid("Workspace id must be a number", { workspace_id: ["must be a number"] });
  return Number(value);
}

/**
 * A request's session and, when it names a workspace, the actor there, in one statement. The
 * session is judged first, so a dead session is a 401 whatever the workspace; then a bad id is
 * a 400, an unknown workspace or a stranger a 404.
 */
export async function authenticateIn(
  db: Database,
  env: Env,
  authorization: string | undefined,
  rawWorkspaceId: string | undefined,
  superAdminWorkspaceHeader: string | undefined,
): Promise<{ session: Session; resolved: ResolvedActor | null }> {
  const key = apiKeyToken(authorization);
  if (key) return authenticateKeyIn(db, key, rawWorkspaceId);
  const claims = await verifySessionToken(env, authorization);
  const workspaceId = /^\d+$/.test(rawWorkspaceId ?? "") ? Number(rawWorkspaceId) : null;
  if (workspaceId === null) {
    const [row] = await sessionLookup(db, claims.sessionId);
    const session = liveSession(row, claims);
    parseWorkspaceId(rawWorkspaceId); // a malformed id: 400
    return { session, resolved: null };
  }
  const [row] = await sessionInWorkspace(db, claims.sessionId, workspaceId);
  const session = liveSession(row, claims);
  const actorRow = row?.workspace ? { workspace: row.workspace, membership: row.membership } : undefined;
  return { session, resolved: actorFromRow(actorRow, session, workspaceId, superAdminWorkspaceHeader) };
}

/**
 * `authenticateIn` for an API key: a workspace key works in its own workspace when the request
 * names none (scripts need not send X-Workspace-Id); a personal token, like a session, only
 * where the request says.
 */
async function authenticateKeyIn(db: Database, token: string, rawWorkspaceId: string | undefined) {
  const session = await authenticateApiKey(db, token);
  const named = parseWorkspaceId(rawWorkspaceId);
  const workspaceId = named ?? session.apiKey!.workspaceId;
  if (workspaceId === null) return { session, resolved: null };
  return { session, resolved: await resolveActor(db, session, workspaceId, undefined) };
}

/**
 * `sessionLookup` and `actorLookup` as one statement: the session's row, its user, and the
 * workspace with the user's active membership left-joined to it. One statement rather than a
 * `db.batch` because drizzle reads batch results as objects by column name, which scrambles
 * joins whose tables share column names (id, created_at); a single select reads them by position.
 */
function sessionInWorkspace(db: Database, sessionId: string, workspaceId: number) {
  const impersonator = alias(users, "impersonator");
  return db
    .select({ session: sessions, user: users, impersonatorIsSuperAdmin: impersonator.isSuperAdmin, workspace: workspaces, membership: memberships })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(impersonator, eq(impersonator.id, sessions.impersonatorId))
    .leftJoin(workspaces, and(eq(workspaces.id, workspaceId), isNull(workspaces.deactivatedAt)))
    .leftJoin(memberships, activeMembership(workspaces.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .limit(1);
}

/**
 * For routes under `/w/:ws`: requires a session, then resolves the actor for the path's
 * workspace (the path wins over X-Workspace-Id) and sets `session`, `actor` and `workspace`.
 */
export const requireWorkspace = createMiddleware<AppEnv>(async (c, next) => {
  const superAdminHeader = c.req.header("x-superadmin-workspace-id");
  let resolved: ResolvedActor;
  const known = c.get("session");
  if (known) {
    const workspaceId = parseWorkspaceId(c.req.param("ws"));
    if (workspaceId === null) throw new NotFound("Workspace not found");
    resolved = await resolveActor(c.get("db"), known, workspaceId, superAdminHeader);
  } else {
    const found = await authenticateIn(c.get("db"), c.env, c.req.header("Authorization"), c.req.param("ws") ?? "", superAdminHeader);
    c.set("session", found.session);
    if (!found.resolved) throw new NotFound("Workspace not found");
    resolved = found.resolved;
  }
  c.set("actor", resolved.actor);
  c.set("workspace", resolved.workspace);
  await next();
});
