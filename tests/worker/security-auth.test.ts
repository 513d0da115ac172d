import { env, exports } from "cloudflare:workers";
import { and, desc, eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { completeOAuth, OAuthLinkRequired, type OAuthProvider } from "../../worker/auth/oauth";
import { mailOutbox, oauthIdentities, sessions, users } from "../../worker/db/schema";
import { api, buildUser, db, DEFAULT_PASSWORD, tokenFor } from "../factories";
import { AUTH_COOKIE_NAME, authStateFor, encodeAuthState } from "../../app/lib/auth-cookie";
import { listOutbox, outboxAvailable } from "../../app/lib/outbox.server";

afterEach(() => vi.restoreAllMocks());

// ---------------------------------------------------------------------------------------------
// 4. OAuth sign-in never takes over an account by email alone
// ---------------------------------------------------------------------------------------------

const oauthEnv = {
  ...env,
  GOOGLE_CLIENT_ID: "google-client",
  GOOGLE_CLIENT_SECRET: "google-secret",
  MICROSOFT_CLIENT_ID: "microsoft-client",
  MICROSOFT_CLIENT_SECRET: "microsoft-secret",
};
const TENANT = "9188040d-6c67-4c5b-b112-36a304b66dad";

/** An ID token as a provider's token endpoint returns it (signature irrelevant: read over TLS). */
const idToken = (claims: Record<string, unknown>) =>
  new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).sign(new TextEncoder().encode("provider-key"));

/** The provider's token and userinfo endpoints, answered locally. */
function mockProvider(provider: Exclude<OAuthProvider, "apple">, userinfo: Record<string, unknown>, idTokenClaims?: Record<string, unknown>) {
  const urls = {
    google: ["https://oauth2.googleapis.com/token", "https://openidconnect.googleapis.com/v1/userinfo"],
    microsoft: ["https://login.microsoftonline.com/common/oauth2/v2.0/token", "https://graph.microsoft.com/oidc/userinfo"],
    linkedin: ["https://www.linkedin.com/oauth/v2/accessToken", "https://api.linkedin.com/v2/userinfo"],
  }[provider];
  vi.restoreAllMocks();
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (request.url === urls[0]) {
      return Response.json({
        access_token: "at",
        token_type: "Bearer",
        ...(idTokenClaims ? { id_token: await idToken(idTokenClaims) } : {}),
      });
    }
    if (request.url === urls[1]) return Response.json(userinfo);
    return new Response("unexpected", { status: 500 });
  });
}

const signIn = (provider: Exclude<OAuthProvider, "apple">) => completeOAuth(db, oauthEnv, provider, "code", "https://app.test");

const microsoftClaims = (sub: string, email: string, extra: Record<string, unknown> = {}) => ({
  iss: `https://login.microsoftonline.com/${TENANT}/v2.0`,
  aud: "microsoft-client",
  sub,
  email,
  tid: TENANT,
  ...extra,
});

describe("4. OAuth sign-in and existing accounts", () => {
  it("does not sign a Google identity into an existing account when Google does not assert the email verified", async () => {
    const victim = await buildUser();
    for (const unverified of [{}, { email_verified: false }, { email_verified: "yes" }]) {
      mockProvider("google", { sub: `attacker-${victim.id}`, email: victim.email, ...unverified });
      await expect(signIn("google")).rejects.toBeInstanceOf(OAuthLinkRequired);
    }
    expect(await db.select().from(oauthIdentities).where(eq(oauthIdentities.userId, victim.id))).toHaveLength(0);
  });

  it("links a Google identity whose email Google verified, then finds it by issuer + subject even when the email changes", async () => {
    const user = await buildUser();
    mockProvider("google", { sub: `g-${user.id}`, email: user.email, email_verified: true });
    expect((await signIn("google")).id).toBe(user.id);

    mockProvider("google", { sub: `g-${user.id}`, email: `renamed-${user.id}@example.com`, email_verified: true });
    expect((await signIn("google")).id).toBe(user.id);
    const [identity] = await db.select().from(oauthIdentities).where(eq(oauthIdentities.userId, user.id));
    expect(identity).toMatchObject({ issuer: "https://accounts.google.com", subject: `g-${user.id}` });
  });

  it("refuses to auto-link a Microsoft identity without the xms_edov claim, whatever email_verified says", async () => {
    const victim = await buildUser();
    const claims = microsoftClaims(`ms-attacker-${victim.id}`, victim.email, { email_verified: true });
    mockProvider("microsoft", { sub: claims.sub, email: victim.email, email_verified: true }, claims);
    const refusal = await signIn("microsoft").catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(OAuthLinkRequired);
    expect((refusal as OAuthLinkRequired).status).toBe(409);
    expect((refusal as OAuthLinkRequired).message).toMatch(/already registered.*password/);
  });

  it("links a Microsoft identity whose tenant owns the email's domain (xms_edov)", async () => {
    const user = await buildUser();
    const claims = microsoftClaims(`ms-${user.id}`, user.email, { xms_edov: true });
    mockProvider("microsoft", { sub: claims.sub, email: user.email }, claims);
    expect((await signIn("microsoft")).id).toBe(user.id);
    const [identity] = await db.select().from(oauthIdentities).where(eq(oauthIdentities.userId, user.id));
    expect(identity).toMatchObject({ issuer: `https://login.microsoftonline.com/${TENANT}/v2.0`, subject: `ms-${user.id}` });
  });

  it("refuses an ID token issued for another app", async () => {
    const user = await buildUser();
    const claims = microsoftClaims(`ms-other-${user.id}`, user.email, { xms_edov: true, aud: "someone-elses-client" });
    mockProvider("microsoft", { sub: claims.sub, email: user.email }, claims);
    await expect(signIn("microsoft")).rejects.toThrow(/another app/);
  });

  it("links the identity once the account's password is given, and signs in by it afterwards", async () => {
    const user = await buildUser();
    const claims = microsoftClaims(`ms-owner-${user.id}`, user.email);
    mockProvider("microsoft", { sub: claims.sub, email: user.email }, claims);
    const refusal = (await signIn("microsoft").catch((error: unknown) => error)) as OAuthLinkRequired;
    expect(refusal).toBeInstanceOf(OAuthLinkRequired);
    vi.restoreAllMocks();

    // A wrong password links nothing.
    const wrong = await api("/users/sign_in", {
      method: "POST",
      body: { user: { email: user.email, password: "not-the-password" }, oauth_link: refusal.linkToken },
    });
    expect(wrong.status).toBe(401);
    expect(await db.select().from(oauthIdentities).where(eq(oauthIdentities.userId, user.id))).toHaveLength(0);

    const right = await api("/users/sign_in", {
      method: "POST",
      body: { user: { email: user.email, password: DEFAULT_PASSWORD }, oauth_link: refusal.linkToken },
    });
    expect(right.status).toBe(200);
    mockProvider("microsoft", { sub: claims.sub, email: user.email }, claims);
    expect((await signIn("microsoft")).id).toBe(user.id);
  });

  it("links through the sign-in page: the pending identity rides in its cookie to the password form", async () => {
    const user = await buildUser();
    const claims = microsoftClaims(`ms-page-${user.id}`, user.email);
    mockProvider("microsoft", { sub: claims.sub, email: user.email }, claims);
    const refusal = (await signIn("microsoft").catch((error: unknown) => error)) as OAuthLinkRequired;
    vi.restoreAllMocks();
    const form = new URLSearchParams({ intent: "sign_in", email: user.email, password: DEFAULT_PASSWORD });
    const response = await exports.default.fetch("https://app.test/login_or_signup?step=password", {
      method: "POST",
      body: form,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: `brandwork_oauth_link=${encodeURIComponent(refusal.linkToken)}` },
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("brandwork_oauth_link=;"))).toBe(true);
    const [identity] = await db.select().from(oauthIdentities).where(eq(oauthIdentities.subject, claims.sub));
    expect(identity?.userId).toBe(user.id);
  });

  it("does not let a link token for one account link through another account's password", async () => {
    const victim = await buildUser();
    const attacker = await buildUser();
    const claims = microsoftClaims(`ms-cross-${victim.id}`, victim.email);
    mockProvider("microsoft", { sub: claims.sub, email: victim.email }, claims);
    const refusal = (await signIn("microsoft").catch((error: unknown) => error)) as OAuthLinkRequired;
    vi.restoreAllMocks();
    const response = await api("/users/sign_in", {
      method: "POST",
      body: { user: { email: attacker.email, password: DEFAULT_PASSWORD }, oauth_link: refusal.linkToken },
    });
    expect(response.status).toBe(200);
    expect(await db.select().from(oauthIdentities).where(eq(oauthIdentities.subject, claims.sub))).toHaveLength(0);
  });

  it("creates no account from an email the provider does not vouch for", async () => {
    const email = `fresh-${Date.now()}@example.com`;
    const claims = microsoftClaims(`ms-fresh-${Date.now()}`, email);
    mockProvider("microsoft", { sub: claims.sub, email }, claims);
    await expect(signIn("microsoft")).rejects.toThrow(/did not confirm/);
  });
});

// ---------------------------------------------------------------------------------------------
// 5. No open redirect through redirect_to, however it is spelled
// ---------------------------------------------------------------------------------------------

const OFF_SITE = [
  "/.//evil.example",
  "/..//evil.example/path",
  "/docs/..//evil.example",
  "/%2e//evil.example",
  "/%2E%2E//evil.example",
  "/./\\evil.example",
  "/\\evil.example",
  "/%5C/evil.example",
  "/%5c%5cevil.example",
  "/%2F/evil.example",
  "/%2f%2fevil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/%09/evil.example",
  "//evil.example",
  "HTTPS://evil.example",
  "hTtP://evil.example",
  "JavaScript:alert(1)",
  "javascript://%0Aalert(1)",
];

/** Where a 3xx sends the browser, resolved as the browser resolves it. */
const destination = (response: Response) => new URL(response.headers.get("Location") ?? "", "https://app.test");

describe("5. redirect_to after sign-in", () => {
  it.each(OFF_SITE)("the sign-in action stays on the site for %j", async (spelling) => {
    const user = await buildUser();
    const form = new URLSearchParams({ intent: "sign_in", email: user.email, password: DEFAULT_PASSWORD, redirect_to: spelling });
    const response = await exports.default.fetch("https://app.test/login_or_signup?step=sign_in", {
      method: "POST",
      body: form,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    const location = response.headers.get("Location") ?? response.headers.get("X-Remix-Redirect");
    expect(location, "the sign-in answered with a redirect").toBeTruthy();
    expect(new URL(location!, "https://app.test").origin).toBe("https://app.test");
    expect(location).not.toMatch(/^[/\\]{2}/);
  });

  it.each(OFF_SITE)("the page that sends signed-in visitors on stays on the site for %j", async (spelling) => {
    const user = await buildUser();
    const cookie = `${AUTH_COOKIE_NAME}=${encodeAuthState(authStateFor(`Bearer ${await tokenFor(user)}`))}`;
    const response = await exports.default.fetch(
      `https://app.test/login_or_signup?redirect_to=${encodeURIComponent(spelling)}`,
      { headers: { Cookie: cookie }, redirect: "manual" },
    );
    expect(response.status).toBe(302);
    expect(destination(response).origin).toBe("https://app.test");
    expect(response.headers.get("Location")).not.toMatch(/^[/\\]{2}/);
  });

  it("still returns a signed-in visitor to a same-site page", async () => {
    const user = await buildUser();
    const cookie = `${AUTH_COOKIE_NAME}=${encodeAuthState(authStateFor(`Bearer ${await tokenFor(user)}`))}`;
    const response = await exports.default.fetch(`https://app.test/login_or_signup?redirect_to=${encodeURIComponent("/status?x=1")}`, {
      headers: { Cookie: cookie },
      redirect: "manual",
    });
    expect(response.headers.get("Location")).toBe("/status?x=1");
  });
});

// ---------------------------------------------------------------------------------------------
// 6. Password reset links: single use under concurrency, dead once the password changes
// ---------------------------------------------------------------------------------------------

/** Asks for a reset link for `email` and returns the token the email carries. */
async function requestResetToken(email: string) {
  const response = await api("/users/password", { method: "POST", body: { email, redirect_url: null } });
  expect(response.status).toBe(200);
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, "password_reset")))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return new URL(mail!.text.match(/https?:\/\/\S+/)![0]).searchParams.get("reset_password_token")!;
}

const resetWith = (token: string, password: string) => api("/password-reset", { method: "PUT", body: { token, password } });

describe("6. password reset tokens", () => {
  it("lets only one of several simultaneous requests use a link", async () => {
    const user = await buildUser();
    const token = await requestResetToken(user.email);
    const answers = await Promise.all(["racer-password-1", "racer-password-2", "racer-password-3"].map((p) => resetWith(token, p)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    const winner = ["racer-password-1", "racer-password-2", "racer-password-3"][answers.findIndex((r) => r.status === 200)]!;
    const signIn = (password: string) => api("/users/sign_in", { method: "POST", body: { user: { email: user.email, password } } });
    expect((await signIn(winner)).status).toBe(200);
  });

  it("ends every other outstanding link when a link is used", async () => {
    const user = await buildUser();
    const first = await requestResetToken(user.email);
    const second = await requestResetToken(user.email);
    expect((await resetWith(second, "reset-by-second")).status).toBe(200);
    expect((await resetWith(first, "reset-by-first")).status).toBe(400);
  });

  it("ends every outstanding link when the password is changed while signed in", async () => {
    const user = await buildUser();
    const link = await requestResetToken(user.email);
    const changed = await api("/password", {
      method: "PUT",
      token: await tokenFor(user),
      body: { current_password: DEFAULT_PASSWORD, password: "changed-in-settings" },
    });
    expect(changed.status).toBe(200);
    const reset = await resetWith(link, "attacker-chosen-1");
    expect(reset.status).toBe(400);
    expect(await reset.json()).toMatchObject({ fields: { token: ["is invalid or has expired"] } });
  });
});

// ---------------------------------------------------------------------------------------------
// 7. Impersonation: an hour at most, only while the impersonator is a super admin, never of one
// ---------------------------------------------------------------------------------------------

async function impersonate(admin: { id: number }, target: { id: number }) {
  return api(`/users/impersonate/${target.id}`, { method: "POST", token: await tokenFor(admin) });
}

const jwtClaims = (authorization: string) =>
  JSON.parse(atob(authorization.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))) as { iat: number; exp: number; jti: string };

describe("7. impersonation sessions", () => {
  afterEach(() => vi.useRealTimers());

  it("last at most one hour", async () => {
    const admin = await buildUser({ isSuperAdmin: true });
    const target = await buildUser();
    const response = await impersonate(admin, target);
    expect(response.status).toBe(200);
    const authorization = response.headers.get("Authorization")!;
    const claims = jwtClaims(authorization);
    expect(claims.exp - claims.iat).toBeLessThanOrEqual(3600);
    const [row] = await db.select().from(sessions).where(eq(sessions.id, claims.jti));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(3_600_000 + 1_000);

    expect((await api("/users/self", { headers: { Authorization: authorization } })).status).toBe(200);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 61 * 60_000);
    expect((await api("/users/self", { headers: { Authorization: authorization } })).status).toBe(401);
    // An ordinary session issued at the same time is still good an hour later.
    vi.useRealTimers();
  });

  it("end when the impersonator stops being a super admin", async () => {
    const admin = await buildUser({ isSuperAdmin: true });
    const target = await buildUser();
    const authorization = (await impersonate(admin, target)).headers.get("Authorization")!;
    expect((await api("/users/self", { headers: { Authorization: authorization } })).status).toBe(200);
    await db.update(users).set({ isSuperAdmin: false }).where(eq(users.id, admin.id));
    expect((await api("/users/self", { headers: { Authorization: authorization } })).status).toBe(401);
  });

  it("cannot target another super admin", async () => {
    const admin = await buildUser({ isSuperAdmin: true });
    const otherAdmin = await buildUser({ isSuperAdmin: true });
    const response = await impersonate(admin, otherAdmin);
    expect(response.status).toBe(403);
    expect(response.headers.get("Authorization")).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// 8. /dev/outbox: development, on this machine, stored email only
// ---------------------------------------------------------------------------------------------

describe("8. the development outbox", () => {
  const development = { APP_ENV: "development" } as const;
  const local = (url = "http://127.0.0.1:8787/dev/outbox", ip: string | null = "127.0.0.1") =>
    new Request(url, { headers: ip === null ? {} : { "CF-Connecting-IP": ip } });

  it("is a 404 in the test environment, even from this machine", async () => {
    const response = await exports.default.fetch("http://127.0.0.1:8787/dev/outbox", { headers: { "CF-Connecting-IP": "127.0.0.1" } });
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("Outbox");
  });

  it("serves only APP_ENV=development requests from loopback", () => {
    expect(outboxAvailable(development, local())).toBe(true);
    expect(outboxAvailable(development, local("http://localhost:8787/dev/outbox", "::1"))).toBe(true);
    expect(outboxAvailable(development, local("http://[::1]:8787/dev/outbox", "::ffff:127.0.0.1"))).toBe(true);
    // The Vite dev server (Node) sends no CF-Connecting-IP; the host is still the local one.
    expect(outboxAvailable(development, local("http://localhost:5173/dev/outbox", null))).toBe(true);

    for (const env of [{ APP_ENV: "test" }, { APP_ENV: "production" }, { APP_ENV: "" }]) {
      expect(outboxAvailable(env as Env, local())).toBe(false);
    }
    // A deployed Worker that kept APP_ENV=development: Cloudflare sets the real client address.
    expect(outboxAvailable(development, local("https://brandwork.example/dev/outbox", "203.0.113.9"))).toBe(false);
    expect(outboxAvailable(development, local("https://brandwork.example/dev/outbox", "127.0.0.1"))).toBe(false);
    expect(outboxAvailable(development, local("http://127.0.0.1:8787/dev/outbox", "192.168.1.20"))).toBe(false);
    expect(outboxAvailable(development, local("http://127.0.0.1:8787/dev/outbox", "not an address"))).toBe(false);
    expect(outboxAvailable(development, local("http://127.0.0.1.evil.example/dev/outbox", "127.0.0.1"))).toBe(false);
  });

  it("never lists email that a real provider delivered", async () => {
    const to = `delivered-${Date.now()}@example.com`;
    await db.insert(mailOutbox).values([
      { to, subject: "Stored locally", text: "stored", html: "<p>stored</p>", kind: "password_reset", transport: "outbox", status: "stored" },
      { to, subject: "Sent through Resend", text: "secret link", html: "<p>secret link</p>", kind: "password_reset", transport: "resend", status: "sent" },
    ]);
    const listed = await listOutbox(env, { to });
    expect(listed.map((m) => m.subject)).toEqual(["Stored locally"]);
  });
});
