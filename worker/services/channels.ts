import { and, asc, eq, inArray, isNotNull, isNull, ne, notExists, or, sql, type SQL } from "drizzle-orm";
import type { Session } from "../auth/sessions";
import type { Database } from "../db/client";
import {
  channelJoinRequests,
  channelMemberships,
  channels,
  memberships,
  users,
  type Workspace,
} from "../db/schema";
import { NotFound } from "../lib/errors";
import { resolveActor } from "../middleware/workspace";
import { can, type Actor } from "../policies";
import {
  channelResource,
  presentChannel,
  presentChannelCandidate,
  presentChannelMember,
  presentJoinRequest,
  type ChannelView,
} from "../presenters/channels";

// Reads over groups, called by the /v1 routes and by Remix loaders alike. Every query is
// scoped to the actor's workspace; what the actor may do is the policy module's call.

const memberCount = sql<number>`(SELECT count(*) FROM channel_memberships AS counted WHERE counted.channel_id = ${channels.id})`.mapWith(Number);
const ownerIdList = sql<string | null>`(SELECT group_concat(owners.user_id) FROM channel_memberships AS owners WHERE owners.channel_id = ${channels.id} AND owners.role = 'owner')`;
const joinRequested = (userId: number) =>
  sql<number>`EXISTS (SELECT 1 FROM channel_join_requests AS requests WHERE requests.channel_id = ${channels.id} AND requests.user_id = ${userId} AND requests.status = 'pending')`;

/** The actor's workspace's groups matching `condition`, each with the actor's place in it. */
async function channelViews(db: Database, actor: Actor, condition?: SQL): Promise<ChannelView[]> {
  const rows = await db
    .select({
      channel: channels,
      viewerRole: channelMemberships.role,
      memberCount,
      ownerIds: ownerIdList,
      joinRequested: joinRequested(actor.userId),
    })
    .from(channels)
    .leftJoin(channelMemberships, and(eq(channelMemberships.channelId, channels.id), eq(channelMemberships.userId, actor.userId)))
    .where(and(eq(channels.workspaceId, actor.workspaceId), condition))
    .orderBy(sql`${channels.name} COLLATE NOCASE`, asc(channels.id));
  return rows.map((row) => ({
    channel: row.channel,
    viewerRole: row.viewerRole,
    memberCount: row.memberCount,
    ownerIds: row.ownerIds ? row.ownerIds.split(",").map(Number) : [],
    joinRequested: Boolean(row.joinRequested),
  }));
}

/** A group the actor is not in but may join, straight away or by asking. */
const couldJoin = (actor: Actor, view: ChannelView) =>
  can(actor, "channels.join", channelResource(view)) || can(actor, "channels.request_join", channelResource(view));

/** GET /w/:ws/channels: the actor's groups, and with `includeOpenGroups` the ones they could join. Private groups only to their members. */
export async function listChannels(db: Database, actor: Actor, { includeOpenGroups }: { includeOpenGroups: boolean }) {
  const mine = isNotNull(channelMemberships.id);
  const views = await channelViews(db, actor, includeOpenGroups ? or(mine, ne(channels.visibility, "private")) : mine);
  return views.filter((view) => view.viewerRole !== null || couldJoin(actor, view)).map((view) => presentChannel(view, actor));
}

/** GET /w/:ws/available_channels: groups the actor could join and is not in. */
export async function availableChannels(db: Database, actor: Actor) {
  const views = await channelViews(db, actor, and(isNull(channelMemberships.id), ne(channels.visibility, "private")));
  return views.filter((view) => couldJoin(actor, view)).map((view) => presentChannel(view, actor));
}

export async function channelView(db: Database, actor: Actor, channelId: number): Promise<ChannelView> {
  const [view] = await channelViews(db, actor, eq(channels.id, channelId));
  if (!view) throw new NotFound("Group not found");
  return view;
}

/**
 * Loads a group and resolves who is acting in the group's own workspace, so a user from
 * another workspace gets 403 whatever X-Workspace-Id says; an unknown id is a 404.
 */
export async function loadChannel(
  db: Database,
  session: Session,
  channelId: number,
  superAdminWorkspaceHeader: string | undefined,
): Promise<{ actor: Actor; workspace: Workspace; view: ChannelView }> {
  const [channel] = await db.select({ workspaceId: channels.workspaceId }).from(channels).where(eq(channels.id, channelId));
  if (!channel) throw new NotFound("Group not found");
  const { actor, workspace } = await resolveActor(db, session, channel.workspaceId, superAdminWorkspaceHeader);
  return { actor, workspace, view: await channelView(db, actor, channelId) };
}

/** The same, for a group the actor may see: a private group is a 404 to everyone outside it. */
export async function loadVisibleChannel(...args: Parameters<typeof loadChannel>) {
  const loaded = await loadChannel(...args);
  if (!can(loaded.actor, "channels.read", channelResource(loaded.view))) throw new NotFound("Group not found");
  return loaded;
}

export async function channelMembers(db: Database, channelId: number) {
  const rows = await db
    .select({ user: users, membership: channelMemberships })
    .from(channelMemberships)
    .innerJoin(users, eq(users.id, channelMemberships.userId))
    .where(eq(channelMemberships.channelId, channelId))
    .orderBy(sql`CASE ${channelMemberships.role} WHEN 'owner' THEN 0 ELSE 1 END`, asc(channelMemberships.id));
  return rows.map(({ user, membership }) => presentChannelMember(user, membership));
}

export async function pendingJoinRequests(db: Database, channelId: number) {
  const rows = await db
    .select({ request: channelJoinRequests, user: users })
    .from(channelJoinRequests)
    .innerJoin(users, eq(users.id, channelJoinRequests.userId))
    .where(and(eq(channelJoinRequests.channelId, channelId), eq(channelJoinRequests.status, "pending")))
    .orderBy(asc(channelJoinRequests.id));
  return rows.map(({ request, user }) => presentJoinRequest(request, user));
}

/** One join request to the group, whatever its status, for the page the owners' email opens; null if it is not this group's. */
export async function channelJoinRequest(db: Database, channelId: number, requestId: number) {
  const [row] = await db
    .select({ request: channelJoinRequests, user: users })
    .from(channelJoinRequests)
    .innerJoin(users, eq(users.id, channelJoinRequests.userId))
    .where(and(eq(channelJoinRequests.id, requestId), eq(channelJoinRequests.channelId, channelId)));
  return row ? presentJoinRequest(row.request, row.user) : null;
}

/** GET /channels/:id: the group, its members and pending requests for those allowed to see them. */
export async function channelDetails(db: Database, actor: Actor, view: ChannelView) {
  const resource = channelResource(view);
  const [members, requests] = await Promise.all([
    can(actor, "channels.read_members", resource) ? channelMembers(db, view.channel.id) : null,
    can(actor, "channels.manage", resource) ? pendingJoinRequests(db, view.channel.id) : null,
  ]);
  return { ...presentChannel(view, actor), members, join_requests: requests };
}

/** GET /channels/:id/non_members: the workspace's active and invited people who are not in the group. */
export async function channelNonMembers(db: Database, actor: Actor, channelId: number) {
  const inGroup = db
    .select({ one: sql`1` })
    .from(channelMemberships)
    .where(and(eq(channelMemberships.channelId, channelId), eq(channelMemberships.userId, memberships.userId)));
  const rows = await db
    .select({ user: users, membership: memberships })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(eq(memberships.workspaceId, actor.workspaceId), inArray(memberships.status, ["active", "invited"]), notExists(inGroup)),
    )
    .orderBy(sql`${users.firstName} COLLATE NOCASE`, sql`${users.lastName} COLLATE NOCASE`, asc(users.email));
  return rows.map(({ user, membership }) => presentChannelCandidate(user, membership));
}

/** `userId`'s place in the workspace if it lets them be in its groups (active or invited), else null. */
export async function groupEligibleMember(db: Database, workspaceId: number, userId: number) {
  const [row] = await db
    .select({ user: users, membership: memberships })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId), inArray(memberships.status, ["active", "invited"])),
    );
  return row ?? null;
}

export async function isInChannel(db: Database, channelId: number, userId: number) {
  const [row] = await db
    .select({ id: channelMemberships.id })
    .from(channelMemberships)
    .where(and(eq(channelMemberships.channelId, channelId), eq(channelMemberships.userId, userId)));
  return Boolean(row);
}
