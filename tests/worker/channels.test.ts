import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../worker/auth/secrets";
import {
  channelJoinRequests,
  channelMemberships,
  channels,
  events,
  mailOutbox,
  memberships,
  userTokens,
  users,
  workspaces,
  type Channel,
  type User,
  type Workspace,
} from "../../worker/db/schema";
import { addMember, api, apiWith, buildArticle, buildFolder, buildMember, buildUser, buildWorkspace, db, grant, json, tokenFor } from "../factories";

type Visibility = Channel["visibility"];

/** A workspace with its admin, a plain member, and their tokens. */
async function setup() {
  const { workspace, owner: admin } = await buildWorkspace();
  const member = await buildMember(workspace, "member");
  return { workspace, admin, adminToken: await tokenFor(admin), member };
}

let groupNumber = 0;
/** A group owned by `owner`, with `others` as plain members, written straight to the database. */
async function buildChannel(workspace: Workspace, owner: User, visibility: Visibility = "public", others: User[] = []) {
  const [channel] = await db
    .insert(channels)
    .values({ workspaceId: workspace.id, name: `Group ${++groupNumber}`, visibility, createdById: owner.id })
    .returning();
  await db.insert(channelMemberships).values([
    { channelId: channel!.id, userId: owner.id, role: "owner" as const },
    ...others.map((user) => ({ channelId: channel!.id, userId: user.id, role: "member" as const })),
  ]);
  return channel!;
}

const membersOf = async (channelId: number) =>
  (await db.select().from(channelMemberships).where(eq(channelMemberships.channelId, channelId))).map((m) => m.userId).sort();

const channelRow = async (id: number) => (await db.select().from(channels).where(eq(channels.id, id)))[0];

const latestMail = async (to: string, kind: string) =>
  (await db.select().from(mailOutbox).where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, kind))).orderBy(desc(mailOutbox.id)))[0];

const join = (channelId: number, token: string, userId: number) =>
  api(`/channels/${channelId}/join`, { method: "POST", token, body: { user_id: userId } });

const ids = (list: { id: number }[]) => list.map((entry) => entry.id).sort((a, b) => a - b);

describe("POST /v1/w/:ws/channels", () => {
  it("creates a group with its creator as owner, and records the event", async () => {
    const { workspace, member } = await setup();
    const response = await api(`/w/${workspace.id}/channels`, {
      method: "POST",
      token: member.token,
      body: { channel: { name: "  Launch team ", description: "Q3 launch", visibility: "closed" } },
      headers: { "x-session-uuid": "tab-1" },
    });
    expect(response.status).toBe(201);
    const { data } = await json(response);
    expect(data).toMatchObject({
      name: "Launch team",
      description: "Q3 launch",
      visibility: "closed",
      workspace_id: workspace.id,
      created_by_id: member.user.id,
      is_member: true,
      role: "owner",
      member_count: 1,
      join_requested: false,
      policies: { "channels.manage": true, "channels.join": false, "channels.request_join": false, "channels.read_members": true },
    });
    expect(data.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const [owner] = await db.select().from(channelMemberships).where(eq(channelMemberships.channelId, data.id));
    expect(owner).toMatchObject({ userId: member.user.id, role: "owner" });
    const [event] = await db.select().from(events).where(and(eq(events.name, "channels.create"), eq(events.actorId, member.user.id)));
    expect(event).toMatchObject({ workspaceId: workspace.id, sessionUuid: "tab-1", properties: { channel_id: data.id, visibility: "closed" } });
  });

  it("defaults the description to empty", async () => {
    const { workspace, adminToken } = await setup();
    const response = await api(`/w/${workspace.id}/channels`, {
      method: "POST",
      token: adminToken,
      body: { channel: { name: "Design", visibility: "public" } },
    });
    expect(response.status).toBe(201);
    expect((await json(response)).data.description).toBe("");
  });

  it("refuses a blank name, an unknown visibility and a missing channel with 400 naming the field, creating nothing", async () => {
    const { workspace, adminToken } = await setup();
    const cases: [unknown, string][] = [
      [{ channel: { name: " ", visibility: "public" } }, "channel.name"],
      [{ channel: { name: "Ok", visibility: "secret" } }, "channel.visibility"],
      [{ channel: { name: "Ok" } }, "channel.visibility"],
      [{}, "channel"],
    ];
    for (const [body, field] of cases) {
      const response = await api(`/w/${workspace.id}/channels`, { method: "POST", token: adminToken, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await json(response)).fields).toHaveProperty([field]);
    }
    expect(await db.select().from(channels).where(eq(channels.workspaceId, workspace.id))).toHaveLength(0);
  });

  it("stops guests (403), strangers (404) and anonymous callers (401), creating nothing", async () => {
    const { workspace } = await setup();
    const guest = await buildMember(workspace, "guest");
    const stranger = await tokenFor(await buildUser());
    const body = { channel: { name: "Sneaky", visibility: "public" } };
    expect((await api(`/w/${workspace.id}/channels`, { method: "POST", token: guest.token, body })).status).toBe(403);
    expect((await api(`/w/${workspace.id}/channels`, { method: "POST", token: stranger, body })).status).toBe(404);
    expect((await api(`/w/${workspace.id}/channels`, { method: "POST", body })).status).toBe(401);
    expect(await db.select().from(channels).where(eq(channels.workspaceId, workspace.id))).toHaveLength(0);
  });

  it("answers 404 for an unknown workspace and 400 for a non-numeric one", async () => {
    const token = await tokenFor(await buildUser());
    const body = { channel: { name: "X", visibility: "public" } };
    expect((await api("/w/999999/channels", { method: "POST", token, body })).status).toBe(404);
    expect((await api("/w/abc/channels", { method: "POST", token, body })).status).toBe(400);
  });
});

describe("GET /v1/w/:ws/channels", () => {
  it("lists the groups the user is in, and with include_open_groups the ones they could join, never others' private groups", async () => {
    const { workspace, admin, member } = await setup();
    const colleague = await buildMember(workspace, "member");
    const mine = await buildChannel(workspace, member.user, "private");
    const joined = await buildChannel(workspace, colleague.user, "public", [member.user]);
    const open = await buildChannel(workspace, colleague.user, "public");
    const closed = await buildChannel(workspace, colleague.user, "closed");
    const shared = await buildChannel(workspace, colleague.user, "shared");
    const hidden = await buildChannel(workspace, colleague.user, "private");
    const { workspace: elsewhere } = await buildWorkspace();
    await buildChannel(elsewhere, admin, "public");

    const plain = await json(await api(`/w/${workspace.id}/channels`, { token: member.token }));
    expect(ids(plain.data)).toEqual([mine.id, joined.id].sort((a, b) => a - b));
    const falseFlag = await json(await api(`/w/${workspace.id}/channels?include_open_groups=false`, { token: member.token }));
    expect(ids(falseFlag.data)).toEqual(ids(plain.data));

    const all = await json(await api(`/w/${workspace.id}/channels?include_open_groups=true`, { token: member.token }));
    expect(ids(all.data)).toEqual([mine.id, joined.id, open.id, closed.id, shared.id].sort((a, b) => a - b));
    expect(ids(all.data)).not.toContain(hidden.id);

    const byId = new Map(all.data.map((entry: { id: number }) => [entry.id, entry]));
    expect(byId.get(joined.id)).toMatchObject({ is_member: true, role: "member", member_count: 2, visibility: "public" });
    expect(byId.get(open.id)).toMatchObject({
      is_member: false,
      role: null,
      member_count: 1,
      policies: { "channels.join": true, "channels.request_join": false, "channels.manage": false },
    });
    expect(byId.get(closed.id)).toMatchObject({ is_member: false, policies: { "channels.join": false, "channels.request_join": true } });
    expect(byId.get(mine.id)).toMatchObject({ is_member: true, role: "owner", visibility: "private", policies: { "channels.manage": true } });
  });

  it("pages the groups in name order, with page 2 holding the rest and meta counting them all", async () => {
    const { workspace, member } = await setup();
    const colleague = await buildMember(workspace, "member");
    const mine = await buildChannel(workspace, member.user, "private");
    const others = [
      await buildChannel(workspace, colleague.user, "public"),
      await buildChannel(workspace, colleague.user, "closed"),
      await buildChannel(workspace, colleague.user, "shared"),
    ];
    await buildChannel(workspace, colleague.user, "private");
    const path = `/w/${workspace.id}/channels?include_open_groups=true`;
    const all = await json(await api(path, { token: member.token }));
    expect(all.meta).toEqual({ page: 1, per_page: 50, total: 4, has_more: false });

    const first = await json(await api(`${path}&per_page=3`, { token: member.token }));
    expect(first.data).toHaveLength(3);
    expect(first.meta).toEqual({ page: 1, per_page: 3, total: 4, has_more: true });
    const second = await json(await api(`${path}&per_page=3&page=2`, { token: member.token }));
    expect(second.meta).toEqual({ page: 2, per_page: 3, total: 4, has_more: false });
    expect([...first.data, ...second.data].map((entry: { id: number }) => entry.id)).toEqual(all.data.map((entry: { id: number }) => entry.id));
    expect(ids(all.data)).toEqual(ids([mine, ...others]));

    const own = await json(await api(`/w/${workspace.id}/channels?per_page=1`, { token: member.token }));
    expect(own).toMatchObject({ data: [{ id: mine.id }], meta: { total: 1, has_more: false } });
  });

  it("refuses per_page of 0 or over 100 with 400 naming it", async () => {
    const { workspace, member } = await setup();
    for (const perPage of ["0", "101"]) {
      const response = await api(`/w/${workspace.id}/channels?include_open_groups=true&per_page=${perPage}`, { token: member.token });
      expect(response.status).toBe(400);
      expect(Object.keys((await json(response)).fields)).toEqual(["per_page"]);
    }
  });

  it("never lists a private group to a workspace admin who is not in it", async () => {
    const { workspace, adminToken, member } = await setup();
    const hidden = await buildChannel(workspace, member.user, "private");
    const list = await json(await api(`/w/${workspace.id}/channels?include_open_groups=true`, { token: adminToken }));
    expect(ids(list.data)).not.toContain(hidden.id);
  });

  it("shows guests only the groups they are in plus shared ones", async () => {
    const { workspace, member } = await setup();
    const guest = await buildMember(workspace, "guest");
    const inIt = await buildChannel(workspace, member.user, "private", [guest.user]);
    const shared = await buildChannel(workspace, member.user, "shared");
    await buildChannel(workspace, member.user, "public");
    await buildChannel(workspace, member.user, "closed");
    const list = await json(await api(`/w/${workspace.id}/channels?include_open_groups=true`, { token: guest.token }));
    expect(ids(list.data)).toEqual([inIt.id, shared.id].sort((a, b) => a - b));
    expect(list.data.find((entry: { id: number }) => entry.id === shared.id).policies["channels.join"]).toBe(true);
    const plain = await json(await api(`/w/${workspace.id}/channels`, { token: guest.token }));
    expect(ids(plain.data)).toEqual([inIt.id]);
  });

  it("refuses a bad include_open_groups with 400 naming it, and strangers with 404", async () => {
    const { workspace, member } = await setup();
    const bad = await api(`/w/${workspace.id}/channels?include_open_groups=maybe`, { token: member.token });
    expect(bad.status).toBe(400);
    expect((await json(bad)).fields).toHaveProperty(["include_open_groups"]);
    const stranger = await tokenFor(await buildUser());
    expect((await api(`/w/${workspace.id}/channels`, { token: stranger })).status).toBe(404);
  });
});

describe("GET /v1/w/:ws/available_channels", () => {
  it("lists the groups the user could join and is not in", async () => {
    const { workspace, member } = await setup();
    const colleague = await buildMember(workspace, "member");
    await buildChannel(workspace, colleague.user, "public", [member.user]);
    await buildChannel(workspace, colleague.user, "private");
    const open = await buildChannel(workspace, colleague.user, "public");
    const closed = await buildChannel(workspace, colleague.user, "closed");
    const shared = await buildChannel(workspace, colleague.user, "shared");
    const response = await api(`/w/${workspace.id}/available_channels`, { token: member.token });
    expect(response.status).toBe(200);
    const { data } = await json(response);
    expect(ids(data)).toEqual([open.id, closed.id, shared.id].sort((a, b) => a - b));
    expect(data.every((entry: { is_member: boolean }) => !entry.is_member)).toBe(true);
  });

  it("offers guests only shared groups, and refuses strangers with 404", async () => {
    const { workspace, member } = await setup();
    const guest = await buildMember(workspace, "guest");
    await buildChannel(workspace, member.user, "public");
    const shared = await buildChannel(workspace, member.user, "shared");
    expect(ids((await json(await api(`/w/${workspace.id}/available_channels`, { token: guest.token }))).data)).toEqual([shared.id]);
    const stranger = await tokenFor(await buildUser());
    expect((await api(`/w/${workspace.id}/available_channels`, { token: stranger })).status).toBe(404);
  });
});

describe("GET /v1/channels/:id", () => {
  it("shows a group with its members and, to its owner, the pending join requests", async () => {
    const { workspace, member } = await setup();
    const colleague = await buildMember(workspace, "member");
    const asker = await buildMember(workspace, "member");
    const channel = await buildChannel(workspace, member.user, "closed", [colleague.user]);
    await db.insert(channelJoinRequests).values({ channelId: channel.id, userId: asker.user.id, tokenHash: "x".repeat(64) });

    const asOwner = await json(await api(`/channels/${channel.id}`, { token: member.token }));
    expect(asOwner.data).toMatchObject({ id: channel.id, is_member: true, role: "owner", member_count: 2 });
    expect(asOwner.data.members.map((m: { id: number; role: string }) => [m.id, m.role])).toEqual([
      [member.user.id, "owner"],
      [colleague.user.id, "member"],
    ]);
    expect(asOwner.data.join_requests).toHaveLength(1);
    expect(asOwner.data.join_requests[0]).toMatchObject({ status: "pending", user: { id: asker.user.id } });
    expect(JSON.stringify(asOwner)).not.toContain("x".repeat(64));

    const asColleague = await json(await api(`/channels/${channel.id}`, { token: colleague.token }));
    expect(asColleague.data.members).toHaveLength(2);
    expect(asColleague.data.join_requests).toBeNull();

    const asAsker = await json(await api(`/channels/${channel.id}`, { token: asker.token }));
    expect(asAsker.data).toMatchObject({ is_member: false, join_requested: true, members: null, join_requests: null });
  });

  it("hides a private group from workspace members outside it (404) but not from admins", async () => {
    const { workspace, adminToken, member } = await setup();
    const outsider = await buildMember(workspace, "member");
    const channel = await buildChannel(workspace, member.user, "private");
    expect((await api(`/channels/${channel.id}`, { token: outsider.token })).status).toBe(404);
    const asAdmin = await api(`/channels/${channel.id}`, { token: adminToken });
    expect(asAdmin.status).toBe(200);
    expect((await json(asAdmin)).data.policies["channels.manage"]).toBe(true);
  });

  it("lets guests see shared groups but not public ones", async () => {
    const { workspace, member } = await setup();
    const guest = await buildMember(workspace, "guest");
    const shared = await buildChannel(workspace, member.user, "shared");
    const open = await buildChannel(workspace, member.user, "public");
    expect((await api(`/channels/${shared.id}`, { token: guest.token })).status).toBe(200);
    expect((await api(`/channels/${open.id}`, { token: guest.token })).status).toBe(404);
  });

  it("answers 404 to a user from another workspace, as for a document, whatever X-Workspace-Id says, and 404/400 for bad ids", async () => {
    const { workspace, member } = await setup();
    const channel = await buildChannel(workspace, member.user, "public");
    const { workspace: theirs, owner: stranger } = await buildWorkspace();
    const token = await tokenFor(stranger);
    expect((await api(`/channels/${channel.id}`, { token })).status).toBe(404);
    expect((await api(`/channels/${channel.id}`, { token, workspaceId: theirs.id })).status).toBe(404);
    expect((await api("/channels/99999999", { token })).status).toBe(404);
    const bad = await api("/channels/abc", { token });
    expect(bad.status).toBe(400);
    expect((await json(bad)).fields).toHaveProperty(["id"]);
    expect((await api(`/channels/${channel.id}`)).status).toBe(401);
  });

  it("honours super-admin mode only for the group's workspace", async () => {
    const { workspace, member } = await setup();
    const channel = await buildChannel(workspace, member.user, "private");
    const superAdmin = await buildUser({ isSuperAdmin: true });
    const token = await tokenFor(superAdmin);
    expect((await api(`/channels/${channel.id}`, { token })).status).toBe(404);
    const inMode = await api(`/channels/${channel.id}`, { token, headers: { "x-superadmin-workspace-id": String(workspace.id) } });
    expect(inMode.status).toBe(200);
  });
});

describe("GET /v1/channels/:id/all_articles", () => {
  it("lists the documents shared with the group that the viewer may read, directly or through a folder", async () => {
    const { workspace, member } = await setup();
    const open = await buildChannel(workspace, member.user, "public");
    const direct = await buildArticle(workspace, member.user, { title: "Direct" });
    await grant({ article: direct }, "Channel", "read", { channelId: open.id });
    const folder = await buildFolder(workspace, member.user);
    await grant({ folder }, "Channel", "comment", { channelId: open.id });
    const inFolder = await buildArticle(workspace, member.user, { title: "In folder", folderId: folder.id });
    await buildArticle(workspace, member.user, { title: "Not shared" });
    const { data } = await json(await api(`/channels/${open.id}/all_articles`, { token: member.token }));
    expect(data.map((a: { id: number }) => a.id).sort()).toEqual([direct.id, inFolder.id].sort());
  });

  it("answers an empty list to those who can see the group but none of its documents, 404 to those who cannot and to strangers", async () => {
    const { workspace, member } = await setup();
    const outsider = await buildMember(workspace, "member");
    const open = await buildChannel(workspace, member.user, "public");
    const hidden = await buildChannel(workspace, member.user, "private");
    const shared = await buildArticle(workspace, member.user);
    await grant({ article: shared }, "Channel", "read", { channelId: open.id });
    const response = await api(`/channels/${open.id}/all_articles`, { token: outsider.token });
    expect(response.status).toBe(200);
    expect((await json(response)).data).toEqual([]);
    expect((await api(`/channels/${hidden.id}/all_articles`, { token: outsider.token })).status).toBe(404);
    const stranger = await tokenFor(await buildUser());
    expect((await api(`/channels/${open.id}/all_articles`, { token: stranger })).status).toBe(404);
    expect((await api("/channels/0/all_articles", { token: stranger })).status).toBe(400);
  });
});

describe("GET /v1/channels/:id/non_members", () => {
  it("lists the workspace's active and invited people who are not in the group", async () => {
    const { workspace, admin, member } = await setup();
    const inside = await buildMember(workspace, "member");
    const guest = await buildMember(workspace, "guest");
    const invited = await buildUser();
    await addMember(workspace, invited, "member", "invited");
    const gone = await buildUser();
    await addMember(workspace, gone, "member", "deactivated");
    await buildUser(); // in no workspace at all
    const channel = await buildChannel(workspace, member.user, "public", [inside.user]);

    const response = await api(`/channels/${channel.id}/non_members`, { token: member.token });
    expect(response.status).toBe(200);
    const { data } = await json(response);
    expect(ids(data)).toEqual([admin.id, guest.user.id, invited.id].sort((a, b) => a - b));
    expect(data.find((p: { id: number }) => p.id === invited.id)).toMatchObject({ workspace_role: "member", membership_status: "invited" });
    expect(data.find((p: { id: number }) => p.id === guest.user.id)).toMatchObject({ workspace_role: "guest" });
    expect(JSON.stringify(data)).not.toContain("pbkdf2");
  });

  it("is for the group's managers: 403 for other members, 404 for strangers", async () => {
    const { workspace, member } = await setup();
    const inside = await buildMember(workspace, "member");
    const channel = await buildChannel(workspace, member.user, "public", [inside.user]);
    expect((await api(`/channels/${channel.id}/non_members`, { token: inside.token })).status).toBe(403);
    const stranger = await tokenFor(await buildUser());
    expect((await api(`/channels/${channel.id}/non_members`, { token: stranger })).status).toBe(404);
  });
});

describe("DELETE /v1/channels/:id", () => {
  it("lets the group's owner delete it, with its memberships and join requests", async () => {
    const { workspace, member } = await setup();
    const inside = await buildMember(workspace, "member");
    const asker = await buildMember(workspace, "member");
    const channel = await buildChannel(workspace, member.user, "closed", [inside.user]);
    await db.insert(channelJoinRequests).values({ channelId: channel.id, userId: asker.user.id, tokenHash: "h" });
    const response = await api(`/channels/${channel.id}`, { method: "DELETE", token: member.token });
    expect(response.status).toBe(204);
    expect(await channelRow(channel.id)).toBeUndefined();
    expect(await membersOf(channel.id)).toEqual([]);
    expect(await db.select().from(channelJoinRequests).where(eq(channelJoinRequests.channelId, channel.id))).toHaveLength(0);
    const [event] = await db.select().from(events).where(and(eq(events.name, "channels.delete"), eq(events.actorId, member.user.id)));
    expect(event!.properties).toMatchObject({ channel_id: channel.id });
    expect((await api(`/channels/${channel.id}`, { token: member.token })).status).toBe(404);
  });

  it("lets a workspace admin delete anyone's group", async () => {
    const { workspace, adminToken, member } = await setup();
    const channel = await buildChannel(workspace, member.user, "private");
    expect((await api(`/channels/${channel.id}`, { method: "DELETE", token: adminToken })).status).toBe(204);
    expect(await channelRow(channel.id)).toBeUndefined();
  });

  it("refuses other members (403), outsiders of a private group (404) and strangers (404), changing nothing", async () => {
    const { workspace, member } = await setup();
    const inside = await buildMember(workspace, "member");
    const outsider = await buildMember(workspace, "member");
    const channel = await buildChannel(workspace, member.user, "public", [inside.user]);
    const hidden = await buildChannel(workspace, member.user, "private");
    const { owner: strangerUser } = await buildWorkspace();
    const stranger = await tokenFor(strangerUser);
    expect((await api(`/channels/${channel.id}`, { method: "DELETE", token: inside.token })).status).toBe(403);
    expect((await api(`/channels/${hidden.id}`, { method: "DELETE", token: outsider.token })).status).toBe(404);
    expect((await api(`/channels/${channel.id}`, { method: "DELETE", token: stranger })).status).toBe(404);
    expect(await channelRow(channel.id)).toBeDefined();
    expect(await channelRow(hidden.id)).toBeDefined();
    expect(await membersOf(channel.id)).toEqual([member.user.id, inside.user.id].sort());
    expect((await api("/channels/99999999", { method: "DELETE", token: stranger })).status).toBe(404);
  });
});

describe("POST /v1/channels/:id/channel_memberships", () => {
  it("adds workspace members, reports who was already in or deactivated, and invites unknown emails by mail", async () => {
    const { workspace, member } = await setup();
    const colleague = await buildMember(workspace, "member");
    const guest = await buildMember(workspace, "guest");
    const pending = await buildUser();
    await addMember(workspace, pending, "member", "invited");
    const already = await buildMember(workspace, "member");
    const gone = await buildUser();
    await addMember(workspace, gone, "member", "deactivated");
    const channel = await buildChannel(workspace, member.user, "private", [already.user]);
    const newcomer = `new-${Date.now()}@example.com`;

    const response = await api(`/channels/${channel.id}/channel_memberships`, {
      method: "POST",
      token: member.token,
      body: {
        emails: [colleague.user.email.toUpperCase(), guest.user.email, pending.email, already.user.email, gone.email, newcomer, newcomer],
      },
    });
    expect(response.status).toBe(200);
    const { data } = await json(response);
    expect(data.map((r: { email: string; status: string }) => [r.email, r.status])).toEqual([
      [colleague.user.email, "added"],
      [guest.user.email, "added"],
      [pending.email, "added"],
      [already.user.email, "already_member"],
      [gone.email, "deactivated"],
      [newcomer, "invited"],
    ]);

    const [invitedUser] = await db.select().from(users).where(eq(users.email, newcomer));
    expect(invitedUser!.passwordHash).toBeNull();
    expect(data[5].user).toMatchObject({ id: invitedUser!.id, email: newcomer });
    expect(await membersOf(channel.id)).toEqual(
      [member.user.id, already.user.id, colleague.user.id, guest.user.id, pending.id, invitedUser!.id].sort(),
    );
    const [membership] = await db
      .select()
      .from(memberships)
      .where(and(eq(memberships.workspaceId, workspace.id), eq(memberships.userId, invitedUser!.id)));
    expect(membership).toMatchObject({
      role: "member",
      status: "invited",
      invitedById: member.user.id,
      invitationMessage: `You have been added to the group ${channel.name}.`,
    });
    // The same invitation as from the members page, with its event.
    const [invitedEvent] = await db.select().from(events).where(and(eq(events.name, "members.invited"), eq(events.userId, invitedUser!.id)));
    expect(invitedEvent).toMatchObject({ workspaceId: workspace.id, actorId: member.user.id });

    const mail = await latestMail(newcomer, "invitation");
    const link = mail!.text.match(/https:\/\/app\.test\/invitations\/([\w-]+)/);
    expect(link).not.toBeNull();
    const [token] = await db.select().from(userTokens).where(eq(userTokens.userId, invitedUser!.id));
    expect(token).toMatchObject({ kind: "invitation", membershipId: membership!.id, usedAt: null });
    expect(token!.tokenHash).toBe(await sha256Hex(link![1]!));
    expect(token!.expiresAt.getTime()).toBeGreaterThan(Date.now());
    expect(await latestMail(colleague.user.email, "invitation")).toBeUndefined();
  });

  it("invites a person who has an account elsewhere without touching their account", async () => {
    const { workspace, member } = await setup();
    const { owner: elsewhere } = await buildWorkspace();
    const channel = await buildChannel(workspace, member.user, "public");
    const response = await api(`/channels/${channel.id}/channel_memberships`, {
      method: "POST",
      token: member.token,
      body: { emails: [elsewhere.email] },
    });
    expect((await json(response)).data[0]).toMatchObject({ status: "invited", user: { id: elsewhere.id } });
    const [row] = await db.select().from(users).where(eq(users.id, elsewhere.id));
    expect(row!.passwordHash).toBe(elsewhere.passwordHash);
    const [membership] = await db
      .select()
      .from(memberships)
      .where(and(eq(memberships.workspaceId, workspace.id), eq(memberships.userId, elsewhere.id)));
    expect(membership!.status).toBe("invited");
    expect(await latestMail(elsewhere.email, "invitation")).toBeDefined();
  });

  it("handles the most emails one call takes, across chunked inserts", async () => {
    const { workspace, adminToken, admin } = await setup();
    const channel = await buildChannel(workspace, admin, "public");
    const existing = await Promise.all(Array.from({ length: 25 }, () => buildMember(workspace, "member")));
    const stamp = Date.now();
    const fresh = Array.from({ length: 25 }, (_, i) => `bulk-${stamp}-${i}@example.com`);
    // 51 seats: more than Pro's 10, so on the Team plan.
    const response = await apiWith({ DEFAULT_PLAN: "team" }, `/channels/${channel.id}/channel_memberships`, {
      method: "POST",
      token: adminToken,
      body: { emails: [...existing.map((m) => m.user.email), ...fresh] },
    });
    expect(response.status).toBe(200);
    const { data } = await json(response);
    expect(data.filter((r: { status: string }) => r.status === "added")).toHaveLength(25);
    expect(data.filter((r: { status: string }) => r.status === "invited")).toHaveLength(25);
    expect(await membersOf(channel.id)).toHaveLength(51);
    const tokens = await db.select().from(userTokens).where(eq(userTokens.kind, "invitation"));
    const invitedIds = new Set(data.filter((r: { status: string }) => r.status === "invited").map((r: { user: { id: number } }) => r.user.id));
    expect(tokens.filter((t) => invitedIds.has(t.userId))).toHaveLength(25);
  });

  it("refuses an empty list, a bad email and too many emails with 400 naming the field", async () => {
    const { workspace, adminToken, admin } = await setup();
    const channel = await buildChannel(workspace, admin, "public");
    const cases: [unknown, string][] = [
      [{ emails: [] }, "emails"],
      [{ emails: ["ok@example.com", "not-an-email"] }, "emails.1"],
      [{ emails: Array.from({ length: 51 }, (_, i) => `x${i}@example.com`) }, "emails"],
      [{}, "emails"],
    ];
    for (const [body, field] of cases) {
      const response = await api(`/channels/${channel.id}/channel_memberships`, { method: "POST", token: adminToken, body });
      expect(response.status).toBe(400);
      expect((await json(response)).fields).toHaveProperty([field]);
    }
    expect(await membersOf(channel.id)).toEqual([admin.id]);
  });

  it("refuses members who do not manage the group (403) and strangers (404), changing nothing", async () => {
    const { workspace, member } = await setup();
    const inside = await buildMember(workspace, "member");
    const outsider = await buildMember(workspace, "member");
    const channel = await buildChannel(workspace, member.user, "public", [inside.user]);
    const strangerEmail = `stranger-${Date.now()}@example.com`;
    const { owner: strangerUser } = await buildWorkspace();
    for (const [token, refused] of [[inside.token, 403], [await tokenFor(strangerUser), 404]] as const) {
      const response = await api(`/channels/${channel.id}/channel_memberships`, {
        method: "POST",
        token,
        body: { emails: [outsider.user.email, strangerEmail] },
      });
      expect(response.status).toBe(refused);
    }
    expect(await membersOf(channel.id)).toEqual([member.user.id, inside.user.id].sort());
    expect(await db.select().from(users).where(eq(users.email, strangerEmail))).toHaveLength(0);
  });

  it("refuses to invite new people when the workspace lets only admins invite, and writes nothing", async () => {
    const { workspace, member } = await setup();
    const colleague = await buildMember(workspace, "member");
    await db
      .update(workspaces)
      .set({ settings: { ...workspace.settings, preferences: { ...workspace.settings.preferences, members_can_invite: false } } })
      .where(eq(workspaces.id, workspace.id));
    const channel = await buildChannel(workspace, member.user, "public");
    const newcomer = `blocked-${Date.now()}@example.com`;
    const response = await api(`/channels/${channel.id}/channel_memberships`, {
      method: "POST",
      token: member.token,
      body: { emails: [colleague.user.email, newcomer] },
    });
    expect(response.status).toBe(403);
    expect(await membersOf(channel.id)).toEqual([member.user.id]);
    expect(await db.select().from(users).where(eq(users.email, newcomer))).toHaveLength(0);

    const existingOnly = await api(`/channels/${channel.id}/channel_memberships`, {
      method: "POST",
      token: member.token,
      body: { emails: [colleague.user.email] },
    });
    expect(existingOnly.status).toBe(200);
    expect(await membersOf(channel.id)).toEqual([member.user.id, colleague.user.id].sort());
  });
});

describe("POST /v1/channels/:id/join", () => {
  it("lets a member join a public group as themselves", async () => {
    const { workspace, member } = await setup();
    const joiner = await buildMember(workspace, "member");
    const channel = await buildChannel(workspace, member.user, "public");
    const response = await join(channel.id, joiner.token, joiner.user.id);
    expect(response.status).toBe(201);
    const { data } = await json(response);
    expect(data.channel).toMatchObject({ id: channel.id, is_member: true, role: "member", member_count: 2 });
    expect(data.member).toMatchObject({ id: joiner.user.id, role: "member" });
    expect(await membersOf(channel.id)).toEqual([member.user.id, joiner.user.id].sort());
  });

  it("answers 409 to someone already in the group, private or not", async () => {
    const { workspace, member } = await setup();
    const inside = await buildMember(workspace, "member");
    const channel = await buildChannel(workspace, member.user, "public", [inside.user]);
    const hidden = await buildChannel(workspace, member.user, "private");
    expect((await join(channel.id, member.token, member.user.id)).status).toBe(409);
    expect((await join(channel.id, member.token, inside.user.id)).status).toBe(409);
    expect((await join(hidden.id, member.token, member.user.id)).status).toBe(409);
  });

  it("refuses joining as someone else (403) unless the caller manages the group", async () => {
    const { workspace, member, adminToken } = await setup();
    const joiner = await buildMember(workspace, "member");
    const other = await buildMember(workspace, "member");
    const channel = await buildChannel(workspace, member.user, "public");
    expect((await join(channel.id, joiner.token, other.user.id)).status).toBe(403);
    expect(await membersOf(channel.id)).toEqual([member.user.id]);

    expect((await join(channel.id, member.token, other.user.id)).status).toBe(201);
    const closed = await buildChannel(workspace, member.user, "closed");
    const byAdmin = await join(closed.id, adminToken, joiner.user.id);
    expect(byAdmin.status).toBe(201);
    expect((await json(byAdmin)).data.member.id).toBe(joiner.user.id);
    expect(await membersOf(closed.id)).toEqual([member.user.id, joiner.user.id].sort());
  });

  it("answers 404 when a manager names someone outside the workspace", async () => {
    const { workspace, member } = await setup();
    const channel = await buildChannel(workspace, member.user, "public");
    const { owner: outsider } = await buildWorkspace();
    expect((await join(channel.id, member.token, outsider.id)).status).toBe(404);
    expect(await membersOf(channel.id)).toEqual([member.user.id]);
  });

  it("answers a member outside a private group 404, as GET does, and an admin who sees it 403: it is by invitation only", async () => {
    const { workspace, member, adminToken, admin } = await setup();
    const joiner = await buildMember(workspace, "member");
    const channel = await buildChannel(workspace, member.user, "private");
    expect((await join(channel.id, joiner.token, joiner.user.id)).status).toBe(404);
    expect((await join(channel.id, adminToken, admin.id)).status).toBe(403);
    expect(await membersOf(channel.id)).toEqual([member.user.id]);
  });

  it("lets guests join shared groups but not public ones", async () => {
    const { workspace, member } = await setup();
    const guest = await buildMember(workspace, "guest");
    const shared = await buildChannel(workspace, member.user, "shared");
    const open = await buildChannel(workspace, member.user, "public");
    expect((await join(shared.id, guest.token, guest.user.id)).status).toBe(201);
    expect((await join(open.id, guest.token, guest.user.id)).status).toBe(404);
    expect(await membersOf(open.id)).toEqual([member.user.id]);
  });

  it("turns joining a closed group into a request mailed to its owners (202), once", async () => {
    const { workspace, member } = await setup();
    const coOwner = await buildMember(workspace, "member");
    const asker = await buildMember(workspace, "member");
    const channel = await buildChannel(workspace, member.user, "closed");
    await db.insert(channelMemberships).values({ channelId: channel.id, userId: coOwner.user.id, role: "owner" });

    const response = await join(channel.id, asker.token, asker.user.id);
    expect(response.status).toBe(202);
    const { data } = await json(response);
    expect(data).toMatchObject({ channel_id: channel.id, status: "pending", user: { id: asker.user.id } });
    expect(JSON.stringify(data)).not.toMatch(/token/);
    expect(await membersOf(channel.id)).toEqual([member.user.id, coOwner.user.id].sort());

    for (const owner of [member.user, coOwner.user]) {
      const mail = await latestMail(owner.email, "channel_join_request");
      expect(mail!.subject).toContain(channel.name);
      const token = decodeURIComponent(mail!.text.match(/join_request=(\d+)&token=([^\s&]+)/)![2]!);
      const [row] = await db.select().from(channelJoinRequests).where(eq(channelJoinRequests.id, data.id));
      expect(row!.tokenHash).toBe(await sha256Hex(token));
      expect(row!.tokenHash).not.toBe(token);
    }
    expect((await join(channel.id, asker.token, asker.user.id)).status).toBe(409);
    expect(await db.select().from(channelJoinRequests).where(eq(channelJoinRequests.channelId, channel.id))).toHaveLength(1);
  });

  it("mails the workspace admins when a closed group has no owner left", async () => {
    const { workspace, admin, member } = await setup();
    const asker = await buildMember(workspace, "member");
    const channel = await buildChannel(workspace, member.user, "closed");
    await db.delete(channelMemberships).where(eq(channelMemberships.channelId, channel.id));
    expect((await join(channel.id, asker.token, asker.user.id)).status).toBe(202);
    expect((await latestMail(admin.email, "channel_join_request"))!.text).toContain(asker.user.email);
  });

  it("refuses a missing or bad user_id with 400 naming it", async () => {
    const { workspace, member } = await setup();
    const channel = await buildChannel(workspace, member.user, "public");
    for (const body of [{}, { user_id: "abc" }, { user_id: -1 }]) {
      const response = await api(`/channels/${channel.id}/join`, { method: "POST", token: member.token, body });
      expect(response.status).toBe(400);
      expect((await json(response)).fields).toHaveProperty(["user_id"]);
    }
  });

  it("answers 404 to a stranger from another workspace and changes nothing", async () => {
    const { workspace, member } = await setup();
    const open = await buildChannel(workspace, member.user, "public");
    const closed = await buildChannel(workspace, member.user, "closed");
    const { owner: stranger } = await buildWorkspace();
    const token = await tokenFor(stranger);
    expect((await join(open.id, token, stranger.id)).status).toBe(404);
    expect((await join(closed.id, token, stranger.id)).status).toBe(404);
    expect(await membersOf(open.id)).toEqual([member.user.id]);
    expect(await db.select().from(channelJoinRequests).where(eq(channelJoinRequests.channelId, closed.id))).toHaveLength(0);
    expect((await join(99999999, token, stranger.id)).status).toBe(404);
  });
});

describe("channel join requests", () => {
  /** A closed group owned by a member, and a pending request whose emailed token we read back. */
  async function requested() {
    const { workspace, member, adminToken } = await setup();
    const asker = await buildMember(workspace, "member");
    const channel = await buildChannel(workspace, member.user, "closed");
    const { data } = await json(await join(channel.id, asker.token, asker.user.id));
    const mail = await latestMail(member.user.email, "channel_join_request");
    const token = decodeURIComponent(mail!.text.match(/&token=([^\s&]+)/)![1]!);
    return { workspace, owner: member, adminToken, asker, channel, requestId: data.id as number, token };
  }

  const accept = (id: number, token: string, body: unknown) =>
    api(`/channel_join_requests/${id}/accept`, { method: "POST", token, body });
  const deny = (id: number, token: string) => api(`/channel_join_requests/${id}/deny`, { method: "DELETE", token });
  const status = async (id: number) => (await db.select().from(channelJoinRequests).where(eq(channelJoinRequests.id, id)))[0]!.status;

  it("lets an owner accept with the emailed token: the requester becomes a member; a second answer is 409", async () => {
    const { owner, asker, channel, requestId, token } = await requested();
    const response = await accept(requestId, owner.token, { token });
    expect(response.status).toBe(200);
    expect((await json(response)).data).toMatchObject({ id: requestId, status: "accepted", decided_by_id: owner.user.id });
    expect(await membersOf(channel.id)).toEqual([owner.user.id, asker.user.id].sort());
    expect((await accept(requestId, owner.token, { token })).status).toBe(409);
    expect((await deny(requestId, owner.token)).status).toBe(409);
    const asAsker = await json(await api(`/channels/${channel.id}`, { token: asker.token }));
    expect(asAsker.data).toMatchObject({ is_member: true, join_requested: false });
  });

  it("lets a workspace admin accept too", async () => {
    const { adminToken, asker, channel, requestId, token } = await requested();
    expect((await accept(requestId, adminToken, { token })).status).toBe(200);
    expect(await membersOf(channel.id)).toContain(asker.user.id);
  });

  it("refuses a wrong token with 403 and leaves the request pending", async () => {
    const { owner, asker, channel, requestId } = await requested();
    expect((await accept(requestId, owner.token, { token: "not-the-token" })).status).toBe(403);
    expect(await status(requestId)).toBe("pending");
    expect(await membersOf(channel.id)).not.toContain(asker.user.id);
  });

  it("refuses the requester and other members even with the right token (403)", async () => {
    const { workspace, asker, channel, requestId, token } = await requested();
    const other = await buildMember(workspace, "member");
    expect((await accept(requestId, asker.token, { token })).status).toBe(403);
    expect((await accept(requestId, other.token, { token })).status).toBe(403);
    expect((await deny(requestId, asker.token)).status).toBe(403);
    expect(await status(requestId)).toBe("pending");
    expect(await membersOf(channel.id)).not.toContain(asker.user.id);
  });

  it("answers 404 to a stranger from another workspace, even with the token, and changes nothing", async () => {
    const { channel, requestId, token, asker } = await requested();
    const { owner: stranger } = await buildWorkspace();
    const strangerToken = await tokenFor(stranger);
    expect((await accept(requestId, strangerToken, { token })).status).toBe(404);
    expect((await deny(requestId, strangerToken)).status).toBe(404);
    expect(await status(requestId)).toBe("pending");
    expect(await membersOf(channel.id)).not.toContain(asker.user.id);
  });

  it("lets an owner deny: the requester stays out and can no longer be accepted", async () => {
    const { owner, asker, channel, requestId, token } = await requested();
    expect((await deny(requestId, owner.token)).status).toBe(204);
    expect(await status(requestId)).toBe("denied");
    expect((await accept(requestId, owner.token, { token })).status).toBe(409);
    expect((await deny(requestId, owner.token)).status).toBe(409);
    expect(await membersOf(channel.id)).not.toContain(asker.user.id);
  });

  it("refuses to accept someone who has since left the workspace (422)", async () => {
    const { workspace, owner, asker, requestId, token } = await requested();
    await db
      .update(memberships)
      .set({ status: "deactivated" })
      .where(and(eq(memberships.workspaceId, workspace.id), eq(memberships.userId, asker.user.id)));
    expect((await accept(requestId, owner.token, { token })).status).toBe(422);
    expect(await status(requestId)).toBe("pending");
  });

  it("answers 400 naming the token when it is missing, and 404 for an unknown request", async () => {
    const { owner, requestId } = await requested();
    const missing = await accept(requestId, owner.token, {});
    expect(missing.status).toBe(400);
    expect((await json(missing)).fields).toHaveProperty(["token"]);
    expect((await accept(99999999, owner.token, { token: "x" })).status).toBe(404);
    expect((await deny(99999999, owner.token)).status).toBe(404);
    expect((await deny(0, owner.token)).status).toBe(400);
  });
});

describe("mounting at the /v1 root", () => {
  it("still answers unknown /v1 paths with 404, not 401", async () => {
    expect((await api("/no-such-thing")).status).toBe(404);
  });
});
