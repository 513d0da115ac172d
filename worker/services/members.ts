import { and, asc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import { chunk, IN_LIST_CHUNK } from "../db/batching";
import type { Database } from "../db/client";
import { memberships, users, type Membership, type User } from "../db/schema";
import { NotFound } from "../lib/errors";

// Reads over a workspace's memberships, each filtered by the workspace, called by the
// members, guests and SCIM routes. Permission is the caller's job (authorize first).

export interface MemberRow {
  user: User;
  membership: Membership;
}

export type MemberScope = "members" | "guests" | "all";

const scopeCondition = (scope: MemberScope): SQL | undefined =>
  scope === "members" ? ne(memberships.role, "guest") : scope === "guests" ? eq(memberships.role, "guest") : undefined;

/** Memberships of the workspace with their users, by name. */
export async function listMembers(
  db: Database,
  workspaceId: number,
  options: { scope: MemberScope; status?: Membership["status"] },
): Promise<MemberRow[]> {
  return db
    .select({ user: users, membership: memberships })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.workspaceId, workspaceId),
        scopeCondition(options.scope),
        options.status ? eq(memberships.status, options.status) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.email));
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
  for (const part of chunk(emails, IN_LIST_CHUNK)) {
    for (const user of await db.select().from(users).where(inArray(users.email, part))) found.set(user.email, user);
  }
  return found;
}

/** The workspace's memberships of the given users, by user id. */
export async function membershipsOf(db: Database, workspaceId: number, userIds: number[]) {
  const found = new Map<number, Membership>();
  for (const part of chunk(userIds, IN_LIST_CHUNK)) {
    const rows = await db
      .select()
      .from(memberships)
      .where(and(eq(memberships.workspaceId, workspaceId), inArray(memberships.userId, part)));
    for (const row of rows) found.set(row.userId, row);
  }
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
