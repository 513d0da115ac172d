import { and, eq, isNotNull } from "drizzle-orm";
import type { WebhookEvent } from "../../../core/publishing/states";
import type { Database } from "../../db/client";
import { apiKeys, type PostTarget, type ScheduledPost, type SocialAccount } from "../../db/schema";
import { actionMail } from "../mail-templates";
import { notify } from "../inbox";
import { queueWebhooks, type WebhookMessage } from "./webhooks";

import { publishLive } from "../live";

/**
 * Where a publishing change goes: every open calendar of the workspace (through the
 * workspace's InboxHub, live), the workspace's webhooks, and, for the events a person must act
 * on (failed, missed, needs reconnecting), the post's author or the account's owner.
 */

export interface EventDeps {
  db: Database;
  env: Env;
  /** Sends webhook deliveries to the queue; without it they wait for the cron's pass. */
  enqueueWebhooks?: (messages: WebhookMessage[]) => Promise<void>;
  waitUntil?: (work: Promise<unknown>) => void;
}

export const appUrl = (env: Env) => (env.APP_URL || "http://localhost:8787").replace(/\/$/, "");

/** Tells every open calendar of the workspace; best effort (a calendar also refetches on focus). */
export const broadcast = (env: Env, workspaceId: number, event: Record<string, unknown> & { type: string }) => publishLive(env, `workspace:${workspaceId}`, event);

type TargetLike = Pick<PostTarget, "id" | "postId" | "workspaceId" | "accountId" | "state" | "networkPostId" | "networkUrl" | "errorMessage" | "errorHint" | "publishedAt" | "publishAt">;

function eventBody(event: WebhookEvent, target: TargetLike, post: Pick<ScheduledPost, "id" | "text">, account: Pick<SocialAccount, "id" | "network" | "displayName" | "state">) {
  return {
    event,
    post_id: post.id,
    target_id: target.id,
    account: { id: account.id, network: account.network, name: account.displayName, state: account.state },
    state: target.state,
    network_post_id: target.networkPostId,
    url: target.networkUrl,
    error: target.errorMessage,
    publish_at: new Date(target.publishAt).toISOString(),
    published_at: target.publishedAt ? new Date(target.publishedAt).toISOString() : null,
  };
}

/**
 * The person to tell about what `userId` scheduled or connected. A workspace key's user has no
 * inbox anyone reads and no mailbox, so for a key it is the admin who made it (none if they are gone).
 */
async function personBehind(db: Database, userId: number): Promise<number | null> {
  const [key] = await db
    .select({ createdById: apiKeys.createdById })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNotNull(apiKeys.workspaceId)))
    .limit(1);
  return key ? key.createdById : userId;
}

/** The email a person who must act gets (as they chose: see `notify`), with the calendar's button. */
const actMail = (kind: string, subject: string, lines: string[], url: string) => actionMail(kind, subject, lines, { label: "Open the calendar", url });

/** A target changed state: calendars hear of it; `event` also goes to webhooks (and to people, when they must act). */
export async function postEvent(
  deps: EventDeps,
  event: WebhookEvent | null,
  target: TargetLike,
  post: Pick<ScheduledPost, "id" | "text" | "authorId">,
  account: Pick<SocialAccount, "id" | "network" | "displayName" | "state" | "connectedById">,
) {
  await broadcast(deps.env, target.workspaceId, { type: "post.updated", post_id: post.id, target_id: target.id, state: target.state });
  if (!event) return;
  await queueWebhooks(deps, target.workspaceId, event, eventBody(event, target, post, account));
  const calendar = `${appUrl(deps.env)}/workspaces/${target.workspaceId}/scheduled-posts?post=${post.id}`;
  const excerpt = post.text.length > 80 ? `${post.text.slice(0, 80)}…` : post.text;
  const author = (event === "post.failed" || event === "post.missed") && post.authorId ? await personBehind(deps.db, post.authorId) : null;
  if (author) {
    const failed = event === "post.failed";
    const mail = failed
      ? actMail("post_failed", `Your post to ${account.displayName} failed`, [`"${excerpt}" could not be published.`, target.errorMessage ?? "", target.errorHint ?? ""].filter(Boolean), calendar)
      : actMail("post_missed", `Your post to ${account.displayName} was missed`, [`"${excerpt}" was not published in time, so it was held back rather than posted late.`, target.errorHint ?? ""].filter(Boolean), calendar);
    await notify(
      deps.db,
      deps.env,
      [
        {
          workspaceId: target.workspaceId,
          recipientId: author,
          actorId: null,
          type: failed ? "post_failed" : "post_missed",
          event: failed ? "failed" : "missed",
          postId: post.id,
          data: { reason: target.errorMessage, account_name: account.displayName, network: account.network },
          mail,
        },
      ],
      { origin: appUrl(deps.env) },
    );
  }
}

/** An account needs reconnecting: its owner is told, calendars show the banner. */
export async function accountEvent(deps: EventDeps, account: Pick<SocialAccount, "id" | "workspaceId" | "network" | "displayName" | "state" | "stateReason" | "connectedById">) {
  await broadcast(deps.env, account.workspaceId, { type: "account.updated", account_id: account.id, state: account.state });
  if (account.state !== "needs_reauth") return;
  await queueWebhooks(deps, account.workspaceId, "account.needs_reauth", {
    event: "account.needs_reauth",
    account: { id: account.id, network: account.network, name: account.displayName, state: account.state },
    reason: account.stateReason,
  });
  const owner = account.connectedById ? await personBehind(deps.db, account.connectedById) : null;
  if (owner) {
    await notify(
      deps.db,
      deps.env,
      [
        {
          workspaceId: account.workspaceId,
          recipientId: owner,
          actorId: null,
          type: "account_needs_reauth",
          event: "needs_reauth",
          data: { reason: account.stateReason, account_name: account.displayName, network: account.network },
          mail: actMail(
            "account_needs_reauth",
            `Reconnect ${account.displayName}`,
            [`${account.displayName} stopped accepting posts from Brandwork: ${account.stateReason ?? "its access ended"}.`, "Posts waiting for it are held, not lost: reconnect the account and they go out."],
            `${appUrl(deps.env)}/workspaces/${account.workspaceId}/scheduled-posts?accounts=1`,
          ),
        },
      ],
      { origin: appUrl(deps.env) },
    );
  }
}
