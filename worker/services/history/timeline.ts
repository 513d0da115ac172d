import { and, desc, eq, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import type { TimelineKind, TimelineQuery } from "../../../core/contracts/history";
import { defaultWorkspaceSettings } from "../../../core/contracts/workspaces";
import type { DocumentStatus } from "../../../core/enums";
import type { Database } from "../../db/client";
import { events, type Article } from "../../db/schema";

/**
 * A document's timeline (SPEC section 3: events, created_at, creator, oldest_timestamp,
 * more_available), read from its events newest first. Which events show, and as what kind, is
 * decided here once, in SQL for the read (so paging and the `kind` filter are exact) and in
 * code for the words; views, room presence and client events never show.
 */

export type TimelineRow = Pick<typeof events.$inferSelect, "id" | "name" | "actorId" | "userId" | "sessionUuid" | "properties" | "createdAt">;

/** One entry before it is presented: one event, or a run of one person's edits. */
export interface TimelineEntry {
  kind: TimelineKind;
  /** The newest event first. */
  rows: TimelineRow[];
}

/** Edits by one person this close together are one session when no session id says otherwise. */
export const EDIT_SESSION_GAP_MS = 30 * 60 * 1000;

/** How many events one read takes while filling a page (more when edits group heavily). */
const READ_BATCH = 200;

/** Events with one fixed kind. */
const KIND_OF_NAME: Record<string, TimelineKind> = {
  "articles.create": "other",
  "articles.move": "other",
  "articles.archive": "other",
  "articles.restore": "other",
  "articles.status_from_review": "status",
  "articles.status_from_suggestions": "status",
  "articles.make_public": "publish",
  "articles.make_private": "publish",
  "articles.publish": "publish",
  "site_posts.publish": "publish",
  "articles.restore_version": "version",
  "articles.transfer_ownership": "share",
  "accesses.create": "share",
  "accesses.update": "share",
  "accesses.delete": "share",
  "accesses.leave": "share",
  "access_requests.create": "share",
  "access_requests.accept": "share",
  "access_requests.deny": "share",
  "comments.create": "comment",
  "comments.reply": "comment",
  "comments.update": "comment",
  "comments.delete": "comment",
  "reviews.create": "review",
  "reviews.answer": "review",
  "reviews.close": "review",
  "reviews.dismiss": "review",
  "suggestions.merge": "review",
  "suggestions.reject": "review",
  "suggestions.withdraw": "review",
  "suggestions.ai_revision": "review",
  "changes.bulk_accept": "review",
  "changes.bulk_reject": "review",
};

/** Saves of the body (edits, a commenter's suggestions) and other changes: their kind depends on what changed. */
const CHANGE_NAMES = ["articles.edit", "articles.suggest", "articles.update"];
const BRANCH_PREFIX = "branches.";

const statusMoved = sql`json_extract(${events.properties}, '$.to') IS NOT NULL`;
const titleChanged = sql`EXISTS (SELECT 1 FROM json_each(${events.properties}, '$.fields') WHERE value = 'title')`;
const namedAs = (kind: TimelineKind) => Object.keys(KIND_OF_NAME).filter((name) => KIND_OF_NAME[name] === kind);
const branchEvent = sql`${events.name} LIKE ${`${BRANCH_PREFIX}%`}`;

/** The events of `kind` (every shown event without one), as a condition on `events`. */
function shownAs(kind: TimelineKind | undefined): SQL {
  const fixed = (kind ? namedAs(kind) : Object.keys(KIND_OF_NAME)).filter(Boolean);
  const byName = fixed.length > 0 ? inArray(events.name, fixed) : sql`0`;
  if (!kind) return or(byName, inArray(events.name, CHANGE_NAMES), branchEvent)!;
  const saves = inArray(events.name, ["articles.edit", "articles.suggest"]);
  const update = eq(events.name, "articles.update");
  switch (kind) {
    case "status":
      return or(byName, and(inArray(events.name, CHANGE_NAMES), statusMoved))!;
    case "edit":
      return or(and(saves, sql`NOT (${statusMoved})`), and(update, sql`NOT (${statusMoved})`, titleChanged))!;
    case "other":
      return or(byName, and(update, sql`NOT (${statusMoved})`, sql`NOT (${titleChanged})`))!;
    case "branch":
      return branchEvent;
    default:
      return byName;
  }
}

/** The kind one event shows as: the same decision as `shownAs`, for one row. */
export function kindOf(row: Pick<TimelineRow, "name" | "properties">): TimelineKind {
  const fixed = KIND_OF_NAME[row.name];
  if (fixed) return fixed;
  if (row.name.startsWith(BRANCH_PREFIX)) return "branch";
  if (row.properties.to != null) return "status";
  if (row.name !== "articles.update") return "edit";
  return Array.isArray(row.properties.fields) && row.properties.fields.includes("title") ? "edit" : "other";
}

/** Whether an older edit continues the entry's session: same person, same kind of save, one session. */
function continues(entry: TimelineEntry, row: TimelineRow): boolean {
  const oldest = entry.rows.at(-1)!;
  if (entry.kind !== "edit" || kindOf(row) !== "edit" || row.name !== oldest.name || row.name === "articles.update") return false;
  if (row.actorId === null || row.actorId !== oldest.actorId) return false;
  if (row.sessionUuid && oldest.sessionUuid) return row.sessionUuid === oldest.sessionUuid;
  return oldest.createdAt.getTime() - row.createdAt.getTime() <= EDIT_SESSION_GAP_MS;
}

/** Events (newest first) into entries: runs of one person's edits in one session become one. */
export function groupTimeline(rows: readonly TimelineRow[]): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  for (const row of rows) {
    const last = entries.at(-1);
    if (last && continues(last, row)) last.rows.push(row);
    else entries.push({ kind: kindOf(row), rows: [row] });
  }
  return entries;
}

const startOf = (entry: TimelineEntry) => entry.rows.at(-1)!.createdAt.getTime();
const endOf = (entry: TimelineEntry) => entry.rows[0]!.createdAt.getTime();

/**
 * One page of `limit` entries older than `before`. Events are read in batches until the page's
 * last entry is known to be complete (an older event that does not continue it was read), so an
 * edit session is never cut in two across pages; the next page starts strictly before the
 * page's oldest event, so a page also takes any entry that ends at that same millisecond.
 */
export async function timelinePage(db: Database, article: Pick<Article, "id">, query: TimelineQuery): Promise<{ entries: TimelineEntry[]; moreAvailable: boolean }> {
  const base = and(eq(events.articleId, article.id), shownAs(query.kind), query.before ? lt(events.createdAt, new Date(query.before)) : undefined);
  const rows: TimelineRow[] = [];
  let exhausted = false;
  for (;;) {
    const last = rows.at(-1);
    const after = last ? or(lt(events.createdAt, last.createdAt), and(eq(events.createdAt, last.createdAt), lt(events.id, last.id))) : undefined;
    const batch = await db
      .select({ id: events.id, name: events.name, actorId: events.actorId, userId: events.userId, sessionUuid: events.sessionUuid, properties: events.properties, createdAt: events.createdAt })
      .from(events)
      .where(and(base, after))
      .orderBy(desc(events.createdAt), desc(events.id))
      .limit(READ_BATCH);
    rows.push(...batch);
    exhausted = batch.length < READ_BATCH;
    const entries = groupTimeline(rows);
    // The newest entry still open to older events is incomplete until the rows run out.
    const complete = exhausted ? entries : entries.slice(0, -1);
    let cut = Math.min(query.limit, complete.length);
    while (cut > 0 && cut < complete.length && endOf(complete[cut]!) >= startOf(complete[cut - 1]!)) cut++;
    if (exhausted || cut < complete.length) return { entries: complete.slice(0, cut), moreAvailable: cut < entries.length };
  }
}

/** Documents' status names as the workspace labels them. */
export function statusLabels(settings: { statuses?: { labels?: Partial<Record<DocumentStatus, string>> } }): Record<DocumentStatus, string> {
  return { ...defaultWorkspaceSettings.statuses.labels, ...settings.statuses?.labels };
}
