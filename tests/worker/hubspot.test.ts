import { env, exports } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AUTH_COOKIE_NAME, authStateFor, encodeAuthState } from "../../app/lib/auth-cookie";
import { contacts } from "../../worker/db/schema";
import { hubspot } from "../../worker/services/integrations/hubspot";
import type { Connector } from "../../worker/services/publishing/providers/types";
import { buildMember, buildUser, buildWorkspace, db, json, tokenFor } from "../factories";
import { buildIntegration, callWorker, reloadIntegration } from "./integration-fixtures";

const configured = { ...env, HUBSPOT_CLIENT_ID: "hs-client", HUBSPOT_CLIENT_SECRET: "hs-secret" } as Env;
const API = "https://api.hubapi.com";
const NOW = Date.now();

interface FakeContact {
  id: string;
  email?: string | null;
  firstname?: string | null;
  lastname?: string | null;
  company?: string | null;
}

/**
 * HubSpot's API as its documentation shows it: the token endpoint (form-encoded, client in the
 * body), the access-token metadata, and the contacts list paged by `after` cursors, answering
 * 401 to any token but the current one.
 */
function fakeHubSpot(options: { people?: FakeContact[]; accessToken?: string; refreshToken?: string; contactsFailure?: () => Response } = {}) {
  const state = { accessToken: options.accessToken ?? "hs-at-1", refreshToken: options.refreshToken ?? "hs-rt", contactCalls: 0, refreshes: 0, requests: [] as { method: string; url: string }[] };
  const people = options.people ?? [];
  const fake = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    state.requests.push({ method: request.method, url: request.url });
    const url = new URL(request.url);
    if (request.method === "POST" && url.href === `${API}/oauth/v1/token`) {
      expect(request.headers.get("Content-Type")).toBe("application/x-www-form-urlencoded");
      const form = new URLSearchParams(await request.text());
      expect(form.get("client_id")).toBe("hs-client");
      expect(form.get("client_secret")).toBe("hs-secret");
      if (form.get("grant_type") === "authorization_code") {
        expect(form.get("redirect_uri")).toBe("https://app.test/integrations/hubspot/callback");
        if (form.get("code") !== "hs-code") return Response.json({ status: "BAD_AUTH_CODE", message: "missing or unknown auth code" }, { status: 400 });
      } else if (form.get("grant_type") === "refresh_token") {
        if (form.get("refresh_token") !== state.refreshToken) return Response.json({ status: "BAD_REFRESH_TOKEN", message: "missing or unknown refresh token" }, { status: 400 });
        state.refreshes++;
        state.accessToken = `hs-at-${state.refreshes + 1}`;
      } else {
        return Response.json({ status: "BAD_GRANT_TYPE", message: "unknown grant type" }, { status: 400 });
      }
      return Response.json({ token_type: "bearer", refresh_token: state.refreshToken, access_token: state.accessToken, expires_in: 1800 });
    }
    if (request.method === "GET" && url.pathname.startsWith("/oauth/v1/access-tokens/")) {
      expect(decodeURIComponent(url.pathname.split("/").pop()!)).toBe(state.accessToken);
      return Response.json({ token: state.accessToken, user: "ada@acme.test", hub_domain: "acme.hubspot.com", scopes: ["oauth", "crm.objects.contacts.read"], hub_id: 62515, app_id: 456, expires_in: 1754, user_id: 123, token_type: "access" });
    }
    if (request.method === "GET" && url.pathname === "/crm/v3/objects/contacts") {
      state.contactCalls++;
      if (request.headers.get("Authorization") !== `Bearer ${state.accessToken}`) {
        return Response.json({ status: "error", message: "Authentication credentials not found.", category: "INVALID_AUTHENTICATION" }, { status: 401 });
      }
      if (options.contactsFailure) return options.contactsFailure();
      expect(url.searchParams.get("limit")).toBe("100");
      expect(url.searchParams.get("properties")).toBe("email,firstname,lastname,company");
      const start = Number(url.searchParams.get("after") ?? "0");
      const slice = people.slice(start, start + 100);
      const next = start + 100 < people.length ? String(start + 100) : null;
      return Response.json({
        results: slice.map(({ id, ...properties }) => ({ id, properties: { ...properties, hs_object_id: id }, createdAt: "2026-01-01T00:00:00Z", updatedAt: "2026-01-01T00:00:00Z", archived: false })),
        ...(next ? { paging: { next: { after: next, link: `${API}/crm/v3/objects/contacts?after=${next}` } } } : {}),
      });
    }
    return new Response("unexpected request", { status: 500 });
  });
  vi.spyOn(globalThis, "fetch").mockImplementation(fake);
  return state;
}

afterEach(() => vi.restoreAllMocks());

async function connectedWorkspace(tokens: { accessToken?: string; tokenExpiresAt?: number } = {}) {
  const { workspace, owner } = await buildWorkspace();
  const integration = await buildIntegration(
    workspace,
    owner,
    {
      provider: "hubspot",
      kind: "crm",
      externalId: "62515",
      displayName: "acme.hubspot.com (HubSpot 62515)",
      credentials: { accessToken: tokens.accessToken ?? "hs-at-1", refreshToken: "hs-rt", extra: { hubId: "62515" } },
      tokenExpiresAt: tokens.tokenExpiresAt ?? NOW + 30 * 60_000,
      settings: { hubId: "62515" },
    },
    configured,
  );
  return { workspace, owner, integration, token: await tokenFor(owner) };
}

const people = (n: number, from = 0): FakeContact[] =>
  Array.from({ length: n }, (_, i) => ({ id: String(1000 + from + i), email: `person${from + i}@acme.test`, firstname: "Person", lastname: String(from + i), company: "Acme" }));

describe("HubSpot connector", () => {
  const connector = hubspot.connectors[0] as Extract<Connector, { kind: "oauth" }>;
  const app = { clientId: "hs-client", clientSecret: "hs-secret" };

  it("sends the person to HubSpot's consent screen asking to read contacts", () => {
    const url = new URL(connector.authorizeUrl({ app, redirectUri: "https://app.test/integrations/hubspot/callback", state: "signed-state", codeChallenge: "challenge" }, configured));
    expect(url.origin + url.pathname).toBe("https://app.hubspot.com/oauth/authorize");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: "hs-client",
      redirect_uri: "https://app.test/integrations/hubspot/callback",
      scope: "oauth crm.objects.contacts.read",
      state: "signed-state",
    });
  });

  it("connects the HubSpot account the person chose, named by its portal, with tokens that expire in 30 minutes", async () => {
    fakeHubSpot();
    const [account, ...others] = await connector.exchangeCode(
      { db, env: configured, now: () => NOW, fetch },
      { app, code: "hs-code", codeVerifier: "verifier", redirectUri: "https://app.test/integrations/hubspot/callback" },
    );
    expect(others).toEqual([]);
    expect(account).toMatchObject({
      externalId: "62515",
      displayName: "acme.hubspot.com (HubSpot 62515)",
      handle: "ada@acme.test",
      credentials: { accessToken: "hs-at-1", refreshToken: "hs-rt", extra: { hubId: "62515" } },
      expiresAt: NOW + 1800 * 1000,
      settings: { hubId: "62515", hubDomain: "acme.hubspot.com" },
    });
  });

  it("refuses a code HubSpot does not know, in HubSpot's words", async () => {
    fakeHubSpot();
    await expect(
      connector.exchangeCode({ db, env: configured, now: () => NOW, fetch }, { app, code: "stale", codeVerifier: "v", redirectUri: "https://app.test/integrations/hubspot/callback" }),
    ).rejects.toThrow(/missing or unknown auth code/);
  });

  it("revokes the refresh token at HubSpot on disconnect", async () => {
    const hub = fakeHubSpot();
    await hubspot.revoke!({ db, env: configured, now: () => NOW, fetch }, { accessToken: "hs-at-1", refreshToken: "hs-rt" });
    expect(hub.requests.map((r) => `${r.method} ${r.url}`)).toEqual([`DELETE ${API}/oauth/v1/refresh-tokens/hs-rt`]);
  });
});

describe("importing contacts from HubSpot", () => {
  it("imports every contact with an email, counts the new, the updated and the skipped, and lists them", async () => {
    const { workspace, integration, token } = await connectedWorkspace();
    await db.insert(contacts).values({ workspaceId: workspace.id, email: "person1@acme.test", name: "Known Person", company: null, source: "manual" });
    fakeHubSpot({
      people: [
        ...people(150),
        { id: "9001", email: null, firstname: "No", lastname: "Email" },
        { id: "9002", email: "  PERSON120@ACME.TEST ", firstname: "Duplicate", lastname: "Case" },
        { id: "9003", email: "solo@acme.test", firstname: null, lastname: null, company: null },
      ],
    });
    const response = await callWorker(configured, `/w/${workspace.id}/contacts/import`, { method: "POST", token, body: { integration_id: integration.id } });
    expect(response.status).toBe(200);
    const { data } = await json(response);
    // 153 people: 1 without an email, 1 the same address (in another case) as another on its page, 1 the workspace had.
    expect(data).toEqual({ created: 150, updated: 1, skipped: 1, next_after: null, summary: "Imported 150 new contacts and updated 1 contact; skipped 1 contact without an email." });

    const [known] = await db.select().from(contacts).where(and(eq(contacts.workspaceId, workspace.id), eq(contacts.email, "person1@acme.test")));
    expect(known).toMatchObject({ name: "Person 1", company: "Acme", source: "hubspot", externalId: "1001", integrationId: integration.id });

    const listed = await json(await callWorker(configured, `/w/${workspace.id}/contacts?q=solo`, { token }));
    expect(listed.data).toEqual([expect.objectContaining({ email: "solo@acme.test", name: "", source: "hubspot", external_id: "9003" })]);
    expect(listed.meta).toMatchObject({ total: 1, page: 1 });
    const page2 = await json(await callWorker(configured, `/w/${workspace.id}/contacts?per_page=100&page=2`, { token }));
    expect(page2.meta).toMatchObject({ total: 151, has_more: false });
    expect(page2.data).toHaveLength(51);
    expect(page2.sources).toEqual([expect.objectContaining({ id: integration.id, provider: "hubspot", display_name: "acme.hubspot.com (HubSpot 62515)" })]);
    expect(JSON.stringify(page2)).not.toContain("hs-at-1");
  });

  it("stops a large list after 20 pages and says where to carry on; the next call finishes it", async () => {
    const { workspace, integration, token } = await connectedWorkspace();
    const hub = fakeHubSpot({ people: people(2_050) });
    const first = (await json(await callWorker(configured, `/w/${workspace.id}/contacts/import`, { method: "POST", token, body: { integration_id: integration.id } }))).data;
    expect(first).toMatchObject({ created: 2_000, updated: 0, next_after: "2000" });
    expect(first.summary).toBe("Imported 2,000 new contacts and updated 0 contacts. HubSpot has more: continue to import the rest.");
    expect(hub.contactCalls).toBe(20);
    const second = (await json(await callWorker(configured, `/w/${workspace.id}/contacts/import`, { method: "POST", token, body: { integration_id: integration.id, after: first.next_after } }))).data;
    expect(second).toMatchObject({ created: 50, updated: 0, next_after: null });
    expect((await json(await callWorker(configured, `/w/${workspace.id}/contacts`, { token }))).meta.total).toBe(2_050);
  });

  it("refreshes an access token about to expire before importing, and keeps the new one sealed", async () => {
    const { workspace, integration, token } = await connectedWorkspace({ accessToken: "hs-at-old", tokenExpiresAt: NOW + 10_000 });
    const hub = fakeHubSpot({ people: people(230), accessToken: "hs-at-old" });
    const response = await callWorker(configured, `/w/${workspace.id}/contacts/import`, { method: "POST", token, body: { integration_id: integration.id } });
    expect((await json(response)).data).toMatchObject({ created: 230 });
    // Once, not once a page: the next pages use the new token.
    expect(hub.refreshes).toBe(1);
    expect(hub.contactCalls).toBe(3);
    const { row, credentials } = await reloadIntegration(integration.id, configured);
    expect(credentials).toMatchObject({ accessToken: "hs-at-2", refreshToken: "hs-rt" });
    expect(row.tokenExpiresAt).toBeGreaterThan(Date.now() + 29 * 60_000);
  });

  it("refreshes and tries again once when HubSpot answers 401 to a token it no longer takes", async () => {
    const { workspace, integration, token } = await connectedWorkspace({ accessToken: "hs-at-revoked" });
    const hub = fakeHubSpot({ people: people(2) });
    const response = await callWorker(configured, `/w/${workspace.id}/contacts/import`, { method: "POST", token, body: { integration_id: integration.id } });
    expect((await json(response)).data).toMatchObject({ created: 2 });
    expect(hub.refreshes).toBe(1);
  });

  it("says the account needs reconnecting when HubSpot refuses the refresh token, and marks it so", async () => {
    const { workspace, integration, token } = await connectedWorkspace({ tokenExpiresAt: NOW - 1 });
    fakeHubSpot({ refreshToken: "another-refresh-token" });
    const response = await callWorker(configured, `/w/${workspace.id}/contacts/import`, { method: "POST", token, body: { integration_id: integration.id } });
    expect(response.status).toBe(409);
    expect((await json(response)).message).toBe("HubSpot needs reconnecting: missing or unknown refresh token");
    expect((await reloadIntegration(integration.id, configured)).row).toMatchObject({ state: "needs_reauth", stateReason: "missing or unknown refresh token" });
  });

  it("answers HubSpot's rate limit with 503 and its Retry-After, and a refusal with HubSpot's message", async () => {
    const { workspace, integration, token } = await connectedWorkspace();
    fakeHubSpot({
      contactsFailure: () =>
        Response.json({ status: "error", message: "You have reached your ten_secondly_rolling limit.", errorType: "RATE_LIMIT", policyName: "TEN_SECONDLY_ROLLING" }, { status: 429, headers: { "Retry-After": "10" } }),
    });
    const limited = await callWorker(configured, `/w/${workspace.id}/contacts/import`, { method: "POST", token, body: { integration_id: integration.id } });
    expect(limited.status).toBe(503);
    expect(limited.headers.get("Retry-After")).toBe("10");
    expect((await json(limited)).message).toMatch(/ten_secondly_rolling limit/);

    vi.restoreAllMocks();
    fakeHubSpot({ contactsFailure: () => Response.json({ status: "error", message: "Property values were not valid", category: "VALIDATION_ERROR" }, { status: 400 }) });
    const refused = await callWorker(configured, `/w/${workspace.id}/contacts/import`, { method: "POST", token, body: { integration_id: integration.id } });
    expect(refused.status).toBe(502);
    expect((await json(refused)).message).toBe("HubSpot refused: 400 Property values were not valid");

    vi.restoreAllMocks();
    fakeHubSpot({ contactsFailure: () => new Response("upstream", { status: 502 }) });
    expect((await callWorker(configured, `/w/${workspace.id}/contacts/import`, { method: "POST", token, body: { integration_id: integration.id } })).status).toBe(503);
  });

  it("imports only from the workspace's own HubSpot account, for its members, with the integration named", async () => {
    const { workspace, integration } = await connectedWorkspace();
    const other = await buildWorkspace();
    const otherToken = await tokenFor(other.owner);
    const hub = fakeHubSpot({ people: people(1) });
    const foreign = await callWorker(configured, `/w/${other.workspace.id}/contacts/import`, { method: "POST", token: otherToken, body: { integration_id: integration.id } });
    expect(foreign.status).toBe(404);
    const outsider = await callWorker(configured, `/w/${workspace.id}/contacts/import`, { method: "POST", token: otherToken, body: { integration_id: integration.id } });
    expect(outsider.status).toBe(404);
    const guest = await buildMember(workspace, "guest");
    expect((await callWorker(configured, `/w/${workspace.id}/contacts/import`, { method: "POST", token: guest.token, body: { integration_id: integration.id } })).status).toBe(403);
    expect((await callWorker(configured, `/w/${workspace.id}/contacts`, { token: guest.token })).status).toBe(403);
    const missing = await callWorker(configured, `/w/${workspace.id}/contacts/import`, { method: "POST", token: (await buildMember(workspace)).token, body: {} });
    expect(missing.status).toBe(400);
    expect((await json(missing)).fields).toHaveProperty("integration_id");
    expect(hub.contactCalls).toBe(0);
  });
});

describe("workspace contacts", () => {
  it("deletes a contact for a member of its workspace, and is 404 for anyone else", async () => {
    const { workspace, owner } = await buildWorkspace();
    const [contact] = await db.insert(contacts).values({ workspaceId: workspace.id, email: "gone@acme.test", name: "Gone", source: "manual" }).returning();
    const stranger = await tokenFor(await buildUser());
    expect((await callWorker(configured, `/contacts/${contact!.id}`, { method: "DELETE", token: stranger })).status).toBe(404);
    expect((await callWorker(configured, `/contacts/${contact!.id}`, { method: "DELETE", token: await tokenFor(owner) })).status).toBe(204);
    expect(await db.select().from(contacts).where(eq(contacts.id, contact!.id))).toEqual([]);
  });
});

describe("the Contacts page", () => {
  const page = (path: string, token: string) =>
    exports.default.fetch(`https://app.test${path}`, { headers: { Cookie: `${AUTH_COOKIE_NAME}=${encodeAuthState(authStateFor(`Bearer ${token}`))}` }, redirect: "manual" });

  it("lists the workspace's contacts with the Import button, says so when there are none, and is not for guests", async () => {
    const { workspace, owner } = await buildWorkspace();
    const token = await tokenFor(owner);
    const empty = await page(`/workspaces/${workspace.id}/contacts`, token);
    expect(empty.status).toBe(200);
    const emptyHtml = await empty.text();
    expect(emptyHtml).toContain("No contacts yet");
    expect(emptyHtml).toContain("Import contacts");

    await db.insert(contacts).values({ workspaceId: workspace.id, email: "amara@acme.test", name: "Amara Okafor", company: "Greenleaf", source: "hubspot" });
    const listed = await (await page(`/workspaces/${workspace.id}/contacts?q=amara`, token)).text();
    expect(listed).toContain("Amara Okafor");
    expect(listed).toContain("amara@acme.test");

    const dialog = await (await page(`/workspaces/${workspace.id}/contacts?dialog=import`, token)).text();
    expect(dialog).toContain("No HubSpot account is connected to this workspace yet.");

    const guest = await buildMember(workspace, "guest");
    expect((await page(`/workspaces/${workspace.id}/contacts`, guest.token)).status).toBe(403);
  });
});
