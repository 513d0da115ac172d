import type { Context } from "hono";
import { ROOM_RECHECK_SECONDS, type CollabClaims } from "../../../core/collab";
import type { AccessLevel } from "../../../core/enums";
import type { Database } from "../../db/client";
import { articles, events, type Article, type ArticleBranch } from "../../db/schema";
import type { AppEnv } from "../../lib/create-app";
import { NotFound } from "../../lib/errors";
import { can, type Actor } from "../../policies";
import type { RoomModeRule } from "../collab";
import { sendRoomNotice } from "../room-notices";
import { branchIsOpen, branchResource, findBranch } from "./load";
import { and, eq, gt, sql } from "drizzle-orm";

/** A branch's live room (`article-<id>` is its document's). */
export const roomForBranch = (branchId: number) => `branch-${branchId}`;

/** The branch a room name is about, or null for any other room. */
export function branchIdOfRoom(room: string): number | null {
  const match = /^branch-([1-9]\d*)$/.exec(room);
  return match ? Number(match[1]) : null;
}

/** Which stored branch body a room's state grew from: the time of its last write. */
export const branchRevision = (branch: Pick<ArticleBranch, "editedAt" | "createdAt">) => (branch.editedAt ?? branch.createdAt).getTime();

/**
 * What the actor may do in a branch's room: editors of the document edit; its reviewers and
 * the document's commenters suggest (tracked changes, as in a document's room); others who
 * may see the branch read. Once the branch ended (or its document is archived) nobody writes.
 */
export async function branchModeFor(db: Database, actor: Actor, article: Article, level: AccessLevel | null, branch: ArticleBranch): Promise<CollabClaims["mode"] | null> {
  const resource = await branchResource(db, actor, level, branch);
  if (!can(actor, "branches.read", resource)) return null;
  if (!branchIsOpen(branch) || article.archivedAt) return "read";
  if (can(actor, "branches.update", resource)) return "edit";
  if (resource.isReviewer || can(actor, "articles.comment", { level })) return "comment";
  return "read";
}

/** The room rule for `collabModesOf` / `writersOf`. */
export const branchRoomRule = (db: Database, article: Article, branch: ArticleBranch): RoomModeRule => (actor, level) => branchModeFor(db, actor, article, level, branch);

/** A branch room's branch and its document (the room token was checked first). */
export async function loadRoomBranch(db: Database, branchId: number): Promise<{ branch: ArticleBranch; article: Article }> {
  const branch = await findBranch(db, branchId);
  const [article] = await db.select().from(articles).where(eq(articles.id, branch.articleId));
  if (!article) throw new NotFound("Document not found");
  return { branch, article };
}

/**
 * Noted when a branch room asks for its people's modes, so API writes know the room is live.
 * Not `collab.presence`: that one marks the document's own room live.
 */
export const BRANCH_ROOM_PRESENCE_EVENT = "collab.branch_presence";
const PRESENCE_WINDOW_MS = 2 * ROOM_RECHECK_SECONDS * 1000;

export function branchPresenceRows(branch: ArticleBranch, userIds: number[]) {
  return userIds.map((userId) => ({ name: BRANCH_ROOM_PRESENCE_EVENT, workspaceId: branch.workspaceId, userId, articleId: branch.articleId, properties: { branch_id: branch.id } }));
}

/** Whether the branch's room asked about its people recently (it may be live). */
async function branchRoomLive(db: Database, branch: Pick<ArticleBranch, "id" | "articleId">, now = Date.now()) {
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        eq(events.articleId, branch.articleId),
        eq(events.name, BRANCH_ROOM_PRESENCE_EVENT),
        gt(events.createdAt, new Date(now - PRESENCE_WINDOW_MS)),
        sql`json_extract(${events.properties}, '$.branch_id') = ${branch.id}`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * A branch body written outside its room (an API save): a live room loads it, as a document's
 * does. Sent after the response; a room that is not running catches up when it next opens.
 */
export function branchBodyChanged(c: Context<AppEnv>, branch: Pick<ArticleBranch, "id" | "articleId">) {
  const work = (async () => {
    if (await branchRoomLive(c.get("db"), branch)) await sendRoomNotice(c.env, roomForBranch(branch.id), { kind: "document" });
  })().catch((error: unknown) => console.warn(`branch room notice failed: ${String(error)}`));
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    // No execution context (called in-process): the notice still goes, unawaited.
  }
}
