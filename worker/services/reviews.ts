import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { ApprovalScope } from "../../core/contracts/reviews";
import type { DocumentStatus } from "../../core/enums";
import { inList } from "../db/batching";
import type { Database } from "../db/client";
import { articleBranches, channelMemberships, memberships, reviewers, reviews, users, workspaces, type Article, type CampaignItem, type Review } from "../db/schema";
import { NotFound } from "../lib/errors";
import { effectiveSettings } from "../presenters/workspaces";
import { articleAccess } from "./access";

/** A review with its reviewers (and their names), in the order they were asked. */
export async function reviewWithReviewers(db: Database, review: Review) {
  const rows = await db
    .select({ reviewer: reviewers, user: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email } })
    .from(reviewers)
    .innerJoin(users, eq(users.id, reviewers.userId))
    .where(eq(reviewers.reviewId, review.id))
    .orderBy(asc(reviewers.id));
  const [requester] = review.requesterId
    ? await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, review.requesterId))
    : [];
  // A branch's approval review names its branch (`POST /branches/:id/submit`).
  const [branch] = await db.select({ id: articleBranches.id }).from(articleBranches).where(eq(articleBranches.reviewId, review.id)).limit(1);
  return { review, reviewers: rows, requester: requester ?? null, branchId: branch?.id ?? null };
}
export type ReviewView = Awaited<ReturnType<typeof reviewWithReviewers>>;

/** A review by id, only within the workspace the caller names (a review elsewhere does not exist for them). */
export async function findReview(db: Database, id: number) {
  const [review] = await db.select().from(reviews).where(eq(reviews.id, id));
  if (!review) throw new NotFound("Review not found");
  return review;
}

/** The document's reviews, open ones first, newest first. */
export async function reviewsOf(db: Database, articleId: number) {
  const rows = await db
    .select()
    .from(reviews)
    .where(eq(reviews.articleId, articleId))
    .orderBy(sql`${reviews.status} = 'open' DESC`, desc(reviews.id))
    .limit(50);
  return Promise.all(rows.map((review) => reviewWithReviewers(db, review)));
}

/**
 * Who a review request reaches: the people named and the members of the groups named, each
 * once, who are active in the workspace and can open the document. Anyone named who cannot
 * is reported (`unreachable`) rather than silently left out; the requester never reviews their own.
 */
export async function reviewAudience(
  db: Database,
  article: Article,
  requesterId: number,
  named: { userIds: number[]; channelIds: number[] },
) {
  const fromGroups = named.channelIds.length
    ? await db
        .select({ userId: channelMemberships.userId, channelId: channelMemberships.channelId })
        .from(channelMemberships)
        .where(inList(channelMemberships.channelId, named.channelIds))
    : [];
  const candidates = new Map<number, number | null>();
  for (const id of named.userIds) candidates.set(id, null);
  for (const row of fromGroups) if (!candidates.has(row.userId)) candidates.set(row.userId, row.channelId);
  candidates.delete(requesterId);
  const ids = [...candidates.keys()];
  const members = ids.length
    ? await db
        .select({ userId: memberships.userId, role: memberships.role })
        .from(memberships)
        .where(and(eq(memberships.workspaceId, article.workspaceId), eq(memberships.status, "active"), inList(memberships.userId, ids)))
    : [];
  const levels = await Promise.all(
    members.map(async (member) => ({
      ...member,
      level: (await articleAccess(db, { userId: member.userId, workspaceId: article.workspaceId, role: member.role }, article)).level,
    })),
  );
  const reachable = levels.filter((entry) => entry.level !== null).map((entry) => ({ userId: entry.userId, channelId: candidates.get(entry.userId) ?? null }));
  const reached = new Set(reachable.map((entry) => entry.userId));
  return { reachable, unreachable: named.userIds.filter((id) => id !== requesterId && !reached.has(id)) };
}

/** Articles with a review still open, as a subquery for feeds (`with_active_reviews`). */
export const articlesWithOpenReviewsSql = (workspaceId: number) =>
  sql`(SELECT ${reviews.articleId} FROM ${reviews} WHERE ${reviews.workspaceId} = ${workspaceId} AND ${reviews.status} = 'open')`;

/**
 * The document status its reviews lead to, worked out after every change to them:
 * an open approval with changes requested sends it back to draft; an open approval keeps it
 * in review; otherwise the latest finished approval decides (every approver approved:
 * approved); finished feedback makes a draft reviewed. `null`: reviews say nothing new.
 * A branch's approval review is about the branch, not the main body: it moves nothing here.
 */
export async function statusFromReviews(db: Database, article: Pick<Article, "id" | "status">): Promise<DocumentStatus | null> {
  // Plain SQL with aliases: each review's answers are counted from its own reviewer rows.
  const rows = await db.all<{ kind: Review["kind"]; status: Review["status"]; pending: number; changes: number }>(sql`
    SELECT r.kind AS kind, r.status AS status,
      (SELECT count(*) FROM reviewers rv WHERE rv.review_id = r.id AND (rv.answer IS NULL OR rv.answer <> 'approved')) AS pending,
      (SELECT count(*) FROM reviewers rv WHERE rv.review_id = r.id AND rv.answer = 'changes_requested') AS changes
    FROM reviews r
    WHERE r.article_id = ${article.id} AND r.kind <> 'read_receipt'
      AND NOT EXISTS (SELECT 1 FROM article_branches b WHERE b.review_id = r.id)
    ORDER BY r.status = 'open' DESC, r.updated_at DESC, r.id DESC
    LIMIT 50`);
  const open = rows.filter((row) => row.status === "open");
  if (open.some((row) => Number(row.changes) > 0)) return "draft";
  if (open.some((row) => row.kind === "approval")) return "in_review";
  const latest = rows[0];
  if (!latest) return null;
  if (Number(latest.changes) > 0) return "draft";
  if (latest.kind === "approval") {
    if (latest.status === "completed" && Number(latest.pending) === 0) return "approved";
    // A dismissed approval leaves the document where it was before review.
    return article.status === "in_review" ? "draft" : null;
  }
  if (latest.status === "completed" && (article.status === "draft" || article.status === "in_review")) return "reviewed";
  return null;
}

/**
 * Whether this workspace holds `kind` back until it is approved (the "statuses" settings tab).
 * Scheduling and publishing ask it through `awaitingApproval` before they let something go out.
 */
export async function requiresApproval(db: Database, workspaceId: number, kind: ApprovalScope): Promise<boolean> {
  const [workspace] = await db.select().from(workspaces).where(eq(workspaces.id, workspaceId));
  if (!workspace) throw new NotFound("Workspace not found");
  return effectiveSettings(workspace).statuses.require_approval[kind] ?? false;
}

/**
 * Whether something may go out under an approval rule: a document once its reviews approved it
 * (its status), a campaign piece once someone pressed its Approve (its own status: pieces are
 * not documents and have no reviews).
 */
export function isApproved(subject: Pick<Article, "status"> | Pick<CampaignItem, "status">): boolean {
  return subject.status === "approved";
}

/**
 * The one approval check: of `subjects` about to go out as `kind`, those the workspace's
 * statuses tab still holds back (none when the tab lets `kind` go out unapproved). Scheduling a
 * post from a document, scheduling campaign pieces and publishing a document all ask it; each
 * says no in its own words (a 422 naming the field).
 */
export async function awaitingApproval<T extends Pick<Article, "status"> | Pick<CampaignItem, "status">>(
  db: Database,
  workspaceId: number,
  kind: ApprovalScope,
  subjects: T[],
): Promise<T[]> {
  const unapproved = subjects.filter((subject) => !isApproved(subject));
  if (unapproved.length === 0) return [];
  return (await requiresApproval(db, workspaceId, kind)) ? unapproved : [];
}

/** Reviews of the workspace still open, for the home feed and the inbox. */
export async function openReviewCount(db: Database, articleId: number) {
  const [row] = await db
    .select({ count: sql<number>`count(*)` })
    .from(reviews)
    .where(and(eq(reviews.articleId, articleId), eq(reviews.status, "open")));
  return Number(row?.count ?? 0);
}

