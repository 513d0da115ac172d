import { and, eq, lte } from "drizzle-orm";
import type { WebhookEvent } from "../../../core/publishing/states";
import type { Database } from "../../db/client";
import { webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { safeRequest } from "../safe-fetch";

/**
 * Outbound webhooks: each event becomes one delivery per subscribed endpoint, logged with its
 * attempts. The body is signed with HMAC-SHA256 over `<timestamp>.<raw body>` under the
 * endpoint's secret, sent as `Brandwork-Signature: t=<unix seconds>,v1=<hex>` (receivers
 * reject old timestamps to stop replays). Failures are retried with backoff up to six times.
 */

export interface WebhookMessage {
  kind: "webhook";
  deliveryId: number;
}

export const WEBHOOK_MAX_ATTEMPTS = 6;
const RETRY_BASE_MS = 60_000;

interface WebhookDeps {
  db: Database;
  env: Env;
  enqueueWebhooks?: (messages: WebhookMessage[]) => Promise<void>;
}

export async function sign(secret: string, timestamp: number, body: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${timestamp}.${body}`));
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export async function queueWebhooks(deps: WebhookDeps, workspaceId: number, event: WebhookEvent, payload: Record<string, unknown>) {
  const endpoints = await deps.db
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.workspaceId, workspaceId), eq(webhookEndpoints.active, true)));
  const subscribed = endpoints.filter((endpoint) => endpoint.events.includes(event));
  if (subscribed.length === 0) return;
  const body = JSON.stringify({ ...payload, event, workspace_id: workspaceId, sent_at: new Date().toISOString() });
  const rows = await deps.db
    .insert(webhookDeliveries)
    // Queued now; should the message be lost, the cron's pass picks the delivery up five minutes on.
    .values(subscribed.map((endpoint) => ({ endpointId: endpoint.id, event, body, nextAttemptAt: Date.now() + (deps.enqueueWebhooks ? 5 * 60_000 : 0) })))
    .returning({ id: webhookDeliveries.id });
  await deps.enqueueWebhooks?.(rows.map((row) => ({ kind: "webhook" as const, deliveryId: row.id })));
}

/** One delivery attempt; the outcome is logged on the delivery. */
export async function deliverWebhook(deps: WebhookDeps & { fetch?: typeof fetch; resolve?: (host: string) => Promise<string[]> }, deliveryId: number, now = Date.now()) {
  const [row] = await deps.db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!row || row.delivery.status !== "pending") return;
  const { delivery, endpoint } = row;
  const timestamp = Math.floor(now / 1000);
  let status: number | null = null;
  let error: string | null = null;
  try {
    const response = await safeRequest(
      endpoint.url,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "user-agent": "Brandwork-Webhooks/1.0",
          "brandwork-event": delivery.event,
          "brandwork-delivery": String(delivery.id),
          "brandwork-signature": `t=${timestamp},v1=${await sign(endpoint.secret, timestamp, delivery.body)}`,
        },
        body: delivery.body,
      },
      { field: "url", fetch: deps.fetch, resolve: deps.resolve },
    );
    status = response.status;
    await response.body?.cancel();
    if (status < 200 || status >= 300) error = `The endpoint answered ${status}`;
  } catch (failure) {
    error = failure instanceof Error ? failure.message : String(failure);
  }
  const attempts = delivery.attempts + 1;
  if (!error) {
    await deps.db.update(webhookDeliveries).set({ status: "delivered", attempts, responseStatus: status, error: null, deliveredAt: now, nextAttemptAt: null }).where(eq(webhookDeliveries.id, delivery.id));
    return;
  }
  const failed = attempts >= WEBHOOK_MAX_ATTEMPTS;
  await deps.db
    .update(webhookDeliveries)
    .set({ status: failed ? "failed" : "pending", attempts, responseStatus: status, error, nextAttemptAt: failed ? null : now + RETRY_BASE_MS * 2 ** (attempts - 1) })
    .where(eq(webhookDeliveries.id, delivery.id));
}

/** The cron's pass: deliveries whose retry time came go back to the queue. */
export async function dueWebhookDeliveries(db: Database, now: number, limit = 100) {
  const rows = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.status, "pending"), lte(webhookDeliveries.nextAttemptAt, now)))
    .limit(limit);
  return rows.map((row): WebhookMessage => ({ kind: "webhook", deliveryId: row.id }));
}
