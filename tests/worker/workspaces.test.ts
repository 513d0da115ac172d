import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { memberships, workspaces } from "../../worker/db/schema";
import { addMember, api, buildMember, buildUser, buildWorkspace, db, json, tokenFor } from "../factories";

async function adminOf() {
  const { workspace, owner } = await buildWorkspace();
  return { workspace, owner, token: await tokenFor(owner) };
}

describe("POST /v1/w and GET /v1/w", () => {
  it("creates a workspace with its creator as admin and lists it with the list-entry fields", async () => {
    const user = await buildUser();
    const token = await tokenFor(user);
    const created = await api("/w", {
      method: "POST",
      token,
      body: { company: { name: "Northwind Brands", company_size: "11-50", team_type: "marketing", is_virtual_marketer: true } },
    });
    expect(created.status).toBe(201);
    const { data } = await json(created);
    expect(data).toMatchObject({ name: "Northwind Brands", role: "admin", is_new: true, company_size_enum: "11-50" });
    expect(data.key).toMatch(/^northwind-brands-[a-z0-9]+$/);

    const list = await json(await api("/w", { token }));
    expect(list.data).toHaveLength(1);
    expect(Object.keys(list.data[0])).toEqual(
      expect.arrayContaining([
        "id", "key", "homepage_doc", "paying", "can_start_free_trial", "company_size_enum",
        "github_integration_enabled", "is_new", "profile", "theme", "color_scheme", "app_logo_url",
      ]),
    );
    expect(list.data[0].theme).toEqual({ hue: 243, preset: "indigo", overrides: {} });
  });

  it("refuses a blank name with 400 naming the field and creates nothing", async () => {
    const user = await buildUser();
    const response = await api("/w", { method: "POST", token: await tokenFor(user), body: { company: { name: "  " } } });
    expect(response.status).toBe(400);
    expect((await json(response)).fields).toHaveProperty(["company.name"]);
    expect(await db.select().from(memberships).where(eq(memberships.userId, user.id))).toHaveLength(0);
  });

  it("lists only active memberships of active workspaces", async () => {
    const user = await buildUser();
    const { workspace: active } = await buildWorkspace();
    const { workspace: deactivatedMembership } = await buildWorkspace();
    const { workspace: closed } = await buildWorkspace({ deactivatedAt: new Date() });
    await addMember(active, user);
    await addMember(deactivatedMembership, user, "member", "deactivated");
    await addMember(closed, user);
    const list = await json(await api("/w", { token: await tokenFor(user) }));
    expect(list.data.map((w: { id: number }) => w.id)).toEqual([active.id]);
  });
});

describe("workspace access by header and path", () => {
  it("answers 404 when X-Workspace-Id names a workspace the user is not in, as for one that does not exist (but still answers who am I)", async () => {
    const { workspace } = await buildWorkspace();
    const stranger = await buildUser();
    const token = await tokenFor(stranger);
    const ownCard = `/users/${stranger.id}/card`;
    expect((await api(ownCard, { token })).status).toBe(200);
    const response = await api(ownCard, { token, workspaceId: workspace.id });
    expect(response.status).toBe(404);
    expect((await api("/users/self", { token, workspaceId: workspace.id })).status).toBe(200);
    const viaPath = await api(`/w/${workspace.id}`, { token: await tokenFor(stranger) });
    expect(viaPath.status).toBe(404);
  });

  it("honours x-superadmin-workspace-id only for a super admin and only for that workspace", async () => {
    const { workspace } = await buildWorkspace();
    const { workspace: other } = await buildWorkspace();
    const superAdmin = await buildUser({ isSuperAdmin: true });
    const plain = await buildUser();
    const asSuper = await api(`/w/${workspace.id}/settings/workspace`, {
      token: await tokenFor(superAdmin),
      headers: { "x-superadmin-workspace-id": String(workspace.id) },
    });
    expect(asSuper.status).toBe(200);
    const wrongWorkspace = await api(`/w/${workspace.id}/settings/workspace`, {
      token: await tokenFor(superAdmin),
      headers: { "x-superadmin-workspace-id": String(other.id) },
    });
    expect(wrongWorkspace.status).toBe(404);
    const notSuper = await api(`/w/${workspace.id}/settings/workspace`, {
      token: await tokenFor(plain),
      headers: { "x-superadmin-workspace-id": String(workspace.id) },
    });
    expect(notSuper.status).toBe(404);
  });

  it("answers 404 for a workspace that does not exist and 400 for a non-numeric id", async () => {
    const user = await buildUser();
    const token = await tokenFor(user);
    expect((await api("/w/999999", { token })).status).toBe(404);
    expect((await api("/w/abc", { token })).status).toBe(400);
  });
});

describe("PUT /v1/w/:ws/seen", () => {
  it("clears is_new and reports isFirstView only the first time", async () => {
    const { workspace, token } = await adminOf();
    const first = await json(await api(`/w/${workspace.id}/seen`, { method: "PUT", token }));
    expect(first.data).toMatchObject({ is_new: false, isFirstView: true });
    const second = await json(await api(`/w/${workspace.id}/seen`, { method: "PUT", token }));
    expect(second.data).toMatchObject({ is_new: false, isFirstView: false });
  });
});

describe("workspace settings", () => {
  it("returns every tab with defaults, and version control metadata when asked", async () => {
    const { workspace, token } = await adminOf();
    const { data } = await json(await api(`/w/${workspace.id}/settings/workspace?include=version_control_mode.metadata`, { token }));
    expect(Object.keys(data)).toEqual(
      expect.arrayContaining(["general", "sidebar", "preferences", "branding", "custom_url", "publish", "statuses", "delete"]),
    );
    expect(data.preferences.default_sort).toBe("name_asc");
    expect(data.version_control_mode).toEqual({ mode: "off", metadata: { branches_enabled: false } });
    expect(data.delete).toMatchObject({ member_count: 1, guest_count: 0 });
  });

  it("merges a partial update into each tab and keeps the rest", async () => {
    const { workspace, token } = await adminOf();
    const response = await api(`/w/${workspace.id}/settings/workspace`, {
      method: "PUT",
      token,
      body: {
        general: { name: "Renamed Co" },
        branding: { theme: { hue: 120 }, color_scheme: "dark" },
        statuses: { labels: { draft: "Idea" } },
      },
    });
    expect(response.status).toBe(200);
    const { data } = await json(response);
    expect(data.general.name).toBe("Renamed Co");
    expect(data.branding.theme).toEqual({ hue: 120, preset: "indigo", overrides: {} });
    expect(data.branding.color_scheme).toBe("dark");
    expect(data.statuses.labels).toMatchObject({ draft: "Idea", approved: "Approved" });
    const list = await json(await api("/w", { token }));
    expect(list.data[0]).toMatchObject({ name: "Renamed Co", color_scheme: "dark" });
  });

  it("refuses unknown tabs, unknown fields and bad values with 400 naming them", async () => {
    const { workspace, token } = await adminOf();
    for (const body of [
      { nonsense: {} },
      { branding: { theme: { hue: 400 } } },
      { preferences: { default_sort: "random" } },
      { branding: { app_logo_url: "javascript:alert(1)" } },
    ]) {
      const response = await api(`/w/${workspace.id}/settings/workspace`, { method: "PUT", token, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys((await json(response)).fields).length).toBeGreaterThan(0);
    }
  });

  it("refuses members (403) and strangers (404) and changes nothing", async () => {
    const { workspace } = await adminOf();
    const member = await buildMember(workspace, "member");
    const stranger = await buildUser();
    for (const [token, refused] of [[member.token, 403], [await tokenFor(stranger), 404]] as const) {
      const response = await api(`/w/${workspace.id}/settings/workspace`, { method: "PUT", token, body: { general: { name: "Hijacked" } } });
      expect(response.status).toBe(refused);
    }
    const [row] = await db.select().from(workspaces).where(eq(workspaces.id, workspace.id));
    expect(row!.name).toBe("Acme Marketing");
  });
});

describe("invitation link", () => {
  it("lets a member read the link, and regenerating it kills the old one", async () => {
    const { workspace, token } = await adminOf();
    const member = await buildMember(workspace, "member");
    const link = (await json(await api(`/w/${workspace.id}/invitation_link`, { token: member.token }))).data.url as string;
    expect(link).toMatch(/^https:\/\/app\.test\/join\/.+/);

    const fresh = (await json(await api(`/w/${workspace.id}/regenerate_invitation_token`, { method: "POST", token }))).data.url;
    expect(fresh).not.toBe(link);

    const joiner = await tokenFor(await buildUser());
    const oldToken = link.split("/join/")[1];
    expect((await api(`/w/join/${oldToken}`, { method: "POST", token: joiner })).status).toBe(404);
    const joined = await api(`/w/join/${fresh.split("/join/")[1]}`, { method: "POST", token: joiner });
    expect(joined.status).toBe(200);
    expect((await json(joined)).data).toMatchObject({ id: workspace.id, role: "member" });
  });

  it("stops members from regenerating the link", async () => {
    const { workspace } = await adminOf();
    const member = await buildMember(workspace, "member");
    expect((await api(`/w/${workspace.id}/regenerate_invitation_token`, { method: "POST", token: member.token })).status).toBe(403);
  });
});

describe("DELETE /v1/w/:ws/deactivate", () => {
  it("lets an admin deactivate the workspace, after which it is gone for everyone", async () => {
    const { workspace, token } = await adminOf();
    const member = await buildMember(workspace, "member");
    expect((await api(`/w/${workspace.id}/deactivate`, { method: "DELETE", token: member.token })).status).toBe(403);
    expect((await api(`/w/${workspace.id}/deactivate`, { method: "DELETE", token })).status).toBe(204);
    expect((await api(`/w/${workspace.id}`, { token })).status).toBe(404);
    expect((await json(await api("/w", { token: member.token }))).data).toHaveLength(0);
  });
});
