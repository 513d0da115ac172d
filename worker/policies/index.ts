import type { UserRole } from "../../core/enums";
import type { WorkspaceSettings } from "../../core/contracts/workspaces";
import { Forbidden } from "../lib/errors";

/**
 * The one place where permission is decided. Routes call `authorize(actor, action)`;
 * presenters call `can` to tell clients what the user may do.
 */
export interface Actor {
  userId: number;
  /** Effective role in `workspaceId` (super_admin only when super-admin mode is on for it). */
  role: UserRole;
  workspaceId: number;
  workspaceSettings: WorkspaceSettings;
  /** The user is a platform super admin, whatever the current workspace. */
  isSuperAdmin: boolean;
}

type Predicate = (actor: Actor, resource?: unknown) => boolean;

const SIGNED_IN: UserRole[] = ["super_admin", "admin", "member", "guest"];
const MEMBERS: UserRole[] = ["super_admin", "admin", "member"];
const ADMINS: UserRole[] = ["super_admin", "admin"];

/** Members may invite unless the workspace's preferences say only admins may. */
const membersMayInvite: Predicate = (actor) =>
  actor.role !== "member" || actor.workspaceSettings.preferences?.members_can_invite !== false;

/** Guests see the member list only when the workspace allows it. */
const guestsMaySeeMembers: Predicate = (actor) =>
  actor.role !== "guest" || actor.workspaceSettings.preferences?.guests_can_see_members === true;

/** The group's owner may manage it even without being a workspace admin. */
export interface ChannelResource {
  createdById: number | null;
  ownerIds?: number[];
  /** For seeing and joining: the group's visibility and whether the actor belongs to it. */
  visibility?: "private" | "public" | "shared" | "closed";
  isMember?: boolean;
}
const ownsChannel: Predicate = (actor, resource) => {
  const channel = resource as ChannelResource | undefined;
  return Boolean(channel && (channel.createdById === actor.userId || channel.ownerIds?.includes(actor.userId)));
};

const inChannel: Predicate = (_actor, resource) => Boolean((resource as ChannelResource | undefined)?.isMember);

/** Anyone may join a public group straight away, except guests, who only ever see shared ones. */
const mayJoinChannel: Predicate = (actor, resource) => {
  const channel = resource as ChannelResource | undefined;
  if (!channel || channel.isMember) return false;
  return channel.visibility === "shared" || (channel.visibility === "public" && actor.role !== "guest");
};

/** A closed group is joined by asking its owners (the rule's roles keep guests out). */
const mayAskToJoinChannel: Predicate = (_actor, resource) => {
  const channel = resource as ChannelResource | undefined;
  return Boolean(channel && !channel.isMember && channel.visibility === "closed");
};

/** A private group exists only for its members (and the admins and owners who manage it). */
const seesChannel: Predicate = (actor, resource) =>
  inChannel(actor, resource) ||
  ownsChannel(actor, resource) ||
  mayJoinChannel(actor, resource) ||
  (actor.role !== "guest" && mayAskToJoinChannel(actor, resource));

interface Rule {
  roles: UserRole[];
  /** Extra condition on top of the role; `or` lets a resource rule admit other roles. */
  when?: Predicate;
  or?: Predicate;
}

/** What each role may do. The permission-matrix test walks this table for every role. */
export const rules = {
  "workspace.read": { roles: SIGNED_IN },
  "workspace.update": { roles: ADMINS },
  "workspace.deactivate": { roles: ADMINS },
  "workspace.invitation_link": { roles: MEMBERS, when: membersMayInvite },
  "workspace.regenerate_invitation_link": { roles: ADMINS },
  "members.list": { roles: SIGNED_IN, when: guestsMaySeeMembers },
  "members.invite": { roles: MEMBERS, when: membersMayInvite },
  "members.invite_admin": { roles: ADMINS },
  "members.manage": { roles: ADMINS },
  "guests.list": { roles: MEMBERS },
  "guests.manage": { roles: ADMINS },
  "scim.manage": { roles: ADMINS },
  "channels.list": { roles: SIGNED_IN },
  "channels.create": { roles: MEMBERS },
  "channels.manage": { roles: ADMINS, or: ownsChannel },
  "channels.read": { roles: ADMINS, or: seesChannel },
  "channels.read_members": { roles: ADMINS, or: (actor, channel) => inChannel(actor, channel) || ownsChannel(actor, channel) },
  "channels.join": { roles: SIGNED_IN, when: mayJoinChannel },
  "channels.request_join": { roles: MEMBERS, when: mayAskToJoinChannel },
} satisfies Record<string, Rule>;

export type Action = keyof typeof rules;

export function can(actor: Actor, action: Action, resource?: unknown): boolean {
  const rule: Rule = rules[action];
  if (rule.roles.includes(actor.role) && (!rule.when || rule.when(actor, resource))) return true;
  return Boolean(rule.or && actor.role !== "unauthed" && rule.or(actor, resource));
}

export function authorize(actor: Actor, action: Action, resource?: unknown): void {
  if (!can(actor, action, resource)) {
    throw new Forbidden("You do not have permission to do that", { action, role: actor.role });
  }
}

/** `{ "members.invite": true, … }` for the actions a screen needs to show or hide. */
export function presentPolicies(actor: Actor, actions: Action[], resource?: unknown) {
  return Object.fromEntries(actions.map((action) => [action, can(actor, action, resource)]));
}

/** Platform-level: only super admins may impersonate, whatever workspace they are in. */
export function authorizeImpersonation(user: { isSuperAdmin: boolean }) {
  if (!user.isSuperAdmin) throw new Forbidden("Only super admins can impersonate users");
}
