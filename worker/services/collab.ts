import { and, desc, eq, gt } from "drizzle-orm";
import { jwtVerify, SignJWT } from "jose";
import {
  COLLAB_TOKEN_AUDIENCE,
  COLLAB_TOKEN_ISSUER,
  COLLAB_TOKEN_TTL_SECONDS,
  presenceColor,
  ROOM_TOKEN_AUDIENCE,
  ROOM_TOKEN_ISSUER,
  type CollabClaims,
  type CollabSession,
} from "../../core/collab";
import type { AccessLevel } from "../../core/enums";
import type { Database } from "../db/client";
import { articles, articleVersions, users, type Article } from "../db/schema";
import { HttpError, NotFound, Unauthorized } from "../lib/errors";
import { resolveActor } from "../middleware/workspace";
import { can, type Actor } from "../policies";
import { fullName } from "../presenters/users";
import { articleAccess, viewerFor } from "./access";
import { editsGoThroughBranches } from "../../core/history/version-control";

/** A version snapshot is recorded at most this often per document while people edit. */
export const VERSION_INTERVAL_MS = 10 * 60 * 1000;

/** Rooms are named after the document, so a token for one document opens no other. */
export const roomFor = (articleId: number) => `article-${articleId}`;

export function articleIdOfRoom(room: string): number {
  const match = /^article-([1-9]\d*)$/.exec(room);
  if (!match) throw new NotFound("No such room");
  return Number(match[1]);
}

export class CollabUnavailable extends HttpError {
  constructor(missing: string) {
    super(503, `Live editing is not configured on this server (${missing} is not set)`, "collab_unavailable");
  }
}

export interface CollabEnv {
  COLLAB_TOKEN_SECRET?: string;
  PARTYKIT_HOST?: string;
}

const secretOf = (env: CollabEnv) => {
  if (!env.COLLAB_TOKEN_SECRET) throw new CollabUnavailable("COLLAB_TOKEN_SECRET");
  return new TextEncoder().encode(env.COLLAB_TOKEN_SECRET);
};

/**
 * What the policy module lets the actor do in the room: archived documents are read-only, and
 * so is a main body under version control (it changes by merging a branch: no edits, and no
 * suggestions nobody could accept there).
 */
export function collabModeFor(actor: Actor, article: Article, level: AccessLevel | null): CollabClaims["mode"] {
  const resource = { level };
  if (editsGoThroughBranches(actor.workspaceSettings, article)) return "read";
  if (!article.archivedAt && can(actor, "articles.update", resource)) return "edit";
  if (can(actor, "articles.comment", resource)) return "comment";
  return "read";
}

/** A short-lived token for one document's room (or `room`, a branch's), and how to reach it. */
export async function issueCollabSession(
  env: CollabEnv,
  { article, user, mode, room = roomFor(article.id) }: { article: Article; user: typeof users.$inferSelect; mode: CollabClaims["mode"]; room?: string },
): Promise<CollabSession> {
  const secret = secretOf(env);
  if (!env.PARTYKIT_HOST) throw new CollabUnavailable("PARTYKIT_HOST");
  const expiresAt = new Date(Date.now() + COLLAB_TOKEN_TTL_SECONDS * 1000);
  const token = await new SignJWT({ room, mode })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(user.id))
    .setIssuer(COLLAB_TOKEN_ISSUER)
    .setAudience(COLLAB_TOKEN_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(secret);
  return {
    token,
    room,
    host: env.PARTYKIT_HOST,
    party: "main",
    mode,
    expires_at: expiresAt.toISOString(),
    user: { id: user.id, name: fullName(user), color: presenceColor(user.id) },
  };
}

/** Checks a room's bearer token for the Worker's internal endpoints; any doubt is 401. */
export async function verifyRoomRequest(env: CollabEnv, authorization: string | undefined, room: string): Promise<void> {
  const secret = secretOf(env);
  const token = authorization?.match(/^Bearer (.+)$/)?.[1];
  if (!token) throw new Unauthorized("A room token is required");
  try {
    const { payload } = await jwtVerify(token, secret, { issuer: ROOM_TOKEN_ISSUER, audience: ROOM_TOKEN_AUDIENCE, algorithms: ["HS256"] });
    if (payload.room !== room) throw new Error("room mismatch");
  } catch {
    throw new Unauthorized("The room token is invalid, expired or for another room");
  }
}

/** Someone who may open a document's room: as whom they act, their level, and what they may do there. */
export interface RoomMember {
  actor: Actor;
  level: AccessLevel;
  mode: CollabClaims["mode"];
}

/** What someone who may read the document may do in a room of it (null: they may not open it). */
export type RoomModeRule = (actor: Actor, level: AccessLevel) => Promise<CollabClaims["mode"] | null>;

/**
 * What each of `userIds` may do in the document's room now, as the policy module decides
 * for a new token; null for someone who may no longer open it (not a member any more, no
 * access). The password is not asked again here: a password change makes everyone reconnect.
 * A branch's room passes its own rule (`modeFor`).
 */
export async function collabModesOf(db: Database, article: Article, userIds: readonly number[], modeFor?: RoomModeRule): Promise<Map<number, RoomMember | null>> {
  const modes = new Map<number, RoomMember | null>();
  for (const id of [...new Set(userIds)]) {
    modes.set(id, null);
    const [user] = await db.select({ id: users.id, isSuperAdmin: users.isSuperAdmin }).from(users).where(eq(users.id, id));
    if (!user) continue;
    try {
      const { actor } = await resolveActor(db, { user }, article.workspaceId, undefined);
      const { level } = await articleAccess(db, viewerFor(actor), article);
      if (!level || !can(actor, "articles.read", { level })) continue;
      const mode = modeFor ? await modeFor(actor, level) : collabModeFor(actor, article, level);
      if (mode) modes.set(id, { actor, level, mode });
    } catch {
      // no longer a member: no mode
    }
  }
  return modes;
}

/**
 * Who among `userIds` may still write to the room, in the given order: editors, and
 * commenters, whose updates the room lets in only as suggestions
 * (durable/party/suggestion-updates.ts). A room may push edits made by someone whose access
 * was removed since; those are not credited.
 */
export async function writersOf(db: Database, article: Article, userIds: readonly number[], modeFor?: RoomModeRule): Promise<{ editors: Actor[]; suggesters: Actor[] }> {
  const modes = [...(await collabModesOf(db, article, userIds, modeFor)).values()];
  return {
    editors: modes.flatMap((entry) => (entry?.mode === "edit" ? [entry.actor] : [])),
    suggesters: modes.flatMap((entry) => (entry?.mode === "comment" ? [entry.actor] : [])),
  };
}

/** Which stored body a room's state grew from: the time of the last body write. */
export const bodyRevision = (article: Article) => (article.editedAt ?? article.createdAt).getTime();

/** Whether enough time has passed since the document's last version snapshot. */
export async function versionDue(db: Database, articleId: number, now = Date.now()): Promise<boolean> {
  const [recent] = await db
    .select({ id: articleVersions.id })
    .from(articleVersions)
    .where(and(eq(articleVersions.articleId, articleId), gt(articleVersions.createdAt, new Date(now - VERSION_INTERVAL_MS))))
    .orderBy(desc(articleVersions.createdAt))
    .limit(1);
  return !recent;
}

export async function loadRoomArticle(db: Database, room: string): Promise<Article> {
  const [article] = await db.select().from(articles).where(eq(articles.id, articleIdOfRoom(room)));
  if (!article) throw new NotFound("Document not found");
  return article;
}
