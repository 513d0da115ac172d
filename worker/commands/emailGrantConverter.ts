import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../db/client";
import { accesses } from "../db/schema";

const RANK = (alias: string) =>
  sql.raw(`CASE ${alias}.permission WHEN 'read' THEN 1 WHEN 'comment' THEN 2 WHEN 'edit' THEN 3 WHEN 'owner' THEN 4 END`);

/**
 * The statements that turn the Email grants waiting for `email` in a workspace into User
 * grants for the person who now holds that address, for the caller's batch (accepting an
 * invitation). Where they already hold a User grant on the same item, that grant is raised to
 * the Email grant's level when it is higher and the Email grant dropped, so nobody ends up
 * with two grants on one item.
 */
export function emailGrantConversion(
  db: Database,
  { workspaceId, email, userId }: { workspaceId: number; email: string; userId: number }
): BatchItem<"sqlite">[] {
  const waiting = and(eq(accesses.workspaceId, workspaceId), eq(accesses.targetType, "Email"), eq(accesses.email, email));
  const sameItem = (alias: string) =>
    sql.raw(`${alias}.article_id IS "accesses"."article_id" AND ${alias}.folder_id IS "accesses"."folder_id"`);
  const emailGrantsHere = sql`FROM accesses e WHERE e.workspace_id = ${workspaceId} AND e.target_type = 'Email' AND e.email = ${email} AND ${sameItem(
    "e"
  )}`;
  return [
    db
      .update(accesses)
      .set({ permission: sql`(SELECT e.permission ${emailGrantsHere} ORDER BY ${RANK("e")} DESC LIMIT 1)` })
      .where(
        and(
          eq(accesses.workspaceId, workspaceId),
          eq(accesses.targetType, "User"),
          eq(accesses.userId, userId),
          sql`EXISTS (SELECT 1 ${emailGrantsHere} AND ${RANK("e")} > ${RANK('"accesses"')})`
        )
      ),
    db
      .delete(accesses)
      .where(
        and(
          waiting,
          sql`EXISTS (SELECT 1 FROM accesses u WHERE u.workspace_id = ${workspaceId} AND u.target_type = 'User' AND u.user_id = ${userId} AND ${sameItem(
            "u"
          )})`
        )
      ),
    db.update(accesses).set({ targetType: "User", userId, email: null }).where(waiting),
  ];
}
