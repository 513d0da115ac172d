import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { AccessLevel } from "../../core/enums";
import { inList, runBatch } from "../db/batching";
import type { Database } from "../db/client";
import { accesses, channelMemberships, memberships, users, type Access, type User, type Workspace } from "../db/schema";
import { fullName } from "../presenters/users";
import { LEVEL_RANK } from "../services/access";
import { notify, type InboxEnv, type NotifyItem } from "../services/inbox";
import { sendMail } from "../services/mail";
import { reserveOutboundMail } from "../services/mail-quota";
import { shareMail } from "../services/share-mail";
import type { PlannedGrant } from "../services/share-targets";
import { checkGrantable, grantsOn, sharedItemFacts, targetKey, type SharedItem } from "../services/shares";
import { accessEvent } from "./accessEvents";
import type { CommandContext } from "./events";
import { invitationPlan, userIdByEmail, type InvitationResult } from "./memberInviter";

/** Most emails one share sends (a group can be large); the rest see it in their lists. */
export const MAX_SHARE_MAILS = 100;

export interface GrantProps {
  context: CommandContext;
  sharer: User;
  workspace: Workspace;
  item: SharedItem;
  /** The sharer's own level on the item: nothing above it is granted or changed. */
  level: AccessLevel;
  grants: PlannedGrant[];
  /** Addresses to invite to the workspace as guests (their grants are Email grants). */
  invites: string[];
  origin: string;
  mail: { subject?: string | null; message?: string | null };
  handbookKey?: string | null;
  /** Only ever raise an existing grant (accepting a request must not lower one). */
  neverLower?: boolean;
  /** Email people whose existing grant changed too, not only new ones. */
  notifyUpdated?: boolean;
  /** What the grantees' inbox items say (default: AccessGrant granted/updated, or ReadReceiptRequest). */
  inboxItem?: Pick<NotifyItem, "type" | "event" | "accessRequestId">;
  /** Statements the caller needs to commit together with the grants. */
  alsoInBatch?: BatchItem<"sqlite">[];
}

export interface GrantOutcome {
  created: PlannedGrant[];
  updated: PlannedGrant[];
  invitations: InvitationResult[];
  notified: number;
  /** The item's grants after the change. */
  grants: Access[];
}

/** The last mention of a target wins, so one call never writes two grants for it. */
function dedupe(grants: PlannedGrant[]) {
  const byKey = new Map<string, PlannedGrant>();
  for (const grant of grants) {
    byKey.delete(targetKey(grant));
    byKey.set(targetKey(grant), grant);
  }
  return [...byKey.values()];
}

/**
 * The active members of the groups, by group, in one query (at most MAX_SHARE_MAILS per
 * group, the sharer included, as mails stop at MAX_SHARE_MAILS anyway).
 */
async function groupRecipients(db: Database, workspaceId: number, channelIds: number[]) {
  const byGroup = new Map<number, User[]>();
  if (channelIds.length === 0) return byGroup;
  const rows = await db
    .select({ channelId: channelMemberships.channelId, user: users })
    .from(channelMemberships)
    .innerJoin(users, eq(users.id, channelMemberships.userId))
    .innerJoin(
      memberships,
      and(eq(memberships.userId, users.id), eq(memberships.workspaceId, workspaceId), eq(memberships.status, "active"))
    )
    .where(inList(channelMemberships.channelId, channelIds))
    .limit((MAX_SHARE_MAILS + 1) * channelIds.length);
  for (const { channelId, user } of rows) byGroup.set(channelId, [...(byGroup.get(channelId) ?? []), user]);
  return byGroup;
}

/**
 * Shares a document or folder: writes a grant per target, or updates the grant that target
 * already has (never two for one target), invites unknown addresses to the workspace as
 * guests, and records an `accesses.create` / `accesses.update` event per change, all in one
 * batch. Then the invitations go out, and everyone newly granted (a person, an address, a
 * group's members) is told: an address by email with the link, a person in their inbox and by
 * that email as they chose. Nobody grants or changes a grant above their own level (403 naming
 * the field).
 */
export async function accessGranter(db: Database, env: InboxEnv, props: GrantProps): Promise<GrantOutcome> {
  const { context, item, level } = props;
  const facts = sharedItemFacts(item);
  const existing = new Map((await grantsOn(db, facts)).map((access) => [targetKey(access), access]));

  const created: PlannedGrant[] = [];
  const updated: PlannedGrant[] = [];
  const statements: BatchItem<"sqlite">[] = [];
  for (const grant of dedupe(props.grants)) {
    checkGrantable(level, grant.permission, `${grant.field}.permission`);
    const current = existing.get(targetKey(grant));
    const target = {
      target: { type: grant.targetType, user_id: grant.userId, channel_id: grant.channelId, email: grant.email, role: grant.role },
      article_id: facts.articleId,
      folder_id: facts.folderId,
      handbook_key: props.handbookKey ?? null,
    };
    const recipient = grant.targetType === "Email" ? userIdByEmail(grant.email!) : grant.userId;
    if (!current) {
      const readReceipt = grant.readReceipt ?? false;
      statements.push(
        db.insert(accesses).values({
          workspaceId: facts.workspaceId,
          articleId: facts.articleId,
          folderId: facts.folderId,
          targetType: grant.targetType,
          userId: grant.userId,
          channelId: grant.channelId,
          email: grant.email,
          role: grant.role,
          permission: grant.permission,
          readReceipt,
          createdById: context.actor.userId,
        }),
        accessEvent(db, context, "accesses.create", {
          articleId: facts.articleId,
          userId: recipient,
          properties: { inbox_type: "AccessGrant", ...target, permission: grant.permission, read_receipt: readReceipt },
        })
      );
      created.push(grant);
      continue;
    }
    const permission =
      props.neverLower && LEVEL_RANK[current.permission] >= LEVEL_RANK[grant.permission] ? current.permission : grant.permission;
    const readReceipt = grant.readReceipt ?? current.readReceipt;
    if (permission === current.permission && readReceipt === current.readReceipt) continue;
    // Changing someone's grant is granting: an editor cannot touch an owner's.
    checkGrantable(level, current.permission, `${grant.field}.permission`);
    statements.push(
      db
        .update(accesses)
        .set({ permission, readReceipt, ...(readReceipt && !current.readReceipt ? { readAt: null } : {}) })
        .where(and(eq(accesses.id, current.id), eq(accesses.workspaceId, facts.workspaceId))),
      accessEvent(db, context, "accesses.update", {
        articleId: facts.articleId,
        userId: recipient,
        properties: {
          inbox_type: "AccessGrant",
          ...target,
          access_id: current.id,
          permission,
          previous_permission: current.permission,
          read_receipt: readReceipt,
        },
      })
    );
    updated.push({ ...grant, permission, readReceipt });
  }

  const invitations = props.invites.length
    ? await invitationPlan(db, env, {
        context: {
          workspaceId: facts.workspaceId,
          actorId: context.actor.userId,
          actorRole: context.actor.role,
          sessionUuid: context.sessionUuid,
          ip: context.ip,
        },
        inviter: props.sharer,
        workspace: props.workspace,
        invites: props.invites.map((email) => ({
          email,
          role: "guest" as const,
          message: props.mail.message || `${fullName(props.sharer)} shared "${facts.title}" with you.`,
        })),
        origin: props.origin,
        renewPending: false,
      })
    : null;
  // The share mails carry the sharer's subject and message: counted against the hourly mail
  // limits before anything is written, so a request over them changes nothing (429).
  const recipients = await shareRecipients(db, props, [...created, ...(props.notifyUpdated ? updated : [])]);
  await reserveOutboundMail(db, {
    userId: context.actor.userId,
    workspaceId: facts.workspaceId,
    recipients: recipients.length,
    outside: recipients.filter(([, mail]) => mail.pending).length,
  });
  // Invitations first: the grants' events find the invited users by email.
  await runBatch(db, [...(invitations?.statements ?? []), ...statements, ...(props.alsoInBatch ?? [])]);
  context.rooms?.accessChanged(facts.workspaceId);
  const invited = invitations ? await invitations.deliver() : [];

  // Addresses still invited have no inbox and no email choices yet: the share mails them here.
  // Everyone else hears through `notify`, by email as they chose for the item's type.
  let notified = 0;
  for (const [to, mail] of recipients) {
    if (!mail.pending) continue;
    await sendMail(db, env, shareMailTo(props, to, mail));
    notified++;
  }
  const items = await inboxItems(db, props, created, props.notifyUpdated ? updated : [], new Map(recipients));
  const stored = await notify(db, env, items, { origin: props.origin });
  notified += stored.filter((item) => item.emailStatus === "sent").length;
  return { created, updated, invitations: invited, notified, grants: await grantsOn(db, facts) };
}

type ShareRecipient = [email: string, mail: { permission: AccessLevel; readReceipt: boolean; pending: boolean }];

/** Everyone newly reached, the sharer excepted, at most MAX_SHARE_MAILS: who a share mails. */
async function shareRecipients(db: Database, props: GrantProps, grants: PlannedGrant[]): Promise<ShareRecipient[]> {
  const facts = sharedItemFacts(props.item);
  const recipients = new Map<string, { permission: AccessLevel; readReceipt: boolean; pending: boolean }>();
  const add = (email: string, grant: PlannedGrant, pending = false) => {
    if (email !== props.sharer.email && !recipients.has(email)) {
      recipients.set(email, { permission: grant.permission, readReceipt: grant.readReceipt ?? false, pending });
    }
  };
  for (const grant of grants) {
    if (grant.targetType === "User" && grant.user) add(grant.user.email, grant);
    if (grant.targetType === "Email") add(grant.email!, grant, true);
  }
  const groupGrants = grants.filter((g) => g.targetType === "Channel");
  const members =
    recipients.size < MAX_SHARE_MAILS
      ? await groupRecipients(db, facts.workspaceId, [...new Set(groupGrants.map((g) => g.channelId!))])
      : new Map<number, User[]>();
  for (const grant of groupGrants) {
    for (const user of members.get(grant.channelId!) ?? []) add(user.email, grant);
  }
  return [...recipients].slice(0, MAX_SHARE_MAILS);
}

/**
 * The grantees' inbox items: people named and the members of groups named (workspace members
 * only; an address still invited hears by email). The share's email (the sharer's subject and
 * message) rides on each person's first item, for those within the share's mail cap.
 */
async function inboxItems(
  db: Database,
  props: GrantProps,
  created: PlannedGrant[],
  updated: PlannedGrant[],
  mails: Map<string, ShareRecipient[1]>,
): Promise<NotifyItem[]> {
  const facts = sharedItemFacts(props.item);
  const groups = [...created, ...updated].filter((grant) => grant.targetType === "Channel");
  const members = groups.length ? await groupRecipients(db, facts.workspaceId, [...new Set(groups.map((g) => g.channelId!))]) : new Map<number, User[]>();
  const mailed = new Set<string>();
  const mailFor = (email: string | undefined) => {
    const mail = email ? mails.get(email) : undefined;
    if (!email || !mail || mailed.has(email)) return null;
    mailed.add(email);
    return shareMailTo(props, email, mail);
  };
  const itemFor = (grant: PlannedGrant, recipientId: number, email: string | undefined, isNew: boolean): NotifyItem => ({
    workspaceId: facts.workspaceId,
    recipientId,
    actorId: props.context.actor.userId,
    type: grant.readReceipt ? "ReadReceiptRequest" : "AccessGrant",
    event: grant.readReceipt ? "requested" : isNew ? "granted" : "updated",
    ...props.inboxItem,
    articleId: facts.articleId,
    data: { permission: grant.permission, ...(facts.folderId ? { folder_id: facts.folderId, title: facts.title } : {}) },
    mail: mailFor(email),
  });
  return [...created.map((grant) => [grant, true] as const), ...updated.map((grant) => [grant, false] as const)].flatMap(([grant, isNew]) => {
    if (grant.targetType === "User" && grant.userId) return [itemFor(grant, grant.userId, grant.user?.email, isNew)];
    if (grant.targetType === "Channel") return (members.get(grant.channelId!) ?? []).map((user) => itemFor(grant, user.id, user.email, isNew));
    return [];
  });
}

/** The share's email to one recipient, with the sharer's subject and message. */
function shareMailTo(props: GrantProps, to: string, grant: ShareRecipient[1]) {
  const facts = sharedItemFacts(props.item);
  return shareMail({
    to,
    sharerName: fullName(props.sharer),
    kind: props.item.kind,
    title: facts.title,
    permission: grant.permission,
    url: `${props.origin}${facts.path}`,
    workspaceName: props.workspace.name,
    subject: props.mail.subject,
    message: props.mail.message,
    readReceipt: grant.readReceipt,
    pendingInvitation: grant.pending,
  });
}
