import type { SelfOut, UserOut } from "../../core/contracts/users";
import { workspaceKeyRole } from "../auth/api-keys";
import type { Session } from "../auth/sessions";
import type { User } from "../db/schema";

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

export const fullName = (user: Pick<User, "firstName" | "lastName" | "email">) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;

/** The signed-in user, as they see themselves. Never includes the password hash. */
export function presentUser(user: User): UserOut {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    name: fullName(user),
    profile: user.profile,
    is_super_admin: user.isSuperAdmin,
    last_workspace_id: user.lastWorkspaceId,
    has_password: user.passwordHash !== null,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  };
}

/** The caller as `GET /v1/users/self` answers: with the key, when the call is made with one, so a script knows where it acts and what it may do. */
export function presentSelf(session: Pick<Session, "user" | "impersonatorId" | "apiKey">): SelfOut {
  const grant = session.apiKey;
  return {
    ...presentUser(session.user),
    impersonator_id: session.impersonatorId,
    api_key: grant
      ? {
          id: grant.id,
          name: grant.name,
          kind: grant.workspaceId === null ? "personal" : "workspace",
          workspace_id: grant.workspaceId,
          scopes: grant.scopes,
          role: grant.workspaceId === null ? null : workspaceKeyRole(grant),
        }
      : null,
  };
}

/** Another user, as a colleague sees them (hover cards, member lists). */
export function presentUserCard(user: User, extra: { following?: boolean } = {}) {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    name: fullName(user),
    profile: {
      pronouns: user.profile.pronouns ?? null,
      job_title: user.profile.job_title ?? null,
      avatar_url: user.profile.avatar_url ?? null,
      location: user.profile.location ?? null,
      bio: user.profile.bio ?? null,
    },
    ...(extra.following === undefined ? {} : { following: extra.following }),
  };
}

export { iso };
