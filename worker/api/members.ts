import { sql } from "drizzle-orm";
import type { Context } from "hono";
import * as z from "zod";
import { workspaceParam } from "../../core/contracts/common";
import {
  changeMemberRoleSchema,
  inviteMemberSchema,
  listMembersQuery,
  memberArticlesQuery,
  memberOut,
  memberParam,
  onboardingInviteSchema,
  reactivateMemberSchema,
  updateMemberSchema,
} from "../../core/contracts/members";
import { listMetaOut, pageMeta } from "../../core/contracts/pagination";
import { memberCommandContext } from "../commands/memberEvents";
import { memberInviter } from "../commands/memberInviter";
import { membershipRemover } from "../commands/membershipRemover";
import { membershipUpdater } from "../commands/membershipUpdater";
import { createApp, type AppEnv } from "../lib/create-app";
import { Unprocessable } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireWorkspace } from "../middleware/workspace";
import { publicRoute } from "../openapi/public-route";
import { authorize } from "../policies";
import { presentArticleSummary } from "../presenters/articles";
import { presentInvitationResult, presentMember, presentMemberPolicies } from "../presenters/members";
import { viewerFor } from "../services/access";
import { ARTICLE_ORDERS, LIVE_DOCUMENTS, pageOfArticles } from "../services/article-lists";
import { listMembers, loadMember, memberByEmail } from "../services/members";

const origin = (c: Context<AppEnv>) => new URL(c.req.url).origin;
const context = (c: Context<AppEnv>) =>
  memberCommandContext(c, { workspaceId: c.get("actor").workspaceId, actorId: c.get("actor").userId });

/**
 * Members of a workspace: /v1/w/:ws/members and /v1/w/:ws/settings/members. `:id` is the
 * member's user id; someone from another workspace is a 404. Mounted at /w next to the
 * workspaces routes, so middleware is given route by route.
 */
export const membersApi = createApp()
  .get("/:ws/settings/members", requireWorkspace, validate("param", workspaceParam), validate("query", listMembersQuery), async (c) => {
    const actor = c.get("actor");
    authorize(actor, "members.list");
    const page = c.req.valid("query");
    const { rows, total } = await listMembers(c.get("db"), actor.workspaceId, { scope: "members" }, page);
    return c.json({
      data: rows.map(({ user, membership }) => presentMember(user, membership)),
      meta: pageMeta(page, total),
      policies: presentMemberPolicies(actor),
    });
  })

  .post("/:ws/settings/members", requireWorkspace, validate("param", workspaceParam), validate("json", inviteMemberSchema), async (c) => {
    const actor = c.get("actor");
    const input = c.req.valid("json");
    authorize(actor, "members.invite");
    // Inviting again renews a pending invitation with the new role: an admin's is for admins to change.
    const pending = (await memberByEmail(c.get("db"), actor.workspaceId, input.email)).membership;
    if (input.role === "admin" || (pending?.status === "invited" && pending.role === "admin")) {
      authorize(actor, "members.invite_admin");
    }
    const [result] = await memberInviter(c.get("db"), c.env, {
      context: context(c),
      inviter: c.get("session").user,
      workspace: c.get("workspace"),
      invites: [{ email: input.email, role: input.role, message: input.message, inviteReason: input.invite_reason }],
      origin: origin(c),
      urlInvitation: input.url_invitation,
      renewPending: true,
    });
    if (result!.status === "active") {
      throw new Unprocessable("That person is already a member of this workspace", { email: ["is already a member of this workspace"] });
    }
    if (result!.status === "deactivated") {
      throw new Unprocessable("That person's membership is deactivated: reactivate it instead of inviting them again", {
        email: ["belongs to a deactivated member"],
      });
    }
    return c.json({ data: presentMember(result!.user!, result!.membership!) }, 201);
  })

  .put(
    "/:ws/settings/members/:id",
    requireWorkspace,
    validate("param", memberParam),
    validate("json", changeMemberRoleSchema),
    async (c) => {
      const actor = c.get("actor");
      authorize(actor, "members.manage");
      const { user, membership } = await loadMember(c.get("db"), actor.workspaceId, c.req.valid("param").id);
      const updated = await membershipUpdater(c.get("db"), c.env, {
        context: context(c),
        membership,
        changes: { role: c.req.valid("json").role },
        event: "members.role_changed",
      });
      return c.json({ data: presentMember(user, updated) });
    },
  )

  .delete("/:ws/settings/members/:id", requireWorkspace, validate("param", memberParam), async (c) => {
    const actor = c.get("actor");
    authorize(actor, "members.manage");
    const { membership } = await loadMember(c.get("db"), actor.workspaceId, c.req.valid("param").id);
    await membershipUpdater(c.get("db"), c.env, {
      context: context(c),
      membership,
      changes: { status: "deactivated" },
      event: "members.deactivated",
    });
    return c.body(null, 204);
  })

  .put(
    "/:ws/settings/members/:id/reactivate",
    requireWorkspace,
    validate("param", memberParam),
    validate("json", reactivateMemberSchema),
    async (c) => {
      const actor = c.get("actor");
      authorize(actor, "members.manage");
      const { user, membership } = await loadMember(c.get("db"), actor.workspaceId, c.req.valid("param").id);
      if (membership.status !== "deactivated") {
        throw new Unprocessable("Only a deactivated member can be reactivated", { id: [`is ${membership.status}, not deactivated`] });
      }
      const updated = await membershipUpdater(c.get("db"), c.env, {
        context: context(c),
        membership,
        changes: { status: "active", role: c.req.valid("json").admin ? "admin" : "member" },
        event: "members.reactivated",
      });
      return c.json({ data: presentMember(user, updated) });
    },
  )

  .put("/:ws/settings/members/:id/resend_invitation", requireWorkspace, validate("param", memberParam), async (c) => {
    const actor = c.get("actor");
    authorize(actor, "members.invite");
    const { user, membership } = await loadMember(c.get("db"), actor.workspaceId, c.req.valid("param").id);
    if (membership.role === "admin") authorize(actor, "members.invite_admin");
    if (membership.status !== "invited") {
      throw new Unprocessable("Only a pending invitation can be sent again", { id: [`is ${membership.status}, not invited`] });
    }
    const [result] = await memberInviter(c.get("db"), c.env, {
      context: context(c),
      inviter: c.get("session").user,
      workspace: c.get("workspace"),
      invites: [{ email: user.email, role: membership.role, message: membership.invitationMessage, inviteReason: membership.inviteReason }],
      origin: origin(c),
      renewPending: true,
    });
    return c.json({ data: presentMember(result!.user!, result!.membership!) });
  })

  .get(
    "/:ws/members",
    publicRoute({
      scope: "read",
      tag: "Members",
      summary: "List members",
      description: "The workspace's active members (not guests, not pending invitations), by name. API keys are not members and are never listed.",
      response: z.object({ data: z.array(memberOut), meta: listMetaOut }),
      example: { params: { ws: "$workspace" }, query: { limit: "20" } },
    }),
    requireWorkspace,
    validate("param", workspaceParam),
    validate("query", listMembersQuery),
    async (c) => {
    const actor = c.get("actor");
    authorize(actor, "members.list");
    const { rows, meta } = await listMembers(c.get("db"), actor.workspaceId, { scope: "members", status: "active" }, c.req.valid("query"));
    return c.json({ data: rows.map(({ user, membership }) => presentMember(user, membership)), meta });
    },
  )

  .get(
    "/:ws/members/:id",
    publicRoute({
      scope: "read",
      tag: "Members",
      summary: "Get a member",
      description: "A person in the workspace by their user id (a guest or an invited person too, with their `role` and `status`).",
      response: z.object({ data: memberOut }),
      errors: [404],
      example: { params: { ws: "$workspace", id: "$member" } },
    }),
    requireWorkspace,
    validate("param", memberParam),
    async (c) => {
    const actor = c.get("actor");
    authorize(actor, "members.list");
    const { user, membership } = await loadMember(c.get("db"), actor.workspaceId, c.req.valid("param").id);
    return c.json({ data: presentMember(user, membership) });
    },
  )

  .put("/:ws/members/:id", requireWorkspace, validate("param", memberParam), validate("json", updateMemberSchema), async (c) => {
    const actor = c.get("actor");
    authorize(actor, "members.manage");
    const { user, membership } = await loadMember(c.get("db"), actor.workspaceId, c.req.valid("param").id);
    const { role } = c.req.valid("json").data;
    const updated =
      role === undefined
        ? membership
        : await membershipUpdater(c.get("db"), c.env, { context: context(c), membership, changes: { role }, event: "members.role_changed" });
    return c.json({ data: presentMember(user, updated) });
  })

  .delete("/:ws/members/:id", requireWorkspace, validate("param", memberParam), async (c) => {
    const actor = c.get("actor");
    authorize(actor, "members.manage");
    const { membership } = await loadMember(c.get("db"), actor.workspaceId, c.req.valid("param").id);
    await membershipRemover(c.get("db"), { context: context(c), membership, event: "members.removed" });
    return c.body(null, 204);
  })

  .get("/:ws/members/:id/articles", requireWorkspace, validate("param", memberParam), validate("query", memberArticlesQuery), async (c) => {
    const actor = c.get("actor");
    authorize(actor, "members.list");
    const { user } = await loadMember(c.get("db"), actor.workspaceId, c.req.valid("param").id);
    const items = c.req.valid("query").items;
    // The member's own documents that the viewer may read, latest change first.
    const page = await pageOfArticles(c.get("db"), viewerFor(actor), {
      where: sql`${LIVE_DOCUMENTS} AND a.owner_id = ${user.id}`,
      orderBy: ARTICLE_ORDERS.last_modified_desc,
      limit: items,
    });
    return c.json({
      data: page.items.map((item) => presentArticleSummary(item.article, item.level, item)),
      meta: { items, total: page.total },
    });
  })

  .post("/:ws/onboarding/invite", requireWorkspace, validate("param", workspaceParam), validate("json", onboardingInviteSchema), async (c) => {
    authorize(c.get("actor"), "members.invite");
    const results = await memberInviter(c.get("db"), c.env, {
      context: context(c),
      inviter: c.get("session").user,
      workspace: c.get("workspace"),
      invites: c.req.valid("json").emails.map((email) => ({ email, role: "member" as const })),
      origin: origin(c),
      renewPending: false,
    });
    return c.json({ data: results.map(presentInvitationResult) });
  });
