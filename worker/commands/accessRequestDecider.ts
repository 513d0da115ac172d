import { and, eq } from "drizzle-orm";
import type { AccessLevel } from "../../core/enums";
import type { Database } from "../db/client";
import { accessRequests, type AccessRequest, type Article, type User, type Workspace } from "../db/schema";
import { Unprocessable } from "../lib/errors";
import { authorize } from "../policies";
import { notify, type InboxEnv } from "../services/inbox";
import { membershipsOf } from "../services/members";
import type { PlannedGrant } from "../services/share-targets";
import { accessEvent } from "./accessEvents";
import { accessGranter } from "./accessGranter";
import type { CommandContext } from "./events";

const stillPending = (request: AccessRequest) => and(eq(accessRequests.id, request.id), eq(accessRequests.status, "pending"));

function requirePending(request: AccessRequest) {
  if (request.status !== "pending") {
    throw new Unprocessable(`This request was already ${request.status}`, { id: [`was already ${request.status}`] });
  }
}

/**
 * Accepts a request: the requester gets a User grant at the asked (or overriding) level,
 * never above the accepter's own, and never lowering a grant they already hold. Someone no
 * longer in the workspace is invited back as a guest (their grant waits as an Email grant)
 * when `addToWorkspace` is set, else 422. The grant, the request's status and the events
 * commit together; the requester gets an email.
 */
export async function accessRequestAccepter(
  db: Database,
  env: InboxEnv,
  props: {
    context: CommandContext;
    request: AccessRequest;
    article: Article;
    requester: User;
    accepter: User;
    workspace: Workspace;
    level: AccessLevel;
    permission: AccessLevel;
    addToWorkspace: boolean;
    origin: string;
  }
) {
  const { context, request, requester } = props;
  requirePending(request);
  const membership = (await membershipsOf(db, props.workspace.id, [requester.id])).get(requester.id);
  if (membership?.status === "deactivated") {
    throw new Unprocessable("The requester is deactivated in this workspace: reactivate them first", { user_id: ["is deactivated"] });
  }
  const inWorkspace = membership?.status === "active";
  if (!inWorkspace && !props.addToWorkspace) {
    throw new Unprocessable("The requester is not in this workspace: accept with add_to_workspace to invite them as a guest", {
      add_to_workspace: ["must be true to grant someone outside the workspace"],
    });
  }
  const invites = !membership ? [requester.email] : [];
  if (invites.length > 0) authorize(context.actor, "members.invite");
  const grant: PlannedGrant = inWorkspace
    ? {
        targetType: "User",
        userId: requester.id,
        channelId: null,
        email: null,
        role: null,
        user: requester,
        permission: props.permission,
        readReceipt: undefined,
        field: "permission",
      }
    : {
        targetType: "Email",
        userId: null,
        channelId: null,
        email: requester.email,
        role: null,
        user: requester,
        permission: props.permission,
        readReceipt: undefined,
        field: "permission",
      };

  return accessGranter(db, env, {
    context,
    sharer: props.accepter,
    workspace: props.workspace,
    item: { kind: "article", article: props.article },
    level: props.level,
    grants: [grant],
    invites,
    origin: props.origin,
    mail: { message: `Your request for ${request.permission} access was accepted.` },
    neverLower: true,
    notifyUpdated: true,
    inboxItem: { type: "AccessRequest", event: "accepted", accessRequestId: request.id },
    alsoInBatch: [
      db
        .update(accessRequests)
        .set({ status: "accepted", permission: props.permission, decidedById: context.actor.userId })
        .where(stillPending(request)),
      accessEvent(db, context, "access_requests.accept", {
        articleId: request.articleId,
        userId: requester.id,
        properties: { inbox_type: "AccessRequest", request_id: request.id, article_id: request.articleId, permission: props.permission },
      }),
    ],
  });
}

/** Denies a request (or the requester withdraws it). */
export async function accessRequestDenier(db: Database, props: { context: CommandContext; request: AccessRequest }) {
  // Withdrawing your own request tells nobody (notify drops the actor's own items).
  const { context, request } = props;
  requirePending(request);
  const [, , [updated]] = await db.batch([
    db.update(accessRequests).set({ status: "denied", decidedById: context.actor.userId }).where(stillPending(request)),
    accessEvent(db, context, "access_requests.deny", {
      articleId: request.articleId,
      userId: request.userId,
      properties: { inbox_type: "AccessRequest", request_id: request.id, article_id: request.articleId, permission: request.permission },
    }),
    db.select().from(accessRequests).where(eq(accessRequests.id, request.id)),
  ]);
  if (context.inbox) {
    await notify(
      db,
      context.inbox.env,
      [
        {
          workspaceId: request.workspaceId,
          recipientId: request.userId,
          actorId: context.actor.userId,
          type: "AccessRequest",
          event: "denied",
          articleId: request.articleId,
          accessRequestId: request.id,
          data: { permission: request.permission },
        },
      ],
      { origin: context.inbox.origin },
    );
  }
  return updated!;
}
