import { and, count, eq, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { GRACE_DAYS } from "../../core/billing/plans";
import {
  articleStyles,
  billingAccounts,
  campaigns as campaignsTable,
  brandKits,
  generationJobs,
  memberships,
  postTargets,
  scheduledPosts,
  socialAccounts,
  suggestions,
  uploads,
  type User,
  type Workspace,
} from "../../worker/db/schema";
import { usageOf } from "../../worker/services/billing/entitlements";
import { addMember, apiWith, buildArticle, buildMember, buildUser, buildWorkspace, db, json, tokenFor } from "../factories";

const DAY = 24 * 60 * 60 * 1000;
const GB = 1024 ** 3;

/** Billing on, so the workspace's billing row decides (prices and keys are never called here). */
const CONFIGURED = {
  STRIPE_SECRET_KEY: "sk_test_limits",
  STRIPE_WEBHOOK_SECRET: "whsec_limits",
  STRIPE_PRICE_PRO_MONTHLY: "price_pro_monthly",
  STRIPE_PRICE_PRO_ANNUAL: "price_pro_annual",
  STRIPE_PRICE_TEAM: "price_team",
};

type CallOptions = Parameters<typeof apiWith>[2];
const call = apiWith;
const onFree = (path: string, options?: CallOptions) => call({ DEFAULT_PLAN: "free" }, path, options);

const rows = async (table: SQLiteTable, where: SQL | undefined) => (await db.select({ n: count() }).from(table).where(where))[0]!.n;

/** A 402 plan_limit whose words name the limit, the use and what lifts it. */
async function expectLimit(response: Response, limit: string, words: (string | RegExp)[]) {
  expect(response.status, await response.clone().text()).toBe(402);
  const body = await json(response);
  expect(body).toMatchObject({ error: "plan_limit", limit });
  for (const word of words) expect(body.message).toMatch(word);
  return body;
}

async function freeWorkspace() {
  const { workspace, owner } = await buildWorkspace();
  return { workspace, owner, token: await tokenFor(owner) };
}

let emailNumber = 0;
const newEmail = () => `limits-${Date.now().toString(36)}-${++emailNumber}@example.com`;

const seatsOf = (workspace: Pick<Workspace, "id">) => rows(memberships, eq(memberships.workspaceId, workspace.id));
const membershipOf = async (workspace: Pick<Workspace, "id">, user: Pick<User, "id">) =>
  (await db.select().from(memberships).where(and(eq(memberships.workspaceId, workspace.id), eq(memberships.userId, user.id))))[0];

describe("seats", () => {
  /** Free has 2 seats: the owner and one member fill them. */
  async function fullWorkspace() {
    const base = await freeWorkspace();
    const member = await buildMember(base.workspace, "member");
    return { ...base, member };
  }

  it("refuses an admin's invitation beyond the plan's seats with words to upgrade, and invites nobody", async () => {
    const { workspace, token } = await fullWorkspace();
    const before = await seatsOf(workspace);
    const email = newEmail();
    const body = await expectLimit(await onFree(`/w/${workspace.id}/settings/members`, { method: "POST", token, body: { email, role: "member" } }), "seats", [
      "2 of 2 seats",
      "Free plan",
      "Upgrade to Pro",
    ]);
    expect(body).toMatchObject({ used: 2, allowed: 2, plan: "free", upgrade_to: "pro_monthly" });
    expect(await seatsOf(workspace)).toBe(before);
  });

  it("tells a member to ask an admin", async () => {
    const { workspace, member } = await fullWorkspace();
    const refused = await onFree(`/w/${workspace.id}/settings/members`, { method: "POST", token: member.token, body: { email: newEmail(), role: "member" } });
    await expectLimit(refused, "seats", ["Ask an admin to upgrade to Pro"]);
  });

  it("counts every address of a bulk invitation, and guests take no seat", async () => {
    const { workspace, token } = await freeWorkspace();
    await addMember(workspace, await buildUser(), "guest");
    const two = await onFree(`/w/${workspace.id}/onboarding/invite`, { method: "POST", token, body: { emails: [newEmail(), newEmail()] } });
    await expectLimit(two, "seats", ["1 of 2 seats"]);
    expect(await seatsOf(workspace)).toBe(2);
    const one = await onFree(`/w/${workspace.id}/onboarding/invite`, { method: "POST", token, body: { emails: [newEmail()] } });
    expect(one.status).toBe(200);
    expect(await seatsOf(workspace)).toBe(3);
  });

  it("refuses a join link, a guest made member, a role change and a reactivation once the seats are taken", async () => {
    const { workspace, token } = await fullWorkspace();
    const joiner = await buildUser();
    const joined = await onFree(`/w/join/${workspace.invitationToken}`, { method: "POST", token: await tokenFor(joiner) });
    await expectLimit(joined, "seats", ["Ask an admin"]);
    expect(await membershipOf(workspace, joiner)).toBeUndefined();

    const guest = await buildUser();
    await addMember(workspace, guest, "guest");
    await expectLimit(await onFree(`/w/${workspace.id}/settings/guests/${guest.id}/upgrade_to_member`, { method: "PUT", token }), "seats", ["Upgrade"]);
    await expectLimit(await onFree(`/w/${workspace.id}/members/${guest.id}`, { method: "PUT", token, body: { data: { role: "member" } } }), "seats", ["Upgrade"]);
    expect((await membershipOf(workspace, guest))!.role).toBe("guest");

    const gone = await buildUser();
    await addMember(workspace, gone, "member", "deactivated");
    await expectLimit(await onFree(`/w/${workspace.id}/settings/members/${gone.id}/reactivate`, { method: "PUT", token, body: { admin: false } }), "seats", ["Upgrade"]);
    expect((await membershipOf(workspace, gone))!.status).toBe("deactivated");
  });

  it("refuses an identity provider's new user beyond the seats (SCIM), inviting nobody", async () => {
    const { workspace, token } = await fullWorkspace();
    const created = await onFree("/scim/tokens", { method: "POST", token, workspaceId: workspace.id, body: { name: "Okta" } });
    const scimToken = (await json(created)).data.token as string;
    const before = await seatsOf(workspace);
    const refused = await onFree("/scim/v2/Users", {
      method: "POST",
      token: scimToken,
      headers: { "Content-Type": "application/scim+json" },
      body: { schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"], userName: newEmail(), active: true },
    });
    expect(refused.status).toBe(402);
    expect(await refused.text()).toContain("2 of 2 seats");
    expect(await seatsOf(workspace)).toBe(before);
  });

  it("never refuses a workspace's creator", async () => {
    const { token } = await fullWorkspace();
    const created = await onFree("/w", { method: "POST", token, body: { company: { name: "Second Co" } } });
    expect(created.status, await created.clone().text()).toBe(201);
  });
});

describe("generations", () => {
  async function jobs(workspace: Pick<Workspace, "id">, user: Pick<User, "id">, n: number, status: "successful" | "failed" = "successful", createdAt = new Date()) {
    const row = { workspaceId: workspace.id, userId: user.id, kind: "blog_outline" as const, status, provider: "offline", model: "offline", brief: {}, createdAt };
    const [first, ...rest] = Array.from({ length: n }, () => db.insert(generationJobs).values(row));
    await db.batch([first!, ...rest]);
  }
  const brief = { kind: "blog_outline", brief: { topic: "Spring drinks", length: "short" } };
  const jobsOf = (workspace: Pick<Workspace, "id">) => rows(generationJobs, eq(generationJobs.workspaceId, workspace.id));

  it("refuses the 21st generation of the month on Free, starting no job", async () => {
    const { workspace, owner, token } = await freeWorkspace();
    await jobs(workspace, owner, 20);
    const before = await jobsOf(workspace);
    await expectLimit(await onFree(`/w/${workspace.id}/generations`, { method: "POST", token, body: brief }), "generations", [
      "20 of 20 generations this month",
      "Upgrade to Pro for 500 generations a month",
      /wait until 1 \w+/,
    ]);
    expect(await jobsOf(workspace)).toBe(before);
    const member = await buildMember(workspace, "member");
    await expectLimit(await onFree(`/w/${workspace.id}/generations`, { method: "POST", token: member.token, body: brief }), "generations", ["Ask an admin to upgrade"]);
  });

  it("does not count failed jobs or last month's", async () => {
    const { workspace, owner, token } = await freeWorkspace();
    await jobs(workspace, owner, 19);
    await jobs(workspace, owner, 3, "failed");
    await jobs(workspace, owner, 5, "successful", new Date(Date.now() - 40 * DAY));
    const response = await onFree(`/w/${workspace.id}/generations`, { method: "POST", token, body: brief });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("event: done");
  });

  it("counts a campaign as a generation, and refuses one when the month's are used up", async () => {
    const { workspace, owner, token } = await freeWorkspace();
    await jobs(workspace, owner, 19);
    const campaign = { name: "Spring", brief: "Announce the spring menu.", starts_on: "2030-03-01", ends_on: "2030-03-07", channels: ["twitter"], strategy: "CrosspostStrategy" };
    const written = await onFree(`/w/${workspace.id}/campaigns`, { method: "POST", token, body: campaign });
    expect(written.status, await written.clone().text()).toBe(201);
    expect(await jobsOf(workspace)).toBe(20);
    const campaigns = await rows(campaignsTable, eq(campaignsTable.workspaceId, workspace.id));
    await expectLimit(await onFree(`/w/${workspace.id}/campaigns`, { method: "POST", token, body: campaign }), "generations", ["20 of 20", "Upgrade"]);
    expect(await rows(campaignsTable, eq(campaignsTable.workspaceId, workspace.id))).toBe(campaigns);
  });

  it("counts an AI revision as a generation, and refuses one when the month's are used up", async () => {
    const { workspace, owner, token } = await freeWorkspace();
    await db.insert(articleStyles).values({ workspaceId: workspace.id, preferWords: ["customers instead of users"] });
    const article = await buildArticle(workspace, owner, { text: "Our users love it. Ask for a sample." });
    await jobs(workspace, owner, 19);
    const revise = () => onFree(`/articles/${article.id}/ai_revisions`, { method: "POST", token, body: { text: "Our users love it." } });
    expect((await revise()).status).toBe(201);
    expect(await jobsOf(workspace)).toBe(20);
    await expectLimit(await revise(), "generations", ["20 of 20"]);
    expect(await rows(suggestions, eq(suggestions.articleId, article.id))).toBe(1);
  });
});

describe("connected accounts", () => {
  const accountsOf = (workspace: Pick<Workspace, "id">) => rows(socialAccounts, eq(socialAccounts.workspaceId, workspace.id));
  async function accounts(workspace: Pick<Workspace, "id">, states: ("active" | "disconnected")[]) {
    await db.insert(socialAccounts).values(
      states.map((state, index) => ({ workspaceId: workspace.id, network: "sandbox" as const, externalId: `sb-${workspace.id}-${index}`, displayName: "Sandbox", credentials: "", state })),
    );
  }

  it("refuses a third account on Free, and a disconnected one frees its place", async () => {
    const { workspace, token } = await freeWorkspace();
    await accounts(workspace, ["active", "active", "disconnected"]);
    const before = await accountsOf(workspace);
    await expectLimit(
      await onFree(`/w/${workspace.id}/social_accounts`, { method: "POST", token, body: { network: "sandbox", display_name: "Third" } }),
      "social_accounts",
      ["2 of 2 connected accounts", "Upgrade to Pro for 10 connected accounts", "remove one first"],
    );
    expect(await accountsOf(workspace)).toBe(before);

    const other = await freeWorkspace();
    await accounts(other.workspace, ["active", "disconnected"]);
    const added = await onFree(`/w/${other.workspace.id}/social_accounts`, { method: "POST", token: other.token, body: { network: "sandbox", display_name: "Second" } });
    expect(added.status).toBe(201);
  });
});

describe("scheduled posts", () => {
  const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
  const postsOf = (workspace: Pick<Workspace, "id">) => rows(scheduledPosts, eq(scheduledPosts.workspaceId, workspace.id));

  /** A Sandbox account and `n` posts scheduled to it this month, written directly. */
  async function scheduled(workspace: Pick<Workspace, "id">, n: number, state: "scheduled" | "draft" = "scheduled") {
    const [account] = await db
      .insert(socialAccounts)
      .values({ workspaceId: workspace.id, network: "sandbox", externalId: `sb-posts-${workspace.id}-${state}`, displayName: "Sandbox", credentials: "" })
      .returning();
    const publishAt = Date.now() + 30 * DAY;
    for (let index = 0; index < n; index += 1) {
      const [post] = await db.insert(scheduledPosts).values({ workspaceId: workspace.id, text: `Post ${index}`, publishAt }).returning();
      await db.insert(postTargets).values({ postId: post!.id, workspaceId: workspace.id, accountId: account!.id, state, idempotencyKey: crypto.randomUUID(), publishAt });
    }
    return account!;
  }

  it("refuses the 11th scheduled post of the month on Free; a draft is fine until it is scheduled", async () => {
    const { workspace, token } = await freeWorkspace();
    const account = await scheduled(workspace, 10);
    await scheduled(workspace, 4, "draft");
    const before = await postsOf(workspace);
    const post = { text: "Spring is here", targets: [{ account_id: account.id }], publish_at: inDays(3) };
    await expectLimit(await onFree(`/w/${workspace.id}/posts`, { method: "POST", token, body: post }), "scheduled_posts", [
      "10 of 10 scheduled posts this month",
      "Upgrade to Pro for 300 scheduled posts a month",
    ]);
    expect(await postsOf(workspace)).toBe(before);

    const draft = await onFree(`/w/${workspace.id}/posts`, { method: "POST", token, body: { ...post, draft: true } });
    expect(draft.status, await draft.clone().text()).toBe(201);
    const { data } = await json(draft);
    const scheduling = await onFree(`/posts/${data.id}`, { method: "PATCH", token, body: { version: data.version, draft: false, publish_at: inDays(3) } });
    await expectLimit(scheduling, "scheduled_posts", ["10 of 10"]);
    const [target] = await db.select().from(postTargets).where(eq(postTargets.postId, data.id));
    expect(target!.state).toBe("draft");
  });

  it("schedules under the limit", async () => {
    const { workspace, token } = await freeWorkspace();
    const account = await scheduled(workspace, 9);
    const response = await onFree(`/w/${workspace.id}/posts`, { method: "POST", token, body: { text: "One more", targets: [{ account_id: account.id }], publish_at: inDays(3) } });
    expect(response.status, await response.clone().text()).toBe(201);
  });
});

describe("brand kits", () => {
  const kitsOf = (workspace: Pick<Workspace, "id">) => rows(brandKits, eq(brandKits.workspaceId, workspace.id));

  it("refuses a second kit on Free; the first is created", async () => {
    const { workspace, token } = await freeWorkspace();
    expect((await onFree(`/w/${workspace.id}/brand_kits`, { method: "POST", token, body: { name: "First" } })).status).toBe(201);
    await expectLimit(await onFree(`/w/${workspace.id}/brand_kits`, { method: "POST", token, body: { name: "Second" } }), "brand_kits", [
      "1 of 1 brand kit",
      "Upgrade to Pro for 5 brand kits",
    ]);
    expect(await kitsOf(workspace)).toBe(1);
  });

  it("allows on an unconfigured server with DEFAULT_PLAN=pro what Free would refuse", async () => {
    const { workspace, owner, token } = await freeWorkspace();
    await db.insert(brandKits).values({ workspaceId: workspace.id, name: "First", createdById: owner.id });
    const second = await call({ DEFAULT_PLAN: "pro" }, `/w/${workspace.id}/brand_kits`, { method: "POST", token, body: { name: "Second" } });
    expect(second.status).toBe(201);
    expect(await kitsOf(workspace)).toBe(2);
  });
});

describe("storage", () => {
  const uploadsOf = (workspace: Pick<Workspace, "id">) => rows(uploads, eq(uploads.workspaceId, workspace.id));
  const askToUpload = (token: string, workspaceId: number, size: number) =>
    onFree("/files/upload_url", { method: "POST", token, workspaceId, body: { filename: "menu.pdf", content_type: "application/pdf", size } });

  it("refuses an upload whose announced size does not fit in the plan's storage, and accepts one that does", async () => {
    const { workspace, owner, token } = await freeWorkspace();
    await db.insert(uploads).values({ workspaceId: workspace.id, r2Key: `limits/${crypto.randomUUID()}`, filename: "big.mp4", contentType: "video/mp4", size: GB - 1000, status: "stored", uploadedById: owner.id });
    // A pending upload whose link expired long ago holds no room.
    await db.insert(uploads).values({
      workspaceId: workspace.id,
      r2Key: `limits/${crypto.randomUUID()}`,
      filename: "abandoned.mp4",
      contentType: "video/mp4",
      size: 5000,
      status: "pending",
      uploadedById: owner.id,
      createdAt: new Date(Date.now() - 2 * DAY),
    });
    const before = await uploadsOf(workspace);
    await expectLimit(await askToUpload(token, workspace.id, 2000), "storage_bytes", ["1 GB of 1 GB of storage", "Upgrade to Pro for 50 GB of storage", "delete files"]);
    expect(await uploadsOf(workspace)).toBe(before);
    expect((await askToUpload(token, workspace.id, 1000)).status).toBe(201);
  });
});

describe("a failed payment", () => {
  async function pastDue(days: number) {
    const base = await freeWorkspace();
    await db.insert(billingAccounts).values({
      workspaceId: base.workspace.id,
      stripeCustomerId: `cus_${crypto.randomUUID()}`,
      stripeSubscriptionId: `sub_${crypto.randomUUID()}`,
      plan: "pro_monthly",
      status: "past_due",
      seats: 3,
      pastDueSince: new Date(Date.now() - days * DAY),
    });
    await db.insert(brandKits).values([
      { workspaceId: base.workspace.id, name: "One", createdById: base.owner.id },
      { workspaceId: base.workspace.id, name: "Two", createdById: base.owner.id },
    ]);
    return base;
  }

  it(`keeps the paid plan for ${GRACE_DAYS} days`, async () => {
    const { workspace, token } = await pastDue(GRACE_DAYS - 2);
    expect((await call(CONFIGURED, `/w/${workspace.id}/brand_kits`, { method: "POST", token, body: { name: "Three" } })).status).toBe(201);
  });

  it("applies Free's limits to new things after the grace period, and what exists stays readable", async () => {
    const { workspace, token } = await pastDue(GRACE_DAYS + 1);
    await expectLimit(await call(CONFIGURED, `/w/${workspace.id}/brand_kits`, { method: "POST", token, body: { name: "Three" } }), "brand_kits", [
      "has 2 brand kits, over the Free plan's 1 brand kit",
    ]);
    const listed = await call(CONFIGURED, `/w/${workspace.id}/brand_kits`, { token });
    expect(listed.status).toBe(200);
    expect((await json(listed)).data.map((kit: { name: string }) => kit.name).sort()).toEqual(["One", "Two"]);
  });
});

describe("usageOf", () => {
  it("counts what the limits count: seats without guests, this month's jobs that did not fail, connected accounts, scheduled targets, kits and bytes", async () => {
    const { workspace, owner } = await freeWorkspace();
    await addMember(workspace, await buildUser(), "member", "invited");
    await addMember(workspace, await buildUser(), "guest");
    await addMember(workspace, await buildUser(), "member", "deactivated");
    const job = { workspaceId: workspace.id, userId: owner.id, kind: "blog_outline" as const, provider: "offline", model: "offline", brief: {} };
    await db.batch([
      db.insert(generationJobs).values({ ...job, status: "successful" }),
      db.insert(generationJobs).values({ ...job, status: "failed" }),
      db.insert(generationJobs).values({ ...job, status: "successful", createdAt: new Date(Date.now() - 40 * DAY) }),
    ]);
    const account = { workspaceId: workspace.id, network: "sandbox" as const, displayName: "Sandbox", credentials: "" };
    const [connected] = await db
      .insert(socialAccounts)
      .values([
        { ...account, externalId: `u-${workspace.id}-1` },
        { ...account, externalId: `u-${workspace.id}-2`, state: "disconnected" as const },
      ])
      .returning();
    const publishAt = Date.now() + DAY;
    const [post] = await db.insert(scheduledPosts).values({ workspaceId: workspace.id, publishAt }).returning();
    const target = { postId: post!.id, workspaceId: workspace.id, accountId: connected!.id, publishAt };
    await db.insert(postTargets).values([
      { ...target, state: "scheduled" as const, idempotencyKey: crypto.randomUUID() },
      { ...target, state: "draft" as const, idempotencyKey: crypto.randomUUID() },
    ]);
    await db.insert(brandKits).values({ workspaceId: workspace.id, name: "Kit", createdById: owner.id });
    await db.insert(uploads).values({ workspaceId: workspace.id, r2Key: `usage/${crypto.randomUUID()}`, filename: "a.png", contentType: "image/png", size: 1234, status: "stored", uploadedById: owner.id });

    expect(await usageOf(db, workspace.id)).toEqual({ seats: 2, generations: 1, social_accounts: 1, scheduled_posts: 1, brand_kits: 1, storage_bytes: 1234 });
  });
});
