import { eq } from "drizzle-orm";
import * as z from "zod";
import { workspaceParam } from "../../core/contracts/common";
import { createWorkspaceSchema, updateWorkspaceSettingsSchema, workspaceOut } from "../../core/contracts/workspaces";
import { randomToken } from "../auth/secrets";
import { workspaceCreator } from "../commands/workspaceCreator";
import { workspaces } from "../db/schema";
import { createApp } from "../lib/create-app";
import { validate } from "../lib/validate";
import { requireSessionAnyWorkspace } from "../middleware/session";
import { requireWorkspace } from "../middleware/workspace";
import { publicRoute } from "../openapi/public-route";
import { authorize, presentPolicies } from "../policies";
import { presentWorkspace } from "../presenters/workspaces";
import { publicPagesFor, purgeWorkspacePages } from "../services/public-cache";
import {
  callerWorkspaces,
  joinLink,
  joinWorkspaceByLink,
  markWorkspaceSeen,
  updateWorkspaceSettings,
  workspaceBilling,
  workspaceSettings,
} from "../services/workspaces";

const origin = (url: string) => new URL(url).origin;

/**
 * Workspaces: /v1/w. Listing, creating and joining work whatever the client's current
 * workspace is; routes under /w/:ws resolve the actor first (403 for non-members).
 */
export const workspacesApi = createApp()
  .get(
    "/",
    publicRoute({
      scope: "read",
      tag: "Workspaces",
      summary: "List the caller's workspaces",
      description: "Where the caller can work, by name: for a workspace key, its own workspace; for a personal token, its owner's workspaces. `role` is the caller's there.",
      response: z.object({ data: z.array(workspaceOut) }),
      example: {},
    }),
    requireSessionAnyWorkspace,
    async (c) => {
    return c.json({ data: await callerWorkspaces(c.get("db"), c.env, c.get("session")) });
    },
  )

  .post("/", requireSessionAnyWorkspace, validate("json", createWorkspaceSchema), async (c) => {
    const workspace = await workspaceCreator(c.get("db"), {
      ownerEmail: c.get("session").user.email,
      company: c.req.valid("json").company,
    });
    return c.json({ data: presentWorkspace(workspace, { role: "admin" }, await workspaceBilling(c.get("db"), c.env, workspace.id)) }, 201);
  })

  .post("/join/:token", requireSessionAnyWorkspace, async (c) => {
    return c.json({ data: await joinWorkspaceByLink(c.get("db"), c.env, c.req.param("token"), c.get("session").user.id) });
  })

  .get(
    "/:ws",
    publicRoute({
      scope: "read",
      tag: "Workspaces",
      summary: "Get a workspace",
      description: "The workspace, with the caller's `role` in it and `policies`: which of workspace.update, members.invite, members.manage and channels.create the caller may do.",
      response: z.object({ data: workspaceOut, policies: z.record(z.string(), z.boolean()) }),
      errors: [404],
      example: { params: { ws: "$workspace" } },
    }),
    requireWorkspace,
    validate("param", workspaceParam),
    async (c) => {
    const actor = c.get("actor");
    return c.json({
      data: presentWorkspace(
        c.get("workspace"),
        actor.role === "super_admin" ? null : { role: actor.role as "admin" },
        await workspaceBilling(c.get("db"), c.env, actor.workspaceId),
      ),
      policies: presentPolicies(actor, ["workspace.update", "members.invite", "members.manage", "channels.create"]),
    });
    },
  )

  .put("/:ws/seen", requireWorkspace, async (c) => {
    return c.json({ data: await markWorkspaceSeen(c.get("db"), c.env, c.get("workspace")) });
  })

  .get(
    "/:ws/settings/workspace",
    requireWorkspace,
    validate("query", z.object({ include: z.literal("version_control_mode.metadata").optional() })),
    async (c) => {
      authorize(c.get("actor"), "workspace.update");
      const settings = await workspaceSettings(c.get("db"), c.get("workspace"));
      const mode = settings.preferences.version_control_mode;
      const include = c.req.valid("query").include;
      return c.json({
        data: {
          ...settings,
          ...(include && { version_control_mode: { mode, metadata: { branches_enabled: mode === "branches" } } }),
        },
      });
    },
  )

  .put("/:ws/settings/workspace", requireWorkspace, validate("json", updateWorkspaceSettingsSchema), async (c) => {
    authorize(c.get("actor"), "workspace.update");
    const settings = await updateWorkspaceSettings(c.get("db"), c.get("workspace"), c.req.valid("json"));
    // Public pages show the workspace's name and theme, and may be framed only if it allows embedding.
    await purgeWorkspacePages(c.get("db"), publicPagesFor(c), c.get("workspace").id);
    return c.json({ data: settings });
  })

  .get("/:ws/invitation_link", requireWorkspace, async (c) => {
    authorize(c.get("actor"), "workspace.invitation_link");
    return c.json({ data: { url: joinLink(origin(c.req.url), c.get("workspace").invitationToken) } });
  })

  .post("/:ws/regenerate_invitation_token", requireWorkspace, async (c) => {
    authorize(c.get("actor"), "workspace.regenerate_invitation_link");
    const token = randomToken();
    await c.get("db").update(workspaces).set({ invitationToken: token }).where(eq(workspaces.id, c.get("workspace").id));
    return c.json({ data: { url: joinLink(origin(c.req.url), token) } });
  })

  .delete("/:ws/deactivate", requireWorkspace, async (c) => {
    authorize(c.get("actor"), "workspace.deactivate");
    await c.get("db").update(workspaces).set({ deactivatedAt: new Date() }).where(eq(workspaces.id, c.get("workspace").id));
    await purgeWorkspacePages(c.get("db"), publicPagesFor(c), c.get("workspace").id);
    return c.body(null, 204);
  });
