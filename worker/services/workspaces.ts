import { and, count, eq, isNull, sql } from "drizzle-orm";
import type * as z from "zod";
import type { updateWorkspaceSettingsSchema } from "../../core/contracts/workspaces";
import { workspaceKeyRole, type ApiKeyGrant } from "../auth/api-keys";
import type { Database } from "../db/client";
import { billingAccounts, memberships, users, workspaces, type User, type Workspace } from "../db/schema";
import { NotFound } from "../lib/errors";
import { effectiveSettings, presentWorkspace, presentWorkspaceSettings, type WorkspaceBilling } from "../presenters/workspaces";
import { authorizeWithinPlanOf, billingAccountOf } from "./billing/entitlements";
import { billingConfig, type BillingEnv } from "./billing/stripe-client";

// Plain functions over workspaces, called by the /v1/w routes and by Remix loaders alike.
// Permission is the caller's job (authorize before calling).

/** What presentWorkspace needs of billing for one workspace (one query; lists join instead). */
export async function workspaceBilling(db: Database, env: BillingEnv, workspaceId: number): Promise<WorkspaceBilling> {
  const configured = billingConfig(env) !== null;
  return { configured, account: configured ? await billingAccountOf(db, workspaceId) : null };
}

/** The user's active workspaces, for the switcher and GET /v1/w, with their billing rows joined. */
export async function listWorkspaces(db: Database, env: BillingEnv, userId: number) {
  const configured = billingConfig(env) !== null;
  const rows = await db
    .select({ workspace: workspaces, membership: memberships, account: billingAccounts })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .leftJoin(billingAccounts, eq(billingAccounts.workspaceId, workspaces.id))
    .where(and(eq(memberships.userId, userId), eq(memberships.status, "active"), isNull(workspaces.deactivatedAt)))
    .orderBy(workspaces.name);
  return rows.map(({ workspace, membership, account }) => presentWorkspace(workspace, membership, { configured, account }));
}

/**
 * The workspaces a caller can use: a person's (or their personal token's) active memberships;
 * for a workspace key, its own workspace only, with the role the key acts with (it has no membership).
 */
export async function callerWorkspaces(db: Database, env: BillingEnv, session: { user: Pick<User, "id">; apiKey?: ApiKeyGrant }) {
  const grant = session.apiKey;
  if (grant?.workspaceId == null) return listWorkspaces(db, env, session.user.id);
  const [workspace] = await db.select().from(workspaces).where(and(eq(workspaces.id, grant.workspaceId), isNull(workspaces.deactivatedAt)));
  return workspace ? [presentWorkspace(workspace, { role: workspaceKeyRole(grant) }, await workspaceBilling(db, env, workspace.id))] : [];
}

async function memberCounts(db: Database, workspaceId: number) {
  const rows = await db
    .select({ role: memberships.role, n: count() })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.status, "active")))
    .groupBy(memberships.role);
  const guests = rows.find((r) => r.role === "guest")?.n ?? 0;
  return { members: rows.reduce((total, r) => total + r.n, 0) - guests, guests };
}

/** The workspace a person last worked in, so their next sign-in (on any device) opens it. */
export async function rememberLastWorkspace(db: Database, userId: number, workspaceId: number) {
  await db.update(users).set({ lastWorkspaceId: workspaceId }).where(eq(users.id, userId));
}

export async function workspaceSettings(db: Database, workspace: Workspace) {
  return presentWorkspaceSettings(workspace, await memberCounts(db, workspace.id));
}

/** Merges any subset of tabs into the stored settings; nested theme and labels merge too. */
export async function updateWorkspaceSettings(
  db: Database,
  workspace: Workspace,
  input: z.infer<typeof updateWorkspaceSettingsSchema>,
) {
  const { general, ...tabs } = input;
  const current = effectiveSettings(workspace);
  const merged = { ...workspace.settings };
  for (const [tab, values] of Object.entries(tabs) as [keyof typeof tabs, Record<string, unknown>][]) {
    merged[tab] = {
      ...(current[tab] as Record<string, unknown>),
      ...values,
      ...(tab === "branding" && values.theme ? { theme: { ...current.branding.theme, ...values.theme } } : {}),
      ...(tab === "statuses" && values.labels ? { labels: { ...current.statuses.labels, ...values.labels } } : {}),
      ...(tab === "statuses" && values.require_approval
        ? { require_approval: { ...current.statuses.require_approval, ...values.require_approval } }
        : {}),
    } as never;
  }
  const [updated] = await db
    .update(workspaces)
    .set({
      settings: merged,
      ...(general?.name !== undefined && { name: general.name }),
      ...(general?.company_size !== undefined && { companySize: general.company_size }),
      ...(general?.team_type !== undefined && { teamType: general.team_type }),
      ...(general?.logo_url !== undefined && { logoUrl: general.logo_url }),
    })
    .where(eq(workspaces.id, workspace.id))
    .returning();
  return workspaceSettings(db, updated!);
}

/** Clears `is_new`; `isFirstView` is true only for the call that cleared it. */
export async function markWorkspaceSeen(db: Database, env: BillingEnv, workspace: Workspace) {
  const [updated] = await db
    .update(workspaces)
    .set({ isNew: false })
    .where(and(eq(workspaces.id, workspace.id), eq(workspaces.isNew, true)))
    .returning({ id: workspaces.id });
  return { ...presentWorkspace({ ...workspace, isNew: false }, undefined, await workspaceBilling(db, env, workspace.id)), isFirstView: Boolean(updated) };
}

/**
 * Joins through a workspace's invitation link; an invited user becomes active, a deactivated one
 * stays so. Someone new takes a seat: beyond the plan's it is 402 and they are not added.
 */
export async function joinWorkspaceByLink(db: Database, env: BillingEnv, token: string, userId: number) {
  const [workspace] = await db
    .select()
    .from(workspaces)
    .where(and(eq(workspaces.invitationToken, token), isNull(workspaces.deactivatedAt)))
    .limit(1);
  if (!workspace) throw new NotFound("This invitation link is no longer valid. Ask for a new one.");
  const [existing] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspace.id), eq(memberships.userId, userId)));
  // The one joining is not an admin yet: the refusal asks them to ask one.
  if (!existing) await authorizeWithinPlanOf(db, env, { role: "member", workspaceId: workspace.id }, "seats", 1);
  await db
    .insert(memberships)
    .values({ workspaceId: workspace.id, userId, role: "member", status: "active", acceptedAt: new Date() })
    .onConflictDoUpdate({
      target: [memberships.workspaceId, memberships.userId],
      set: { status: sql`CASE WHEN ${memberships.status} = 'invited' THEN 'active' ELSE ${memberships.status} END` },
    });
  const [membership] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspace.id), eq(memberships.userId, userId)));
  return presentWorkspace(workspace, membership, await workspaceBilling(db, env, workspace.id));
}

export const joinLink = (origin: string, token: string) => `${origin}/join/${token}`;
