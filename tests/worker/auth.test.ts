import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { mailOutbox, memberships, users, workspaces } from "../../worker/db/schema";
import { api, buildUser, db, DEFAULT_PASSWORD, json, tokenFor } from "../factories";

const signIn = (email: string, password: string, headers: Record<string, string> = {}) =>
  api("/users/sign_in", { method: "POST", body: { domain: null, user: { email, password } }, headers });

describe("POST /v1/users/sign_in", () => {
  it("answers 200 with the user and a Bearer token in the Authorization header", async () => {
    const user = await buildUser();
    const response = await signIn(user.email.toUpperCase(), DEFAULT_PASSWORD);
    expect(response.status).toBe(200);
    expect(response.headers.get("Authorization")).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    const body = await json(response);
    expect(body.data).toMatchObject({ id: user.id, email: user.email });
    expect(JSON.stringify(body)).not.toContain("pbkdf2");

    const self = await api("/users/self", { headers: { Authorization: response.headers.get("Authorization")! } });
    expect(self.status).toBe(200);
    expect((await json(self)).data.id).toBe(user.id);
  });

  it("exposes the Authorization header to browsers through CORS", async () => {
    const response = await signIn("nobody@example.com", "whatever1", { Origin: "https://elsewhere.example" });
    expect(response.headers.get("Access-Control-Expose-Headers")).toContain("Authorization");
  });

  it("refuses a wrong password with the exact 401 body", async () => {
    const user = await buildUser();
    const response = await signIn(user.email, "wrong-password");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "unauthorized", message: "Invalid login credentials. Please try again.", errors: ["Invalid login credentials. Please try again."] });
  });

  it("refuses an unknown email with the same 401 body", async () => {
    const response = await signIn("nobody-here@example.com", "whatever1");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "unauthorized", message: "Invalid login credentials. Please try again.", errors: ["Invalid login credentials. Please try again."] });
  });

  it("names the bad field when the body is malformed", async () => {
    const response = await api("/users/sign_in", { method: "POST", body: { user: { email: "not-an-email" } } });
    expect(response.status).toBe(400);
    const body = await json(response);
    expect(body.fields).toHaveProperty(["user.email"]);
    expect(body.fields).toHaveProperty(["user.password"]);
  });

  it("answers 400, not 500, for a body that is not JSON", async () => {
    const response = await api("/users/sign_in", { method: "POST", body: "{nope", headers: { "Content-Type": "application/json" } });
    expect(response.status).toBe(400);
  });

  it("refuses with 429 and Retry-After after repeated failures for one email, even with the right password", async () => {
    const user = await buildUser();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await signIn(user.email, "wrong-password")).status).toBe(401);
    }
    const locked = await signIn(user.email, DEFAULT_PASSWORD);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});

describe("tokens", () => {
  it("answers 401 'You need to sign in' with no token or an unknown one", async () => {
    for (const headers of [{}, { Authorization: "Bearer not.a.jwt" }] as Record<string, string>[]) {
      const response = await api("/users/self", { headers });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: "unauthorized", message: "You need to sign in or sign up before continuing.", errors: ["You need to sign in or sign up before continuing."] });
    }
  });

  it("answers 401 'Signature has expired' for an expired token", async () => {
    const user = await buildUser();
    const secret = new TextEncoder().encode("brandwork-local-development-secret-do-not-use-in-production");
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(user.id))
      .setJti(crypto.randomUUID())
      .setIssuer("brandwork")
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(secret);
    const response = await api("/users/self", { token: expired });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Signature has expired" });
  });

  it("sign-out revokes the token server-side", async () => {
    const user = await buildUser();
    const token = await tokenFor(user);
    expect((await api("/users/sign_out", { method: "DELETE", token })).status).toBe(204);
    expect((await api("/users/self", { token })).status).toBe(401);
  });
});

describe("POST /v1/users (sign up)", () => {
  const signUp = (user: Record<string, unknown>) => api("/users", { method: "POST", body: { user } });

  it("creates the account and answers like sign-in", async () => {
    const response = await signUp({ first_name: "Ada", last_name: "Lovelace", email: "ada-signup@example.com", password: "analytical" });
    expect(response.status).toBe(201);
    expect(response.headers.get("Authorization")).toMatch(/^Bearer /);
    expect((await json(response)).data).toMatchObject({ email: "ada-signup@example.com", first_name: "Ada", name: "Ada Lovelace" });
  });

  it("creates the company workspace with the new user as its admin", async () => {
    const response = await signUp({
      first_name: "Grace",
      last_name: "Hopper",
      email: "grace-signup@example.com",
      password: "compilers",
      company: "Cobol Co",
    });
    const { data } = await json(response);
    const [membership] = await db
      .select({ role: memberships.role, name: workspaces.name })
      .from(memberships)
      .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
      .where(eq(memberships.userId, data.id));
    expect(membership).toEqual({ role: "admin", name: "Cobol Co" });
    expect(data.last_workspace_id).toBeGreaterThan(0);
  });

  it("refuses a duplicate email with 422 and a field error, changing nothing", async () => {
    const existing = await buildUser();
    const response = await signUp({ first_name: "X", last_name: "Y", email: existing.email, password: "long-enough", company: "Dupe Inc" });
    expect(response.status).toBe(422);
    expect((await json(response)).fields).toEqual({ email: ["has already been taken"] });
    expect(await db.select().from(workspaces).where(eq(workspaces.name, "Dupe Inc"))).toHaveLength(0);
  });

  it("refuses a password under 8 characters with 422", async () => {
    const response = await signUp({ first_name: "X", last_name: "Y", email: "short-pw@example.com", password: "short" });
    expect(response.status).toBe(422);
    expect((await json(response)).fields.password[0]).toContain("minimum is 8");
    expect(await db.select().from(users).where(eq(users.email, "short-pw@example.com"))).toHaveLength(0);
  });
});

describe("password reset and change", () => {
  const resetLinkFor = async (email: string) => {
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    return mail ? new URL(mail.text.match(/https?:\/\/\S+/)![0]) : null;
  };

  it("always answers 200 and mails a single-use link only to a known email", async () => {
    const user = await buildUser();
    const known = await api("/users/password", { method: "POST", body: { email: user.email, redirect_url: "/login_or_signup" } });
    const unknown = await api("/users/password", { method: "POST", body: { email: "ghost@example.com", redirect_url: null } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    expect(await resetLinkFor("ghost@example.com")).toBeNull();

    const link = (await resetLinkFor(user.email))!;
    expect(link.origin).toBe("https://app.test");
    const token = link.searchParams.get("reset_password_token")!;
    const oldSession = await tokenFor(user);

    const reset = await api("/password-reset", { method: "PUT", body: { token, password: "brand-new-password" } });
    expect(reset.status).toBe(200);
    expect(reset.headers.get("Authorization")).toMatch(/^Bearer /);
    expect((await api("/users/self", { token: oldSession })).status).toBe(401);
    expect((await signIn(user.email, "brand-new-password")).status).toBe(200);

    const again = await api("/password-reset", { method: "PUT", body: { token, password: "another-password" } });
    expect(again.status).toBe(400);
  });

  it("never points the emailed link at another site", async () => {
    const user = await buildUser();
    await api("/users/password", { method: "POST", body: { email: user.email, redirect_url: "https://evil.example/steal" } });
    expect((await resetLinkFor(user.email))!.origin).toBe("https://app.test");
  });

  it("changes the password when signed in, with the current one, and ends other sessions", async () => {
    const user = await buildUser();
    const other = await tokenFor(user);
    const token = await tokenFor(user);
    const wrong = await api("/password", { method: "PUT", token, body: { current_password: "nope-nope", password: "new-password-1" } });
    expect(wrong.status).toBe(422);
    const changed = await api("/password", { method: "PUT", token, body: { current_password: DEFAULT_PASSWORD, password: "new-password-1" } });
    expect(changed.status).toBe(200);
    const fresh = changed.headers.get("Authorization")!;
    expect((await api("/users/self", { headers: { Authorization: fresh } })).status).toBe(200);
    expect((await api("/users/self", { token: other })).status).toBe(401);
  });
});

