import { eq } from "drizzle-orm";
import * as z from "zod";
import { idParam, workspaceParam } from "../../core/contracts/common";
import { createWebhookSchema, cursorMetaOut, cursorQuery, deliveryOut, webhookOut } from "../../core/contracts/posts";
import { publicRoute } from "../openapi/public-route";
import { randomToken } from "../auth/secrets";
import { webhookEndpoints } from "../db/schema";
import { createApp } from "../lib/create-app";
import { NotFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireSession } from "../middleware/session";
import { requireWorkspace } from "../middleware/workspace";
import { authorize } from "../policies";
import { presentWebhook } from "../presenters/posts";
import { cursorWindow, DELIVERIES, WEBHOOKS } from "../services/publishing/keysets";
import { deliveriesOf, webhookEndpointsOf } from "../services/publishing/reads";
import { actorForRow } from "./workspace-rows";

/** Outbound webhook endpoints of a workspace and their delivery log (services/publishing/webhooks.ts). */
export const webhooksApi = createApp()
  .get(
    "/w/:ws/webhooks",
    publicRoute({
      scope: "admin",
      tag: "Webhooks",
      summary: "List webhook endpoints",
      description: "The workspace's endpoints, newest first, never with their signing secrets. Without `cursor` or `limit`, all of them; with them, pages of `limit` (50 by default).",
      response: z.object({ data: z.array(webhookOut), meta: cursorMetaOut }),
      example: { params: { ws: "$workspace" }, query: { limit: "20" } },
    }),
    requireWorkspace,
    validate("param", workspaceParam),
    validate("query", cursorQuery),
    async (c) => {
    const actor = c.get("actor");
    authorize(actor, "webhooks.manage");
    const { window, page } = cursorWindow(WEBHOOKS, c.req.valid("query"));
    return c.json(page(await webhookEndpointsOf(c.get("db"), actor.workspaceId, window)));
    },
  )

  .post(
    "/w/:ws/webhooks",
    publicRoute({
      scope: "admin",
      tag: "Webhooks",
      summary: "Create a webhook endpoint",
      description:
        "An https URL that receives the chosen publishing events (post.published, post.failed, post.missed, account.needs_reauth) as signed JSON POSTs. The answer carries the signing `secret`, this once only: keep it to verify each delivery's signature.",
      response: z.object({ data: webhookOut }),
      status: 201,
      example: { params: { ws: "$workspace" }, body: { url: "https://hooks.example.com/brandwork", events: ["post.published", "post.failed"] } },
    }),
    requireWorkspace,
    validate("param", workspaceParam),
    validate("json", createWebhookSchema),
    async (c) => {
    const actor = c.get("actor");
    authorize(actor, "webhooks.manage");
    const input = c.req.valid("json");
    const [endpoint] = await c
      .get("db")
      .insert(webhookEndpoints)
      .values({ workspaceId: actor.workspaceId, url: input.url, events: input.events, secret: `whsec_${randomToken()}` })
      .returning();
    return c.json({ data: presentWebhook(endpoint!, { secret: true }) }, 201);
    },
  )

  .delete(
    "/webhooks/:id",
    publicRoute({
      scope: "admin",
      tag: "Webhooks",
      summary: "Delete a webhook endpoint",
      description: "It receives nothing more; its delivery log goes with it.",
      response: null,
      status: 204,
      errors: [404],
      example: { params: { id: "$webhook" } },
    }),
    requireSession,
    validate("param", idParam),
    async (c) => {
    const db = c.get("db");
    const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, c.req.valid("param").id));
    if (!endpoint) throw new NotFound("Webhook not found");
    await actorForRow(c, endpoint.workspaceId, "webhooks.manage", "Webhook not found");
    await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    return c.body(null, 204);
    },
  )

  .get(
    "/webhooks/:id/deliveries",
    publicRoute({
      scope: "admin",
      tag: "Webhooks",
      summary: "List an endpoint's deliveries",
      description: "Its deliveries, newest first: the event, whether it was delivered, how often it was tried and what the receiver answered. Without `cursor` or `limit`, the latest 100; with them, pages of `limit` (50 by default).",
      response: z.object({ data: z.array(deliveryOut), meta: cursorMetaOut }),
      errors: [404],
      example: { params: { id: "$webhook" }, query: { limit: "20" } },
    }),
    requireSession,
    validate("param", idParam),
    validate("query", cursorQuery),
    async (c) => {
    const db = c.get("db");
    const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, c.req.valid("param").id));
    if (!endpoint) throw new NotFound("Webhook not found");
    await actorForRow(c, endpoint.workspaceId, "webhooks.manage", "Webhook not found");
    const { window, page } = cursorWindow(DELIVERIES, c.req.valid("query"));
    return c.json(page(await deliveriesOf(db, [endpoint.id], 100, window)));
    },
  );
