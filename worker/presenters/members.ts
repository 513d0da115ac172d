import type { MemberOut } from "../../core/contracts/members";
import type { InvitationOutcome } from "../commands/memberInviter";
import type { Membership, User, Workspace } from "../db/schema";
import { presentPolicies, type Action, type Actor } from "../policies";
import { fullName, iso, presentUserCard } from "./users";

/**
 * A person's place in a workspace. `id` is the user's id, the one member routes take;
 * `status` is active, invited (not accepted yet) or deactivated.
 */
export function presentMember(user: User, membership: Membership): MemberOut {
  return {
    ...presentUserCard(user),
    id: user.id,
    user_id: user.id,
    membership_id: membership.id,
    workspace_id: membership.workspaceId,
    role: membership.role,
    admin: membership.role === "admin",
    guest: membership.role === "guest",
    status: membership.status,
    invited_by_id: membership.invitedById,
    invitation_message: membership.invitationMessage,
    invite_reason: membership.inviteReason,
    invited_at: iso(membership.invitedAt),
    accepted_at: iso(membership.acceptedAt),
    deactivated_at: iso(membership.deactivatedAt),
    created_at: iso(membership.createdAt),
    updated_at: iso(membership.updatedAt),
  };
}

/** What the members and guests screens may offer this actor. */
const MEMBER_ACTIONS: Action[] = ["members.invite", "members.invite_admin", "members.manage", "guests.manage"];

export const presentMemberPolicies = (actor: Actor) => presentPolicies(actor, MEMBER_ACTIONS);

/** One line of POST /onboarding/invite: what happened to that address. */
export function presentInvitationResult(result: {
  email: string;
  status: InvitationOutcome;
  user: User | null;
  membership: Membership | null;
}) {
  return {
    email: result.email,
    status: result.status,
    member: result.user && result.membership ? presentMember(result.user, result.membership) : null,
  };
}

/** GET /v1/invitations/:token: enough to show "Dana invited you to Acme" and the right form. */
export function presentInvitationPreview(invitation: {
  user: User;
  membership: Membership;
  workspace: Workspace;
  inviter: User | null;
  expiresAt: Date;
}) {
  const { user, membership, workspace, inviter } = invitation;
  return {
    email: user.email,
    role: membership.role,
    status: membership.status,
    message: membership.invitationMessage,
    expires_at: iso(invitation.expiresAt),
    has_password: user.passwordHash !== null,
    workspace: { id: workspace.id, key: workspace.key, name: workspace.name, logo_url: workspace.logoUrl },
    inviter: inviter ? { id: inviter.id, name: fullName(inviter) } : null,
    user: {
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      has_password: user.passwordHash !== null,
    },
  };
}
