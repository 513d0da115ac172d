import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { googleSearchConsole, propertyCovers } from "../../worker/services/integrations/google-search-console";
import type { Connector } from "../../worker/services/publishing/providers/types";
import { buildMember, buildWorkspace, db, json, tokenFor } from "../factories";
import { buildIntegration, callWorker, reloadIntegration } from "./integration-fixtures";

const configured = { ...env, GOOGLE_CLIENT_ID: "g-client", GOOGLE_CLIENT_SECRET: "g-secret" } as Env;
const NOW = Date.now();
const REDIRECT = "https://app.test/integrations/google_search_console/callback";

interface Row {
  keys?: string[];
  clicks: number;
  impressions: number;
  ctr: number;
  position: number;
}

/**
 * Google as documented: the OAuth token endpoint (form-encoded, client in the body, PKCE
 * verifier), the Search Console sites list and Search Analytics query, answering 401 to any
 * token but the current one and Google's JSON errors otherwise.
 */
function fakeGoogle(options: { sites?: { siteUrl: string; permissionLevel: string }[]; accessToken?: string; rows?: (body: Record<string, unknown>) => Row[]; queryFailure?: () => Response; refreshRefused?: boolean } = {}) {
  const state = { accessToken: options.accessToken ?? "g-at-1", refreshes: 0, queries: [] as { url: string; body: Record<string, unknown> }[] };
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (request.method === "POST" && url.href === "https://oauth2.googleapis.com/token") {
      expect(request.headers.get("Content-Type")).toBe("application/x-www-form-urlencoded");
      const form = new URLSearchParams(await request.text());
      expect(form.get("client_id")).toBe("g-client");
      expect(form.get("client_secret")).toBe("g-secret");
      if (form.get("grant_type") === "authorization_code") {
        expect(form.get("redirect_uri")).toBe(REDIRECT);
        expect(form.get("code_verifier")).toBe("pkce-verifier");
        if (form.get("code") !== "g-code") return Response.json({ error: "invalid_grant", error_description: "Malformed auth code." }, { status: 400 });
        return Response.json({ access_token: state.accessToken, expires_in: 3599, refresh_token: "g-rt", scope: "https://www.googleapis.com/auth/webmasters.readonly", token_type: "Bearer" });
      }
      expect(form.get("grant_type")).toBe("refresh_token");
      if (options.refreshRefused || form.get("refresh_token") !== "g-rt") return Response.json({ error: "invalid_grant", error_description: "Token has been expired or revoked." }, { status: 400 });
      state.refreshes++;
      state.accessToken = `g-at-${state.refreshes + 1}`;
      return Response.json({ access_token: state.accessToken, expires_in: 3599, scope: "https://www.googleapis.com/auth/webmasters.readonly", token_type: "Bearer" });
    }
    const unauthorized = () => Response.json({ error: { code: 401, message: "Request had invalid authentication credentials.", status: "UNAUTHENTICATED" } }, { status: 401 });
    if (request.method === "GET" && url.href === "https://www.googleapis.com/webmasters/v3/sites") {
      if (request.headers.get("Authorization") !== `Bearer ${state.accessToken}`) return unauthorized();
      return Response.json(options.sites ? { siteEntry: options.sites } : {});
    }
    const match = url.pathname.match(/^\/webmasters\/v3\/sites\/([^/]+)\/searchAnalytics\/query$/);
    if (request.method === "POST" && match) {
      if (request.headers.get("Authorization") !== `Bearer ${state.accessToken}`) return unauthorized();
      expect(request.headers.get("Content-Type")).toBe("application/json");
      const body = (await request.json()) as Record<string, unknown>;
      state.queries.push({ url: url.pathname, body });
      if (options.queryFailure) return options.queryFailure();
      const rows = options.rows?.(body) ?? [];
      return Response.json(rows.length ? { rows, responseAggregationType: "byProperty" } : { responseAggregationType: "byProperty" });
    }
    return new Response("unexpected request", { status: 500 });
  });
  return state;
}

afterEach(() => vi.restoreAllMocks());

describe("Google Search Console connector", () => {
  const connector = googleSearchConsole.connectors[0] as Extract<Connector, { kind: "oauth" }>;
  const app = { clientId: "g-client", clientSecret: "g-secret" };
  const ctx = () => ({ db, env: configured, now: () => NOW, fetch });

  it("asks Google for read-only Search Console access, offline, with PKCE, through the sign-in client", () => {
    expect(connector).toMatchObject({ id: "google_search_console", envPrefix: "GOOGLE" });
    const url = new URL(connector.authorizeUrl({ app, redirectUri: REDIRECT, state: "signed", codeChallenge: "challenge" }, configured));
    expect(url.origin + url.pathname).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: "g-client",
      redirect_uri: REDIRECT,
      response_type: "code",
      scope: "https://www.googleapis.com/auth/webmasters.readonly",
      access_type: "offline",
      state: "signed",
      code_challenge: "challenge",
      code_challenge_method: "S256",
    });
  });

  it("connects one account per verified property, leaving out unverified ones", async () => {
    fakeGoogle({
      sites: [
        { siteUrl: "https://www.acme.test/", permissionLevel: "siteOwner" },
        { siteUrl: "sc-domain:acme.test", permissionLevel: "siteFullUser" },
        { siteUrl: "https://unverified.test/", permissionLevel: "siteUnverifiedUser" },
      ],
    });
    const accounts = await connector.exchangeCode(ctx(), { app, code: "g-code", codeVerifier: "pkce-verifier", redirectUri: REDIRECT });
    expect(accounts.map((a) => [a.externalId, a.displayName, a.settings])).toEqual([
      ["https://www.acme.test/", "https://www.acme.test/", { siteUrl: "https://www.acme.test/", permissionLevel: "siteOwner" }],
      ["sc-domain:acme.test", "acme.test (domain)", { siteUrl: "sc-domain:acme.test", permissionLevel: "siteFullUser" }],
    ]);
    expect(accounts[0]).toMatchObject({ credentials: { accessToken: "g-at-1", refreshToken: "g-rt" }, expiresAt: NOW + 3599 * 1000 });
  });

  it("says so when the Google account has no verified property, and when Google refuses the code", async () => {
    fakeGoogle({ sites: [{ siteUrl: "https://unverified.test/", permissionLevel: "siteUnverifiedUser" }] });
    await expect(connector.exchangeCode(ctx(), { app, code: "g-code", codeVerifier: "pkce-verifier", redirectUri: REDIRECT })).rejects.toThrow(/no verified property/);
    await expect(connector.exchangeCode(ctx(), { app, code: "old", codeVerifier: "pkce-verifier", redirectUri: REDIRECT })).rejects.toThrow(/Malformed auth code/);
  });

  it("knows which pages a property covers", () => {
    expect(propertyCovers("https://www.acme.test/", "https://www.acme.test/blog/a")).toBe(true);
    expect(propertyCovers("https://www.acme.test/", "https://acme.test/blog/a")).toBe(false);
    expect(propertyCovers("sc-domain:acme.test", "https://blog.acme.test/a")).toBe(true);
    expect(propertyCovers("sc-domain:acme.test", "https://notacme.test/a")).toBe(false);
  });
});

async function connected(options: { siteUrl?: string; accessToken?: string; tokenExpiresAt?: number } = {}) {
  const { workspace, owner } = await buildWorkspace();
  const siteUrl = options.siteUrl ?? "https://www.acme.test/";
  const integration = await buildIntegration(
    workspace,
    owner,
    {
      provider: "google_search_console",
      kind: "search_console",
      externalId: siteUrl,
      credentials: { accessToken: options.accessToken ?? "g-at-1", refreshToken: "g-rt" },
      tokenExpiresAt: options.tokenExpiresAt ?? NOW + 3_000_000,
      settings: { siteUrl, permissionLevel: "siteOwner" },
    },
    configured,
  );
  return { workspace, owner, integration, token: await tokenFor(owner) };
}

const performance = (workspaceId: number, token: string, query = "") => callWorker(configured, `/w/${workspaceId}/search_console/performance${query}`, { token });

describe("search performance beside the SEO analysis", () => {
  const figures = (body: Record<string, unknown>): Row[] =>
    (body.dimensions as string[]).length === 0
      ? [{ clicks: 42, impressions: 1200, ctr: 0.035, position: 7.4 }]
      : [
          { keys: ["acme widgets"], clicks: 30, impressions: 800, ctr: 0.0375, position: 4.2 },
          { keys: ["buy widgets"], clicks: 12, impressions: 400, ctr: 0.03, position: 9.1 },
        ];

  it("shows the page's clicks, impressions, CTR and position over the last 28 days, and its top queries", async () => {
    const { workspace, integration, token } = await connected();
    const google = fakeGoogle({ rows: figures });
    const response = await performance(workspace.id, token, `?page=${encodeURIComponent("https://www.acme.test/blog/widgets")}`);
    expect(response.status).toBe(200);
    const { data } = await json(response);
    expect(data).toMatchObject({
      connected: true,
      scope: "page",
      page: "https://www.acme.test/blog/widgets",
      property: { id: integration.id, site_url: "https://www.acme.test/" },
      has_data: true,
      totals: { clicks: 42, impressions: 1200, ctr: 0.035, position: 7.4 },
      queries: [
        { query: "acme widgets", clicks: 30, impressions: 800, ctr: 0.0375, position: 4.2 },
        { query: "buy widgets", clicks: 12, impressions: 400, ctr: 0.03, position: 9.1 },
      ],
    });
    const days = (Date.parse(data.end_date) - Date.parse(data.start_date)) / 86_400_000 + 1;
    expect(days).toBe(28);
    expect(google.queries[0]!.url).toBe("/webmasters/v3/sites/https%3A%2F%2Fwww.acme.test%2F/searchAnalytics/query");
    expect(google.queries[1]!.body).toEqual({
      startDate: data.start_date,
      endDate: data.end_date,
      dimensions: ["query"],
      rowLimit: 10,
      dimensionFilterGroups: [{ filters: [{ dimension: "page", operator: "equals", expression: "https://www.acme.test/blog/widgets" }] }],
    });
  });

  it("shows the site's top queries when the page is not on the connected property", async () => {
    const { workspace, token } = await connected();
    const google = fakeGoogle({ rows: figures });
    const { data } = await json(await performance(workspace.id, token, `?page=${encodeURIComponent("https://app.test/p/widgets-12")}`));
    expect(data).toMatchObject({ scope: "site", page: null, totals: { clicks: 42 } });
    expect(google.queries.every((q) => !("dimensionFilterGroups" in q.body))).toBe(true);
  });

  it("says Google has no data yet for a new property", async () => {
    const { workspace, token } = await connected();
    fakeGoogle();
    const { data } = await json(await performance(workspace.id, token));
    expect(data).toMatchObject({ connected: true, has_data: false, queries: [], totals: { clicks: 0, impressions: 0 } });
  });

  it("says nothing is connected when the workspace has no property", async () => {
    const { workspace, owner } = await buildWorkspace();
    fakeGoogle();
    expect((await json(await performance(workspace.id, await tokenFor(owner)))).data).toEqual({ connected: false, properties: [] });
  });

  it("refreshes an expired token first, and keeps the new one", async () => {
    const { workspace, integration, token } = await connected({ accessToken: "g-at-old", tokenExpiresAt: NOW - 1000 });
    const google = fakeGoogle({ rows: figures, accessToken: "g-at-old" });
    expect((await performance(workspace.id, token)).status).toBe(200);
    expect(google.refreshes).toBe(1);
    expect((await reloadIntegration(integration.id, configured)).credentials).toMatchObject({ accessToken: "g-at-2", refreshToken: "g-rt" });
  });

  it("asks to reconnect when Google refuses the refresh token (invalid_grant), and marks the property", async () => {
    const { workspace, integration, token } = await connected({ tokenExpiresAt: NOW - 1000 });
    fakeGoogle({ refreshRefused: true });
    const response = await performance(workspace.id, token);
    expect(response.status).toBe(409);
    expect((await json(response)).message).toBe("Google Search Console needs reconnecting: invalid_grant: Token has been expired or revoked.");
    expect((await reloadIntegration(integration.id, configured)).row.state).toBe("needs_reauth");
  });

  it("passes on Google's quota answer as 503 with Retry-After, and a refusal in Google's words", async () => {
    const { workspace, token } = await connected();
    fakeGoogle({ queryFailure: () => Response.json({ error: { code: 429, message: "Search Analytics load quota exceeded.", status: "RESOURCE_EXHAUSTED" } }, { status: 429, headers: { "Retry-After": "30" } }) });
    const busy = await performance(workspace.id, token);
    expect(busy.status).toBe(503);
    expect(busy.headers.get("Retry-After")).toBe("30");
    vi.restoreAllMocks();
    fakeGoogle({ queryFailure: () => Response.json({ error: { code: 400, message: "Invalid value at 'start_date'", status: "INVALID_ARGUMENT" } }, { status: 400 }) });
    const refused = await performance(workspace.id, token);
    expect(refused.status).toBe(502);
    expect((await json(refused)).message).toBe("Google Search Console refused: 400 Invalid value at 'start_date'");
  });

  it("reads only the workspace's own property, for members, and names a bad page", async () => {
    const { workspace, integration } = await connected();
    const other = await buildWorkspace();
    fakeGoogle({ rows: figures });
    const otherToken = await tokenFor(other.owner);
    expect((await performance(other.workspace.id, otherToken, `?integration_id=${integration.id}`)).status).toBe(404);
    expect((await performance(workspace.id, otherToken)).status).toBe(404);
    expect((await performance(workspace.id, (await buildMember(workspace, "guest")).token)).status).toBe(403);
    const bad = await performance(workspace.id, (await buildMember(workspace)).token, "?page=not-a-url");
    expect(bad.status).toBe(400);
    expect((await json(bad)).fields).toHaveProperty("page");
  });
});
