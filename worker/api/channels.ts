import { eq, sql } from "drizzle-orm";
import type { Context } from "hono";
import { acceptJoinRequestSchema, addChannelMembersSchema, createChannelSchema, joinChannelSchema, listChannelsQuery } from "../../core/contracts/channels";
import { idParam, workspaceParam } from "../../core/contracts/common";
import { pageMeta } from "../../core/contracts/pagination";
import { sha256Hex } from "../auth/secrets";
import { channelCreator } from "../commands/channelCreator";
import { channelDeleter } from "../commands/channelDeleter";
import { channelJoiner } from "../commands/channelJoiner";
import { channelJoinRequestCreator } from "../commands/channelJoinRequestCreator";
import { channelJoinRequestDecider } from "../commands/channelJoinRequestDecider";
import { channelMembersAdder } from "../commands/channelMembersAdder";
import { channelJoinRequests, users } from "../db/schema";
import { createApp, type AppEnv } from "../lib/create-app";
import { Conflict, Forbidden, NotFound, Unprocessable } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireSession } from "../middleware/session";
import { requireWorkspace } from "../middleware/workspace";
import { authorize, can } from "../policies";
import {
  channelResource,
  presentChannel,
  presentChannelMember,
  presentJoinRequest,
  presentMembershipResult,
} from "../presenters/channels";
import { presentArticleSummary } from "../presenters/articles";
import { sharedWithChannel, viewerFor } from "../services/access";
import { ARTICLE_ORDERS, LIVE_DOCUMENTS, pageOfArticles } from "../services/article-lists";
import {
  availableChannels,
  channelDetails,
  channelNonMembers,
  channelView,
  listChannels,
  groupEligibleMember,
  isInChannel,
  loadVisibleChannel,
} from "../services/channels";
import { commandContext } from "./articles";

const origin = (c: Context<AppEnv>) => new URL(c.req.url).origin;
const superAdminHeader = (c: Context<AppEnv>) => c.req.header("x-superadmin-workspace-id");

/** Constant-time comparison of two hex digests. */
function sameDigest(a: string, b: string) {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/** A join request and its group, with the actor resolved in the group's workspace; only the group's managers get further. */
async function loadJoinRequestToDecide(c: Context<AppEnv>, id: number) {
  const db = c.get("db");
  const [request] = await db.select().from(channelJoinRequests).where(eq(channelJoinRequests.id, id));
  if (!request) throw new NotFound("Join request not found");
  const loaded = await loadVisibleChannel(db, c.get("session"), request.channelId, superAdminHeader(c));
  authorize(loaded.actor, "channels.manage", channelResource(loaded.view));
  const [requester] = await db.select().from(users).where(eq(users.id, request.userId));
  return { ...loaded, request, requester: requester! };
}

/**
 * Groups (channels): /v1/w/:ws/channels, /v1/channels/:id, /v1/channel_join_requests/:id.
 * Mounted at the /v1 root, so the session is required route by route (a root `use` would
 * turn every unknown /v1 path into a 401 instead of a 404). Routes on a group resolve the
 * actor in the group's own workspace.
 */
export const channelsApi = createApp()
  .post("/w/:ws/channels", requireWorkspace, validate("param", workspaceParam), validate("json", createChannelSchema), async (c) => {
    const db = c.get("db");
    const actor = c.get("actor");
    authorize(actor, "channels.create");
    const channel = await channelCreator(db, { context: commandContext(c, actor), input: c.req.valid("json").channel });
    return c.json({ data: presentChannel(await channelView(db, actor, channel.id), actor) }, 201);
  })

  .get("/w/:ws/channels", requireWorkspace, validate("param", workspaceParam), validate("query", listChannelsQuery), async (c) => {
    const actor = c.get("actor");
    authorize(actor, "channels.list");
    const { include_open_groups: includeOpenGroups, ...page } = c.req.valid("query");
    const { data, total } = await listChannels(c.get("db"), actor, { includeOpenGroups, page });
    return c.json({ data, meta: pageMeta(page, total) });
  })

  .get("/w/:ws/available_channels", requireWorkspace, validate("param", workspaceParam), async (c) => {
    const actor = c.get("actor");
    authorize(actor, "channels.list");
    return c.json({ data: (await availableChannels(c.get("db"), actor)).data });
  })

  .get("/channels/:id", requireSession, validate("param", idParam), async (c) => {
    const db = c.get("db");
    const { actor, view } = await loadVisibleChannel(db, c.get("session"), c.req.valid("param").id, superAdminHeader(c));
    return c.json({ data: await channelDetails(db, actor, view) });
  })

  // The documents shared with the group (directly or through a folder) that the viewer may read.
  .get("/channels/:id/all_articles", requireSession, validate("param", idParam), async (c) => {
    const db = c.get("db");
    const { actor, view } = await loadVisibleChannel(db, c.get("session"), c.req.valid("param").id, superAdminHeader(c));
    const page = await pageOfArticles(db, viewerFor(actor), {
      where: sql`${LIVE_DOCUMENTS} AND ${sharedWithChannel(view.channel.id)}`,
      orderBy: ARTICLE_ORDERS.last_modified_desc,
      limit: 100,
    });
    return c.json({ data: page.items.map((item) => presentArticleSummary(item.article, item.level, item)), meta: { total: page.total } });
  })

  .get("/channels/:id/non_members", requireSession, validate("param", idParam), async (c) => {
    const db = c.get("db");
    const { actor, view } = await loadVisibleChannel(db, c.get("session"), c.req.valid("param").id, superAdminHeader(c));
    authorize(actor, "channels.manage", channelResource(view));
    return c.json({ data: await channelNonMembers(db, actor, view.channel.id) });
  })

  .delete("/channels/:id", requireSession, validate("param", idParam), async (c) => {
    const db = c.get("db");
    const { actor, view } = await loadVisibleChannel(db, c.get("session"), c.req.valid("param").id, superAdminHeader(c));
    authorize(actor, "channels.manage", channelResource(view));
    await channelDeleter(db, { context: commandContext(c, actor), channel: view.channel });
    return c.body(null, 204);
  })

  .post(
    "/channels/:id/channel_memberships",
    requireSession,
    validate("param", idParam),
    validate("json", addChannelMembersSchema),
    async (c) => {
      const db = c.get("db");
      const { actor, view, workspace } = await loadVisibleChannel(db, c.get("session"), c.req.valid("param").id, superAdminHeader(c));
      authorize(actor, "channels.manage", channelResource(view));
      const results = await channelMembersAdder(db, c.env, {
        context: commandContext(c, actor),
        inviter: c.get("session").user,
        channel: view.channel,
        workspace,
        emails: c.req.valid("json").emails,
        origin: origin(c),
      });
      return c.json({ data: results.map(({ email, status, user }) => presentMembershipResult(email, status, user)) });
    },
  )

  /**
   * Public and shared groups are joined at once, closed ones by a request to their owners
   * (202), private ones only by invitation (403). Someone who manages the group may put
   * another workspace member in it (and needs no request for a closed group).
   */
  .post("/channels/:id/join", requireSession, validate("param", idParam), validate("json", joinChannelSchema), async (c) => {
    const db = c.get("db");
    const session = c.get("session");
    // A private group is a 404 to anyone outside it, here as on GET /channels/:id.
    const { actor, view, workspace } = await loadVisibleChannel(db, session, c.req.valid("param").id, superAdminHeader(c));
    const resource = channelResource(view);
    const manages = can(actor, "channels.manage", resource);
    const userId = c.req.valid("json").user_id;
    if (userId !== actor.userId && !manages) throw new Forbidden("You can only join a group as yourself");
    let target = session.user;
    if (userId !== actor.userId) {
      const member = await groupEligibleMember(db, actor.workspaceId, userId);
      if (!member) throw new NotFound("No such member in this workspace");
      target = member.user;
    }
    const alreadyIn = userId === actor.userId ? view.viewerRole !== null : await isInChannel(db, view.channel.id, userId);
    if (alreadyIn) throw new Conflict("Already a member of this group");
    if (view.channel.visibility === "private") {
      throw new Forbidden("This group is private: its owners add people by invitation");
    }

    if (!manages && can(actor, "channels.request_join", resource)) {
      const request = await channelJoinRequestCreator(db, c.env, {
        context: commandContext(c, actor),
        channel: view.channel,
        workspace,
        requester: target,
        origin: origin(c),
      });
      return c.json({ data: presentJoinRequest(request, target) }, 202);
    }
    if (!manages) authorize(actor, "channels.join", resource);
    const membership = await channelJoiner(db, { context: commandContext(c, actor), channel: view.channel, userId });
    return c.json(
      {
        data: {
          channel: presentChannel(await channelView(db, actor, view.channel.id), actor),
          member: presentChannelMember(target, membership),
        },
      },
      201,
    );
  })

  .post(
    "/channel_join_requests/:id/accept",
    requireSession,
    validate("param", idParam),
    validate("json", acceptJoinRequestSchema),
    async (c) => {
      const db = c.get("db");
      const { actor, request, requester } = await loadJoinRequestToDecide(c, c.req.valid("param").id);
      if (!sameDigest(await sha256Hex(c.req.valid("json").token), request.tokenHash)) {
        throw new Forbidden("This link is not valid for this request");
      }
      if (request.status === "pending" && !(await groupEligibleMember(db, actor.workspaceId, requester.id))) {
        throw new Unprocessable("The requester is no longer a member of this workspace", { user_id: ["is not in this workspace"] });
      }
      const decided = await channelJoinRequestDecider(db, { context: commandContext(c, actor), request, decision: "accepted" });
      return c.json({ data: presentJoinRequest(decided, requester) });
    },
  )

  .delete("/channel_join_requests/:id/deny", requireSession, validate("param", idParam), async (c) => {
    const { actor, request } = await loadJoinRequestToDecide(c, c.req.valid("param").id);
    await channelJoinRequestDecider(c.get("db"), { context: commandContext(c, actor), request, decision: "denied" });
    return c.body(null, 204);
  });
