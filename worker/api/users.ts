import { and, asc, eq, inArray, ne } from "drizzle-orm";
import { activeMembership } from "../middleware/workspace";
import * as z from "zod";
import { idParam } from "../../core/contracts/common";
import { profileSchema, selfOut, updateUserSchema, userExperimentSchema } from "../../core/contracts/users";
import { issueSession } from "../auth/sessions";
import { events, follows, memberships, socialAccounts, thirdPartyIntegrations, userExperiments, users, type User } from "../db/schema";
import type { Database } from "../db/client";
import { createApp } from "../lib/create-app";
import { Forbidden, NotFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireSession, requireSessionAnyWorkspace } from "../middleware/session";
import { authorizeImpersonation, mayListConnectionsOf } from "../policies";
import { presentUserConnection } from "../presenters/connections";
import { networkLabel, serviceOf } from "../services/connections/registry";
import { publicRoute } from "../openapi/public-route";
import { iso, presentSelf, presentUser, presentUserCard } from "../presenters/users";


/**
 * Another user is visible to you when you share an active workspace (or you are a super
 * admin); otherwise they do not exist as far as you can tell (404, not 403).
 */
async function visibleUser(db: Database, viewer: User, id: number): Promise<User> {
  const [target] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!target) throw new NotFound("User not found");
  if (target.id === viewer.id || viewer.isSuperAdmin) return target;
  const mine = db
    .select({ id: memberships.workspaceId })
    .from(memberships)
    .where(and(eq(memberships.userId, viewer.id), eq(memberships.status, "active")));
  const [shared] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.userId, id), inArray(memberships.workspaceId, mine)))
    .limit(1);
  if (!shared) throw new NotFound("User not found");
  return target;
}

/** A stable variant per user and flag; `new_registration` honours NEW_REGISTRATION_PERCENTAGE. */
async function assignVariant(userId: number, flag: string, percentage: number): Promise<"control" | "treatment"> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${flag}:${userId}`)));
  const bucket = ((digest[0]! << 8) | digest[1]!) / 65536;
  return bucket < percentage ? "treatment" : "control";
}

// Mounted at /v1 root, so the session is required route by route (a root `use` would turn
// every unknown /v1 path into a 401 instead of a 404).
export const usersApi = createApp()

  .get(
    "/users/self",
    publicRoute({
      scope: "read",
      tag: "Users",
      summary: "Get the caller",
      description:
        "Who the call is made as. With a key, `api_key` says which: a workspace key (`kind: workspace`) is its own user, acting in `workspace_id` only, with `role` member (admin with the admin scope) and its `scopes`; a personal token acts as its owner, within its scopes, wherever they are a member (GET /v1/w lists where).",
      response: z.object({ data: selfOut }),
      example: {},
    }),
    requireSessionAnyWorkspace,
    (c) => {
    return c.json({ data: presentSelf(c.get("session")) });
    },
  )

  .put("/users", requireSession, validate("json", updateUserSchema), async (c) => {
    const db = c.get("db");
    const { user } = c.get("session");
    const input = c.req.valid("json").data;
    if (input.last_workspace_id !== undefined) {
      const [membership] = await db
        .select({ id: memberships.id })
        .from(memberships)
        .where(activeMembership(input.last_workspace_id, user.id));
      if (!membership) throw new Forbidden("You are not a member of that workspace");
    }
    const [updated] = await db
      .update(users)
      .set({
        ...(input.first_name !== undefined && { firstName: input.first_name }),
        ...(input.last_name !== undefined && { lastName: input.last_name }),
        ...(input.last_workspace_id !== undefined && { lastWorkspaceId: input.last_workspace_id }),
      })
      .where(eq(users.id, user.id))
      .returning();
    return c.json({ data: presentUser(updated!) });
  })

  .put("/profile", requireSession, validate("json", profileSchema), async (c) => {
    const { user } = c.get("session");
    const [updated] = await c
      .get("db")
      .update(users)
      .set({ profile: { ...user.profile, ...c.req.valid("json").profile } })
      .where(eq(users.id, user.id))
      .returning();
    return c.json({ data: presentUser(updated!) });
  })

  .get("/users/:id/card", requireSession, validate("param", idParam), async (c) => {
    const db = c.get("db");
    const viewer = c.get("session").user;
    const target = await visibleUser(db, viewer, c.req.valid("param").id);
    const [follow] = await db
      .select({ id: follows.followingId })
      .from(follows)
      .where(and(eq(follows.followerId, viewer.id), eq(follows.followingId, target.id)));
    return c.json({ data: presentUserCard(target, { following: Boolean(follow) }) });
  })

  /** `?following_id=<id>` makes the viewer follow that user (the one shown, or another they can see). */
  .get(
    "/users/:id",
    requireSession,
    validate("param", idParam),
    validate("query", z.object({ following_id: z.coerce.number().int().positive().optional() })),
    async (c) => {
      const db = c.get("db");
      const viewer = c.get("session").user;
      const target = await visibleUser(db, viewer, c.req.valid("param").id);
      const followingId = c.req.valid("query").following_id;
      if (followingId !== undefined && followingId !== viewer.id) {
        await visibleUser(db, viewer, followingId);
        await db.insert(follows).values({ followerId: viewer.id, followingId }).onConflictDoNothing();
      }
      const [follow] = await db
        .select({ id: follows.followingId })
        .from(follows)
        .where(and(eq(follows.followerId, viewer.id), eq(follows.followingId, target.id)));
      return c.json({ data: presentUserCard(target, { following: Boolean(follow) }) });
    },
  )

  .get("/users/:id/third_party_integrations", requireSession, validate("param", idParam), async (c) => {
    const viewer = c.get("session").user;
    const { id } = c.req.valid("param");
    if (!mayListConnectionsOf(viewer, id)) throw new NotFound("User not found");
    const db = c.get("db");
    // What this user connected and still holds: accounts and services, in workspaces they are still in.
    const [accounts, services] = await Promise.all([
      db
        .select({ row: socialAccounts })
        .from(socialAccounts)
        .innerJoin(memberships, activeMembership(socialAccounts.workspaceId, id))
        .where(and(eq(socialAccounts.connectedById, id), ne(socialAccounts.state, "disconnected")))
        .orderBy(asc(socialAccounts.displayName)),
      db
        .select({ row: thirdPartyIntegrations })
        .from(thirdPartyIntegrations)
        .innerJoin(memberships, activeMembership(thirdPartyIntegrations.workspaceId, id))
        .where(and(eq(thirdPartyIntegrations.userId, id), ne(thirdPartyIntegrations.state, "disconnected")))
        .orderBy(asc(thirdPartyIntegrations.displayName)),
    ]);
    return c.json({
      data: [
        ...accounts.map(({ row }) => presentUserConnection({ kind: "social_account", row, label: networkLabel(row.network) })),
        ...services.map(({ row }) => presentUserConnection({ kind: "integration", row, label: serviceOf(row.provider)?.label ?? row.provider })),
      ],
    });
  })

  .post("/user_experiments", requireSession, validate("json", userExperimentSchema), async (c) => {
    const db = c.get("db");
    const { user } = c.get("session");
    const flag = c.req.valid("json").feature_flag_name;
    const percentage = flag === "new_registration" ? Number(c.env.NEW_REGISTRATION_PERCENTAGE ?? 0.5) : 0.5;
    await db
      .insert(userExperiments)
      .values({ userId: user.id, featureFlagName: flag, variant: await assignVariant(user.id, flag, percentage) })
      .onConflictDoNothing();
    const [row] = await db
      .select()
      .from(userExperiments)
      .where(and(eq(userExperiments.userId, user.id), eq(userExperiments.featureFlagName, flag)));
    return c.json({ data: { feature_flag_name: row!.featureFlagName, variant: row!.variant, enrolled_at: iso(row!.createdAt) } });
  })

  /** Support access: a super admin gets a session as the user, marked with who is acting. */
  .post("/users/impersonate/:id", requireSession, validate("param", idParam), async (c) => {
    const db = c.get("db");
    const session = c.get("session");
    authorizeImpersonation(session.user);
    const [target] = await db.select().from(users).where(eq(users.id, c.req.valid("param").id));
    if (!target) throw new NotFound("User not found");
    authorizeImpersonation(session.user, target);
    const { token } = await issueSession(db, c.env, target, {
      impersonatorId: session.user.id,
      ip: c.req.header("CF-Connecting-IP"),
      userAgent: c.req.header("User-Agent"),
    });
    await db.insert(events).values({
      name: "users.impersonate",
      userId: target.id,
      actorId: session.user.id,
      sessionUuid: c.req.header("x-session-uuid") ?? null,
      ip: c.req.header("CF-Connecting-IP") ?? null,
      properties: { target_email: target.email },
    });
    c.header("Authorization", `Bearer ${token}`);
    return c.json({ data: { ...presentUser(target), impersonator_id: session.user.id } });
  });
