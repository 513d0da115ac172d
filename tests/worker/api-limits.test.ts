import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { workspaceParam } from "../../core/contracts/common";
import { cronTasks } from "../../worker/cron/tasks";
import { events, folders, idempotencyKeys, scheduledPosts } from "../../worker/db/schema";
import { createApp } from "../../worker/lib/create-app";
import { validate } from "../../worker/lib/validate";
import { apiKeyGate } from "../../worker/middleware/api-key";
import { idempotency } from "../../worker/middleware/idempotency";
import { requireWorkspace } from "../../worker/middleware/workspace";
import { publicRoute } from "../../worker/openapi/public-route";
import { createWorkspaceKey } from "../../worker/services/api-keys/keys";
import { api, buildMember, buildWorkspace, db, json, tokenFor } from "../factories";

/**
 * The key gate and the idempotency middleware exactly as /v1 mounts them, in front of public
 * routes made for these tests: one that writes a row (so "the route did not run" is visible),
 * one that fails once with a 503, and one that waits until the test lets it finish.
 */
const NOTE = "test.api_limits.note";
const noteBody = z.object({ text: z.string().min(1) });
const noteOut = z.object({ data: z.object({ id: z.number(), text: z.string() }) });
const writes = { scope: "write", tag: "Notes", summary: "Write a note", response: noteOut, status: 201 } as const;
let release: (() => void) | null = null;

const app = createApp()
  .basePath("/v1")
  .use(apiKeyGate)
  .use(idempotency)
  .post("/w/:ws/notes", publicRoute(writes), requireWorkspace, validate("param", workspaceParam), validate("json", noteBody), async (c) => {
    const actor = c.get("actor");
    const { text } = c.req.valid("json");
    const [note] = await c.get("db").insert(events).values({ name: NOTE, workspaceId: actor.workspaceId, userId: actor.userId, properties: { text } }).returning();
    return c.json({ data: { id: note!.id, text } }, 201, { Location: `/v1/notes/${note!.id}` });
  })
  .post("/w/:ws/flaky_notes", publicRoute(writes), requireWorkspace, validate("param", workspaceParam), validate("json", noteBody), async (c) => {
    const actor = c.get("actor");
    const { text } = c.req.valid("json");
    const [note] = await c.get("db").insert(events).values({ name: NOTE, workspaceId: actor.workspaceId, userId: actor.userId, properties: { text } }).returning();
    if ((await notesIn(actor.workspaceId)) === 1) return c.json({ error: "unavailable", message: "Try again" }, 503);
    return c.json({ data: { id: note!.id, text } }, 201);
  })
  .post("/w/:ws/slow_notes", publicRoute(writes), requireWorkspace, validate("param", workspaceParam), validate("json", noteBody), async (c) => {
    const actor = c.get("actor");
    const { text } = c.req.valid("json");
    await new Promise<void>((resolve) => (release = resolve));
    const [note] = await c.get("db").insert(events).values({ name: NOTE, workspaceId: actor.workspaceId, userId: actor.userId, properties: { text } }).returning();
    return c.json({ data: { id: note!.id, text } }, 201);
  });

/** A small limit, so going over it takes a few calls, not 120. */
const LIMIT = 3;

function call(path: string, { token, body = { text: "Hello" }, key, limit = LIMIT }: { token: string; body?: unknown; key?: string; limit?: number }) {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
  if (key !== undefined) headers["Idempotency-Key"] = key;
  return app.request(`/v1${path}`, { method: "POST", headers, body: JSON.stringify(body) }, { ...env, API_RATE_LIMIT_PER_MINUTE: String(limit) }, createExecutionContext());
}

async function notesIn(workspaceId: number) {
  const [row] = await db.select({ n: count() }).from(events).where(and(eq(events.workspaceId, workspaceId), eq(events.name, NOTE)));
  return row!.n;
}

async function workspaceWithKeys() {
  const { workspace, owner } = await buildWorkspace();
  const first = await createWorkspaceKey(db, workspace.id, owner, { name: "Zapier", scopes: ["read", "write"] });
  const second = await createWorkspaceKey(db, workspace.id, owner, { name: "Make", scopes: ["read", "write"] });
  return { workspace, owner, token: first.token, key: first.key, otherToken: second.token };
}

describe("per-key rate limits", () => {
  it("every answer to a key says the limit, what is left and when it resets, counting down", async () => {
    const { workspace, token } = await workspaceWithKeys();
    const seen = [];
    // The last is refused by the route's validation: answers that are not a success carry them too.
    for (const text of ["first", "second", ""]) {
      const response = await call(`/w/${workspace.id}/notes`, { token, body: { text } });
      seen.push([response.status, response.headers.get("RateLimit-Limit"), response.headers.get("RateLimit-Remaining")]);
      expect(Number(response.headers.get("RateLimit-Reset"))).toBeGreaterThan(0);
      expect(Number(response.headers.get("RateLimit-Reset"))).toBeLessThanOrEqual(60);
    }
    expect(seen).toEqual([
      [201, "3", "2"],
      [201, "3", "1"],
      [400, "3", "0"],
    ]);
  });

  it("the real API meters keys with the configured limit, and browsers may read the headers; signed-in sessions are not metered", async () => {
    const { workspace, owner, token } = await workspaceWithKeys();
    const [post] = await db.insert(scheduledPosts).values({ workspaceId: workspace.id, authorId: owner.id, text: "Spring menu", publishAt: Date.now() + 3_600_000 }).returning();
    const byKey = await api(`/posts/${post!.id}`, { token });
    expect(byKey.status).toBe(200);
    expect([byKey.headers.get("RateLimit-Limit"), byKey.headers.get("RateLimit-Remaining")]).toEqual(["120", "119"]);

    const bySession = await api(`/posts/${post!.id}`, { token: await tokenFor(owner) });
    expect(bySession.status).toBe(200);
    expect(bySession.headers.get("RateLimit-Limit")).toBeNull();

    const exposed = (await api("/health", { headers: { Origin: "https://zapier.example" } })).headers.get("Access-Control-Expose-Headers") ?? "";
    expect(exposed.split(",")).toEqual(expect.arrayContaining(["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset", "Retry-After", "Idempotent-Replayed"]));
  });

  it("over the limit answers 429 with Retry-After, does not run the route, and is still audited", async () => {
    const { workspace, key, token } = await workspaceWithKeys();
    for (let i = 0; i < LIMIT; i++) expect((await call(`/w/${workspace.id}/notes`, { token })).status).toBe(201);

    const refused = await call(`/w/${workspace.id}/notes`, { token });
    expect(refused.status).toBe(429);
    const body = await json(refused);
    expect(body).toMatchObject({ error: "too_many_requests", retry_after: expect.any(Number) });
    expect(body.message).toContain("3 calls a minute");
    // GCRA: one call comes back every 60 / 3 = 20 seconds, not at the next full minute.
    expect(body.retry_after).toBeGreaterThanOrEqual(1);
    expect(body.retry_after).toBeLessThanOrEqual(20);
    expect(refused.headers.get("Retry-After")).toBe(String(body.retry_after));
    expect(refused.headers.get("RateLimit-Remaining")).toBe("0");
    expect(await notesIn(workspace.id)).toBe(LIMIT);

    const audit = await db.select().from(events).where(and(eq(events.workspaceId, workspace.id), eq(events.name, "api_key.request")));
    expect(audit.map((event) => event.properties.status)).toEqual([201, 201, 201, 429]);
    expect(audit[3]!.properties).toMatchObject({ api_key_id: key.id, route: "/v1/w/:ws/notes" });
  });

  it("each key has its own limit", async () => {
    const { workspace, token, otherToken } = await workspaceWithKeys();
    for (let i = 0; i < LIMIT; i++) await call(`/w/${workspace.id}/notes`, { token });
    expect((await call(`/w/${workspace.id}/notes`, { token })).status).toBe(429);

    const other = await call(`/w/${workspace.id}/notes`, { token: otherToken });
    expect(other.status).toBe(201);
    expect(other.headers.get("RateLimit-Remaining")).toBe("2");
  });
});

describe("RateLimiter Durable Object", () => {
  it("refills one call per interval (GCRA), so a full limit is not spendable twice across a minute's edge", async () => {
    const limiter = env.RATE_LIMITER.getByName(`test:${crypto.randomUUID()}`);
    const at = (seconds: number) => limiter.take(3, 60_000, seconds * 1000);
    for (const remaining of [2, 1, 0]) expect(await at(59.9)).toMatchObject({ allowed: true, remaining });
    // A fixed window would open a fresh 3 at 60.0; here the next call waits one interval (20 s).
    expect(await at(60.1)).toEqual({ allowed: false, limit: 3, remaining: 0, reset: 60, retryAfter: 20 });
    expect(await at(79.9)).toMatchObject({ allowed: true, remaining: 0 });
    expect(await at(80)).toMatchObject({ allowed: false });
    // Idle for a whole minute: the full burst is back.
    expect(await at(140)).toMatchObject({ allowed: true, remaining: 2 });
  });
});

describe("Idempotency-Key", () => {
  it("a retried POST answers the first answer and creates nothing new", async () => {
    const { workspace, token } = await workspaceWithKeys();
    const first = await call(`/w/${workspace.id}/notes`, { token, key: "order-1", body: { text: "Launch day" } });
    expect(first.status).toBe(201);
    expect(first.headers.get("Idempotent-Replayed")).toBeNull();
    const created = await json(first);

    const retry = await call(`/w/${workspace.id}/notes`, { token, key: "order-1", body: { text: "Launch day" } });
    expect(retry.status).toBe(201);
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    expect(retry.headers.get("Location")).toBe(`/v1/notes/${created.data.id}`);
    expect(retry.headers.get("Content-Type")).toContain("application/json");
    expect(await json(retry)).toEqual(created);
    expect(await notesIn(workspace.id)).toBe(1);
  });

  it("the same key with a different request is 422 and runs nothing", async () => {
    const { workspace, token } = await workspaceWithKeys();
    await call(`/w/${workspace.id}/notes`, { token, key: "order-2", body: { text: "Launch day" } });
    const other = await call(`/w/${workspace.id}/notes`, { token, key: "order-2", body: { text: "Another day" } });
    expect(other.status).toBe(422);
    expect(await json(other)).toMatchObject({ error: "unprocessable", fields: { "Idempotency-Key": ["was used with a different request"] } });
    expect(await notesIn(workspace.id)).toBe(1);
  });

  it("two callers may use the same key string, each for their own request", async () => {
    const { workspace, token, otherToken } = await workspaceWithKeys();
    const mine = await json(await call(`/w/${workspace.id}/notes`, { token, key: "shared", body: { text: "From Zapier" } }));
    const theirs = await call(`/w/${workspace.id}/notes`, { token: otherToken, key: "shared", body: { text: "From Make" } });
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get("Idempotent-Replayed")).toBeNull();
    expect((await json(theirs)).data).toMatchObject({ text: "From Make" });
    expect(mine.data.text).toBe("From Zapier");
    expect(await notesIn(workspace.id)).toBe(2);
  });

  it("a signed-in user's key is their own too, on the real API", async () => {
    const { workspace, owner } = await buildWorkspace();
    const { user: member } = await buildMember(workspace, "member");
    const create = async (user: typeof owner, name: string) =>
      api(`/w/${workspace.id}/folders`, { method: "POST", token: await tokenFor(user), body: { folder: { name } }, headers: { "Idempotency-Key": "new-folder" } });

    const first = await create(owner, "Campaigns");
    expect(first.status).toBe(201);
    const again = await create(owner, "Campaigns");
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await json(again)).toEqual(await json(first));
    const theirs = await create(member, "Drafts");
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get("Idempotent-Replayed")).toBeNull();
    expect((await db.select().from(folders).where(eq(folders.workspaceId, workspace.id))).map((folder) => folder.name).sort()).toEqual(["Campaigns", "Drafts"]);
  });

  it("refuses a malformed key with 400 naming the header", async () => {
    const { workspace, token } = await workspaceWithKeys();
    for (const key of ["", "x".repeat(256), "tab\there"]) {
      const response = await call(`/w/${workspace.id}/notes`, { token, key, limit: 10 });
      expect(response.status).toBe(400);
      expect(await json(response)).toMatchObject({ error: "invalid", fields: { "Idempotency-Key": [expect.stringContaining("255")] } });
    }
    expect((await call(`/w/${workspace.id}/notes`, { token, key: "x".repeat(255), limit: 10 })).status).toBe(201);
    expect(await notesIn(workspace.id)).toBe(1);
  });

  it("does not keep a 5xx: the retry runs again", async () => {
    const { workspace, token } = await workspaceWithKeys();
    const failed = await call(`/w/${workspace.id}/flaky_notes`, { token, key: "flaky" });
    expect(failed.status).toBe(503);
    const retry = await call(`/w/${workspace.id}/flaky_notes`, { token, key: "flaky" });
    expect(retry.status).toBe(201);
    expect(retry.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await notesIn(workspace.id)).toBe(2);
  });

  it("a retry while the first call runs is 409 with Retry-After, and the route runs once", async () => {
    const { workspace, token } = await workspaceWithKeys();
    const first = call(`/w/${workspace.id}/slow_notes`, { token, key: "slow" });
    while (!release) await new Promise((resolve) => setTimeout(resolve, 5));
    const during = await call(`/w/${workspace.id}/slow_notes`, { token, key: "slow" });
    expect(during.status).toBe(409);
    expect(during.headers.get("Retry-After")).toBe("1");
    release();
    release = null;
    expect((await first).status).toBe(201);
    expect((await call(`/w/${workspace.id}/slow_notes`, { token, key: "slow" })).headers.get("Idempotent-Replayed")).toBe("true");
    expect(await notesIn(workspace.id)).toBe(1);
  });

  it("keys are forgotten after 24 hours by the cron", async () => {
    const { workspace, token } = await workspaceWithKeys();
    await call(`/w/${workspace.id}/notes`, { token, key: "yesterday" });
    const prune = cronTasks.find((task) => task.name === "prune-idempotency-keys")!;
    await prune.run(db, new Date(Date.now() + 25 * 60 * 60 * 1000), env);
    expect(await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, "yesterday"))).toEqual([]);
    expect((await call(`/w/${workspace.id}/notes`, { token, key: "yesterday" })).headers.get("Idempotent-Replayed")).toBeNull();
    expect(await notesIn(workspace.id)).toBe(2);
  });
});
