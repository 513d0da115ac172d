import { DEMO, DEMO_PEOPLE } from "../seed";
import { DEMO_BRAND, DEMO_DOCS, DEMO_LOGO_SVG, DEMO_PHOTO_SVG, DEMO_REVISED_LINE, DEMO_ROAST_NOTES, type DemoDoc } from "./content";
import { codeBlock, image, richDocument, tableOfContents, toggle, withTodoIds } from "./document";

/**
 * The demo workspace, built through the Worker's own API as the demo people (the same
 * endpoints the app uses), so every feature appears as a user would have made it. The
 * accounts and memberships come from scripts/seed.ts. `fetcher` reaches the Worker:
 * `fetch` against a running stack, or the Worker itself in a test.
 */
export type Fetcher = (path: string, init?: RequestInit) => Promise<Response>;

export interface DemoResult {
  /** False when the workspace already had the demo (its brand kit): nothing was changed. */
  created: boolean;
  workspaceId: number;
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

class DemoError extends Error {}

/** One signed-in demo person calling the API; any answer but 2xx stops the build, saying which call. */
class Person {
  constructor(
    private fetcher: Fetcher,
    private token: string,
    public workspaceId = 0,
  ) {}

  static async signIn(fetcher: Fetcher, email: string, password: string) {
    const response = await fetcher("/v1/users/sign_in", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ user: { email, password } }),
    });
    if (!response.ok) throw new DemoError(`signing in as ${email} answered ${response.status}: ${await response.text()}`);
    return new Person(fetcher, response.headers.get("Authorization")!.replace(/^Bearer /, ""));
  }

  async raw(method: string, path: string, body?: BodyInit | object, headers: Record<string, string> = {}) {
    const isJson = body !== undefined && !(body instanceof FormData) && !(body instanceof Uint8Array) && typeof body !== "string";
    const response = await this.fetcher(`/v1${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${this.token}`,
        ...(this.workspaceId ? { "X-Workspace-Id": String(this.workspaceId) } : {}),
        ...(isJson ? { "Content-Type": "application/json" } : {}),
        ...headers,
      },
      body: isJson ? JSON.stringify(body) : (body as BodyInit | undefined),
    });
    if (!response.ok) throw new DemoError(`${method} /v1${path} answered ${response.status}: ${(await response.text()).slice(0, 500)}`);
    return response;
  }

  async call(method: string, path: string, body?: object): Promise<Json> {
    const response = await this.raw(method, path, body);
    return response.status === 204 ? {} : ((await response.json()) as Json).data;
  }

  /** The upload flow the browser uses: an upload link, then the bytes to it. */
  async upload(file: { name: string; type: string; content: string }, target: { article_id: number } | { workspace_id: number }) {
    const bytes = new TextEncoder().encode(file.content);
    const link = await this.call("POST", "/files/upload_url", { filename: file.name, content_type: file.type, size: bytes.byteLength, ...target });
    const response = await this.raw(link.method ?? "PUT", link.upload_url.replace(/^\/v1/, ""), bytes, { ...link.headers, "Content-Type": file.type });
    return ((await response.json()) as Json).data as Json;
  }

  /** A generation, read to its end (the server-sent `done` event carries the result). */
  async generate(body: object): Promise<Json> {
    const response = await this.raw("POST", `/w/${this.workspaceId}/generations`, body);
    const stream = await response.text();
    const done = stream.split("\n\n").find((event) => event.startsWith("event: done"));
    if (!done) throw new DemoError(`a ${(body as Json).kind} generation did not finish: ${stream.slice(-500)}`);
    return JSON.parse(done.slice(done.indexOf("data: ") + 6)) as Json;
  }
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const daysFromNow = (days: number) => isoDay(new Date(Date.now() + days * 86_400_000));

export async function buildDemo(fetcher: Fetcher): Promise<DemoResult> {
  const owner = await Person.signIn(fetcher, DEMO.email, DEMO.password);
  const workspaces = (await owner.call("GET", "/w")) as Json[];
  const workspace = workspaces.find((w) => w.key === DEMO.workspaceKey);
  if (!workspace) throw new DemoError(`${DEMO.email} is not in the "${DEMO.workspaceKey}" workspace: run the seed first`);
  const ws = workspace.id as number;
  owner.workspaceId = ws;

  // The brand kit is the marker: once it exists, the demo is there and is left as the user changed it.
  const kits = (await owner.call("GET", `/w/${ws}/brand_kits`)) as Json[];
  if (kits.some((kit) => kit.name === DEMO_BRAND.name)) return { created: false, workspaceId: ws };

  // With Stripe configured, the seeded workspace (made by the seed, not a sign-up) starts the Pro
  // trial a sign-up's first workspace has, so the demo fits its limits; without, it has DEFAULT_PLAN.
  const billing = await owner.call("GET", `/w/${ws}/billing`);
  if (billing.can_start_free_trial) await owner.call("POST", `/w/${ws}/billing/trial`);

  const member = await Person.signIn(fetcher, DEMO_PEOPLE.member.email, DEMO_PEOPLE.member.password);
  const guest = await Person.signIn(fetcher, DEMO_PEOPLE.guest.email, DEMO_PEOPLE.guest.password);
  member.workspaceId = ws;
  guest.workspaceId = ws;
  const ownerId = (await owner.call("GET", "/users/self")).id as number;
  const memberId = (await member.call("GET", "/users/self")).id as number;
  const guestId = (await guest.call("GET", "/users/self")).id as number;

  // The brand: a kit with its logo, palette, fonts and the six voice notes; the house style.
  const kit = await owner.call("POST", `/w/${ws}/brand_kits`, {
    name: DEMO_BRAND.name,
    colors: DEMO_BRAND.colors,
    fonts: DEMO_BRAND.fonts,
    notes: DEMO_BRAND.notes,
    is_default: true,
  });
  const logo = await owner.upload({ name: "fernhill-logo.svg", type: "image/svg+xml", content: DEMO_LOGO_SVG }, { workspace_id: ws });
  await owner.call("PUT", `/brand_kits/${kit.id}/logos/Original`, { upload_id: logo.id });
  await owner.call("PUT", `/w/${ws}/article_style`, DEMO_BRAND.houseStyle);

  // Folders, and a dozen documents in them in every status.
  const folders: Record<string, Json> = {};
  for (const name of ["Brand", "Marketing", "Operations"]) {
    folders[name] = await owner.call("POST", `/w/${ws}/folders`, { folder: { name, description: `${DEMO_BRAND.name}: ${name.toLowerCase()} documents` } });
  }
  const docs: Record<string, Json> = {};
  const photo = await owner.upload({ name: "harvest-photo.svg", type: "image/svg+xml", content: DEMO_PHOTO_SVG }, { workspace_id: ws });
  for (const doc of DEMO_DOCS) {
    const author = doc.author === "member" ? member : owner;
    docs[doc.key] = await author.call("POST", `/w/${ws}/articles`, {
      article: { title: doc.title, folder_id: doc.folder ? folders[doc.folder]!.id : null, body: bodyOf(doc, photo), ...(doc.private && { private: true }) },
    });
    if (doc.status !== "draft") await author.call("PUT", `/articles/${docs[doc.key]!.id}`, { article: { status: doc.status } });
  }

  // The brain: a note, a document and a file.
  await owner.call("POST", `/w/${ws}/knowledge_sources`, {
    source: { type: "text", title: "Who we are", text: `${DEMO_BRAND.notes.company_info}\n\n${DEMO_BRAND.notes.product_or_service_description}` },
  });
  await owner.call("POST", `/w/${ws}/knowledge_sources`, { source: { type: "article", article_id: docs.guidelines!.id } });
  const roastNotes = await owner.upload({ name: "roast-notes.md", type: "text/markdown", content: DEMO_ROAST_NOTES }, { workspace_id: ws });
  await owner.call("POST", `/w/${ws}/knowledge_sources`, { source: { type: "file", upload_id: roastNotes.id } });

  // A handbook with sections, two templates, a page in the public directory.
  const handbook = await owner.call("POST", `/w/${ws}/handbooks`, { title: "Fernhill Handbook", description: "How we roast, write and work." });
  for (const [section, keys] of [
    ["Our brand", ["guidelines", "story"]],
    ["Working here", ["onboarding", "wholesale"]],
  ] as const) {
    const item = await owner.call("POST", `/handbooks/${handbook.key}/items`, { type: "section", title: section });
    for (const key of keys) await owner.call("POST", `/handbooks/${handbook.key}/items`, { type: "doc", article_id: docs[key]!.id, parent_id: item.id });
  }
  for (const [key, title] of [
    ["launchBrief", "Template: product launch brief"],
    ["meetingNotes", "Template: meeting notes"],
  ] as const) {
    await owner.call("POST", `/articles/${docs[key]!.id}/save_as_template`, { title });
  }
  const categories = (await owner.call("GET", "/categories")) as Json[];
  const category = categories.find((c) => c.slug === "marketing") ?? categories[0];
  await owner.call("PUT", `/articles/${docs.story!.id}/make_public`, { category_id: category?.id ?? null });

  // People: a group, shares at each access level, a favourite, an archived document, a waiting access request.
  const group = await owner.call("POST", `/w/${ws}/channels`, { channel: { name: "Roastery crew", description: "Everyone who works the roaster", visibility: "public" } });
  await owner.call("POST", `/channels/${group.id}/channel_memberships`, { emails: [DEMO_PEOPLE.member.email] });
  await owner.call("POST", `/articles/${docs.pricing!.id}/accesses`, {
    member_accesses: [
      { target_type: "User", target_id: memberId, permission: "edit" },
      { target_type: "Channel", target_id: group.id, permission: "comment" },
    ],
  });
  await owner.call("POST", `/articles/${docs.wholesale!.id}/accesses`, { member_accesses: [{ target_type: "User", target_id: guestId, permission: "read" }] });
  await owner.call("POST", `/folders/${folders.Marketing!.id}/accesses`, { member_accesses: [{ target_type: "User", target_id: memberId, permission: "owner" }] });
  // Maya shares her draft with Dana, so Dana's "Shared with me" has it.
  await member.call("POST", `/articles/${docs.newsletter!.id}/accesses`, { member_accesses: [{ target_type: "User", target_id: ownerId, permission: "edit" }] });
  await owner.call("POST", `/articles/${docs.guidelines!.id}/favorite`);
  await owner.call("POST", `/folders/${folders.Brand!.id}/favorite`);
  await owner.call("PUT", `/articles/${docs.oldMenu!.id}/archive`);
  await guest.call("POST", `/articles/${docs.pricing!.id}/access_requests`, { permission: "read", message: "Could I see the wholesale prices for our café?" });
  for (const key of ["guidelines", "pricing", "launchPlan"]) await owner.call("GET", `/articles/${docs[key]!.id}`);

  // Reviews, so both inboxes have something waiting: each matches its document's status.
  await owner.call("POST", `/articles/${docs.launchPlan!.id}/reviews`, {
    kind: "approval",
    user_ids: [memberId],
    message: "Can you sign off the launch plan before we book the shop window?",
    due_at: `${daysFromNow(2)}T17:00:00Z`,
  });
  await member.call("POST", `/articles/${docs.cuppingNotes!.id}/reviews`, { kind: "approval", user_ids: [ownerId], message: "Scores from Tuesday's cupping, ready for you." });
  await member.call("POST", `/articles/${docs.newsletter!.id}/reviews`, { kind: "informal_feedback_request", user_ids: [ownerId], message: "Does the opening sound like us?" });
  const pricingReview = await owner.call("POST", `/articles/${docs.pricing!.id}/reviews`, { kind: "suggest_changes", user_ids: [memberId] });
  await member.call("POST", `/reviews/${pricingReview.id}/answer`, { answer: "feedback", comment: "Round the café tier to £24 a kilo; the rest reads well." });
  await owner.call("POST", `/articles/${docs.onboarding!.id}/reviews`, { kind: "read_receipt", user_ids: [memberId], message: "Please read before your first roast shift." });

  // Comments on the price list: an open thread on its words with a mention and a reply, and a
  // resolved one (each thread's words carry its comment mark in the document).
  const delivery = await member.call("POST", `/articles/${docs.pricing!.id}/comments`, {
    body: "Should this say Bristol and Bath? Both Bath cafés order from us now. @Dana",
    quote: { exact: "free within Bristol", prefix: "Delivery is ", suffix: " on Tuesdays" },
    mention_ids: [ownerId],
  });
  await owner.call("POST", `/articles/${docs.pricing!.id}/comments`, { body: "Yes, from November. I'll change it once the van route is confirmed.", parent_id: delivery.id });
  const origin = await owner.call("POST", `/articles/${docs.pricing!.id}/comments`, { body: "Check this against the new green prices before it goes out.", quote: { exact: "£27.00", prefix: "", suffix: "" } });
  await owner.call("PATCH", `/comments/${origin.id}`, { resolved: true });

  // Todos on the launch plan's check list: Dana gives Maya two, Maya ticks one off (its box in the plan follows).
  const plan = await owner.call("GET", `/articles/${docs.launchPlan!.id}`);
  const todoIds = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
  await owner.call("PUT", `/articles/${plan.id}`, { article: { body: withTodoIds(plan.body, todoIds) } });
  const planTodos = [
    { text: "Book the photographer for launch day", by: owner, assignee_id: memberId, due_on: daysFromNow(4) },
    { text: "Order tasting-flight glasses for both cafés", by: member, assignee_id: ownerId, due_on: daysFromNow(6) },
    { text: "Draft the teaser posts", by: owner, assignee_id: memberId, due_on: daysFromNow(1) },
  ];
  const made = [];
  for (const [index, { by, ...todo }] of planTodos.entries()) made.push(await by.call("POST", `/articles/${plan.id}/todos`, { ...todo, todo_id: todoIds[index] }));
  await member.call("PATCH", `/todos/${made[2]!.id}`, { done: true });

  // An AI revision waiting on the social calendar: the brand voice takes out a word it avoids,
  // and the rewrite sits as a suggestion (so the calendar's status is `suggestions`) for Dana to merge.
  await owner.call("POST", `/articles/${docs.socialCalendar!.id}/ai_revisions`, { text: DEMO_REVISED_LINE, brand_kit_id: kit.id });

  // An import, as the Import page makes one.
  const form = new FormData();
  form.append("files", new File([DEMO_ROAST_NOTES], "roast-notes.md", { type: "text/markdown" }));
  form.append("folder_id", String(folders.Operations!.id));
  await owner.raw("POST", `/w/${ws}/imports`, form);

  // Content: a campaign with its plan and pieces (some approved), a nurture sequence, a blog post.
  const campaign = await owner.call("POST", `/w/${ws}/campaigns`, {
    name: "Autumn harvest launch",
    brief: "Launch our new single-origin Ethiopian Guji for the autumn: tasting notes of peach and jasmine, roasted light, in shops and online.",
    goal: "Sell out the first 200 bags",
    starts_on: daysFromNow(3),
    ends_on: daysFromNow(24),
    channels: ["instagram", "linkedin"],
    strategy: "PyramidStrategy",
    per_channel: 2,
    brand_kit_id: kit.id,
  });
  const items = (campaign.items ?? (await owner.call("GET", `/campaigns/${campaign.id}`)).items) as Json[];
  for (const item of items.slice(0, 2)) await owner.call("POST", `/campaign_items/${item.id}/approve`);
  await adCapAndDraft(owner, ws);
  await owner.generate({
    kind: "email_sequence",
    brief: { kind: "nurture", topic: "Brewing better coffee at home", audience: "New subscribers", count: 4, cadence_days: 3, goal: "Start a subscription", brand_kit_id: kit.id },
  });
  await owner.generate({
    kind: "blog_draft",
    brief: {
      topic: "How to brew a light roast at home",
      keywords: ["pour-over", "light roast"],
      audience: "Home brewers",
      length: "short",
      brand_kit_id: kit.id,
      outline: [
        { heading: "Why light roasts taste different", points: ["origin flavour", "acidity"] },
        { heading: "Grind, water and time", points: ["a finer grind", "water just off the boil"] },
        { heading: "Three recipes to start with", points: ["V60", "AeroPress", "French press"] },
      ],
    },
  });
  // Scheduling: two Sandbox accounts, a weekday schedule with a queued post, posts over the next
  // two weeks (one for both accounts, one draft) and one published straight away.
  const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
  const main = await owner.call("POST", `/w/${ws}/social_accounts`, { network: "sandbox", display_name: "Fernhill Coffee" });
  const cafe = await owner.call("POST", `/w/${ws}/social_accounts`, { network: "sandbox", display_name: "Fernhill Café" });
  // Analytics: the Sandbox's simulated past (a few posts over the last two weeks, their figures and
  // the accounts' followers collected day by day), so the page charts a history, not one dot.
  // Four posts: the plan's monthly scheduled posts count them, and a Free demo stays within its ten.
  const daysAgo = (days: number, hour: number) => new Date(new Date(Date.now() - days * 86_400_000).setUTCHours(hour, 0, 0, 0)).toISOString();
  await owner.call("POST", `/w/${ws}/sandbox/history`, {
    account_id: main.id,
    posts: [
      { text: "New on the shelf: our Huila decaf, sugar-cane processed, all the sweetness and none of the buzz.", published_at: daysAgo(12, 8) },
      { text: "How we roast: small batches on a 15 kg drum, every profile logged. The full story: https://fernhill.example/roastery", published_at: daysAgo(5, 9) },
    ],
  });
  await owner.call("POST", `/w/${ws}/sandbox/history`, {
    account_id: cafe.id,
    posts: [
      { text: "Saturday latte art throwdown at the café: sign up at the bar, winner takes a bag of Guji.", published_at: daysAgo(9, 11) },
      { text: "Oat flat white and a cardamom bun: the café's most ordered pair this week.", published_at: daysAgo(2, 14) },
    ],
  });
  const mornings = await owner.call("POST", `/w/${ws}/schedules`, {
    account_id: main.id,
    name: "Weekday mornings",
    slots: ["mon", "wed", "fri"].map((day) => ({ day, time: "08:30" })),
    time_zone: "Europe/London",
  });
  const guji = await owner.call("POST", `/w/${ws}/posts`, {
    text: "Guji is back. Peach, jasmine and a clean, tea-like finish, roasted light on Thursday. #ColdBrew #SingleOrigin",
    targets: [{ account_id: main.id }, { account_id: cafe.id, text: "Guji is back on the bar from Friday: ask for it as a pour-over. #SingleOrigin" }],
    publish_at: inHours(50),
  });
  await owner.call("POST", `/w/${ws}/posts`, { text: "Cupping Friday: taste three new arrivals with our roasters, 4 pm at the roastery. Free, no booking.", targets: [{ account_id: cafe.id }], publish_at: inHours(120) });
  await owner.call("POST", `/w/${ws}/posts`, { text: "Brew guide: the 1:16 V60 we use on the bar.", targets: [{ account_id: main.id }], schedule_id: mornings.id });
  await member.call("POST", `/w/${ws}/posts`, { text: "Draft: holiday gift boxes announcement (prices to confirm).", targets: [{ account_id: main.id }], draft: true, publish_at: inHours(240) });
  const now = await owner.call("POST", `/w/${ws}/posts`, { text: "Good morning from the roastery: today's batch is our Fernhill House blend.", targets: [{ account_id: main.id }], publish_at: inHours(1) });
  await owner.call("POST", `/posts/${now.id}/publish_now`);
  await collectFigures(owner, now.id);
  await runAdCampaign(owner, campaign.id as number);
  await connectZapier(fetcher, owner, [guji.id, now.id]);
  await historyAndBranches(owner, member, ws, docs.story!.id as number, memberId);
  return { created: true, workspaceId: ws };
}

/**
 * Analytics: once the post is out (the queue publishes it within a second or two), its figures
 * are collected at once, as "Refresh figures" does, instead of on the next minute's pass.
 */
async function collectFigures(owner: Person, postId: number) {
  for (let waited = 0; waited < 15_000; waited += 250) {
    if ((await owner.call("GET", `/posts/${postId}`)).state === "published") break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await owner.call("POST", `/w/${owner.workspaceId}/analytics/collect`);
}

/**
 * The rest of the Paid ads page: a monthly cap with room, and a draft left half-way for "Continue".
 */
async function adCapAndDraft(owner: Person, ws: number) {
  const ads = `/w/${ws}/ads`;
  await owner.call("PUT", `${ads}/settings`, { monthly_cap_minor: 100_000, currency: "USD" });
  const draft = await owner.call("POST", `${ads}/campaigns`, { name: "Holiday gift boxes" });
  await owner.call("PATCH", `${ads}/campaigns/${draft.id}/steps/objective`, { objective: "OUTCOME_SALES" });
}

/**
 * Paid ads: a Sandbox ad campaign made through the wizard from the content campaign (its approved
 * piece as the creative), launched, so the Paid ads page shows delivery accruing with each cron tick.
 */
async function runAdCampaign(owner: Person, contentCampaignId: number) {
  const ws = owner.workspaceId;
  const ad = await owner.call("POST", `/w/${ws}/ads/campaigns`, { content_campaign_id: contentCampaignId });
  const step = (name: string, body: Json) => owner.call("PATCH", `/w/${ws}/ads/campaigns/${ad.id}/steps/${name}`, body);
  await step("objective", { objective: "OUTCOME_TRAFFIC", name: "Autumn harvest launch — Instagram ads" });
  await step("categories", { special_ad_categories: ["NONE"] });
  await step("audience", { locations: [{ type: "country", key: "GB", name: "United Kingdom" }], age_min: 25, age_max: 54, interests: [{ id: "6003148827026", name: "Coffee" }] });
  await step("placements", { automatic: false, placements: ["instagram_feed", "instagram_stories"] });
  const start = Date.now();
  await step("budget", { budget: { type: "daily", amount_minor: 1500, currency: "USD" }, schedule: { start: new Date(start).toISOString(), end: new Date(start + 21 * 86_400_000).toISOString() } });
  const fromPieces = ((ad.draft?.creatives?.creatives ?? []) as Json[]).map((creative) => ({ ...creative, link_url: "https://fernhill.example/guji", call_to_action: "SHOP_NOW" }));
  const typed = { primary_text: "Guji is back: peach, jasmine and a clean, tea-like finish. Roasted light, in shops and online.", headline: "Autumn harvest: Ethiopian Guji", link_url: "https://fernhill.example/guji", call_to_action: "SHOP_NOW" };
  await step("creatives", { creatives: fromPieces.length ? fromPieces : [typed] });
  await owner.call("POST", `/w/${ws}/ads/campaigns/${ad.id}/launch`);
}

/**
 * The workspace key a Zapier zap would hold, and a few calls it made through the public API
 * (each recorded in the audit trail by the key gate), so API keys shows a key in use.
 */
async function connectZapier(fetcher: Fetcher, owner: Person, postIds: number[]) {
  const key = await owner.call("POST", `/w/${owner.workspaceId}/api_keys`, { name: "Zapier", scopes: ["read", "write", "publish"] });
  for (const id of [...postIds, postIds[0]]) {
    const response = await fetcher(`/v1/posts/${id}`, { headers: { Authorization: `Bearer ${key.token}` } });
    if (!response.ok) throw new DemoError(`Zapier's GET /v1/posts/${id} answered ${response.status}: ${(await response.text()).slice(0, 500)}`);
    await response.body?.cancel();
  }
}

function bodyOf(doc: DemoDoc, photo: Json) {
  if (!doc.rich) return richDocument(doc.markdown);
  return richDocument(doc.markdown, {
    before: [tableOfContents()],
    after: [
      image(photo.page_url, "Coffee cherries on the branch at harvest", photo.id),
      toggle("Why we never say “bold”", ["Every roaster says bold. We describe what is in the cup instead: fruit, sweetness, body."]),
      codeBlock("css", `:root {\n  --fernhill-green: ${DEMO_BRAND.colors[0]!.value};\n  --crema: ${DEMO_BRAND.colors[1]!.value};\n  --roast: ${DEMO_BRAND.colors[2]!.value};\n}`),
    ],
  });
}

/**
 * History, branches and insights: Maya reads the public story (its insights have a reader),
 * then the workspace turns version control on, so the published story is changed on a branch:
 * Dana drafts an extra paragraph on one and sends it to Maya for approval (her inbox has it).
 * The story's history already holds the versions its status changes and publishing kept.
 */
async function historyAndBranches(owner: Person, member: Person, ws: number, storyId: number, memberId: number) {
  await member.call("POST", "/events", { event_name: "articles.view", workspace_id: ws, article_id: storyId, properties: {} });
  await member.call("POST", "/events", { event_name: "articles.read_progress", workspace_id: ws, article_id: storyId, properties: { seconds: 95, scroll_depth: 0.8 } });
  await owner.call("PUT", `/w/${ws}/settings/workspace`, { preferences: { version_control_mode: "branches" } });
  const branch = await owner.call("POST", `/articles/${storyId}/branches`, { name: "Forty-first café" });
  const body = branch.body as { root: { children: unknown[] } };
  body.root.children.push({
    type: "paragraph",
    version: 1,
    direction: null,
    format: "",
    indent: 0,
    textFormat: 0,
    textStyle: "",
    children: [{ type: "text", version: 1, text: "This winter we open our forty-first café, in the old signal box at Temple Meads.", format: 0, style: "", mode: "normal", detail: 0 }],
  });
  await owner.call("PUT", `/branches/${branch.id}`, { body });
  await owner.call("POST", `/branches/${branch.id}/submit`, { user_ids: [memberId], message: "One new paragraph for the story: can you approve it before we announce?" });
}
