import { and, count, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { createWorkspaceSchema, updateWorkspaceSettingsSchema } from "../../core/contracts/workspaces";
import { randomToken } from "../auth/secrets";
import { workspaceCreator } from "../commands/workspaceCreator";
import type { Database } from "../db/client";
import { memberships, workspaces } from "../db/schema";
import { createApp } from "../lib/create-app";
import { NotFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireSessionAnyWorkspace } from "../middleware/session";
import { requireWorkspace } from "../middleware/workspace";
import { authorize, presentPolicies } from "../policies";
import { effectiveSettings, presentWorkspace, presentWorkspaceSettings } from "../presenters/workspaces";

async function memberCounts(db: Database, workspaceId: number) {
  const rows = await db
    .select({ role: memberships.role, n: count() })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.status, "active")))
    .groupBy(memberships.role);
  const guests = rows.find((r) => r.role === "guest")?.n ?? 0;
  return { members: rows.reduce((total, r) => total + r.n, 0) - guests, guests };
}

const joinLink = (origin: string, token: string) => `${origin}/join/${token}`;

/**
 * Workspaces: /v1/w. Listing, creating and joining work whatever the client's current
 * workspace is; routes under /w/:ws resolve the actor first (403 for non-members).
 */
export const workspacesApi = createApp()

  .get("/", requireSessionAnyWorkspace, async (c) => {
    const db = c.get("db");
    const rows = await db
      .select({ workspace: workspaces, membership: memberships })
      .from(memberships)
      .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
      .where(and(eq(memberships.userId, c.get("session").user.id), eq(memberships.status, "active"), isNull(workspaces.deactivatedAt)))
      .orderBy(workspaces.name);
    return c.json({ data: rows.map(({ workspace, membership }) => presentWorkspace(workspace, membership)) });
  })

  .post("/", requireSessionAnyWorkspace, validate("json", createWorkspaceSchema), async (c) => {
    const workspace = await workspaceCreator(c.get("db"), {
      ownerEmail: c.get("session").user.email,
      company: c.req.valid("json").company,
    });
    return c.json({ data: presentWorkspace(workspace, { role: "admin" }) }, 201);
  })

  /** Joining through a workspace's invitation link makes the user a member. */
  .post("/join/:token", requireSessionAnyWorkspace, async (c) => {
    const db = c.get("db");
    const [workspace] = await db
      .select()
      .from(workspaces)
      .where(and(eq(workspaces.invitationToken, c.req.param("token")), isNull(workspaces.deactivatedAt)))
      .limit(1);
    if (!workspace) throw new NotFound("This invitation link is no longer valid. Ask for a new one.");
    const userId = c.get("session").user.id;
    await db
      .insert(memberships)
      .values({ workspaceId: workspace.id, userId, role: "member", status: "active", acceptedAt: new Date() })
      .onConflictDoUpdate({
        target: [memberships.workspaceId, memberships.userId],
        // An invited user becomes active; a deactivated one stays deactivated (admins decide that).
        set: { status: sql`CASE WHEN ${memberships.status} = 'invited' THEN 'active' ELSE ${memberships.status} END` },
      });
    const [membership] = await db
      .select()
      .from(memberships)
      .where(and(eq(memberships.workspaceId, workspace.id), eq(memberships.userId, userId)));
    return c.json({ data: presentWorkspace(workspace, membership) });
  })

  .get("/:ws", requireWorkspace, async (c) => {
    const actor = c.get("actor");
    return c.json({
      data: presentWorkspace(c.get("workspace"), actor.role === "super_admin" ? null : { role: actor.role as "admin" }),
      policies: presentPolicies(actor, ["workspace.update", "members.invite", "members.manage", "channels.create"]),
    });
  })

  /** Marks a new workspace seen: `is_new` is cleared and `isFirstView` says whether this was the first time. */
  .put("/:ws/seen", requireWorkspace, async (c) => {
    const workspace = c.get("workspace");
    const [updated] = await c
      .get("db")
      .update(workspaces)
      .set({ isNew: false })
      .where(and(eq(workspaces.id, workspace.id), eq(workspaces.isNew, true)))
      .returning({ id: workspaces.id });
    return c.json({ data: { ...presentWorkspace({ ...workspace, isNew: false }), isFirstView: Boolean(updated) } });
  })

  .get(
    "/:ws/settings/workspace",
    requireWorkspace,
    validate("query", z.object({ include: z.literal("version_control_mode.metadata").optional() })),
    async (c) => {
      const workspace = c.get("workspace");
      authorize(c.get("actor"), "workspace.update");
      const settings = presentWorkspaceSettings(workspace, await memberCounts(c.get("db"), workspace.id));
      const include = c.req.valid("query").include;
      return c.json({
        data: {
          ...settings,
          ...(include && {
            version_control_mode: {
              mode: settings.preferences.version_control_mode,
              metadata: { branches_enabled: settings.preferences.version_control_mode === "branches" },
            },
          }),
        },
      });
    },
  )

  .put("/:ws/settings/workspace", requireWorkspace, validate("json", updateWorkspaceSettingsSchema), async (c) => {
    const db = c.get("db");
    const workspace = c.get("workspace");
    authorize(c.get("actor"), "workspace.update");
    const { general, ...tabs } = c.req.valid("json");
    const current = effectiveSettings(workspace);
    const merged = { ...workspace.settings };
    for (const [tab, values] of Object.entries(tabs) as [keyof typeof tabs, Record<string, unknown>][]) {
      const base = current[tab] as Record<string, unknown>;
      merged[tab] = {
        ...base,
        ...values,
        // Nested objects merge one level deeper, so a partial theme keeps the rest.
        ...(tab === "branding" && values.theme ? { theme: { ...current.branding.theme, ...values.theme } } : {}),
        ...(tab === "statuses" && values.labels ? { labels: { ...current.statuses.labels, ...values.labels } } : {}),
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
    return c.json({ data: presentWorkspaceSettings(updated!, await memberCounts(db, workspace.id)) });
  })

  .get("/:ws/invitation_link", requireWorkspace, async (c) => {
    authorize(c.get("actor"), "workspace.invitation_link");
    return c.json({ data: { url: joinLink(new URL(c.req.url).origin, c.get("workspace").invitationToken) } });
  })

  .post("/:ws/regenerate_invitation_token", requireWorkspace, async (c) => {
    authorize(c.get("actor"), "workspace.regenerate_invitation_link");
    const token = randomToken();
    await c.get("db").update(workspaces).set({ invitationToken: token }).where(eq(workspaces.id, c.get("workspace").id));
    return c.json({ data: { url: joinLink(new URL(c.req.url).origin, token) } });
  })

  .delete("/:ws/deactivate", requireWorkspace, async (c) => {
    authorize(c.get("actor"), "workspace.deactivate");
    await c.get("db").update(workspaces).set({ deactivatedAt: new Date() }).where(eq(workspaces.id, c.get("workspace").id));
    return c.body(null, 204);
  });
