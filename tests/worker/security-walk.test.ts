import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { exports, env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ROOM_TOKEN_AUDIENCE, ROOM_TOKEN_ISSUER } from "../../core/collab";
import { documentFromPlainText } from "../../core/document/text";
import { articleSlug } from "../../core/slug";
import { AUTH_COOKIE_NAME, authStateFor, encodeAuthState } from "../../app/lib/auth-cookie";
import { articles, channelJoinRequests, channelMemberships, channels, folders, mailOutbox, mailQuotas } from "../../worker/db/schema";
import worker from "../../worker/index";
import { PAGE_BODY_LIMIT } from "../../worker/lib/page-body-limit";
import { MAIL_LIMITS } from "../../worker/services/mail-quota";
import { PUBLIC_PAGE_FRESH_SECONDS } from "../../worker/services/public-cache";
import { api, buildArticle, buildFolder, buildMember, buildWorkspace, db, json, tokenFor } from "../factories";

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** About 1.5 MB of markdown: under the 2 MB request cap, over what a D1 row holds once stored. */
const bigMarkdown = () => Array.from({ length: 1_500 }, (_, i) => `Paragraph ${i} ${"lorem ipsum dolor sit amet ".repeat(37)}`).join("\n\n");

// Converting 1.5 MB of markdown takes a few seconds on a busy machine: a guard against a hang, not a speed check.
const LARGE_BODY_TIMEOUT = 60_000;

describe("documents too large to store", () => {
  it("PUT /articles/:id with 1.5 MB of markdown answers 413 naming the field, and the body stays as it was", { timeout: LARGE_BODY_TIMEOUT }, async () => {
    const { workspace, owner } = await buildWorkspace();
    const token = await tokenFor(owner);
    const article = await buildArticle(workspace, owner, { text: "Small and fine" });
    const response = await api(`/articles/${article.id}`, { method: "PUT", token, body: { article: { markdown: bigMarkdown() } } });
    expect(response.status).toBe(413);
    const body = await json(response);
    expect(body.message).toMatch(/^markdown: is too large to store/);
    expect(body.fields.markdown).toHaveLength(1);
    const [stored] = await db.select().from(articles).where(eq(articles.id, article.id));
    expect(stored!.bodyText).toBe("Small and fine");
  });

  it("POST /w/:ws/articles with 1.5 MB of markdown answers 413 and creates nothing", { timeout: LARGE_BODY_TIMEOUT }, async () => {
    const { workspace, owner } = await buildWorkspace();
    const token = await tokenFor(owner);
    const response = await api(`/w/${workspace.id}/articles`, { method: "POST", token, body: { article: { title: "Huge", markdown: bigMarkdown() } } });
    expect(response.status).toBe(413);
    expect((await json(response)).fields.markdown).toBeDefined();
    expect(await db.select().from(articles).where(and(eq(articles.workspaceId, workspace.id), eq(articles.title, "Huge")))).toHaveLength(0);
  });

  it("the room's save-back of a body too large to store answers 413 naming body and stores nothing", async () => {
    const { workspace, owner } = await buildWorkspace();
    const article = await buildArticle(workspace, owner, { text: "Before the room" });
    const room = `article-${article.id}`;
    const secret = new TextEncoder().encode(env.COLLAB_TOKEN_SECRET!);
    const roomToken = await new SignJWT({ room }).setProtectedHeader({ alg: "HS256" }).setIssuer(ROOM_TOKEN_ISSUER).setAudience(ROOM_TOKEN_AUDIENCE).setExpirationTime("5m").sign(secret);
    // ~1.2 MB of text: the JSON is under the 2 MB request cap, but JSON and text together are not.
    const body = documentFromPlainText("word ".repeat(240_000));
    const response = await api(`/internal/rooms/${room}/document`, { method: "PUT", headers: { Authorization: `Bearer ${roomToken}` }, body: { body, editor_ids: [owner.id] } });
    expect(response.status).toBe(413);
    expect((await json(response)).fields.body).toBeDefined();
    const [stored] = await db.select().from(articles).where(eq(articles.id, article.id));
    expect(stored!.bodyText).toBe("Before the room");
  });

  it("an imported file too large to store fails by name with the reason; the other file is imported", { timeout: LARGE_BODY_TIMEOUT }, async () => {
    const { workspace, owner } = await buildWorkspace();
    const token = await tokenFor(owner);
    const form = new FormData();
    form.append("files", new File([bigMarkdown()], "huge.md", { type: "text/markdown" }));
    form.append("files", new File(["# Small one\n\nFine"], "small.md", { type: "text/markdown" }));
    const started = await exports.default.fetch(`https://app.test/v1/w/${workspace.id}/imports`, { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form });
    expect(started.status).toBe(202);
    const { key } = (await json(started)).data;
    let job: Record<string, any> = {}; // eslint-disable-line @typescript-eslint/no-explicit-any
    for (let attempt = 0; attempt < 1000 && !["successful", "failed", "aborted"].includes(job.status); attempt++) {
      if (attempt) await new Promise((resolve) => setTimeout(resolve, 50));
      job = (await json(await api(`/imports/${key}`, { token }))).data;
    }
    expect(job.status).toBe("successful");
    const huge = job.results.find((result: { name: string }) => result.name === "huge.md");
    expect(huge.error).toMatch(/too large to store/);
    expect(huge.article_id ?? huge.articleId ?? null).toBeNull();
    const titles = (await db.select().from(articles).where(eq(articles.workspaceId, workspace.id))).map((row) => row.title);
    expect(titles).toEqual(["Small one"]);
  });
});

describe("public pages behind a folder password", () => {
  /** Fetches a page through the whole Worker, as a browser would (redirects not followed). */
  const page = (path: string) => exports.default.fetch(`https://app.test${path}`, { redirect: "manual" });

  /** A published page in a folder (inside a parent folder), rendered once so the cache holds it. */
  async function cachedPageInFolder() {
    const { workspace, owner } = await buildWorkspace();
    const token = await tokenFor(owner);
    const parent = await buildFolder(workspace, owner);
    const folder = await buildFolder(workspace, owner, { parentId: parent.id });
    const article = await buildArticle(workspace, owner, { folderId: folder.id, text: "Launch prices, not for everyone" });
    expect((await api(`/articles/${article.id}/make_public`, { method: "PUT", token, body: {} })).status).toBe(200);
    const path = `/p/${articleSlug(article.title, article.id)}`;
    expect((await page(path)).status).toBe(200);
    expect((await page(path)).headers.get("X-Cache")).toBe("HIT");
    return { token, parent, folder, path };
  }

  it("a password set on its folder, or a folder above it, takes the cached page down", async () => {
    const first = await cachedPageInFolder();
    expect((await api(`/folders/${first.folder.id}`, { method: "PUT", token: first.token, body: { folder: { password: "hunter22" } } })).status).toBe(200);
    const gone = await page(first.path);
    expect(gone.status).toBe(404);
    expect(await gone.text()).not.toContain("Launch prices");

    const second = await cachedPageInFolder();
    expect((await api(`/folders/${second.parent.id}`, { method: "PUT", token: second.token, body: { folder: { password: "hunter22" } } })).status).toBe(200);
    expect((await page(second.path)).status).toBe(404);
  });

  it("a copy that missed the purge of a folder password is dropped at its first re-check, not stored again", async () => {
    const { parent, path } = await cachedPageInFolder();
    // The folder above is locked without this data centre hearing of it (the purge went elsewhere).
    await db.update(folders).set({ passwordHash: "locked elsewhere" }).where(eq(folders.id, parent.id));
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + (PUBLIC_PAGE_FRESH_SECONDS + 1) * 1000 });
    // Served once more while stale (the re-check runs after the response), then gone.
    expect((await page(path)).status).toBe(200);
    await vi.waitFor(async () => expect((await page(path)).status).toBe(404), { timeout: 3_000, interval: 50 });
  });
});

describe("API responses", () => {
  it("are never sniffed, framed or sent on as a referrer: answers, errors and unknown routes alike", async () => {
    const { owner } = await buildWorkspace();
    const token = await tokenFor(owner);
    const answers = [
      await api("/users/self", { token }),
      await api("/users/self"),
      await api("/articles/999999999", { token }),
      await api("/no/such/route", { token }),
      await api("/health"),
    ];
    expect(answers.map((response) => response.status)).toEqual([200, 401, 404, 404, 200]);
    for (const response of answers) {
      expect(response.headers.get("X-Content-Type-Options"), response.url).toBe("nosniff");
      expect(response.headers.get("X-Frame-Options"), response.url).toBe("DENY");
      expect(response.headers.get("Referrer-Policy"), response.url).toBe("no-referrer");
      // Nothing that would stop another origin's client from using the API.
      expect(response.headers.get("Cross-Origin-Resource-Policy")).toBeNull();
      expect(response.headers.get("Access-Control-Allow-Origin") ?? "*").toBe("*");
    }
  });
});

describe("group join requests", () => {
  beforeEach(() => {
    // Limits count per clock hour: hold the clock mid-hour so the window cannot turn mid-test.
    const midHour = new Date();
    midHour.setUTCMinutes(30, 0, 0);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(midHour);
  });

  it("count the mails to the group's owners against the asker's hourly limit: over it, 429 and nothing written or sent", async () => {
    const { workspace, owner } = await buildWorkspace();
    const asker = await buildMember(workspace);
    const [group] = await db.insert(channels).values({ workspaceId: workspace.id, name: `Closed ${crypto.randomUUID()}`, visibility: "closed", createdById: owner.id }).returning();
    await db.insert(channelMemberships).values({ channelId: group!.id, userId: owner.id, role: "owner" });
    const hour = 60 * 60 * 1000;
    // The asker has already caused as much mail as an hour allows.
    await db.insert(mailQuotas).values({ key: `user:${asker.user.id}`, windowStart: Math.floor(Date.now() / hour) * hour, count: MAIL_LIMITS.perUser });
    const refused = await api(`/channels/${group!.id}/join`, { method: "POST", token: asker.token, body: { user_id: asker.user.id } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await db.select().from(channelJoinRequests).where(eq(channelJoinRequests.channelId, group!.id))).toHaveLength(0);
    expect((await db.select().from(mailOutbox).where(eq(mailOutbox.to, owner.email))).filter((mail) => mail.kind === "channel_join_request")).toHaveLength(0);

    // Someone with mail to spare asks the same group: 202, and the owner hears of it.
    const other = await buildMember(workspace);
    expect((await api(`/channels/${group!.id}/join`, { method: "POST", token: other.token, body: { user_id: other.user.id } })).status).toBe(202);
    expect((await db.select().from(mailOutbox).where(eq(mailOutbox.to, owner.email))).filter((mail) => mail.kind === "channel_join_request")).toHaveLength(1);
  });
});

describe("page form bodies", () => {
  const MB = 1024 * 1024;
  const form = (size: number) => `intent=login&email=someone%40example.com&password=${"x".repeat(size)}`;

  /** A page request handed to the fetch handler as a Request, so the test sees exactly what the Worker pulls of its body. */
  async function sendPage(path: string, init: RequestInit) {
    const ctx = createExecutionContext();
    const request = new Request(`https://app.test${path}`, init) as Request<unknown, IncomingRequestCfProperties>;
    const response = await worker.fetch(request, env, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  }

  it("answers 413 to a page action whose Content-Length is over the cap, before Remix reads the form", async () => {
    const response = await sendPage("/login_or_signup", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://app.test", Host: "app.test" },
      body: form(3 * MB),
    });
    expect(response.status).toBe(413);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(await response.text()).toContain(`over the ${PAGE_BODY_LIMIT / MB} MB a form may send`);
    expect(response.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
  });

  it("reads the rest of a page body without Content-Length past the cap before its 413 page", async () => {
    const chunk = new Uint8Array(256 * 1024).fill(120);
    let sent = 0;
    let ended = false;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(new TextEncoder().encode("intent=login&password=")),
      pull(controller) {
        if (sent >= 5 * MB) {
          ended = true;
          return controller.close();
        }
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const response = await sendPage("/login_or_signup", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://app.test", Host: "app.test" }, body });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain(`over the ${PAGE_BODY_LIMIT / MB} MB a form may send`);
    // Read to its end, though only the first 2 MB were judged: the connection it came on can carry the next request.
    expect(ended).toBe(true);
  });

  it("still hands a small form, with or without Content-Length, to the page's action", async () => {
    const small = form(10);
    const withLength = await sendPage("/login_or_signup", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://app.test", Host: "app.test" }, body: small });
    const streamed = await sendPage("/login_or_signup", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://app.test", Host: "app.test" },
      body: new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(small));
          controller.close();
        },
      }),
    });
    // The sign-in action judged the form (a wrong password: the page again, 400) the same both ways.
    expect(withLength.status).toBe(400);
    expect(streamed.status).toBe(400);
    for (const response of [withLength, streamed]) expect(await response.text()).toContain("Sign in or create an account");
  });

  it("lets the import page stream an upload over the page cap through to the API, which starts its job", async () => {
    const { workspace, owner } = await buildWorkspace();
    const token = await tokenFor(owner);
    const upload = new FormData();
    // 3 MB of markdown: over the page cap, under the import's 5 MB a file.
    upload.append("files", new File([`# Big import\n\n${"Lorem ipsum dolor sit amet. ".repeat(3 * MB / 28)}`], "big.md"));
    const response = await exports.default.fetch(`https://app.test/workspaces/${workspace.id}/import?index`, {
      method: "POST",
      headers: { Cookie: `${AUTH_COOKIE_NAME}=${encodeAuthState(authStateFor(`Bearer ${token}`))}`, Origin: "https://app.test", Host: "app.test" },
      body: upload,
      redirect: "manual",
    });
    expect(response.status).toBe(302);
  });
});
