import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { channelMemberships, channels, events, memberships, type User, type Workspace } from "../../worker/db/schema";
import { addMember, api, buildMember, buildUser, buildWorkspace, db, json, tokenFor } from "../factories";

/** A workspace with its admin, a plain member, a guest, and their tokens. */
async function setup() {
  const { workspace, owner: admin } = await buildWorkspace();
  const member = await buildMember(workspace, "member");
  const guest = await buildMember(workspace, "guest");
  return { workspace, admin, adminToken: await tokenFor(admin), member, guest };
}

const membershipOf = async (workspace: Pick<Workspace, "id">, user: Pick<User, "id">) =>
  (await db.select().from(memberships).where(and(eq(memberships.workspaceId, workspace.id), eq(memberships.userId, user.id))))[0];

const strangerToken = async () => (await buildMember((await buildWorkspace()).workspace, "admin")).token;

describe("GET /v1/w/:ws/settings/guests", () => {
  it("lists the workspace's guests, deactivated ones too, and no members", async () => {
    const { workspace, adminToken, guest } = await setup();
    const former = await buildUser();
    await addMember(workspace, former, "guest", "deactivated");
    const response = await api(`/w/${workspace.id}/settings/guests`, { token: adminToken });
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body.data.map((entry: { id: number }) => entry.id).sort()).toEqual([guest.user.id, former.id].sort());
    expect(body.data.find((entry: { id: number }) => entry.id === guest.user.id)).toMatchObject({ role: "guest", guest: true, status: "active" });
    expect(body.policies).toMatchObject({ "guests.manage": true });
  });

  it("pages the guests: per_page respected, page 2 with the rest, totals in meta", async () => {
    const { workspace, adminToken, guest } = await setup();
    const more = [await buildUser(), await buildUser()];
    for (const user of more) await addMember(workspace, user, "guest", "invited");
    const path = `/w/${workspace.id}/settings/guests`;
    const first = await json(await api(`${path}?per_page=2`, { token: adminToken }));
    expect(first.data).toHaveLength(2);
    expect(first.meta).toEqual({ page: 1, per_page: 2, total: 3, has_more: true });
    const second = await json(await api(`${path}?per_page=2&page=2`, { token: adminToken }));
    expect(second.meta).toEqual({ page: 2, per_page: 2, total: 3, has_more: false });
    expect([...first.data, ...second.data].map((entry: { id: number }) => entry.id).sort()).toEqual(
      [guest.user.id, ...more.map((user) => user.id)].sort(),
    );
  });

  it("answers 400 naming per_page when it is 0 or over 100", async () => {
    const { workspace, adminToken } = await setup();
    for (const perPage of ["0", "101"]) {
      const response = await api(`/w/${workspace.id}/settings/guests?per_page=${perPage}`, { token: adminToken });
      expect(response.status).toBe(400);
      expect(Object.keys((await json(response)).fields)).toEqual(["per_page"]);
    }
  });

  it("lets a plain member see guests, but not a guest (403) or a stranger (404)", async () => {
    const { workspace, member, guest } = await setup();
    expect((await api(`/w/${workspace.id}/settings/guests`, { token: member.token })).status).toBe(200);
    expect((await api(`/w/${workspace.id}/settings/guests`, { token: guest.token })).status).toBe(403);
    expect((await api(`/w/${workspace.id}/settings/guests`, { token: await strangerToken() })).status).toBe(404);
  });
});

describe("PUT /v1/w/:ws/settings/guests/:id/upgrade_to_member", () => {
  it("makes a guest a member and records it", async () => {
    const { workspace, admin, adminToken, guest } = await setup();
    const response = await api(`/w/${workspace.id}/settings/guests/${guest.user.id}/upgrade_to_member`, { method: "PUT", token: adminToken });
    expect(response.status).toBe(200);
    expect((await json(response)).data).toMatchObject({ id: guest.user.id, role: "member", guest: false });
    expect((await membershipOf(workspace, guest.user))!.role).toBe("member");
    const [event] = await db
      .select()
      .from(events)
      .where(and(eq(events.name, "guests.upgraded_to_member"), eq(events.userId, guest.user.id)));
    expect(event).toMatchObject({ actorId: admin.id, workspaceId: workspace.id });
  });

  it("answers 404 for someone who is not a guest here, including another workspace's guest", async () => {
    const { workspace, adminToken, member } = await setup();
    const outsider = await buildMember((await buildWorkspace()).workspace, "guest");
    for (const id of [member.user.id, outsider.user.id]) {
      const response = await api(`/w/${workspace.id}/settings/guests/${id}/upgrade_to_member`, { method: "PUT", token: adminToken });
      expect(response.status).toBe(404);
    }
    expect((await membershipOf(workspace, member.user))!.role).toBe("member");
  });

  it("answers 403 to a plain member and 404 to a stranger, and the guest stays a guest", async () => {
    const { workspace, member, guest } = await setup();
    for (const [token, refused] of [[member.token, 403], [await strangerToken(), 404]] as const) {
      const response = await api(`/w/${workspace.id}/settings/guests/${guest.user.id}/upgrade_to_member`, { method: "PUT", token });
      expect(response.status).toBe(refused);
    }
    expect((await membershipOf(workspace, guest.user))!.role).toBe("guest");
  });

  it("answers 400 naming the id when it is not a number", async () => {
    const { workspace, adminToken } = await setup();
    const response = await api(`/w/${workspace.id}/settings/guests/abc/upgrade_to_member`, { method: "PUT", token: adminToken });
    expect(response.status).toBe(400);
    expect((await json(response)).fields).toHaveProperty("id");
  });
});

describe("DELETE /v1/w/:ws/settings/guests/:id/remove_from_workspace", () => {
  const remove = (workspace: Workspace, id: number, token: string, removalType?: string) =>
    api(`/w/${workspace.id}/settings/guests/${id}/remove_from_workspace${removalType ? `?removal_type=${removalType}` : ""}`, {
      method: "DELETE",
      token,
    });

  it("remove_access takes the guest out of the workspace and its groups; they lose access", async () => {
    const { workspace, admin, adminToken, guest } = await setup();
    const [group] = await db
      .insert(channels)
      .values({ workspaceId: workspace.id, name: "Partners", visibility: "shared", createdById: admin.id })
      .returning();
    await db.insert(channelMemberships).values({ channelId: group!.id, userId: guest.user.id });
    expect((await remove(workspace, guest.user.id, adminToken, "remove_access")).status).toBe(204);
    expect(await membershipOf(workspace, guest.user)).toBeUndefined();
    expect(await db.select().from(channelMemberships).where(eq(channelMemberships.userId, guest.user.id))).toHaveLength(0);
    expect((await api(`/w/${workspace.id}`, { token: guest.token })).status).toBe(404);
  });

  it("deactivate keeps the guest's membership, deactivated, so it can be undone", async () => {
    const { workspace, adminToken, guest } = await setup();
    expect((await remove(workspace, guest.user.id, adminToken, "deactivate")).status).toBe(204);
    const membership = (await membershipOf(workspace, guest.user))!;
    expect(membership).toMatchObject({ status: "deactivated", role: "guest" });
    expect((await api(`/w/${workspace.id}`, { token: guest.token })).status).toBe(404);
    const back = await api(`/w/${workspace.id}/settings/members/${guest.user.id}/reactivate`, {
      method: "PUT",
      token: adminToken,
      body: { admin: false },
    });
    expect(back.status).toBe(200);
  });

  it("answers 400 naming removal_type when it is missing or unknown, and removes nobody", async () => {
    const { workspace, adminToken, guest } = await setup();
    for (const removalType of [undefined, "purge"]) {
      const response = await remove(workspace, guest.user.id, adminToken, removalType);
      expect(response.status).toBe(400);
      expect((await json(response)).fields).toHaveProperty("removal_type");
    }
    expect((await membershipOf(workspace, guest.user))!.status).toBe("active");
  });

  it("answers 403 to a plain member, 404 to a stranger and for a member who is not a guest", async () => {
    const { workspace, adminToken, member, guest } = await setup();
    for (const [token, refused] of [[member.token, 403], [await strangerToken(), 404]] as const) {
      expect((await remove(workspace, guest.user.id, token, "remove_access")).status).toBe(refused);
    }
    expect((await remove(workspace, member.user.id, adminToken, "remove_access")).status).toBe(404);
    expect(await membershipOf(workspace, guest.user)).toBeDefined();
    expect(await membershipOf(workspace, member.user)).toBeDefined();
  });
});

describe("GET /v1/w/:ws/settings/guests/:id/unmerged_branches", () => {
  it("answers an empty list until branches exist", async () => {
    const { workspace, adminToken, guest } = await setup();
    const response = await api(`/w/${workspace.id}/settings/guests/${guest.user.id}/unmerged_branches`, { token: adminToken });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: [] });
  });

  it("answers 404 for someone who is not a guest here and to a stranger, 403 to a guest", async () => {
    const { workspace, adminToken, member, guest } = await setup();
    expect((await api(`/w/${workspace.id}/settings/guests/${member.user.id}/unmerged_branches`, { token: adminToken })).status).toBe(404);
    for (const [token, refused] of [[guest.token, 403], [await strangerToken(), 404]] as const) {
      expect((await api(`/w/${workspace.id}/settings/guests/${guest.user.id}/unmerged_branches`, { token })).status).toBe(refused);
    }
  });
});
