import * as z from "zod";
import { positiveId, tooLong } from "./common";

/**
 * A document's past: its timeline (what happened to it), its versions (bodies as they were),
 * comparisons between two of them, branches (version-control mode) and insights (who reads
 * it). SPEC section 2's `/docs/:slug/activity`, `/history`, `/compare`, `/branch`, `/insights`;
 * section 3's timeline (events, created_at, creator, oldest_timestamp, more_available).
 */

// ---------------------------------------------------------------------------------------------
// Timeline

/** What a timeline entry is about, for its icon and filter. */
export const timelineKinds = ["edit", "comment", "review", "status", "share", "publish", "branch", "version", "other"] as const;
export type TimelineKind = (typeof timelineKinds)[number];

/** `GET /articles/:id/timeline?before=&limit=`: newest first, the next page older than `before`. */
export const timelineQuery = z.object({
  /** The previous page's `oldest_timestamp`: only entries strictly older. */
  before: z.iso.datetime({ offset: true, error: "must be an ISO 8601 date and time" }).optional(),
  limit: z.coerce.number({ error: "must be a number" }).int({ error: "must be a whole number" }).min(1, "must be between 1 and 100").max(100, "must be between 1 and 100").default(30),
  kind: z.enum(timelineKinds, { error: `must be one of ${timelineKinds.join(", ")}` }).optional(),
});
export type TimelineQuery = z.infer<typeof timelineQuery>;

export interface TimelinePerson {
  id: number;
  name: string;
}

/**
 * One line of the timeline. Edits by one person in one session are one entry (`count` edits
 * from `created_at` to `ended_at`); everything else is one event. `version_id` links an entry
 * to the version it made (a status change, a publish, a merge, a restore).
 */
export interface TimelineEvent {
  /** The newest event's id in the entry: `/docs/:slug/activity/:eventId` opens it. */
  id: number;
  kind: TimelineKind;
  /** The event's name as recorded (`articles.edit`, `comments.create`, ...). */
  name: string;
  /** A sentence for people: "Ana edited the document", "Ben approved the review". */
  summary: string;
  created_at: string;
  ended_at: string;
  count: number;
  creator: TimelinePerson | null;
  version_id: number | null;
  branch_id: number | null;
}

export interface Timeline {
  events: TimelineEvent[];
  /** Pass as `before` for the next page; null when the page is empty. */
  oldest_timestamp: string | null;
  more_available: boolean;
}

// ---------------------------------------------------------------------------------------------
// Versions

/**
 * Why a version was kept: periodic snapshots while people edit (at most every 10 minutes),
 * and one at every status change, publish, merge, restore, and the base of a new branch.
 */
export const versionKinds = ["edit", "status", "publish", "merge", "restore", "branch_base"] as const;
export type VersionKind = (typeof versionKinds)[number];

export const versionKindLabels: Record<VersionKind, string> = {
  edit: "Edited",
  status: "Status changed",
  publish: "Published",
  merge: "Branch merged",
  restore: "Restored",
  branch_base: "Branched from",
};

/** `/articles/:id/versions/:version`: a version id, or `current` for the document as it is now. */
export const versionRef = z.union([z.literal("current"), positiveId], { error: 'must be a version id or "current"' });
export type VersionRef = z.infer<typeof versionRef>;

export const versionParam = z.object({ id: z.string(), version: versionRef });

export interface VersionSummary {
  id: number;
  kind: VersionKind;
  title: string;
  created_at: string;
  creator: TimelinePerson | null;
  /** The branch merged (kind merge) or started (kind branch_base). */
  branch_id: number | null;
}

/** `GET /articles/:id/compare?from=&to=`: `to` defaults to the current document. */
export const compareQuery = z.object({
  from: versionRef,
  to: versionRef.default("current"),
});

// ---------------------------------------------------------------------------------------------
// Branches

/**
 * A branch's life: open while its author edits; in_review once submitted (an approval review
 * of the review workflow); merged by `/close` or `/cancel_and_merge`; cancelled by `/cancel`.
 */
export const branchStatuses = ["open", "in_review", "merged", "cancelled"] as const;
export type BranchStatus = (typeof branchStatuses)[number];
export const endedBranchStatuses: readonly BranchStatus[] = ["merged", "cancelled"];

/** `POST /articles/:id/branches`: from a version (`/branch/:parent_version`) or the current body. */
export const createBranchSchema = z.object({
  parent_version_id: positiveId.optional(),
  name: z.string().trim().max(120, tooLong(120)).optional(),
});

/** `POST /branches/:id/submit`: who approves it (an approval review). */
export const submitBranchSchema = z
  .object({
    user_ids: z.array(positiveId).max(100, "at most 100 people").default([]),
    channel_ids: z.array(positiveId).max(20, "at most 20 groups").default([]),
    message: z.string().trim().max(5000, tooLong(5000)).default(""),
  })
  .refine((body) => body.user_ids.length + body.channel_ids.length > 0, { message: "name at least one person or group", path: ["user_ids"] });

/** How the merger settles one conflicting region of a three-way merge. */
export const conflictChoices = ["main", "branch", "both"] as const;
export type ConflictChoice = (typeof conflictChoices)[number];

/**
 * `POST /branches/:id/close` and `/cancel_and_merge`: a choice for every conflict the merge
 * preview listed, by its index. `main_revision` is the preview's: if main changed since, the
 * merge is refused (409) and previewed again, so nobody resolves conflicts against a stale main.
 */
export const mergeBranchSchema = z.object({
  resolutions: z
    .array(z.object({ conflict: z.number().int().min(0, "must be 0 or more"), choose: z.enum(conflictChoices, { error: `must be one of ${conflictChoices.join(", ")}` }) }))
    .max(1000, "at most 1,000 resolutions")
    .default([]),
  main_revision: z.number().int().optional(),
});
export type MergeBranchInput = z.infer<typeof mergeBranchSchema>;

export const branchParam = z.object({ id: positiveId });

export interface BranchSummary {
  id: number;
  article_id: number;
  name: string;
  status: BranchStatus;
  author: TimelinePerson | null;
  base_version_id: number;
  review_id: number | null;
  created_at: string;
  updated_at: string;
  ended_at: string | null;
  merged_version_id: number | null;
}

// ---------------------------------------------------------------------------------------------
// Insights

export const insightPeriods = ["7d", "28d", "90d", "365d"] as const;
export type InsightPeriod = (typeof insightPeriods)[number];

/** `GET /articles/:id/insights?period=` (and `.csv`). */
export const insightsQuery = z.object({
  period: z.enum(insightPeriods, { error: `must be one of ${insightPeriods.join(", ")}` }).default("28d"),
});

/**
 * What a reader's page reports while they read (`POST /events`, `articles.read_progress`):
 * seconds on the page and how far down they scrolled, at most once every 15 seconds.
 */
export const readProgressProperties = z.object({
  seconds: z.number({ error: "must be a number" }).int().min(0).max(24 * 3600),
  scroll_depth: z.number({ error: "must be a number" }).min(0, "must be between 0 and 1").max(1, "must be between 0 and 1"),
});
