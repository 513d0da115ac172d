import type { AccessLevel, UserRole } from "../../core/enums";
import type { WorkspaceSettings } from "../../core/contracts/workspaces";
import type { ApiScope } from "../../core/contracts/api-keys";
import { limitMessage } from "../../core/billing/limit-message";
import type { LimitKey, Limits, Plan } from "../../core/billing/plans";
import { Forbidden, PlanLimitReached } from "../lib/errors";

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
  /** Set when acting through an API key or personal token: nothing outside these scopes is allowed. */
  scopes?: readonly ApiScope[];
}

type Predicate = (actor: Actor, resource?: unknown) => boolean;

const SIGNED_IN: UserRole[] = ["super_admin", "admin", "member", "guest"];
const MEMBERS: UserRole[] = ["super_admin", "admin", "member"];
const ADMINS: UserRole[] = ["super_admin", "admin"];
const ANYONE: UserRole[] = [...SIGNED_IN, "unauthed"];

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

/**
 * A document or folder as policies see it: the actor's access level on it, worked out from
 * grants by services/access.ts (null: no access).
 */
export interface DocumentResource {
  level: AccessLevel | null;
}
const RANK: Record<AccessLevel, number> = { read: 1, comment: 2, edit: 3, owner: 4 };
const holds =
  (wanted: AccessLevel): Predicate =>
  (_actor, resource) => {
    const level = (resource as DocumentResource | undefined)?.level;
    return level != null && RANK[level] >= RANK[wanted];
  };
/** Creating at the top level is for members; inside a folder, for whoever may edit it (guests too). */
const mayCreateIn: Predicate = (actor, parent) => (parent ? holds("edit")(actor, parent) : actor.role !== "guest");

/**
 * An uploaded file: attached to a document or folder, readers of that may read it (guests
 * only that way); a loose workspace file is for members. `level` is the actor's on what it is attached to.
 */
export interface UploadResource {
  attached: boolean;
  level: AccessLevel | null;
  uploadedById: number | null;
}
const mayReadUpload: Predicate = (actor, resource) => {
  const upload = resource as UploadResource | undefined;
  return upload?.attached ? holds("read")(actor, upload) : actor.role !== "guest";
};
const uploadedIt: Predicate = (actor, resource) => (resource as UploadResource | undefined)?.uploadedById === actor.userId;

/** A design: the workspace's members make and change designs together; its creator or an admin deletes it. */
export interface DesignResource {
  creatorId: number | null;
}
// A member turned guest keeps no hold on what they made.
const createdDesign: Predicate = (actor, resource) => actor.role !== "guest" && (resource as DesignResource | undefined)?.creatorId === actor.userId;

/**
 * A handbook as policies see it: whoever may read its cover document may read it, and whoever
 * may edit the cover may change it; a handbook without a cover is the workspace members'.
 */
export interface HandbookResource {
  hasCover: boolean;
  /** The actor's level on the cover document (null: none, or no cover). */
  level: AccessLevel | null;
}
const mayReadHandbook: Predicate = (actor, resource) => {
  const handbook = resource as HandbookResource | undefined;
  return handbook?.hasCover ? holds("read")(actor, handbook) : actor.role !== "guest";
};
const mayEditHandbook: Predicate = (actor, resource) => {
  const handbook = resource as HandbookResource | undefined;
  return handbook?.hasCover ? holds("edit")(actor, handbook) : true;
};

/**
 * A review as policies see it: the actor's level on its document, and whether they asked for
 * it or were asked. Reviewers answer with read access and above; editors and the requester end it.
 */
export interface ReviewResource extends DocumentResource {
  isRequester: boolean;
  isReviewer: boolean;
}
const mayAnswerReview: Predicate = (actor, resource) =>
  Boolean((resource as ReviewResource | undefined)?.isReviewer) && holds("read")(actor, resource);
const mayEndReview: Predicate = (actor, resource) =>
  (Boolean((resource as ReviewResource | undefined)?.isRequester) && holds("read")(actor, resource)) || holds("edit")(actor, resource);

/**
 * A comment as policies see it: the actor's level on its document and whether they wrote it.
 * Commenters resolve, reopen and pin threads; authors edit their own words; authors and
 * editors delete. Whoever may read the document marks threads read or unread (their own
 * state, nobody else's).
 */
export interface CommentResource extends DocumentResource {
  isAuthor: boolean;
}
const isAuthor: Predicate = (_actor, resource) => Boolean((resource as CommentResource | undefined)?.isAuthor);
const mayEditComment: Predicate = (actor, resource) => isAuthor(actor, resource) && holds("comment")(actor, resource);
const mayDeleteComment: Predicate = (actor, resource) => mayEditComment(actor, resource) || holds("edit")(actor, resource);

/**
 * A todo as policies see it: the actor's level on its document, and whether it is theirs to
 * do or they gave it. Editors make, reassign and delete todos; the assignee and the creator
 * may also tick one off (the document's box follows) as long as they can open the document.
 */
export interface TodoResource extends DocumentResource {
  isAssignee: boolean;
  isCreator: boolean;
}
const mayCompleteTodo: Predicate = (actor, resource) => {
  const todo = resource as TodoResource | undefined;
  return holds("edit")(actor, resource) || (Boolean(todo?.isAssignee || todo?.isCreator) && holds("read")(actor, resource));
};

/**
 * A suggestion as policies see it: the actor's level on its document and whether it is
 * theirs. Commenters suggest (their edits become tracked changes); editors merge or reject;
 * its author may withdraw it while they may still suggest.
 */
export interface SuggestionResource extends DocumentResource {
  isAuthor: boolean;
}
const mayWithdrawSuggestion: Predicate = (actor, resource) =>
  Boolean((resource as SuggestionResource | undefined)?.isAuthor) && holds("comment")(actor, resource);

/**
 * A branch as policies see it (version-control mode): the actor's level on its document,
 * whether they started it, and whether they were asked to review it. Editors of the document
 * start branches, edit and merge them; its author may also submit and cancel it; its
 * reviewers see it. Starting one needs the workspace's version-control mode on.
 */
export interface BranchResource extends DocumentResource {
  isAuthor: boolean;
  isReviewer: boolean;
}
const branchesOn: Predicate = (actor) => actor.workspaceSettings.preferences?.version_control_mode === "branches";
const mayReadBranch: Predicate = (actor, resource) => {
  const branch = resource as BranchResource | undefined;
  return holds("edit")(actor, resource) || (Boolean(branch?.isAuthor || branch?.isReviewer) && holds("read")(actor, resource));
};
const mayEndBranch: Predicate = (actor, resource) =>
  holds("edit")(actor, resource) || (Boolean((resource as BranchResource | undefined)?.isAuthor) && holds("read")(actor, resource));

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
  "articles.create": { roles: SIGNED_IN, when: mayCreateIn },
  "articles.read": { roles: ANYONE, when: holds("read") },
  "articles.comment": { roles: ANYONE, when: holds("comment") },
  "articles.update": { roles: SIGNED_IN, when: holds("edit") },
  "articles.archive": { roles: SIGNED_IN, when: holds("edit") },
  "articles.delete": { roles: ADMINS, or: holds("owner") },
  "articles.share": { roles: SIGNED_IN, when: holds("edit") },
  "articles.publish": { roles: MEMBERS, when: holds("edit") },
  "articles.protect": { roles: SIGNED_IN, when: holds("owner") },
  "articles.transfer": { roles: ADMINS, or: holds("owner") },
  "articles.request_access": { roles: SIGNED_IN },
  "articles.react": { roles: ANYONE, when: holds("read") },
  // Duplicating reads the original and writes a copy: whoever may read it (the copy's place is checked with articles.create).
  "articles.duplicate": { roles: SIGNED_IN, when: holds("read") },
  "folders.create": { roles: SIGNED_IN, when: mayCreateIn },
  "folders.read": { roles: SIGNED_IN, when: holds("read") },
  "folders.update": { roles: SIGNED_IN, when: holds("edit") },
  "folders.delete": { roles: ADMINS, or: holds("owner") },
  "folders.share": { roles: SIGNED_IN, when: holds("edit") },
  "folders.protect": { roles: SIGNED_IN, when: holds("owner") },
  "content.list": { roles: SIGNED_IN },
  "pins.manage": { roles: MEMBERS },
  "handbooks.create": { roles: MEMBERS },
  "handbooks.read": { roles: SIGNED_IN, when: mayReadHandbook },
  "handbooks.update": { roles: MEMBERS, when: mayEditHandbook },
  "templates.manage": { roles: MEMBERS },
  "uploads.create": { roles: SIGNED_IN, when: mayCreateIn },
  "uploads.list": { roles: MEMBERS },
  "uploads.read": { roles: SIGNED_IN, when: mayReadUpload },
  "uploads.delete": { roles: ADMINS, or: uploadedIt },
  "imports.create": { roles: MEMBERS },
  "copies.create": { roles: MEMBERS },
  "brand_kits.read": { roles: MEMBERS },
  "brand_kits.manage": { roles: MEMBERS },
  // Designs are the team's, like brand kits: members see, make and change them (guests never).
  "designs.read": { roles: MEMBERS },
  "designs.create": { roles: MEMBERS },
  "designs.update": { roles: MEMBERS },
  "designs.delete": { roles: ADMINS, or: createdDesign },
  "knowledge.read": { roles: MEMBERS },
  "knowledge.manage": { roles: MEMBERS },
  "content.generate": { roles: MEMBERS },
  // What generation made (campaigns, email sequences, jobs, usage) is read by whoever may generate, apart from writing it.
  "generations.read": { roles: MEMBERS },
  "article_style.update": { roles: ADMINS },
  // Scheduling and publishing: members (guests never) read the calendar, schedule, publish
  // now and connect accounts; webhooks carry the workspace's activity out, so admins set them.
  "posts.read": { roles: MEMBERS },
  "posts.schedule": { roles: MEMBERS },
  "posts.publish_now": { roles: MEMBERS },
  "social_accounts.manage": { roles: MEMBERS },
  // Services beside the networks (a site builder, a CRM): members connect and disconnect them.
  "integrations.manage": { roles: MEMBERS },
  "webhooks.manage": { roles: ADMINS },
  // Billing: members see the plan and its usage; admins subscribe, change and cancel.
  // Analytics: what the workspace's posts did; members read it (guests never see the calendar either).
  "analytics.read": { roles: MEMBERS },
  // Paid ads: members see the ad campaigns and run them (launching spends money within the workspace's monthly cap).
  "ads.read": { roles: MEMBERS },
  "ads.manage": { roles: MEMBERS },
  "billing.read": { roles: MEMBERS },
  "billing.manage": { roles: ADMINS },
  // Workspace API keys act for the whole workspace: admins make and revoke them and read their
  // calls; members see which keys exist (names, scopes, last use), never a secret.
  "api_keys.read": { roles: MEMBERS },
  "api_keys.manage": { roles: ADMINS },
  // A document on the workspace's connected sites: members who may read it see where it is;
  // members who may edit it publish it there (guests never use the workspace's integrations).
  "site_posts.read": { roles: MEMBERS, when: holds("read") },
  "site_posts.publish": { roles: MEMBERS, when: holds("edit") },
  // An email sequence sent to the workspace's email-marketing service, or to oneself as a test.
  "email_sequences.push": { roles: MEMBERS },
  // Contacts (imported from a CRM) and a search console's figures are the members' working data.
  "contacts.read": { roles: MEMBERS },
  "contacts.manage": { roles: MEMBERS },
  "search_console.read": { roles: MEMBERS },
  "inbox.read": { roles: SIGNED_IN },
  "reviews.read": { roles: SIGNED_IN, when: holds("read") },
  "reviews.create": { roles: SIGNED_IN, when: holds("edit") },
  "reviews.answer": { roles: SIGNED_IN, when: mayAnswerReview },
  "reviews.close": { roles: SIGNED_IN, when: mayEndReview },
  "comments.create": { roles: SIGNED_IN, when: holds("comment") },
  "comments.resolve": { roles: SIGNED_IN, when: holds("comment") },
  "comments.read": { roles: SIGNED_IN, when: holds("read") },
  "comments.update": { roles: SIGNED_IN, when: mayEditComment },
  "comments.delete": { roles: SIGNED_IN, when: mayDeleteComment },
  "todos.create": { roles: SIGNED_IN, when: holds("edit") },
  "todos.complete": { roles: SIGNED_IN, when: mayCompleteTodo },
  "todos.update": { roles: SIGNED_IN, when: holds("edit") },
  "todos.delete": { roles: SIGNED_IN, when: holds("edit") },
  "suggestions.read": { roles: SIGNED_IN, when: holds("read") },
  "suggestions.create": { roles: SIGNED_IN, when: holds("comment") },
  "suggestions.merge": { roles: SIGNED_IN, when: holds("edit") },
  "suggestions.withdraw": { roles: SIGNED_IN, when: mayWithdrawSuggestion },
  // Accepting or rejecting tracked changes by uuid (`bulk_accept`, `bulk_reject`) is editing.
  "changes.settle": { roles: SIGNED_IN, when: holds("edit") },
  // An AI revision is a suggestion: whoever may suggest asks for one, members only (it is generation).
  "ai_revisions.create": { roles: MEMBERS, when: holds("comment") },
  // A document's past (activity, versions, comparisons) and its readership are its editors'.
  "history.read": { roles: SIGNED_IN, when: holds("edit") },
  "history.restore": { roles: SIGNED_IN, when: holds("edit") },
  "insights.read": { roles: SIGNED_IN, when: holds("edit") },
  "branches.create": { roles: SIGNED_IN, when: (actor, resource) => branchesOn(actor) && holds("edit")(actor, resource) },
  "branches.read": { roles: SIGNED_IN, when: mayReadBranch },
  "branches.update": { roles: SIGNED_IN, when: holds("edit") },
  "branches.submit": { roles: SIGNED_IN, when: mayEndBranch },
  "branches.merge": { roles: SIGNED_IN, when: holds("edit") },
  "branches.cancel": { roles: SIGNED_IN, when: mayEndBranch },
} satisfies Record<string, Rule>;

export type Action = keyof typeof rules;

/**
 * The scope an API key needs for each action, on top of the role's rule. Every action is
 * named (the type makes a new one fail to compile until it is), so no action is open to a key
 * by omission.
 */
export const actionScopes: Record<Action, ApiScope> = {
  "workspace.read": "read",
  "workspace.update": "admin",
  "workspace.deactivate": "admin",
  "workspace.invitation_link": "admin",
  "workspace.regenerate_invitation_link": "admin",
  "members.list": "read",
  "members.invite": "admin",
  "members.invite_admin": "admin",
  "members.manage": "admin",
  "guests.list": "read",
  "guests.manage": "admin",
  "scim.manage": "admin",
  "channels.list": "read",
  "channels.create": "admin",
  "channels.manage": "admin",
  "channels.read": "read",
  "channels.read_members": "read",
  "channels.join": "write",
  "channels.request_join": "write",
  "articles.create": "write",
  "articles.read": "read",
  "articles.comment": "write",
  "articles.update": "write",
  "articles.archive": "write",
  "articles.delete": "write",
  "articles.share": "admin",
  "articles.publish": "publish",
  "articles.protect": "admin",
  "articles.transfer": "admin",
  "articles.request_access": "write",
  "articles.react": "write",
  "articles.duplicate": "write",
  "folders.create": "write",
  "folders.read": "read",
  "folders.update": "write",
  "folders.delete": "write",
  "folders.share": "admin",
  "folders.protect": "admin",
  "content.list": "read",
  "pins.manage": "write",
  "handbooks.create": "write",
  "handbooks.read": "read",
  "handbooks.update": "write",
  "templates.manage": "write",
  "uploads.create": "write",
  "uploads.list": "read",
  "uploads.read": "read",
  "uploads.delete": "write",
  "imports.create": "write",
  "copies.create": "write",
  "brand_kits.read": "read",
  "brand_kits.manage": "write",
  "designs.read": "read",
  "designs.create": "write",
  "designs.update": "write",
  "designs.delete": "write",
  "knowledge.read": "read",
  "knowledge.manage": "write",
  "content.generate": "write",
  "generations.read": "read",
  "article_style.update": "admin",
  "posts.read": "read",
  "posts.schedule": "publish",
  "posts.publish_now": "publish",
  "social_accounts.manage": "admin",
  "integrations.manage": "admin",
  "webhooks.manage": "admin",
  "analytics.read": "read",
  "ads.read": "read",
  "ads.manage": "publish",
  "billing.read": "admin",
  "billing.manage": "admin",
  "api_keys.read": "admin",
  "api_keys.manage": "admin",
  "site_posts.read": "read",
  "site_posts.publish": "publish",
  "email_sequences.push": "publish",
  "contacts.read": "read",
  "contacts.manage": "write",
  "search_console.read": "read",
  "inbox.read": "read",
  "reviews.read": "read",
  "reviews.create": "write",
  "reviews.answer": "write",
  "reviews.close": "write",
  "comments.create": "write",
  "comments.resolve": "write",
  "comments.read": "read",
  "comments.update": "write",
  "comments.delete": "write",
  "todos.create": "write",
  "todos.complete": "write",
  "todos.update": "write",
  "todos.delete": "write",
  "suggestions.read": "read",
  "suggestions.create": "write",
  "suggestions.merge": "write",
  "suggestions.withdraw": "write",
  "changes.settle": "write",
  "ai_revisions.create": "write",
  "history.read": "read",
  "history.restore": "write",
  "insights.read": "read",
  "branches.create": "write",
  "branches.read": "read",
  "branches.update": "write",
  "branches.submit": "write",
  "branches.merge": "write",
  "branches.cancel": "write",
};

export function can(actor: Actor, action: Action, resource?: unknown): boolean {
  if (actor.scopes && !actor.scopes.includes(actionScopes[action])) return false;
  const rule: Rule = rules[action];
  if (rule.roles.includes(actor.role) && (!rule.when || rule.when(actor, resource))) return true;
  return Boolean(rule.or && actor.role !== "unauthed" && rule.or(actor, resource));
}

/** Throws 403 unless the actor may; `why` says in words what the rule is, where a general refusal would leave them guessing. */
export function authorize(actor: Actor, action: Action, resource?: unknown, why = "You do not have permission to do that"): void {
  if (actor.scopes && !actor.scopes.includes(actionScopes[action])) {
    throw new Forbidden(`This API key does not have the "${actionScopes[action]}" scope this needs.`, { action, scope: actionScopes[action] });
  }
  if (!can(actor, action, resource)) {
    throw new Forbidden(why, { action, role: actor.role });
  }
}

/**
 * The plan's side of permission: adding `adding` (1 generation, 1 seat, n bytes…) to `used`
 * must stay within the workspace's limit for `key`. Throws 402 `plan_limit` with words that
 * say which limit was hit and how to lift it. Every path that adds to a limit calls this.
 */
export function authorizeWithinPlan(
  actor: Pick<Actor, "role">,
  entitlement: { plan: Plan; limits: Limits },
  key: LimitKey,
  used: number,
  adding = 1,
  now = new Date(),
): void {
  const allowed = entitlement.limits[key];
  if (allowed === null || used + adding <= allowed) return;
  const isAdmin = actor.role === "admin" || actor.role === "super_admin";
  const { message, upgrade } = limitMessage({ key, plan: entitlement.plan, allowed, used, adding, now, isAdmin });
  throw new PlanLimitReached(message, { limit: key, used, allowed, plan: entitlement.plan.id, upgrade_to: upgrade?.id ?? null });
}

/** `{ "members.invite": true, … }` for the actions a screen needs to show or hide. */
export function presentPolicies(actor: Actor, actions: Action[], resource?: unknown) {
  return Object.fromEntries(actions.map((action) => [action, can(actor, action, resource)]));
}

/**
 * Platform-level: only super admins may impersonate, whatever workspace they are in, and
 * never another super admin (that would hand one admin the other's platform powers and
 * hide who acted).
 */
export function authorizeImpersonation(user: { isSuperAdmin: boolean }, target?: { isSuperAdmin: boolean }) {
  if (!user.isSuperAdmin) throw new Forbidden("Only super admins can impersonate users");
  if (target?.isSuperAdmin) throw new Forbidden("Super admins cannot be impersonated");
}

/**
 * What someone connected (their accounts and integrations, across workspaces) is theirs to
 * list: the user themself, or a super admin. Everyone else learns nothing (404).
 */
export function mayListConnectionsOf(viewer: { id: number; isSuperAdmin: boolean }, userId: number): boolean {
  return viewer.id === userId || viewer.isSuperAdmin;
}
