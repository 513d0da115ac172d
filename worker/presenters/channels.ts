import type { ChannelMembershipResult } from "../../core/contracts/channels";
import type { Channel, channelJoinRequests, channelMemberships, Membership, User } from "../db/schema";
import { presentPolicies, type Action, type Actor, type ChannelResource } from "../policies";
import { iso, presentUserCard } from "./users";

/** A group as one actor sees it: their place in it and the counts a list shows. */
export interface ChannelView {
  channel: Channel;
  /** The actor's role in the group; null when they are not in it. */
  viewerRole: "owner" | "member" | null;
  memberCount: number;
  ownerIds: number[];
  /** The actor has asked to join and nobody has decided yet. */
  joinRequested: boolean;
}

type ChannelMembership = typeof channelMemberships.$inferSelect;
type ChannelJoinRequest = typeof channelJoinRequests.$inferSelect;

/** What the policy module needs to know about a group to decide for the actor. */
export function channelResource(view: ChannelView): ChannelResource {
  return {
    createdById: view.channel.createdById,
    ownerIds: view.ownerIds,
    visibility: view.channel.visibility,
    isMember: view.viewerRole !== null,
  };
}

/** What a client may offer on a group: see its members, join, ask to join, manage (add, accept, delete). */
const CHANNEL_ACTIONS: Action[] = ["channels.read_members", "channels.join", "channels.request_join", "channels.manage"];

export function presentChannel(view: ChannelView, actor: Actor) {
  const { channel } = view;
  return {
    id: channel.id,
    workspace_id: channel.workspaceId,
    name: channel.name,
    description: channel.description,
    visibility: channel.visibility,
    created_by_id: channel.createdById,
    is_member: view.viewerRole !== null,
    role: view.viewerRole,
    member_count: view.memberCount,
    join_requested: view.joinRequested,
    created_at: iso(channel.createdAt),
    updated_at: iso(channel.updatedAt),
    policies: presentPolicies(actor, CHANNEL_ACTIONS, channelResource(view)),
  };
}

export function presentChannelMember(user: User, membership: Pick<ChannelMembership, "role" | "createdAt">) {
  return { ...presentUserCard(user), role: membership.role, joined_at: iso(membership.createdAt) };
}

/** A workspace member who is not in the group, for the add-members picker. */
export function presentChannelCandidate(user: User, membership: Pick<Membership, "role" | "status">) {
  return { ...presentUserCard(user), workspace_role: membership.role, membership_status: membership.status };
}

/** Never includes the token or its hash: the token travels only in the owners' email. */
export function presentJoinRequest(request: ChannelJoinRequest, requester: User) {
  return {
    id: request.id,
    channel_id: request.channelId,
    status: request.status,
    user: presentUserCard(requester),
    decided_by_id: request.decidedById,
    created_at: iso(request.createdAt),
    updated_at: iso(request.updatedAt),
  };
}

/** One line of POST /channels/:id/channel_memberships: what happened to that address. */
export function presentMembershipResult(email: string, status: ChannelMembershipResult, user: User | null) {
  return { email, status, user: user ? presentUserCard(user) : null };
}
