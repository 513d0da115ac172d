import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { users } from "../db/schema";
import type { BillingEnv } from "../services/billing/stripe-client";
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
 * membership and `true` reactivates it (a pending invitation stays pending; a seat beyond the
 * plan's is 402). Names are
 * written only for an account that belongs to this workspace alone and that nobody has
 * claimed yet (no password, no social sign-in, no super admin): a token reaches its own
 * workspace's memberships, never an account someone else also uses.
 */
export async function scimUserUpdater(
  db: Database,
  env: BillingEnv,
  props: { context: MemberCommandContext; member: MemberRow; changes: ScimUserChanges },
): Promise<MemberRow> {
  const { context, member, changes } = props;
  const { membership, user } = member;
  if (changes.active === false && membership.status !== "deactivated") {
    await membershipUpdater(db, env, { context, membership, changes: { status: "deactivated" }, event: "scim.user_deactivated" });
  } else if (changes.active === true && membership.status === "deactivated") {
    await membershipUpdater(db, env, { context, membership, changes: { status: "active" }, event: "scim.user_reactivated" });
  }
  const names = {
    ...(changes.givenName !== undefined && { firstName: changes.givenName }),
    ...(changes.familyName !== undefined && { lastName: changes.familyName }),
  };
  if (Object.keys(names).length > 0) {
    // One conditional statement, so the account is checked and written together.
    await db
      .update(users)
      .set(names)
      .where(
        and(
          eq(users.id, user.id),
          isNull(users.passwordHash),
          eq(users.isSuperAdmin, false),
          sql`NOT EXISTS (SELECT 1 FROM oauth_identities o WHERE o.user_id = ${user.id})`,
          sql`NOT EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = ${user.id} AND m.workspace_id <> ${context.workspaceId})`,
        ),
      );
  }
  return loadMember(db, context.workspaceId, user.id);
}
