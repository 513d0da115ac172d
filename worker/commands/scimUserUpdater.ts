import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { users } from "../db/schema";
import { loadMember, type MemberRow } from "../services/members";
import type { MemberCommandContext } from "./memberEvents";
import { membershipUpdater } from "./membershipUpdater";

export interface ScimUserChanges {
  active?: boolean;
  givenName?: string;
  familyName?: string;
}

/**
 * Applies what an identity provider asks of one user. `active: false` deactivates the
 * membership and `true` reactivates it (a pending invitation stays pending). Names are
 * written only for accounts nobody has claimed yet (no password): a person who set up their
 * own account, and may belong to other workspaces, keeps the name they chose.
 */
export async function scimUserUpdater(
  db: Database,
  props: { context: MemberCommandContext; member: MemberRow; changes: ScimUserChanges },
): Promise<MemberRow> {
  const { context, member, changes } = props;
  const { membership, user } = member;
  if (changes.active === false && membership.status !== "deactivated") {
    await membershipUpdater(db, { context, membership, changes: { status: "deactivated" }, event: "scim.user_deactivated" });
  } else if (changes.active === true && membership.status === "deactivated") {
    await membershipUpdater(db, { context, membership, changes: { status: "active" }, event: "scim.user_reactivated" });
  }
  const names = {
    ...(changes.givenName !== undefined && { firstName: changes.givenName }),
    ...(changes.familyName !== undefined && { lastName: changes.familyName }),
  };
  if (user.passwordHash === null && Object.keys(names).length > 0) {
    await db.update(users).set(names).where(eq(users.id, user.id));
  }
  return loadMember(db, context.workspaceId, user.id);
}
