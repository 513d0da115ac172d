import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../worker/auth/secrets";
import {
  channelMemberships,
  channels,
  events,
  mailOutbox,
  memberships,
  userTokens,
  users,
  workspaces,
  type User,
  type Workspace,
} from "../../worker/db/schema";
import { listMembers } from "../../worker/services/members";
import { addMember, api, apiWith, buildArticle, buildMember, buildUser, buildWorkspace, db, grant, json, tokenFor } from "../factories";

/** A workspace with its admin, a plain member, and their tokens. */
async function setup() {
  const { workspace, owner: admin } = await buildWorkspace();
  const member = await buildMember(workspace, "member");
  return { workspace, admin, adminToken: await tokenFor(admin), member };
}

let emailNumber = 0;
const newEmail = () => `invitee-${Date.now().toString(36)}-${++emailNumber}@example.com`;

const latestMail = async (to: string) =>
  (await db.select().from(mailOutbox).where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, "invitation"))).orderBy(desc(mailOutbox.id)))[0];
const mailsTo = async (to: string) => db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
const linkIn = (mail: { text: string }) => new URL(mail.text.match(/https?:\/\/\S+/)![0]);
const tokenFrom = (link: URL) => link.pathname.split("/").pop()!;

const membershipOf = async (workspace: Pick<Workspace, "id">, user: Pick<User, "id">) =>
  (await db.select().from(memberships).where(and(eq(memberships.workspaceId, workspace.id), eq(memberships.userId, user.id))))[0];

const userByEmail = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0];

const invite = (workspace: Pick<Workspace, "id">, token: string, body: unknown) =>
  api(`/w/${workspace.id}/settings/members`, { method: "POST", token, body });

/** A second admin, so the first may be demoted or removed. */
async function withSecondAdmin(workspace: Workspace) {
  return buildMember(workspace, "admin");
}

describe("GET /v1/w/:ws/settings/members", () => {
  it("lists members, invited and deactivated ones too, with role, status and dates, but not guests", async () => {
    const { workspace, admin, adminToken, member } = await setup();
    const invited = await buildUser({ passwordHash: null });
    await addMember(workspace, invited, "member", "invited");
    const gone = await buildUser();
    await addMember(workspace, gone, "member", "deactivated");
    const guest = await buildUser();
    await addMember(workspace, guest, "guest");

    const response = await api(`/w/${workspace.id}/settings/members`, { token: adminToken });
    expect(response.status).toBe(200);
    const body = await json(response);
    const byId = new Map(body.data.map((entry: { id: number }) => [entry.id, entry]));
    expect([...byId.keys()].sort()).toEqual([admin.id, member.user.id, invited.id, gone.id].sort());
    expect(byId.get(admin.id)).toMatchObject({ role: "admin", admin: true, status: "active", email: admin.email });
    expect(byId.get(invited.id)).toMatchObject({ role: "member", status: "invited" });
    expect(byId.get(gone.id)).toMatchObject({ status: "deactivated" });
    expect(Object.keys(byId.get(admin.id) as object)).toEqual(
      expect.arrayContaining(["membership_id", "invited_at", "accepted_at", "deactivated_at", "created_at"]),
    );
    expect(body.policies).toMatchObject({ "members.manage": true, "members.invite_admin": true });
    expect(JSON.stringify(body)).not.toContain("pbkdf2");
  });

  it("pages the list with page and per_page, 50 a page by default", async () => {
    const { workspace, admin, adminToken, member } = await setup();
    const invited = await buildUser({ passwordHash: null });
    await addMember(workspace, invited, "member", "invited");
    const path = `/w/${workspace.id}/settings/members`;
    expect((await json(await api(path, { token: adminToken }))).meta).toEqual({ page: 1, per_page: 50, total: 3, has_more: false });

    const first = await json(await api(`${path}?per_page=2`, { token: adminToken }));
    const second = await json(await api(`${path}?per_page=2&page=2`, { token: adminToken }));
    expect(first.meta).toMatchObject({ total: 3, has_more: true });
    expect(second.meta).toMatchObject({ page: 2, total: 3, has_more: false });
    expect([...first.data, ...second.data].map((entry: { id: number }) => entry.id).sort()).toEqual([admin.id, member.user.id, invited.id].sort());
    expect(second.data).toHaveLength(1);
    expect(second.policies).toMatchObject({ "members.manage": true });

    const bad = await api(`${path}?per_page=101`, { token: adminToken });
    expect(bad.status).toBe(400);
    expect((await json(bad)).fields).toHaveProperty(["per_page"]);
  });

  it("lets a plain member see the list but tells them they cannot manage it", async () => {
    const { workspace, member } = await setup();
    const body = await json(await api(`/w/${workspace.id}/settings/members`, { token: member.token }));
    expect(body.policies).toMatchObject({ "members.manage": false, "members.invite": true, "members.invite_admin": false });
  });

  it("answers 403 to a guest and 404 to a user from another workspace", async () => {
    const { workspace } = await setup();
    const guest = await buildMember(workspace, "guest");
    const stranger = await buildMember((await buildWorkspace()).workspace, "admin");
    expect((await api(`/w/${workspace.id}/settings/members`, { token: guest.token })).status).toBe(403);
    expect((await api(`/w/${workspace.id}/settings/members`, { token: stranger.token })).status).toBe(404);
  });
});

describe("POST /v1/w/:ws/settings/members (invite)", () => {
  it("invites a new email: a password-less user, a pending membership, a hashed 14-day token and an email with the link", async () => {
    const { workspace, admin, adminToken } = await setup();
    const email = newEmail();
    const response = await invite(workspace, adminToken, {
      role: "member",
      email: email.toUpperCase(),
      message: "Come write with us",
      invite_reason: "Content team",
    });
    expect(response.status).toBe(201);
    const { data } = await json(response);
    expect(data).toMatchObject({ email, role: "member", status: "invited", invite_reason: "Content team", invited_by_id: admin.id });
    expect(Date.parse(data.invited_at)).toBeGreaterThan(Date.now() - 60_000);

    const user = await userByEmail(email);
    expect(user!.passwordHash).toBeNull();
    const mail = (await latestMail(email))!;
    expect(mail.text).toContain("Come write with us");
    expect(mail.subject).toContain(workspace.name);
    const link = linkIn(mail);
    expect(link.origin).toBe("https://app.test");
    expect(link.pathname).toMatch(/^\/invitations\/[\w-]{40,}$/);

    const [stored] = await db.select().from(userTokens).where(eq(userTokens.userId, user!.id));
    expect(stored).toMatchObject({ kind: "invitation", tokenHash: await sha256Hex(tokenFrom(link)), membershipId: data.membership_id });
    expect(JSON.stringify(stored)).not.toContain(tokenFrom(link));
    const days = (stored!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);

    const [event] = await db.select().from(events).where(and(eq(events.name, "members.invited"), eq(events.userId, user!.id)));
    expect(event).toMatchObject({ workspaceId: workspace.id, actorId: admin.id });
  });

  it("invites someone who already has an account without touching their password", async () => {
    const { workspace, adminToken } = await setup();
    const existing = await buildUser();
    const response = await invite(workspace, adminToken, { role: "admin", email: existing.email });
    expect(response.status).toBe(201);
    expect((await json(response)).data).toMatchObject({ id: existing.id, role: "admin", status: "invited" });
    expect((await userByEmail(existing.email))!.passwordHash).toBe(existing.passwordHash);
    expect(await latestMail(existing.email)).toBeDefined();
  });

  it("refuses someone who is already an active member with 422 on the email field, sending nothing", async () => {
    const { workspace, adminToken, member } = await setup();
    const response = await invite(workspace, adminToken, { role: "member", email: member.user.email });
    expect(response.status).toBe(422);
    expect((await json(response)).fields).toEqual({ email: ["is already a member of this workspace"] });
    expect(await mailsTo(member.user.email)).toHaveLength(0);
  });

  it("refuses a deactivated member with 422: they are reactivated, not invited", async () => {
    const { workspace, adminToken } = await setup();
    const gone = await buildUser();
    await addMember(workspace, gone, "member", "deactivated");
    const response = await invite(workspace, adminToken, { role: "member", email: gone.email });
    expect(response.status).toBe(422);
    expect((await json(response)).fields).toHaveProperty("email");
    expect((await membershipOf(workspace, gone))!.status).toBe("deactivated");
  });

  it("inviting a pending invitee again sends a new link and the old one stops working", async () => {
    const { workspace, adminToken } = await setup();
    const email = newEmail();
    await invite(workspace, adminToken, { role: "member", email });
    const first = tokenFrom(linkIn((await latestMail(email))!));
    await invite(workspace, adminToken, { role: "admin", email });
    const second = tokenFrom(linkIn((await latestMail(email))!));
    expect(second).not.toBe(first);
    expect((await api(`/invitations/${first}`)).status).toBe(404);
    expect((await json(await api(`/invitations/${second}`))).data).toMatchObject({ email, role: "admin" });
  });

  it("points the link at url_invitation only when it is on the app's own origin", async () => {
    const { workspace, adminToken } = await setup();
    const sameSite = newEmail();
    await invite(workspace, adminToken, { role: "member", email: sameSite, url_invitation: "https://app.test/welcome/invite?src=mail" });
    const link = linkIn((await latestMail(sameSite))!);
    expect(link.pathname).toMatch(/^\/welcome\/invite\/[\w-]+$/);
    expect(link.searchParams.get("src")).toBe("mail");

    for (const url_invitation of ["https://evil.example/invitations", "//evil.example/x", "javascript:alert(1)"]) {
      const email = newEmail();
      await invite(workspace, adminToken, { role: "member", email, url_invitation });
      const sent = linkIn((await latestMail(email))!);
      expect(sent.origin).toBe("https://app.test");
      expect(sent.pathname).toMatch(/^\/invitations\//);
    }
  });

  it("lets a plain member invite members but not admins (403, nothing created)", async () => {
    const { workspace, member } = await setup();
    expect((await invite(workspace, member.token, { role: "member", email: newEmail() })).status).toBe(201);
    const email = newEmail();
    const refused = await invite(workspace, member.token, { role: "admin", email });
    expect(refused.status).toBe(403);
    expect(await userByEmail(email)).toBeUndefined();
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it("stops a plain member from turning a pending admin invitation into a member one", async () => {
    const { workspace, adminToken, member } = await setup();
    const email = newEmail();
    await invite(workspace, adminToken, { role: "admin", email });
    expect((await invite(workspace, member.token, { role: "member", email })).status).toBe(403);
    expect((await membershipOf(workspace, (await userByEmail(email))!))!.role).toBe("admin");
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it("stops a plain member from inviting when the workspace allows only admins", async () => {
    const { workspace, adminToken, member } = await setup();
    await api(`/w/${workspace.id}/settings/workspace`, {
      method: "PUT",
      token: adminToken,
      body: { preferences: { members_can_invite: false } },
    });
    expect((await invite(workspace, member.token, { role: "member", email: newEmail() })).status).toBe(403);
  });

  it("answers 404 to a user from another workspace and creates nothing", async () => {
    const { workspace } = await setup();
    const stranger = await buildMember((await buildWorkspace()).workspace, "admin");
    const email = newEmail();
    expect((await invite(workspace, stranger.token, { role: "member", email })).status).toBe(404);
    expect(await userByEmail(email)).toBeUndefined();
  });

  it("answers 400 naming each bad field", async () => {
    const { workspace, adminToken } = await setup();
    const response = await invite(workspace, adminToken, { role: "owner", email: "not-an-email", message: "x".repeat(1001) });
    expect(response.status).toBe(400);
    expect(Object.keys((await json(response)).fields).sort()).toEqual(["email", "message", "role"]);
  });
});

describe("PUT /v1/w/:ws/settings/members/:id (change role)", () => {
  it("changes a member's role and records who did it", async () => {
    const { workspace, admin, adminToken, member } = await setup();
    const response = await api(`/w/${workspace.id}/settings/members/${member.user.id}`, { method: "PUT", token: adminToken, body: { role: "admin" } });
    expect(response.status).toBe(200);
    expect((await json(response)).data).toMatchObject({ id: member.user.id, role: "admin", admin: true });
    const [event] = await db
      .select()
      .from(events)
      .where(and(eq(events.name, "members.role_changed"), eq(events.userId, member.user.id)));
    expect(event).toMatchObject({ actorId: admin.id, workspaceId: workspace.id });
    expect(event!.properties).toMatchObject({ from: { role: "member" }, to: { role: "admin" } });
  });

  it("records nothing when the member already has that role", async () => {
    const { workspace, adminToken, member } = await setup();
    const response = await api(`/w/${workspace.id}/settings/members/${member.user.id}`, { method: "PUT", token: adminToken, body: { role: "member" } });
    expect(response.status).toBe(200);
    expect(await db.select().from(events).where(and(eq(events.name, "members.role_changed"), eq(events.userId, member.user.id)))).toHaveLength(0);
  });

  it("refuses to demote the last active admin with 422 and a clear message", async () => {
    const { workspace, admin, adminToken } = await setup();
    const response = await api(`/w/${workspace.id}/settings/members/${admin.id}`, { method: "PUT", token: adminToken, body: { role: "member" } });
    expect(response.status).toBe(422);
    expect((await json(response)).message).toMatch(/at least one active admin/);
    expect((await membershipOf(workspace, admin))!.role).toBe("admin");
    expect(await db.select().from(events).where(and(eq(events.name, "members.role_changed"), eq(events.userId, admin.id)))).toHaveLength(0);
  });

  it("lets an admin step down when another active admin remains", async () => {
    const { workspace, admin, adminToken } = await setup();
    await withSecondAdmin(workspace);
    const response = await api(`/w/${workspace.id}/settings/members/${admin.id}`, { method: "PUT", token: adminToken, body: { role: "member" } });
    expect(response.status).toBe(200);
    expect((await membershipOf(workspace, admin))!.role).toBe("member");
  });

  it("leaves one admin when two admins demote each other at the same moment", async () => {
    const { workspace, admin, adminToken } = await setup();
    const second = await withSecondAdmin(workspace);
    const [a, b] = await Promise.all([
      api(`/w/${workspace.id}/settings/members/${second.user.id}`, { method: "PUT", token: adminToken, body: { role: "member" } }),
      api(`/w/${workspace.id}/settings/members/${admin.id}`, { method: "PUT", token: second.token, body: { role: "member" } }),
    ]);
    // One wins; the other is refused, by the last-admin guard or because its sender is no longer an admin.
    const [won, lost] = [a.status, b.status].sort();
    expect(won).toBe(200);
    expect([403, 422]).toContain(lost);
    const admins = await db
      .select()
      .from(memberships)
      .where(and(eq(memberships.workspaceId, workspace.id), eq(memberships.role, "admin"), eq(memberships.status, "active")));
    expect(admins).toHaveLength(1);
  });

  it("answers 404 for a member of another workspace, and changes nothing there", async () => {
    const { workspace, adminToken } = await setup();
    const { workspace: other } = await buildWorkspace();
    const outsider = await buildMember(other, "member");
    const response = await api(`/w/${workspace.id}/settings/members/${outsider.user.id}`, { method: "PUT", token: adminToken, body: { role: "admin" } });
    expect(response.status).toBe(404);
    expect((await membershipOf(other, outsider.user))!.role).toBe("member");
  });

  it("answers 403 to a plain member and 404 to a stranger", async () => {
    const { workspace, member } = await setup();
    const other = await buildMember(workspace, "member");
    const stranger = await buildMember((await buildWorkspace()).workspace, "admin");
    for (const [token, refused] of [[member.token, 403], [stranger.token, 404]] as const) {
      const response = await api(`/w/${workspace.id}/settings/members/${other.user.id}`, { method: "PUT", token, body: { role: "admin" } });
      expect(response.status).toBe(refused);
    }
    expect((await membershipOf(workspace, other.user))!.role).toBe("member");
  });

  it("answers 400 naming the role for an unknown role, and the id for a bad id", async () => {
    const { workspace, adminToken, member } = await setup();
    const badRole = await api(`/w/${workspace.id}/settings/members/${member.user.id}`, { method: "PUT", token: adminToken, body: { role: "owner" } });
    expect(badRole.status).toBe(400);
    expect((await json(badRole)).fields).toHaveProperty("role");
    const badId = await api(`/w/${workspace.id}/settings/members/abc`, { method: "PUT", token: adminToken, body: { role: "admin" } });
    expect(badId.status).toBe(400);
    expect((await json(badId)).fields).toHaveProperty("id");
  });
});

describe("deactivating and reactivating a member", () => {
  it("deactivates a member, who then loses access, and reactivates them as an admin", async () => {
    const { workspace, adminToken, member } = await setup();
    const off = await api(`/w/${workspace.id}/settings/members/${member.user.id}`, { method: "DELETE", token: adminToken });
    expect(off.status).toBe(204);
    const row = (await membershipOf(workspace, member.user))!;
    expect(row.status).toBe("deactivated");
    expect(row.deactivatedAt).toBeInstanceOf(Date);
    expect((await api(`/w/${workspace.id}`, { token: member.token })).status).toBe(404);

    const on = await api(`/w/${workspace.id}/settings/members/${member.user.id}/reactivate`, {
      method: "PUT",
      token: adminToken,
      body: { admin: true },
    });
    expect(on.status).toBe(200);
    expect((await json(on)).data).toMatchObject({ status: "active", role: "admin", deactivated_at: null });
    expect((await api(`/w/${workspace.id}`, { token: member.token })).status).toBe(200);
  });

  it("reactivates as a plain member when admin is false", async () => {
    const { workspace, adminToken } = await setup();
    const gone = await buildUser();
    await addMember(workspace, gone, "admin", "deactivated");
    const response = await api(`/w/${workspace.id}/settings/members/${gone.id}/reactivate`, { method: "PUT", token: adminToken, body: { admin: false } });
    expect((await json(response)).data).toMatchObject({ status: "active", role: "member" });
  });

  it("refuses to deactivate the last active admin with 422", async () => {
    const { workspace, admin, adminToken } = await setup();
    const response = await api(`/w/${workspace.id}/settings/members/${admin.id}`, { method: "DELETE", token: adminToken });
    expect(response.status).toBe(422);
    expect((await membershipOf(workspace, admin))!.status).toBe("active");
  });

  it("withdraws a pending invitation: its link stops working", async () => {
    const { workspace, adminToken } = await setup();
    const email = newEmail();
    const { data } = await json(await invite(workspace, adminToken, { role: "member", email }));
    const token = tokenFrom(linkIn((await latestMail(email))!));
    expect((await api(`/w/${workspace.id}/settings/members/${data.id}`, { method: "DELETE", token: adminToken })).status).toBe(204);
    expect((await api(`/invitations/${token}`)).status).toBe(404);
  });

  it("answers 422 when reactivating someone who is not deactivated, and 400 without the admin flag", async () => {
    const { workspace, adminToken, member } = await setup();
    const path = `/w/${workspace.id}/settings/members/${member.user.id}/reactivate`;
    expect((await api(path, { method: "PUT", token: adminToken, body: { admin: false } })).status).toBe(422);
    const missing = await api(path, { method: "PUT", token: adminToken, body: {} });
    expect(missing.status).toBe(400);
    expect((await json(missing)).fields).toHaveProperty("admin");
  });

  it("answers 403 to a plain member, 404 to a stranger and for another workspace's member", async () => {
    const { workspace, adminToken, member } = await setup();
    const other = await buildMember(workspace, "member");
    const stranger = await buildMember((await buildWorkspace()).workspace, "admin");
    for (const [token, refused] of [[member.token, 403], [stranger.token, 404]] as const) {
      expect((await api(`/w/${workspace.id}/settings/members/${other.user.id}`, { method: "DELETE", token })).status).toBe(refused);
      const reactivate = await api(`/w/${workspace.id}/settings/members/${other.user.id}/reactivate`, { method: "PUT", token, body: { admin: true } });
      expect(reactivate.status).toBe(refused);
    }
    expect((await api(`/w/${workspace.id}/settings/members/${stranger.user.id}`, { method: "DELETE", token: adminToken })).status).toBe(404);
    expect((await membershipOf(workspace, other.user))!.status).toBe("active");
  });
});

describe("PUT /v1/w/:ws/settings/members/:id/resend_invitation", () => {
  it("sends a new link and the old one stops working", async () => {
    const { workspace, adminToken } = await setup();
    const email = newEmail();
    const { data } = await json(await invite(workspace, adminToken, { role: "member", email, message: "Welcome" }));
    const old = tokenFrom(linkIn((await latestMail(email))!));
    const response = await api(`/w/${workspace.id}/settings/members/${data.id}/resend_invitation`, { method: "PUT", token: adminToken });
    expect(response.status).toBe(200);
    expect((await json(response)).data).toMatchObject({ id: data.id, status: "invited" });
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain("Welcome");
    const fresh = tokenFrom(linkIn((await latestMail(email))!));
    expect(fresh).not.toBe(old);
    expect((await api(`/invitations/${old}`)).status).toBe(404);
    expect((await api(`/invitations/${fresh}`)).status).toBe(200);
  });

  it("answers 422 for someone who has already joined", async () => {
    const { workspace, adminToken, member } = await setup();
    const response = await api(`/w/${workspace.id}/settings/members/${member.user.id}/resend_invitation`, { method: "PUT", token: adminToken });
    expect(response.status).toBe(422);
    expect(await mailsTo(member.user.email)).toHaveLength(0);
  });

  it("lets only admins resend an admin's invitation, and answers 404 to a stranger", async () => {
    const { workspace, adminToken, member } = await setup();
    const email = newEmail();
    const { data } = await json(await invite(workspace, adminToken, { role: "admin", email }));
    const stranger = await buildMember((await buildWorkspace()).workspace, "admin");
    for (const [token, refused] of [[member.token, 403], [stranger.token, 404]] as const) {
      expect((await api(`/w/${workspace.id}/settings/members/${data.id}/resend_invitation`, { method: "PUT", token })).status).toBe(refused);
    }
    expect(await mailsTo(email)).toHaveLength(1);
  });
});

describe("DELETE /v1/w/:ws/members/:id (remove)", () => {
  it("removes the membership entirely, with the member's place in the workspace's groups", async () => {
    const { workspace, admin, adminToken, member } = await setup();
    const [group] = await db.insert(channels).values({ workspaceId: workspace.id, name: "Writers", createdById: admin.id }).returning();
    await db.insert(channelMemberships).values({ channelId: group!.id, userId: member.user.id });
    const { workspace: elsewhere, owner } = await buildWorkspace();
    await addMember(elsewhere, member.user);
    const [otherGroup] = await db.insert(channels).values({ workspaceId: elsewhere.id, name: "Elsewhere", createdById: owner.id }).returning();
    await db.insert(channelMemberships).values({ channelId: otherGroup!.id, userId: member.user.id });

    const response = await api(`/w/${workspace.id}/members/${member.user.id}`, { method: "DELETE", token: adminToken });
    expect(response.status).toBe(204);
    expect(await membershipOf(workspace, member.user)).toBeUndefined();
    expect(await db.select().from(channelMemberships).where(eq(channelMemberships.userId, member.user.id))).toEqual([
      expect.objectContaining({ channelId: otherGroup!.id }),
    ]);
    expect((await membershipOf(elsewhere, member.user))!.status).toBe("active");
    expect((await api(`/w/${workspace.id}`, { token: member.token })).status).toBe(404);
  });

  it("refuses to remove the last active admin with 422", async () => {
    const { workspace, admin, adminToken } = await setup();
    const response = await api(`/w/${workspace.id}/members/${admin.id}`, { method: "DELETE", token: adminToken });
    expect(response.status).toBe(422);
    expect(await membershipOf(workspace, admin)).toBeDefined();
  });

  it("answers 403 to a plain member, 404 to a stranger and for another workspace's member", async () => {
    const { workspace, adminToken, member } = await setup();
    const other = await buildMember(workspace, "member");
    const stranger = await buildMember((await buildWorkspace()).workspace, "admin");
    for (const [token, refused] of [[member.token, 403], [stranger.token, 404]] as const) {
      expect((await api(`/w/${workspace.id}/members/${other.user.id}`, { method: "DELETE", token })).status).toBe(refused);
    }
    expect((await api(`/w/${workspace.id}/members/${stranger.user.id}`, { method: "DELETE", token: adminToken })).status).toBe(404);
    expect(await membershipOf(workspace, other.user)).toBeDefined();
  });
});

describe("GET and PUT /v1/w/:ws/members", () => {
  it("lists only active members, without guests, pending or deactivated people", async () => {
    const { workspace, admin, member } = await setup();
    await addMember(workspace, await buildUser(), "guest");
    await addMember(workspace, await buildUser(), "member", "invited");
    await addMember(workspace, await buildUser(), "member", "deactivated");
    const body = await json(await api(`/w/${workspace.id}/members`, { token: member.token }));
    expect(body.data.map((entry: { id: number }) => entry.id).sort()).toEqual([admin.id, member.user.id].sort());
  });

  it("pages the list: per_page rows in name order, page 2 with the rest, and meta with the totals", async () => {
    const { workspace, member } = await setup();
    for (const lastName of ["Cole", "Abbot", "Baker"]) await addMember(workspace, await buildUser({ firstName: "Zed", lastName }));
    await addMember(workspace, await buildUser(), "member", "invited");
    const path = `/w/${workspace.id}/members`;
    const everyone = (await json(await api(path, { token: member.token }))).data.map((entry: { id: number }) => entry.id);
    expect(everyone).toHaveLength(5);

    const first = await json(await api(`${path}?per_page=3`, { token: member.token }));
    expect(first.meta).toEqual({ page: 1, per_page: 3, total: 5, has_more: true, next_cursor: expect.any(String) });
    // The cursor a numbered page gives leads to the same next page.
    const byCursor = await json(await api(`${path}?limit=3&cursor=${first.meta.next_cursor}`, { token: member.token }));
    const second = await json(await api(`${path}?per_page=3&page=2`, { token: member.token }));
    expect(second.meta).toEqual({ page: 2, per_page: 3, total: 5, has_more: false, next_cursor: null });
    expect(byCursor.data).toEqual(second.data);
    expect([...first.data, ...second.data].map((entry: { id: number }) => entry.id)).toEqual(everyone);
    expect(second.data.map((entry: { name: string }) => entry.name)).toEqual(["Zed Baker", "Zed Cole"]);

    const beyond = await json(await api(`${path}?per_page=3&page=3`, { token: member.token }));
    expect(beyond).toMatchObject({ data: [], meta: { page: 3, total: 5, has_more: false } });
  });

  it("answers 400 naming page or per_page when they are out of range", async () => {
    const { workspace, member } = await setup();
    for (const [query, field] of [
      ["per_page=0", "per_page"],
      ["per_page=101", "per_page"],
      ["page=0", "page"],
      ["page=two", "page"],
    ]) {
      const response = await api(`/w/${workspace.id}/members?${query}`, { token: member.token });
      expect(response.status).toBe(400);
      expect(Object.keys((await json(response)).fields)).toEqual([field]);
    }
    expect((await api(`/w/${workspace.id}/members?per_page=100`, { token: member.token })).status).toBe(200);
  });

  it("shows one member, and 404 for someone from another workspace", async () => {
    const { workspace, admin, member } = await setup();
    const shown = await api(`/w/${workspace.id}/members/${admin.id}`, { token: member.token });
    expect((await json(shown)).data).toMatchObject({ id: admin.id, role: "admin", email: admin.email });
    const outsider = await buildMember((await buildWorkspace()).workspace);
    expect((await api(`/w/${workspace.id}/members/${outsider.user.id}`, { token: member.token })).status).toBe(404);
  });

  it("answers 404 to a stranger asking for the list or a member", async () => {
    const { workspace, admin } = await setup();
    const stranger = await buildMember((await buildWorkspace()).workspace, "admin");
    expect((await api(`/w/${workspace.id}/members`, { token: stranger.token })).status).toBe(404);
    expect((await api(`/w/${workspace.id}/members/${admin.id}`, { token: stranger.token })).status).toBe(404);
  });

  it("changes a role through { data: { role } }, and leaves it alone for an empty change", async () => {
    const { workspace, adminToken, member } = await setup();
    const path = `/w/${workspace.id}/members/${member.user.id}`;
    const changed = await api(path, { method: "PUT", token: adminToken, body: { data: { role: "guest" } } });
    expect((await json(changed)).data).toMatchObject({ role: "guest", guest: true });
    const same = await api(path, { method: "PUT", token: adminToken, body: { data: {} } });
    expect((await json(same)).data.role).toBe("guest");
  });

  it("answers 400 naming an unknown field, and 403 to a plain member", async () => {
    const { workspace, adminToken, member } = await setup();
    const other = await buildMember(workspace);
    const path = `/w/${workspace.id}/members/${other.user.id}`;
    const unknown = await api(path, { method: "PUT", token: adminToken, body: { data: { role: "admin", status: "active" } } });
    expect(unknown.status).toBe(400);
    expect((await json(unknown)).fields).toHaveProperty("data");
    expect((await api(path, { method: "PUT", token: member.token, body: { data: { role: "admin" } } })).status).toBe(403);
    expect((await membershipOf(workspace, other.user))!.role).toBe("member");
  });
});

describe("listMembers, as the members page pages and searches", () => {
  it("finds people by any part of their name or email, any case, with % taken literally", async () => {
    const { workspace } = await setup();
    const cora = await buildUser({ firstName: "Cora", lastName: "Quinn", email: `cora.q-${Date.now()}@example.com` });
    await addMember(workspace, cora);
    const percent = await buildUser({ email: `100%-${Date.now()}@example.com` });
    await addMember(workspace, percent);
    const found = async (search: string) =>
      (await listMembers(db, workspace.id, { scope: "members", search }, { page: 1, per_page: 50 })).rows.map((row) => row.user.id);
    expect(await found("quin")).toEqual([cora.id]);
    expect(await found("CORA q")).toEqual([]);
    expect(await found("CORA.Q-")).toEqual([cora.id]);
    expect(await found("0%")).toEqual([percent.id]);
  });

  it("puts active people first, then invitations, then deactivated ones, and counts them all", async () => {
    const { workspace, admin, member } = await setup();
    const gone = await buildUser({ firstName: "Aaron" });
    await addMember(workspace, gone, "member", "deactivated");
    const invited = await buildUser({ firstName: "Abe" });
    await addMember(workspace, invited, "member", "invited");
    const { rows, total } = await listMembers(db, workspace.id, { scope: "members", byStatus: true }, { page: 1, per_page: 3 });
    expect(total).toBe(4);
    expect(rows.map((row) => row.membership.status)).toEqual(["active", "active", "invited"]);
    expect(rows.slice(0, 2).map((row) => row.user.id).sort()).toEqual([admin.id, member.user.id].sort());
  });
});

describe("GET /v1/w/:ws/members/:id/articles", () => {
  it("lists the member's documents the viewer may read, latest first, 3 by default or the number asked for", async () => {
    const { workspace, admin, member } = await setup();
    const titles = ["One", "Two", "Three", "Four"];
    for (const [index, title] of titles.entries()) {
      const article = await buildArticle(workspace, admin, { title, updatedAt: new Date(Date.now() - (10 - index) * 1000) });
      await grant({ article }, "EveryoneAtWorkspace", "read");
    }
    await buildArticle(workspace, admin, { title: "Private" });
    const byDefault = await json(await api(`/w/${workspace.id}/members/${admin.id}/articles`, { token: member.token }));
    expect(byDefault.data.map((a: { title: string }) => a.title)).toEqual(["Four", "Three", "Two"]);
    expect(byDefault.meta).toEqual({ items: 3, total: 4 });
    const ten = await json(await api(`/w/${workspace.id}/members/${admin.id}/articles?items=10`, { token: member.token }));
    expect(ten.data).toHaveLength(4);
  });

  it("answers 400 naming items when it is not a number from 1 to 50", async () => {
    const { workspace, admin, adminToken } = await setup();
    for (const items of ["0", "51", "abc", "2.5"]) {
      const response = await api(`/w/${workspace.id}/members/${admin.id}/articles?items=${items}`, { token: adminToken });
      expect(response.status).toBe(400);
      expect((await json(response)).fields).toHaveProperty("items");
    }
  });

  it("answers 404 for another workspace's member and to a stranger", async () => {
    const { workspace, admin, adminToken } = await setup();
    const stranger = await buildMember((await buildWorkspace()).workspace, "admin");
    expect((await api(`/w/${workspace.id}/members/${stranger.user.id}/articles`, { token: adminToken })).status).toBe(404);
    expect((await api(`/w/${workspace.id}/members/${admin.id}/articles`, { token: stranger.token })).status).toBe(404);
  });
});

describe("POST /v1/w/:ws/onboarding/invite", () => {
  it("invites every new address as a member, and reports the ones it skipped", async () => {
    const { workspace, adminToken, member } = await setup();
    const pending = await buildUser();
    await addMember(workspace, pending, "member", "invited");
    const [a, b] = [newEmail(), newEmail()];
    const response = await api(`/w/${workspace.id}/onboarding/invite`, {
      method: "POST",
      token: adminToken,
      body: { emails: [a, member.user.email, b, a.toUpperCase(), pending.email] },
    });
    expect(response.status).toBe(200);
    const { data } = await json(response);
    expect(data.map((entry: { email: string; status: string }) => [entry.email, entry.status])).toEqual([
      [a, "invited"],
      [member.user.email, "active"],
      [b, "invited"],
      [a, "duplicate"],
      [pending.email, "already_invited"],
    ]);
    expect(data[0].member).toMatchObject({ role: "member", status: "invited" });
    for (const email of [a, b]) expect(await mailsTo(email)).toHaveLength(1);
    for (const email of [member.user.email, pending.email]) expect(await mailsTo(email)).toHaveLength(0);
    expect((await membershipOf(workspace, (await userByEmail(b))!))!.role).toBe("member");
  });

  it("takes up to 50 addresses at once", async () => {
    const { workspace, adminToken } = await setup();
    const emails = Array.from({ length: 50 }, () => newEmail());
    // 50 seats: more than Pro's 10, so on the Team plan.
    const response = await apiWith({ DEFAULT_PLAN: "team" }, `/w/${workspace.id}/onboarding/invite`, { method: "POST", token: adminToken, body: { emails } });
    expect(response.status).toBe(200);
    const invited = await db
      .select()
      .from(memberships)
      .where(and(eq(memberships.workspaceId, workspace.id), eq(memberships.status, "invited")));
    expect(invited).toHaveLength(50);
  });

  it("answers 400 naming the field for no addresses, too many, or a bad one", async () => {
    const { workspace, adminToken } = await setup();
    const send = (emails: unknown) => api(`/w/${workspace.id}/onboarding/invite`, { method: "POST", token: adminToken, body: { emails } });
    for (const emails of [[], Array.from({ length: 51 }, (_, i) => `many-${i}@example.com`)]) {
      const response = await send(emails);
      expect(response.status).toBe(400);
      expect((await json(response)).fields).toHaveProperty("emails");
    }
    const bad = await send([newEmail(), "nope"]);
    expect((await json(bad)).fields).toHaveProperty(["emails.1"]);
  });

  it("answers 404 to a stranger and creates nobody", async () => {
    const { workspace } = await setup();
    const stranger = await buildMember((await buildWorkspace()).workspace, "admin");
    const email = newEmail();
    const response = await api(`/w/${workspace.id}/onboarding/invite`, { method: "POST", token: stranger.token, body: { emails: [email] } });
    expect(response.status).toBe(404);
    expect(await userByEmail(email)).toBeUndefined();
  });

  it("answers 403 to a member when only admins may invite", async () => {
    const { workspace, member } = await setup();
    await db
      .update(workspaces)
      .set({ settings: { preferences: { members_can_invite: false } } })
      .where(eq(workspaces.id, workspace.id));
    const response = await api(`/w/${workspace.id}/onboarding/invite`, { method: "POST", token: member.token, body: { emails: [newEmail()] } });
    expect(response.status).toBe(403);
  });
});
