import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { hashPassword } from "../../worker/auth/password";
import { articles } from "../../worker/db/schema";
import { integrationService } from "../../worker/services/integrations";
import type { ConnectedAccount, Connector } from "../../worker/services/publishing/providers/types";
import { api, buildArticle, buildMember, buildWorkspace, db, grant, json, tokenFor } from "../factories";
import { contextWith, reloadIntegration, seen, storeIntegration, type SeenRequest } from "./integration-helpers";

const TOKEN = "wf_access_token_1";
const APP = { clientId: "wf-client", clientSecret: "wf-secret" };
const REDIRECT = "https://app.test/integrations/webflow/callback";

/**
 * Webflow's Data API v2 as documented: the token exchange at api.webflow.com/oauth/access_token,
 * sites, collections (listed without fields, read one by one with them), items created,
 * patched and published, with Bearer auth and Webflow's error bodies ({code, message, details}).
 */
function fakeWebflow() {
  const options = { loseCreateAnswer: false };
  const requests: SeenRequest[] = [];
  const items = new Map<string, { id: string; isDraft: boolean; fieldData: Record<string, string> }>();
  const published: string[] = [];
  let nextId = 1;
  const queued: (() => Response)[] = [];
  const wfError = (status: number, code: string, message: string, details: unknown[] = []) => Response.json({ code, message, externalReference: null, details }, { status });

  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = await seen(input, init);
    requests.push(request);
    const { pathname } = request.url;
    if (request.url.host !== "api.webflow.com") return new Response("unexpected host", { status: 502 });
    if (pathname === "/oauth/access_token" && request.method === "POST") {
      const form = new URLSearchParams(request.body);
      expect(request.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
      if (form.get("code") !== "good-code") return Response.json({ error: "invalid_grant", error_description: "The authorization code is invalid or expired." }, { status: 400 });
      expect(Object.fromEntries(form)).toEqual({ code: "good-code", grant_type: "authorization_code", redirect_uri: REDIRECT, client_id: APP.clientId, client_secret: APP.clientSecret });
      return Response.json({ access_token: TOKEN, token_type: "bearer" });
    }
    if (request.headers.get("authorization") !== `Bearer ${TOKEN}`) return wfError(401, "not_authorized", "Request not authorized");
    const next = queued.shift();
    if (next) return next();
    if (pathname === "/v2/sites") {
      return Response.json({ sites: [{ id: "site-1", workspaceId: "ws-1", displayName: "Fernhill", shortName: "fernhill", customDomains: [{ id: "dom-1", url: "www.fernhill.com" }] }] });
    }
    if (pathname === "/v2/sites/site-1/collections") {
      return Response.json({
        collections: [
          { id: "col-blog", displayName: "Blog Posts", singularName: "Blog Post", slug: "post" },
          { id: "col-team", displayName: "Team", singularName: "Person", slug: "team" },
        ],
      });
    }
    if (pathname === "/v2/collections/col-blog") {
      return Response.json({
        id: "col-blog",
        displayName: "Blog Posts",
        singularName: "Blog Post",
        slug: "post",
        fields: [
          { id: "f1", isRequired: true, type: "PlainText", slug: "name", displayName: "Name" },
          { id: "f2", isRequired: true, type: "PlainText", slug: "slug", displayName: "Slug" },
          { id: "f3", isRequired: false, type: "PlainText", slug: "post-summary", displayName: "Post Summary" },
          { id: "f4", isRequired: false, type: "RichText", slug: "post-body", displayName: "Post Body" },
        ],
      });
    }
    if (pathname === "/v2/collections/col-team") {
      return Response.json({ id: "col-team", displayName: "Team", slug: "team", fields: [{ id: "t1", type: "PlainText", slug: "name", displayName: "Name" }, { id: "t2", type: "Image", slug: "photo", displayName: "Photo" }] });
    }
    if (pathname === "/v2/collections/col-blog/items" && request.method === "GET") {
      const slug = request.url.searchParams.get("slug");
      const found = [...items.values()].filter((item) => item.fieldData.slug === slug);
      return Response.json({ items: found, pagination: { limit: 100, offset: 0, total: found.length } });
    }
    if (pathname === "/v2/collections/col-blog/items" && request.method === "POST") {
      expect(request.headers.get("content-type")).toBe("application/json");
      const body = JSON.parse(request.body);
      const item = { id: `item-${nextId++}`, isDraft: body.isDraft, fieldData: body.fieldData };
      items.set(item.id, item);
      if (options.loseCreateAnswer) {
        options.loseCreateAnswer = false;
        throw new TypeError("Network connection lost.");
      }
      return Response.json({ id: item.id, cmsLocaleId: "loc", lastPublished: null, isArchived: false, isDraft: item.isDraft, fieldData: item.fieldData }, { status: 202 });
    }
    if (pathname === "/v2/collections/col-blog/items/publish" && request.method === "POST") {
      const { itemIds } = JSON.parse(request.body) as { itemIds: string[] };
      published.push(...itemIds);
      return Response.json({ publishedItemIds: itemIds, errors: [] }, { status: 202 });
    }
    const itemMatch = /^\/v2\/collections\/col-blog\/items\/([^/]+)$/.exec(pathname);
    if (itemMatch && request.method === "PATCH") {
      const item = items.get(itemMatch[1]!);
      if (!item) return wfError(404, "resource_not_found", "Requested resource not found");
      const body = JSON.parse(request.body);
      Object.assign(item, { isDraft: body.isDraft, fieldData: body.fieldData });
      return Response.json({ id: item.id, isDraft: item.isDraft, fieldData: item.fieldData });
    }
    return wfError(404, "route_not_found", "Route not found");
  });
  return { fetch, requests, items, published, options, answerNext: (answer: () => Response) => void queued.push(answer), wfError };
}

const connector = () => integrationService("webflow")!.connectors[0] as Extract<Connector, { kind: "oauth" }>;

afterEach(() => void vi.restoreAllMocks());

describe("connecting Webflow", () => {
  it("sends the person to Webflow's authorize page with the CMS scopes and the signed state", () => {
    const url = new URL(connector().authorizeUrl({ app: APP, redirectUri: REDIRECT, state: "signed-state", codeChallenge: "challenge" }, env));
    expect(url.origin + url.pathname).toBe("https://webflow.com/oauth/authorize");
    expect(Object.fromEntries(url.searchParams)).toEqual({ response_type: "code", client_id: APP.clientId, redirect_uri: REDIRECT, scope: "sites:read cms:read cms:write", state: "signed-state" });
  });

  it("exchanges the code and offers each blog-like collection of each site", async () => {
    const fake = fakeWebflow();
    const accounts = await connector().exchangeCode(contextWith(fake.fetch as unknown as typeof fetch), { app: APP, code: "good-code", codeVerifier: "v", redirectUri: REDIRECT });
    expect(accounts).toEqual([
      expect.objectContaining({
        externalId: "col-blog",
        displayName: "Fernhill · Blog Posts",
        url: "https://www.fernhill.com",
        credentials: { accessToken: TOKEN },
        expiresAt: null,
        settings: { siteId: "site-1", collectionId: "col-blog", nameField: "name", slugField: "slug", bodyField: "post-body", collectionSlug: "post", siteUrl: "https://www.fernhill.com" },
      }),
    ]);
    expect(fake.requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
      "POST /oauth/access_token",
      "GET /v2/sites",
      "GET /v2/sites/site-1/collections",
      "GET /v2/collections/col-blog",
      "GET /v2/collections/col-team",
    ]);
  });

  it("says what Webflow answered when it refuses the code", async () => {
    const fake = fakeWebflow();
    const error = await connector().exchangeCode(contextWith(fake.fetch as unknown as typeof fetch), { app: APP, code: "stale", codeVerifier: "v", redirectUri: REDIRECT }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "refused", message: expect.stringContaining("The authorization code is invalid or expired.") });
  });
});

describe("publishing a document to a Webflow collection", () => {
  let fake: ReturnType<typeof fakeWebflow>;
  beforeEach(() => {
    fake = fakeWebflow();
    vi.spyOn(globalThis, "fetch").mockImplementation(fake.fetch as unknown as typeof fetch);
  });

  async function connected() {
    const { workspace, owner } = await buildWorkspace();
    const token = await tokenFor(owner);
    const [account] = await connector().exchangeCode(contextWith(fakeWebflow().fetch as unknown as typeof fetch), { app: APP, code: "good-code", codeVerifier: "v", redirectUri: REDIRECT });
    const integration = await storeIntegration(workspace.id, owner.id, "webflow", "site_builder", account as ConnectedAccount);
    const article = await buildArticle(workspace, owner, { title: "Spring menu", text: "Wild garlic is back." });
    fake.requests.length = 0;
    return { workspace, owner, token, integration, article };
  }

  const publish = (articleId: number, token: string, body: unknown, headers: Record<string, string> = {}) => api(`/articles/${articleId}/site_posts`, { method: "POST", token, body, headers });

  it("creates a CMS item with the name, slug and rich-text body, then publishes it", async () => {
    const { token, integration, article } = await connected();
    const response = await publish(article.id, token, { integration_id: integration.id });
    expect(response.status).toBe(200);
    const slug = `spring-menu-${article.id}`;
    expect((await json(response)).data.post).toMatchObject({ remote_id: "item-1", url: `https://www.fernhill.com/post/${slug}`, status: "publish" });

    const [create, publishCall] = fake.requests;
    expect(`${create!.method} ${create!.url.pathname}`).toBe("POST /v2/collections/col-blog/items");
    expect(create!.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
    const body = JSON.parse(create!.body);
    expect(body).toMatchObject({ isArchived: false, isDraft: false, fieldData: { name: "Spring menu", slug } });
    expect(body.fieldData["post-body"]).toContain("Wild garlic is back.");
    expect(`${publishCall!.method} ${publishCall!.url.pathname}`).toBe("POST /v2/collections/col-blog/items/publish");
    expect(JSON.parse(publishCall!.body)).toEqual({ itemIds: ["item-1"] });
  });

  it("keeps a draft as a draft item, unpublished", async () => {
    const { token, integration, article } = await connected();
    await publish(article.id, token, { integration_id: integration.id, status: "draft" });
    expect(fake.items.get("item-1")!.isDraft).toBe(true);
    expect(fake.published).toEqual([]);
  });

  it("republishing updates the same item", async () => {
    const { token, integration, article } = await connected();
    await publish(article.id, token, { integration_id: integration.id });
    await db.update(articles).set({ title: "Summer menu" }).where(eq(articles.id, article.id));
    const again = await json(await publish(article.id, token, { integration_id: integration.id }));
    expect(again.data.post.remote_id).toBe("item-1");
    expect(fake.requests.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
      "POST /v2/collections/col-blog/items",
      "POST /v2/collections/col-blog/items/publish",
      "PATCH /v2/collections/col-blog/items/item-1",
      "POST /v2/collections/col-blog/items/publish",
    ]);
    expect(fake.items.size).toBe(1);
    expect(fake.items.get("item-1")!.fieldData.name).toBe("Summer menu");
  });

  it("makes the item again, and says so, when it was deleted on Webflow", async () => {
    const { token, integration, article } = await connected();
    await publish(article.id, token, { integration_id: integration.id });
    fake.items.clear();
    const again = await json(await publish(article.id, token, { integration_id: integration.id }));
    expect(again.recreated).toBe(true);
    expect(again.data.post.remote_id).toBe("item-2");
  });

  it("after a create that got no answer, finds the item by its slug instead of making a second one", async () => {
    const { token, integration, article } = await connected();
    fake.options.loseCreateAnswer = true;
    expect((await publish(article.id, token, { integration_id: integration.id })).status).toBe(504);
    const again = await json(await publish(article.id, token, { integration_id: integration.id }));
    expect(again.data.post.remote_id).toBe("item-1");
    expect(fake.items.size).toBe(1);
    expect(fake.requests.map((r) => `${r.method} ${r.url.pathname}${r.url.search}`)).toEqual([
      "POST /v2/collections/col-blog/items",
      `GET /v2/collections/col-blog/items?slug=spring-menu-${article.id}`,
      "PATCH /v2/collections/col-blog/items/item-1",
      "POST /v2/collections/col-blog/items/publish",
    ]);
  });

  it("asks to connect Webflow again when it answers 401", async () => {
    const { token, integration, article } = await connected();
    fake.answerNext(() => fake.wfError(401, "not_authorized", "Request not authorized"));
    const response = await publish(article.id, token, { integration_id: integration.id });
    expect(response.status).toBe(409);
    expect((await json(response)).error).toBe("integration_reconnect");
    expect((await reloadIntegration(integration.id)).state).toBe("needs_reauth");
  });

  it("shows Webflow's validation message and the field it names (400)", async () => {
    const { token, integration, article } = await connected();
    fake.answerNext(() => fake.wfError(400, "validation_error", "Validation Error", [{ param: "slug", description: "Unique value is already in database" }]));
    const response = await publish(article.id, token, { integration_id: integration.id });
    expect(response.status).toBe(422);
    expect((await json(response)).message).toBe("Webflow refused it: 400 Validation Error; slug: Unique value is already in database");
  });

  it("keeps the item saved when publishing it fails, so the next try updates it", async () => {
    const { token, integration, article } = await connected();
    fake.answerNext(() => Response.json({ id: "item-9", isDraft: false, fieldData: {} }, { status: 202 }));
    fake.answerNext(() => new Response(JSON.stringify({ code: "too_many_requests", message: "Too many requests" }), { status: 429, headers: { "Retry-After": "30" } }));
    const response = await publish(article.id, token, { integration_id: integration.id });
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("30");
    expect((await json(response)).message).toContain("Saved on Webflow, but not published");
    const listed = await json(await api(`/articles/${article.id}/site_posts`, { token }));
    expect(listed.data[0].post).toMatchObject({ remote_id: "item-9" });
  });

  it("answers 404 for another workspace's integration", async () => {
    const { token, article } = await connected();
    const other = await connected();
    expect((await publish(article.id, token, { integration_id: other.integration.id })).status).toBe(404);
    expect(fake.requests).toEqual([]);
  });

  it("refuses a password-locked document without its password", async () => {
    const { workspace, integration, article } = await connected();
    const { user, token } = await buildMember(workspace);
    await grant({ article }, "User", "edit", { userId: user.id });
    await db.update(articles).set({ passwordHash: await hashPassword("open sesame") }).where(eq(articles.id, article.id));
    const locked = await publish(article.id, token, { integration_id: integration.id });
    expect(locked.status).toBe(403);
    expect((await json(locked)).error).toBe("password_required");
    expect(fake.requests).toEqual([]);
  });
});
