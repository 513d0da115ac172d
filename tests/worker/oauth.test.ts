import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { completeOAuth, oauthAuthorizationUrl, oauthConfigured } from "../../worker/auth/oauth";
import { users } from "../../worker/db/schema";
import { buildUser, db } from "../factories";

const configured = { ...env, GOOGLE_CLIENT_ID: "client-123", GOOGLE_CLIENT_SECRET: "secret-456" };

/** Google's token and userinfo endpoints, answered locally. */
function mockGoogle(userinfo: Record<string, unknown>, tokenStatus = 200) {
  const calls: Request[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    calls.push(request.clone() as Request);
    if (request.url === "https://oauth2.googleapis.com/token") {
      return tokenStatus === 200 ? Response.json({ access_token: "at-789", token_type: "Bearer" }) : Response.json({ error: "invalid_grant" }, { status: tokenStatus });
    }
    if (request.url === "https://openidconnect.googleapis.com/v1/userinfo") return Response.json(userinfo);
    return new Response("unexpected", { status: 500 });
  });
  return calls;
}

afterEach(() => vi.restoreAllMocks());

describe("social sign-in", () => {
  it("is offered only when both the client id and the secret are set", () => {
    expect(oauthConfigured({ ...env, GOOGLE_CLIENT_ID: "x" }, "google")).toBe(false);
    expect(oauthConfigured(configured, "google")).toBe(true);
  });

  it("sends the browser to the provider with the callback URL and the state", () => {
    const url = new URL(oauthAuthorizationUrl(configured, "google", "https://app.test", "state-abc"));
    expect(url.origin + url.pathname).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: "client-123",
      redirect_uri: "https://app.test/auth/google/callback",
      response_type: "code",
      state: "state-abc",
      scope: "openid email profile",
    });
  });

  it("exchanges the code and creates the account on first sign-in, then finds it again", async () => {
    const calls = mockGoogle({ sub: "g-new-person", email: "New.Person@Example.com", email_verified: true, given_name: "New", family_name: "Person" });
    const user = await completeOAuth(db, configured, "google", "code-1", "https://app.test");
    expect(user).toMatchObject({ email: "new.person@example.com", firstName: "New", lastName: "Person", passwordHash: null });

    const exchange = new URLSearchParams(await calls[0]!.text());
    expect(Object.fromEntries(exchange)).toMatchObject({
      grant_type: "authorization_code",
      code: "code-1",
      client_secret: "secret-456",
      redirect_uri: "https://app.test/auth/google/callback",
    });
    expect(calls[1]!.headers.get("Authorization")).toBe("Bearer at-789");

    mockGoogle({ sub: "g-new-person", email: "new.person@example.com", email_verified: true });
    const again = await completeOAuth(db, configured, "google", "code-2", "https://app.test");
    expect(again.id).toBe(user.id);
    expect(await db.select().from(users).where(eq(users.email, "new.person@example.com"))).toHaveLength(1);
  });

  it("signs an existing password account in by its verified email", async () => {
    const existing = await buildUser();
    mockGoogle({ sub: `g-${existing.id}`, email: existing.email, email_verified: true });
    expect((await completeOAuth(db, configured, "google", "code", "https://app.test")).id).toBe(existing.id);
  });

  it("refuses an unverified email, and a code the provider rejects", async () => {
    mockGoogle({ sub: "g-unverified", email: "unverified@example.com", email_verified: false });
    await expect(completeOAuth(db, configured, "google", "code", "https://app.test")).rejects.toThrow(/did not confirm/);
    vi.restoreAllMocks();
    mockGoogle({}, 400);
    await expect(completeOAuth(db, configured, "google", "bad", "https://app.test")).rejects.toThrow(/did not accept/);
  });

  it("answers 404 for a provider that is not configured on this server", async () => {
    const response = await exports.default.fetch("https://app.test/auth/google", { redirect: "manual" });
    expect(response.status).toBe(404);
  });
});
