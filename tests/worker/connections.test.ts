import { env, exports } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AUTH_COOKIE_NAME, authStateFor, encodeAuthState } from "../../app/lib/auth-cookie";
import { signScopedToken, verifyScopedToken } from "../../worker/auth/scoped-tokens";
import { inboxItems, oauthClients, postTargets, scheduledPosts, socialAccounts, thirdPartyIntegrations, uploads, type SocialAccount, type User } from "../../worker/db/schema";
import { codeChallenge } from "../../worker/services/connections/pkce";
import { extraConnectables } from "../../worker/services/connections/registry";
import { mediaAccess, signMediaLink } from "../../worker/services/connections/media-links";
import { signRequest, verifySignedRequest } from "../../worker/services/connections/signed-request";
import { credentialBinding, decryptCredentials } from "../../worker/services/publishing/credentials";
import type { AuthorizeRequest, ConnectedAccount, ExchangeRequest, OAuthApp, Provider } from "../../worker/services/publishing/providers/types";
import type { IntegrationService } from "../../worker/services/integrations/types";
import { api, buildMember, buildUser, buildWorkspace, db, json, tokenFor } from "../factories";

/**
 * The one connect flow, driven through the real Worker (`exports.default.fetch`) with a
 * signed-in browser's cookie, against test connectors of our own (no real network): a fake
 * OAuth network, one registered per instance (Mastodon-like), a form, an unconfigured one, and
 * an integration service.
 */

const APP = "https://app.test";
const settable = env as unknown as Record<string, string | undefined>;

/** What the fake network saw and will answer. */
const network = {
  authorized: [] as AuthorizeRequest[],
  exchanged: [] as ExchangeRequest[],
  answer: [] as ConnectedAccount[] | Error,
  registered: [] as { instance: string; redirectUri: string }[],
  revoked: [] as string[],
  revokeFails: false,
};

const account = (externalId: string, extra: Partial<ConnectedAccount> = {}): ConnectedAccount => ({
  externalId,
  displayName: `Account ${externalId}`,
  handle: externalId,
  avatarUrl: null,
  credentials: { accessToken: `secret-access-${externalId}`, refreshToken: `secret-refresh-${externalId}` },
  expiresAt: Date.now() + 3_600_000,
  ...extra,
});

const exchange = async (_ctx: unknown, request: ExchangeRequest) => {
  network.exchanged.push(request);
  if (network.answer instanceof Error) throw network.answer;
  return network.answer;
};

const authorizeUrl = (request: AuthorizeRequest) => {
  network.authorized.push(request);
  const url = new URL(`${request.instance ?? "https://net.example"}/oauth/authorize`);
  url.search = new URLSearchParams({ client_id: request.app.clientId, redirect_uri: request.redirectUri, state: request.state, code_challenge: request.codeChallenge, code_challenge_method: "S256" }).toString();
  return url.toString();
};

const testProvider: Provider = {
  network: "x",
  connectors: [
    { kind: "oauth", id: "testnet", label: "Testnet", envPrefix: "TESTNET", authorizeUrl, exchangeCode: exchange, note: "Posts go to a fake network." },
    { kind: "oauth", id: "testnet-unconfigured", label: "Unconfigured Testnet", envPrefix: "TESTNET_MISSING", authorizeUrl, exchangeCode: exchange },
  ],
  publish: async () => ({ ok: false, errorClass: "retry", message: "test network" }),
  verify: async () => null,
  refresh: async () => ({ ok: false, message: "test network" }),
  async revoke(_ctx, revoked) {
    network.revoked.push(revoked.credentials.accessToken);
    if (network.revokeFails) throw new Error("the network is down");
  },
};

const instanceProvider: Provider = {
  network: "mastodon",
  connectors: [
    {
      kind: "oauth",
      id: "testodon",
      label: "Testodon",
      envPrefix: null,
      instanceField: { name: "instance", label: "Your server", type: "text", placeholder: "mastodon.social" },
      async registerApp(_ctx, instance, redirectUri): Promise<OAuthApp> {
        network.registered.push({ instance, redirectUri });
        return { clientId: `client-for-${new URL(instance).host}`, clientSecret: "registered-secret" };
      },
      authorizeUrl,
      exchangeCode: exchange,
    },
  ],
  publish: async () => ({ ok: false, errorClass: "retry", message: "test network" }),
  verify: async () => null,
  refresh: async () => ({ ok: false, message: "test network" }),
};

const formProvider: Provider = {
  network: "bluesky",
  connectors: [
    {
      kind: "form",
      id: "testsky",
      label: "Testsky",
      fields: [
        { name: "handle", label: "Handle", type: "text" },
        { name: "app_password", label: "App password", type: "password" },
      ],
      connect: async (_ctx, values) => [account(`did:${values.handle}`, { handle: values.handle!, credentials: { accessToken: `session-${values.app_password}` } })],
    },
  ],
  publish: async () => ({ ok: false, errorClass: "retry", message: "test network" }),
  verify: async () => null,
  refresh: async () => ({ ok: false, message: "test network" }),
};

const testService: IntegrationService = {
  id: "testpress",
  kind: "site_builder",
  label: "Testpress",
  connectors: [{ kind: "oauth", id: "testpress", label: "Testpress", envPrefix: "TESTNET", authorizeUrl, exchangeCode: exchange }],
  async revoke(_ctx, credentials) {
    network.revoked.push(credentials.accessToken);
  },
};

beforeEach(() => {
  extraConnectables.providers.push(testProvider, instanceProvider, formProvider);
  extraConnectables.services.push(testService);
  settable.TESTNET_CLIENT_ID = "testnet-client";
  settable.TESTNET_CLIENT_SECRET = "testnet-secret";
  Object.assign(network, { authorized: [], exchanged: [], answer: [], registered: [], revoked: [], revokeFails: false });
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterEach(() => {
  extraConnectables.providers.length = 0;
  extraConnectables.services.length = 0;
  delete settable.TESTNET_CLIENT_ID;
  delete settable.TESTNET_CLIENT_SECRET;
  delete settable.FACEBOOK_CLIENT_SECRET;
  vi.restoreAllMocks();
});

const cookieFor = (token: string) => `${AUTH_COOKIE_NAME}=${encodeAuthState(authStateFor(`Bearer ${token}`))}`;

function page(path: string, token: string, init: RequestInit & { cookie?: string } = {}) {
  const { cookie, ...rest } = init;
  return exports.default.fetch(`${APP}${path}`, {
    redirect: "manual",
    ...rest,
    headers: { Cookie: [cookieFor(token), cookie].filter(Boolean).join("; "), Origin: APP, Host: "app.test", ...(rest.headers ?? {}) },
  });
}

/** Where a redirect goes, and the message it carries to the landing page. */
function landing(response: Response) {
  expect(response.status).toBe(302);
  const url = new URL(response.headers.get("Location")!, APP);
  return { path: url.pathname, notice: url.searchParams.get("connect_notice"), error: url.searchParams.get("connect_error"), url };
}

/** Starts connecting: answers the network's URL, the state, and the cookie holding the verifier. */
async function start(token: string, workspaceId: number, connector = "testnet", extra = "") {
  const response = await page(`/integrations/${connector}/connect?workspace=${workspaceId}${extra}`, token);
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get("Location")!);
  const setCookie = response.headers.get("Set-Cookie") ?? "";
  const cookie = setCookie.split(";")[0]!;
  return { location, state: location.searchParams.get("state")!, cookie, setCookie };
}

const callback = (token: string, query: Record<string, string>, cookie?: string, connector = "testnet") => page(`/integrations/${connector}/callback?${new URLSearchParams(query)}`, token, { cookie });

async function member() {
  const { workspace, owner } = await buildWorkspace();
  return { workspace, owner, token: await tokenFor(owner) };
}

const accountsOf = (workspaceId: number) => db.select().from(socialAccounts).where(eq(socialAccounts.workspaceId, workspaceId));

describe("GET /integrations/:connector/connect", () => {
  it("sends the browser to the network with an S256 challenge of a verifier kept only in an HttpOnly cookie, and a signed state that binds workspace, user and connector", async () => {
    const { workspace, owner, token } = await member();
    const { location, state, cookie, setCookie } = await start(token, workspace.id);
    expect(location.origin).toBe("https://net.example");
    expect(location.searchParams.get("redirect_uri")).toBe(`${APP}/integrations/testnet/callback`);
    expect(location.searchParams.get("client_id")).toBe("testnet-client");
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Max-Age=600/);

    const [nonce, verifier] = cookie.split("=")[1]!.split(".");
    expect(verifier!.length).toBeGreaterThanOrEqual(43);
    expect(verifier!.length).toBeLessThanOrEqual(128);
    expect(verifier).toMatch(/^[A-Za-z0-9\-._~]+$/);
    expect(location.searchParams.get("code_challenge")).toBe(await codeChallenge(verifier!));

    const claims = await verifyScopedToken(env, "connect", state);
    expect(claims).toMatchObject({ sub: String(owner.id), ws: workspace.id, c: "testnet", n: nonce });
    expect(claims.exp! - claims.iat!).toBe(600);
    expect(state).not.toContain(verifier!);
    expect(JSON.stringify(claims)).not.toContain(verifier!);
  });

  it("says a network without its app's keys is not configured on this server", async () => {
    const { workspace, token } = await member();
    const response = await page(`/integrations/testnet-unconfigured/connect?workspace=${workspace.id}`, token);
    const { path, error } = landing(response);
    expect(path).toBe(`/workspaces/${workspace.id}/scheduled-posts`);
    expect(error).toBe("Unconfigured Testnet is not configured on this server.");
  });

  it("refuses a guest of the workspace, in words", async () => {
    const { workspace } = await member();
    const guest = await buildMember(workspace, "guest");
    const { error } = landing(await page(`/integrations/testnet/connect?workspace=${workspace.id}`, guest.token));
    expect(error).toMatch(/may not connect Testnet/);
  });
});

describe("GET /integrations/:connector/callback", () => {
  it("connects the account with sealed credentials that are never presented, and says so on Scheduled posts", async () => {
    const { workspace, owner, token } = await member();
    const { state, cookie } = await start(token, workspace.id);
    network.answer = [account("net-1", { ownerExternalId: "owner-1" })];
    const response = await callback(token, { code: "code-1", state }, cookie);
    const { path, notice } = landing(response);
    expect(path).toBe(`/workspaces/${workspace.id}/scheduled-posts`);
    expect(notice).toBe("Account net-1 is connected (Testnet).");
    expect(response.headers.get("Set-Cookie")).toMatch(/brandwork_connect=;.*Max-Age=0/);

    const [exchanged] = network.exchanged;
    expect(exchanged).toMatchObject({ code: "code-1", redirectUri: `${APP}/integrations/testnet/callback`, app: { clientId: "testnet-client", clientSecret: "testnet-secret" } });
    expect(exchanged!.codeVerifier).toBe(cookie.split("=")[1]!.split(".")[1]);

    const [row] = await accountsOf(workspace.id);
    expect(row).toMatchObject({ network: "x", externalId: "net-1", displayName: "Account net-1", state: "active", connectedById: owner.id, ownerExternalId: "owner-1" });
    expect(row!.credentials).not.toContain("secret-access-net-1");
    expect(await decryptCredentials(env, row!.credentials, credentialBinding(row!))).toEqual({ accessToken: "secret-access-net-1", refreshToken: "secret-refresh-net-1" });

    const listed = await api(`/w/${workspace.id}/social_accounts`, { token });
    const text = await listed.text();
    expect(text).toContain("Account net-1");
    expect(text).not.toContain("secret-");
    expect(text).not.toContain(row!.credentials);
  });

  it("refuses a state that is not ours, one that expired, and one another person started, each in words on the page", async () => {
    const { workspace, owner, token } = await member();
    network.answer = [account("net-2")];
    const forged = landing(await callback(token, { code: "c", state: "not-a-state" }));
    expect(forged.error).toBe("That Testnet connection link is not valid. Start connecting again.");
    expect(forged.path).toBe(`/workspaces/${workspace.id}/scheduled-posts`);

    const { cookie } = await start(token, workspace.id);
    const nonce = cookie.split("=")[1]!.split(".")[0]!;
    const old = await signScopedToken(env, "connect", { subject: String(owner.id), claims: { ws: workspace.id, c: "testnet", n: nonce }, ttlSeconds: 600, now: Date.now() - 11 * 60_000 });
    expect(landing(await callback(token, { code: "c", state: old.token }, cookie)).error).toBe("That Testnet connection took longer than 10 minutes and expired. Start connecting again.");

    const other = await buildMember(workspace, "member");
    const theirs = await start(other.token, workspace.id);
    const stolen = landing(await callback(token, { code: "c", state: theirs.state }, theirs.cookie));
    expect(stolen.error).toBe("That Testnet connection was started by someone else. Start connecting again from your own account.");

    const mine = await start(token, workspace.id);
    expect(landing(await callback(token, { code: "c", state: mine.state })).error).toMatch(/started in another browser/);
    expect(network.exchanged).toHaveLength(0);
    expect(await accountsOf(workspace.id)).toHaveLength(0);
  });

  it("says a cancelled connection was cancelled, and shows the network's own words when it refuses the code", async () => {
    const { workspace, token } = await member();
    const first = await start(token, workspace.id);
    expect(landing(await callback(token, { error: "access_denied", state: first.state }, first.cookie)).error).toBe("Connecting Testnet was cancelled.");

    const second = await start(token, workspace.id);
    network.answer = new Error("invalid_grant: the authorization code has expired");
    const refused = landing(await callback(token, { code: "stale", state: second.state }, second.cookie));
    expect(refused.error).toBe("Testnet did not accept the connection: invalid_grant: the authorization code has expired");
    expect(refused.path).toBe(`/workspaces/${workspace.id}/scheduled-posts`);
  });

  it("updates an account already connected and releases the posts held for it", async () => {
    const { workspace, owner, token } = await member();
    const first = await start(token, workspace.id);
    network.answer = [account("net-3")];
    await callback(token, { code: "c1", state: first.state }, first.cookie);
    const [connected] = await accountsOf(workspace.id);
    await db.update(socialAccounts).set({ state: "needs_reauth", stateReason: "token revoked" }).where(eq(socialAccounts.id, connected!.id));
    const due = Date.now() - 60_000;
    const [post] = await db.insert(scheduledPosts).values({ workspaceId: workspace.id, authorId: owner.id, text: "held", publishAt: due }).returning();
    const [held] = await db
      .insert(postTargets)
      .values({ postId: post!.id, workspaceId: workspace.id, accountId: connected!.id, idempotencyKey: crypto.randomUUID(), publishAt: due, nextAttemptAt: Date.now() + 86_400_000, errorClass: "refresh_token", errorMessage: "401" })
      .returning();

    const again = await start(token, workspace.id, "testnet", `&account=${connected!.id}`);
    network.answer = [account("net-3", { displayName: "Renamed", credentials: { accessToken: "secret-fresh" } })];
    expect(landing(await callback(token, { code: "c2", state: again.state }, again.cookie)).notice).toBe("Renamed is connected (Testnet).");

    const rows = await accountsOf(workspace.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: connected!.id, state: "active", stateReason: null, displayName: "Renamed" });
    expect((await decryptCredentials(env, rows[0]!.credentials, credentialBinding(rows[0]!))).accessToken).toBe("secret-fresh");
    const [released] = await db.select().from(postTargets).where(eq(postTargets.id, held!.id));
    // Released: no longer waiting a day for the reconnect, its old error gone (it was claimed at once).
    expect(released!.state === "scheduled" ? released!.nextAttemptAt! <= Date.now() : true).toBe(true);
    expect(released!.errorMessage === "401" && released!.state === "scheduled").toBe(false);
    expect(released!.nextAttemptAt).not.toBe(held!.nextAttemptAt);

    // A reconnect that signs in as someone else connects that one, and says the meant one still waits.
    await db.update(socialAccounts).set({ state: "needs_reauth" }).where(eq(socialAccounts.id, connected!.id));
    const wrong = await start(token, workspace.id, "testnet", `&account=${connected!.id}`);
    network.answer = [account("net-other", { displayName: "Someone Else" })];
    expect(landing(await callback(token, { code: "c3", state: wrong.state }, wrong.cookie)).notice).toBe(
      "Someone Else is connected (Testnet). Renamed still needs reconnecting: sign in to Testnet as that account.",
    );
  });

  it("offers several accounts to choose from, all preselected, and connects only the chosen ones", async () => {
    const { workspace, token } = await member();
    const { state, cookie } = await start(token, workspace.id);
    network.answer = [account("p-1", { displayName: "Person" }), account("page-2", { displayName: "Bakery Page" }), account("ig-3", { displayName: "Bakery Insta", network: "instagram" })];
    const response = await callback(token, { code: "c", state }, cookie);
    const chooser = response.headers.get("Location")!;
    expect(chooser).toMatch(/^\/integrations\/choose\/[A-Za-z0-9_-]+$/);
    expect(await accountsOf(workspace.id)).toHaveLength(0);

    const shown = await page(chooser, token);
    expect(shown.status).toBe(200);
    const html = await shown.text();
    for (const name of ["Person", "Bakery Page", "Bakery Insta"]) expect(html).toContain(name);
    expect(html.match(/type="checkbox"[^>]*checked/g)).toHaveLength(3);
    expect(html).not.toContain("secret-");

    const stranger = await buildMember(workspace, "member");
    expect(landing(await page(chooser, stranger.token)).error).toMatch(/expired .* or is not yours/);

    const chosen = await page(chooser, token, { method: "POST", body: new URLSearchParams([["account", "0"], ["account", "2"]]), headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(landing(chosen).notice).toBe("Person, Bakery Insta are connected (Testnet).");
    const rows = await accountsOf(workspace.id);
    expect(rows.map((row) => [row.network, row.displayName]).sort()).toEqual([
      ["instagram", "Bakery Insta"],
      ["x", "Person"],
    ]);
    // Chosen once: the list is gone.
    expect(landing(await page(chooser, token)).error).toMatch(/expired/);
  });

  it("lands an integration service in third_party_integrations and on the integrations screen", async () => {
    const { workspace, owner, token } = await member();
    const { state, cookie } = await start(token, workspace.id, "testpress");
    network.answer = [account("site-9", { displayName: "Fernhill Blog", url: "https://blog.example", settings: { collection: "posts" } })];
    const { path, notice } = landing(await callback(token, { code: "c", state }, cookie, "testpress"));
    expect(path).toBe(`/workspaces/${workspace.id}/integrations`);
    expect(notice).toBe("Fernhill Blog is connected (Testpress).");
    const [row] = await db.select().from(thirdPartyIntegrations).where(eq(thirdPartyIntegrations.workspaceId, workspace.id));
    expect(row).toMatchObject({ provider: "testpress", kind: "site_builder", externalId: "site-9", url: "https://blog.example", settings: { collection: "posts" }, userId: owner.id });
    expect(row!.credentials).not.toContain("secret-");
    expect(await accountsOf(workspace.id)).toHaveLength(0);

    const listed = await json(await api(`/w/${workspace.id}/integrations`, { token }));
    expect(listed.data).toEqual([expect.objectContaining({ id: row!.id, display_name: "Fernhill Blog", provider: "testpress", state: "active" })]);
    expect(JSON.stringify(listed)).not.toContain("secret-");

    const outsider = await member();
    expect((await api(`/integrations/${row!.id}`, { method: "DELETE", token: outsider.token })).status).toBe(404);
    expect((await api(`/integrations/${row!.id}`, { method: "DELETE", token })).status).toBe(204);
    expect(network.revoked).toEqual(["secret-access-site-9"]);
    const [after] = await db.select().from(thirdPartyIntegrations).where(eq(thirdPartyIntegrations.id, row!.id));
    expect(after).toMatchObject({ state: "disconnected", credentials: "" });
  });
});

describe("a network registered per instance (Mastodon-like)", () => {
  /** DNS-over-HTTPS answers: every name is public, except the ones that point inside. */
  function dns(addresses: Record<string, string> = {}) {
    const original = globalThis.fetch;
    return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.hostname !== "cloudflare-dns.com") return original(input, init);
      const name = url.searchParams.get("name")!;
      const type = url.searchParams.get("type");
      return Response.json({ Answer: type === "A" ? [{ type: 1, data: addresses[name] ?? "93.184.216.34" }] : [] });
    });
  }

  it("registers the app once per instance, remembers it with a sealed secret, and sends the person to that instance", async () => {
    dns();
    const { workspace, token } = await member();
    const first = await start(token, workspace.id, "testodon", "&instance=Social.Example/");
    expect(first.location.origin).toBe("https://social.example");
    expect(first.location.searchParams.get("client_id")).toBe("client-for-social.example");
    await start(token, workspace.id, "testodon", "&instance=https://social.example");
    expect(network.registered).toEqual([{ instance: "https://social.example", redirectUri: `${APP}/integrations/testodon/callback` }]);
    const [client] = await db.select().from(oauthClients).where(and(eq(oauthClients.network, "mastodon"), eq(oauthClients.instance, "https://social.example")));
    expect(client!.clientSecret).not.toContain("registered-secret");

    network.answer = [account("109", { handle: "nora@social.example" })];
    const second = await start(token, workspace.id, "testodon", "&instance=social.example");
    landing(await callback(token, { code: "c", state: second.state }, second.cookie, "testodon"));
    expect(network.exchanged[0]).toMatchObject({ instance: "https://social.example", app: { clientId: "client-for-social.example", clientSecret: "registered-secret" } });
    expect(network.registered).toHaveLength(1);
    expect((await accountsOf(workspace.id))[0]).toMatchObject({ network: "mastodon", externalId: "109" });
  });

  it("refuses an instance on a private address before asking it anything", async () => {
    dns({ "intranet.example": "10.0.0.7" });
    const { workspace, token } = await member();
    for (const instance of ["10.0.0.5", "localhost:3000", "intranet.example"]) {
      const { error } = landing(await page(`/integrations/testodon/connect?workspace=${workspace.id}&instance=${encodeURIComponent(instance)}`, token));
      expect(error).toMatch(/^Testodon: That address (is on a private network|could not be looked up)|Only the usual web ports/);
    }
    expect(network.registered).toHaveLength(0);
  });
});

describe("POST /v1/w/:ws/connections/:connector (form connectors)", () => {
  it("answers 400 naming a missing field, then connects with the same storing path", async () => {
    const { workspace, token } = await member();
    const missing = await api(`/w/${workspace.id}/connections/testsky`, { method: "POST", token, body: { handle: "nora.bsky.social" } });
    expect(missing.status).toBe(400);
    expect((await json(missing)).fields.app_password).toEqual(expect.arrayContaining([expect.any(String)]));

    const blank = await api(`/w/${workspace.id}/connections/testsky`, { method: "POST", token, body: { handle: " ", app_password: "abcd-efgh" } });
    expect(blank.status).toBe(400);
    expect((await json(blank)).fields.handle).toEqual(["can't be blank"]);

    const made = await api(`/w/${workspace.id}/connections/testsky`, { method: "POST", token, body: { handle: "nora.bsky.social", app_password: "abcd-efgh" } });
    expect(made.status).toBe(201);
    const body = await made.text();
    expect(body).toContain("nora.bsky.social");
    expect(body).not.toContain("session-abcd-efgh");
    const [row] = await accountsOf(workspace.id);
    expect(row).toMatchObject({ network: "bluesky", externalId: "did:nora.bsky.social" });
    expect((await decryptCredentials(env, row!.credentials, credentialBinding(row!))).accessToken).toBe("session-abcd-efgh");
  });

  it("refuses an OAuth connector as a form, and a guest", async () => {
    const { workspace, token } = await member();
    expect((await api(`/w/${workspace.id}/connections/testnet`, { method: "POST", token, body: {} })).status).toBe(400);
    const guest = await buildMember(workspace, "guest");
    expect((await api(`/w/${workspace.id}/connections/testsky`, { method: "POST", token: guest.token, body: { handle: "a", app_password: "b" } })).status).toBe(403);
  });
});

describe("GET /v1/w/:ws/social_accounts: the connectors of every network", () => {
  it("lists each connector with its kind, whether it is configured here, its fields and note", async () => {
    const { workspace, token } = await member();
    const { networks } = await json(await api(`/w/${workspace.id}/social_accounts`, { token }));
    const connectors = Object.fromEntries(networks.flatMap((n: { connectors: { id: string }[] }) => n.connectors.map((c) => [c.id, c])));
    expect(connectors.testnet).toMatchObject({ kind: "oauth", configured: true, note: "Posts go to a fake network.", fields: [] });
    expect(connectors["testnet-unconfigured"]).toMatchObject({ kind: "oauth", configured: false });
    expect(connectors.testodon).toMatchObject({ kind: "oauth", configured: true, instance_field: { name: "instance", label: "Your server" } });
    expect(connectors.testsky).toMatchObject({ kind: "form", configured: true, fields: [expect.objectContaining({ name: "handle" }), expect.objectContaining({ name: "app_password", type: "password" })] });
    expect(connectors.sandbox).toMatchObject({ kind: "local", configured: true });
  });
});

describe("reconnect and disconnect, for every kind", () => {
  async function connected(externalId: string) {
    const ctx = await member();
    const { state, cookie } = await start(ctx.token, ctx.workspace.id);
    network.answer = [account(externalId)];
    await callback(ctx.token, { code: "c", state }, cookie);
    const [row] = await accountsOf(ctx.workspace.id);
    return { ...ctx, row: row! };
  }

  it("answers an OAuth account's reconnect with the connect URL for the browser, and a form account's with its form", async () => {
    const { workspace, token, row } = await connected("net-r");
    const answer = await json(await api(`/social_accounts/${row.id}/reconnect`, { method: "POST", token }));
    expect(answer.redirect).toBe(`/integrations/testnet/connect?workspace=${workspace.id}&account=${row.id}`);

    await api(`/w/${workspace.id}/connections/testsky`, { method: "POST", token, body: { handle: "nora", app_password: "pw" } });
    const sky = (await accountsOf(workspace.id)).find((a) => a.network === "bluesky")!;
    const form = await json(await api(`/social_accounts/${sky.id}/reconnect`, { method: "POST", token }));
    expect(form.form).toMatchObject({ id: "testsky", kind: "form" });
    expect(form.message).toBe("Fill in Testsky again to reconnect Account did:nora.");
  });

  it("revokes at the network on disconnect, and disconnects even when the network fails", async () => {
    const { token, row } = await connected("net-d");
    expect((await api(`/social_accounts/${row.id}`, { method: "DELETE", token })).status).toBe(204);
    expect(network.revoked).toEqual(["secret-access-net-d"]);

    const other = await connected("net-e");
    network.revokeFails = true;
    expect((await api(`/social_accounts/${other.row.id}`, { method: "DELETE", token: other.token })).status).toBe(204);
    expect(network.revoked).toEqual(["secret-access-net-d", "secret-access-net-e"]);
    expect((await db.select().from(socialAccounts).where(eq(socialAccounts.id, other.row.id)))[0]).toMatchObject({ state: "disconnected", credentials: "" });
  });
});

describe("GET /v1/users/:id/third_party_integrations", () => {
  it("lists the accounts and services the user connected, without credentials; another user gets 404", async () => {
    const { workspace, owner, token } = await member();
    const { state, cookie } = await start(token, workspace.id);
    network.answer = [account("mine-1", { displayName: "Nora's X" })];
    await callback(token, { code: "c", state }, cookie);
    const service = await start(token, workspace.id, "testpress");
    network.answer = [account("site-1", { displayName: "Nora's Blog" })];
    await callback(token, { code: "c", state: service.state }, service.cookie, "testpress");
    const colleague = await buildMember(workspace, "member");
    await api(`/w/${workspace.id}/social_accounts`, { method: "POST", token: colleague.token, body: { network: "sandbox", display_name: "Not Nora's" } });

    const response = await api(`/users/${owner.id}/third_party_integrations`, { token });
    const text = await response.text();
    const { data } = JSON.parse(text) as { data: Record<string, unknown>[] };
    expect(data).toEqual([
      expect.objectContaining({ type: "social_account", provider: "x", account_name: "Nora's X", handle: "mine-1", status: "active", workspace_id: workspace.id }),
      expect.objectContaining({ type: "integration", provider: "testpress", provider_label: "Testpress", account_name: "Nora's Blog", status: "active", workspace_id: workspace.id }),
    ]);
    expect(text).not.toContain("secret-");
    expect(text).not.toContain("v1.");

    expect((await api(`/users/${owner.id}/third_party_integrations`, { token: colleague.token })).status).toBe(404);
  });
});

describe("signed media links (/media/:token)", () => {
  async function stored(workspaceId: number, bytes: Uint8Array, contentType = "image/png") {
    const key = `uploads/${workspaceId}/${crypto.randomUUID()}`;
    await env.UPLOADS.put(key, bytes);
    const [upload] = await db.insert(uploads).values({ workspaceId, r2Key: key, filename: "photo.png", contentType, size: bytes.length, status: "stored" }).returning();
    return upload!;
  }

  it("serves the upload's bytes with its content type to anyone holding the link, for a day", async () => {
    const { workspace } = await member();
    const upload = await stored(workspace.id, new Uint8Array([137, 80, 78, 71, 1, 2, 3]));
    const link = await signMediaLink(env, workspace.id, upload.id);
    const path = new URL(link).pathname;
    expect(path).toMatch(/^\/media\/[^/]+$/);
    const response = await exports.default.fetch(`${APP}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array([137, 80, 78, 71, 1, 2, 3]));

    const media = mediaAccess(db, env, workspace.id, Date.now);
    const item = { uploadId: upload.id, url: `/files/${upload.id}`, kind: "image" as const, contentType: "image/png", name: "photo.png", bytes: 7 };
    expect(new Uint8Array(await media.readMedia!(item))).toEqual(new Uint8Array([137, 80, 78, 71, 1, 2, 3]));
    expect(await media.mediaUrl!(item)).toMatch(/\/media\//);
  });

  it("answers 404 to an expired link, a forged one, and one naming another workspace's upload", async () => {
    const { workspace } = await member();
    const other = await member();
    const upload = await stored(workspace.id, new Uint8Array([1]));
    const expired = new URL(await signMediaLink(env, workspace.id, upload.id, Date.now() - 25 * 3_600_000)).pathname;
    expect((await exports.default.fetch(`${APP}${expired}`)).status).toBe(404);
    const good = new URL(await signMediaLink(env, workspace.id, upload.id)).pathname;
    const forged = good.slice(0, -3) + (good.endsWith("AAA") ? "BBB" : "AAA");
    expect((await exports.default.fetch(`${APP}${forged}`)).status).toBe(404);
    const elsewhere = new URL(await signMediaLink(env, other.workspace.id, upload.id)).pathname;
    expect((await exports.default.fetch(`${APP}${elsewhere}`)).status).toBe(404);
    const upload2 = await stored(other.workspace.id, new Uint8Array([2]));
    await expect(mediaAccess(db, env, workspace.id, Date.now).readMedia!({ uploadId: upload2.id, url: "", kind: "image", contentType: "image/png", name: "x", bytes: 1 })).rejects.toThrow(/not found/);
  });
});

describe("Meta's deauthorize and data-deletion callbacks", () => {
  const SECRET = "meta-app-secret";

  async function metaAccount(owner: User, workspaceId: number, ownerExternalId: string) {
    const [row] = await db
      .insert(socialAccounts)
      .values({ workspaceId, network: "facebook", externalId: `page-${crypto.randomUUID()}`, displayName: "Fernhill Page", credentials: "v1.sealed.token", connectedById: owner.id, ownerExternalId })
      .returning();
    return row!;
  }
  const post = (path: string, signed: string) =>
    exports.default.fetch(`${APP}${path}`, { method: "POST", body: new URLSearchParams({ signed_request: signed }), headers: { "Content-Type": "application/x-www-form-urlencoded" } });
  const reload = async (row: SocialAccount) => (await db.select().from(socialAccounts).where(eq(socialAccounts.id, row.id)))[0]!;

  it("verifies a signed_request exactly: the app secret's HMAC-SHA256 over the payload, algorithm HMAC-SHA256", async () => {
    const signed = await signRequest({ algorithm: "HMAC-SHA256", user_id: "42", issued_at: 1 }, SECRET);
    expect(await verifySignedRequest(signed, SECRET)).toMatchObject({ user_id: "42" });
    expect(await verifySignedRequest(signed, "another-secret")).toBeNull();
    expect(await verifySignedRequest(await signRequest({ algorithm: "none", user_id: "42" }, SECRET), SECRET)).toBeNull();
    const [signature, payload] = signed.split(".");
    const tampered = btoa(JSON.stringify({ algorithm: "HMAC-SHA256", user_id: "43" })).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
    expect(await verifySignedRequest(`${signature}.${tampered}`, SECRET)).toBeNull();
    expect(await verifySignedRequest(`${payload}`, SECRET)).toBeNull();
  });

  it("deauthorize: the person's accounts need reconnecting and whoever connected them gets an inbox item; a forged request is a 400", async () => {
    settable.FACEBOOK_CLIENT_SECRET = SECRET;
    const { workspace, owner } = await member();
    const owned = await metaAccount(owner, workspace.id, "meta-user-1");
    const someoneElse = await metaAccount(owner, workspace.id, "meta-user-2");

    const forged = await post("/integrations/meta/deauthorize", await signRequest({ algorithm: "HMAC-SHA256", user_id: "meta-user-1" }, "wrong-secret"));
    expect(forged.status).toBe(400);
    expect((await reload(owned)).state).toBe("active");

    const response = await post("/integrations/meta/deauthorize", await signRequest({ algorithm: "HMAC-SHA256", user_id: "meta-user-1", issued_at: 1 }, SECRET));
    expect(response.status).toBe(200);
    expect(await reload(owned)).toMatchObject({ state: "needs_reauth", stateReason: expect.stringMatching(/removed Brandwork's access/) });
    expect((await reload(someoneElse)).state).toBe("active");
    const items = await db.select().from(inboxItems).where(and(eq(inboxItems.recipientId, owner.id), eq(inboxItems.type, "account_needs_reauth")));
    expect(items).toHaveLength(1);
  });

  it("data deletion: the person's accounts lose their credentials and are disconnected; the answer links a status page with the code", async () => {
    settable.FACEBOOK_CLIENT_SECRET = SECRET;
    const { workspace, owner } = await member();
    const owned = await metaAccount(owner, workspace.id, "meta-user-9");
    expect((await post("/integrations/meta/data-deletion", "bm90.c2lnbmVk")).status).toBe(400);
    expect((await reload(owned)).credentials).toBe("v1.sealed.token");

    const response = await post("/integrations/meta/data-deletion", await signRequest({ algorithm: "HMAC-SHA256", user_id: "meta-user-9" }, SECRET));
    expect(response.status).toBe(200);
    const { url, confirmation_code } = await json(response);
    expect(url).toBe(`${APP}/integrations/meta/deletion/${confirmation_code}`);
    expect(await reload(owned)).toMatchObject({ state: "disconnected", credentials: "" });

    const status = await exports.default.fetch(url);
    expect(status.status).toBe(200);
    const html = await status.text();
    expect(html).toContain(confirmation_code);
    expect(html).toContain("1 connected account");
    expect((await exports.default.fetch(`${APP}/integrations/meta/deletion/not-a-code`)).status).toBe(404);
  });
});

// A user who exists only to prove an id from nowhere is refused.
it("refuses to start connecting for a workspace the person is not in", async () => {
  const stranger = await buildUser();
  const { workspace } = await member();
  const { error } = landing(await page(`/integrations/testnet/connect?workspace=${workspace.id}`, await tokenFor(stranger)));
  expect(error).toBe("That workspace was not found.");
});
