import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { AUTH_COOKIE_NAME, authStateFor, encodeAuthState } from "../../app/lib/auth-cookie";
import { SANDBOX_SLOW_MS } from "../../core/publishing/sandbox";
import worker from "../../worker/index";
import { articles, inboxItems, mailOutbox, postAttempts, postTargets, sandboxTimeline, scheduledPosts, socialAccounts, workspaces, type SocialAccount } from "../../worker/db/schema";
import { claimAndQueue, claimDue, LEASE_MS, markMissed } from "../../worker/services/publishing/claim";
import { credentialBinding, decryptCredentials } from "../../worker/services/publishing/credentials";
import { MAX_ATTEMPTS, publishTarget, retryDelay, toMessage, UNKNOWN_RECHECK_MS, type PublishMessage, type PublisherDeps } from "../../worker/services/publishing/publisher";
import { refreshAccount } from "../../worker/services/publishing/refresh";
import { api, buildArticle, buildMember, buildSandboxWorkspace, buildUser, buildWorkspace, db, json, tokenFor } from "../factories";

// The reporter logs expected failures; keep the output readable.
beforeEach(() => void vi.spyOn(console, "warn").mockImplementation(() => {}));

const workspaceWithSandbox = (names = ["Fernhill Sandbox"]) => buildSandboxWorkspace(names);

/** A post straight into the tables, due at `at` (ms), one target per account. */
async function duePost(workspaceId: number, authorId: number, accounts: SocialAccount[], text: string, at = Date.now() - 1_000) {
  const [post] = await db.insert(scheduledPosts).values({ workspaceId, authorId, text, publishAt: at }).returning();
  const targets = await db
    .insert(postTargets)
    .values(accounts.map((account) => ({ postId: post!.id, workspaceId, accountId: account.id, idempotencyKey: crypto.randomUUID(), publishAt: at })))
    .returning();
  return { post: post!, targets };
}

/** Publisher dependencies that collect follow-up messages instead of using the real queue. */
function collectingDeps(now: () => number = Date.now) {
  const queued: PublishMessage[] = [];
  const deps: PublisherDeps = { db, env, now, enqueue: async (messages) => void queued.push(...messages) };
  return { deps, queued };
}

const target = async (id: number) => (await db.select().from(postTargets).where(eq(postTargets.id, id)))[0]!;
const timelinePosts = async (account: SocialAccount) =>
  db.select().from(sandboxTimeline).where(and(eq(sandboxTimeline.accountExternalId, account.externalId), eq(sandboxTimeline.kind, "post")));

/** Claims the account's due target and runs its message, as cron + queue do (the shared claim: late ones become missed). */
async function tick(deps: PublisherDeps, accountId: number, now = Date.now()) {
  const claimed: PublishMessage[] = [];
  await claimAndQueue({ ...deps, enqueue: async (messages) => void claimed.push(...messages) }, now, { accountId, limit: 1 });
  for (const message of claimed) await publishTarget(deps, message);
  return claimed;
}

async function lateWindow(workspace: { id: number; settings: typeof workspaces.$inferSelect.settings }, minutes: number) {
  await db.update(workspaces).set({ settings: { ...workspace.settings, publish: { ...workspace.settings.publish!, late_publish_minutes: minutes } } }).where(eq(workspaces.id, workspace.id));
}

/** The sandbox account's credentials, as the publisher hands them to the provider. */
const providerAccount = async (account: SocialAccount) => ({ externalId: account.externalId, handle: account.handle, credentials: await decryptCredentials(env, account.credentials, credentialBinding(account)) });

describe("social accounts", () => {
  it("connects a Sandbox account, keeps its tokens encrypted and never presents them", async () => {
    const { workspace, token, accounts } = await workspaceWithSandbox();
    const account = accounts[0]!;
    expect(account.credentials).toMatch(/^v1\./);
    expect(account.credentials).not.toContain("sbx_");
    const credentials = await decryptCredentials(env, account.credentials, credentialBinding(account));
    expect(credentials.accessToken).toMatch(/^sbx_access_/);
    // Bound to its account: the same ciphertext does not open as another account's.
    await expect(decryptCredentials(env, account.credentials, credentialBinding({ ...account, externalId: "someone-else" }))).rejects.toThrow();

    const listed = await json(await api(`/w/${workspace.id}/social_accounts`, { token }));
    expect(listed.data[0]).toMatchObject({ network: "sandbox", network_label: "Sandbox", state: "active", is_sandbox: true });
    expect(JSON.stringify(listed)).not.toContain(credentials.accessToken);
    expect(JSON.stringify(listed)).not.toContain("credentials");
  });

  it("refuses networks that are not available yet with 400 naming the field", async () => {
    const { workspace, owner } = await buildWorkspace();
    const response = await api(`/w/${workspace.id}/social_accounts`, { method: "POST", token: await tokenFor(owner), body: { network: "linkedin", display_name: "Acme" } });
    expect(response.status).toBe(400);
    expect((await json(response)).fields.network[0]).toContain("not available");
  });

  it("keeps guests and strangers out of the calendar and accounts", async () => {
    const { workspace } = await workspaceWithSandbox();
    const guest = await buildMember(workspace, "guest");
    expect((await api(`/w/${workspace.id}/social_accounts`, { token: guest.token })).status).toBe(403);
    const stranger = await tokenFor(await buildUser());
    expect((await api(`/w/${workspace.id}/social_accounts`, { token: stranger })).status).toBe(404);
  });
});

describe("scheduling a post", () => {
  it("schedules one post for two accounts and lists it in the calendar range", async () => {
    const { workspace, token, accounts } = await workspaceWithSandbox(["Main", "Second"]);
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const created = await api(`/w/${workspace.id}/posts`, {
      method: "POST",
      token,
      body: { text: "Our oat-milk cold brew is here.", targets: accounts.map((a) => ({ account_id: a.id })), publish_at: at },
    });
    expect(created.status).toBe(201);
    const { data: post } = await json(created);
    expect(post).toMatchObject({ state: "scheduled", version: 1 });
    expect(post.targets).toHaveLength(2);

    const from = new Date(Date.now()).toISOString();
    const to = new Date(Date.now() + 86_400_000).toISOString();
    const listed = await json(await api(`/w/${workspace.id}/posts?from=${from}&to=${to}`, { token }));
    expect(listed.data.map((p: { id: number }) => p.id)).toContain(post.id);
    const byAccount = await json(await api(`/w/${workspace.id}/posts?from=${from}&to=${to}&account_id=${accounts[1]!.id}&state=scheduled`, { token }));
    expect(byAccount.data).toHaveLength(1);
  });

  it("turns 09:00 in Paris and New York into the right instant on both sides of each DST change", async () => {
    const { workspace, token, accounts } = await workspaceWithSandbox();
    const cases = [
      ["2027-03-27T09:00", "Europe/Paris", "2027-03-27T08:00:00.000Z"],
      ["2027-03-29T09:00", "Europe/Paris", "2027-03-29T07:00:00.000Z"],
      ["2027-10-30T09:00", "Europe/Paris", "2027-10-30T07:00:00.000Z"],
      ["2027-11-01T09:00", "Europe/Paris", "2027-11-01T08:00:00.000Z"],
      ["2027-03-13T09:00", "America/New_York", "2027-03-13T14:00:00.000Z"],
      ["2027-03-15T09:00", "America/New_York", "2027-03-15T13:00:00.000Z"],
      ["2027-11-06T09:00", "America/New_York", "2027-11-06T13:00:00.000Z"],
      ["2027-11-08T09:00", "America/New_York", "2027-11-08T14:00:00.000Z"],
    ];
    for (const [local, zone, instant] of cases) {
      const response = await api(`/w/${workspace.id}/posts`, { method: "POST", token, body: { text: `At ${local}`, targets: [{ account_id: accounts[0]!.id }], local_time: local, time_zone: zone } });
      expect(response.status).toBe(201);
      const { data } = await json(response);
      expect(data.publish_at, `${local} ${zone}`).toBe(instant);
      expect(data.time_zone).toBe(zone);
    }
  });

  it("refuses text over a network's limits with a sentence naming the network and the rule", async () => {
    const { workspace, owner } = await buildWorkspace();
    const [instagram] = await db.insert(socialAccounts).values({ workspaceId: workspace.id, network: "instagram", externalId: "ig-1", displayName: "Fernhill IG", credentials: "" }).returning();
    const hashtags = Array.from({ length: 31 }, (_, i) => `#tag${i}`).join(" ");
    const response = await api(`/w/${workspace.id}/posts`, {
      method: "POST",
      token: await tokenFor(owner),
      body: { text: `New roast ${hashtags}`, targets: [{ account_id: instagram!.id }], publish_at: new Date(Date.now() + 3_600_000).toISOString() },
    });
    expect(response.status).toBe(400);
    const body = await json(response);
    expect(body.fields["targets.0.text"]).toEqual(["Instagram allows 30 hashtags per post; this one has 31."]);
    expect(body.message).not.toContain("[object Object]");
    expect(await db.$count(scheduledPosts, eq(scheduledPosts.workspaceId, workspace.id))).toBe(0);
  });

  it("refuses a post over the account's rolling quota and names the window and the next free time", async () => {
    const { workspace, owner } = await buildWorkspace();
    const token = await tokenFor(owner);
    const [tiktok] = await db.insert(socialAccounts).values({ workspaceId: workspace.id, network: "tiktok", externalId: "tt-1", displayName: "Fernhill TikTok", credentials: "" }).returning();
    const base = Date.parse("2030-01-07T10:00:00Z");
    for (let i = 0; i < 6; i++) {
      const response = await api(`/w/${workspace.id}/posts`, { method: "POST", token, body: { text: `Clip ${i}`, targets: [{ account_id: tiktok!.id }], publish_at: new Date(base + i * 5_000).toISOString() } });
      expect(response.status).toBe(201);
    }
    const refused = await api(`/w/${workspace.id}/posts`, { method: "POST", token, body: { text: "One too many", targets: [{ account_id: tiktok!.id }], publish_at: new Date(base + 40_000).toISOString(), time_zone: "UTC" } });
    expect(refused.status).toBe(400);
    const [message] = (await json(refused)).fields["targets.0.account_id"];
    expect(message).toContain("TikTok allows 6 posts per minute from Fernhill TikTok; 6 are already scheduled or published");
    expect(message).toContain("The next free time is Mon 7 Jan, 10:01 UTC");
    // Just after the window the first post leaves, it is accepted.
    const later = await api(`/w/${workspace.id}/posts`, { method: "POST", token, body: { text: "Next minute", targets: [{ account_id: tiktok!.id }], publish_at: new Date(base + 61_000).toISOString() } });
    expect(later.status).toBe(201);
  });

  it("checks media ids in the body like a file URL: another workspace's upload is not found", async () => {
    const { workspace, token, accounts } = await workspaceWithSandbox();
    const other = await buildWorkspace();
    const { uploads } = await import("../../worker/db/schema");
    const [upload] = await db.insert(uploads).values({ workspaceId: other.workspace.id, r2Key: `k-${crypto.randomUUID()}`, filename: "secret.png", contentType: "image/png", size: 10, status: "stored" }).returning();
    const response = await api(`/w/${workspace.id}/posts`, { method: "POST", token, body: { text: "Look", media: [upload!.id], targets: [{ account_id: accounts[0]!.id }], publish_at: new Date(Date.now() + 60_000).toISOString() } });
    expect(response.status).toBe(404);
  });

  it("checks a document named in the body like its URL, and holds an unapproved one back", async () => {
    const { workspace, owner, token, accounts } = await workspaceWithSandbox();
    const other = await buildWorkspace();
    const theirs = await buildArticle(other.workspace, other.owner, { title: "Their plan" });
    const body = (articleId: number) => ({ text: "From the doc", targets: [{ account_id: accounts[0]!.id }], publish_at: new Date(Date.now() + 60_000).toISOString(), article_id: articleId });
    expect((await api(`/w/${workspace.id}/posts`, { method: "POST", token, body: body(theirs.id) })).status).toBe(404);
    const draft = await buildArticle(workspace, owner, { title: "Launch post", status: "draft" });
    const refused = await api(`/w/${workspace.id}/posts`, { method: "POST", token, body: body(draft.id) });
    expect(refused.status).toBe(422);
    expect((await json(refused)).message).toContain('"Launch post" must be approved before it is scheduled');
    const approved = await buildArticle(workspace, owner, { title: "Approved post", status: "approved" });
    expect((await api(`/w/${workspace.id}/posts`, { method: "POST", token, body: body(approved.id) })).status).toBe(201);
  });

  it("validates the body: no targets, no time, a bad zone", async () => {
    const { workspace, token, accounts } = await workspaceWithSandbox();
    const response = await api(`/w/${workspace.id}/posts`, { method: "POST", token, body: { text: "x", targets: [] } });
    expect(response.status).toBe(400);
    expect(Object.keys((await json(response)).fields)).toContain("targets");
    const zone = await api(`/w/${workspace.id}/posts`, { method: "POST", token, body: { text: "x", targets: [{ account_id: accounts[0]!.id }], local_time: "2030-01-01T09:00", time_zone: "Mars/Olympus" } });
    expect((await json(zone)).fields.time_zone).toEqual(["must be a time zone such as Europe/Paris"]);
  });
});

describe("the statuses tab's scheduled-posts switch", () => {
  const at = () => new Date(Date.now() + 60_000).toISOString();

  it("on (the default): a post from an unapproved document is refused with 422 naming article_id, a draft too once it is scheduled, until the document is approved", async () => {
    const { workspace, owner, token, accounts } = await workspaceWithSandbox();
    const article = await buildArticle(workspace, owner, { title: "Spring launch", status: "in_review" });
    const body = { text: "From the doc", targets: [{ account_id: accounts[0]!.id }], publish_at: at(), article_id: article.id };
    const refused = await api(`/w/${workspace.id}/posts`, { method: "POST", token, body });
    expect(refused.status).toBe(422);
    expect(await json(refused)).toMatchObject({ message: expect.stringContaining('"Spring launch" must be approved before it is scheduled'), fields: { article_id: ["is not approved yet"] } });
    // A draft may wait; scheduling it later, or sending it now, meets the same rule.
    const draft = await json(await api(`/w/${workspace.id}/posts`, { method: "POST", token, body: { ...body, draft: true } }));
    const scheduleDraft = () => api(`/posts/${draft.data.id}`, { method: "PATCH", token, body: { version: draft.data.version, draft: false, publish_at: at() } });
    const later = await scheduleDraft();
    expect(later.status).toBe(422);
    expect((await json(later)).fields).toEqual({ article_id: ["is not approved yet"] });
    expect((await api(`/posts/${draft.data.id}/publish_now`, { method: "POST", token })).status).toBe(422);

    await db.update(articles).set({ status: "approved" }).where(eq(articles.id, article.id));
    expect((await api(`/w/${workspace.id}/posts`, { method: "POST", token, body })).status).toBe(201);
    expect((await scheduleDraft()).status).toBe(200);
  });

  it("off: a post from an unapproved document is scheduled", async () => {
    const { workspace, owner, token, accounts } = await workspaceWithSandbox();
    const saved = await api(`/w/${workspace.id}/settings/workspace`, { method: "PUT", token, body: { statuses: { require_approval: { scheduled_posts: false } } } });
    expect(saved.status).toBe(200);
    const article = await buildArticle(workspace, owner, { title: "Spring launch", status: "draft" });
    const response = await api(`/w/${workspace.id}/posts`, { method: "POST", token, body: { text: "From the doc", targets: [{ account_id: accounts[0]!.id }], publish_at: at(), article_id: article.id } });
    expect(response.status).toBe(201);
  });
});

describe("claiming and publishing", () => {
  it("claims each due target once when two ticks run at the same time, one per account", async () => {
    const { workspace, owner, accounts } = await workspaceWithSandbox(["A", "B", "C"]);
    for (let i = 0; i < 4; i++) await duePost(workspace.id, owner.id, accounts, `Post ${i}`);
    const now = Date.now();
    const [first, second] = await Promise.all([claimDue(db, now), claimDue(db, now)]);
    const mine = [...first, ...second].filter((claimed) => claimed.workspace_id === workspace.id);
    expect(mine).toHaveLength(3);
    expect(new Set(mine.map((claimed) => claimed.id)).size).toBe(3);
    expect(new Set(mine.map((claimed) => claimed.account_id)).size).toBe(3);
  });

  it("publishes a claimed target exactly once even when its message is delivered twice at once", async () => {
    const { workspace, owner, accounts } = await workspaceWithSandbox();
    const { targets } = await duePost(workspace.id, owner.id, accounts, "Fresh roast today");
    const [claimed] = await claimDue(db, Date.now(), { accountId: accounts[0]!.id });
    const { deps } = collectingDeps();
    await Promise.all([publishTarget(deps, toMessage(claimed!)), publishTarget(deps, toMessage(claimed!))]);
    expect(await timelinePosts(accounts[0]!)).toHaveLength(1);
    const published = await target(targets[0]!.id);
    expect(published).toMatchObject({ state: "published", outcomeUnknown: false });
    expect(published.networkUrl).toMatch(/^https:\/\/sandbox\.brandwork\.local\/@fernhill_sandbox\/posts\//);
    // A late redelivery of the same message does nothing either.
    await publishTarget(deps, toMessage(claimed!));
    expect(await timelinePosts(accounts[0]!)).toHaveLength(1);
  });

  it("never resends after a timeout: the next attempt finds the post with verify", async () => {
    const { workspace, owner, accounts } = await workspaceWithSandbox();
    const { targets } = await duePost(workspace.id, owner.id, accounts, "Launch day #sandbox-timeout");
    const { deps } = collectingDeps();
    await tick(deps, accounts[0]!.id);
    let row = await target(targets[0]!.id);
    expect(row).toMatchObject({ state: "publishing", outcomeUnknown: true });
    expect(row.errorMessage).toContain("Checking with Sandbox");
    expect(await timelinePosts(accounts[0]!)).toHaveLength(1);
    // The id the network handed back before its answer was lost is kept for verify.
    expect(row.networkReceipt).toBe((await timelinePosts(accounts[0]!))[0]!.externalId);
    // A tick after the recheck lease: verify finds it, nothing is sent again.
    await tick(deps, accounts[0]!.id, Date.now() + UNKNOWN_RECHECK_MS + 1);
    row = await target(targets[0]!.id);
    expect(row).toMatchObject({ state: "published", outcomeUnknown: false, attempt: 2 });
    expect(await timelinePosts(accounts[0]!)).toHaveLength(1);
    const outcomes = (await db.select().from(postAttempts).where(eq(postAttempts.targetId, row.id))).map((a) => a.outcome);
    expect(outcomes).toEqual(["unknown", "verified"]);
  });

  it("does not post twice when a consumer died mid-send: the reclaimed attempt verifies first", async () => {
    const { workspace, owner, accounts } = await workspaceWithSandbox();
    const { targets } = await duePost(workspace.id, owner.id, accounts, "Crash test");
    const [claimed] = await claimDue(db, Date.now(), { accountId: accounts[0]!.id });
    // The consumer took the send and the network published it, then the consumer vanished.
    const { sandboxProvider } = await import("../../worker/services/publishing/providers/sandbox");
    await db.update(postTargets).set({ sendAttempt: claimed!.attempt, outcomeUnknown: true }).where(eq(postTargets.id, claimed!.id));
    const account = accounts[0]!;
    await sandboxProvider.publish({ db, env, now: Date.now, fetch }, { externalId: account.externalId, handle: account.handle, credentials: await decryptCredentials(env, account.credentials, credentialBinding(account)) }, { thread: ["Crash test"], media: [], idempotencyKey: targets[0]!.idempotencyKey });
    const { deps } = collectingDeps();
    // The original message is redelivered: the send was taken, so it stands down.
    await publishTarget(deps, toMessage(claimed!));
    expect(await timelinePosts(account)).toHaveLength(1);
    // After the lease, the next attempt verifies and records it.
    await tick(deps, account.id, Date.now() + LEASE_MS + 1);
    expect(await target(targets[0]!.id)).toMatchObject({ state: "published" });
    expect(await timelinePosts(account)).toHaveLength(1);
  });

  it("retries a 5xx later with backoff, then publishes", async () => {
    const { workspace, owner, accounts } = await workspaceWithSandbox();
    const { targets } = await duePost(workspace.id, owner.id, accounts, "Wobbly #sandbox-500");
    const { deps } = collectingDeps();
    const before = Date.now();
    await tick(deps, accounts[0]!.id);
    const row = await target(targets[0]!.id);
    expect(row).toMatchObject({ state: "scheduled", errorClass: "retry" });
    expect(row.errorMessage).toContain("500 Internal Server Error");
    expect(row.errorMessage).toContain("attempt 2 of 5");
    expect(row.nextAttemptAt! - before).toBeGreaterThanOrEqual(24_000);
    // Not due yet: nothing is claimed now.
    expect(await claimDue(db, Date.now(), { accountId: accounts[0]!.id })).toHaveLength(0);
    await tick(deps, accounts[0]!.id, row.nextAttemptAt! + 1);
    expect(await target(targets[0]!.id)).toMatchObject({ state: "published", errorMessage: null });
    expect(await timelinePosts(accounts[0]!)).toHaveLength(1);
  });

  it("waits at least as long as the network's Retry-After", () => {
    expect(retryDelay(1, 0, () => 0.5)).toBe(30_000);
    expect(retryDelay(3, 0, () => 0.5)).toBe(120_000);
    expect(retryDelay(1, 300_000, () => 0.5)).toBe(300_000);
    expect(retryDelay(20, 0, () => 1)).toBe(30 * 60_000 * 1.2);
  });

  it("fails a post the network refuses (bad body) with its message and what to do, and tells the author", async () => {
    const { workspace, owner, accounts } = await workspaceWithSandbox();
    const { targets } = await duePost(workspace.id, owner.id, accounts, "Nope #sandbox-400");
    const { deps } = collectingDeps();
    await tick(deps, accounts[0]!.id);
    const row = await target(targets[0]!.id);
    expect(row).toMatchObject({ state: "failed", errorClass: "bad_body" });
    expect(row.errorMessage).toBe("Sandbox refused it: 400 Bad Request: the sandbox does not accept this text");
    expect(row.errorHint).toContain("Remove #sandbox-400");
    const mail = await db.select().from(mailOutbox).where(and(eq(mailOutbox.to, owner.email), eq(mailOutbox.kind, "post_failed")));
    expect(mail).toHaveLength(1);
    const items = await db.select().from(inboxItems).where(eq(inboxItems.recipientId, owner.id));
    expect(items).toMatchObject([{ type: "post_failed", event: "failed", postId: targets[0]!.postId, workspaceId: workspace.id, emailStatus: "sent" }]);
    expect(items[0]!.data).toMatchObject({ reason: row.errorMessage, account_name: "Fernhill Sandbox" });
  });

  it("marks the account needs_reauth when access is revoked, holds its posts, and resumes them on reconnect", async () => {
    const { workspace, owner, token, accounts } = await workspaceWithSandbox();
    const account = accounts[0]!;
    const { targets } = await duePost(workspace.id, owner.id, accounts, "Revoked #sandbox-reauth");
    const { deps } = collectingDeps();
    await tick(deps, account.id);
    const [after] = await db.select().from(socialAccounts).where(eq(socialAccounts.id, account.id));
    expect(after).toMatchObject({ state: "needs_reauth" });
    expect(after!.stateReason).toContain("revoked");
    const held = await target(targets[0]!.id);
    expect(held).toMatchObject({ state: "scheduled", errorClass: "refresh_token" });
    expect(held.errorMessage).toContain("needs to be reconnected");
    // Held, not missed, and not claimed while the account is out.
    expect(await claimDue(db, Date.now() + 60 * 60_000, { accountId: account.id })).toHaveLength(0);
    expect((await markMissed(db, Date.now() + 60 * 60_000)).map((m) => m.id)).not.toContain(held.id);

    const reconnected = await api(`/social_accounts/${account.id}/reconnect`, { method: "POST", token });
    expect(reconnected.status).toBe(200);
    expect((await json(reconnected)).data.state).toBe("active");
    // Reconnect claims it straight away (the real queue delivers it); wait for the post to land.
    await vi.waitUntil(async () => (await target(targets[0]!.id)).state === "published", { timeout: 10_000, interval: 100 });
    expect(await timelinePosts(account)).toHaveLength(1);
  });

  it("marks a post found after the late window as missed, tells its author, and never publishes it", async () => {
    const { workspace, owner, accounts } = await workspaceWithSandbox();
    const { targets } = await duePost(workspace.id, owner.id, accounts, "Yesterday's news", Date.now() - 20 * 60_000);
    const missed = await markMissed(db, Date.now());
    expect(missed.map((m) => m.id)).toContain(targets[0]!.id);
    expect(await target(targets[0]!.id)).toMatchObject({ state: "missed" });
    expect(await claimDue(db, Date.now(), { accountId: accounts[0]!.id })).toHaveLength(0);
  });

  it("publishes late within the workspace's chosen window", async () => {
    const { workspace, owner, accounts } = await workspaceWithSandbox();
    await db.update(workspaces).set({ settings: { ...workspace.settings, publish: { ...workspace.settings.publish!, late_publish_minutes: 60 } } }).where(eq(workspaces.id, workspace.id));
    const { targets } = await duePost(workspace.id, owner.id, accounts, "A bit late", Date.now() - 20 * 60_000);
    await markMissed(db, Date.now());
    expect(await target(targets[0]!.id)).toMatchObject({ state: "scheduled" });
    const { deps } = collectingDeps();
    await tick(deps, accounts[0]!.id);
    expect(await target(targets[0]!.id)).toMatchObject({ state: "published" });
  });

  it("does not send a post edited after it was queued; the new version keeps its own time", async () => {
    const { workspace, owner, token, accounts } = await workspaceWithSandbox();
    const { post, targets } = await duePost(workspace.id, owner.id, accounts, "Old words");
    const [claimed] = await claimDue(db, Date.now(), { accountId: accounts[0]!.id });
    const edited = await api(`/posts/${post.id}`, { method: "PATCH", token, body: { version: 1, text: "New words", publish_at: new Date(Date.now() + 3_600_000).toISOString() } });
    expect(edited.status).toBe(200);
    const { deps } = collectingDeps();
    await publishTarget(deps, toMessage(claimed!));
    expect(await timelinePosts(accounts[0]!)).toHaveLength(0);
    expect(await target(targets[0]!.id)).toMatchObject({ state: "scheduled" });
    // A stale editor cannot overwrite the change.
    const stale = await api(`/posts/${post.id}`, { method: "PATCH", token, body: { version: 1, text: "Lost update" } });
    expect(stale.status).toBe(409);
  });

  it("does not send a post deleted or cancelled after it was queued", async () => {
    const { workspace, owner, token, accounts } = await workspaceWithSandbox(["One", "Two"]);
    const deleted = await duePost(workspace.id, owner.id, [accounts[0]!], "Delete me");
    const cancelled = await duePost(workspace.id, owner.id, [accounts[1]!], "Cancel me");
    const claims = [...(await claimDue(db, Date.now(), { accountId: accounts[0]!.id })), ...(await claimDue(db, Date.now(), { accountId: accounts[1]!.id }))];
    expect((await api(`/posts/${deleted.post.id}`, { method: "DELETE", token })).status).toBe(204);
    expect((await api(`/posts/${cancelled.post.id}/cancel`, { method: "POST", token })).status).toBe(200);
    const { deps } = collectingDeps();
    for (const claimed of claims) await publishTarget(deps, toMessage(claimed));
    expect(await timelinePosts(accounts[0]!)).toHaveLength(0);
    expect(await timelinePosts(accounts[1]!)).toHaveLength(0);
    expect(await target(cancelled.targets[0]!.id)).toMatchObject({ state: "cancelled" });
  });

  it("sends one at a time per account and queues the account's next post when one is done", async () => {
    const { workspace, owner, accounts } = await workspaceWithSandbox();
    await duePost(workspace.id, owner.id, accounts, "First", Date.now() - 3_000);
    await duePost(workspace.id, owner.id, accounts, "Second", Date.now() - 2_000);
    const claimed = await claimDue(db, Date.now(), { accountId: accounts[0]!.id });
    expect(claimed).toHaveLength(1);
    expect(await claimDue(db, Date.now(), { accountId: accounts[0]!.id })).toHaveLength(0);
    const { deps, queued } = collectingDeps();
    await publishTarget(deps, toMessage(claimed[0]!));
    expect(queued).toHaveLength(1);
    await publishTarget(deps, queued[0]!);
    expect((await timelinePosts(accounts[0]!)).map((p) => p.text)).toEqual(["First", "Second"]);
  });

  it("publishes now through the same claim and queue as the cron", async () => {
    const { workspace, token, accounts } = await workspaceWithSandbox();
    const created = await json(
      await api(`/w/${workspace.id}/posts`, { method: "POST", token, body: { text: "Right now please", targets: [{ account_id: accounts[0]!.id }], publish_at: new Date(Date.now() + 86_400_000).toISOString() } }),
    );
    const response = await api(`/posts/${created.data.id}/publish_now`, { method: "POST", token });
    expect(response.status).toBe(202);
    const read = () => api(`/posts/${created.data.id}`, { token }).then(json);
    await vi.waitUntil(async () => (await read()).data.state === "published", { timeout: 10_000, interval: 100 });
    const { data } = await read();
    expect(data.targets[0].network_post_id).toBeTruthy();
    expect(data.attempts.map((a: { outcome: string }) => a.outcome)).toEqual(["published"]);
    expect(await timelinePosts(accounts[0]!)).toHaveLength(1);
  });

  it("acks queue messages through the Worker's queue handler", async () => {
    const { workspace, owner, accounts } = await workspaceWithSandbox();
    const { targets } = await duePost(workspace.id, owner.id, accounts, "Via the handler");
    const [claimed] = await claimDue(db, Date.now(), { accountId: accounts[0]!.id });
    const batch = createMessageBatch("brandwork-publish", [{ id: "m1", timestamp: new Date(), attempts: 1, body: toMessage(claimed!) }]);
    const ctx = createExecutionContext();
    await worker.queue(batch as MessageBatch<PublishMessage>, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual(["m1"]);
    expect(await target(targets[0]!.id)).toMatchObject({ state: "published" });
  });
});

describe("the late window holds on every claim path", () => {
  it('"Publish now" on post B sends B and never the earlier post 72 s past a 1-minute window: that one becomes missed', async () => {
    const { workspace, owner, token, accounts } = await workspaceWithSandbox();
    await lateWindow(workspace, 1);
    const earlier = await duePost(workspace.id, owner.id, accounts, "Post A, 72 s late", Date.now() - 72_000);
    const created = await json(
      await api(`/w/${workspace.id}/posts`, { method: "POST", token, body: { text: "Post B, wanted now", targets: [{ account_id: accounts[0]!.id }], publish_at: new Date(Date.now() + 86_400_000).toISOString() } }),
    );
    expect((await api(`/posts/${created.data.id}/publish_now`, { method: "POST", token })).status).toBe(202);
    await vi.waitUntil(async () => (await target(created.data.targets[0].id)).state === "published", { timeout: 10_000, interval: 100 });
    expect(await target(earlier.targets[0]!.id)).toMatchObject({ state: "missed" });
    expect((await timelinePosts(accounts[0]!)).map((p) => p.text)).toEqual(["Post B, wanted now"]);
    // Its author is told it was missed, as on the cron's path.
    const items = await db.select().from(inboxItems).where(and(eq(inboxItems.recipientId, owner.id), eq(inboxItems.postId, earlier.post.id)));
    expect(items.map((item) => item.type)).toEqual(["post_missed"]);
  });

  it('"Publish now" sends the chosen post first; an earlier post still within the window follows it', async () => {
    const { workspace, owner, token, accounts } = await workspaceWithSandbox();
    await duePost(workspace.id, owner.id, accounts, "Due a moment ago", Date.now() - 10_000);
    const created = await json(
      await api(`/w/${workspace.id}/posts`, { method: "POST", token, body: { text: "Wanted now", targets: [{ account_id: accounts[0]!.id }], publish_at: new Date(Date.now() + 86_400_000).toISOString() } }),
    );
    expect((await api(`/posts/${created.data.id}/publish_now`, { method: "POST", token })).status).toBe(202);
    await vi.waitUntil(async () => (await timelinePosts(accounts[0]!)).length === 2, { timeout: 10_000, interval: 100 });
    expect((await timelinePosts(accounts[0]!)).map((p) => p.text)).toEqual(["Wanted now", "Due a moment ago"]);
  });

  it("the follow-up claim after a send does not take the account's next post once it is past its window", async () => {
    const { workspace, owner, accounts } = await workspaceWithSandbox();
    await lateWindow(workspace, 1);
    await duePost(workspace.id, owner.id, accounts, "On time");
    const [claimed] = await claimDue(db, Date.now(), { accountId: accounts[0]!.id });
    const late = await duePost(workspace.id, owner.id, accounts, "Too late", Date.now() - 72_000);
    const { deps, queued } = collectingDeps();
    await publishTarget(deps, toMessage(claimed!));
    expect(queued).toEqual([]);
    expect(await target(late.targets[0]!.id)).toMatchObject({ state: "missed" });
    expect((await timelinePosts(accounts[0]!)).map((p) => p.text)).toEqual(["On time"]);
  });

  it("the publisher checks the window again just before it calls the network", async () => {
    const { workspace, owner, accounts } = await workspaceWithSandbox();
    await lateWindow(workspace, 1);
    const { targets } = await duePost(workspace.id, owner.id, accounts, "Claimed in time, delivered late", Date.now() - 50_000);
    const [claimed] = await claimDue(db, Date.now(), { accountId: accounts[0]!.id });
    // The message reaches a consumer 20 s later (its lease still live): 70 s after its time.
    const { deps } = collectingDeps(() => Date.now() + 20_000);
    await publishTarget(deps, toMessage(claimed!));
    expect(await target(targets[0]!.id)).toMatchObject({ state: "missed", leaseUntil: null });
    expect(await timelinePosts(accounts[0]!)).toHaveLength(0);
    const outcomes = (await db.select().from(postAttempts).where(eq(postAttempts.targetId, targets[0]!.id))).map((a) => a.outcome);
    expect(outcomes).toEqual(["missed"]);
  });

  describe("a claim interrupted by a crash, re-claimed after its lease and past its window", () => {
    async function crashed(text: string, sent: "nothing" | "send taken" | "on the network") {
      const { workspace, owner, accounts } = await workspaceWithSandbox();
      await lateWindow(workspace, 1);
      const account = accounts[0]!;
      const claimedAt = Date.now();
      const { targets } = await duePost(workspace.id, owner.id, accounts, text, claimedAt - 1_000);
      const [claimed] = await claimDue(db, claimedAt, { accountId: account.id });
      if (sent !== "nothing") await db.update(postTargets).set({ sendAttempt: claimed!.attempt, outcomeUnknown: true }).where(eq(postTargets.id, claimed!.id));
      if (sent === "on the network") {
        const { sandboxProvider } = await import("../../worker/services/publishing/providers/sandbox");
        await sandboxProvider.publish({ db, env, now: Date.now, fetch }, await providerAccount(account), { thread: [text], media: [], idempotencyKey: targets[0]!.idempotencyKey });
      }
      // The Worker is back 72 s after the post's time, long after the lease ran out.
      const later = claimedAt + 71_000;
      const { deps } = collectingDeps(() => later);
      await tick(deps, account.id, later);
      return { row: await target(targets[0]!.id), timeline: await timelinePosts(account) };
    }

    it("nothing was sent: it becomes missed and is not sent late", async () => {
      const { row, timeline } = await crashed("Claimed, then the crash", "nothing");
      expect(row).toMatchObject({ state: "missed", leaseUntil: null });
      expect(timeline).toHaveLength(0);
    });

    it("the send was taken but the network does not have it: verified, then missed, not sent", async () => {
      const { row, timeline } = await crashed("Crashed before the network", "send taken");
      expect(row).toMatchObject({ state: "missed", outcomeUnknown: false });
      expect(timeline).toHaveLength(0);
    });

    it("the network has it: verified and published, never missed, never sent twice", async () => {
      const { row, timeline } = await crashed("Crashed after the network", "on the network");
      expect(row).toMatchObject({ state: "published", outcomeUnknown: false });
      expect(row.networkPostId).toBe(timeline[0]!.externalId);
      expect(timeline).toHaveLength(1);
    });
  });
});

describe("after a crash", () => {
  /** A claim whose consumer took the send and died; `onNetwork`: the post had reached the Sandbox. */
  async function diedMidSend(onNetwork: boolean) {
    const { workspace, owner, accounts } = await workspaceWithSandbox();
    const account = accounts[0]!;
    const { targets } = await duePost(workspace.id, owner.id, accounts, onNetwork ? "Landed, then the crash" : "The crash came first");
    const [claimed] = await claimDue(db, Date.now(), { accountId: account.id });
    await db.update(postTargets).set({ sendAttempt: claimed!.attempt, outcomeUnknown: true }).where(eq(postTargets.id, claimed!.id));
    if (onNetwork) {
      const { sandboxProvider } = await import("../../worker/services/publishing/providers/sandbox");
      await sandboxProvider.publish({ db, env, now: Date.now, fetch }, await providerAccount(account), { thread: ["Landed, then the crash"], media: [], idempotencyKey: targets[0]!.idempotencyKey });
    }
    return { account, claimed: claimed!, targetId: targets[0]!.id };
  }

  it("a redelivered message takes its attempt over once the dead consumer's lease runs out: the network has it, so it is recorded, not resent", async () => {
    const { account, claimed, targetId } = await diedMidSend(true);
    // The redelivery, just after the (short) lease: it claims the attempt again through the shared claim.
    const { deps, queued } = collectingDeps(() => Date.now() + LEASE_MS + 1);
    expect(await publishTarget(deps, toMessage(claimed))).toBeUndefined();
    expect(queued).toEqual([{ kind: "publish", targetId, attempt: claimed.attempt + 1 }]);
    await publishTarget(deps, queued[0]!);
    expect(await target(targetId)).toMatchObject({ state: "published", outcomeUnknown: false });
    expect(await timelinePosts(account)).toHaveLength(1);
    expect((await db.select().from(postAttempts).where(eq(postAttempts.targetId, targetId))).map((a) => a.outcome)).toEqual(["verified"]);
  });

  it("a redelivered message takes its attempt over: the network does not have it, so it is sent, once", async () => {
    const { account, claimed, targetId } = await diedMidSend(false);
    const { deps, queued } = collectingDeps(() => Date.now() + LEASE_MS + 1);
    await publishTarget(deps, toMessage(claimed));
    await publishTarget(deps, queued[0]!);
    expect(await target(targetId)).toMatchObject({ state: "published" });
    expect(await timelinePosts(account)).toHaveLength(1);
  });

  it("a duplicate delivery of an attempt whose consumer is alive comes back when its lease would run out", async () => {
    const { account, claimed } = await diedMidSend(true);
    const batch = createMessageBatch("brandwork-publish", [{ id: "dup", timestamp: new Date(), attempts: 1, body: toMessage(claimed) }]);
    const ctx = createExecutionContext();
    await worker.queue(batch as MessageBatch<PublishMessage>, env, ctx);
    const result = await getQueueResult(batch, ctx);
    // Not acked (so a dead owner's attempt is not forgotten), and nothing sent a second time.
    expect(result.explicitAcks).toEqual([]);
    expect(result.retryMessages).toEqual([{ msgId: "dup" }]);
    expect(await timelinePosts(account)).toHaveLength(1);
  });
});

describe("the Sandbox's fault tags", () => {
  /** A clock the test moves, and the attempts' messages and outcomes as the author sees them. */
  function clock() {
    let at = Date.now();
    return { now: () => at, set: (to: number) => void (at = to) };
  }
  const attempts = async (targetId: number) => db.select().from(postAttempts).where(eq(postAttempts.targetId, targetId));

  it("#sandbox-500x3 fails three times with the backoff doubling, then goes out once", async () => {
    const { workspace, owner, accounts } = await workspaceWithSandbox();
    const { targets } = await duePost(workspace.id, owner.id, accounts, "Wobbly launch #sandbox-500x3");
    const time = clock();
    const { deps } = collectingDeps(time.now);
    const waits: number[] = [];
    for (let failure = 1; failure <= 3; failure++) {
      await tick(deps, accounts[0]!.id, time.now());
      const row = await target(targets[0]!.id);
      expect(row).toMatchObject({ state: "scheduled", errorClass: "retry" });
      expect(row.errorMessage).toContain(`500 Internal Server Error: the sandbox had a hiccup. Retrying automatically (attempt ${failure + 1} of ${MAX_ATTEMPTS})`);
      waits.push(row.nextAttemptAt! - time.now());
      time.set(row.nextAttemptAt! + 1);
    }
    // 30 s, 60 s, 120 s, each ±20%.
    waits.forEach((wait, i) => expect(wait / (30_000 * 2 ** i)).toBeGreaterThanOrEqual(0.8));
    waits.forEach((wait, i) => expect(wait / (30_000 * 2 ** i)).toBeLessThanOrEqual(1.2));
    await tick(deps, accounts[0]!.id, time.now());
    expect(await target(targets[0]!.id)).toMatchObject({ state: "published", attempt: 4, errorMessage: null });
    expect(await timelinePosts(accounts[0]!)).toHaveLength(1);
    expect((await attempts(targets[0]!.id)).map((a) => a.outcome)).toEqual(["retry", "retry", "retry", "published"]);
  });

  it("#sandbox-500x9 outlasts the five attempts and ends failed with the network's words", async () => {
    const { workspace, owner, accounts } = await workspaceWithSandbox();
    const { targets } = await duePost(workspace.id, owner.id, accounts, "Never today #sandbox-500x9");
    const time = clock();
    const { deps } = collectingDeps(time.now);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await tick(deps, accounts[0]!.id, time.now());
      const row = await target(targets[0]!.id);
      if (row.nextAttemptAt) time.set(row.nextAttemptAt + 1);
    }
    const row = await target(targets[0]!.id);
    expect(row).toMatchObject({ state: "failed", errorClass: "retry", attempt: MAX_ATTEMPTS });
    expect(row.errorMessage).toBe("Sandbox refused it: 500 Internal Server Error: the sandbox had a hiccup");
    expect(row.errorHint).toBe(`It failed ${MAX_ATTEMPTS} times; try "Publish now" later.`);
    expect(await timelinePosts(accounts[0]!)).toHaveLength(0);
    // Nothing more is tried; the author is told.
    expect(await tick(deps, accounts[0]!.id, time.now() + 86_400_000)).toEqual([]);
    expect((await db.select().from(inboxItems).where(and(eq(inboxItems.recipientId, owner.id), eq(inboxItems.postId, targets[0]!.postId)))).map((i) => i.type)).toEqual(["post_failed"]);
  });

  describe("#sandbox-slow: the network takes 20 s to answer", () => {
    /** A slow send held open until the test lets the Sandbox answer. */
    async function slowSend(text: string) {
      const { workspace, owner, token, accounts } = await workspaceWithSandbox();
      const { post, targets } = await duePost(workspace.id, owner.id, accounts, text);
      const time = clock();
      let answer!: () => void;
      const answered = new Promise<void>((resolve) => (answer = resolve));
      const waited: number[] = [];
      const { deps, queued } = collectingDeps(time.now);
      const slowDeps: PublisherDeps = { ...deps, heartbeatMs: 20, sleep: (ms) => (waited.push(ms), answered) };
      const [claimed] = await claimDue(db, time.now(), { accountId: accounts[0]!.id });
      const sending = publishTarget(slowDeps, toMessage(claimed!));
      // The post is on the Sandbox's timeline; its answer has not come.
      await vi.waitUntil(async () => (await timelinePosts(accounts[0]!)).length === 1, { timeout: 10_000, interval: 20 });
      expect(waited).toEqual([SANDBOX_SLOW_MS]);
      return { workspace, token, post, target: targets[0]!, account: accounts[0]!, time, queued, answer: async () => (answer(), await sending) };
    }

    it("an edit during the send is refused, and the post goes out once as it was", async () => {
      const send = await slowSend("Slow news #sandbox-slow");
      const edit = await api(`/posts/${send.post.id}`, { method: "PATCH", token: send.token, body: { version: 1, text: "Changed my mind" } });
      expect(edit.status).toBe(409);
      expect((await json(edit)).message).toBe("This post is being published right now. Edit it once it is done.");
      await send.answer();
      expect(await target(send.target.id)).toMatchObject({ state: "published" });
      expect((await timelinePosts(send.account)).map((p) => p.text)).toEqual(["Slow news #sandbox-slow"]);
      const [fresh] = await db.select().from(scheduledPosts).where(eq(scheduledPosts.id, send.post.id));
      expect(fresh).toMatchObject({ text: "Slow news #sandbox-slow", version: 1 });
    });

    it("a cancel during the send is refused, and the post goes out once", async () => {
      const send = await slowSend("Slow and sure #sandbox-slow");
      const cancel = await api(`/posts/${send.post.id}/cancel`, { method: "POST", token: send.token });
      expect(cancel.status).toBe(409);
      expect((await json(cancel)).message).toBe("This post is being published right now; it can no longer be cancelled.");
      await send.answer();
      expect(await target(send.target.id)).toMatchObject({ state: "published" });
      expect(await timelinePosts(send.account)).toHaveLength(1);
    });

    it("keeps its lease while it waits: a tick long after the first lease claims nothing, and nothing is sent twice", async () => {
      const send = await slowSend("Slow but alive #sandbox-slow");
      const claimedLease = (await target(send.target.id)).leaseUntil!;
      send.time.set(claimedLease + 5_000);
      // The consumer renews its lease while the network takes its time.
      await vi.waitUntil(async () => (await target(send.target.id)).leaseUntil! > send.time.now(), { timeout: 10_000, interval: 20 });
      expect(await tick(collectingDeps(send.time.now).deps, send.account.id, send.time.now())).toEqual([]);
      await send.answer();
      expect(await target(send.target.id)).toMatchObject({ state: "published", attempt: 1 });
      expect(await timelinePosts(send.account)).toHaveLength(1);
    });
  });

  it("the Sandbox page lists every tag, counts and slow included", async () => {
    const { workspace, token } = await workspaceWithSandbox();
    const response = await exports.default.fetch(`https://app.test/workspaces/${workspace.id}/sandbox`, {
      headers: { cookie: `${AUTH_COOKIE_NAME}=${encodeAuthState(authStateFor(`Bearer ${token}`))}` },
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    for (const tag of ["#sandbox-429", "#sandbox-500", "#sandbox-timeout", "#sandbox-reauth", "#sandbox-400", "#sandbox-500x3", "#sandbox-slow"]) expect(html).toContain(`<code>${tag}</code>`);
  });
});

describe("token refresh", () => {
  it("refreshes once when two refreshes race: the rotating refresh token is not burnt", async () => {
    const { owner, accounts } = await workspaceWithSandbox();
    const account = accounts[0]!;
    const ctx = { db, env, now: Date.now, fetch };
    const results = await Promise.all([refreshAccount(ctx, account.id, { db, env }), refreshAccount(ctx, account.id, { db, env })]);
    expect(results).toEqual([true, true]);
    const [after] = await db.select().from(socialAccounts).where(eq(socialAccounts.id, account.id));
    expect(after).toMatchObject({ state: "active", refreshLeaseUntil: null });
    expect(after!.credentials).not.toBe(account.credentials);
    // The new tokens work: a post goes out.
    const { targets } = await duePost(account.workspaceId, owner.id, [after!], "After refresh");
    await tick(collectingDeps().deps, account.id);
    expect(await target(targets[0]!.id)).toMatchObject({ state: "published" });
  });

  it("marks the account needs_reauth when the network refuses the refresh", async () => {
    const { accounts } = await workspaceWithSandbox();
    const account = accounts[0]!;
    const { sandboxTokens } = await import("../../worker/db/schema");
    await db.update(sandboxTokens).set({ revoked: true }).where(eq(sandboxTokens.accountExternalId, account.externalId));
    expect(await refreshAccount({ db, env, now: Date.now, fetch }, account.id, { db, env })).toBe(false);
    const [after] = await db.select().from(socialAccounts).where(eq(socialAccounts.id, account.id));
    expect(after).toMatchObject({ state: "needs_reauth" });
  });
});
