import { and, eq, gt } from "drizzle-orm";
import type { Context } from "hono";
import { SignJWT } from "jose";
import type * as z from "zod";
import { ROOM_NOTICE_AUDIENCE, ROOM_NOTICE_ISSUER, ROOM_RECHECK_SECONDS, type RoomNotice } from "../../core/collab";
import type { Database } from "../db/client";
import { events } from "../db/schema";
import type { AppEnv } from "../lib/create-app";
import { roomFor, type CollabEnv } from "./collab";

/** The event a room's connection check records: which rooms are live, and who is in them. */
export const ROOM_PRESENCE_EVENT = "collab.presence";

/**
 * Rooms with a presence event this recent count as live for access notices: a room records
 * one for every connection when it opens and every ROOM_RECHECK_SECONDS after.
 */
const PRESENCE_WINDOW_MS = 2 * ROOM_RECHECK_SECONDS * 1000;

/** More live rooms than this in one workspace is not expected; the rest re-check on their own timer. */
const MAX_ROOMS_PER_NOTICE = 200;

/**
 * What a command tells the live document rooms after its change is committed. Sending runs
 * after the response (waitUntil) and never fails the request: a room that is down loads the
 * stored state when it starts, and re-checks its connections on its own timer.
 */
export interface RoomNotices {
  /**
   * The stored body changed outside the room: a live room loads it into its document (one
   * not live catches up when it next opens, see the room's revision check).
   */
  documentChanged(article: { id: number; workspaceId: number }): void;
  /** A document's password changed: everyone in its room reconnects and shows it again. */
  passwordChanged(article: { id: number; workspaceId: number }): void;
  /**
   * Who may do what changed somewhere in the workspace (grants, memberships, roles, groups,
   * moves between folders): its live rooms re-check every connection. `reconnect` makes them
   * drop every connection instead (a folder password changed).
   */
  accessChanged(workspaceId: number, options?: { reconnect?: boolean }): void;
}

export interface RoomNoticeEnv extends CollabEnv {
  /** Only for tests and unusual setups; derived from PARTYKIT_HOST otherwise. */
  PARTYKIT_URL?: string;
}

/** Where the Worker reaches the rooms: PartyKit's origin, plain http only on loopback. */
export function partyOrigin(env: RoomNoticeEnv): string | null {
  if (env.PARTYKIT_URL) return env.PARTYKIT_URL.replace(/\/+$/, "");
  if (!env.PARTYKIT_HOST) return null;
  const loopback = /^(localhost|127(?:\.\d+){3}|\[::1\])(?::\d+)?$/i.test(env.PARTYKIT_HOST);
  return `${loopback ? "http" : "https"}://${env.PARTYKIT_HOST}`;
}

/** Posts one signed notice to one room and answers its response (null: rooms are not configured). */
export async function postRoomNotice(env: RoomNoticeEnv, room: string, notice: RoomNotice, timeoutMs = 5_000): Promise<Response | null> {
  const origin = partyOrigin(env);
  if (!origin || !env.COLLAB_TOKEN_SECRET) return null;
  const token = await new SignJWT({ room })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuer(ROOM_NOTICE_ISSUER)
    .setAudience(ROOM_NOTICE_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime("1m")
    .sign(new TextEncoder().encode(env.COLLAB_TOKEN_SECRET));
  return fetch(`${origin}/parties/main/${encodeURIComponent(room)}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(notice),
    signal: AbortSignal.timeout(timeoutMs),
  });
}

/** The room applies an edit and saves back to the Worker before it answers: more than a plain notice's 5 s. */
const ROOM_SAVE_TIMEOUT_MS = 15_000;

/**
 * Asks a document's live room to make an edit (`todo`, `changes`) and save it, and reads its
 * answer. Null when the room could not be asked or gave no answer we read: the caller then
 * writes the stored body itself, as it does when no room is live.
 */
export async function askRoom<T extends z.ZodType>(env: RoomNoticeEnv, articleId: number | string, notice: RoomNotice, answer: T): Promise<z.infer<T> | null> {
  // A document's id, or a room's own name (a branch's `branch-<id>`).
  const room = typeof articleId === "number" ? roomFor(articleId) : articleId;
  try {
    const response = await postRoomNotice(env, room, notice, ROOM_SAVE_TIMEOUT_MS);
    if (!response?.ok) return null;
    const parsed = answer.safeParse(await response.json().catch(() => null));
    return parsed.success ? parsed.data : null;
  } catch (error) {
    console.warn(`room ${room} could not apply a ${notice.kind} notice: ${String(error)}`);
    return null;
  }
}

/** Sends one signed notice to one room; a room that does not answer is only logged. */
export async function sendRoomNotice(env: RoomNoticeEnv, room: string, notice: RoomNotice): Promise<void> {
  try {
    const response = await postRoomNotice(env, room, notice);
    if (response && !response.ok) console.warn(`room ${room} answered ${response.status} to a ${notice.kind} notice`);
  } catch (error) {
    console.warn(`room ${room} could not be told about a ${notice.kind} change: ${String(error)}`);
  }
}

/** The rooms of a workspace that checked a connection recently, i.e. the ones that may be live. */
export async function liveRoomsOf(db: Database, where: { workspaceId: number; articleId?: number }, now = Date.now()): Promise<string[]> {
  const rows = await db
    .selectDistinct({ articleId: events.articleId })
    .from(events)
    .where(
      and(
        eq(events.workspaceId, where.workspaceId),
        eq(events.name, ROOM_PRESENCE_EVENT),
        where.articleId === undefined ? undefined : eq(events.articleId, where.articleId),
        gt(events.createdAt, new Date(now - PRESENCE_WINDOW_MS)),
      ),
    )
    .limit(MAX_ROOMS_PER_NOTICE);
  return rows.flatMap((row) => (row.articleId ? [roomFor(row.articleId)] : []));
}

export function roomNotices(env: RoomNoticeEnv, ctx: Pick<ExecutionContext, "waitUntil">, db: Database): RoomNotices {
  const toLiveRooms = async (where: { workspaceId: number; articleId?: number }, kind: "document" | "access" | "reconnect") => {
    const rooms = await liveRoomsOf(db, where);
    await Promise.all(rooms.map((room) => sendRoomNotice(env, room, { kind })));
  };
  const later = (work: () => Promise<unknown>) => ctx.waitUntil(work().catch((error: unknown) => console.warn(`room notice failed: ${String(error)}`)));
  return {
    documentChanged: (article) => later(() => toLiveRooms({ workspaceId: article.workspaceId, articleId: article.id }, "document")),
    passwordChanged: (article) => later(() => toLiveRooms({ workspaceId: article.workspaceId, articleId: article.id }, "reconnect")),
    accessChanged: (workspaceId, options = {}) => later(() => toLiveRooms({ workspaceId }, options.reconnect ? "reconnect" : "access")),
  };
}


/** The request's notices: sent after the response, or left running where a request has no execution context. */
export function roomNoticesFor(c: Context<AppEnv>): RoomNotices {
  const waitUntil = (work: Promise<unknown>) => {
    try {
      c.executionCtx.waitUntil(work);
    } catch {
      // Called in-process without an execution context: the promise still runs, unawaited.
    }
  };
  return roomNotices(c.env, { waitUntil }, c.get("db"));
}
