import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events, follows, socialAccounts } from "../../worker/db/schema";
import { addMember, api, buildUser, buildWorkspace, db, json, tokenFor } from "../factories";

/** Two colleagues in one workspace, and a stranger elsewhere. */
async function colleagues() {
  const { workspace, owner } = await buildWorkspace();
  const colleague = await buildUser({ firstName: "Cora", lastName: "Colleague", profile: { job_title: "Copywriter", pronouns: "She / Her" } });
  await addMember(workspace, colleague);
  const stranger = await buildUser();
  await buildWorkspace({ owner: stranger });
  return { workspace, me: owner, token: await tokenFor(owner), colleague, stranger };
}

describe("GET /v1/users/self and PUT /v1/users", () => {
  it("returns the signed-in user without secrets", async () => {
    const { me, token } = await colleagues();
    const { data } = await json(await api("/users/self", { token }));
    expect(data).toMatchObject({ id: me.id, email: me.email, has_password: true, impersonator_id: null });
    expect(JSON.stringify(data)).not.toMatch(/password_hash|pbkdf2/);
  });

  it("updates names and the last workspace, refusing a workspace the user is not in", async () => {
    const { workspace, token, stranger } = await colleagues();
    const updated = await api("/users", { method: "PUT", token, body: { data: { first_name: "Renée", last_workspace_id: workspace.id } } });
    expect(updated.status).toBe(200);
    expect((await json(updated)).data).toMatchObject({ first_name: "Renée", last_workspace_id: workspace.id });

    const [strangersWorkspace] = await json(await api("/w", { token: await tokenFor(stranger) })).then((b) => b.data);
    const refused = await api("/users", { method: "PUT", token, body: { data: { last_workspace_id: strangersWorkspace.id } } });
    expect(refused.status).toBe(403);
  });

  it("refuses unknown fields and blank names with 400", async () => {
    const { token } = await colleagues();
    expect((await api("/users", { method: "PUT", token, body: { data: { is_super_admin: true } } })).status).toBe(400);
    expect((await api("/users", { method: "PUT", token, body: { data: { first_name: "" } } })).status).toBe(400);
  });
});

describe("PUT /v1/profile", () => {
  it("saves pronouns from the spec's list and keeps other profile fields", async () => {
    const { token } = await colleagues();
    await api("/profile", { method: "PUT", token, body: { profile: { job_title: "Head of Brand" } } });
    const response = await api("/profile", { method: "PUT", token, body: { profile: { pronouns: "They / Them" } } });
    expect((await json(response)).data.profile).toEqual({ job_title: "Head of Brand", pronouns: "They / Them" });
  });

  it("refuses pronouns outside the list", async () => {
    const { token } = await colleagues();
    const response = await api("/profile", { method: "PUT", token, body: { profile: { pronouns: "Xe / Xem" } } });
    expect(response.status).toBe(400);
    expect((await json(response)).fields).toHaveProperty(["profile.pronouns"]);
  });
});

describe("a person's own time zone", () => {
  it("is saved on the profile, refused when it is not a zone, and cleared with null", async () => {
    const { token } = await colleagues();
    const saved = await api("/profile", { method: "PUT", token, body: { profile: { timezone: "America/New_York" } } });
    expect((await json(saved)).data.profile.timezone).toBe("America/New_York");
    const wrong = await api("/profile", { method: "PUT", token, body: { profile: { timezone: "Mars/Olympus_Mons" } } });
    expect(wrong.status).toBe(400);
    expect((await json(wrong)).fields["profile.timezone"]).toEqual(["must be a time zone such as Europe/Paris"]);
    const cleared = await api("/profile", { method: "PUT", token, body: { profile: { timezone: null } } });
    expect((await json(cleared)).data.profile.timezone).toBeNull();
  });
});

describe("user cards and following", () => {
  it("shows a colleague's card and follows them through following_id", async () => {
    const { me, token, colleague } = await colleagues();
    const card = await json(await api(`/users/${colleague.id}/card`, { token }));
    expect(card.data).toMatchObject({ name: "Cora Colleague", following: false, profile: { job_title: "Copywriter", pronouns: "She / Her" } });

    const shown = await json(await api(`/users/${colleague.id}?following_id=${colleague.id}`, { token }));
    expect(shown.data.following).toBe(true);
    expect(await db.select().from(follows).where(eq(follows.followerId, me.id))).toEqual([
      expect.objectContaining({ followingId: colleague.id }),
    ]);
    // Following twice is harmless.
    await api(`/users/${colleague.id}?following_id=${colleague.id}`, { token });
    expect(await db.select().from(follows).where(eq(follows.followerId, me.id))).toHaveLength(1);
  });

  it("hides users who share no workspace (404) and never follows them", async () => {
    const { me, token, stranger } = await colleagues();
    expect((await api(`/users/${stranger.id}/card`, { token })).status).toBe(404);
    expect((await api(`/users/${me.id}?following_id=${stranger.id}`, { token })).status).toBe(404);
    expect(await db.select().from(follows).where(eq(follows.followerId, me.id))).toHaveLength(0);
  });
});

describe("GET /v1/users/:id/third_party_integrations", () => {
  it("lists the user's own connected accounts and hides anyone else's", async () => {
    const { me, token, colleague, workspace } = await colleagues();
    await db.insert(socialAccounts).values({ connectedById: me.id, workspaceId: workspace.id, network: "linkedin", externalId: `li-${me.id}`, displayName: "Acme Page", credentials: "v1.sealed.secret" });
    const mine = await json(await api(`/users/${me.id}/third_party_integrations`, { token }));
    expect(mine.data).toEqual([expect.objectContaining({ provider: "linkedin", account_name: "Acme Page", status: "active" })]);
    expect(JSON.stringify(mine.data)).not.toContain("sealed");
    expect((await api(`/users/${colleague.id}/third_party_integrations`, { token })).status).toBe(404);
  });
});

describe("POST /v1/user_experiments", () => {
  it("enrols the user once with a stable variant", async () => {
    const { token } = await colleagues();
    const first = await json(await api("/user_experiments", { method: "POST", token, body: { feature_flag_name: "new_registration" } }));
    expect(["control", "treatment"]).toContain(first.data.variant);
    const again = await json(await api("/user_experiments", { method: "POST", token, body: { feature_flag_name: "new_registration" } }));
    expect(again.data.variant).toBe(first.data.variant);
  });

  it("refuses a malformed flag name", async () => {
    const { token } = await colleagues();
    const response = await api("/user_experiments", { method: "POST", token, body: { feature_flag_name: "Bad Flag!" } });
    expect(response.status).toBe(400);
  });
});

describe("POST /v1/users/impersonate/:id", () => {
  it("lets a super admin act as a user, with the impersonator recorded in the session and as an event", async () => {
    const { colleague } = await colleagues();
    const admin = await buildUser({ isSuperAdmin: true });
    const response = await api(`/users/impersonate/${colleague.id}`, {
      method: "POST",
      token: await tokenFor(admin),
      headers: { "x-session-uuid": "tab-123" },
    });
    expect(response.status).toBe(200);
    const auth = response.headers.get("Authorization")!;
    const payload = JSON.parse(atob(auth.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/")));
    expect(payload.act).toEqual({ sub: String(admin.id) });

    const self = await json(await api("/users/self", { headers: { Authorization: auth } }));
    expect(self.data).toMatchObject({ id: colleague.id, impersonator_id: admin.id });
    const [event] = await db.select().from(events).where(eq(events.actorId, admin.id));
    expect(event).toMatchObject({ name: "users.impersonate", userId: colleague.id, sessionUuid: "tab-123" });
  });

  it("refuses everyone who is not a super admin, even workspace admins", async () => {
    const { token, colleague } = await colleagues();
    const response = await api(`/users/impersonate/${colleague.id}`, { method: "POST", token });
    expect(response.status).toBe(403);
    expect(response.headers.get("Authorization")).toBeNull();
  });
});
