import { and, desc, eq } from "drizzle-orm";
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../worker/auth/secrets";
import { events, mailOutbox, memberships, scimTokens, users, type User, type Workspace } from "../../worker/db/schema";
import { addMember, api, buildMember, buildUser, buildWorkspace, db, json, tokenFor } from "../factories";

const SCIM_ERROR = "urn:ietf:params:scim:api:messages:2.0:Error";
const LIST_RESPONSE = "urn:ietf:params:scim:api:messages:2.0:ListResponse";
const PATCH_OP = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
const USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";

let emailNumber = 0;
const newEmail = () => `scim-${Date.now().toString(36)}-${++emailNumber}@example.com`;

/** A workspace, its admin's session, and a SCIM token made through the API. */
async function setup() {
  const { workspace, owner: admin } = await buildWorkspace();
  const adminToken = await tokenFor(admin);
  const created = await api("/scim/tokens", { method: "POST", token: adminToken, workspaceId: workspace.id, body: { name: "Okta" } });
  expect(created.status).toBe(201);
  const { data } = await json(created);
  return { workspace, admin, adminToken, scimToken: data.token as string, tokenId: data.id as number };
}

/** Calls the SCIM endpoint the way an identity provider does: its token, SCIM's media type. */
function scim(path: string, token: string | null, { method = "GET", body }: { method?: string; body?: unknown } = {}) {
  return exports.default.fetch(`https://app.test/v1/scim/v2${path}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { "Content-Type": "application/scim+json" }),
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

const patchActive = (value: unknown) => ({ schemas: [PATCH_OP], Operations: [{ op: "replace", path: "active", value }] });

const membershipOf = async (workspace: Pick<Workspace, "id">, user: Pick<User, "id">) =>
  (await db.select().from(memberships).where(and(eq(memberships.workspaceId, workspace.id), eq(memberships.userId, user.id))))[0];
const userByEmail = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0];

async function expectScimError(response: Response, status: number, scimType?: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("Content-Type")).toContain("application/scim+json");
  const body = await json(response);
  expect(body).toMatchObject({ schemas: [SCIM_ERROR], status: String(status) });
  expect(typeof body.detail).toBe("string");
  if (scimType) expect(body.scimType).toBe(scimType);
  return body;
}

describe("SCIM tokens (/v1/scim/tokens)", () => {
  it("shows a new token once and keeps only its hash", async () => {
    const { workspace, admin, scimToken, tokenId } = await setup();
    expect(scimToken).toMatch(/^scim_[\w-]{40,}$/);
    const [row] = await db.select().from(scimTokens).where(eq(scimTokens.id, tokenId));
    expect(row).toMatchObject({ workspaceId: workspace.id, name: "Okta", createdById: admin.id, tokenHash: await sha256Hex(scimToken) });
    expect(JSON.stringify(row)).not.toContain(scimToken);
    const [event] = await db.select().from(events).where(and(eq(events.name, "scim.token_created"), eq(events.workspaceId, workspace.id)));
    expect(event).toMatchObject({ actorId: admin.id });
  });

  it("lists the workspace's tokens without secrets", async () => {
    const { workspace, adminToken, scimToken, tokenId } = await setup();
    const response = await api("/scim/tokens", { token: adminToken, workspaceId: workspace.id });
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body.data).toEqual([expect.objectContaining({ id: tokenId, name: "Okta", status: "active", last_used_at: null })]);
    expect(JSON.stringify(body)).not.toContain(scimToken);
    expect(JSON.stringify(body)).not.toContain(await sha256Hex(scimToken));
  });

  it("revokes a token: the identity provider is refused with 401 from then on", async () => {
    const { workspace, adminToken, scimToken, tokenId } = await setup();
    expect((await scim("/Users", scimToken)).status).toBe(200);
    expect((await api(`/scim/tokens/${tokenId}`, { method: "DELETE", token: adminToken, workspaceId: workspace.id })).status).toBe(204);
    await expectScimError(await scim("/Users", scimToken), 401);
    const listed = await json(await api("/scim/tokens", { token: adminToken, workspaceId: workspace.id }));
    expect(listed.data[0]).toMatchObject({ status: "revoked" });
    expect(listed.data[0].revoked_at).not.toBeNull();
  });

  it("answers 403 to a plain member, who cannot create, list or revoke", async () => {
    const { workspace, scimToken, tokenId } = await setup();
    const member = await buildMember(workspace, "member");
    const options = { token: member.token, workspaceId: workspace.id };
    expect((await api("/scim/tokens", { ...options, method: "POST", body: { name: "Mine" } })).status).toBe(403);
    expect((await api("/scim/tokens", options)).status).toBe(403);
    expect((await api(`/scim/tokens/${tokenId}`, { ...options, method: "DELETE" })).status).toBe(403);
    expect((await scim("/Users", scimToken)).status).toBe(200);
  });

  it("keeps workspaces apart: a stranger gets 404, another workspace's admin 404, and the token keeps working", async () => {
    const { workspace, scimToken, tokenId } = await setup();
    const { workspace: other, owner } = await buildWorkspace();
    const otherAdmin = await tokenFor(owner);
    expect((await api("/scim/tokens", { token: otherAdmin, workspaceId: workspace.id })).status).toBe(404);
    const revoke = await api(`/scim/tokens/${tokenId}`, { method: "DELETE", token: otherAdmin, workspaceId: other.id });
    expect(revoke.status).toBe(404);
    expect((await json(await api("/scim/tokens", { token: otherAdmin, workspaceId: other.id }))).data).toEqual([]);
    expect((await scim("/Users", scimToken)).status).toBe(200);
  });

  it("answers 400 naming the field for a blank name or a missing X-Workspace-Id", async () => {
    const { workspace, adminToken } = await setup();
    const blank = await api("/scim/tokens", { method: "POST", token: adminToken, workspaceId: workspace.id, body: { name: " " } });
    expect(blank.status).toBe(400);
    expect((await json(blank)).fields).toHaveProperty("name");
    const noWorkspace = await api("/scim/tokens", { method: "POST", token: adminToken, body: { name: "Okta" } });
    expect(noWorkspace.status).toBe(400);
    expect((await json(noWorkspace)).fields).toHaveProperty("X-Workspace-Id");
  });

  it("answers 401 without a session", async () => {
    expect((await api("/scim/tokens", { method: "POST", body: { name: "Okta" } })).status).toBe(401);
  });
});

describe("SCIM 2.0 authentication", () => {
  it("refuses no token, an unknown token and a session token with a SCIM 401", async () => {
    const { admin } = await setup();
    await expectScimError(await scim("/Users", null), 401);
    await expectScimError(await scim("/Users", "scim_not-a-real-token"), 401);
    await expectScimError(await scim("/Users", await tokenFor(admin)), 401);
  });

  it("records when the token was last used", async () => {
    const { tokenId, scimToken } = await setup();
    await scim("/Users", scimToken);
    const [row] = await db.select().from(scimTokens).where(eq(scimTokens.id, tokenId));
    expect(row!.lastUsedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("stops working when its workspace is deactivated", async () => {
    const { workspace, adminToken, scimToken } = await setup();
    expect((await api(`/w/${workspace.id}/deactivate`, { method: "DELETE", token: adminToken })).status).toBe(204);
    await expectScimError(await scim("/Users", scimToken), 401);
  });
});

describe("GET /v1/scim/v2/Users", () => {
  it("lists the token's workspace's members as a ListResponse, and nobody else", async () => {
    const { workspace, admin, scimToken } = await setup();
    const gone = await buildUser({ firstName: "Former", lastName: "Colleague" });
    await addMember(workspace, gone, "member", "deactivated");
    await buildMember((await buildWorkspace()).workspace);
    const response = await scim("/Users", scimToken);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("application/scim+json");
    const body = await json(response);
    expect(body).toMatchObject({ schemas: [LIST_RESPONSE], totalResults: 2, startIndex: 1, itemsPerPage: 2 });
    expect(body.Resources[0]).toMatchObject({
      schemas: [USER_SCHEMA],
      id: String(admin.id),
      userName: admin.email,
      active: true,
      emails: [{ value: admin.email, primary: true }],
      meta: { resourceType: "User", location: `https://app.test/v1/scim/v2/Users/${admin.id}` },
    });
    expect(body.Resources[1]).toMatchObject({ id: String(gone.id), active: false, name: { givenName: "Former", familyName: "Colleague" } });
  });

  it("finds a user with filter=userName eq, case-insensitively", async () => {
    const { workspace, scimToken } = await setup();
    const member = await buildMember(workspace);
    const filter = encodeURIComponent(`userName eq "${member.user.email.toUpperCase()}"`);
    const body = await json(await scim(`/Users?filter=${filter}`, scimToken));
    expect(body.totalResults).toBe(1);
    expect(body.Resources[0].id).toBe(String(member.user.id));
    const none = await json(await scim(`/Users?filter=${encodeURIComponent('userName eq "nobody@example.com"')}`, scimToken));
    expect(none).toMatchObject({ totalResults: 0, Resources: [] });
  });

  it("pages with startIndex and count", async () => {
    const { workspace, scimToken } = await setup();
    for (let i = 0; i < 4; i++) await buildMember(workspace);
    const page = await json(await scim("/Users?startIndex=2&count=2", scimToken));
    expect(page).toMatchObject({ totalResults: 5, startIndex: 2, itemsPerPage: 2 });
    const all = await json(await scim("/Users", scimToken));
    expect(page.Resources.map((r: { id: string }) => r.id)).toEqual(all.Resources.slice(1, 3).map((r: { id: string }) => r.id));
    expect((await json(await scim("/Users?count=0", scimToken))).Resources).toEqual([]);
  });

  it("answers 400 invalidFilter for a filter it does not support, and invalidValue for a bad count", async () => {
    const { scimToken } = await setup();
    await expectScimError(await scim(`/Users?filter=${encodeURIComponent('displayName co "a"')}`, scimToken), 400, "invalidFilter");
    await expectScimError(await scim("/Users?count=lots", scimToken), 400, "invalidValue");
  });
});

describe("GET /v1/scim/v2/Users/:id", () => {
  it("shows one of the workspace's users, and 404 for another workspace's", async () => {
    const { workspace, scimToken } = await setup();
    const member = await buildMember(workspace);
    const shown = await json(await scim(`/Users/${member.user.id}`, scimToken));
    expect(shown).toMatchObject({ id: String(member.user.id), userName: member.user.email, active: true });
    const outsider = await buildMember((await buildWorkspace()).workspace);
    await expectScimError(await scim(`/Users/${outsider.user.id}`, scimToken), 404);
    await expectScimError(await scim("/Users/not-a-number", scimToken), 400);
  });
});

describe("POST /v1/scim/v2/Users", () => {
  it("provisions a new person: an account with their name, an invitation, and an email to set a password", async () => {
    const { workspace, scimToken, tokenId } = await setup();
    const email = newEmail();
    const response = await scim("/Users", scimToken, {
      method: "POST",
      body: { schemas: [USER_SCHEMA], userName: email, name: { givenName: "Ada", familyName: "Lovelace" }, active: true, externalId: "00u1" },
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("Content-Type")).toContain("application/scim+json");
    const body = await json(response);
    expect(body).toMatchObject({ userName: email, active: true, name: { givenName: "Ada", familyName: "Lovelace" } });
    const user = (await userByEmail(email))!;
    expect(body.id).toBe(String(user.id));
    expect(user.passwordHash).toBeNull();
    expect((await membershipOf(workspace, user))!).toMatchObject({ status: "invited", role: "member", invitedById: null });
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mail!.text).toContain(`An administrator of ${workspace.name}`);
    const [event] = await db.select().from(events).where(and(eq(events.name, "members.invited"), eq(events.userId, user.id)));
    expect(event).toMatchObject({ actorId: null, properties: expect.objectContaining({ scim_token_id: tokenId }) });

    // The emailed link lets them in.
    const token = new URL(mail!.text.match(/https?:\/\/\S+/)![0]).pathname.split("/").pop()!;
    expect((await api(`/invitations/${token}/accept`, { method: "POST", body: { password: "long-enough" } })).status).toBe(200);
  });

  it("answers 409 uniqueness for someone already in the workspace", async () => {
    const { workspace, scimToken } = await setup();
    const member = await buildMember(workspace);
    await expectScimError(await scim("/Users", scimToken, { method: "POST", body: { userName: member.user.email } }), 409, "uniqueness");
  });

  it("reactivates a deactivated member instead of creating anyone", async () => {
    const { workspace, scimToken } = await setup();
    const gone = await buildUser();
    await addMember(workspace, gone, "member", "deactivated");
    const response = await scim("/Users", scimToken, { method: "POST", body: { userName: gone.email, name: { givenName: "New" } } });
    expect(response.status).toBe(201);
    expect(await json(response)).toMatchObject({ id: String(gone.id), active: true, name: { givenName: "Test" } });
    expect((await membershipOf(workspace, gone))!.status).toBe("active");
  });

  it("adds someone who has an account elsewhere without renaming them", async () => {
    const { workspace, scimToken } = await setup();
    const existing = await buildUser({ firstName: "Own", lastName: "Choice" });
    const response = await scim("/Users", scimToken, { method: "POST", body: { userName: existing.email, name: { givenName: "Idp", familyName: "Name" } } });
    expect(response.status).toBe(201);
    expect((await json(response)).name).toMatchObject({ givenName: "Own", familyName: "Choice" });
    expect((await membershipOf(workspace, existing))!.status).toBe("invited");
  });

  it("answers a SCIM 400 naming userName when it is not an email, creating nobody", async () => {
    const { scimToken } = await setup();
    const body = await expectScimError(await scim("/Users", scimToken, { method: "POST", body: { userName: "not-an-email" } }), 400, "invalidValue");
    expect(body.detail).toContain("userName");
    await expectScimError(await scim("/Users", scimToken, { method: "POST", body: "{nope" }), 400);
  });
});

describe("PATCH /v1/scim/v2/Users/:id", () => {
  it("deactivates with active: false and reactivates with active: true", async () => {
    const { workspace, scimToken } = await setup();
    const member = await buildMember(workspace);
    const off = await scim(`/Users/${member.user.id}`, scimToken, { method: "PATCH", body: patchActive(false) });
    expect(off.status).toBe(200);
    expect((await json(off)).active).toBe(false);
    expect((await membershipOf(workspace, member.user))!.status).toBe("deactivated");
    expect((await api(`/w/${workspace.id}`, { token: member.token })).status).toBe(404);

    // Some identity providers send a value object with string booleans.
    const on = await scim(`/Users/${member.user.id}`, scimToken, {
      method: "PATCH",
      body: { schemas: [PATCH_OP], Operations: [{ op: "Replace", value: { active: "True" } }] },
    });
    expect((await json(on)).active).toBe(true);
    expect((await membershipOf(workspace, member.user))!.status).toBe("active");
  });

  it("renames an account nobody has claimed yet, and ignores attributes it does not keep", async () => {
    const { workspace, scimToken } = await setup();
    const pending = await buildUser({ passwordHash: null });
    await addMember(workspace, pending, "member", "invited");
    const response = await scim(`/Users/${pending.id}`, scimToken, {
      method: "PATCH",
      body: {
        schemas: [PATCH_OP],
        Operations: [
          { op: "replace", path: "name.givenName", value: "Grace" },
          { op: "add", path: "name", value: { familyName: "Hopper" } },
          { op: "replace", path: "title", value: "Engineer" },
        ],
      },
    });
    expect(response.status).toBe(200);
    expect((await json(response)).name).toMatchObject({ givenName: "Grace", familyName: "Hopper" });
  });

  it("refuses to deactivate the workspace's last active admin with a 400 mutability", async () => {
    const { workspace, admin, scimToken } = await setup();
    await expectScimError(await scim(`/Users/${admin.id}`, scimToken, { method: "PATCH", body: patchActive(false) }), 400, "mutability");
    expect((await membershipOf(workspace, admin))!.status).toBe("active");
  });

  it("answers SCIM 400s for a bad value, a changed userName and an empty PatchOp", async () => {
    const { workspace, scimToken } = await setup();
    const member = await buildMember(workspace);
    const path = `/Users/${member.user.id}`;
    await expectScimError(await scim(path, scimToken, { method: "PATCH", body: patchActive("maybe") }), 400, "invalidValue");
    await expectScimError(
      await scim(path, scimToken, { method: "PATCH", body: { Operations: [{ op: "replace", path: "userName", value: newEmail() }] } }),
      400,
      "mutability",
    );
    await expectScimError(await scim(path, scimToken, { method: "PATCH", body: { Operations: [] } }), 400, "invalidValue");
    expect((await membershipOf(workspace, member.user))!.status).toBe("active");
  });

  it("answers 404 for another workspace's user and changes nothing there", async () => {
    const { scimToken } = await setup();
    const { workspace: other } = await buildWorkspace();
    const outsider = await buildMember(other);
    await expectScimError(await scim(`/Users/${outsider.user.id}`, scimToken, { method: "PATCH", body: patchActive(false) }), 404);
    expect((await membershipOf(other, outsider.user))!.status).toBe("active");
  });
});

describe("PUT /v1/scim/v2/Users/:id", () => {
  it("replaces active and the name of an unclaimed account", async () => {
    const { workspace, scimToken } = await setup();
    const pending = await buildUser({ passwordHash: null });
    await addMember(workspace, pending, "member", "invited");
    const response = await scim(`/Users/${pending.id}`, scimToken, {
      method: "PUT",
      body: { schemas: [USER_SCHEMA], userName: pending.email, name: { givenName: "Katherine", familyName: "Johnson" }, active: false },
    });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ active: false, name: { givenName: "Katherine", familyName: "Johnson" } });
    expect((await membershipOf(workspace, pending))!.status).toBe("deactivated");
  });

  it("keeps the name of someone who set up their own account", async () => {
    const { workspace, scimToken } = await setup();
    const member = await buildMember(workspace);
    const response = await scim(`/Users/${member.user.id}`, scimToken, {
      method: "PUT",
      body: { userName: member.user.email, name: { givenName: "Renamed" } },
    });
    expect((await json(response)).name.givenName).toBe("Test");
  });

  it("answers 400 mutability for another userName, and 404 for another workspace's user", async () => {
    const { workspace, scimToken } = await setup();
    const member = await buildMember(workspace);
    await expectScimError(await scim(`/Users/${member.user.id}`, scimToken, { method: "PUT", body: { userName: newEmail() } }), 400, "mutability");
    const outsider = await buildMember((await buildWorkspace()).workspace);
    await expectScimError(await scim(`/Users/${outsider.user.id}`, scimToken, { method: "PUT", body: { userName: outsider.user.email } }), 404);
  });
});

describe("DELETE /v1/scim/v2/Users/:id", () => {
  it("deactivates the member (reversibly) and answers 204", async () => {
    const { workspace, scimToken } = await setup();
    const member = await buildMember(workspace);
    const response = await scim(`/Users/${member.user.id}`, scimToken, { method: "DELETE" });
    expect(response.status).toBe(204);
    expect((await membershipOf(workspace, member.user))!.status).toBe("deactivated");
    expect((await json(await scim(`/Users/${member.user.id}`, scimToken))).active).toBe(false);
    const [event] = await db
      .select()
      .from(events)
      .where(and(eq(events.name, "scim.user_deactivated"), eq(events.userId, member.user.id)))
      .orderBy(desc(events.id));
    expect(event).toMatchObject({ workspaceId: workspace.id, actorId: null });
  });

  it("answers 404 for another workspace's user, leaving them active", async () => {
    const { scimToken } = await setup();
    const { workspace: other } = await buildWorkspace();
    const outsider = await buildMember(other);
    await expectScimError(await scim(`/Users/${outsider.user.id}`, scimToken, { method: "DELETE" }), 404);
    expect((await membershipOf(other, outsider.user))!.status).toBe("active");
  });
});

describe("SCIM discovery", () => {
  it("tells an identity provider what this server supports", async () => {
    const { scimToken } = await setup();
    const config = await scim("/ServiceProviderConfig", scimToken);
    expect(config.status).toBe(200);
    expect(config.headers.get("Content-Type")).toContain("application/scim+json");
    expect(await config.json()).toMatchObject({
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig"],
      patch: { supported: true },
      bulk: { supported: false },
      filter: { supported: true },
      authenticationSchemes: [expect.objectContaining({ type: "oauthbearertoken" })],
    });

    const types = await json(await scim("/ResourceTypes", scimToken));
    expect(types.Resources).toEqual([expect.objectContaining({ id: "User", endpoint: "/Users" })]);
    const schemas = await json(await scim("/Schemas", scimToken));
    const names = schemas.Resources[0].attributes.map((a: { name: string }) => a.name);
    expect(names).toEqual(expect.arrayContaining(["userName", "name", "emails", "active"]));
  });

  it("needs a SCIM token like every other SCIM call", async () => {
    expect((await scim("/ServiceProviderConfig", null)).status).toBe(401);
  });
});
