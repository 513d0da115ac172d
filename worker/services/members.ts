import { and, count, eq, ne, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { ListMeta, ListQuery } from "../../core/contracts/pagination";
import { inList } from "../db/batching";
import type { Database } from "../db/client";
import { memberships, users, type Membership, type User } from "../db/schema";
import type { KeysetColumn } from "../lib/cursor";
import { NotFound } from "../lib/errors";
import { listPage } from "../lib/list-page";
import { fullName } from "../presenters/users";

// Reads over a workspace's memberships, each filtered by the workspace, called by the
// members, guests and SCIM routes. Permission is the caller's job (authorize first).

export interface MemberRow {
  user: User;
  membership: Membership;
}

export type MemberScope = "members" | "guests" | "all";

const scopeCondition = (scope: MemberScope): SQL | undefined =>
  scope === "members" ? ne(memberships.role, "guest") : scope === "guests" ? eq(memberships.role, "guest") : undefined;

export interface ListMembersOptions {
  scope: MemberScope;
  status?: Membership["status"];
  /** Name or email containing this (any case). */
  search?: string;
  /** Active people first, then pending invitations, then deactivated ones; by name within each. */
  byStatus?: boolean;
}

/** SQLite's lower(): ASCII letters only, so a cursor holds exactly what the query compares. */
const sqliteLower = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

const STATUS_RANK = sql`CASE ${memberships.status} WHEN 'active' THEN 0 WHEN 'invited' THEN 1 ELSE 2 END`;

/**
 * `needle` in any of the columns, ignoring (ASCII) case: both sides go through SQLite's lower(),
 * and instr rather than LIKE, so % and _ are plain characters.
 */
export const containsText = (needle: string | undefined, ...columns: AnyColumn[]) => {
  const wanted = needle?.trim();
  if (!wanted) return undefined;
  return or(...columns.map((column) => sql`instr(lower(coalesce(${column}, '')), lower(${wanted})) > 0`));
};

/**
 * One page of the workspace's memberships with their users, by name (email last, which is
 * unique, so pages never overlap), and how many match in all.
 */
export async function listMembers(
  db: Database,
  workspaceId: number,
  options: ListMembersOptions,
  page: ListQuery,
): Promise<{ rows: MemberRow[]; total: number; meta: ListMeta }> {
  const where = and(
    eq(memberships.workspaceId, workspaceId),
    scopeCondition(options.scope),
    options.status ? eq(memberships.status, options.status) : undefined,
    containsText(options.search, users.firstName, users.lastName, users.email),
  );
  const byName: KeysetColumn[] = [
    { column: sql`lower(${users.firstName})`, direction: "asc" },
    { column: sql`lower(${users.lastName})`, direction: "asc" },
    { column: users.email, direction: "asc" },
  ];
  const order: KeysetColumn[] = options.byStatus ? [{ column: STATUS_RANK, direction: "asc" }, ...byName] : byName;
  const rank = { active: 0, invited: 1, deactivated: 2 } as const;
  const { rows, meta } = await listPage<MemberRow>(
    {
      tag: `members:${options.scope}:${options.byStatus ? "status_name" : "name"}`,
      order,
      // Email is unique, so it ends the keyset as an id would.
      keyOf: ({ user, membership }) => [...(options.byStatus ? [rank[membership.status]] : []), sqliteLower(user.firstName), sqliteLower(user.lastName), user.email],
      rows: (window) =>
        db
          .select({ user: users, membership: memberships })
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.userId))
          .where(and(where, window.where))
          .orderBy(...window.orderBy)
          .limit(window.limit)
          .offset(window.offset),
      total: async () => (await db.select({ total: count() }).from(memberships).innerJoin(users, eq(users.id, memberships.userId)).where(where))[0]?.total ?? 0,
    },
    page,
  );
  return { rows, total: meta.total, meta };
}

/** How many of the workspace's members (or guests) are active, invited and deactivated. */
export async function countMembersByStatus(db: Database, workspaceId: number, scope: MemberScope) {
  const rows = await db
    .select({ status: memberships.status, total: count() })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), scopeCondition(scope)))
    .groupBy(memberships.status);
  const counts: Record<Membership["status"], number> = { active: 0, invited: 0, deactivated: 0 };
  for (const row of rows) counts[row.status] = row.total;
  return counts;
}

/** Display names of the given users, by id (who invited someone, who made a token). */
export async function userNames(db: Database, userIds: number[]) {
  const names = new Map<number, string>();
  for (const user of await db.select().from(users).where(inList(users.id, [...new Set(userIds)]))) names.set(user.id, fullName(user));
  return names;
}

/** The membership of user `userId` in the workspace; another workspace's member is a 404. */
export async function loadMember(db: Database, workspaceId: number, userId: number, scope: MemberScope = "all"): Promise<MemberRow> {
  const [row] = await db
    .select({ user: users, membership: memberships })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId), scopeCondition(scope)))
    .limit(1);
  if (!row) throw new NotFound(scope === "guests" ? "Guest not found in this workspace" : "Member not found in this workspace");
  return row;
}

export async function usersByEmail(db: Database, emails: string[]) {
  const found = new Map<string, User>();
  for (const user of await db.select().from(users).where(inList(users.email, emails))) found.set(user.email, user);
  return found;
}

/** The workspace's memberships of the given users, by user id. */
export async function membershipsOf(db: Database, workspaceId: number, userIds: number[]) {
  const found = new Map<number, Membership>();
  const rows = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), inList(memberships.userId, userIds)));
  for (const row of rows) found.set(row.userId, row);
  return found;
}

/** The account with `email`, and its membership in the workspace when it has one. */
export async function memberByEmail(db: Database, workspaceId: number, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user) return { user: undefined, membership: undefined };
  const [membership] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, user.id)))
    .limit(1);
  return { user, membership };
}
