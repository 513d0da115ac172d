import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../worker/auth/secrets";
import { events, mailOutbox, memberships, userTokens, users, type User, type Workspace } from "../../worker/db/schema";
import { api, buildMember, buildUser, buildWorkspace, db, DEFAULT_PASSWORD, json, tokenFor } from "../factories";

let emailNumber = 0;
const newEmail = () => `accept-${Date.now().toString(36)}-${++emailNumber}@example.com`;

/** Invites `email` to a fresh workspace through the API and returns the raw token from the email. */
async function invited(email = newEmail(), role = "member") {
  const { workspace, owner } = await buildWorkspace({ name: "Northwind Brands" });
  await db.update(users).set({ firstName: "Dana", lastName: "Demo" }).where(eq(users.id, owner.id));
  const adminToken = await tokenFor(owner);
  const response = await api(`/w/${workspace.id}/settings/members`, {
    method: "POST",
    token: adminToken,
    body: { role, email, message: "Join the launch team" },
  });
  expect(response.status).toBe(201);
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, "invitation")))
    .orderBy(desc(mailOutbox.id));
  const token = new URL(mail!.text.match(/https?:\/\/\S+/)![0]).pathname.split("/").pop()!;
  return { workspace, owner, adminToken, email, token };
}

const accept = (token: string, body?: unknown, authToken?: string) =>
  api(`/invitations/${token}/accept`, { method: "POST", body, token: authToken });

const membershipOf = async (workspace: Pick<Workspace, "id">, user: Pick<User, "id">) =>
  (await db.select().from(memberships).where(and(eq(memberships.workspaceId, workspace.id), eq(memberships.userId, user.id))))[0];
const userByEmail = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0]!;

describe("GET /v1/invitations/:token", () => {
  it("previews the workspace, who invited, the email and that no password exists yet", async () => {
    const { token, email, workspace } = await invited();
    const response = await api(`/invitations/${token}`);
    expect(response.status).toBe(200);
    expect((await json(response)).data).toMatchObject({
      email,
      role: "member",
      message: "Join the launch team",
      has_password: false,
      workspace: { id: workspace.id, name: "Northwind Brands" },
      inviter: { name: "Dana Demo" },
      user: { email, has_password: false },
    });
  });

  it("knows when the invited person already has an account", async () => {
    const existing = await buildUser();
    const { token } = await invited(existing.email);
    expect((await json(await api(`/invitations/${token}`))).data).toMatchObject({ has_password: true, user: { has_password: true } });
  });

  it("answers 404 with a helpful message for an unknown, expired or used token", async () => {
    const unknown = await api("/invitations/not-a-real-token");
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).message).toMatch(/no longer valid.*Ask the person who invited you/);

    const expired = await invited();
    await db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.tokenHash, await sha256Hex(expired.token)));
    expect((await api(`/invitations/${expired.token}`)).status).toBe(404);

    const used = await invited();
    expect((await accept(used.token, { password: "long-enough" })).status).toBe(200);
    expect((await api(`/invitations/${used.token}`)).status).toBe(404);
  });

  it("answers 400 naming the token when it is absurdly long", async () => {
    const response = await api(`/invitations/${"x".repeat(201)}`);
    expect(response.status).toBe(400);
    expect((await json(response)).fields).toHaveProperty("token");
  });
});

describe("POST /v1/invitations/:token/accept", () => {
  it("creates the invited person's account and signs them in, in the workspace", async () => {
    const { token, email, workspace } = await invited();
    const response = await accept(token, { first_name: "Ada", last_name: "Lovelace", password: "analytical" });
    expect(response.status).toBe(200);
    const authorization = response.headers.get("Authorization")!;
    expect(authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    expect((await json(response)).data).toMatchObject({
      email,
      first_name: "Ada",
      name: "Ada Lovelace",
      has_password: true,
      last_workspace_id: workspace.id,
    });

    const user = await userByEmail(email);
    const membership = (await membershipOf(workspace, user))!;
    expect(membership.status).toBe("active");
    expect(membership.acceptedAt).toBeInstanceOf(Date);
    const [stored] = await db.select().from(userTokens).where(eq(userTokens.tokenHash, await sha256Hex(token)));
    expect(stored!.usedAt).toBeInstanceOf(Date);
    expect(await db.select().from(events).where(and(eq(events.name, "invitations.accepted"), eq(events.userId, user.id)))).toHaveLength(1);

    const workspaces = await json(await api("/w", { headers: { Authorization: authorization } }));
    expect(workspaces.data.map((entry: { id: number }) => entry.id)).toEqual([workspace.id]);
    const signIn = await api("/users/sign_in", { method: "POST", body: { user: { email, password: "analytical" } } });
    expect(signIn.status).toBe(200);
  });

  it("takes the fields nested under user, as the sign-up form sends them", async () => {
    const { token, email } = await invited();
    const response = await accept(token, { user: { first_name: "Grace", last_name: "Hopper", password: "compilers" } });
    expect(response.status).toBe(200);
    expect((await json(response)).data).toMatchObject({ email, name: "Grace Hopper" });
  });

  it("works once: the same link a second time is a 404", async () => {
    const { token } = await invited();
    expect((await accept(token, { password: "long-enough" })).status).toBe(200);
    const again = await accept(token, { password: "another-one" });
    expect(again.status).toBe(404);
    expect((await json(again)).message).toMatch(/no longer valid/);
  });

  it("lets only one of two simultaneous accepts through", async () => {
    const { token, email } = await invited();
    const responses = await Promise.all([accept(token, { password: "first-password" }), accept(token, { password: "second-password" })]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 404]);
    const winner = responses.find((r) => r.status === 200)!;
    const password = winner === responses[0] ? "first-password" : "second-password";
    const signIn = await api("/users/sign_in", { method: "POST", body: { user: { email, password } } });
    expect(signIn.status).toBe(200);
  });

  it("asks a new person for a password of at least 8 characters (422) and changes nothing", async () => {
    const { token, email, workspace } = await invited();
    const missing = await accept(token, { first_name: "Ada" });
    expect(missing.status).toBe(422);
    expect((await json(missing)).fields).toEqual({ password: ["can't be blank"] });
    const short = await accept(token, { password: "short" });
    expect(short.status).toBe(422);
    expect((await json(short)).fields.password[0]).toContain("minimum is 8");
    const user = await userByEmail(email);
    expect(user.passwordHash).toBeNull();
    expect((await membershipOf(workspace, user))!.status).toBe("invited");
    expect((await api(`/invitations/${token}`)).status).toBe(200);
  });

  it("answers 400 naming a malformed field", async () => {
    const { token } = await invited();
    const response = await accept(token, { first_name: "", password: "p".repeat(129) });
    expect(response.status).toBe(400);
    expect(Object.keys((await json(response)).fields).sort()).toEqual(["first_name", "password"]);
  });

  it("lets someone with an account accept while signed in as themselves, keeping their name and password", async () => {
    const existing = await buildUser({ firstName: "Kept", lastName: "Name" });
    const { token, workspace } = await invited(existing.email);
    const response = await accept(token, { first_name: "Other", password: "ignored-pass" }, await tokenFor(existing));
    expect(response.status).toBe(200);
    expect(response.headers.get("Authorization")).toMatch(/^Bearer /);
    expect((await json(response)).data).toMatchObject({ id: existing.id, name: "Kept Name" });
    expect((await membershipOf(workspace, existing))!.status).toBe("active");
    expect((await userByEmail(existing.email)).passwordHash).toBe(existing.passwordHash);
  });

  it("lets someone with an account accept with their password instead, and refuses a wrong one", async () => {
    const existing = await buildUser();
    const { token, workspace } = await invited(existing.email);
    const signedOut = await accept(token, {});
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toEqual({ error: "unauthorized", message: "You need to sign in or sign up before continuing.", errors: ["You need to sign in or sign up before continuing."] });
    const wrong = await accept(token, { password: "not-my-password" });
    expect(wrong.status).toBe(422);
    expect((await json(wrong)).fields).toEqual({ password: ["is incorrect"] });
    expect((await membershipOf(workspace, existing))!.status).toBe("invited");

    const right = await accept(token, { password: DEFAULT_PASSWORD });
    expect(right.status).toBe(200);
    expect((await membershipOf(workspace, existing))!.status).toBe("active");
  });

  it("answers 403 to someone signed in as another person, and changes nothing", async () => {
    const { token, email, workspace } = await invited();
    const { workspace: other } = await buildWorkspace();
    const stranger = await buildMember(other, "admin");
    const response = await accept(token, { password: "long-enough" }, stranger.token);
    expect(response.status).toBe(403);
    expect((await json(response)).message).toContain(email);
    const user = await userByEmail(email);
    expect(user.passwordHash).toBeNull();
    expect((await membershipOf(workspace, user))!.status).toBe("invited");
    expect(await membershipOf(workspace, stranger.user)).toBeUndefined();
  });

  it("answers 404 when the membership was deactivated or removed after the email went out", async () => {
    const deactivated = await invited();
    const user = await userByEmail(deactivated.email);
    await db.update(memberships).set({ status: "deactivated" }).where(eq(memberships.userId, user.id));
    expect((await accept(deactivated.token, { password: "long-enough" })).status).toBe(404);

    const removed = await invited();
    await db.delete(memberships).where(eq(memberships.userId, (await userByEmail(removed.email)).id));
    expect((await accept(removed.token, { password: "long-enough" })).status).toBe(404);
  });

  it("accepts an admin invitation as an admin", async () => {
    const { token, email, workspace } = await invited(newEmail(), "admin");
    expect((await accept(token, { password: "long-enough" })).status).toBe(200);
    expect((await membershipOf(workspace, await userByEmail(email)))!).toMatchObject({ role: "admin", status: "active" });
  });
});
