import { and, eq } from "drizzle-orm";
import type { EmailAccessInput, MemberAccessInput } from "../../core/contracts/accesses";
import type { AccessLevel } from "../../core/enums";
import { inList } from "../db/batching";
import type { Database } from "../db/client";
import { channels, memberships, users, type User } from "../db/schema";
import { Invalid, Unprocessable } from "../lib/errors";
import { membershipsOf, usersByEmail } from "./members";
import type { GrantTarget, SharedItem } from "./shares";

/** One grant to write: its target, the level, and the input field it came from (for errors). */
export interface PlannedGrant extends GrantTarget {
  permission: AccessLevel;
  readReceipt: boolean | undefined;
  field: string;
  /** The person it names, when known (for the email); `email` grants name an address. */
  user: User | null;
}

async function activeMembers(db: Database, workspaceId: number, userIds: number[]) {
  const found = new Map<number, User>();
  const rows = await db
    .select({ user: users })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.status, "active"), inList(memberships.userId, [...new Set(userIds)])));
  for (const row of rows) found.set(row.user.id, row.user);
  return found;
}

async function workspaceChannels(db: Database, workspaceId: number, ids: number[]) {
  const found = new Set<number>();
  const rows = await db
    .select({ id: channels.id })
    .from(channels)
    .where(and(eq(channels.workspaceId, workspaceId), inList(channels.id, [...new Set(ids)])));
  for (const row of rows) found.add(row.id);
  return found;
}

/**
 * Checks a share request's targets against the workspace and turns them into grants. A user
 * must be an active member or guest, a group must belong to the workspace (400 naming the
 * field otherwise). An email of an active member or guest becomes a User grant; any other
 * address an Email grant plus a guest invitation (`invites`), unless that person's
 * membership is deactivated (422).
 */
export async function resolveShareTargets(
  db: Database,
  item: SharedItem,
  workspaceId: number,
  input: { member_accesses: MemberAccessInput[]; email_accesses: EmailAccessInput[] }
): Promise<{ grants: PlannedGrant[]; invites: string[] }> {
  const fields: Record<string, string[]> = {};
  const refuse = (field: string, message: string) => (fields[field] ??= []).push(message);
  const wantedUsers = input.member_accesses.filter((a) => a.target_type === "User").map((a) => a.target_id!);
  const wantedChannels = input.member_accesses.filter((a) => a.target_type === "Channel").map((a) => a.target_id!);
  const [members, groups] = await Promise.all([
    activeMembers(db, workspaceId, wantedUsers),
    workspaceChannels(db, workspaceId, wantedChannels),
  ]);

  const grants: PlannedGrant[] = [];
  input.member_accesses.forEach((access, index) => {
    const field = `member_accesses.${index}`;
    const base = { permission: access.permission, readReceipt: access.read_receipt, field, email: null, user: null };
    switch (access.target_type) {
      case "User": {
        const user = members.get(access.target_id!);
        if (!user) return refuse(`${field}.target_id`, "is not an active member or guest of this workspace");
        return grants.push({ ...base, targetType: "User", userId: user.id, channelId: null, role: null, user });
      }
      case "Channel":
        if (!groups.has(access.target_id!)) return refuse(`${field}.target_id`, "is not a group of this workspace");
        return grants.push({ ...base, targetType: "Channel", userId: null, channelId: access.target_id!, role: null });
      case "LayerEditors":
        if (item.kind === "folder") return refuse(`${field}.target_type`, "LayerEditors applies to documents only");
        return grants.push({ ...base, targetType: "LayerEditors", userId: null, channelId: null, role: null });
      case "AccessMemberGroup":
        return grants.push({ ...base, targetType: "AccessMemberGroup", userId: null, channelId: null, role: access.role! });
      default:
        return grants.push({ ...base, targetType: access.target_type, userId: null, channelId: null, role: null });
    }
  });

  const emails = input.email_accesses.map((access) => access.email);
  const known = await usersByEmail(db, emails);
  const memberOf = await membershipsOf(
    db,
    workspaceId,
    [...known.values()].map((user) => user.id)
  );
  const invites: string[] = [];
  const deactivated: Record<string, string[]> = {};
  input.email_accesses.forEach((access, index) => {
    const field = `email_accesses.${index}`;
    const user = known.get(access.email) ?? null;
    const membership = user ? memberOf.get(user.id) : undefined;
    const base = { permission: access.permission, readReceipt: access.read_receipt, field, channelId: null, role: null };
    if (membership?.status === "deactivated") {
      (deactivated[`${field}.email`] ??= []).push("belongs to a deactivated member: reactivate them first");
    } else if (user && membership?.status === "active") {
      grants.push({ ...base, targetType: "User", userId: user.id, email: null, user });
    } else {
      // Not in the workspace yet (or invited and not joined): the grant waits for them.
      if (!membership) invites.push(access.email);
      grants.push({ ...base, targetType: "Email", userId: null, email: access.email, user });
    }
  });

  if (Object.keys(fields).length > 0) {
    throw new Invalid(
      `Invalid body: ${Object.entries(fields)
        .map(([f, m]) => `${f}: ${m.join(", ")}`)
        .join("; ")}`,
      fields
    );
  }
  if (Object.keys(deactivated).length > 0) throw new Unprocessable("Some of those people are deactivated in this workspace", deactivated);
  return { grants, invites: [...new Set(invites)] };
}
