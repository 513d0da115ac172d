import { inArray } from "drizzle-orm";
import type { TimelinePerson } from "../../../core/contracts/history";
import type { Database } from "../../db/client";
import { users } from "../../db/schema";
import { fullName } from "../../presenters/users";

/** The people a history answer names, by id: one query for the whole page. */
export async function peopleNamed(db: Database, ids: Iterable<number | null | undefined>): Promise<Map<number, TimelinePerson>> {
  const wanted = [...new Set([...ids].filter((id): id is number => typeof id === "number" && id > 0))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, { id: row.id, name: fullName(row) }]));
}
