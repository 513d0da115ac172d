import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { memberships, userTokens, users, type User } from "../db/schema";
import { NotFound } from "../lib/errors";
import { INVALID_INVITATION_MESSAGE, type Invitation } from "../services/invitations";
import { emailGrantConversion } from "./emailGrantConverter";
import { memberEvent, runGuarded, type MemberCommandContext } from "./memberEvents";

/**
 * Accepts an invitation: the token (and any other pending link for the same membership) is
 * used up, the membership becomes active, and the user lands in the workspace, with the
 * password and name they chose when they had none. One batch; a token already used by a
 * concurrent accept stops the whole batch (404).
 */
export async function invitationAccepter(
  db: Database,
  props: {
    context: MemberCommandContext;
    invitation: Invitation;
    passwordHash?: string;
    firstName?: string;
    lastName?: string;
  },
): Promise<User> {
  const { invitation, context } = props;
  const now = new Date();
  const tokenUnused = sql`EXISTS (SELECT 1 FROM user_tokens WHERE id = ${invitation.tokenId} AND used_at IS NULL)`;
  await runGuarded(
    () =>
      db.batch([
        memberEvent(db, context, {
          name: "invitations.accepted",
          userId: invitation.user.id,
          properties: { role: invitation.membership.role },
          onlyIf: tokenUnused,
        }),
        db
          .update(userTokens)
          .set({ usedAt: now })
          .where(
            and(eq(userTokens.kind, "invitation"), eq(userTokens.membershipId, invitation.membership.id), isNull(userTokens.usedAt)),
          ),
        db
          .update(memberships)
          .set({ status: "active", acceptedAt: now })
          .where(and(eq(memberships.id, invitation.membership.id), eq(memberships.status, "invited"))),
        db
          .update(users)
          .set({
            lastWorkspaceId: invitation.workspace.id,
            ...(props.passwordHash !== undefined && { passwordHash: props.passwordHash }),
            ...(props.firstName !== undefined && { firstName: props.firstName }),
            ...(props.lastName !== undefined && { lastName: props.lastName }),
          })
          .where(eq(users.id, invitation.user.id)),
        // Documents shared with their address while they were invited now name them.
        ...emailGrantConversion(db, { workspaceId: invitation.workspace.id, email: invitation.user.email, userId: invitation.user.id }),
      ]),
    () => new NotFound(INVALID_INVITATION_MESSAGE),
  );
  const [user] = await db.select().from(users).where(eq(users.id, invitation.user.id));
  return user!;
}
