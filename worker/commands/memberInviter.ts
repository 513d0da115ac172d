import { and, eq, isNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { MemberRole } from "../../core/contracts/members";
import { randomToken, sha256Hex } from "../auth/secrets";
import { chunk, inList, rowsPerInsert, runBatch } from "../db/batching";
import type { Database } from "../db/client";
import { memberships, userTokens, users, type Membership, type User, type Workspace } from "../db/schema";
import { fullName } from "../presenters/users";
import { authorizeWithinPlanOf } from "../services/billing/entitlements";
import type { BillingEnv } from "../services/billing/stripe-client";
import { membershipsOf, usersByEmail } from "../services/members";
import { sendMail } from "../services/mail";
import { reserveOutboundMail } from "../services/mail-quota";
import { invitationMail } from "../services/mail-templates";
import { memberEvent, seatActor, takesSeat, type MemberCommandContext } from "./memberEvents";

export const MEMBER_INVITATION_TTL_DAYS = 14;

/** Every table written here has at most 11 columns, plus up to 3 parameters in subqueries. */
const ROWS_PER_INSERT = rowsPerInsert(16);

/**
 * What happened to one address: `invited` (new membership), `reinvited` (a pending invitation
 * renewed: new token, the old link stops working), or skipped because the address was already
 * `active`, `already_invited` (when renewing is off), `deactivated`, or a `duplicate` in the list.
 */
export type InvitationOutcome = "invited" | "reinvited" | "active" | "already_invited" | "deactivated" | "duplicate";

export interface Invite {
  email: string;
  role: MemberRole;
  message?: string | null;
  inviteReason?: string | null;
  /** Names for a user created by this invitation (an identity provider knows them). */
  firstName?: string;
  lastName?: string;
}

/**
 * The emailed link: `/invitations/<token>` on the app's origin, or under `requested` when that
 * is a URL on the same origin (never another site: the link carries a secret).
 */
export function invitationUrl(origin: string, token: string, requested?: string | null) {
  if (requested) {
    try {
      const candidate = new URL(requested, origin);
      if (candidate.origin === origin) {
        candidate.pathname = `${candidate.pathname.replace(/\/+$/, "")}/${token}`;
        return candidate.toString();
      }
    } catch {
      // not a URL: use the default page
    }
  }
  return `${origin}/invitations/${token}`;
}

/** Rows are written before their ids are known, so later statements find them by (unique) email. */
export const userIdByEmail = (email: string) => sql<number>`(SELECT id FROM users WHERE email = ${email})`;

function outcomeFor(membership: Membership | undefined, renewPending: boolean): InvitationOutcome {
  if (!membership) return "invited";
  if (membership.status === "active") return "active";
  if (membership.status === "deactivated") return "deactivated";
  return renewPending ? "reinvited" : "already_invited";
}

export interface InvitationResult {
  email: string;
  status: InvitationOutcome;
  user: User | null;
  membership: Membership | null;
}

export interface InvitationProps {
  context: MemberCommandContext;
  /** Null when an identity provider invites through SCIM. */
  inviter: User | null;
  workspace: Workspace;
  invites: Invite[];
  origin: string;
  urlInvitation?: string | null;
  renewPending: boolean;
}

/**
 * Invites people to a workspace by email. A new address gets a password-less user; each invitee
 * gets an invited membership, a single-use invitation token (only its hash is kept, valid
 * MEMBER_INVITATION_TTL_DAYS days) and an email with the link. Active and deactivated members
 * are left alone; pending invitations are renewed when `renewPending` is set. Every row lands
 * in one batch; the emails go out after it commits.
 */
/** Mail for the invitations, billing for the seat check. */
export type InvitationEnv = Parameters<typeof sendMail>[1] & BillingEnv;

export async function memberInviter(db: Database, env: InvitationEnv, props: InvitationProps) {
  const invitations = await invitationPlan(db, env, props);
  await runBatch(db, invitations.statements);
  return invitations.deliver();
}

/**
 * memberInviter in two halves, for a command that invites people as part of a bigger change
 * (adding them to a group): the statements to put in the caller's own batch, so the invitations
 * and the change commit together, and `deliver`, to call once that batch has committed.
 */
export async function invitationPlan(
  db: Database,
  env: InvitationEnv,
  props: InvitationProps,
): Promise<{ statements: BatchItem<"sqlite">[]; deliver: () => Promise<InvitationResult[]> }> {
  const { context, workspace } = props;
  const seen = new Set<string>();
  const invites = props.invites.map((invite) => {
    const duplicate = seen.has(invite.email);
    seen.add(invite.email);
    return { ...invite, duplicate };
  });
  const emails = [...seen];
  const known = await usersByEmail(db, emails);
  const existing = await membershipsOf(db, workspace.id, [...known.values()].map((user) => user.id));

  const outcome = new Map<string, InvitationOutcome>();
  for (const email of emails) outcome.set(email, outcomeFor(existing.get(known.get(email)?.id ?? -1), props.renewPending));
  const toSend = invites.filter((invite) => !invite.duplicate && ["invited", "reinvited"].includes(outcome.get(invite.email)!));
  const fresh = toSend.filter((invite) => outcome.get(invite.email) === "invited");
  const renewed = toSend.filter((invite) => outcome.get(invite.email) === "reinvited");
  const renewedIds = renewed.map((invite) => existing.get(known.get(invite.email)!.id)!.id);
  // A new member or admin takes a seat, and so does a pending guest invited again as one: over
  // the plan's seats nothing is written (402).
  const seatsAdded =
    fresh.filter((invite) => invite.role !== "guest").length +
    renewed.filter((invite) => invite.role !== "guest" && !takesSeat(existing.get(known.get(invite.email)!.id)!)).length;
  await authorizeWithinPlanOf(db, env, seatActor(context), "seats", seatsAdded);
  // Every invitation goes to someone not (yet) in the workspace. Counted before anything is
  // written: over the hourly mail limit the request changes nothing and answers 429. The
  // workspace's own identity provider (SCIM, no acting user) is not limited: its invitations
  // carry no sender-chosen text, and a limit would stall a directory sync.
  if (context.actorId !== null) {
    await reserveOutboundMail(db, { userId: context.actorId, workspaceId: workspace.id, recipients: toSend.length, outside: toSend.length });
  }

  const now = new Date();
  const expiresAt = new Date(now.getTime() + MEMBER_INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000);
  const tokens = new Map(toSend.map((invite) => [invite.email, randomToken()]));
  const membershipIdOf = (email: string) =>
    sql<number>`(SELECT id FROM memberships WHERE workspace_id = ${workspace.id} AND user_id = ${userIdByEmail(email)})`;
  const tokenRows = await Promise.all(
    toSend.map(async (invite) => ({
      kind: "invitation" as const,
      tokenHash: await sha256Hex(tokens.get(invite.email)!),
      userId: userIdByEmail(invite.email),
      membershipId: membershipIdOf(invite.email),
      expiresAt,
    })),
  );
  const newUsers = fresh.filter((invite) => !known.has(invite.email));
  const newEmails = newUsers.map((invite) => invite.email);
  const invitationFields = (invite: Invite) => ({
    role: invite.role,
    invitedById: context.actorId,
    invitationMessage: invite.message ?? null,
    inviteReason: invite.inviteReason ?? null,
    invitedAt: now,
  });

  const statements: BatchItem<"sqlite">[] = [
    ...chunk(newUsers, ROWS_PER_INSERT).map((part) =>
      db
        .insert(users)
        .values(part.map((invite) => ({ email: invite.email, firstName: invite.firstName, lastName: invite.lastName, passwordHash: null })))
        .onConflictDoNothing(),
    ),
    ...chunk(fresh, ROWS_PER_INSERT).map((part) =>
      db
        .insert(memberships)
        .values(
          part.map((invite) => ({
            workspaceId: workspace.id,
            userId: userIdByEmail(invite.email),
            status: "invited" as const,
            ...invitationFields(invite),
          })),
        )
        .onConflictDoNothing(),
    ),
    ...renewed.map((invite, index) =>
      db
        .update(memberships)
        .set(invitationFields(invite))
        .where(and(eq(memberships.id, renewedIds[index]!), eq(memberships.workspaceId, workspace.id))),
    ),
    // Renewing replaces the pending link: only the newest one works.
    db.delete(userTokens).where(and(eq(userTokens.kind, "invitation"), inList(userTokens.membershipId, renewedIds), isNull(userTokens.usedAt))),
    ...chunk(tokenRows, ROWS_PER_INSERT).map((part) => db.insert(userTokens).values(part)),
    ...toSend.map((invite) =>
      memberEvent(db, context, {
        name: outcome.get(invite.email) === "reinvited" ? "members.invitation_renewed" : "members.invited",
        userId: userIdByEmail(invite.email),
        properties: { email: invite.email, role: invite.role },
      }),
    ),
  ];

  const deliver = async (): Promise<InvitationResult[]> => {
    const everyone = newEmails.length > 0 ? await usersByEmail(db, emails) : known;
    const inviterName = props.inviter ? fullName(props.inviter) : `An administrator of ${workspace.name}`;
    for (const invite of toSend) {
      await sendMail(
        db,
        env,
        invitationMail({
          to: invite.email,
          inviterName,
          workspaceName: workspace.name,
          url: invitationUrl(props.origin, tokens.get(invite.email)!, props.urlInvitation),
          message: invite.message,
        }),
      );
    }
    const after = toSend.length > 0 ? await membershipsOf(db, workspace.id, [...everyone.values()].map((user) => user.id)) : existing;
    return invites.map((invite) => {
      const user = everyone.get(invite.email) ?? null;
      return {
        email: invite.email,
        status: invite.duplicate ? "duplicate" : outcome.get(invite.email)!,
        user,
        membership: (user && after.get(user.id)) ?? null,
      };
    });
  };
  return { statements, deliver };
}
