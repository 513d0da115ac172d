import { sql, type SQL } from "drizzle-orm";
import type { Context } from "hono";
import type { UserRole } from "../../core/enums";
import type { Database } from "../db/client";
import { events } from "../db/schema";
import type { AppEnv } from "../lib/create-app";
import { Unprocessable, type HttpError } from "../lib/errors";
import { roomNoticesFor, type RoomNotices } from "../services/room-notices";

/** Who is acting on a workspace's members and from where, recorded with every event. */
export interface MemberCommandContext {
  workspaceId: number;
  /** The user acting; null when an identity provider acts through a SCIM token. */
  actorId: number | null;
  sessionUuid: string | null;
  ip: string | null;
  /** Recorded with every event of the request, e.g. which SCIM token was used. */
  via?: Record<string, unknown>;
  /** Tells the workspace's live document rooms when someone's access changed. */
  rooms?: RoomNotices;
  /** The acting user's role, so a plan-limit refusal says "Upgrade" to an admin and "Ask an admin" to others. */
  actorRole?: UserRole;
}

/**
 * Who a seat check speaks to: the acting user's role; an identity provider (SCIM) is the
 * workspace's admins at work, anyone else without a role (accepting, joining) asks an admin.
 */
export const seatActor = (context: MemberCommandContext) => ({
  workspaceId: context.workspaceId,
  role: context.actorRole ?? (context.actorId === null ? ("admin" as const) : ("member" as const)),
});

/** Whether a membership in this state takes a seat: members and admins, active or invited. */
export const takesSeat = (state: { role: string; status: string }) =>
  (state.role === "admin" || state.role === "member") && (state.status === "active" || state.status === "invited");

export function memberCommandContext(
  c: Context<AppEnv>,
  who: Pick<MemberCommandContext, "workspaceId" | "actorId" | "via">,
): MemberCommandContext {
  return {
    actorRole: c.get("actor")?.role,
    ...who,
    sessionUuid: c.req.header("x-session-uuid") ?? null,
    ip: c.req.header("CF-Connecting-IP") ?? null,
    rooms: roomNoticesFor(c),
  };
}

export type MemberEventName = `${"members" | "guests" | "invitations" | "scim"}.${string}`;

export const LAST_ADMIN_MESSAGE =
  "A workspace needs at least one active admin. Make someone else an admin before changing this one.";

/** An active admin remains in the workspace once the statements before this one have run. */
export const anActiveAdminRemains = (workspaceId: number) =>
  sql`EXISTS (SELECT 1 FROM memberships WHERE workspace_id = ${workspaceId} AND role = 'admin' AND status = 'active')`;

/**
 * The event row for a change to a membership, for the command to batch after the change.
 * With `onlyIf`, the row's name is NULL when the condition does not hold, so the NOT NULL
 * constraint fails and the whole batch rolls back: the check and the writes are one
 * transaction (two admins demoting each other at once cannot both succeed; one invitation
 * cannot be accepted twice). `runGuarded` turns that failure into the caller's error.
 */
export function memberEvent(
  db: Database,
  context: MemberCommandContext,
  event: { name: MemberEventName; userId: number | SQL; properties?: Record<string, unknown>; onlyIf?: SQL },
) {
  const name = event.onlyIf ? sql<string>`(SELECT ${event.name} WHERE ${event.onlyIf})` : event.name;
  return db.insert(events).values({
    name,
    workspaceId: context.workspaceId,
    userId: event.userId,
    actorId: context.actorId,
    sessionUuid: context.sessionUuid,
    ip: context.ip,
    properties: { ...context.via, ...event.properties },
  });
}

const isGuardFailure = (error: unknown): boolean =>
  error instanceof Error &&
  (error.message.includes("NOT NULL constraint failed: events.name") || isGuardFailure(error.cause));

/** Runs a batch that carries a guarded event, answering `refusal` when the guard stopped it. */
export async function runGuarded<T>(run: () => Promise<T>, refusal: () => HttpError): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isGuardFailure(error)) throw refusal();
    throw error;
  }
}

export const withLastAdminGuard = <T>(run: () => Promise<T>) =>
  runGuarded(run, () => new Unprocessable(LAST_ADMIN_MESSAGE, { id: ["is the workspace's last active admin"] }));
