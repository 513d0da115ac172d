import { and, desc, eq, sql } from "drizzle-orm";
import type { AccessLevel } from "../../core/enums";
import { articleSlug } from "../../core/slug";
import type { Database } from "../db/client";
import { accessRequests, users, type AccessRequest, type Article, type User } from "../db/schema";
import { fullName } from "../presenters/users";
import { notify, type InboxEnv } from "../services/inbox";
import { reserveOutboundMail } from "../services/mail-quota";
import { accessRequestMail } from "../services/share-mail";
import { accessEvent } from "./accessEvents";
import type { CommandContext } from "./events";

const pendingOf = (articleId: number, userId: number) =>
  and(eq(accessRequests.articleId, articleId), eq(accessRequests.userId, userId), eq(accessRequests.status, "pending"));

/**
 * Someone asks for access to a document. One pending request per person and document:
 * asking again updates it. The request and an `access_requests.create` event for the owner's
 * inbox land together; then the owner hears of it in their inbox (and by email, as they chose).
 */
export async function accessRequestCreator(
  db: Database,
  env: InboxEnv,
  props: { context: CommandContext; requester: User; article: Article; permission: AccessLevel; message: string | null; origin: string }
): Promise<{ request: AccessRequest; created: boolean }> {
  const { context, requester, article } = props;
  const [existing] = await db
    .select()
    .from(accessRequests)
    .where(pendingOf(article.id, requester.id))
    .orderBy(desc(accessRequests.id))
    .limit(1);
  const [owner] = article.ownerId ? await db.select().from(users).where(eq(users.id, article.ownerId)) : [];
  const mailsOwner = owner !== undefined && owner.id !== requester.id;
  // Each request (and each repeat) mails the owner the requester's message: counted against
  // the requester's hourly mail limit before anything is written (429 when over it).
  await reserveOutboundMail(db, { userId: requester.id, workspaceId: article.workspaceId, recipients: mailsOwner ? 1 : 0 });
  const requestId = existing
    ? sql`${existing.id}`
    : sql`(SELECT MAX(id) FROM access_requests WHERE article_id = ${article.id} AND user_id = ${requester.id} AND status = 'pending')`;
  await db.batch([
    existing
      ? db.update(accessRequests).set({ permission: props.permission, message: props.message }).where(eq(accessRequests.id, existing.id))
      : db.insert(accessRequests).values({
          workspaceId: article.workspaceId,
          articleId: article.id,
          userId: requester.id,
          permission: props.permission,
          message: props.message,
        }),
    accessEvent(db, context, "access_requests.create", {
      articleId: article.id,
      userId: article.ownerId,
      properties: sql`json_object(
        'inbox_type', 'AccessRequest',
        'request_id', ${requestId},
        'article_id', ${article.id},
        'requester_id', ${requester.id},
        'permission', ${props.permission},
        'message', ${props.message},
        'updated', json(${existing ? "true" : "false"})
      )`,
    }),
  ]);
  const [request] = await db
    .select()
    .from(accessRequests)
    .where(pendingOf(article.id, requester.id))
    .orderBy(desc(accessRequests.id))
    .limit(1);

  if (owner) {
    // The owner's email goes as they chose for access requests (see `notify`).
    await notify(
      db,
      env,
      [
        {
          workspaceId: article.workspaceId,
          recipientId: owner.id,
          actorId: requester.id,
          type: "AccessRequest",
          event: "requested",
          articleId: article.id,
          accessRequestId: request!.id,
          data: { permission: props.permission, message: props.message },
          mail: accessRequestMail({
            to: owner.email,
            requesterName: fullName(requester),
            requesterEmail: requester.email,
            title: article.title,
            permission: props.permission,
            message: props.message,
            url: `${props.origin}/docs/${articleSlug(article.title, article.id)}?access_request=${request!.id}`,
          }),
        },
      ],
      { origin: props.origin },
    );
  }
  return { request: request!, created: !existing };
}
