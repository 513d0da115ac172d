import { and, asc, count, eq, inArray, isNotNull, isNull, notExists, or, sql, type SQL } from "drizzle-orm";
import { pageWindow, type PageQuery } from "../../core/contracts/pagination";
import { channelVisibilities } from "../../core/enums";
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
import { NotAMember, resolveActor } from "../middleware/workspace";
import { can, type Actor } from "../policies";
import {
  channelResource,
  presentChannel,
  presentChannelCandidate,
  presentChannelMember,
  presentJoinRequest,
  type ChannelView,
} from "../presenters/channels";
import { containsText } from "./members";

// Reads over groups, called by the /v1 routes and by Remix loaders alike. Every query is
// scoped to the actor's workspace; what the actor may do is the policy module's call.

const memberCount = sql<number>`(SELECT count(*) FROM channel_memberships AS counted WHERE counted.channel_id = ${channels.id})`.mapWith(Number);
const ownerIdList = sql<string | null>`(SELECT group_concat(owners.user_id) FROM channel_memberships AS owners WHERE owners.channel_id = ${channels.id} AND owners.role = 'owner')`;
const joinRequested = (userId: number) =>
  sql<number>`EXISTS (SELECT 1 FROM channel_join_requests AS requests WHERE requests.channel_id = ${channels.id} AND requests.user_id = ${userId} AND requests.status = 'pending')`;

const viewerMembership = (actor: Actor) =>
  and(eq(channelMemberships.channelId, channels.id), eq(channelMemberships.userId, actor.userId));

/** The actor's workspace's groups matching `condition` (one page of them if asked), each with the actor's place in it. */
async function channelViews(db: Database, actor: Actor, condition?: SQL, page?: PageQuery): Promise<ChannelView[]> {
  const query = db
    .select({
      channel: channels,
      viewerRole: channelMemberships.role,
      memberCount,
      ownerIds: ownerIdList,
      joinRequested: joinRequested(actor.userId),
    })
    .from(channels)
    .leftJoin(channelMemberships, viewerMembership(actor))
    .where(and(eq(channels.workspaceId, actor.workspaceId), condition))
    .orderBy(sql`${channels.name} COLLATE NOCASE`, asc(channels.id))
    .$dynamic();
  const window = page && pageWindow(page);
  const rows = window ? await query.limit(window.limit).offset(window.offset) : await query;
  return rows.map((row) => ({
    channel: row.channel,
    viewerRole: row.viewerRole,
    memberCount: row.memberCount,
    ownerIds: row.ownerIds ? row.ownerIds.split(",").map(Number) : [],
    joinRequested: Boolean(row.joinRequested),
  }));
}

/** How many groups channelViews would list without paging. */
async function countChannels(db: Database, actor: Actor, condition?: SQL) {
  const [row] = await db
    .select({ total: count() })
    .from(channels)
    .leftJoin(channelMemberships, viewerMembership(actor))
    .where(and(eq(channels.workspaceId, actor.workspaceId), condition));
  return row?.total ?? 0;
}

/** The groups of the page and how many there are in all, presented for the actor. */
async function pageOfChannels(db: Database, actor: Actor, condition: SQL | undefined, page?: PageQuery) {
  const [views, total] = await Promise.all([
    channelViews(db, actor, condition, page),
    page ? countChannels(db, actor, condition) : undefined,
  ]);
  return { data: views.map((view) => presentChannel(view, actor)), total: total ?? views.length };
}

/**
 * Groups the actor is not in but could join, straight away or by asking: the visibilities
 * the policy module lets them join, as SQL, so paging happens in the query. Never private ones.
 */
function joinable(actor: Actor): SQL | undefined {
  const visibilities = channelVisibilities.filter(
    (visibility) =>
      can(actor, "channels.join", { createdById: null, visibility, isMember: false }) ||
      can(actor, "channels.request_join", { createdById: null, visibility, isMember: false }),
  );
  return visibilities.length ? and(isNull(channelMemberships.id), inArray(channels.visibility, visibilities)) : sql`false`;
}

interface ChannelListOptions {
  /** Name or description containing this (any case). */
  search?: string;
  page?: PageQuery;
}

/** GET /w/:ws/channels: the actor's groups, and with `includeOpenGroups` the ones they could join. Private groups only to their members. */
export async function listChannels(
  db: Database,
  actor: Actor,
  { includeOpenGroups, search, page }: ChannelListOptions & { includeOpenGroups: boolean },
) {
  const mine = isNotNull(channelMemberships.id);
  const condition = and(includeOpenGroups ? or(mine, joinable(actor)) : mine, containsText(search, channels.name, channels.description));
  return pageOfChannels(db, actor, condition, page);
}

/** GET /w/:ws/available_channels: groups the actor could join and is not in. */
export async function availableChannels(db: Database, actor: Actor, { search, page }: ChannelListOptions = {}) {
  return pageOfChannels(db, actor, and(joinable(actor), containsText(search, channels.name, channels.description)), page);
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
  // Someone outside the group's workspace learns nothing, as for a document or a folder.
  const { actor, workspace } = await resolveActor(db, session, channel.workspaceId, superAdminWorkspaceHeader).catch((error: unknown) => {
    throw error instanceof NotAMember ? new NotFound("Group not found") : error;
  });
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
