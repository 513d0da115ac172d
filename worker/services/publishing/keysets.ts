import type { SQL } from "drizzle-orm";
import { orderByOf } from "../../lib/list-page";
import { DEFAULT_PER_PAGE } from "../../../core/contracts/pagination";
import type { AccountOut, CursorQuery, DeliveryOut, PostOut, SandboxEntryOut, ScheduleOut, WebhookOut } from "../../../core/contracts/posts";
import { postingSchedules, sandboxTimeline, scheduledPosts, socialAccounts, webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { afterKey, cursorLimit, cursorPage, decodeCursor, pagesByCursor, type CursorValue, type KeysetColumn } from "../../lib/cursor";

/**
 * Scheduling's lists and the order each is read in, for cursor paging (lib/cursor.ts). Each
 * order is the one the web app already shows, ending with the id; `keyOf` reads the key back
 * from the presented row, so the reads the Remix loaders share keep their shapes.
 */
export interface Keyset<Row> {
  /** Names the list and its order: a cursor of another list is refused. */
  tag: string;
  order: KeysetColumn[];
  keyOf: (row: Row) => CursorValue[];
}

export const POSTS: Keyset<PostOut> = {
  tag: "posts:publish_at,id",
  order: [
    { column: scheduledPosts.publishAt, direction: "asc" },
    { column: scheduledPosts.id, direction: "asc" },
  ],
  keyOf: (post) => [Date.parse(post.publish_at!), post.id],
};

export const SCHEDULES: Keyset<ScheduleOut> = {
  tag: "schedules:name,id",
  order: [
    { column: postingSchedules.name, direction: "asc" },
    { column: postingSchedules.id, direction: "asc" },
  ],
  keyOf: (schedule) => [schedule.name, schedule.id],
};

export const ACCOUNTS: Keyset<AccountOut> = {
  tag: "social_accounts:display_name,id",
  order: [
    { column: socialAccounts.displayName, direction: "asc" },
    { column: socialAccounts.id, direction: "asc" },
  ],
  keyOf: (account) => [account.display_name, account.id],
};

export const SANDBOX_TIMELINE: Keyset<SandboxEntryOut> = { tag: "sandbox_timeline:-id", order: [{ column: sandboxTimeline.id, direction: "desc" }], keyOf: (entry) => [entry.id] };
export const WEBHOOKS: Keyset<WebhookOut> = { tag: "webhooks:-id", order: [{ column: webhookEndpoints.id, direction: "desc" }], keyOf: (endpoint) => [endpoint.id] };
export const DELIVERIES: Keyset<DeliveryOut> = { tag: "webhook_deliveries:-id", order: [{ column: webhookDeliveries.id, direction: "desc" }], keyOf: (delivery) => [delivery.id] };

/** `ORDER BY` for a keyset. */
export const keysetOrder = (keyset: Keyset<never>) => orderByOf(keyset.order);

/** Which rows one request reads: the page after the cursor (`where`), one more than shown (`limit`). */
export interface CursorWindow {
  where?: SQL;
  limit: number;
}

/**
 * The window a list's query asks for, or null when it pages by nothing (the whole list, as the
 * web app reads it). `page` turns the rows read into the rows shown and `meta.next_cursor`.
 */
export function cursorWindow<Row>(keyset: Keyset<Row>, query: CursorQuery) {
  const size = { limit: query.limit, per_page: DEFAULT_PER_PAGE };
  const paging = pagesByCursor(query);
  const window: CursorWindow | null = paging
    ? { where: query.cursor ? afterKey(keyset.order, decodeCursor(keyset.tag, query.cursor, keyset.order.length)) : undefined, limit: cursorLimit(size) }
    : null;
  const page = (rows: Row[]) => {
    if (!paging) return { data: rows, meta: { next_cursor: null } };
    const { rows: shown, nextCursor } = cursorPage(keyset.tag, rows, size, keyset.keyOf);
    return { data: shown, meta: { next_cursor: nextCursor } };
  };
  return { window, page };
}
