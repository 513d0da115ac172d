import { eq } from "drizzle-orm";
import * as z from "zod";
import { roomModesRequestSchema, roomPushSchema, type RoomModes } from "../../core/collab";
import type { SerializedDocument } from "../../core/document/types";
import { articleRefParam } from "../../core/contracts/articles";
import { articleUpdater } from "../commands/articleUpdater";
import { events, users } from "../db/schema";
import { chunk, rowsPerInsert, runBatch } from "../db/batching";
import type { Context } from "hono";
import { createApp, type AppEnv } from "../lib/create-app";
import { NotFound } from "../lib/errors";
import { invalidFromZod, validate } from "../lib/validate";
import { requireSession } from "../middleware/session";
import { articleBody } from "../services/article-bodies";
import { bodyRevision, collabModeFor, collabModesOf, issueCollabSession, loadRoomArticle, verifyRoomRequest, versionDue, writersOf } from "../services/collab";
import { publicPagesFor } from "../services/public-cache";
import { ROOM_PRESENCE_EVENT } from "../services/room-notices";
import { onlySuggestionsBy } from "../services/suggestions";
import { onlyCommentMarksDiffer } from "../../core/editor/comment-marks";
import { bodyRewriteStatement } from "../commands/storedBodyRewriter";
import { loaded } from "./articles";
import { branchRoomSaver } from "../commands/branchRoomSaver";
import { branchIdOfRoom, branchPresenceRows, branchRevision, branchRoomRule, loadRoomBranch } from "../services/branches/room";

const roomParam = z.object({ room: z.string().min(1).max(100) });

/**
 * Live editing. The browser asks for a room token (the policy module decides the mode); the
 * PartyKit room reads and saves the document through the internal endpoints with its own
 * token, and every save goes through the same sanitising path as `PUT /articles/:id`.
 */
/**
 * The JSON body of a room's server-to-server call, read only once the room token checked out,
 * so an outsider learns nothing about the body's shape; 400 naming the field otherwise.
 */
async function roomRequestBody<T extends z.ZodType>(c: Context<AppEnv>, room: string, schema: T): Promise<z.infer<T>> {
  await verifyRoomRequest(c.env, c.req.header("Authorization"), room);
  const parsed = schema.safeParse(await c.req.json().catch(() => null));
  if (!parsed.success) throw invalidFromZod(parsed.error);
  return parsed.data;
}

export const collabApi = createApp()
  .post("/articles/:id/collab_token", requireSession, validate("param", articleRefParam), async (c) => {
    const db = c.get("db");
    const { actor, article, level } = await loaded(c, c.req.valid("param").id);
    const [user] = await db.select().from(users).where(eq(users.id, actor.userId));
    if (!user) throw new NotFound("User not found");
    return c.json({ data: await issueCollabSession(c.env, { article, user, mode: collabModeFor(actor, article, level) }) });
  })

  .get("/internal/rooms/:room/document", validate("param", roomParam), async (c) => {
    const { room } = c.req.valid("param");
    await verifyRoomRequest(c.env, c.req.header("Authorization"), room);
    // A branch's room holds the branch's body (its revision: the branch's last write).
    const branchId = branchIdOfRoom(room);
    if (branchId) {
      const { branch } = await loadRoomBranch(c.get("db"), branchId);
      return c.json({ data: { id: branch.id, body: branch.body, revision: branchRevision(branch) } });
    }
    const article = await loadRoomArticle(c.get("db"), room);
    return c.json({ data: { id: article.id, body: article.body, revision: bodyRevision(article) } });
  })

  .put("/internal/rooms/:room/document", validate("param", roomParam), async (c) => {
    const { room } = c.req.valid("param");
    const push = await roomRequestBody(c, room, roomPushSchema);
    const db = c.get("db");
    const branchId = branchIdOfRoom(room);
    if (branchId) return c.json({ data: await branchRoomSaver(db, branchId, push) });
    const article = await loadRoomArticle(db, room);
    // The body was written since the room loaded it (an API save, an import): the room's
    // state must not overwrite it; the room loads the newer body instead.
    const revision = bodyRevision(article);
    if (push.base_revision !== undefined && push.base_revision !== revision) return c.json({ data: { saved: false, stale: true, revision } });
    const { editors, suggesters } = await writersOf(db, article, push.editor_ids);
    // A commenter's suggestions are stored under their name when nobody else edited.
    const editor = editors.at(-1) ?? suggesters.at(-1);
    const content = articleBody({ body: push.body as unknown as SerializedDocument });
    // Comment marks alone (placed, resolved, removed) are stored under nobody's name.
    if (!editor && push.annotated_by !== undefined && !article.archivedAt && onlyCommentMarksDiffer(article.body, content.body)) {
      const now = new Date();
      const [stored] = await bodyRewriteStatement(db, article, content.body, now);
      if (!stored) return c.json({ data: { saved: false, stale: true, revision: bodyRevision((await loadRoomArticle(db, room))) } });
      await publicPagesFor(c).purge([article.id]);
      return c.json({ data: { saved: true, revision: now.getTime(), updated_at: now.toISOString(), warnings: content.warnings } });
    }
    // Edits by nobody who may still write are not stored: the room keeps them, nothing else.
    if (!editor || article.archivedAt) return c.json({ data: { saved: false } });
    // The room judged each of their updates; what is stored under commenters' names alone is
    // checked again as a whole: their own tracked changes, nothing else.
    const suggestionOnly = editors.length === 0;
    if (suggestionOnly && !onlySuggestionsBy(article.body, content.body, suggesters.map((actor) => actor.userId))) return c.json({ data: { saved: false } });
    // The inbox tells a todo's creator when the room's save ticked it, and editors of a new suggestion.
    const context = { actor: editor, sessionUuid: null, ip: null, publicPages: publicPagesFor(c), inbox: { env: c.env, origin: new URL(c.req.url).origin } };
    const recordVersion = await versionDue(db, article.id);
    const updated = await articleUpdater(db, { context, article, changes: { content }, recordVersion, suggestionOnly });
    return c.json({ data: { saved: true, revision: bodyRevision(updated), updated_at: updated.updatedAt.toISOString(), warnings: content.warnings } });
  })

  // The room asks what its connected people may do now: when they connect, when the Worker
  // says access changed, and on a timer. Each answer notes the room as live for those notices.
  .post("/internal/rooms/:room/modes", validate("param", roomParam), async (c) => {
    const { room } = c.req.valid("param");
    const asked = await roomRequestBody(c, room, roomModesRequestSchema);
    const db = c.get("db");
    const branchId = branchIdOfRoom(room);
    // A branch's room: its own rule, and its own presence rows (`collab.presence` marks the document's room live).
    if (branchId) {
      const { branch, article } = await loadRoomBranch(db, branchId);
      const modes = await collabModesOf(db, article, asked.user_ids, branchRoomRule(db, article, branch));
      const rows = branchPresenceRows(branch, [...modes].flatMap(([userId, entry]) => (entry ? [userId] : [])));
      if (rows.length > 0) await runBatch(db, chunk(rows, rowsPerInsert(12)).map((part) => db.insert(events).values(part)));
      return c.json({ data: { modes: Object.fromEntries([...modes].map(([userId, entry]) => [String(userId), entry?.mode ?? null])) satisfies RoomModes } });
    }
    const article = await loadRoomArticle(db, room);
    const modes = await collabModesOf(db, article, asked.user_ids);
    const present = [...modes].flatMap(([userId, entry]) => (entry ? [userId] : []));
    const rows = present.map((userId) => ({ name: ROOM_PRESENCE_EVENT, workspaceId: article.workspaceId, userId, articleId: article.id }));
    // An events row binds about a dozen parameters; D1 allows 100 per statement.
    if (rows.length > 0) await runBatch(db, chunk(rows, rowsPerInsert(12)).map((part) => db.insert(events).values(part)));
    const answer: RoomModes = Object.fromEntries([...modes].map(([userId, entry]) => [String(userId), entry?.mode ?? null]));
    return c.json({ data: { modes: answer } });
  });
