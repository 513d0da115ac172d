import { and, eq, gt, isNull, ne } from "drizzle-orm";
import { sha256Hex } from "../auth/secrets";
import type { Database } from "../db/client";
import { memberships, userTokens, users, workspaces, type Membership, type User, type Workspace } from "../db/schema";
import { NotFound } from "../lib/errors";

export const INVALID_INVITATION_MESSAGE =
  "This invitation is no longer valid: it may have been accepted already, expired, or been withdrawn. Ask the person who invited you for a new one.";

export interface Invitation {
  tokenId: number;
  expiresAt: Date;
  user: User;
  membership: Membership;
  workspace: Workspace;
  inviter: User | null;
}

/**
 * The live invitation a raw token opens: unused, unexpired, for a membership that still
 * exists and is not deactivated, in an active workspace. Anything else is a 404.
 */
export async function findInvitation(db: Database, token: string): Promise<Invitation> {
  const [row] = await db
    .select({ token: userTokens, membership: memberships, workspace: workspaces, user: users })
    .from(userTokens)
    .innerJoin(memberships, and(eq(memberships.id, userTokens.membershipId), eq(memberships.userId, userTokens.userId)))
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .innerJoin(users, eq(users.id, userTokens.userId))
    .where(
      and(
        eq(userTokens.tokenHash, await sha256Hex(token)),
        eq(userTokens.kind, "invitation"),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, new Date()),
        ne(memberships.status, "deactivated"),
        isNull(workspaces.deactivatedAt),
      ),
    )
    .limit(1);
  if (!row) throw new NotFound(INVALID_INVITATION_MESSAGE);
  const inviterId = row.membership.invitedById;
  const [inviter] = inviterId ? await db.select().from(users).where(eq(users.id, inviterId)).limit(1) : [];
  return {
    tokenId: row.token.id,
    expiresAt: row.token.expiresAt,
    user: row.user,
    membership: row.membership,
    workspace: row.workspace,
    inviter: inviter ?? null,
  };
}
