import { and, desc, eq, sql } from "drizzle-orm";
import type { SuggestionState } from "../../core/contracts/suggestions";
import { BLOCK_CHANGE_KEY, NODE_TYPE_CHANGE_KEY, type SerializedDocument } from "../../core/document/types";
import { changesInDocument, settleInDocument, type Verdict } from "../../core/editor/change-review";
import { commentMarkUuids, withoutCommentMarks } from "../../core/editor/comment-marks";
import type { TrackedChange } from "../../core/editor/track-changes";
import { inList } from "../db/batching";
import type { Database } from "../db/client";
import { suggestions, users, type Article, type Suggestion, type User } from "../db/schema";
import { NotFound } from "../lib/errors";
import { sharedItemFacts, usersWithAccess } from "./shares";

/** The node types of tracked changes, as stored bodies name them. */
const CHANGE_MARK_TYPES = new Set(["insertion-mark", "deletion-mark", "format-change-mark"]);

/**
 * Whether a stored body holds any tracked change, by walking its JSON: most saves have none,
 * and reading them properly means loading the body into a headless editor. A block type
 * change or a paragraph break change is not a mark but node state on the block (its `$`).
 */
export function hasTrackedChanges(body: SerializedDocument): boolean {
  const stack: unknown[] = [body.root];
  while (stack.length > 0) {
    const node = stack.pop() as { type?: unknown; children?: unknown; $?: unknown } | null;
    if (!node || typeof node !== "object") continue;
    if (typeof node.type === "string" && CHANGE_MARK_TYPES.has(node.type)) return true;
    if (node.$ && typeof node.$ === "object" && (NODE_TYPE_CHANGE_KEY in node.$ || BLOCK_CHANGE_KEY in node.$)) return true;
    if (Array.isArray(node.children)) stack.push(...(node.children as unknown[]));
  }
  return false;
}

/** The tracked changes of a stored body (none without loading it, when it has no marks). */
export const trackedChangesOf = (body: SerializedDocument): TrackedChange[] => (hasTrackedChanges(body) ? changesInDocument(body) : []);

/**
 * The body with every change by these authors rejected, and no comment marks (annotations the
 * Worker places, not content): what they may not change, as JSON.
 */
function withoutChangesBy(body: SerializedDocument, authorIds: ReadonlySet<string>): string {
  const theirs = new Set(trackedChangesOf(body).flatMap((change) => (change.userId !== null && authorIds.has(change.userId) ? [change.uuid] : [])));
  const unmarked = commentMarkUuids(body).size > 0 ? withoutCommentMarks(body) : body;
  return JSON.stringify(settleInDocument(unmarked, theirs, "reject").document);
}

/**
 * Whether `after` differs from `before` only by tracked changes of these people (added,
 * changed or taken back): with all of theirs rejected, both are the same document. A save
 * credited to commenters alone is stored only when this holds, whatever the room let through.
 */
export function onlySuggestionsBy(before: SerializedDocument, after: SerializedDocument, authorIds: readonly number[]): boolean {
  const ids = new Set(authorIds.map(String));
  return withoutChangesBy(before, ids) === withoutChangesBy(after, ids);
}

/** How many characters two strings differ by, at most: what is left once their common start and end are cut. */
function differingSpan(a: string, b: string): number {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  return Math.max(a.length, b.length) - start - end;
}

/**
 * Whether changes that left the document in a save were accepted or rejected there (in an
 * editor, not through the API): `before` with them accepted, and with them rejected, are
 * compared with `after`; the closer wins. Other edits in the same save only blur it, and a
 * tie (a change that made no difference) counts as accepted.
 */
export function verdictFromBodies(before: SerializedDocument, after: SerializedDocument, uuids: readonly string[]): Verdict {
  const wanted = new Set(uuids);
  const now = JSON.stringify(settleInDocument(after, new Set(), "accept").document);
  const accepted = JSON.stringify(settleInDocument(before, wanted, "accept").document);
  const rejected = JSON.stringify(settleInDocument(before, wanted, "reject").document);
  if (now === accepted) return "accept";
  if (now === rejected) return "reject";
  return differingSpan(now, rejected) < differingSpan(now, accepted) ? "reject" : "accept";
}

/** A suggestion by id (its document's read check is the caller's). */
export async function findSuggestion(db: Database, id: number): Promise<Suggestion> {
  const [suggestion] = await db.select().from(suggestions).where(eq(suggestions.id, id));
  if (!suggestion) throw new NotFound("Suggestion not found");
  return suggestion;
}

/** A document's suggestions, open ones first, newest first. */
export function suggestionsOf(db: Database, articleId: number, state?: SuggestionState) {
  return db
    .select()
    .from(suggestions)
    .where(and(eq(suggestions.articleId, articleId), state ? eq(suggestions.state, state) : undefined))
    .orderBy(sql`${suggestions.state} = 'open' DESC`, desc(suggestions.id))
    .limit(200);
}

/** The people suggestions name (authors, who settled them), by id. */
export async function peopleOfSuggestions(db: Database, rows: Suggestion[]): Promise<Map<number, User>> {
  const ids = [...new Set(rows.flatMap((row) => [row.authorId, row.settledById]).filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map();
  return new Map((await db.select().from(users).where(inList(users.id, ids))).map((user) => [user.id, user]));
}

/** Grants that reach the whole workspace make everyone an editor: those people are not told of every suggestion. */
const BROAD_GRANTS = new Set(["EveryoneAtWorkspace", "Company", "AccessMemberGroup"]);

/**
 * Who hears of a new suggestion: the document's owners and the people it was shared with to
 * edit (in person, through a group, or as its editors), at most 100.
 */
export async function suggestionAudience(db: Database, article: Article): Promise<number[]> {
  const { items } = await usersWithAccess(db, sharedItemFacts({ kind: "article", article }), { minLevel: "edit", limit: 100, offset: 0 });
  return items.filter((entry) => entry.via.some((via) => !BROAD_GRANTS.has(via))).map((entry) => entry.user.id);
}
