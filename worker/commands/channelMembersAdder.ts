import { and, eq, inArray, sql } from "drizzle-orm";
import type { ChannelMembershipResult } from "../../core/contracts/channels";
import { randomToken, sha256Hex } from "../auth/secrets";
import { chunk, IN_LIST_CHUNK, rowsPerInsert, runBatch } from "../db/batching";
import type { Database } from "../db/client";
import {
  channelMemberships,
  memberships,
  userTokens,
  users,
  type Channel,
  type User,
  type Workspace,
} from "../db/schema";
import { authorize } from "../policies";
import { fullName } from "../presenters/users";
import { sendMail } from "../services/mail";
import { invitationMail } from "../services/mail-templates";
import { membershipsOf, usersByEmail } from "../services/members";
import { channelEvent, type CommandContext } from "./channelEvents";
import { MEMBER_INVITATION_TTL_DAYS } from "./memberInviter";

/** Every table written here has at most 11 columns, plus up to 3 parameters in subqueries. */
const ROWS_PER_INSERT = rowsPerInsert(16);

export const invitationLink = (origin: string, token: string) => `${origin}/invitations/${token}`;

/** Rows are written before their ids are known, so later statements find users by (unique) email. */
const userIdByEmail = (email: string) => sql<number>`(SELECT id FROM users WHERE email = ${email})`;

async function channelMemberIds(db: Database, channelId: number, userIds: number[]) {
  const found = new Set<number>();
  for (const part of chunk(userIds, IN_LIST_CHUNK)) {
    const rows = await db
      .select({ userId: channelMemberships.userId })
      .from(channelMemberships)
      .where(and(eq(channelMemberships.channelId, channelId), inArray(channelMemberships.userId, part)));
    for (const row of rows) found.add(row.userId);
  }
  return found;
}

/**
 * Adds people to a group by email. Active and invited workspace members are added; anyone
 * else is invited to the workspace as a member (a password-less user when the email is new,
 * an invited membership, a single-use invitation token of which only the hash is kept, and
 * an email with the link) and added to the group too. Deactivated members are left out.
 * Every row lands in one batch; the emails go out after it commits.
 */
export async function channelMembersAdder(
  db: Database,
  env: Parameters<typeof sendMail>[1],
  props: { context: CommandContext; inviter: User; channel: Channel; workspace: Workspace; emails: string[]; origin: string },
) {
  const { context, channel, workspace } = props;
  const emails = [...new Set(props.emails)];
  const known = await usersByEmail(db, emails);
  const knownIds = [...known.values()].map((user) => user.id);
  const [members, inGroup] = await Promise.all([
    membershipsOf(db, workspace.id, knownIds),
    channelMemberIds(db, channel.id, knownIds),
  ]);

  const outcome = new Map<string, ChannelMembershipResult>();
  for (const email of emails) {
    const user = known.get(email);
    const membership = user && members.get(user.id);
    if (!user || !membership) outcome.set(email, "invited");
    else if (membership.status === "deactivated") outcome.set(email, "deactivated");
    else if (inGroup.has(user.id)) outcome.set(email, "already_member");
    else outcome.set(email, "added");
  }
  const withOutcome = (wanted: ChannelMembershipResult) => emails.filter((email) => outcome.get(email) === wanted);
  const invited = withOutcome("invited");
  const joining = [...withOutcome("added"), ...invited];
  // Bringing someone new into the workspace is an invitation, whoever manages the group.
  if (invited.length > 0) authorize(context.actor, "members.invite");

  const now = new Date();
  const expiresAt = new Date(now.getTime() + MEMBER_INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000);
  const tokens = new Map(invited.map((email) => [email, randomToken()]));
  const tokenRows = await Promise.all(
    invited.map(async (email) => ({
      kind: "invitation" as const,
      tokenHash: await sha256Hex(tokens.get(email)!),
      userId: userIdByEmail(email),
      membershipId: sql<number>`(SELECT id FROM memberships WHERE workspace_id = ${workspace.id} AND user_id = ${userIdByEmail(email)})`,
      expiresAt,
    })),
  );
  const newEmails = invited.filter((email) => !known.has(email));

  await runBatch(db, [
    ...chunk(newEmails, ROWS_PER_INSERT).map((part) =>
      db
        .insert(users)
        .values(part.map((email) => ({ email, passwordHash: null })))
        .onConflictDoNothing(),
    ),
    ...chunk(invited, ROWS_PER_INSERT).map((part) =>
      db
        .insert(memberships)
        .values(
          part.map((email) => ({
            workspaceId: workspace.id,
            userId: userIdByEmail(email),
            role: "member" as const,
            status: "invited" as const,
            invitedById: context.actor.userId,
            invitedAt: now,
          })),
        )
        .onConflictDoNothing(),
    ),
    ...chunk(tokenRows, ROWS_PER_INSERT).map((part) => db.insert(userTokens).values(part)),
    ...chunk(joining, ROWS_PER_INSERT).map((part) =>
      db
        .insert(channelMemberships)
        .values(part.map((email) => ({ channelId: channel.id, userId: userIdByEmail(email), role: "member" as const })))
        .onConflictDoNothing(),
    ),
    ...(joining.length > 0
      ? [channelEvent(db, context, "channels.add_members", { channel_id: channel.id, added: withOutcome("added"), invited })]
      : []),
  ]);

  const everyone = newEmails.length > 0 ? await usersByEmail(db, emails) : known;
  for (const email of invited) {
    await sendMail(
      db,
      env,
      invitationMail({
        to: email,
        inviterName: fullName(props.inviter),
        workspaceName: workspace.name,
        url: invitationLink(props.origin, tokens.get(email)!),
        message: `You have been added to the group ${channel.name}.`,
      }),
    );
  }
  return emails.map((email) => ({ email, status: outcome.get(email)!, user: everyone.get(email) ?? null }));
}
