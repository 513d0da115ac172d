import { and, eq } from "drizzle-orm";
import { idParam, workspaceParam } from "../../core/contracts/common";
import { createWebhookSchema } from "../../core/contracts/posts";
import { randomToken } from "../auth/secrets";
import { webhookEndpoints } from "../db/schema";
import { createApp } from "../lib/create-app";
import { NotFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireSession } from "../middleware/session";
import { requireWorkspace } from "../middleware/workspace";
import { authorize } from "../policies";
import { presentWebhook } from "../presenters/posts";
import { deliveriesOf, webhookEndpointsOf } from "../services/publishing/reads";
import { actorForRow } from "./workspace-rows";

/** Outbound webhook endpoints of a workspace and their delivery log (services/publishing/webhooks.ts). */
export const webhooksApi = createApp()
  .get("/w/:ws/webhooks", requireWorkspace, validate("param", workspaceParam), async (c) => {
    const actor = c.get("actor");
    authorize(actor, "webhooks.manage");
    return c.json({ data: await webhookEndpointsOf(c.get("db"), actor.workspaceId) });
  })

  .post("/w/:ws/webhooks", requireWorkspace, validate("param", workspaceParam), validate("json", createWebhookSchema), async (c) => {
    const actor = c.get("actor");
    authorize(actor, "webhooks.manage");
    const input = c.req.valid("json");
    const [endpoint] = await c
      .get("db")
      .insert(webhookEndpoints)
      .values({ workspaceId: actor.workspaceId, url: input.url, events: input.events, secret: `whsec_${randomToken()}` })
      .returning();
    return c.json({ data: presentWebhook(endpoint!, { secret: true }) }, 201);
  })

  .delete("/webhooks/:id", requireSession, validate("param", idParam), async (c) => {
    const db = c.get("db");
    const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, c.req.valid("param").id));
    if (!endpoint) throw new NotFound("Webhook not found");
    await actorForRow(c, endpoint.workspaceId, "webhooks.manage", "Webhook not found");
    await db.delete(webhookEndpoints).where(and(eq(webhookEndpoints.id, endpoint.id)));
    return c.body(null, 204);
  })

  .get("/webhooks/:id/deliveries", requireSession, validate("param", idParam), async (c) => {
    const db = c.get("db");
    const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, c.req.valid("param").id));
    if (!endpoint) throw new NotFound("Webhook not found");
    await actorForRow(c, endpoint.workspaceId, "webhooks.manage", "Webhook not found");
    return c.json({ data: await deliveriesOf(db, [endpoint.id]) });
  });
