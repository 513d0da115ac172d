import type { User } from "../db/schema";

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

export const fullName = (user: Pick<User, "firstName" | "lastName" | "email">) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;

/** The signed-in user, as they see themselves. Never includes the password hash. */
export function presentUser(user: User) {
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
    created_at: iso(user.createdAt),
    updated_at: iso(user.updatedAt),
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
