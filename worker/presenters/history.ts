import type { Timeline, TimelineEvent, TimelinePerson, VersionSummary } from "../../core/contracts/history";
import type { CurrentVersion, ShownVersion } from "../../core/contracts/history-answers";
import type { DocumentStatus } from "../../core/enums";
import type { Article } from "../db/schema";
import type { TimelineEntry, TimelineRow } from "../services/history/timeline";
import type { VersionOrCurrent, VersionRow } from "../services/history/versions";

type People = Map<number, TimelinePerson>;

const creatorId = (row: Pick<TimelineRow, "actorId" | "userId">) => row.actorId ?? row.userId;

/** Everyone an entry names (who acted, and whom it concerned), for one lookup per page. */
export function peopleInTimeline(entries: readonly TimelineEntry[]): number[] {
  return entries.flatMap((entry) => entry.rows.flatMap((row) => [row.actorId, row.userId].filter((id): id is number => id !== null)));
}

const numberOf = (value: unknown) => (typeof value === "number" && Number.isInteger(value) ? value : null);
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/**
 * The sentence for one entry: who did what, by name. Never the document's words (nor a
 * comment's): the timeline is about what happened, the document and its comments show the rest.
 */
function summaryOf(entry: TimelineEntry, people: People, labels: Record<DocumentStatus, string>): string {
  const row = entry.rows[0]!;
  const actor = creatorId(row);
  const who = (actor !== null && people.get(actor)?.name) || "Someone";
  const concerned = row.userId !== null && row.userId !== row.actorId ? people.get(row.userId)?.name : undefined;
  const props = row.properties;
  const status = (value: unknown) => labels[value as DocumentStatus] ?? String(value);
  const count = entry.rows.length;
  switch (row.name) {
    case "articles.edit":
    case "articles.suggest":
    case "articles.update": {
      if (props.to != null) return `${who} changed the status from ${status(props.from)} to ${status(props.to)}`;
      if (row.name === "articles.suggest") return count > 1 ? `${who} suggested changes (${plural(count, "save")})` : `${who} suggested changes`;
      if (row.name === "articles.edit") return count > 1 ? `${who} edited the document (${plural(count, "save")})` : `${who} edited the document`;
      const fields = Array.isArray(props.fields) ? (props.fields as string[]) : [];
      if (fields.includes("title")) return `${who} renamed the document`;
      if (props.password_changed) return `${who} changed the document's password`;
      return `${who} changed the document's details`;
    }
    case "articles.status_from_review":
      return `${who}'s review moved the status from ${status(props.from)} to ${status(props.to)}`;
    case "articles.status_from_suggestions":
      return props.to === "suggestions" ? `Open suggestions moved the status from ${status(props.from)} to ${status(props.to)}` : `With no suggestions left open, the status went back to ${status(props.to)}`;
    case "articles.create":
      return `${who} created the document`;
    case "articles.move":
      return `${who} moved the document to another folder`;
    case "articles.archive":
      return `${who} archived the document`;
    case "articles.restore":
      return `${who} brought the document back from the archive`;
    case "articles.make_public":
      return props.republished ? `${who} republished the public page` : `${who} published the document as a public page`;
    case "articles.make_private":
      return `${who} took the public page down`;
    case "articles.publish":
      return `${who} published the document`;
    case "site_posts.publish":
      return props.status === "draft" ? `${who} sent a draft to ${String(props.provider ?? "a connected site")}` : `${who} published the document to ${String(props.provider ?? "a connected site")}`;
    case "articles.restore_version":
      return `${who} restored an earlier version`;
    case "articles.transfer_ownership":
      return concerned ? `${who} made ${concerned} the owner` : `${who} transferred ownership`;
    case "accesses.create":
      return concerned ? `${who} shared the document with ${concerned}` : `${who} shared the document`;
    case "accesses.update":
      return concerned ? `${who} changed ${concerned}'s access` : `${who} changed who can open the document`;
    case "accesses.delete":
      return concerned ? `${who} removed ${concerned}'s access` : `${who} removed an access`;
    case "accesses.leave":
      return `${concerned ?? who} left the document`;
    case "access_requests.create":
      return `${who} asked for access`;
    case "access_requests.accept":
      return concerned ? `${who} gave ${concerned} the access they asked for` : `${who} accepted an access request`;
    case "access_requests.deny":
      return concerned ? `${who} declined ${concerned}'s access request` : `${who} declined an access request`;
    case "comments.create":
      return `${who} commented`;
    case "comments.reply":
      return `${who} replied to a comment`;
    case "comments.update":
      if (props.resolved === true) return `${who} resolved a comment`;
      if (props.resolved === false) return `${who} reopened a comment`;
      if (props.pinned !== undefined && props.body === undefined) return props.pinned ? `${who} pinned a comment` : `${who} unpinned a comment`;
      return `${who} edited a comment`;
    case "comments.delete":
      return `${who} deleted a comment`;
    case "reviews.create":
      return `${who} asked for a review`;
    case "reviews.answer":
      return `${who} answered a review`;
    case "reviews.close":
      return `${who} closed a review`;
    case "reviews.dismiss":
      return `${who} dismissed a review`;
    case "suggestions.merge":
      return `${who} accepted a suggestion`;
    case "suggestions.reject":
      return `${who} rejected a suggestion`;
    case "suggestions.withdraw":
      return `${who} withdrew a suggestion`;
    case "suggestions.ai_revision":
      return `${who} asked the AI for a revision`;
    case "changes.bulk_accept":
      return `${who} accepted suggested changes`;
    case "changes.bulk_reject":
      return `${who} rejected suggested changes`;
    case "branches.create":
      return `${who} started a branch`;
    case "branches.submit":
      return `${who} sent a branch for review`;
    case "branches.merge": {
      const conflicts = numberOf(props.conflicts) ?? (Array.isArray(props.conflicts) ? props.conflicts.length : 0);
      return conflicts > 0 ? `${who} merged a branch (${plural(conflicts, "conflict")} resolved)` : `${who} merged a branch`;
    }
    case "branches.cancel":
      return `${who} cancelled a branch`;
    default:
      return `${who} changed the document`;
  }
}

export function presentTimelineEntry(entry: TimelineEntry, people: People, labels: Record<DocumentStatus, string>): TimelineEvent {
  const newest = entry.rows[0]!;
  const oldest = entry.rows.at(-1)!;
  const actor = creatorId(newest);
  return {
    id: newest.id,
    kind: entry.kind,
    name: newest.name,
    summary: summaryOf(entry, people, labels),
    created_at: oldest.createdAt.toISOString(),
    ended_at: newest.createdAt.toISOString(),
    count: entry.rows.length,
    creator: actor !== null ? (people.get(actor) ?? null) : null,
    version_id: numberOf(newest.properties.version_id),
    branch_id: numberOf(newest.properties.branch_id),
  };
}

export function presentTimeline(page: { entries: TimelineEntry[]; moreAvailable: boolean }, people: People, labels: Record<DocumentStatus, string>): Timeline {
  const events = page.entries.map((entry) => presentTimelineEntry(entry, people, labels));
  return { events, oldest_timestamp: events.at(-1)?.created_at ?? null, more_available: page.moreAvailable };
}

export function presentVersionSummary(version: VersionRow, people: People): VersionSummary {
  return {
    id: version.id,
    kind: version.kind,
    title: version.title,
    created_at: version.createdAt.toISOString(),
    creator: version.createdById !== null ? (people.get(version.createdById) ?? null) : null,
    branch_id: version.branchId,
  };
}

/** The document as it is now, where a version could be shown: last written when, by whom. */
export function presentCurrentVersion(article: Article, people: People): CurrentVersion {
  return {
    id: "current",
    kind: "current",
    title: article.title,
    created_at: (article.editedAt ?? article.createdAt).toISOString(),
    creator: article.lastEditorId !== null ? (people.get(article.lastEditorId) ?? null) : null,
    branch_id: null,
  };
}

export const presentShownVersion = (shown: VersionOrCurrent, people: People): ShownVersion =>
  shown.kind === "current" ? presentCurrentVersion(shown.article, people) : presentVersionSummary(shown.version, people);

/** Whom a shown version names, for the people lookup. */
export const personOfShown = (shown: VersionOrCurrent) => (shown.kind === "current" ? shown.article.lastEditorId : shown.version.createdById);
