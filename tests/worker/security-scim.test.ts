import { and, eq } from "drizzle-orm";
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { memberships, oauthIdentities, users, type User, type Workspace } from "../../worker/db/schema";
import { addMember, api, buildMember, buildUser, buildWorkspace, db, json, tokenFor } from "../factories";

// A SCIM token reaches the memberships of its own workspace and nothing else: it never
// renames or changes an account that anyone else (another workspace, the person) also uses.

const PATCH_OP = "urn:ietf:params:scim:api:messages:2.0:PatchOp";

async function workspaceWithToken() {
  const { workspace, owner } = await buildWorkspace();
  const created = await api("/scim/tokens", { method: "POST", token: await tokenFor(owner), workspaceId: workspace.id, body: { name: "Okta" } });
  return { workspace, scimToken: (await json(created)).data.token as string };
}

function scim(path: string, token: string, { method = "GET", body }: { method?: string; body?: unknown } = {}) {
  return exports.default.fetch(`https://app.test/v1/scim/v2${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "Content-Type": "application/scim+json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const rename = { schemas: [PATCH_OP], Operations: [{ op: "replace", path: "name", value: { givenName: "Mallory", familyName: "Renamed" } }] };
const reload = async (user: Pick<User, "id">) => (await db.select().from(users).where(eq(users.id, user.id)))[0]!;
const membershipOf = async (workspace: Pick<Workspace, "id">, user: Pick<User, "id">) =>
  (await db.select().from(memberships).where(and(eq(memberships.workspaceId, workspace.id), eq(memberships.userId, user.id))))[0];

describe("SCIM tokens stay inside their workspace", () => {
  it("creating a user whose unclaimed account is invited elsewhere links a membership and leaves the account's name alone", async () => {
    const other = await buildWorkspace();
    const invitee = await buildUser({ passwordHash: null, firstName: "Ada", lastName: "Lovelace" });
    await addMember(other.workspace, invitee, "member", "invited");
    const { workspace, scimToken } = await workspaceWithToken();

    const created = await scim("/Users", scimToken, { method: "POST", body: { userName: invitee.email, name: { givenName: "Mallory", familyName: "Renamed" } } });
    expect(created.status).toBe(201);
    expect((await membershipOf(workspace, invitee))?.status).toBe("invited");
    expect(await reload(invitee)).toMatchObject({ firstName: "Ada", lastName: "Lovelace", passwordHash: null });

    const patched = await scim(`/Users/${invitee.id}`, scimToken, { method: "PATCH", body: rename });
    expect(patched.status).toBe(200);
    const put = await scim(`/Users/${invitee.id}`, scimToken, { method: "PUT", body: { userName: invitee.email, name: { givenName: "Mallory", familyName: "Renamed" } } });
    expect(put.status).toBe(200);
    expect(await reload(invitee)).toMatchObject({ firstName: "Ada", lastName: "Lovelace" });
    // The other workspace's invitation is untouched.
    expect((await membershipOf(other.workspace, invitee))?.status).toBe("invited");
  });

  it("never renames an account that signs in with a social provider, though it has no password", async () => {
    const { workspace, scimToken } = await workspaceWithToken();
    const social = await buildUser({ passwordHash: null, firstName: "Grace", lastName: "Hopper" });
    await db.insert(oauthIdentities).values({ issuer: "https://accounts.google.com", subject: `sub-${social.id}`, userId: social.id, email: social.email });
    await addMember(workspace, social, "member");
    expect((await scim(`/Users/${social.id}`, scimToken, { method: "PATCH", body: rename })).status).toBe(200);
    expect(await reload(social)).toMatchObject({ firstName: "Grace", lastName: "Hopper" });
  });

  it("still names an account it provisioned itself that nobody has claimed", async () => {
    const { workspace, scimToken } = await workspaceWithToken();
    const pending = await buildUser({ passwordHash: null });
    await addMember(workspace, pending, "member", "invited");
    expect((await scim(`/Users/${pending.id}`, scimToken, { method: "PATCH", body: rename })).status).toBe(200);
    expect(await reload(pending)).toMatchObject({ firstName: "Mallory", lastName: "Renamed" });
  });

  it("sees and changes no one outside its workspace: 404 for every call, nothing listed, nothing changed", async () => {
    const other = await buildWorkspace();
    const outsider = await buildMember(other.workspace);
    const unclaimed = await buildUser({ passwordHash: null, firstName: "Kept", lastName: "Name" });
    await addMember(other.workspace, unclaimed, "member", "invited");
    const { scimToken } = await workspaceWithToken();

    for (const person of [outsider.user, unclaimed]) {
      expect((await scim(`/Users/${person.id}`, scimToken)).status).toBe(404);
      expect((await scim(`/Users/${person.id}`, scimToken, { method: "PATCH", body: rename })).status).toBe(404);
      expect((await scim(`/Users/${person.id}`, scimToken, { method: "PUT", body: { userName: person.email, active: false, name: { givenName: "X" } } })).status).toBe(404);
      expect((await scim(`/Users/${person.id}`, scimToken, { method: "DELETE" })).status).toBe(404);
      const listed = await json(await scim(`/Users?filter=${encodeURIComponent(`userName eq "${person.email}"`)}`, scimToken));
      expect(listed.totalResults).toBe(0);
      expect(await reload(person)).toMatchObject({ firstName: person.firstName, lastName: person.lastName });
    }
    expect((await membershipOf(other.workspace, outsider.user))?.status).toBe("active");
    expect((await api(`/w/${other.workspace.id}`, { token: outsider.token })).status).toBe(200);
  });
});
