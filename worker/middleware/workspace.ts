import { and, eq, isNull } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { Database } from "../db/client";
import { memberships, workspaces, type Membership, type Workspace } from "../db/schema";
import { authenticate, type Session } from "../auth/sessions";
import type { AppEnv } from "../lib/create-app";
import { Invalid, NotFound } from "../lib/errors";
import type { Actor } from "../policies";

/**
 * Someone with no active membership in a workspace: answered like a workspace that does not
 * exist (404), so a stranger cannot tell the two apart. Callers that load a resource by its
 * own id catch it to answer with that resource's 404, or to read as an outsider.
 */
export class NotAMember extends NotFound {
  constructor() {
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
  session: { user: Pick<Session["user"], "id" | "isSuperAdmin"> },
  workspaceId: number,
  superAdminWorkspaceHeader: string | undefined,
): Promise<{ actor: Actor; workspace: Workspace; membership: Membership | null }> {
  const [row] = await db
    .select({ workspace: workspaces, membership: memberships })
    .from(workspaces)
    .leftJoin(
      memberships,
      and(eq(memberships.workspaceId, workspaces.id), eq(memberships.userId, session.user.id), eq(memberships.status, "active")),
    )
    .where(and(eq(workspaces.id, workspaceId), isNull(workspaces.deactivatedAt)))
    .limit(1);
  if (!row) throw new NotFound("Workspace not found");

  const superAdminMode = session.user.isSuperAdmin && superAdminWorkspaceHeader === String(workspaceId);
  if (!row.membership && !superAdminMode) throw new NotAMember();
  const actor: Actor = {
    userId: session.user.id,
    role: superAdminMode ? "super_admin" : row.membership!.role,
    workspaceId,
    workspaceSettings: row.workspace.settings,
    isSuperAdmin: session.user.isSuperAdmin,
  };
  return { actor, workspace: row.workspace, membership: row.membership };
}

export function parseWorkspaceId(value: string | undefined): number | null {
  if (value === undefined || value === "") return null;
  if (!/^\d+$/.test(value)) throw new Invalid("Workspace id must be a number", { workspace_id: ["must be a number"] });
  return Number(value);
}

/**
 * For routes under `/w/:ws`: requires a session, then resolves the actor for the path's
 * workspace (the path wins over X-Workspace-Id) and sets `session`, `actor` and `workspace`.
 */
export const requireWorkspace = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get("session")) c.set("session", await authenticate(c.get("db"), c.env, c.req.header("Authorization")));
  const workspaceId = parseWorkspaceId(c.req.param("ws"));
  if (workspaceId === null) throw new NotFound("Workspace not found");
  const { actor, workspace } = await resolveActor(
    c.get("db"),
    c.get("session"),
    workspaceId,
    c.req.header("x-superadmin-workspace-id"),
  );
  c.set("actor", actor);
  c.set("workspace", workspace);
  await next();
});
