import { and, count, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { ListQuery } from "../../../core/contracts/pagination";
import type { Database } from "../../db/client";
import { apiKeys, events, users, type ApiKey } from "../../db/schema";
import { listPage } from "../../lib/list-page";
import { API_CALL_EVENT } from "./audit";

type Event = typeof events.$inferSelect;

/** A key as the lists show it: the row and who made it (null once that user is gone). */
export interface ListedKey {
  key: ApiKey;
  creator: { id: number; firstName: string; lastName: string; email: string } | null;
}

const listedKeys = (db: Database, where: SQL | undefined) =>
  db
    .select({ key: apiKeys, creator: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email } })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdById))
    .where(where)
    .orderBy(desc(apiKeys.id)) as Promise<ListedKey[]>;

/** A workspace's keys with their creators, newest first, revoked ones included. */
export const workspaceKeysListed = (db: Database, workspaceId: number) => listedKeys(db, eq(apiKeys.workspaceId, workspaceId));

/** A user's personal tokens with their creator (themself), newest first. */
export const personalTokensListed = (db: Database, userId: number) => listedKeys(db, and(eq(apiKeys.userId, userId), isNull(apiKeys.workspaceId)));

/** Who made `key`, for the answer to creating or revoking it. */
export async function listedKey(db: Database, key: ApiKey): Promise<ListedKey> {
  const [creator] = key.createdById
    ? await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, key.createdById))
    : [];
  return { key, creator: creator ?? null };
}

/**
 * A key's recorded calls (audit.ts), newest first, by page or by cursor. A workspace key's
 * calls are read through the workspace's events (its index), a personal token's through its
 * owner's; the key's id in the event picks out its own.
 */
export function keyCalls(db: Database, key: ApiKey, query: ListQuery) {
  const owner = key.workspaceId !== null ? eq(events.workspaceId, key.workspaceId) : eq(events.userId, key.userId);
  const calls = and(owner, eq(events.name, API_CALL_EVENT), sql`json_extract(${events.properties}, '$.api_key_id') = ${key.id}`);
  return listPage<Event>(
    {
      tag: `api_key_calls:${key.id}`,
      order: [{ column: events.id, direction: "desc" }],
      keyOf: (row) => [row.id],
      rows: ({ where, orderBy, limit, offset }) => db.select().from(events).where(and(calls, where)).orderBy(...orderBy).limit(limit).offset(offset),
      total: async () => (await db.select({ total: count() }).from(events).where(calls))[0]?.total ?? 0,
    },
    query,
  );
}
