import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { hashPassword } from "../../worker/auth/password";
import { articles, sitePosts } from "../../worker/db/schema";
import { integrationService } from "../../worker/services/integrations";
import type { ConnectedAccount, Connector } from "../../worker/services/publishing/providers/types";
import { api, buildArticle, buildMember, buildWorkspace, db, grant, json, tokenFor } from "../factories";
import { contextWith, dnsAnswer, reloadIntegration, seen, storeIntegration, type SeenRequest } from "./integration-helpers";

const USER = "editor";
const APP_PASSWORD = "abcd efgh ijkl mnop qrst uvwx";
const BASIC = `Basic ${btoa(`${USER}:${APP_PASSWORD}`)}`;

interface FakePost {
  id: number;
  title: string;
  content: string;
  status: string;
  slug: string;
}

/**
 * A WordPress site at blog.example.com as its REST API documents itself: the index at
 * /wp-json/, users/me?context=edit and posts, with Basic auth by application password, and
 * its error bodies ({code, message, data: {status}}). DNS-over-HTTPS answers for safe-fetch.
 */
function fakeWordPress({ prettyPermalinks = true, canPublish = true } = {}) {
  const options = { loseCreateAnswer: false };
  const requests: SeenRequest[] = [];
  const posts = new Map<number, FakePost>();
  let nextId = 100;
  // Answers are made when asked for: a Response made in the test may not be read by the Worker's request.
  const queued: (() => Response)[] = [];
  const wpError = (status: number, code: string, message: string) => Response.json({ code, message, data: { status } }, { status });

  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = await seen(input, init);
    if (request.url.hostname === "cloudflare-dns.com") {
      return dnsAnswer(request.url, { "blog.example.com": "93.184.216.34", "intranet.example.com": "10.0.0.7" });
    }
    requests.push(request);
    if (request.url.hostname !== "blog.example.com") return new Response("no such host", { status: 502 });
    // The route: /wp-json/<route> with pretty permalinks, ?rest_route=/<route> without.
    const route = prettyPermalinks ? request.url.pathname.replace(/^\/wp-json/, "") : request.url.searchParams.get("rest_route");
    if (!prettyPermalinks && request.url.pathname === "/" && route === null) {
      return new Response("<html>Fernhill</html>", { headers: { "content-type": "text/html", link: '<https://blog.example.com/?rest_route=/>; rel="https://api.w.org/"' } });
    }
    if (!prettyPermalinks && request.url.pathname.startsWith("/wp-json")) return new Response("<html>Not found</html>", { status: 404, headers: { "content-type": "text/html" } });
    if (route === "/" || route === "") {
      return Response.json({ name: "Fernhill Journal", url: "https://blog.example.com", home: "https://blog.example.com", namespaces: ["oembed/1.0", "wp/v2"], authentication: { "application-passwords": {} } });
    }
    if (request.headers.get("authorization") !== BASIC) return wpError(401, "incorrect_password", "The provided password is an invalid application password.");
    const next = queued.shift();
    if (next) return next();
    if (route === "/wp/v2/users/me" && request.method === "GET") {
      expect(request.url.searchParams.get("context")).toBe("edit");
      return Response.json({ id: 7, name: "Ed Itor", slug: "editor", roles: [canPublish ? "editor" : "contributor"], capabilities: { edit_posts: true, publish_posts: canPublish } });
    }
    if (route === "/wp/v2/posts" && request.method === "GET") {
      expect(request.url.searchParams.get("context")).toBe("edit");
      const slug = request.url.searchParams.get("slug");
      return Response.json([...posts.values()].filter((post) => post.slug === slug).map((post) => ({ id: post.id, link: `https://blog.example.com/?p=${post.id}`, slug: post.slug, status: post.status })));
    }
    const match = /^\/wp\/v2\/posts(?:\/(\d+))?$/.exec(route ?? "");
    if (match && request.method === "POST") {
      expect(request.headers.get("content-type")).toBe("application/json");
      const body = JSON.parse(request.body) as { title: string; content: string; status: string; slug: string };
      if (match[1]) {
        const post = posts.get(Number(match[1]));
        if (!post) return wpError(404, "rest_post_invalid_id", "Invalid post ID.");
        Object.assign(post, body);
        return Response.json({ id: post.id, link: `https://blog.example.com/?p=${post.id}`, status: post.status });
      }
      const post = { id: nextId++, ...body };
      posts.set(post.id, post);
      // The post is made, but the answer is lost on the way back.
      if (options.loseCreateAnswer) {
        options.loseCreateAnswer = false;
        throw new TypeError("Network connection lost.");
      }
      return Response.json({ id: post.id, link: `https://blog.example.com/?p=${post.id}`, status: post.status }, { status: 201 });
    }
    return wpError(404, "rest_no_route", "No route was found matching the URL and request method.");
  });
  return { fetch, requests, posts, options, answerNext: (response: () => Response) => void queued.push(response), wpError };
}

const wordpressForm = () => integrationService("wordpress")!.connectors[0] as Extract<Connector, { kind: "form" }>;
const connectForm = (fake: ReturnType<typeof fakeWordPress>, values: Partial<Record<"site_url" | "username" | "application_password", string>> = {}) =>
  wordpressForm().connect(contextWith(fake.fetch as unknown as typeof fetch), { site_url: "https://blog.example.com", username: USER, application_password: APP_PASSWORD, ...values });

afterEach(() => void vi.restoreAllMocks());

describe("connecting a WordPress site", () => {
  it("finds the REST API, checks the application password and that its user may publish", async () => {
    const fake = fakeWordPress();
    const [account] = await connectForm(fake);
    expect(account).toMatchObject({
      externalId: "blog.example.com",
      displayName: "Fernhill Journal",
      handle: "editor",
      url: "https://blog.example.com",
      settings: { restRoot: "https://blog.example.com/wp-json/", userId: "7" },
      credentials: { accessToken: APP_PASSWORD, extra: { username: USER } },
    });
    expect(fake.requests.map((r) => `${r.method} ${r.url.pathname}${r.url.search}`)).toEqual(["GET /wp-json/", "GET /wp-json/wp/v2/users/me?context=edit"]);
    expect(fake.requests[0]!.headers.get("authorization")).toBeNull();
    expect(fake.requests[1]!.headers.get("authorization")).toBe(BASIC);
  });

  it("finds the REST root through the Link header on a site without pretty permalinks", async () => {
    const fake = fakeWordPress({ prettyPermalinks: false });
    const [account] = await connectForm(fake, { site_url: "blog.example.com" });
    expect(account!.settings!.restRoot).toBe("https://blog.example.com/?rest_route=/");
    expect(fake.requests.at(-1)!.url.searchParams.get("rest_route")).toBe("/wp/v2/users/me");
  });

  it("refuses a wrong application password with WordPress's words", async () => {
    const fake = fakeWordPress();
    const error = await connectForm(fake, { application_password: "wrong" }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, message: expect.stringContaining("The provided password is an invalid application password.") });
    expect((error as { details: { fields: Record<string, string[]> } }).details.fields.application_password).toBeDefined();
  });

  it("refuses a user who may not publish posts", async () => {
    const error = await connectForm(fakeWordPress({ canPublish: false })).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, message: expect.stringContaining("may not publish posts") });
  });

  it("refuses a site on a private address without sending it anything", async () => {
    for (const site of ["http://intranet.example.com", "http://192.168.1.20", "http://localhost:8080"]) {
      const fake = fakeWordPress();
      const error = await connectForm(fake, { site_url: site }).catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 400, message: expect.stringMatching(/private network/) });
      expect(fake.requests).toEqual([]);
    }
  });
});

describe("publishing a document to WordPress", () => {
  let fake: ReturnType<typeof fakeWordPress>;
  beforeEach(() => {
    fake = fakeWordPress();
    vi.spyOn(globalThis, "fetch").mockImplementation(fake.fetch as unknown as typeof fetch);
  });

  async function connected() {
    const { workspace, owner } = await buildWorkspace();
    const token = await tokenFor(owner);
    const account = (await connectForm(fakeWordPress()))[0] as ConnectedAccount;
    const integration = await storeIntegration(workspace.id, owner.id, "wordpress", "site_builder", account);
    const article = await buildArticle(workspace, owner, { title: "Spring menu", text: "Wild garlic is back." });
    return { workspace, owner, token, integration, article };
  }

  const publish = (articleId: number, token: string, body: unknown, headers: Record<string, string> = {}) => api(`/articles/${articleId}/site_posts`, { method: "POST", token, body, headers });

  it("publishes the document as a post with its HTML, and keeps the post's id and link", async () => {
    const { token, integration, article } = await connected();
    const response = await publish(article.id, token, { integration_id: integration.id, status: "publish" });
    expect(response.status).toBe(200);
    const { data, recreated } = await json(response);
    expect(recreated).toBe(false);
    expect(data.post).toMatchObject({ remote_id: "100", url: "https://blog.example.com/?p=100", status: "publish", last_error: null });
    expect(data.post.published_at).toEqual(expect.any(String));

    const create = fake.requests.find((r) => r.method === "POST")!;
    expect(create.url.pathname).toBe("/wp-json/wp/v2/posts");
    expect(create.headers.get("authorization")).toBe(BASIC);
    const body = JSON.parse(create.body);
    expect(body).toMatchObject({ title: "Spring menu", status: "publish" });
    expect(body.content).toContain("<p");
    expect(body.content).toContain("Wild garlic is back.");

    const listed = await json(await api(`/articles/${article.id}/site_posts`, { token }));
    expect(listed.data).toEqual([expect.objectContaining({ integration: expect.objectContaining({ id: integration.id, label: "WordPress", display_name: "Fernhill Journal" }), post: expect.objectContaining({ remote_id: "100" }) })]);
  });

  it("republishing updates the same post instead of making another", async () => {
    const { token, integration, article } = await connected();
    await publish(article.id, token, { integration_id: integration.id });
    const again = await publish(article.id, token, { integration_id: integration.id, status: "draft" });
    expect(again.status).toBe(200);
    expect((await json(again)).data.post).toMatchObject({ remote_id: "100", status: "draft" });
    expect(fake.requests.filter((r) => r.method === "POST").map((r) => r.url.pathname)).toEqual(["/wp-json/wp/v2/posts", "/wp-json/wp/v2/posts/100"]);
    expect(fake.posts.size).toBe(1);
    expect(fake.posts.get(100)!.status).toBe("draft");
  });

  it("makes the post again, and says so, when it was deleted on WordPress", async () => {
    const { token, integration, article } = await connected();
    await publish(article.id, token, { integration_id: integration.id });
    fake.posts.clear();
    const again = await json(await publish(article.id, token, { integration_id: integration.id }));
    expect(again.recreated).toBe(true);
    expect(again.data.post).toMatchObject({ remote_id: "101", url: "https://blog.example.com/?p=101" });
  });

  it("after a create that got no answer, finds the post by its slug instead of making a second one", async () => {
    const { token, integration, article } = await connected();
    fake.options.loseCreateAnswer = true;
    const lost = await publish(article.id, token, { integration_id: integration.id });
    expect(lost.status).toBe(504);
    expect((await json(lost)).message).toContain("look on WordPress before trying again");
    expect(fake.posts.size).toBe(1);

    const again = await publish(article.id, token, { integration_id: integration.id });
    expect(again.status).toBe(200);
    expect((await json(again)).data.post).toMatchObject({ remote_id: "100", last_error: null });
    expect(fake.posts.size).toBe(1);
    const lookup = fake.requests.find((r) => r.method === "GET" && r.url.pathname === "/wp-json/wp/v2/posts")!;
    expect(lookup.url.searchParams.get("slug")).toBe(`spring-menu-${article.id}`);
    expect(fake.requests.filter((r) => r.method === "POST").map((r) => r.url.pathname)).toEqual(["/wp-json/wp/v2/posts", "/wp-json/wp/v2/posts/100"]);
  });

  it("asks to connect the site again when WordPress no longer accepts the application password (401)", async () => {
    const { token, integration, article } = await connected();
    fake.answerNext(() => fake.wpError(401, "incorrect_password", "The provided password is an invalid application password."));
    const response = await publish(article.id, token, { integration_id: integration.id });
    expect(response.status).toBe(409);
    const body = await json(response);
    expect(body.error).toBe("integration_reconnect");
    expect(body.message).toContain("Connect it again");
    expect((await reloadIntegration(integration.id)).state).toBe("needs_reauth");
    const [row] = await db.select().from(sitePosts).where(eq(sitePosts.articleId, article.id));
    expect(row!.lastError).toContain("invalid application password");

    // Until it is connected again, nothing is sent.
    const before = fake.requests.length;
    expect((await publish(article.id, token, { integration_id: integration.id })).status).toBe(409);
    expect(fake.requests.length).toBe(before);
  });

  it("shows WordPress's own words when it refuses the post (400)", async () => {
    const { token, integration, article } = await connected();
    fake.answerNext(() => fake.wpError(400, "rest_invalid_param", "Invalid parameter(s): status"));
    const response = await publish(article.id, token, { integration_id: integration.id });
    expect(response.status).toBe(422);
    expect((await json(response)).message).toBe("WordPress refused it: 400 Invalid parameter(s): status");
    const listed = await json(await api(`/articles/${article.id}/site_posts`, { token }));
    expect(listed.data[0].post).toMatchObject({ remote_id: null, last_error: "WordPress refused it: 400 Invalid parameter(s): status" });
  });

  it("says to try again later when WordPress is down (503 with Retry-After)", async () => {
    const { token, integration, article } = await connected();
    fake.answerNext(() => new Response("Service Unavailable", { status: 503, headers: { "Retry-After": "120" } }));
    const response = await publish(article.id, token, { integration_id: integration.id });
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("120");
  });

  it("refuses a site that now resolves to a private address, without sending the post", async () => {
    const { workspace, owner, token, article } = await connected();
    const integration = await storeIntegration(workspace.id, owner.id, "wordpress", "site_builder", {
      externalId: "intranet.example.com",
      displayName: "Intranet",
      handle: USER,
      avatarUrl: null,
      url: "http://intranet.example.com",
      settings: { restRoot: "http://intranet.example.com/wp-json/", userId: "7" },
      credentials: { accessToken: APP_PASSWORD, extra: { username: USER } },
      expiresAt: null,
    });
    const response = await publish(article.id, token, { integration_id: integration.id });
    expect(response.status).toBe(400);
    expect((await json(response)).message).toMatch(/private network/);
    expect(fake.requests.filter((r) => r.url.hostname === "intranet.example.com")).toEqual([]);
  });

  it("answers 404 for another workspace's integration, and sends nothing", async () => {
    const { token, article } = await connected();
    const other = await connected();
    const response = await publish(article.id, token, { integration_id: other.integration.id });
    expect(response.status).toBe(404);
    expect(fake.requests.filter((r) => r.method === "POST")).toEqual([]);
  });

  it("refuses a password-locked document without its password, and publishes it with", async () => {
    const { workspace, integration, article } = await connected();
    // An editor who is not the owner (owners never need their document's password).
    const { user, token } = await buildMember(workspace);
    await grant({ article }, "User", "edit", { userId: user.id });
    await db.update(articles).set({ passwordHash: await hashPassword("open sesame") }).where(eq(articles.id, article.id));
    const locked = await publish(article.id, token, { integration_id: integration.id });
    expect(locked.status).toBe(403);
    expect((await json(locked)).error).toBe("password_required");
    expect((await api(`/articles/${article.id}/site_posts`, { token })).status).toBe(403);
    expect(fake.requests.filter((r) => r.method === "POST")).toEqual([]);
    const open = await publish(article.id, token, { integration_id: integration.id }, { "X-Article-Password": "open sesame" });
    expect(open.status).toBe(200);
  });

  it("lets only members who may edit the document publish it", async () => {
    const { workspace, integration, article } = await connected();
    const reader = await buildMember(workspace);
    await grant({ article }, "User", "read", { userId: reader.user.id });
    const response = await publish(article.id, reader.token, { integration_id: integration.id });
    expect(response.status).toBe(403);
    expect((await api(`/articles/${article.id}/site_posts`, { token: reader.token })).status).toBe(200);
  });

  it("names the missing field when the body has no integration", async () => {
    const { token, article } = await connected();
    const response = await publish(article.id, token, { status: "publish" });
    expect(response.status).toBe(400);
    expect((await json(response)).fields.integration_id).toBeDefined();
  });
});
