import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { engagementsOf } from "../../core/analytics/metrics";
import { sandboxFollowers, sandboxPostFigures } from "../../core/analytics/sandbox-metrics";
import worker from "../../worker/index";
import { cronTasks } from "../../worker/cron/tasks";
import {
  accountMetrics,
  campaignItems,
  campaigns,
  postMetricSamples,
  postMetrics,
  postTargets,
  sandboxTimeline,
  scheduledPosts,
  socialAccounts,
  uploads,
  type SocialAccount,
} from "../../worker/db/schema";
import { collectAccountMetrics, collectDue, MAX_METRICS_FAILURES, type CollectorDeps, type MetricsMessage } from "../../worker/services/analytics/collect";
import { claimDueMetrics, METRICS_LEASE_MS, TARGETS_PER_MESSAGE } from "../../worker/services/analytics/collect-claim";
import { registerPublished } from "../../worker/services/analytics/collect-registration";
import { compactSamples } from "../../worker/services/analytics/sample-compaction";
import { createWorkspaceKey } from "../../worker/services/api-keys/keys";
import { claimAndQueue } from "../../worker/services/publishing/claim";
import { credentialBinding, encryptCredentials } from "../../worker/services/publishing/credentials";
import { publishTarget, type PublishMessage } from "../../worker/services/publishing/publisher";
import type { QueueMessage } from "../../worker/services/publishing/queue";
import { api, apiWith, buildMember, buildSandboxWorkspace, buildUser, buildWorkspace, db, json, tokenFor } from "../factories";

// The collector logs failures it recovers from; keep the output readable.
beforeEach(() => void vi.spyOn(console, "warn").mockImplementation(() => {}));

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** A fixed moment, so the schedules below are exact (the sandbox's figures depend on it). */
const T0 = Date.parse("2026-11-02T09:00:00Z");

const sandboxWorkspace = (names = ["Fernhill Coffee"]) => buildSandboxWorkspace(names);

interface PostOptions {
  text?: string;
  publishedAt?: number;
  state?: "published" | "draft" | "failed";
  media?: number[];
  campaignItemId?: number;
  networkPostId?: string;
  /** False: the network no longer has it (deleted there). */
  onNetwork?: boolean;
}

/** A post already on the network: the target published at `publishedAt`, and (for the Sandbox) on its timeline then. */
async function publishedPost(workspaceId: number, authorId: number, account: SocialAccount, options: PostOptions = {}) {
  const { text = "Guji is back on the bar.", publishedAt = T0, state = "published" } = options;
  const networkPostId = options.networkPostId ?? `sbx-${crypto.randomUUID()}`;
  const [post] = await db
    .insert(scheduledPosts)
    .values({ workspaceId, authorId, text, publishAt: publishedAt, media: options.media ?? [], campaignItemId: options.campaignItemId ?? null })
    .returning();
  const [target] = await db
    .insert(postTargets)
    .values({
      postId: post!.id,
      workspaceId,
      accountId: account.id,
      idempotencyKey: crypto.randomUUID(),
      publishAt: publishedAt,
      state,
      ...(state === "published" ? { publishedAt, networkPostId } : {}),
    })
    .returning();
  if (account.network === "sandbox" && state === "published" && options.onNetwork !== false) {
    await db.insert(sandboxTimeline).values({ accountExternalId: account.externalId, kind: "post", externalId: networkPostId, text, at: publishedAt });
  }
  return { post: post!, target: target!, networkPostId };
}

const row = async (targetId: number) => (await db.select().from(postMetrics).where(eq(postMetrics.targetId, targetId)))[0];
const samples = (targetId: number) => db.select().from(postMetricSamples).where(eq(postMetricSamples.targetId, targetId)).orderBy(asc(postMetricSamples.capturedAt));

/** The cron's pass for one workspace at `now`, its messages kept instead of queued. */
async function pass(workspaceId: number, now: number) {
  const sent: MetricsMessage[] = [];
  await collectDue(db, now, async (messages) => void sent.push(...messages), { workspaceId });
  return sent;
}

const depsAt = (now: number, fetcher?: typeof fetch): CollectorDeps => ({ db, env, now: () => now, ...(fetcher ? { fetch: fetcher } : {}) });

/** Runs the pass at `now` and each of its messages, as cron + queue do. */
async function collectAt(workspaceId: number, now: number, fetcher?: typeof fetch) {
  const sent = await pass(workspaceId, now);
  for (const message of sent) await collectAccountMetrics(depsAt(now, fetcher), message);
  return sent;
}

describe("registration", () => {
  it("gives a published target its row once, with what analytics filters by, and none to drafts, failures or posts older than 30 days", async () => {
    const { workspace, owner, accounts } = await sandboxWorkspace();
    const account = accounts[0]!;
    const [campaign] = await db.insert(campaigns).values({ workspaceId: workspace.id, name: "Guji launch", brief: "Guji is back", channels: ["twitter"], strategy: "CrosspostStrategy" }).returning();
    const [item] = await db.insert(campaignItems).values({ campaignId: campaign!.id, channel: "twitter", position: 0, body: "Guji is back" }).returning();
    const [photo] = await db.insert(uploads).values({ workspaceId: workspace.id, r2Key: `k-${crypto.randomUUID()}`, filename: "guji.jpg", contentType: "image/jpeg", size: 10, status: "stored" }).returning();

    const now = T0 + 2 * HOUR;
    const fresh = await publishedPost(workspace.id, owner.id, account, { publishedAt: now - 10 * 60_000, campaignItemId: item!.id, media: [photo!.id] });
    const older = await publishedPost(workspace.id, owner.id, account, { publishedAt: now - 5 * DAY, text: "Read the brew guide https://fernhill.example/v60" });
    const draft = await publishedPost(workspace.id, owner.id, account, { state: "draft", publishedAt: now - HOUR });
    const failed = await publishedPost(workspace.id, owner.id, account, { state: "failed", publishedAt: now - HOUR });
    const stale = await publishedPost(workspace.id, owner.id, account, { publishedAt: now - 31 * DAY });

    expect((await registerPublished(db, now, { workspaceId: workspace.id })).sort()).toEqual([fresh.target.id, older.target.id].sort());
    expect(await registerPublished(db, now, { workspaceId: workspace.id })).toEqual([]);

    expect(await row(fresh.target.id)).toMatchObject({
      workspaceId: workspace.id,
      accountId: account.id,
      network: "sandbox",
      campaignId: campaign!.id,
      contentType: "image",
      publishedAt: now - 10 * 60_000,
      // An hour after it went out…
      nextFetchAt: now - 10 * 60_000 + HOUR,
      capturedAt: null,
      leaseUntil: null,
    });
    // …or now, when that hour is already past.
    expect(await row(older.target.id)).toMatchObject({ campaignId: null, contentType: "link", nextFetchAt: now });
    for (const none of [draft, failed, stale]) expect(await row(none.target.id)).toBeUndefined();
  });

  it("registers a post the publisher published, whatever path sent it", async () => {
    const { workspace, owner, accounts } = await sandboxWorkspace();
    const [post] = await db.insert(scheduledPosts).values({ workspaceId: workspace.id, authorId: owner.id, text: "Fresh from the publisher", publishAt: Date.now() - 1_000 }).returning();
    const [target] = await db
      .insert(postTargets)
      .values({ postId: post!.id, workspaceId: workspace.id, accountId: accounts[0]!.id, idempotencyKey: crypto.randomUUID(), publishAt: Date.now() - 1_000 })
      .returning();
    const claimed: PublishMessage[] = [];
    const deps = { db, env, enqueue: async (messages: PublishMessage[]) => void claimed.push(...messages) };
    await claimAndQueue(deps, Date.now(), { accountId: accounts[0]!.id, limit: 1 });
    for (const message of claimed) await publishTarget(deps, message);

    await pass(workspace.id, Date.now());
    const registered = await row(target!.id);
    expect(registered).toMatchObject({ workspaceId: workspace.id, accountId: accounts[0]!.id, contentType: "text" });
    expect(registered!.publishedAt).toBe((await db.select().from(postTargets).where(eq(postTargets.id, target!.id)))[0]!.publishedAt);
  });
});

describe("the cron pass", () => {
  it("runs after publishing, then compacts", () => {
    const names = cronTasks.map((task) => task.name);
    expect(names.indexOf("collect-metrics")).toBe(names.indexOf("publish-scheduled-posts") + 1);
    expect(names).toContain("compact-metric-samples");
  });

  it("claims due rows per account with a lease: one message per account, and two passes at once never send a row twice", async () => {
    const { workspace, owner, accounts } = await sandboxWorkspace(["Main", "Café"]);
    const targets = [];
    for (const account of accounts) for (let i = 0; i < 2; i++) targets.push((await publishedPost(workspace.id, owner.id, account, { publishedAt: T0 })).target);
    await registerPublished(db, T0, { workspaceId: workspace.id });

    // Not due before the first hour.
    expect((await pass(workspace.id, T0 + 30 * 60_000)).filter((message) => message.targetIds.length)).toEqual([]);

    const at = T0 + HOUR;
    const [first, second] = await Promise.all([pass(workspace.id, at), pass(workspace.id, at)]);
    const messages = [...first!, ...second!].filter((message) => message.targetIds.length);
    expect(messages).toHaveLength(2);
    expect(messages.map((message) => message.accountId).sort()).toEqual(accounts.map((account) => account.id).sort());
    const sent = messages.flatMap((message) => message.targetIds);
    expect(sent.sort()).toEqual(targets.map((target) => target.id).sort());
    for (const message of messages) {
      expect(message).toMatchObject({ kind: "metrics", leaseUntil: at + METRICS_LEASE_MS });
      const mine = targets.filter((target) => target.accountId === message.accountId).map((target) => target.id);
      expect(message.targetIds.sort()).toEqual(mine.sort());
    }
    for (const target of targets) expect((await row(target.id))!.leaseUntil).toBe(at + METRICS_LEASE_MS);

    // Held: nothing more until the lease runs out (a consumer that died), then claimed again.
    expect((await pass(workspace.id, at + 60_000)).filter((message) => message.targetIds.length)).toEqual([]);
    expect((await pass(workspace.id, at + METRICS_LEASE_MS + 1)).flatMap((message) => message.targetIds)).toHaveLength(4);
  });

  it(`sends at most ${TARGETS_PER_MESSAGE} targets per account in one claim`, async () => {
    const { workspace, owner, accounts } = await sandboxWorkspace();
    const [post] = await db.insert(scheduledPosts).values({ workspaceId: workspace.id, authorId: owner.id, text: "Many", publishAt: T0 }).returning();
    const values = Array.from({ length: TARGETS_PER_MESSAGE + 5 }, (_, i) => ({
      postId: post!.id,
      workspaceId: workspace.id,
      accountId: accounts[0]!.id,
      idempotencyKey: crypto.randomUUID(),
      publishAt: T0,
      state: "published" as const,
      publishedAt: T0 + i,
      networkPostId: `n-${i}-${crypto.randomUUID()}`,
    }));
    for (let i = 0; i < values.length; i += 5) await db.insert(postTargets).values(values.slice(i, i + 5));
    const claim = await claimDueMetrics(db, T0 + 2 * HOUR, { workspaceId: workspace.id });
    expect(claim.rows).toHaveLength(0); // not registered yet
    await registerPublished(db, T0 + 2 * HOUR, { workspaceId: workspace.id });
    const messages = (await pass(workspace.id, T0 + 2 * HOUR)).filter((message) => message.targetIds.length);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.targetIds).toHaveLength(TARGETS_PER_MESSAGE);
  });
});

describe("the queue side", () => {
  it("writes the Sandbox's figures and a sample, hourly the first day, daily after, and stops after 30 days", async () => {
    const { workspace, owner, accounts } = await sandboxWorkspace();
    const text = "Cupping Friday at the roastery: https://fernhill.example/cupping";
    const { target, networkPostId } = await publishedPost(workspace.id, owner.id, accounts[0]!, { publishedAt: T0, text });
    await registerPublished(db, T0, { workspaceId: workspace.id });

    const first = T0 + HOUR;
    await collectAt(workspace.id, first);
    const predicted = sandboxPostFigures(networkPostId, T0, first, text);
    expect(await row(target.id)).toMatchObject({
      ...predicted,
      views: null,
      engagements: engagementsOf(predicted),
      capturedAt: first,
      nextFetchAt: first + HOUR,
      failures: 0,
      leaseUntil: null,
    });
    expect(predicted.impressions).toBeGreaterThan(0);
    expect(predicted.clicks).toBeGreaterThan(0);
    expect(await samples(target.id)).toMatchObject([{ capturedAt: first, granularity: "sample", ...predicted, engagements: engagementsOf(predicted) }]);

    // On its second day, daily.
    const later = T0 + 25 * HOUR;
    await collectAt(workspace.id, later);
    expect(await row(target.id)).toMatchObject({ ...sandboxPostFigures(networkPostId, T0, later, text), capturedAt: later, nextFetchAt: later + DAY });
    expect(await samples(target.id)).toHaveLength(2);

    // Its 30 days over: collected one last time, then never again.
    const last = T0 + 30 * DAY + HOUR;
    await collectAt(workspace.id, last);
    expect(await row(target.id)).toMatchObject({ capturedAt: last, nextFetchAt: null });
    expect((await pass(workspace.id, last + 2 * DAY)).filter((message) => message.targetIds.length)).toEqual([]);
  });

  it("schedules a target the network had nothing for without a sample, and a duplicate message does nothing", async () => {
    const { workspace, owner, accounts } = await sandboxWorkspace();
    // Published, but not on the Sandbox's timeline (deleted there): the network answers nothing for it.
    const { target } = await publishedPost(workspace.id, owner.id, accounts[0]!, { publishedAt: T0, onNetwork: false });
    await registerPublished(db, T0, { workspaceId: workspace.id });
    const [message] = (await pass(workspace.id, T0 + HOUR)).filter((m) => m.targetIds.length);
    await collectAccountMetrics(depsAt(T0 + HOUR), message!);
    expect(await row(target.id)).toMatchObject({ capturedAt: T0 + HOUR, nextFetchAt: T0 + 2 * HOUR, impressions: null, leaseUntil: null });
    expect(await samples(target.id)).toHaveLength(0);

    // The same message again (an at-least-once redelivery): its lease is gone, nothing is written.
    await collectAccountMetrics(depsAt(T0 + HOUR + 5_000), message!);
    expect(await row(target.id)).toMatchObject({ capturedAt: T0 + HOUR });
  });

  it("records followers once per UTC day per account", async () => {
    const { workspace, accounts } = await sandboxWorkspace(["Main", "Café"]);
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const first = await collectAt(workspace.id, T0);
    expect(first.map((message) => message.day)).toEqual([day(T0), day(T0)]);
    // Later the same day: nothing to send.
    expect(await pass(workspace.id, T0 + 3 * HOUR)).toEqual([]);
    await collectAt(workspace.id, T0 + DAY);
    const rows = await db.select().from(accountMetrics).where(eq(accountMetrics.workspaceId, workspace.id)).orderBy(asc(accountMetrics.accountId), asc(accountMetrics.day));
    expect(rows.map((r) => [r.accountId, r.day, r.followers])).toEqual(
      accounts.flatMap((account) => [day(T0), day(T0 + DAY)].map((d) => [account.id, d, sandboxFollowers(account.externalId, d)])),
    );
  });

  it("through the Worker's queue handler: acked, figures written", async () => {
    const { workspace, owner, accounts } = await sandboxWorkspace();
    const { target } = await publishedPost(workspace.id, owner.id, accounts[0]!, { publishedAt: Date.now() - 2 * HOUR });
    const messages = await pass(workspace.id, Date.now());
    const batch = createMessageBatch("brandwork-publish", messages.map((body, i) => ({ id: `m${i}`, timestamp: new Date(), attempts: 1, body })));
    const ctx = createExecutionContext();
    await worker.queue(batch as MessageBatch<QueueMessage>, env, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(messages.map((_, i) => `m${i}`));
    expect((await row(target.id))!.impressions).toBeGreaterThan(0);
  });
});

describe("a network over HTTP: X", () => {
  async function xAccount(workspaceId: number, state: SocialAccount["state"] = "active") {
    const externalId = `x-${crypto.randomUUID()}`;
    const binding = credentialBinding({ workspaceId, network: "x", externalId });
    const credentials = await encryptCredentials(env, { accessToken: "x-access-token", refreshToken: "x-refresh-token" }, binding);
    const [account] = await db.insert(socialAccounts).values({ workspaceId, network: "x", externalId, handle: "fernhill", displayName: "Fernhill on X", credentials, state }).returning();
    return account!;
  }

  /** X's `GET /2/tweets?ids=…&tweet.fields=public_metrics`, as documented; `status` other than 200 answers X's problem shape. */
  function fakeX(answer: { status?: number; headers?: Record<string, string>; body?: unknown } = {}) {
    const requests: Request[] = [];
    const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      requests.push(request);
      const url = new URL(request.url);
      if (url.pathname !== "/2/tweets") return new Response("not found", { status: 404 });
      if (answer.status && answer.status !== 200) {
        return Response.json(answer.body ?? { title: "Too Many Requests", detail: "Too Many Requests", type: "about:blank", status: answer.status }, { status: answer.status, headers: answer.headers });
      }
      const ids = url.searchParams.get("ids")!.split(",");
      return Response.json({
        data: ids.map((id) => ({
          id,
          text: "Guji is back",
          edit_history_tweet_ids: [id],
          public_metrics: { retweet_count: 3, reply_count: 2, like_count: 40, quote_count: 1, bookmark_count: 5, impression_count: 1200 },
        })),
      });
    }) as typeof fetch;
    return { fetcher, requests };
  }

  async function xSetup() {
    const { workspace, owner } = await buildWorkspace();
    const account = await xAccount(workspace.id);
    const { target } = await publishedPost(workspace.id, owner.id, account, { publishedAt: T0, networkPostId: "1850000000000000001" });
    await registerPublished(db, T0, { workspaceId: workspace.id });
    return { workspace, account, target };
  }

  it("maps public_metrics into the row", async () => {
    const { workspace, target } = await xSetup();
    const x = fakeX();
    await collectAt(workspace.id, T0 + HOUR, x.fetcher);
    expect(x.requests).toHaveLength(1);
    const url = new URL(x.requests[0]!.url);
    expect(url.origin + url.pathname).toBe("https://api.x.com/2/tweets");
    expect(Object.fromEntries(url.searchParams)).toEqual({ ids: "1850000000000000001", "tweet.fields": "public_metrics" });
    expect(x.requests[0]!.headers.get("authorization")).toBe("Bearer x-access-token");
    expect(await row(target.id)).toMatchObject({ impressions: 1200, likes: 40, comments: 2, shares: 4, saves: 5, reach: null, engagements: 51, nextFetchAt: T0 + 2 * HOUR });
    expect(await samples(target.id)).toHaveLength(1);
  });

  it("backs off on 429 after X's reset time, releases the lease, and gives up after a few failures", async () => {
    const { workspace, target } = await xSetup();
    let at = T0 + HOUR;
    const reset = Math.floor((at + 20 * 60_000) / 1000);
    await collectAt(workspace.id, at, fakeX({ status: 429, headers: { "x-rate-limit-reset": String(reset) } }).fetcher);
    let current = (await row(target.id))!;
    expect(current).toMatchObject({ failures: 1, leaseUntil: null, capturedAt: null, nextFetchAt: reset * 1000 });
    expect(current.lastError).toContain("429");
    expect(await samples(target.id)).toHaveLength(0);

    // 503 each time: the delay doubles, then it stops asking.
    for (let failures = 2; failures <= MAX_METRICS_FAILURES; failures++) {
      at = current.nextFetchAt!;
      await collectAt(workspace.id, at, fakeX({ status: 503 }).fetcher);
      current = (await row(target.id))!;
      expect(current.failures).toBe(failures);
      expect(current.leaseUntil).toBeNull();
      if (failures < MAX_METRICS_FAILURES) expect(current.nextFetchAt).toBe(at + 15 * 60_000 * 2 ** (failures - 1));
    }
    expect(current.nextFetchAt).toBeNull();
  });

  it("a refused token goes through the publisher's refresh: unrefreshable, the account needs reconnecting and the figures wait a day", async () => {
    const { workspace, account, target } = await xSetup();
    const at = T0 + HOUR;
    await collectAt(workspace.id, at, fakeX({ status: 401, body: { title: "Unauthorized", detail: "Unauthorized", status: 401 } }).fetcher);
    expect(await row(target.id)).toMatchObject({ failures: 1, leaseUntil: null, nextFetchAt: at + DAY });
    const [after] = await db.select().from(socialAccounts).where(eq(socialAccounts.id, account.id));
    expect(after!.state).toBe("needs_reauth");
  });

  it("skips an account that needs reconnecting: no call to the network, looked at again in a day", async () => {
    const { workspace, owner } = await buildWorkspace();
    const account = await xAccount(workspace.id, "needs_reauth");
    const { target } = await publishedPost(workspace.id, owner.id, account, { publishedAt: T0, networkPostId: "1850000000000000002" });
    await registerPublished(db, T0, { workspaceId: workspace.id });
    const x = fakeX();
    const sent = await collectAt(workspace.id, T0 + HOUR, x.fetcher);
    expect(sent).toHaveLength(1);
    expect(x.requests).toHaveLength(0);
    expect(await row(target.id)).toMatchObject({ leaseUntil: null, capturedAt: null, failures: 0, nextFetchAt: T0 + HOUR + DAY });
  });
});

describe("compaction", () => {
  it("keeps the last sample of each target per UTC day after a week, marked day, and is idempotent", async () => {
    const { workspace, owner, accounts } = await sandboxWorkspace();
    const { target } = await publishedPost(workspace.id, owner.id, accounts[0]!, { publishedAt: T0 });
    const now = Date.parse("2026-11-20T12:00:00Z");
    const at = (iso: string) => Date.parse(iso);
    const times = ["2026-11-05T01:00:00Z", "2026-11-05T05:00:00Z", "2026-11-05T23:00:00Z", "2026-11-06T12:00:00Z", "2026-11-18T01:00:00Z", "2026-11-18T02:00:00Z"];
    await db.insert(postMetricSamples).values(times.map((iso, i) => ({ targetId: target.id, workspaceId: workspace.id, capturedAt: at(iso), impressions: 100 * (i + 1), engagements: i })));

    const expected = [
      { capturedAt: at("2026-11-05T23:00:00Z"), granularity: "day", impressions: 300 },
      { capturedAt: at("2026-11-06T12:00:00Z"), granularity: "day", impressions: 400 },
      { capturedAt: at("2026-11-18T01:00:00Z"), granularity: "sample", impressions: 500 },
      { capturedAt: at("2026-11-18T02:00:00Z"), granularity: "sample", impressions: 600 },
    ];
    await compactSamples(db, now);
    expect(await samples(target.id)).toMatchObject(expected);
    await compactSamples(db, now);
    expect(await samples(target.id)).toMatchObject(expected);
  });
});

describe("POST /w/:ws/analytics/collect", () => {
  /** A queue that keeps what is sent, in place of the Worker's own. */
  function keepingQueue() {
    const sent: QueueMessage[] = [];
    const queue = { sendBatch: async (batch: { body: QueueMessage }[]) => void sent.push(...batch.map((message) => message.body)), send: async (body: QueueMessage) => void sent.push(body) };
    return { sent, env: { PUBLISH_QUEUE: queue as unknown as Env["PUBLISH_QUEUE"] } };
  }

  it("makes every published post of the workspace due now and queues one message per account; 202 with the count", async () => {
    const { workspace, owner, accounts } = await sandboxWorkspace(["Main", "Café"]);
    const member = await buildMember(workspace, "member");
    const now = Date.now();
    const targets = [
      (await publishedPost(workspace.id, owner.id, accounts[0]!, { publishedAt: now - 5 * 60_000 })).target,
      (await publishedPost(workspace.id, owner.id, accounts[0]!, { publishedAt: now - 3 * DAY })).target,
      (await publishedPost(workspace.id, owner.id, accounts[1]!, { publishedAt: now - 2 * HOUR })).target,
    ];
    const queue = keepingQueue();
    const response = await apiWith(queue.env, `/w/${workspace.id}/analytics/collect`, { method: "POST", token: member.token });
    expect(response.status).toBe(202);
    expect(await json(response)).toEqual({ data: { queued: 3 } });
    const messages = queue.sent.filter((message): message is MetricsMessage => message.kind === "metrics");
    expect(messages.map((message) => message.accountId).sort()).toEqual(accounts.map((account) => account.id).sort());
    expect(messages.flatMap((message) => message.targetIds).sort()).toEqual(targets.map((target) => target.id).sort());

    // What the queue then does: figures for all three.
    for (const message of messages) await collectAccountMetrics({ db, env }, message);
    for (const target of targets) expect((await row(target.id))!.impressions).toBeGreaterThan(0);
  });

  it("refuses a guest (403), a stranger (404) and a key without the read scope (403)", async () => {
    const { workspace, owner } = await sandboxWorkspace();
    const guest = await buildMember(workspace, "guest");
    const path = `/w/${workspace.id}/analytics/collect`;
    expect((await api(path, { method: "POST", token: guest.token })).status).toBe(403);
    expect((await api(path, { method: "POST", token: await tokenFor(await buildUser()) })).status).toBe(404);
    const writer = await createWorkspaceKey(db, workspace.id, owner, { name: "Writer", scopes: ["write"] });
    expect((await api(path, { method: "POST", token: writer.token })).status).toBe(403);
    const reader = await createWorkspaceKey(db, workspace.id, owner, { name: "Reader", scopes: ["read"] });
    const queue = keepingQueue();
    expect((await apiWith(queue.env, path, { method: "POST", token: reader.token })).status).toBe(202);
  });
});

describe("POST /w/:ws/sandbox/history", () => {
  it("records past posts on a Sandbox account and replays the collector over the days since: figures, daily samples and followers", async () => {
    const { workspace, token, accounts } = await sandboxWorkspace();
    const account = accounts[0]!;
    const now = Date.now();
    const posts = [10, 6, 2].map((days, i) => ({ text: `Brew note ${i}: https://fernhill.example/${i}`, published_at: new Date(now - days * DAY).toISOString() }));
    const response = await api(`/w/${workspace.id}/sandbox/history`, { method: "POST", token, body: { account_id: account.id, posts } });
    expect(response.status).toBe(201);
    expect(await json(response)).toEqual({ data: { posts: 3 } });

    const rows = await db.select().from(postMetrics).where(eq(postMetrics.workspaceId, workspace.id)).orderBy(asc(postMetrics.publishedAt));
    expect(rows.map((r) => r.publishedAt)).toEqual(posts.map((post) => Date.parse(post.published_at)));
    for (const r of rows) {
      expect(r).toMatchObject({ contentType: "link", leaseUntil: null, failures: 0 });
      expect(r.impressions).toBeGreaterThan(0);
      expect(r.capturedAt).toBeGreaterThan(now - 1_000);
    }
    // The oldest post was sampled once on each day since it went out, and once now.
    expect((await samples(rows[0]!.targetId)).length).toBeGreaterThanOrEqual(10);
    const days = await db.select().from(accountMetrics).where(eq(accountMetrics.accountId, account.id)).orderBy(asc(accountMetrics.day));
    expect(days.length).toBeGreaterThanOrEqual(10);
    for (const day of days) expect(day.followers).toBe(sandboxFollowers(account.externalId, day.day));
    // The posts are on the calendar as published.
    const listed = await json(await api(`/w/${workspace.id}/posts?from=${new Date(now - 11 * DAY).toISOString()}&to=${new Date(now).toISOString()}&state=published`, { token }));
    expect(listed.data).toHaveLength(3);
  });

  it("refuses a real network's account (400 naming account_id), a post outside the last two weeks, a guest (403) and a stranger (404)", async () => {
    const { workspace, token, accounts } = await sandboxWorkspace();
    const [x] = await db.insert(socialAccounts).values({ workspaceId: workspace.id, network: "x", externalId: "x-hist", displayName: "On X", credentials: "" }).returning();
    const path = `/w/${workspace.id}/sandbox/history`;
    const post = { text: "Past", published_at: new Date(Date.now() - DAY).toISOString() };
    const refused = await api(path, { method: "POST", token, body: { account_id: x!.id, posts: [post] } });
    expect(refused.status).toBe(400);
    expect((await json(refused)).fields.account_id).toEqual(["must be a Sandbox account"]);
    const tooOld = await api(path, { method: "POST", token, body: { account_id: accounts[0]!.id, posts: [{ ...post, published_at: new Date(Date.now() - 20 * DAY).toISOString() }] } });
    expect(tooOld.status).toBe(400);
    expect(Object.keys((await json(tooOld)).fields)).toEqual(["posts.0.published_at"]);
    const guest = await buildMember(workspace, "guest");
    expect((await api(path, { method: "POST", token: guest.token, body: { account_id: accounts[0]!.id, posts: [post] } })).status).toBe(403);
    const stranger = await sandboxWorkspace();
    expect((await api(`/w/${stranger.workspace.id}/sandbox/history`, { method: "POST", token, body: { account_id: stranger.accounts[0]!.id, posts: [post] } })).status).toBe(404);
    // Their account named in our workspace: not found either.
    expect((await api(path, { method: "POST", token, body: { account_id: stranger.accounts[0]!.id, posts: [post] } })).status).toBe(404);
    expect(await db.$count(postTargets, eq(postTargets.workspaceId, workspace.id))).toBe(0);
  });
});
