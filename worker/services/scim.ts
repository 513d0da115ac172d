import { and, asc, count, desc, eq } from "drizzle-orm";
import { scimBoolean, scimNameField, type ScimPatchOperation } from "../../core/contracts/scim";
import type { ScimUserChanges } from "../commands/scimUserUpdater";
import type { Database } from "../db/client";
import { memberships, scimTokens, users } from "../db/schema";
import { Invalid, Unprocessable } from "../lib/errors";
import type { MemberRow } from "./members";

/** The one filter identity providers use to find a user before creating it: `userName eq "x"`. */
export function parseScimFilter(filter: string | undefined): { userName: string } | null {
  if (filter === undefined || filter.trim() === "") return null;
  const match = filter.match(/^\s*userName\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i);
  if (!match) {
    throw new Invalid('Only the filter userName eq "<email>" is supported', { filter: ['must look like userName eq "someone@example.com"'] });
  }
  return { userName: match[1]!.replace(/\\(.)/g, "$1").trim().toLowerCase() };
}

/** One page of the workspace's memberships as SCIM users, oldest first (stable paging). */
export async function listScimUsers(
  db: Database,
  workspaceId: number,
  query: { userName?: string; startIndex: number; count: number },
): Promise<{ rows: MemberRow[]; totalResults: number }> {
  const where = and(eq(memberships.workspaceId, workspaceId), query.userName === undefined ? undefined : eq(users.email, query.userName));
  const [total] = await db.select({ n: count() }).from(memberships).innerJoin(users, eq(users.id, memberships.userId)).where(where);
  const rows =
    query.count === 0
      ? []
      : await db
          .select({ user: users, membership: memberships })
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.userId))
          .where(where)
          .orderBy(asc(memberships.id))
          .limit(query.count)
          .offset(query.startIndex - 1);
  return { rows, totalResults: total?.n ?? 0 };
}

/** userName is the account's email: the same value is fine, another one cannot be set through SCIM. */
export function assertSameUserName(requested: unknown, email: string) {
  if (typeof requested !== "string" || requested.trim().toLowerCase() !== email) {
    throw new Unprocessable("userName is the account's email and cannot be changed through SCIM", {
      userName: ["cannot be changed"],
    });
  }
}

function parseValue<T>(schema: { safeParse: (value: unknown) => { success: true; data: T } | { success: false } }, field: string, value: unknown, message: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new Invalid(`Invalid value for ${field}: ${message}`, { [field]: [message] });
  return result.data;
}

/**
 * What a PatchOp asks for (RFC 7644 section 3.5.2), as changes we keep: active and the name
 * parts. Attributes we do not store (emails, title, externalId…) are accepted and ignored,
 * so an identity provider's routine updates never fail.
 */
export function scimPatchChanges(operations: ScimPatchOperation[], email: string): ScimUserChanges {
  const changes: ScimUserChanges = {};
  const apply = (path: string, value: unknown, remove: boolean) => {
    const key = path.trim().toLowerCase();
    if (key === "active") {
      if (remove) throw new Invalid("active cannot be removed", { active: ["cannot be removed"] });
      changes.active = parseValue(scimBoolean, "active", value, "must be true or false");
    } else if (key === "name.givenname") {
      changes.givenName = remove ? "" : parseValue(scimNameField, "name.givenName", value, "must be a name of at most 60 characters");
    } else if (key === "name.familyname") {
      changes.familyName = remove ? "" : parseValue(scimNameField, "name.familyName", value, "must be a name of at most 60 characters");
    } else if (key === "name") {
      // Sub-attributes left out of the value stay as they are (RFC 7644 section 3.5.2.3).
      if (remove) Object.assign(changes, { givenName: "", familyName: "" });
      else if (value && typeof value === "object" && !Array.isArray(value)) {
        const name = value as Record<string, unknown>;
        if (name.givenName !== undefined) apply("name.givenName", name.givenName, false);
        if (name.familyName !== undefined) apply("name.familyName", name.familyName, false);
      } else throw new Invalid("name must be an object", { name: ["must be an object with givenName and familyName"] });
    } else if (key === "username") {
      if (remove) throw new Unprocessable("userName cannot be removed", { userName: ["cannot be removed"] });
      assertSameUserName(value, email);
    }
  };
  for (const operation of operations) {
    const remove = operation.op === "remove";
    if (operation.path !== undefined) apply(operation.path, operation.value, remove);
    else if (!remove && operation.value && typeof operation.value === "object" && !Array.isArray(operation.value)) {
      for (const [path, value] of Object.entries(operation.value)) apply(path, value, false);
    } else {
      throw new Invalid("An operation without a path needs an object value", { Operations: ["needs a path or an object value"] });
    }
  }
  return changes;
}

/** The workspace's SCIM tokens, newest first (hashes only; the raw token is shown once at creation). */
export function listScimTokens(db: Database, workspaceId: number) {
  return db
    .select()
    .from(scimTokens)
    .where(eq(scimTokens.workspaceId, workspaceId))
    .orderBy(desc(scimTokens.createdAt), desc(scimTokens.id));
}
