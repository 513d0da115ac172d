import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { articles, folders } from "../../worker/db/schema";
import { api, buildArticle, buildFolder, buildMember, buildWorkspace, db, grant, json, tokenFor } from "../factories";

async function setup() {
  const { workspace, owner } = await buildWorkspace();
  const member = await buildMember(workspace, "member");
  return { workspace, owner, ownerToken: await tokenFor(owner), member };
}

const createFolder = (workspaceId: number, token: string, folder: Record<string, unknown>) =>
  api(`/w/${workspaceId}/folders`, { method: "POST", token, body: { folder } });

describe("folders", () => {
  it("creates a folder and a subfolder, reachable by id and by slug, with breadcrumbs", async () => {
    const { workspace, member } = await setup();
    const top = (await json(await createFolder(workspace.id, member.token, { name: "Campaigns" }))).data;
    expect(top.slug).toBe(`campaigns-${top.key}`);
    const inner = await createFolder(workspace.id, member.token, { name: "Q3 launch", parent_id: top.id });
    expect(inner.status).toBe(201);
    const { data } = await json(await api(`/folders/${(await json(inner)).data.slug}`, { token: member.token }));
    expect(data.ancestors.map((a: { name: string }) => a.name)).toEqual(["Campaigns"]);
    expect(data.policies["articles.create"]).toBe(true);
  });

  it("lists the folders a member may open, top-level ones shared with the workspace by default", async () => {
    const { workspace, owner, ownerToken, member } = await setup();
    const open = (await json(await createFolder(workspace.id, ownerToken, { name: "Shared" }))).data;
    const closed = (await json(await createFolder(workspace.id, ownerToken, { name: "Private", private: true }))).data;
    const { data } = await json(await api(`/w/${workspace.id}/folders`, { token: member.token }));
    const ids = data.map((f: { id: number }) => f.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(closed.id);
    expect((await api(`/folders/${closed.id}`, { token: member.token })).status).toBe(403);
    void owner;
  });

  it("refuses to move a folder into its own subfolder and changes nothing", async () => {
    const { workspace, member } = await setup();
    const top = await buildFolder(workspace, member.user);
    const child = await buildFolder(workspace, member.user, { parentId: top.id });
    const grandchild = await buildFolder(workspace, member.user, { parentId: child.id });
    const response = await api(`/folders/${top.id}/move`, { method: "PUT", token: member.token, body: { parent_id: grandchild.id } });
    expect(response.status).toBe(400);
    expect((await json(response)).fields).toHaveProperty("parent_id");
    expect((await api(`/folders/${top.id}/move`, { method: "PUT", token: member.token, body: { parent_id: top.id } })).status).toBe(400);
    const [row] = await db.select().from(folders).where(eq(folders.id, top.id));
    expect(row!.parentId).toBeNull();
  });

  it("refuses to move a folder under another workspace's folder", async () => {
    const { workspace, member } = await setup();
    const folder = await buildFolder(workspace, member.user);
    const other = await buildWorkspace();
    const foreign = await buildFolder(other.workspace, other.owner);
    expect((await api(`/folders/${folder.id}/move`, { method: "PUT", token: member.token, body: { parent_id: foreign.id } })).status).toBe(404);
  });

  it("lists a folder's contents in the chosen order", async () => {
    const { workspace, member } = await setup();
    const folder = await buildFolder(workspace, member.user);
    await buildFolder(workspace, member.user, { parentId: folder.id, name: "Sub" });
    for (const title of ["b", "a", "c"]) await buildArticle(workspace, member.user, { folderId: folder.id, title });
    const { data } = await json(await api(`/folders/${folder.id}/contents?sort=name_desc`, { token: member.token }));
    expect(data.articles.map((a: { title: string }) => a.title)).toEqual(["c", "b", "a"]);
    expect(data.folders.map((f: { name: string }) => f.name)).toEqual(["Sub"]);
  });

  it("saves view settings and refuses an unknown view with 400", async () => {
    const { workspace, member } = await setup();
    const folder = await buildFolder(workspace, member.user);
    const ok = await api(`/folders/${folder.id}`, { method: "PUT", token: member.token, body: { folder: { settings: { default_view: "board_view", sort: "owner_desc" } } } });
    expect((await json(ok)).data.settings).toMatchObject({ default_view: "board_view", sort: "owner_desc" });
    const bad = await api(`/folders/${folder.id}`, { method: "PUT", token: member.token, body: { folder: { settings: { default_view: "map_view" } } } });
    expect(bad.status).toBe(400);
  });

  it("archives a folder with its documents, restores exactly those, and deletes forever only once archived", async () => {
    const { workspace, member } = await setup();
    const folder = await buildFolder(workspace, member.user);
    const sub = await buildFolder(workspace, member.user, { parentId: folder.id });
    const inside = await buildArticle(workspace, member.user, { folderId: sub.id });
    const archivedBefore = await buildArticle(workspace, member.user, { folderId: folder.id, archivedAt: new Date(Date.now() - 60_000) });

    expect((await api(`/folders/${folder.id}?permanent=true`, { method: "DELETE", token: member.token })).status).toBe(400);
    await api(`/folders/${folder.id}`, { method: "DELETE", token: member.token });
    const live = await json(await api(`/w/${workspace.id}/articles`, { token: member.token }));
    expect(live.data.map((a: { id: number }) => a.id)).not.toContain(inside.id);

    await api(`/folders/${folder.id}/restore`, { method: "PUT", token: member.token });
    const [restored] = await db.select().from(articles).where(eq(articles.id, inside.id));
    const [stillArchived] = await db.select().from(articles).where(eq(articles.id, archivedBefore.id));
    expect(restored!.archivedAt).toBeNull();
    expect(stillArchived!.archivedAt).not.toBeNull();

    await api(`/folders/${folder.id}/archive`, { method: "PUT", token: member.token });
    expect((await api(`/folders/${folder.id}?permanent=true`, { method: "DELETE", token: member.token })).status).toBe(200);
    expect(await db.select().from(articles).where(eq(articles.id, inside.id))).toHaveLength(0);
    expect(await db.select().from(folders).where(eq(folders.id, sub.id))).toHaveLength(0);
  });

  it("lets a reader open a folder but not rename it", async () => {
    const { workspace, owner, member } = await setup();
    const folder = await buildFolder(workspace, owner);
    await grant({ folder }, "User", "read", { userId: member.user.id });
    expect((await api(`/folders/${folder.id}`, { token: member.token })).status).toBe(200);
    expect((await api(`/folders/${folder.id}`, { method: "PUT", token: member.token, body: { folder: { name: "Mine" } } })).status).toBe(403);
  });
});
