import { and, desc, eq, isNotNull, isNull, lte, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import {
  defaultEmailModes,
  inboxItemTypes,
  type InboxEmailMode,
  type InboxItemType,
  type InboxPush,
  type ListInboxQuery,
} from "../../core/contracts/inbox";
import { chunk, inList, rowsPerInsert, runBatch } from "../db/batching";
import type { Database } from "../db/client";
import { accesses, articles, channels, inboxItems, inboxSettings, memberships, reviewers, reviews, users, type InboxItem } from "../db/schema";
import { fullName } from "../presenters/users";
import { guardedArticleSql, LEVEL_RANK, readableArticlesSql, type Viewer } from "./access";
import { inboxDigestMail, inboxItemMail } from "./inbox-mail";
import { sendMail, type MailMessage } from "./mail";
import { liveChannel } from "./live";

/** One thing that happened to someone, as a command tells `notify` about it. */
export interface NotifyItem {
  workspaceId: number;
  recipientId: number;
  /** Who did it (null: the system, e.g. a failed post). */
  actorId: number | null;
  type: InboxItemType;
  event: string;
  articleId?: number | null;
  reviewId?: number | null;
  channelId?: number | null;
  accessRequestId?: number | null;
  commentId?: number | null;
  postId?: number | null;
  data?: Record<string, unknown>;
  /**
   * The command's own email for this item, sent (to the recipient) instead of the inbox's when
   * they want this type at once: a share carries the sharer's subject and message, a join
   * request the link that accepts it. Daily, it waits for the digest; off, nothing is sent.
   * null: no email now whatever they chose (past a share's mail cap); the digest may carry it.
   */
  mail?: Omit<MailMessage, "to"> | null;
}

export type InboxEnv = Pick<Env, "INBOX" | "RESEND_API_KEY" | "MAIL_FROM">;

/** An inbox row binds at most 14 parameters. */
const ROWS_PER_INSERT = rowsPerInsert(14);

/** The hub that holds one person's open tabs. */
export const inboxHub = (env: Pick<Env, "INBOX">, userId: number) => liveChannel(env, `user:${userId}`);

/**
 * THE way something lands in someone's inbox, and the one place that decides who is emailed
 * about it. Stores the items (one batch), pushes each to its recipient's InboxHub so open tabs
 * update at once, and emails the people who want that type now (the command's own email when
 * it brings one); the others get it in the daily digest (or not at all). Nobody hears about
 * their own action.
 * `origin` is the app's address, for the links in the emails (kept with the item for the digest).
 */
export async function notify(db: Database, env: InboxEnv, items: NotifyItem[], options: { origin?: string } = {}) {
  const wanted = dedupe(items.filter((item) => item.recipientId !== item.actorId));
  if (wanted.length === 0) return [];
  const modes = await emailModes(db, [...new Set(wanted.map((item) => item.recipientId))]);
  const rows = wanted.map((item) => {
    const chosen = modes.get(item.recipientId)?.[item.type] ?? defaultEmailModes[item.type];
    const mode = chosen === "immediately" && item.mail === null ? "off" : chosen;
    return {
      workspaceId: item.workspaceId,
      recipientId: item.recipientId,
      actorId: item.actorId,
      type: item.type,
      event: item.event,
      articleId: item.articleId ?? null,
      reviewId: item.reviewId ?? null,
      channelId: item.channelId ?? null,
      accessRequestId: item.accessRequestId ?? null,
      commentId: item.commentId ?? null,
      postId: item.postId ?? null,
      data: { ...(item.data ?? {}), ...(options.origin ? { origin: options.origin } : {}) },
      emailStatus: mode === "off" ? ("none" as const) : mode === "daily" ? ("pending" as const) : ("sent" as const),
      emailedAt: mode === "immediately" ? new Date() : null,
    };
  });
  const results = await runBatch(
    db,
    chunk(rows, ROWS_PER_INSERT).map((part) => db.insert(inboxItems).values(part).returning()),
  );
  const stored = (results as InboxItem[][]).flat();

  await Promise.allSettled(stored.map((item) => inboxHub(env, item.recipientId).publish(pushFor(item))));
  const now = stored.filter((item) => item.emailStatus === "sent");
  if (now.length > 0) {
    const ownMail = new Map(wanted.flatMap((item) => (item.mail ? [[keyOf(item), item.mail] as const] : [])));
    const facts = await itemsWithFacts(db, inList(inboxItems.id, now.map((item) => item.id)));
    const accessOf = await recipientsItemAccess(db, facts);
    for (const entry of facts) {
      const mail = ownMail.get(keyOf(entry.item));
      await sendMail(db, env, mail ? { ...mail, to: entry.recipient.email } : inboxItemMail(entry, accessOf(entry)));
    }
  }
  return stored;
}

/** Tells the person's open tabs that their inbox changed (read, archived elsewhere). */
export async function pushInboxChange(env: Pick<Env, "INBOX">, userId: number, workspaceId: number) {
  const event: InboxPush = { type: "inbox.changed", workspace_id: workspaceId };
  await inboxHub(env, userId)
    .publish(event)
    .catch(() => 0);
}

const pushFor = (item: InboxItem): InboxPush => ({
  type: "inbox.created",
  workspace_id: item.workspaceId,
  item_id: item.id,
  item_type: item.type,
  event: item.event,
  article_id: item.articleId,
});

/** What makes an item the same thing told to the same person (a stored item and its request agree). */
const keyOf = (item: Pick<NotifyItem, "recipientId" | "type" | "event" | "articleId" | "reviewId" | "channelId" | "commentId" | "postId">) =>
  [item.recipientId, item.type, item.event, item.articleId, item.reviewId, item.channelId, item.commentId, item.postId].join(":");

/** Telling someone the same thing twice in one call (a person in two asked groups) is once. */
function dedupe(items: NotifyItem[]) {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = keyOf(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Each person's chosen email mode per type (types they never chose are absent). */
export async function emailModes(db: Database, userIds: number[]) {
  const byUser = new Map<number, Partial<Record<InboxItemType, InboxEmailMode>>>();
  if (userIds.length === 0) return byUser;
  const rows = await db.select().from(inboxSettings).where(inList(inboxSettings.userId, userIds));
  for (const row of rows) byUser.set(row.userId, { ...byUser.get(row.userId), [row.type]: row.email });
  return byUser;
}

/** A person's email mode for every type, defaults filled in. */
export async function emailSettingsOf(db: Database, userId: number): Promise<Record<InboxItemType, InboxEmailMode>> {
  const chosen = (await emailModes(db, [userId])).get(userId) ?? {};
  return Object.fromEntries(inboxItemTypes.map((type) => [type, chosen[type] ?? defaultEmailModes[type]])) as Record<
    InboxItemType,
    InboxEmailMode
  >;
}

export async function updateEmailSettings(db: Database, userId: number, email: Partial<Record<InboxItemType, InboxEmailMode>>) {
  const entries = Object.entries(email) as [InboxItemType, InboxEmailMode][];
  await runBatch(
    db,
    entries.map(([type, mode]) =>
      db
        .insert(inboxSettings)
        .values({ userId, type, email: mode })
        .onConflictDoUpdate({ target: [inboxSettings.userId, inboxSettings.type], set: { email: mode } }),
    ),
  );
  return emailSettingsOf(db, userId);
}

const actors = alias(users, "inbox_actor");
const recipients = alias(users, "inbox_recipient");

/** Items with the names they are read with: who did it, the document, the group, the recipient's address. */
export function itemsWithFacts(db: Database, where: SQL | undefined, limit = 500) {
  return db
    .select({
      item: inboxItems,
      actor: { id: actors.id, firstName: actors.firstName, lastName: actors.lastName, email: actors.email },
      recipient: { id: recipients.id, firstName: recipients.firstName, lastName: recipients.lastName, email: recipients.email },
      article: { id: articles.id, title: articles.title },
      channel: { id: channels.id, name: channels.name },
    })
    .from(inboxItems)
    .innerJoin(recipients, eq(recipients.id, inboxItems.recipientId))
    .leftJoin(actors, eq(actors.id, inboxItems.actorId))
    .leftJoin(articles, eq(articles.id, inboxItems.articleId))
    .leftJoin(channels, eq(channels.id, inboxItems.channelId))
    .where(where)
    .orderBy(desc(inboxItems.createdAt), desc(inboxItems.id))
    .limit(limit);
}
export type InboxEntry = Awaited<ReturnType<typeof itemsWithFacts>>[number];
export const actorName = (entry: InboxEntry) => (entry.actor?.id ? fullName(entry.actor) : null);

/** The viewer's own items in their current workspace: ownership is part of every inbox query. */
const mine = (viewer: { userId: number; workspaceId: number }) =>
  and(eq(inboxItems.recipientId, viewer.userId), eq(inboxItems.workspaceId, viewer.workspaceId));

const filterSql = (filter: ListInboxQuery["filter"]) =>
  filter === "archived"
    ? isNotNull(inboxItems.archivedAt)
    : filter === "unread"
      ? and(isNull(inboxItems.archivedAt), isNull(inboxItems.readAt))
      : isNull(inboxItems.archivedAt);

/**
 * The viewer's inbox, newest first, with how each item's document stands for them now (a title
 * of a document they lost access to, or words from one that is locked, are not shown).
 */
export async function listInbox(db: Database, viewer: Viewer & { userId: number }, query: ListInboxQuery) {
  const entries = await itemsWithFacts(
    db,
    and(mine(viewer), filterSql(query.filter), query.types?.length ? inList(inboxItems.type, query.types) : undefined),
    query.limit,
  );
  return { entries, accessOf: await itemAccessAmong(db, viewer, entries) };
}

/**
 * How an item's document stands for its reader now: `open`, `locked` (they may read it, but it
 * is behind a password, its own or a folder's, that an inbox cannot take) or `none` (no access
 * any more). Items about no document are `open`. Decided when an item is shown (list, push,
 * email, digest), never when it was stored: access and passwords change after the fact.
 */
export type ItemAccess = "open" | "locked" | "none";
export type ItemAccessOf = (entry: InboxEntry) => ItemAccess;

/** The reader's access to each of the items' documents, by the same read check and lock the document's own routes use. */
export async function itemAccessAmong(db: Database, viewer: Viewer, entries: InboxEntry[]): Promise<ItemAccessOf> {
  const ids = [...new Set(entries.flatMap((entry) => (entry.article?.id ? [entry.article.id] : [])))];
  const rows =
    ids.length === 0
      ? []
      : await db.all<{ article_id: number; rank: number; guarded: number }>(sql`
          SELECT r.article_id AS article_id, r.rank AS rank, ${guardedArticleSql(viewer.workspaceId)} AS guarded
          FROM (${readableArticlesSql(viewer)}) r JOIN articles a ON a.id = r.article_id
          WHERE a.workspace_id = ${viewer.workspaceId} AND ${inList(sql`r.article_id`, ids)}`);
  // Owners are never asked for a password, as on the document itself.
  const access = new Map(rows.map((row) => [row.article_id, row.guarded && row.rank < LEVEL_RANK.owner ? ("locked" as const) : ("open" as const)]));
  return (entry) => (entry.article?.id ? (access.get(entry.article.id) ?? "none") : "open");
}

/**
 * The same for items of many people (an email sent at once, the digest): each judged for its
 * own recipient in its own workspace, by their membership there now (none: no access at all).
 */
export async function recipientsItemAccess(db: Database, entries: InboxEntry[]): Promise<ItemAccessOf> {
  const groups = new Map<string, InboxEntry[]>();
  for (const entry of entries) {
    const key = `${entry.item.recipientId}:${entry.item.workspaceId}`;
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  const judged = new Map<number, ItemAccess>();
  for (const group of groups.values()) {
    const { recipientId: userId, workspaceId } = group[0]!.item;
    const [membership] = await db
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId), eq(memberships.status, "active")));
    const accessOf: ItemAccessOf = membership ? await itemAccessAmong(db, { userId, workspaceId, role: membership.role }, group) : () => "none";
    for (const entry of group) judged.set(entry.item.id, entry.article?.id ? accessOf(entry) : "open");
  }
  return (entry) => judged.get(entry.item.id) ?? "none";
}

export async function findInboxItem(db: Database, viewer: { userId: number; workspaceId: number }, id: number) {
  const [item] = await db.select().from(inboxItems).where(and(eq(inboxItems.id, id), mine(viewer)));
  return item ?? null;
}

/** Read/unread and archive/restore one item of the viewer's; answers the item as it now is. */
export async function updateInboxItem(
  db: Database,
  viewer: { userId: number; workspaceId: number },
  id: number,
  change: { read?: boolean; archived?: boolean },
) {
  const now = new Date();
  const [item] = await db
    .update(inboxItems)
    .set({
      ...(change.read === undefined ? {} : { readAt: change.read ? sql`COALESCE(${inboxItems.readAt}, ${now.getTime()})` : null }),
      // Archiving something unread also reads it: it leaves the unread count with the list.
      ...(change.archived === undefined
        ? {}
        : change.archived
          ? { archivedAt: now, ...(change.read === undefined ? { readAt: sql`COALESCE(${inboxItems.readAt}, ${now.getTime()})` } : {}) }
          : { archivedAt: null }),
    })
    .where(and(eq(inboxItems.id, id), mine(viewer)))
    .returning();
  return item ?? null;
}

/** Reads (or archives) all of the viewer's items, or only some types / one document's. */
export async function bulkUpdateInbox(
  db: Database,
  viewer: { userId: number; workspaceId: number },
  change: "read" | "archive",
  scope: { types?: InboxItemType[]; article_id?: number },
) {
  const now = new Date();
  const where = and(
    mine(viewer),
    isNull(inboxItems.archivedAt),
    change === "read" ? isNull(inboxItems.readAt) : undefined,
    scope.types?.length ? inList(inboxItems.type, scope.types) : undefined,
    scope.article_id ? eq(inboxItems.articleId, scope.article_id) : undefined,
  );
  const updated = await db
    .update(inboxItems)
    .set(change === "read" ? { readAt: now } : { archivedAt: now, readAt: sql`COALESCE(${inboxItems.readAt}, ${now.getTime()})` })
    .where(where)
    .returning({ id: inboxItems.id });
  return updated.length;
}

/**
 * The numbers the nav rail and the inbox show: unread items (total and per type) and SPEC's
 * read receipts. my_tasks: read receipts waiting for this person to confirm; my_requests:
 * those they asked for that are not confirmed yet; all_requests: every one they asked for;
 * activeTasksCount: everything waiting on their answer (read receipts and open reviews).
 */
export async function inboxCounts(db: Database, viewer: { userId: number; workspaceId: number }) {
  const me = viewer.userId;
  const ws = viewer.workspaceId;
  const openReviewOfKind = (kind: SQL) =>
    and(eq(reviews.workspaceId, ws), eq(reviews.status, "open"), kind);
  const [unreadRows, receiptRows, reviewTasks] = await Promise.all([
    db
      .select({ type: inboxItems.type, count: sql<number>`count(*)` })
      .from(inboxItems)
      .where(and(mine(viewer), isNull(inboxItems.archivedAt), isNull(inboxItems.readAt)))
      .groupBy(inboxItems.type),
    db.all<{ my_tasks: number; my_requests: number; all_requests: number }>(sql`
      SELECT
        (SELECT count(*) FROM ${accesses} WHERE ${accesses.workspaceId} = ${ws} AND ${accesses.targetType} = 'User'
           AND ${accesses.userId} = ${me} AND ${accesses.readReceipt} = 1 AND ${accesses.readAt} IS NULL)
        + (SELECT count(*) FROM ${reviewers} JOIN ${reviews} ON ${reviews.id} = ${reviewers.reviewId}
           WHERE ${reviewers.userId} = ${me} AND ${reviewers.answer} IS NULL AND ${reviews.workspaceId} = ${ws}
             AND ${reviews.kind} = 'read_receipt' AND ${reviews.status} = 'open') AS my_tasks,
        (SELECT count(*) FROM ${accesses} WHERE ${accesses.workspaceId} = ${ws} AND ${accesses.createdById} = ${me}
           AND ${accesses.readReceipt} = 1 AND ${accesses.readAt} IS NULL)
        + (SELECT count(*) FROM ${reviewers} JOIN ${reviews} ON ${reviews.id} = ${reviewers.reviewId}
           WHERE ${reviews.requesterId} = ${me} AND ${reviews.workspaceId} = ${ws} AND ${reviews.kind} = 'read_receipt'
             AND ${reviews.status} = 'open' AND ${reviewers.answer} IS NULL) AS my_requests,
        (SELECT count(*) FROM ${accesses} WHERE ${accesses.workspaceId} = ${ws} AND ${accesses.createdById} = ${me}
           AND ${accesses.readReceipt} = 1)
        + (SELECT count(*) FROM ${reviewers} JOIN ${reviews} ON ${reviews.id} = ${reviewers.reviewId}
           WHERE ${reviews.requesterId} = ${me} AND ${reviews.workspaceId} = ${ws} AND ${reviews.kind} = 'read_receipt') AS all_requests`),
    db
      .select({ count: sql<number>`count(*)` })
      .from(reviewers)
      .innerJoin(reviews, eq(reviews.id, reviewers.reviewId))
      .where(and(eq(reviewers.userId, me), isNull(reviewers.answer), openReviewOfKind(sql`${reviews.kind} <> 'read_receipt'`))),
  ]);
  const byType = Object.fromEntries(inboxItemTypes.map((type) => [type, 0])) as Record<InboxItemType, number>;
  for (const row of unreadRows) byType[row.type] = Number(row.count);
  const receipts = receiptRows[0] ?? { my_tasks: 0, my_requests: 0, all_requests: 0 };
  return {
    unread: Object.values(byType).reduce((sum, count) => sum + count, 0),
    unread_by_type: byType,
    read_receipts: {
      my_tasks: Number(receipts.my_tasks),
      my_requests: Number(receipts.my_requests),
      all_requests: Number(receipts.all_requests),
    },
    activeTasksCount: Number(receipts.my_tasks) + Number(reviewTasks[0]?.count ?? 0),
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The daily digest: someone whose oldest waiting item is a day old gets one email with
 * everything waiting for them, so nobody gets more than one a day. The items are claimed
 * (pending to sent) in one statement before the mail goes out, so two runs never send twice.
 */
export async function sendInboxDigests(db: Database, env: InboxEnv, now: Date) {
  const due = await db
    .select({ recipientId: inboxItems.recipientId })
    .from(inboxItems)
    .where(eq(inboxItems.emailStatus, "pending"))
    .groupBy(inboxItems.recipientId)
    .having(lte(sql`min(${inboxItems.createdAt})`, now.getTime() - DAY_MS))
    .limit(50);
  let sent = 0;
  for (const { recipientId } of due) {
    const claimed = await db
      .update(inboxItems)
      .set({ emailStatus: "sent", emailedAt: now })
      .where(and(eq(inboxItems.recipientId, recipientId), eq(inboxItems.emailStatus, "pending")))
      .returning({ id: inboxItems.id });
    if (claimed.length === 0) continue;
    const entries = await itemsWithFacts(db, inList(inboxItems.id, claimed.map((row) => row.id)), 200);
    if (entries.length === 0) continue;
    await sendMail(db, env, inboxDigestMail(entries, await recipientsItemAccess(db, entries)));
    sent++;
  }
  return sent;
}
