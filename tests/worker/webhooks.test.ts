import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { postTargets, scheduledPosts, webhookDeliveries } from "../../worker/db/schema";
import { claimDue } from "../../worker/services/publishing/claim";
import { publishTarget, toMessage } from "../../worker/services/publishing/publisher";
import { deliverWebhook, sign, WEBHOOK_MAX_ATTEMPTS } from "../../worker/services/publishing/webhooks";
import { api, buildMember, buildWorkspace, db, json, tokenFor } from "../factories";

beforeEach(() => void vi.spyOn(console, "warn").mockImplementation(() => {}));

/** A public address for the receiver's host, as DNS over HTTPS would answer. */
const publicDns = async () => ["93.184.216.34"];

async function workspaceWithEndpoint(events = ["post.published", "post.failed"]) {
  const { workspace, owner } = await buildWorkspace();
  const token = await tokenFor(owner);
  const created = await api(`/w/${workspace.id}/webhooks`, { method: "POST", token, body: { url: "https://hooks.example.com/brandwork", events } });
  expect(created.status).toBe(201);
  const endpoint = (await json(created)).data;
  const account = (await json(await api(`/w/${workspace.id}/social_accounts`, { method: "POST", token, body: { network: "sandbox", display_name: "Hooked" } }))).data;
  return { workspace, owner, token, endpoint, account };
}

/** Publishes one due post on the account through the real publisher; returns its delivery rows. */
async function publishOne(workspaceId: number, authorId: number, accountId: number, endpointId: number, text = "Hello hooks") {
  const at = Date.now() - 1_000;
  const [post] = await db.insert(scheduledPosts).values({ workspaceId, authorId, text, publishAt: at }).returning();
  await db.insert(postTargets).values({ postId: post!.id, workspaceId, accountId, idempotencyKey: crypto.randomUUID(), publishAt: at });
  for (const claimed of await claimDue(db, Date.now(), { accountId })) {
    await publishTarget({ db, env, enqueue: async () => {} }, toMessage(claimed));
  }
  return db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
}

describe("webhook endpoints", () => {
  it("are an admin's: https only, the secret shown once, never listed", async () => {
    const { workspace, token, endpoint } = await workspaceWithEndpoint();
    expect(endpoint.secret).toMatch(/^whsec_/);
    const listed = await json(await api(`/w/${workspace.id}/webhooks`, { token }));
    expect(listed.data).toEqual([expect.objectContaining({ id: endpoint.id, url: "https://hooks.example.com/brandwork" })]);
    expect(JSON.stringify(listed)).not.toContain(endpoint.secret);

    const plain = await api(`/w/${workspace.id}/webhooks`, { method: "POST", token, body: { url: "http://hooks.example.com/x", events: ["post.published"] } });
    expect(plain.status).toBe(400);
    expect((await json(plain)).fields.url).toEqual(["must be an https URL"]);
    const noEvents = await api(`/w/${workspace.id}/webhooks`, { method: "POST", token, body: { url: "https://hooks.example.com/x", events: [] } });
    expect((await json(noEvents)).fields.events).toEqual(["choose at least one event"]);

    const member = await buildMember(workspace);
    expect((await api(`/w/${workspace.id}/webhooks`, { token: member.token })).status).toBe(403);
    // By its id, a member learns nothing of it: as if it did not exist.
    expect((await api(`/webhooks/${endpoint.id}`, { method: "DELETE", token: member.token })).status).toBe(404);
    const stranger = await buildWorkspace();
    const strangerToken = await tokenFor(stranger.owner);
    expect((await api(`/webhooks/${endpoint.id}/deliveries`, { token: strangerToken })).status).toBe(404);
    expect((await api(`/webhooks/${endpoint.id}`, { method: "DELETE", token: strangerToken })).status).toBe(404);
  });
});

describe("webhook deliveries", () => {
  it("sign the raw body with a timestamp, and the log shows what the receiver answered", async () => {
    const { workspace, owner, token, endpoint, account } = await workspaceWithEndpoint();
    const [delivery] = await publishOne(workspace.id, owner.id, account.id, endpoint.id);
    expect(delivery).toMatchObject({ endpointId: endpoint.id, event: "post.published", status: "pending" });

    const received: Request[] = [];
    const fetcher = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      received.push(new Request(input, init));
      return new Response("ok", { status: 200 });
    });
    await deliverWebhook({ db, env, fetch: fetcher as typeof fetch, resolve: publicDns }, delivery!.id, 1_800_000_000_000);
    expect(received).toHaveLength(1);
    const request = received[0]!;
    const body = await request.text();
    expect(JSON.parse(body)).toMatchObject({ event: "post.published", workspace_id: workspace.id, account: { id: account.id, network: "sandbox" }, state: "published" });
    expect(request.headers.get("brandwork-event")).toBe("post.published");
    // A receiver checks the signature with the secret it was shown once.
    expect(request.headers.get("brandwork-signature")).toBe(`t=1800000000,v1=${await sign(endpoint.secret, 1_800_000_000, body)}`);

    const log = await json(await api(`/webhooks/${endpoint.id}/deliveries`, { token }));
    expect(log.data).toEqual([expect.objectContaining({ endpoint_id: endpoint.id, event: "post.published", status: "delivered", response_status: 200, attempts: 1 })]);
  });

  it("retry a receiver that fails, then give up with its answer logged", async () => {
    const { workspace, owner, account, endpoint } = await workspaceWithEndpoint();
    const [delivery] = await publishOne(workspace.id, owner.id, account.id, endpoint.id);
    const failing = vi.fn(async () => new Response("down", { status: 503 }));
    let now = 1_800_000_000_000;
    for (let attempt = 1; attempt <= WEBHOOK_MAX_ATTEMPTS; attempt++) {
      await deliverWebhook({ db, env, fetch: failing as unknown as typeof fetch, resolve: publicDns }, delivery!.id, now);
      const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery!.id));
      expect(row).toMatchObject({ attempts: attempt, responseStatus: 503, error: "The endpoint answered 503" });
      if (attempt < WEBHOOK_MAX_ATTEMPTS) {
        expect(row!.status).toBe("pending");
        expect(row!.nextAttemptAt).toBeGreaterThan(now);
        now = row!.nextAttemptAt!;
      } else expect(row).toMatchObject({ status: "failed", nextAttemptAt: null });
    }
    // Given up: another run does nothing.
    await deliverWebhook({ db, env, fetch: failing as unknown as typeof fetch, resolve: publicDns }, delivery!.id, now);
    expect(failing).toHaveBeenCalledTimes(WEBHOOK_MAX_ATTEMPTS);
  });

  it("never reach a private address, whatever the endpoint's name resolves to", async () => {
    const { workspace, owner, account, endpoint } = await workspaceWithEndpoint();
    const [delivery] = await publishOne(workspace.id, owner.id, account.id, endpoint.id);
    const fetcher = vi.fn(async () => new Response("ok"));
    await deliverWebhook({ db, env, fetch: fetcher as unknown as typeof fetch, resolve: async () => ["10.0.0.7"] }, delivery!.id);
    expect(fetcher).not.toHaveBeenCalled();
    const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery!.id));
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row!.error).toMatch(/private|not allowed|public/i);
  });

  it("go only to endpoints that chose the event", async () => {
    const { workspace, owner, account, endpoint } = await workspaceWithEndpoint(["post.failed"]);
    expect(await publishOne(workspace.id, owner.id, account.id, endpoint.id)).toHaveLength(0);
  });
});
