import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiScope } from "../../core/contracts/api-keys";
import { inboxItems, mailOutbox, postingSchedules, webhookEndpoints } from "../../worker/db/schema";
import { createWorkspaceKey } from "../../worker/services/api-keys/keys";
import { api, buildWorkspace, db, json, tokenFor } from "../factories";

// The publisher's reporter logs expected failures; keep the output readable.
beforeEach(() => void vi.spyOn(console, "warn").mockImplementation(() => {}));

const HOUR = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
const inDays = (days: number) => inHours(days * 24).slice(0, 10);

/** A workspace, its owner's session token and a workspace key with `scopes`; nothing connected. */
async function workspaceWithKey(scopes: ApiScope[]) {
  const { workspace, owner } = await buildWorkspace();
  const { key, token } = await createWorkspaceKey(db, workspace.id, owner, { name: "Zapier", scopes });
  return { workspace, owner, key, token };
}

/** A Sandbox account made through the API with `token`. */
async function sandboxAccount(workspaceId: number, token: string, name = "Fernhill Sandbox") {
  const response = await api(`/w/${workspaceId}/social_accounts`, { method: "POST", token, body: { network: "sandbox", display_name: name } });
  expect(response.status).toBe(201);
  return (await json(response)).data as { id: number; is_sandbox: boolean };
}

async function schedule(workspaceId: number, token: string, accountId: number, text: string, publishAt = inHours(2)) {
  const response = await api(`/w/${workspaceId}/posts`, { method: "POST", token, body: { text, targets: [{ account_id: accountId }], publish_at: publishAt } });
  expect(response.status).toBe(201);
  return (await json(response)).data as { id: number; version: number; publish_at: string };
}

/** Every page of a list, following `meta.next_cursor`; `between` runs after each page. */
async function allPages(path: string, token: string, between: (page: number) => Promise<void> = async () => {}) {
  const ids: number[] = [];
  let cursor: string | null = null;
  for (let page = 1; page < 20; page++) {
    const separator = path.includes("?") ? "&" : "?";
    const response = await api(`${path}${separator}limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, { token });
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body.data.length).toBeLessThanOrEqual(2);
    ids.push(...body.data.map((row: { id: number }) => row.id));
    cursor = body.meta.next_cursor;
    if (!cursor) return ids;
    await between(page);
  }
  throw new Error("the list never ended");
}

describe("scheduling with a workspace key", () => {
  it("adds a Sandbox account, schedules, reschedules, duplicates, cancels, deletes and publishes now; the post's author is the key", async () => {
    const { workspace, key, token } = await workspaceWithKey(["read", "publish", "admin"]);
    const account = await sandboxAccount(workspace.id, token);
    expect(account.is_sandbox).toBe(true);

    const post = await schedule(workspace.id, token, account.id, "Spring menu is out");
    const read = async (id: number) => (await json(await api(`/posts/${id}`, { token }))).data;
    expect(await read(post.id)).toMatchObject({ state: "scheduled", author_id: key.userId, targets: [{ account_id: account.id, state: "scheduled" }] });

    const later = inHours(30);
    const moved = await api(`/posts/${post.id}`, { method: "PATCH", token, body: { version: post.version, publish_at: later } });
    expect(moved.status).toBe(200);
    expect((await json(moved)).data).toMatchObject({ publish_at: later, version: post.version + 1, targets: [{ publish_at: later, state: "scheduled" }] });
    // The version it was read at is stale now.
    expect((await api(`/posts/${post.id}`, { method: "PATCH", token, body: { version: post.version, text: "Too late" } })).status).toBe(409);

    const copy = await api(`/posts/${post.id}/duplicate`, { method: "POST", token });
    expect(copy.status).toBe(201);
    const duplicate = (await json(copy)).data;
    expect(duplicate).toMatchObject({ text: "Spring menu is out", state: "draft" });
    const cancelled = await api(`/posts/${duplicate.id}/cancel`, { method: "POST", token });
    expect(cancelled.status).toBe(200);
    expect((await json(cancelled)).data.state).toBe("cancelled");
    expect((await api(`/posts/${duplicate.id}`, { method: "DELETE", token })).status).toBe(204);
    expect((await api(`/posts/${duplicate.id}`, { token })).status).toBe(404);

    const now = await api(`/posts/${post.id}/publish_now`, { method: "POST", token });
    expect(now.status).toBe(202);
    await vi.waitUntil(async () => (await read(post.id)).state === "published", { timeout: 10_000, interval: 100 });
    const timeline = await json(await api(`/w/${workspace.id}/sandbox/timeline?account_id=${account.id}`, { token }));
    expect(timeline.data).toMatchObject([{ kind: "post", text: "Spring menu is out", account_id: account.id }]);
    expect(timeline.meta).toEqual({ next_cursor: null });
  });

  it("a key with only the publish scope changes and cancels the posts it cannot list", async () => {
    const { workspace, owner, token: admin } = await workspaceWithKey(["read", "publish", "admin"]);
    const account = await sandboxAccount(workspace.id, admin);
    const { token } = await createWorkspaceKey(db, workspace.id, owner, { name: "Publisher", scopes: ["publish"] });
    const post = await schedule(workspace.id, token, account.id, "From the publisher");
    expect((await api(`/posts/${post.id}`, { method: "PATCH", token, body: { version: post.version, text: "From the publisher, edited" } })).status).toBe(200);
    expect((await api(`/posts/${post.id}/cancel`, { method: "POST", token })).status).toBe(200);
    const listed = await api(`/w/${workspace.id}/posts?from=${inHours(-1)}&to=${inHours(5)}`, { token });
    expect(listed.status).toBe(403);
    expect(await json(listed)).toMatchObject({ error: "missing_scope", scope: "read" });
  });

  it("tells the admin who made the key, not the key, when a post it scheduled fails", async () => {
    const { workspace, owner, key, token } = await workspaceWithKey(["read", "publish", "admin"]);
    const account = await sandboxAccount(workspace.id, token);
    const post = await schedule(workspace.id, token, account.id, "Nope #sandbox-400");
    expect((await api(`/posts/${post.id}/publish_now`, { method: "POST", token })).status).toBe(202);
    await vi.waitUntil(async () => (await json(await api(`/posts/${post.id}`, { token }))).data.state === "failed", { timeout: 10_000, interval: 100 });
    // The author is told just after the failure is recorded.
    const mailed = () => db.select().from(mailOutbox).where(and(eq(mailOutbox.to, owner.email), eq(mailOutbox.kind, "post_failed")));
    await vi.waitUntil(async () => (await mailed()).length > 0, { timeout: 10_000, interval: 100 });
    expect(await mailed()).toHaveLength(1);
    expect(await db.select().from(inboxItems).where(eq(inboxItems.recipientId, owner.id))).toMatchObject([{ type: "post_failed", postId: post.id }]);
    expect(await db.select().from(inboxItems).where(eq(inboxItems.recipientId, key.userId))).toEqual([]);
  });
});

describe("POST /v1/campaigns/:id/schedule with a workspace key", () => {
  it("schedules the campaign's approved pieces as the key; another workspace's key gets 404", async () => {
    const { workspace, owner, key, token } = await workspaceWithKey(["read", "publish", "admin"]);
    const session = await tokenFor(owner);
    const account = await sandboxAccount(workspace.id, token);
    const brief = { name: "Spring roast launch", brief: "Our new spring roast is bright and floral.", goal: "Tasting box orders", starts_on: inDays(1), ends_on: inDays(3), strategy: "CrosspostStrategy", channels: ["linkedin"] };
    const { data: campaign } = await json(await api(`/w/${workspace.id}/campaigns`, { method: "POST", token: session, body: brief }));
    const [piece] = campaign.items;
    await api(`/campaign_items/${piece.id}`, { method: "PATCH", token: session, body: { body: "Spring roast tasting boxes, now on LinkedIn.", hashtags: [] } });
    expect((await api(`/campaign_items/${piece.id}/approve`, { method: "POST", token: session })).status).toBe(200);
    const body = { accounts: { linkedin: account.id }, time: "09:00", time_zone: "UTC" };

    const stranger = await workspaceWithKey(["read", "publish", "admin"]);
    expect((await api(`/campaigns/${campaign.id}/schedule`, { method: "POST", token: stranger.token, body })).status).toBe(404);

    const scheduled = await api(`/campaigns/${campaign.id}/schedule`, { method: "POST", token, body });
    expect(scheduled.status).toBe(201);
    expect((await json(scheduled)).data).toEqual({ scheduled: 1, skipped: 0, awaiting_approval: 0 });
    const listed = await json(await api(`/w/${workspace.id}/posts?from=${encodeURIComponent(inHours(0))}&to=${encodeURIComponent(inHours(24 * 10))}&campaign_id=${campaign.id}`, { token }));
    expect(listed.data).toMatchObject([{ text: "Spring roast tasting boxes, now on LinkedIn.", author_id: key.userId, campaign_id: campaign.id }]);
  });
});

describe("GET /v1/w/:ws/posts with a cursor", () => {
  it("pages through the range in time order with no repeat or skip while posts are added, and keeps the whole range without a cursor", async () => {
    const { workspace, token } = await workspaceWithKey(["read", "publish", "admin"]);
    const account = await sandboxAccount(workspace.id, token);
    const same = inHours(3);
    const made = [
      await schedule(workspace.id, token, account.id, "one", inHours(1)),
      await schedule(workspace.id, token, account.id, "two", inHours(2)),
      // Two at one instant: the id keeps their order.
      await schedule(workspace.id, token, account.id, "three", same),
      await schedule(workspace.id, token, account.id, "four", same),
      await schedule(workspace.id, token, account.id, "five", inHours(4)),
    ];
    const outside = await schedule(workspace.id, token, account.id, "outside the range", inHours(48));
    const range = `/w/${workspace.id}/posts?from=${encodeURIComponent(inHours(0))}&to=${encodeURIComponent(inHours(24))}`;

    const added: number[] = [];
    const ids = await allPages(range, token, async (page) => {
      if (page !== 1) return;
      // After the first page: one post before what was shown, one after it.
      added.push((await schedule(workspace.id, token, account.id, "late, early", inHours(1.5))).id);
      added.push((await schedule(workspace.id, token, account.id, "late, later", inHours(5))).id);
    });
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => !added.includes(id))).toEqual(made.map((post) => post.id));
    // The one added after the pages already read shows up; the earlier one belongs before them.
    expect(ids).toContain(added[1]);
    expect(ids).not.toContain(outside.id);

    const whole = await json(await api(range, { token }));
    expect(whole.meta).toEqual({ next_cursor: null });
    expect(whole.data.map((post: { id: number }) => post.id)).toEqual([made[0]!.id, added[0], made[1]!.id, made[2]!.id, made[3]!.id, made[4]!.id, added[1]]);
  });

  it("refuses another list's cursor with 400 naming cursor", async () => {
    const { workspace, token } = await workspaceWithKey(["read", "publish", "admin"]);
    await sandboxAccount(workspace.id, token, "Alpha");
    await sandboxAccount(workspace.id, token, "Beta");
    const accounts = await json(await api(`/w/${workspace.id}/social_accounts?limit=1`, { token }));
    expect(accounts.data).toMatchObject([{ display_name: "Alpha" }]);
    const foreign = accounts.meta.next_cursor as string;
    expect(foreign).toBeTruthy();
    const response = await api(`/w/${workspace.id}/posts?from=${inHours(0)}&to=${inHours(24)}&cursor=${encodeURIComponent(foreign)}`, { token });
    expect(response.status).toBe(400);
    expect((await json(response)).fields).toHaveProperty("cursor");
    const rest = await json(await api(`/w/${workspace.id}/social_accounts?limit=1&cursor=${encodeURIComponent(foreign)}`, { token }));
    expect(rest).toMatchObject({ data: [{ display_name: "Beta" }], meta: { next_cursor: null } });
  });
});

describe("scopes and workspaces", () => {
  it("a read key cannot schedule and a publish key cannot manage webhooks or accounts (403 missing_scope)", async () => {
    const { workspace, owner, token: admin } = await workspaceWithKey(["read", "publish", "admin"]);
    const account = await sandboxAccount(workspace.id, admin);
    const reader = (await createWorkspaceKey(db, workspace.id, owner, { name: "Reader", scopes: ["read"] })).token;
    const refused = await api(`/w/${workspace.id}/posts`, { method: "POST", token: reader, body: { text: "Hi", targets: [{ account_id: account.id }], publish_at: inHours(2) } });
    expect(refused.status).toBe(403);
    expect(await json(refused)).toMatchObject({ error: "missing_scope", scope: "publish" });
    expect((await api(`/w/${workspace.id}/social_accounts`, { token: reader })).status).toBe(200);

    const publisher = (await createWorkspaceKey(db, workspace.id, owner, { name: "Publisher", scopes: ["read", "publish"] })).token;
    const hook = await api(`/w/${workspace.id}/webhooks`, { method: "POST", token: publisher, body: { url: "https://hooks.example.com/brandwork", events: ["post.published"] } });
    expect(hook.status).toBe(403);
    expect(await json(hook)).toMatchObject({ error: "missing_scope", scope: "admin" });
    expect((await api(`/social_accounts/${account.id}`, { method: "DELETE", token: publisher })).status).toBe(403);
    expect(await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.workspaceId, workspace.id))).toEqual([]);
  });

  it("an admin key manages schedules and webhooks; a key never reaches another workspace's ids (404)", async () => {
    const mine = await workspaceWithKey(["read", "publish", "admin"]);
    const theirs = await workspaceWithKey(["read", "publish", "admin"]);
    const account = await sandboxAccount(mine.workspace.id, mine.token);
    const created = await api(`/w/${mine.workspace.id}/schedules`, { method: "POST", token: mine.token, body: { account_id: account.id, name: "Mornings", slots: [{ day: "mon", time: "09:00" }], time_zone: "Europe/Paris" } });
    expect(created.status).toBe(201);
    const scheduleId = (await json(created)).data.id;
    const hook = await api(`/w/${mine.workspace.id}/webhooks`, { method: "POST", token: mine.token, body: { url: "https://hooks.example.com/brandwork", events: ["post.published"] } });
    expect(hook.status).toBe(201);
    const webhookId = (await json(hook)).data.id;
    expect((await json(await api(`/webhooks/${webhookId}/deliveries?limit=5`, { token: mine.token }))).meta).toEqual({ next_cursor: null });
    const post = await schedule(mine.workspace.id, mine.token, account.id, "Mine", inHours(2));

    const other = theirs.token;
    const refused = [
      await api(`/posts/${post.id}`, { token: other }),
      await api(`/posts/${post.id}`, { method: "PATCH", token: other, body: { version: post.version, text: "Theirs" } }),
      await api(`/posts/${post.id}/cancel`, { method: "POST", token: other }),
      await api(`/posts/${post.id}/publish_now`, { method: "POST", token: other }),
      await api(`/posts/${post.id}/duplicate`, { method: "POST", token: other }),
      await api(`/posts/${post.id}`, { method: "DELETE", token: other }),
      await api(`/schedules/${scheduleId}`, { token: other }),
      await api(`/schedules/${scheduleId}`, { method: "PATCH", token: other, body: { paused: true } }),
      await api(`/schedules/${scheduleId}`, { method: "DELETE", token: other }),
      await api(`/webhooks/${webhookId}/deliveries`, { token: other }),
      await api(`/webhooks/${webhookId}`, { method: "DELETE", token: other }),
      await api(`/social_accounts/${account.id}`, { method: "DELETE", token: other }),
      await api(`/w/${mine.workspace.id}/posts?from=${inHours(0)}&to=${inHours(24)}`, { token: other }),
      await api(`/w/${mine.workspace.id}/posts/find_slot?account_id=${account.id}`, { token: other }),
      // Their own workspace, naming this one's account.
      await api(`/w/${theirs.workspace.id}/posts`, { method: "POST", token: other, body: { text: "Hi", targets: [{ account_id: account.id }], publish_at: inHours(2) } }),
    ];
    expect(refused.map((response) => response.status)).toEqual(refused.map(() => 404));
    const [kept] = await db.select().from(postingSchedules).where(eq(postingSchedules.id, scheduleId));
    expect(kept!.paused).toBe(false);

    // Its own: the slot, the schedule, then both gone.
    const slot = await json(await api(`/w/${mine.workspace.id}/posts/find_slot?account_id=${account.id}`, { token: mine.token }));
    expect(slot.data).toMatchObject({ schedule_id: scheduleId, slot: expect.any(String) });
    expect((await api(`/schedules/${scheduleId}`, { method: "DELETE", token: mine.token })).status).toBe(204);
    expect((await api(`/webhooks/${webhookId}`, { method: "DELETE", token: mine.token })).status).toBe(204);
    expect((await api(`/social_accounts/${account.id}`, { method: "DELETE", token: mine.token })).status).toBe(204);
  });
});

describe("the scheduling routes in /v1/openapi.json", () => {
  it("documents each with its scope, and every list with cursor, limit and meta.next_cursor", async () => {
    const document = await json(await api("/openapi.json"));
    const scopes: Record<string, Record<string, string>> = {
      "/v1/w/{ws}/posts": { get: "read", post: "publish" },
      "/v1/w/{ws}/posts/find_slot": { get: "read" },
      "/v1/posts/{id}": { get: "read", patch: "publish", delete: "publish" },
      "/v1/posts/{id}/cancel": { post: "publish" },
      "/v1/posts/{id}/duplicate": { post: "publish" },
      "/v1/posts/{id}/publish_now": { post: "publish" },
      "/v1/campaigns/{id}/schedule": { post: "publish" },
      "/v1/w/{ws}/schedules": { get: "read", post: "publish" },
      "/v1/schedules/{id}": { get: "read", patch: "publish", delete: "publish" },
      "/v1/schedules/{id}/queue": { put: "publish" },
      "/v1/w/{ws}/social_accounts": { get: "read", post: "admin" },
      "/v1/social_accounts/{id}": { delete: "admin" },
      "/v1/w/{ws}/sandbox/timeline": { get: "read" },
      "/v1/w/{ws}/webhooks": { get: "admin", post: "admin" },
      "/v1/webhooks/{id}": { delete: "admin" },
      "/v1/webhooks/{id}/deliveries": { get: "admin" },
    };
    const documented = Object.fromEntries(Object.keys(scopes).map((path) => [path, Object.fromEntries(Object.entries(document.paths[path] ?? {}).map(([method, operation]) => [method, (operation as Record<string, string>)["x-scope"]]))]));
    expect(documented).toEqual(scopes);
    // Not the web app's plumbing, nor the browser's OAuth reconnect.
    expect(document.paths["/v1/w/{ws}/live_ticket"]).toBeUndefined();
    expect(document.paths["/v1/social_accounts/{id}/reconnect"]).toBeUndefined();

    const lists = ["/v1/w/{ws}/posts", "/v1/w/{ws}/schedules", "/v1/w/{ws}/social_accounts", "/v1/w/{ws}/sandbox/timeline", "/v1/w/{ws}/webhooks", "/v1/webhooks/{id}/deliveries"];
    for (const path of lists) {
      const operation = document.paths[path].get;
      const query = operation.parameters.filter((parameter: { in: string }) => parameter.in === "query").map((parameter: { name: string }) => parameter.name);
      expect(query, path).toEqual(expect.arrayContaining(["cursor", "limit"]));
      expect(operation.responses["200"].content["application/json"].schema.properties.meta.properties.next_cursor, path).toBeDefined();
    }
    expect(document.paths["/v1/w/{ws}/posts"].get.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(expect.arrayContaining(["from", "to", "state", "account_id", "network", "campaign_id"]));
  });
});
