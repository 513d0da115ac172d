import { and, eq, gt, inArray, lt, ne, notInArray, sql } from "drizzle-orm";
import type { NetworkLimits } from "../../../core/publishing/limits";
import { checkPost, type MediaItem } from "../../../core/publishing/rules";
import { checkQuota, quotaRefusal } from "../../../core/publishing/quota";
import { localToInstant, slotInstants } from "../../../core/publishing/time";
import type { Database } from "../../db/client";
import { type postingSchedules, postTargets, socialAccounts, type SocialAccount } from "../../db/schema";
import { Invalid, NotFound } from "../../lib/errors";
import type { Actor } from "../../policies";
import { readableUpload } from "../uploads";
import { networkLimits } from "./publisher";

/**
 * What scheduling checks before anything is written: every target's text and media against
 * its network's limits, the account's state, and its rolling quota, so a post that cannot go
 * out is refused now, with sentences naming the network and the rule, not at send time.
 */

export interface TargetInput {
  account_id: number;
  text?: string | null;
}

/** The workspace's accounts by id; an id from elsewhere is "not found", as in a URL. */
export async function accountsById(db: Database, workspaceId: number, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const rows = unique.length ? await db.select().from(socialAccounts).where(and(eq(socialAccounts.workspaceId, workspaceId), inArray(socialAccounts.id, unique))) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const id of unique) if (!byId.has(id)) throw new NotFound("Social account not found");
  return byId;
}

/** Media from upload ids, each passing the same read check as opening the file. */
export async function readableMedia(db: Database, actor: Actor, ids: readonly number[]): Promise<MediaItem[]> {
  const items: MediaItem[] = [];
  for (const id of ids) {
    const { upload } = await readableUpload(db, actor, id);
    const kind = upload.contentType.startsWith("video/") ? "video" : upload.contentType.startsWith("image/") ? "image" : null;
    if (!kind) throw new Invalid(`"${upload.filename}" is not an image or a video`, { media: [`"${upload.filename}" is not an image or a video`] });
    items.push({ kind, bytes: upload.size, name: upload.filename });
  }
  return items;
}

export function publishInstant(input: { publish_at?: string; local_time?: string; time_zone?: string }): number | null {
  if (input.publish_at) return Date.parse(input.publish_at);
  if (input.local_time && input.time_zone) return localToInstant(input.local_time, input.time_zone);
  return null;
}

const formatIn = (zone: string) => (epochMs: number) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: zone, weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", timeZoneName: "short" }).format(epochMs);

/** Times of the account's other posts that count against its quota around `at`. */
async function quotaNeighbours(db: Database, accountId: number, limits: NetworkLimits, at: number, excludePostId?: number) {
  if (!limits.quota) return [];
  const window = limits.quota.windowMinutes * 60_000;
  const rows = await db
    .select({ at: sql<number>`coalesce(${postTargets.publishedAt}, max(${postTargets.publishAt}, coalesce(${postTargets.nextAttemptAt}, 0)))` })
    .from(postTargets)
    .where(
      and(
        eq(postTargets.accountId, accountId),
        inArray(postTargets.state, ["scheduled", "publishing", "published"]),
        gt(postTargets.publishAt, at - 2 * window),
        lt(postTargets.publishAt, at + 2 * window),
        excludePostId === undefined ? undefined : ne(postTargets.postId, excludePostId),
      ),
    );
  return rows.map((row) => row.at);
}

export interface TargetsCheck {
  text: string;
  targets: TargetInput[];
  media: MediaItem[];
  publishAt: number | null;
  accounts: Map<number, SocialAccount>;
  /** Scheduling (not a draft): the account must be connected and within its quota. */
  scheduling: boolean;
  excludePostId?: number;
  /** The zone to write times in, in messages. */
  timeZone: string;
  /** When set, the publish time must not be in the past (tolerance for the time it took to click). */
  now?: number;
}

export async function checkTargets(db: Database, env: Env, check: TargetsCheck) {
  const fields: Record<string, string[]> = {};
  const add = (field: string, message: string) => (fields[field] ??= []).push(message);
  const limitsTable = networkLimits(env);
  const format = formatIn(check.timeZone);
  if (check.scheduling && check.publishAt !== null && check.now !== undefined && check.publishAt < check.now - 60_000) {
    add("publish_at", `is in the past (${format(check.publishAt)}); choose a later time or use "Publish now"`);
  }
  for (const [index, target] of check.targets.entries()) {
    const account = check.accounts.get(target.account_id)!;
    const limits = limitsTable[account.network]!;
    const result = checkPost(target.text ?? check.text, check.media, limits);
    for (const problem of result.problems) add(`targets.${index}.text`, problem);
    if (!check.scheduling) continue;
    if (account.state !== "active") add(`targets.${index}.account_id`, `${account.displayName} (${limits.label}) needs to be reconnected before posts can be scheduled to it.`);
    if (check.publishAt !== null && limits.quota) {
      const verdict = checkQuota(limits.quota, await quotaNeighbours(db, account.id, limits, check.publishAt, check.excludePostId), check.publishAt);
      if (!verdict.ok) {
        add(`targets.${index}.account_id`, quotaRefusal(limits.label, limits.quota, account.displayName, verdict, format));
      }
    }
  }
  if (Object.keys(fields).length) {
    const summary = Object.values(fields).flat().join(" ");
    throw new Invalid(`This post cannot be scheduled: ${summary}`, fields);
  }
}

/** The next slot of a schedule that none of the account's pending posts holds. */
export async function nextFreeSlot(db: Database, schedule: typeof postingSchedules.$inferSelect, after: number, excludePostIds: number[] = []) {
  const slots = slotInstants(schedule.slots, schedule.timeZone, after, 12);
  if (slots.length === 0) return null;
  const taken = await db
    .select({ at: postTargets.publishAt })
    .from(postTargets)
    .where(
      and(
        eq(postTargets.accountId, schedule.accountId),
        inArray(postTargets.state, ["draft", "scheduled", "publishing", "published"]),
        gt(postTargets.publishAt, after - 1),
        excludePostIds.length ? notInArray(postTargets.postId, excludePostIds) : undefined,
      ),
    );
  const takenSet = new Set(taken.map((row) => row.at));
  return slots.find((slot) => !takenSet.has(slot)) ?? null;
}
