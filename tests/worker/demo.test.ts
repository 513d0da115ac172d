import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { workspaceNavItems } from "../../app/components/shell/navigation";
import { AI_AUTHOR } from "../../core/contracts/suggestions";
import { changesInDocument } from "../../core/editor/change-review";
import { buildDemo, type DemoResult } from "../../scripts/demo/build-demo";
import { DEMO_BRAND, DEMO_REVISED_LINE } from "../../scripts/demo/content";
import { buildSeedStatements, DEMO, DEMO_PEOPLE } from "../../scripts/seed";

const fetcher = (path: string, init?: RequestInit) => exports.default.fetch(`https://app.test${path}`, init);

async function signIn(email: string, password: string) {
  const response = await fetcher("/v1/users/sign_in", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ user: { email, password } }) });
  expect(response.status).toBe(200);
  return response.headers.get("Authorization")!;
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The items in a list answer, whatever it wraps them in. */
function itemsOf(data: unknown): unknown[] {
  if (Array.isArray(data)) return data;
  if (data && typeof data === "object") return Object.values(data).flatMap((value) => (Array.isArray(value) ? value : []));
  return [];
}

let demo: DemoResult;
let owner: string;

async function get(path: string, authorization = owner) {
  const response = await fetcher(`/v1${path}`, { headers: { Authorization: authorization, "X-Workspace-Id": String(demo.workspaceId) } });
  expect(response.status, path).toBe(200);
  return ((await response.json()) as Json).data;
}

/**
 * What each sidebar page lists, as the API answers it. A new sidebar entry fails the test
 * until it is added here and the demo gets something to show on it.
 */
const listed: Record<string, (ws: number) => Promise<unknown[]>> = {
  Home: async (ws) => itemsOf(await get(`/w/${ws}/files_views/recently_updated`)),
  Inbox: async (ws) => ((await get(`/w/${ws}/inbox`)) as { items: unknown[] }[]).flatMap((group) => group.items),
  Todos: async (ws) => itemsOf(await get(`/w/${ws}/todos?filter=mine`)),
  Recent: async (ws) => itemsOf(await get(`/w/${ws}/files_views/recent`)),
  "Shared with me": async (ws) => itemsOf(await get(`/w/${ws}/shared_with_me`)),
  Favorites: async (ws) => itemsOf(await get(`/w/${ws}/favorites`)),
  "All docs": async (ws) => itemsOf(await get(`/w/${ws}/articles`)),
  "All files": async (ws) => itemsOf(await get(`/w/${ws}/all_files`)),
  Campaigns: async (ws) => itemsOf(await get(`/w/${ws}/campaigns`)),
  Contacts: async (ws) => itemsOf(await get(`/w/${ws}/contacts`)),
  "Scheduled posts": async (ws) => itemsOf(await get(`/w/${ws}/posts?from=${new Date(Date.now() - 86_400_000).toISOString()}&to=${new Date(Date.now() + 30 * 86_400_000).toISOString()}`)),
  // The demo's published Sandbox posts, with the figures the demo collects for them.
  Analytics: async (ws) => ((await get(`/w/${ws}/analytics?preset=last_28_days&tz=UTC`)) as { top_posts: Json[] }).top_posts.filter((post) => post.impressions > 0),
  "Paid ads": async (ws) => itemsOf(await get(`/w/${ws}/ads/campaigns`)),
  "Brand kits": async (ws) => itemsOf(await get(`/w/${ws}/brand_kits`)),
  Brain: async (ws) => itemsOf(await get(`/w/${ws}/knowledge_sources`)),
  "House style": async (ws) => [(await get(`/w/${ws}/article_style`)).tone].filter(Boolean),
  Handbooks: async (ws) => itemsOf(await get(`/w/${ws}/handbooks`)),
  Templates: async (ws) => itemsOf(await get(`/w/${ws}/templates`)).filter((t) => (t as Json).workspace_id === ws || typeof (t as Json).id === "number"),
  Uploads: async (ws) => itemsOf(await get(`/w/${ws}/uploads`)),
  Import: async (ws) => itemsOf(await get(`/w/${ws}/imports`)),
  Archive: async (ws) => itemsOf(await get(`/w/${ws}/archive`)),
  Members: async (ws) => itemsOf(await get(`/w/${ws}/members`)),
  Groups: async (ws) => itemsOf(await get(`/w/${ws}/channels`)),
  "API keys": async (ws) => itemsOf(await get(`/w/${ws}/api_keys`)),
  // Without Stripe keys (as `npm start` runs) billing shows the default plan and the demo's real usage.
  Billing: async (ws) => Object.values(((await get(`/w/${ws}/billing`)) as { usage: Record<string, { used: number }> }).usage).filter((meter) => meter.used > 0),
  Plans: async () => itemsOf(await get(`/billing/plans`)),
  Settings: async (ws) => [await get(`/w/${ws}/settings/workspace`)],
};

describe("the demo workspace", () => {
  beforeAll(async () => {
    const statements = await buildSeedStatements();
    await env.DB.batch(statements.map((sql) => env.DB.prepare(sql)));
    demo = await buildDemo(fetcher);
    owner = await signIn(DEMO.email, DEMO.password);
    // Building the whole demo through the API is a few hundred calls: on two loaded cores it
    // passed the default 10 s hook limit without anything being wrong.
  }, 120_000);

  it("has something on every page the sidebar links to", async () => {
    for (const item of workspaceNavItems({ id: demo.workspaceId, role: "admin" })) {
      const list = listed[item.label];
      expect(list, `no demo check for the sidebar's "${item.label}"`).toBeDefined();
      expect((await list!(demo.workspaceId)).length, `the demo's ${item.label} page is empty`).toBeGreaterThan(0);
    }
  });

  it("shows billing as not configured, on the default plan, with the demo's usage", async () => {
    const billing = (await get(`/w/${demo.workspaceId}/billing`)) as Json;
    expect(billing).toMatchObject({ configured: false, status: "unconfigured", notice: "Billing is not configured on this server", plan: { id: "pro_monthly" } });
    expect(billing.usage.brand_kits.used).toBeGreaterThan(0);
    expect(billing.usage.seats.used).toBeGreaterThan(1);
  });

  it("has Zapier's workspace key with the calls it made", async () => {
    const [zapier] = itemsOf(await get(`/w/${demo.workspaceId}/api_keys`)) as Json[];
    expect(zapier).toMatchObject({ name: "Zapier", scopes: ["read", "write", "publish"], revoked_at: null, last_used_at: expect.any(String) });
    const response = await fetcher(`/v1/w/${demo.workspaceId}/api_keys/${zapier!.id}/calls`, { headers: { Authorization: owner } });
    const calls = ((await response.json()) as Json).data as Json[];
    expect(calls.length).toBeGreaterThanOrEqual(3);
    expect(calls[0]).toMatchObject({ method: "GET", route: "/v1/posts/:id", status: 200 });
  });

  it("is the brand the issue describes: logo, palette, fonts and all six voice notes", async () => {
    const [kit] = itemsOf(await get(`/w/${demo.workspaceId}/brand_kits`)) as Json[];
    expect(kit).toMatchObject({ name: DEMO_BRAND.name, fonts: DEMO_BRAND.fonts });
    expect(kit!.colors).toHaveLength(DEMO_BRAND.colors.length);
    expect(Object.keys(kit!.notes).sort()).toEqual(Object.keys(DEMO_BRAND.notes).sort());
    expect(JSON.stringify(kit!.logos ?? kit)).toContain("Original");
  });

  it("signs in the member and the guest with their printed logins, and keeps a guest's access request waiting", async () => {
    const member = await signIn(DEMO_PEOPLE.member.email, DEMO_PEOPLE.member.password);
    const guest = await signIn(DEMO_PEOPLE.guest.email, DEMO_PEOPLE.guest.password);
    expect(itemsOf(await get(`/w/${demo.workspaceId}/shared_with_me`, guest)).length).toBeGreaterThan(0);
    expect(itemsOf(await get(`/w/${demo.workspaceId}/articles`, member)).length).toBeGreaterThan(0);
    const docs = itemsOf(await get(`/w/${demo.workspaceId}/articles?per_page=100`)) as Json[];
    const pricing = docs.find((doc) => doc.title === "Wholesale price list 2026")!;
    expect(itemsOf(await get(`/articles/${pricing.id}/access_requests`))).toHaveLength(1);
  });

  it("shows a document in each status, and the blog post the writer generated", async () => {
    const docs = itemsOf(await get(`/w/${demo.workspaceId}/articles?per_page=100`)) as Json[];
    expect(docs.length).toBeGreaterThanOrEqual(10);
    expect(new Set(docs.map((doc) => doc.status))).toEqual(new Set(["draft", "in_review", "reviewed", "approved", "suggestions"]));
    expect(docs.some((doc) => /light roast/i.test(doc.title))).toBe(true);
  });

  it("shares at each access level, to a person, a group and the guest", async () => {
    const ws = demo.workspaceId;
    const docs = itemsOf(await get(`/w/${ws}/articles?per_page=100`)) as Json[];
    const folders = itemsOf(await get(`/w/${ws}/folders`)) as Json[];
    const idOf = (title: string) => docs.find((doc) => doc.title === title)!.id;
    const grants = JSON.stringify([
      await get(`/articles/${idOf("Wholesale price list 2026")}/accesses`),
      await get(`/articles/${idOf("Wholesale partner guide")}/accesses`),
      await get(`/folders/${folders.find((folder) => folder.name === "Marketing")!.id}/accesses`),
    ]);
    for (const level of ["read", "comment", "edit", "owner"]) expect(grants).toContain(`"permission":"${level}"`);
  });

  it("has two Sandbox accounts, a posting schedule with a queued post, a draft, and a post that went out", async () => {
    const ws = demo.workspaceId;
    expect(itemsOf(await get(`/w/${ws}/social_accounts`))).toHaveLength(2);
    const [schedule] = itemsOf(await get(`/w/${ws}/schedules`)) as Json[];
    expect((await get(`/schedules/${schedule!.id}`)).queue).toHaveLength(1);
    const range = `from=${new Date(Date.now() - 86_400_000).toISOString()}&to=${new Date(Date.now() + 30 * 86_400_000).toISOString()}`;
    const states = async () => new Set((itemsOf(await get(`/w/${ws}/posts?${range}`)) as Json[]).map((post) => post.state));
    // "Publish now" goes through the real queue: it lands a moment later.
    await vi.waitUntil(async () => (await states()).has("published"), { timeout: 10_000, interval: 100 });
    expect(await states()).toEqual(new Set(["scheduled", "draft", "published"]));
  });

  it("has a campaign with some pieces approved, and a nurture email sequence", async () => {
    const [campaign] = itemsOf(await get(`/w/${demo.workspaceId}/campaigns`)) as Json[];
    const { items } = await get(`/campaigns/${campaign!.id}`);
    expect(items.length).toBeGreaterThan(2);
    expect(items.filter((item: Json) => item.status === "approved").length).toBeGreaterThan(0);
    expect(items.filter((item: Json) => item.status !== "approved").length).toBeGreaterThan(0);
    const sequences = itemsOf(await get(`/w/${demo.workspaceId}/email_sequences`)) as Json[];
    expect(sequences.map((sequence) => sequence.kind)).toContain("nurture");
  });

  it("gives both demo people reviews waiting in their inbox, each matching its document's status", async () => {
    const items = ((await get(`/w/${demo.workspaceId}/inbox`)) as { items: Json[] }[]).flatMap((group) => group.items);
    expect(items.map((item) => `${item.type}:${item.event}`)).toEqual(
      expect.arrayContaining(["Review:requested", "InformalFeedbackRequest:requested", "Review:feedback", "AccessRequest:requested", "AccessGrant:granted"]),
    );
    const member = await signIn(DEMO_PEOPLE.member.email, DEMO_PEOPLE.member.password);
    const counts = await get(`/w/${demo.workspaceId}/inbox/counts`, member);
    expect(counts.read_receipts.my_tasks).toBe(1);
    // The launch plan's approval, the onboarding read receipt's... and the story's branch, waiting for her approval.
    expect(counts.activeTasksCount).toBe(3);
    const docs = itemsOf(await get(`/w/${demo.workspaceId}/articles?per_page=100`)) as Json[];
    expect(new Set(docs.map((doc) => doc.status))).toEqual(new Set(["draft", "in_review", "reviewed", "approved", "suggestions"]));
  });

  it("has version control on, with a branch of the published story in review and a reader in the story's insights", async () => {
    const docs = itemsOf(await get(`/w/${demo.workspaceId}/articles?per_page=100`)) as Json[];
    const story = docs.find((doc) => doc.title.startsWith("Our story"))!;
    const branches = (await get(`/articles/${story.id}/branches`)) as Json[];
    expect(branches).toEqual([expect.objectContaining({ name: "Forty-first café", status: "in_review", review_id: expect.any(Number) })]);
    const insights = await get(`/articles/${story.id}/insights`);
    expect(JSON.stringify(insights)).toContain(DEMO_PEOPLE.member.firstName);
  });

  it("has comments on the price list: an open thread with a reply and a mention, a resolved one, both marked in its words", async () => {
    const docs = itemsOf(await get(`/w/${demo.workspaceId}/articles?per_page=100`)) as Json[];
    const pricing = docs.find((doc) => doc.title === "Wholesale price list 2026")!;
    const threads = (await get(`/articles/${pricing.id}/comments`)) as Json[];
    expect(threads.map((thread) => [thread.quote.exact, thread.replies.length, Boolean(thread.resolved_at)])).toEqual(
      expect.arrayContaining([
        ["free within Bristol", 1, false],
        ["£27.00", 0, true],
      ]),
    );
    const body = JSON.stringify((await get(`/articles/${pricing.id}`)).body);
    for (const thread of threads) expect(body).toContain(`"uuid":"${thread.uuid}"`);
    const items = ((await get(`/w/${demo.workspaceId}/inbox`)) as { items: Json[] }[]).flatMap((group) => group.items);
    expect(items.map((item) => `${item.type}:${item.event}`)).toContain("Comment:mentioned");
  });

  it("has todos on the launch plan's check list, the done one ticked in the document too", async () => {
    const docs = itemsOf(await get(`/w/${demo.workspaceId}/articles?per_page=100`)) as Json[];
    const plan = await get(`/articles/${docs.find((doc) => doc.title === "Autumn harvest launch plan")!.id}`);
    const items = JSON.stringify(plan.body).match(/"checked":(true|false)[^}]*"todoId"/g) ?? [];
    expect(items.map((item) => item.startsWith('"checked":true'))).toEqual([false, false, true]);
    expect(itemsOf(await get(`/w/${demo.workspaceId}/todos?filter=done`))).toHaveLength(1);
  });

  it("has an AI revision waiting as a suggestion on the social calendar, which is in suggestions because of it", async () => {
    const docs = itemsOf(await get(`/w/${demo.workspaceId}/articles?per_page=100`)) as Json[];
    const calendar = docs.find((doc) => doc.title === "Social calendar: October")!;
    expect(calendar.status).toBe("suggestions");
    const [suggestion, ...others] = itemsOf(await get(`/articles/${calendar.id}/suggestions`)) as Json[];
    expect(others).toEqual([]);
    expect(suggestion).toMatchObject({ kind: "ai_revision", state: "open" });
    // The avoided word's sentence is marked deleted, and the rewrite without it inserted beside it, by the AI writer.
    const changes = changesInDocument((await get(`/articles/${calendar.id}`)).body);
    expect(changes.map(({ kind, text, userId }) => ({ kind, text, userId }))).toEqual([
      { kind: "deletion", text: DEMO_REVISED_LINE, userId: AI_AUTHOR.userId },
      { kind: "insertion", text: expect.not.stringMatching(/\bbold\b/), userId: AI_AUTHOR.userId },
    ]);
  });

  it("is built once: a second run changes nothing", async () => {
    const before = itemsOf(await get(`/w/${demo.workspaceId}/articles?per_page=100`)).length;
    expect(await buildDemo(fetcher)).toEqual({ created: false, workspaceId: demo.workspaceId });
    expect(itemsOf(await get(`/w/${demo.workspaceId}/articles?per_page=100`))).toHaveLength(before);
  });
});
