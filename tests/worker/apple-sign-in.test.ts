import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { decodeProtectedHeader, exportJWK, exportPKCS8, generateKeyPair, jwtVerify, SignJWT, type CryptoKey, type JWK } from "jose";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { appleClientSecret } from "../../worker/auth/apple";
import { oauthConfigured } from "../../worker/auth/oauth";
import { users } from "../../worker/db/schema";
import { crossSiteRefusal } from "../../worker/middleware/cookie-session";
import worker from "../../worker/index";
import { db } from "../factories";

const CLIENT_ID = "com.brandwork.signin";
const ORIGIN = "https://app.test";

let signing: { privateKey: CryptoKey; publicKey: CryptoKey };
let apple: { privateKey: CryptoKey; publicJwk: JWK };
let impostor: CryptoKey;
let configured: Env;

beforeAll(async () => {
  signing = await generateKeyPair("ES256", { extractable: true });
  const appleKeys = await generateKeyPair("RS256", { extractable: true });
  apple = { privateKey: appleKeys.privateKey, publicJwk: { ...(await exportJWK(appleKeys.publicKey)), kid: "apple-key-1", alg: "RS256", use: "sig" } };
  impostor = (await generateKeyPair("RS256")).privateKey;
  configured = {
    ...env,
    APPLE_CLIENT_ID: CLIENT_ID,
    APPLE_TEAM_ID: "TEAM123456",
    APPLE_KEY_ID: "KEY1234567",
    // As a dashboard often stores it: the PEM's line breaks as literal "\n".
    APPLE_PRIVATE_KEY: (await exportPKCS8(signing.privateKey)).replace(/\n/g, "\\n"),
  };
});

afterEach(() => vi.restoreAllMocks());

/** An ID token as Apple signs it (RS256, kid of its JWKS), with these claims over the defaults. */
function idToken(claims: Record<string, unknown>, { key = apple.privateKey, audience = CLIENT_ID, issuer = "https://appleid.apple.com" } = {}) {
  return new SignJWT({ email_verified: "true", ...claims })
    .setProtectedHeader({ alg: "RS256", kid: "apple-key-1" })
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime("10m")
    .sign(key);
}

/**
 * Apple's token endpoint and JWKS, answered locally. The token endpoint checks the form as
 * Apple documents it (client_id, client_secret as an ES256 JWT, code, grant_type, redirect_uri).
 */
function fakeApple(token: () => Promise<string>) {
  const calls: { url: string; form?: URLSearchParams }[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (request.method === "GET" && request.url === "https://appleid.apple.com/auth/keys") {
      calls.push({ url: request.url });
      return Response.json({ keys: [apple.publicJwk] });
    }
    if (request.method === "POST" && request.url === "https://appleid.apple.com/auth/token") {
      expect(request.headers.get("Content-Type")).toBe("application/x-www-form-urlencoded");
      const form = new URLSearchParams(new TextDecoder().decode(await request.arrayBuffer()));
      calls.push({ url: request.url, form });
      if (form.get("code") !== "apple-code" || form.get("client_id") !== CLIENT_ID || form.get("grant_type") !== "authorization_code") {
        return Response.json({ error: "invalid_grant" }, { status: 400 });
      }
      await jwtVerify(form.get("client_secret")!, signing.publicKey, { issuer: "TEAM123456", subject: CLIENT_ID, audience: "https://appleid.apple.com" });
      return Response.json({ access_token: "apple-at", token_type: "Bearer", expires_in: 3600, refresh_token: "apple-rt", id_token: await token() });
    }
    return new Response("unexpected", { status: 500 });
  });
  return calls;
}

async function send(path: string, init: RequestInit = {}) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(new Request(`${ORIGIN}${path}`, { redirect: "manual", ...init }) as Request<unknown, IncomingRequestCfProperties>, configured, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** Starts a sign-in: Apple's authorize URL and the state cookie the browser keeps. */
async function start(redirectTo = "/workspaces") {
  const response = await send(`/auth/apple?redirect_to=${encodeURIComponent(redirectTo)}`);
  expect(response.status).toBe(302);
  const cookie = response.headers.get("Set-Cookie")!;
  return { authorize: new URL(response.headers.get("Location")!), cookie, cookiePair: cookie.split(";")[0]! };
}

/** Apple's form_post back to us, from its own site. */
function formPost(fields: Record<string, string>, cookiePair?: string) {
  return send("/auth/apple/callback", {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: "https://appleid.apple.com",
      "Sec-Fetch-Site": "cross-site",
      ...(cookiePair ? { Cookie: cookiePair } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
}

const errorOf = (response: Response) => new URL(response.headers.get("Location")!, ORIGIN).searchParams.get("oauth_error");

describe("Sign in with Apple", () => {
  it("is offered only when the Services ID, team, key id and private key are all set", () => {
    expect(oauthConfigured({ ...configured, APPLE_KEY_ID: "" }, "apple")).toBe(false);
    expect(oauthConfigured(env, "apple")).toBe(false);
    expect(oauthConfigured(configured, "apple")).toBe(true);
  });

  it("builds its client secret as an ES256 JWT with the key id, team, Services ID and Apple's audience, that the key's public half verifies", async () => {
    const now = Math.floor(Date.now() / 1000);
    const secret = await appleClientSecret(configured, now);
    expect(decodeProtectedHeader(secret)).toEqual({ alg: "ES256", kid: "KEY1234567" });
    const { payload } = await jwtVerify(secret, signing.publicKey, { algorithms: ["ES256"] });
    expect(payload).toMatchObject({ iss: "TEAM123456", sub: CLIENT_ID, aud: "https://appleid.apple.com", iat: now });
    expect(payload.exp! - now).toBeGreaterThan(0);
    expect(payload.exp! - now).toBeLessThanOrEqual(15_777_000);
  });

  it("sends the browser to Apple asking for name and email by form_post, with a state cookie that survives Apple's cross-site POST", async () => {
    const { authorize, cookie } = await start();
    expect(authorize.origin + authorize.pathname).toBe("https://appleid.apple.com/auth/authorize");
    const params = Object.fromEntries(authorize.searchParams);
    expect(params).toMatchObject({ client_id: CLIENT_ID, redirect_uri: `${ORIGIN}/auth/apple/callback`, response_type: "code", response_mode: "form_post", scope: "name email" });
    expect(params.nonce).toBe(params.state);
    expect(cookie).toMatch(/^brandwork_oauth=/);
    expect(cookie).toContain("SameSite=None");
    expect(cookie).toContain("Secure");
    expect(cookie).toContain("HttpOnly");
  });

  it("signs a new person in from Apple's form POST and makes their account with the name Apple sent the first time", async () => {
    const { authorize, cookiePair } = await start("/workspaces/new");
    const state = authorize.searchParams.get("state")!;
    const email = `apple-${crypto.randomUUID().slice(0, 8)}@privaterelay.appleid.com`;
    const calls = fakeApple(() => idToken({ sub: `001234.${email}`, email, is_private_email: "true", nonce: state }));
    const response = await formPost({ code: "apple-code", state, id_token: "ignored-here", user: JSON.stringify({ name: { firstName: "Ada", lastName: "Lovelace" }, email }) }, cookiePair);

    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/workspaces/new");
    expect(response.headers.getSetCookie().some((c) => c.startsWith("brandwork_auth="))).toBe(true);
    expect(calls.find((c) => c.form)?.form?.get("redirect_uri")).toBe(`${ORIGIN}/auth/apple/callback`);
    expect(calls.some((c) => c.url.endsWith("/auth/keys"))).toBe(true);
    const [user] = await db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ firstName: "Ada", lastName: "Lovelace", passwordHash: null });

    // Later sign-ins carry no `user`: the same account, its name kept.
    const again = await start();
    const secondState = again.authorize.searchParams.get("state")!;
    fakeApple(() => idToken({ sub: `001234.${email}`, email, nonce: secondState }));
    const second = await formPost({ code: "apple-code", state: secondState }, again.cookiePair);
    expect(second.status).toBe(302);
    expect(second.headers.get("Location")).toBe("/workspaces");
    expect(await db.select().from(users).where(eq(users.email, email))).toEqual([expect.objectContaining({ id: user!.id, firstName: "Ada" })]);
  });

  it("refuses an ID token not signed by Apple's keys, and one meant for another app, creating no account", async () => {
    for (const [why, token] of [
      ["forged", (email: string, nonce: string) => idToken({ sub: "001.forged", email, nonce }, { key: impostor })],
      ["another app", (email: string, nonce: string) => idToken({ sub: "001.other", email, nonce }, { audience: "com.someone.else" })],
      ["another issuer", (email: string, nonce: string) => idToken({ sub: "001.issuer", email, nonce }, { issuer: "https://evil.example" })],
      ["another round trip", (email: string) => idToken({ sub: "001.nonce", email, nonce: "someone-elses-state" })],
    ] as const) {
      const { authorize, cookiePair } = await start();
      const state = authorize.searchParams.get("state")!;
      const email = `refused-${crypto.randomUUID().slice(0, 8)}@example.com`;
      fakeApple(() => token(email, state));
      const response = await formPost({ code: "apple-code", state }, cookiePair);
      expect(response.status, why).toBe(302);
      expect(errorOf(response), why).toBe("Apple sent a sign-in that could not be verified. Try again.");
      expect(response.headers.getSetCookie().some((c) => c.startsWith("brandwork_auth=")), why).toBe(false);
      expect(await db.select().from(users).where(eq(users.email, email)), why).toEqual([]);
      vi.restoreAllMocks();
    }
  });

  it("refuses a callback whose state is missing or not the one this browser started, without asking Apple for a token", async () => {
    const { authorize, cookiePair } = await start();
    const state = authorize.searchParams.get("state")!;
    const calls = fakeApple(() => idToken({ sub: "001.state", email: "state@example.com", nonce: state }));
    for (const response of [
      await formPost({ code: "apple-code", state: "guessed-state" }, cookiePair),
      await formPost({ code: "apple-code" }, cookiePair),
      await formPost({ code: "apple-code", state }),
    ]) {
      expect(response.status).toBe(302);
      expect(errorOf(response)).toBe("That Apple sign-in link has expired. Try again.");
    }
    expect(calls).toEqual([]);
  });

  it("says the person cancelled when Apple posts back an error", async () => {
    const { authorize, cookiePair } = await start();
    const response = await formPost({ error: "user_cancelled_authorize", state: authorize.searchParams.get("state")! }, cookiePair);
    expect(errorOf(response)).toBe("Apple sign-in was cancelled.");
  });

  it("still refuses every other cross-site form POST, including the other providers' callbacks", async () => {
    const crossSite = (path: string, method = "POST") =>
      new Request(`${ORIGIN}${path}`, { method, headers: { Origin: "https://appleid.apple.com", "Content-Type": "application/x-www-form-urlencoded" }, body: "code=x&state=y" });
    expect(crossSiteRefusal(crossSite("/auth/apple/callback"), "page")).toBeNull();
    for (const path of ["/auth/google/callback", "/auth/apple", "/auth/apple/callback/", "/auth/microsoft/callback", "/login_or_signup"]) {
      expect(crossSiteRefusal(crossSite(path), "page"), path).toMatch(/sent from another site/);
    }
    expect(crossSiteRefusal(crossSite("/auth/apple/callback", "PUT"), "page")).toMatch(/sent from another site/);

    const refused = await send("/login_or_signup", { method: "POST", headers: { Origin: "https://appleid.apple.com", "Content-Type": "application/x-www-form-urlencoded" }, body: "email=a@example.com" });
    expect(refused.status).toBe(403);
  });
});
