import type { Context } from "hono";
import { workspaceParam } from "../../core/contracts/common";
import { guestRemovalQuery, listMembersQuery, memberParam } from "../../core/contracts/members";
import { pageMeta } from "../../core/contracts/pagination";
import { memberCommandContext } from "../commands/memberEvents";
import { membershipRemover } from "../commands/membershipRemover";
import { membershipUpdater } from "../commands/membershipUpdater";
import { createApp, type AppEnv } from "../lib/create-app";
import { validate } from "../lib/validate";
import { requireWorkspace } from "../middleware/workspace";
import { authorize } from "../policies";
import { presentMember, presentMemberPolicies } from "../presenters/members";
import { listMembers, loadMember } from "../services/members";
import { articleAccess, viewerFor } from "../services/access";
import { unmergedBranchesOf } from "../services/branches/load";
import { presentUnmergedBranch } from "../presenters/branches";
import { fullName } from "../presenters/users";

const context = (c: Context<AppEnv>) =>
  memberCommandContext(c, { workspaceId: c.get("actor").workspaceId, actorId: c.get("actor").userId });

/**
 * Guests of a workspace (memberships with role "guest"): /v1/w/:ws/settings/guests. `:id` is
 * the guest's user id; anyone who is not a guest of this workspace is a 404 here.
 */
export const guestsApi = createApp()
  .get("/:ws/settings/guests", requireWorkspace, validate("param", workspaceParam), validate("query", listMembersQuery), async (c) => {
    const actor = c.get("actor");
    authorize(actor, "guests.list");
    const page = c.req.valid("query");
    const { rows, total } = await listMembers(c.get("db"), actor.workspaceId, { scope: "guests" }, page);
    return c.json({
      data: rows.map(({ user, membership }) => presentMember(user, membership)),
      meta: pageMeta(page, total),
      policies: presentMemberPolicies(actor),
    });
  })

  .put("/:ws/settings/guests/:id/upgrade_to_member", requireWorkspace, validate("param", memberParam), async (c) => {
    const actor = c.get("actor");
    authorize(actor, "guests.manage");
    const { user, membership } = await loadMember(c.get("db"), actor.workspaceId, c.req.valid("param").id, "guests");
    const updated = await membershipUpdater(c.get("db"), c.env, {
      context: context(c),
      membership,
      changes: { role: "member" },
      event: "guests.upgraded_to_member",
    });
    return c.json({ data: presentMember(user, updated) });
  })

  .delete(
    "/:ws/settings/guests/:id/remove_from_workspace",
    requireWorkspace,
    validate("param", memberParam),
    validate("query", guestRemovalQuery),
    async (c) => {
      const actor = c.get("actor");
      authorize(actor, "guests.manage");
      const { membership } = await loadMember(c.get("db"), actor.workspaceId, c.req.valid("param").id, "guests");
      if (c.req.valid("query").removal_type === "remove_access") {
        await membershipRemover(c.get("db"), { context: context(c), membership, event: "guests.removed" });
      } else {
        await membershipUpdater(c.get("db"), c.env, {
          context: context(c),
          membership,
          changes: { status: "deactivated" },
          event: "guests.deactivated",
        });
      }
      return c.body(null, 204);
    },
  )

  .get("/:ws/settings/guests/:id/unmerged_branches", requireWorkspace, validate("param", memberParam), async (c) => {
    const actor = c.get("actor");
    authorize(actor, "guests.list");
    const db = c.get("db");
    const { user } = await loadMember(db, actor.workspaceId, c.req.valid("param").id, "guests");
    const rows = await unmergedBranchesOf(db, actor.workspaceId, user.id);
    const data = [];
    for (const { branch, article } of rows) {
      // Document titles are words from the document: only for whom may read it, unlocked.
      const facts = await articleAccess(db, viewerFor(actor), article);
      data.push(presentUnmergedBranch(branch, { id: user.id, name: fullName(user) }, article, facts.level !== null && facts.passwordHashes.length === 0));
    }
    return c.json({ data });
  });
