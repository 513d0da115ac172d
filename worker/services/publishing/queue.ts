import { createDb } from "../../db/client";
import { collectAccountMetrics, type MetricsMessage } from "../analytics/collect";
import { processStripeEvent, type StripeEventMessage } from "../billing/events";
import { reportError } from "../../lib/reporter";
import { claimAndQueue } from "./claim";
import { publishTarget, type PublishMessage, type PublisherDeps } from "./publisher";
import { refreshExpiring } from "./refresh";
import { deliverWebhook, dueWebhookDeliveries, type WebhookMessage } from "./webhooks";
import type { Database } from "../../db/client";

/**
 * The cron side claims and sends messages; the queue side does one unit of work per
 * message. Both live here so the message shapes stay in one place.
 */

export type QueueMessage = PublishMessage | WebhookMessage | StripeEventMessage | MetricsMessage;

/** A tick stops claiming after this long, far under the 30-second cron limit. */
const TICK_BUDGET_MS = 10_000;

export async function enqueue(env: Env, messages: QueueMessage[]) {
  for (let i = 0; i < messages.length; i += 100) {
    await env.PUBLISH_QUEUE.sendBatch(messages.slice(i, i + 100).map((body) => ({ body, contentType: "json" as const })));
  }
}

export function publisherDeps(db: Database, env: Env, waitUntil?: (work: Promise<unknown>) => void): PublisherDeps {
  return {
    db,
    env,
    enqueue: (messages) => enqueue(env, messages),
    enqueueWebhooks: (messages) => enqueue(env, messages),
    waitUntil,
  };
}

/** The minute cron's publishing pass: missed first, then claims in batches, refreshes, webhook retries. */
export async function publishDue(db: Database, env: Env, now = Date.now()) {
  const started = Date.now();
  const deps = publisherDeps(db, env);
  let missed = 0;
  let claimed = 0;
  for (;;) {
    const batch = await claimAndQueue(deps, now);
    missed += batch.missed;
    claimed += batch.claimed;
    if (batch.claimed === 0 || Date.now() - started > TICK_BUDGET_MS) break;
  }
  const refreshed = await refreshExpiring({ db, env, now: () => Date.now(), fetch }, deps);
  const webhooks = await dueWebhookDeliveries(db, now);
  if (webhooks.length) await enqueue(env, webhooks);
  return { missed, claimed, refreshed, webhooks: webhooks.length };
}

/** The Worker's `queue` handler. A message that throws (D1 unavailable) is retried, then dead-lettered. */
export async function handleQueue(batch: MessageBatch<QueueMessage>, env: Env, ctx: ExecutionContext) {
  const db = createDb(env.DB);
  const deps = publisherDeps(db, env, (work) => ctx.waitUntil(work));
  // Claims give each message a different account, so the batch can run side by side.
  await Promise.all(
    batch.messages.map(async (message) => {
      try {
        if (message.body.kind === "publish") {
          // Its attempt is held by a live consumer (a duplicate delivery, or one whose owner may
          // have died): come back when that lease would have run out, and take it over then.
          const busy = await publishTarget(deps, message.body);
          if (busy) return message.retry({ delaySeconds: Math.ceil(busy.retryInMs / 1000) });
        } else if (message.body.kind === "webhook") await deliverWebhook(deps, message.body.deliveryId);
        else if (message.body.kind === "stripe_event") await processStripeEvent({ db, env, ctx }, message.body.eventId);
        else if (message.body.kind === "metrics") await collectAccountMetrics(deps, message.body);
        message.ack();
      } catch (error) {
        reportError({ env, ctx }, error, { surface: "queue", kind: message.body.kind });
        message.retry({ delaySeconds: Math.min(60, 5 * message.attempts) });
      }
    }),
  );
}
