import { and, eq, isNull } from "drizzle-orm";
import { documentToPlainText } from "../../core/document/text";
import type { SerializedDocument } from "../../core/document/types";
import { todoNoticeAnswerSchema, type CommentNotice, type RevisionNotice } from "../../core/collab";
import type { Database } from "../db/client";
import { askRoom, liveRoomsOf, type RoomNoticeEnv } from "../services/room-notices";
import { articles, type Article } from "../db/schema";
import { nextPublicVersion } from "../services/public-cache";
import type { CommandContext } from "./events";

/**
 * The stored body replaced by `next`, written only if the body is still the one read (its
 * revision, `edited_at`). Not an edit by whoever caused it: no contributor row (which could
 * widen their access through "people who edited it" grants), no last editor. For changes the
 * Worker makes to a body when no live room makes them (a todo's box, settled tracked changes).
 */
export function bodyRewriteStatement(db: Database, article: Article, next: SerializedDocument, now = new Date()) {
  return db
    .update(articles)
    .set({ body: next, bodyText: documentToPlainText(next), editedAt: now, publicVersion: nextPublicVersion })
    .where(and(eq(articles.id, article.id), article.editedAt ? eq(articles.editedAt, article.editedAt) : isNull(articles.editedAt)))
    .returning({ id: articles.id });
}

/** After a body write outside the room: a room that opened meanwhile loads it, and the public page goes. */
export async function bodyWritten(context: CommandContext, article: Pick<Article, "id" | "workspaceId">) {
  context.rooms?.documentChanged(article);
  await context.publicPages?.purge([article.id]);
}

/**
 * Rewrites the newest stored body: `rewrite` gets the document as it is now and answers the
 * new body, or null when there is nothing (left) to write. A body that moved between the read
 * and the write is read again, up to three times. Answers what was read and what was written.
 */
export async function storedBodyRewriter<T>(
  db: Database,
  props: { context: CommandContext; articleId: number; rewrite: (article: Article) => Promise<{ body: SerializedDocument; result: T } | null> },
): Promise<{ article: Article; body: SerializedDocument; result: T } | null> {
  const { context, articleId, rewrite } = props;
  for (let attempt = 0; attempt < 3; attempt++) {
    const [article] = await db.select().from(articles).where(eq(articles.id, articleId));
    if (!article) return null;
    const next = await rewrite(article);
    if (!next) return null;
    if ((await bodyRewriteStatement(db, article, next.body)).length > 0) {
      await bodyWritten(context, article);
      return { article, ...next };
    }
  }
  return null;
}

/**
 * An edit the Worker makes to a document wherever it lives now: its live room makes it
 * (`notice`: one Yjs edit everyone with it open sees, saved at once), else, or when that save
 * was not stored, `edit` makes it in the stored body (null: what it is about is not there).
 * Answers whether the edit found what it was about, in the room or in the stored body.
 */
export async function roomOrStoredEdit(
  db: Database,
  props: { context: CommandContext; article: Pick<Article, "id" | "workspaceId">; notice: RevisionNotice | CommentNotice; edit: (body: SerializedDocument) => SerializedDocument | null; env: RoomNoticeEnv },
): Promise<boolean> {
  const { context, article, notice, edit, env } = props;
  const live = (await liveRoomsOf(db, { workspaceId: article.workspaceId, articleId: article.id })).length > 0;
  const answer = live ? await askRoom(env, article.id, notice, todoNoticeAnswerSchema) : null;
  if (answer?.saved) return true;
  const written = await storedBodyRewriter(db, {
    context,
    articleId: article.id,
    rewrite: async (fresh) => {
      const body = edit(fresh.body);
      return body ? { body, result: true } : null;
    },
  });
  return written !== null || Boolean(answer?.applied);
}
