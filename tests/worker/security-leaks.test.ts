import { exports } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { channelMemberships, channels, memberships, type User, type Workspace } from "../../worker/db/schema";
import { api, buildArticle, buildFolder, buildMember, buildWorkspace, db, grant, json, tokenFor } from "../factories";

async function buildChannel(workspace: Pick<Workspace, "id">, owner: Pick<User, "id">, visibility: "private" | "public" | "closed") {
  const [channel] = await db.insert(channels).values({ workspaceId: workspace.id, name: `Group ${crypto.randomUUID()}`, visibility, createdById: owner.id }).returning();
  await db.insert(channelMemberships).values({ channelId: channel!.id, userId: owner.id, role: "owner" });
  return channel!;
}

describe("strangers learn nothing", () => {
  it("POST /channels/:id/join on a private group answers 404 like GET /channels/:id, to members outside it and strangers alike", async () => {
    const { workspace, owner } = await buildWorkspace();
    const hidden = await buildChannel(workspace, owner, "private");
    const member = await buildMember(workspace);
    const stranger = await tokenFor((await buildWorkspace()).owner);
    for (const token of [member.token, stranger]) {
      const seen = await api(`/channels/${hidden.id}`, { token });
      const joined = await api(`/channels/${hidden.id}/join`, { method: "POST", token, body: { user_id: member.user.id } });
      expect(seen.status).toBe(404);
      expect(joined.status).toBe(404);
      expect((await json(joined)).message).toBe((await json(seen)).message);
    }
  });

  it("answers a user from another workspace 404 on every resource family, never 403 'not a member of this workspace'", async () => {
    const { workspace, owner } = await buildWorkspace();
    const ownerToken = await tokenFor(owner);
    const group = await buildChannel(workspace, owner, "public");
    const closed = await buildChannel(workspace, owner, "closed");
    const doc = await buildArticle(workspace, owner);
    const template = await buildArticle(workspace, owner, { kind: "template" });
    const folder = await buildFolder(workspace, owner);
    const kit = (await json(await api(`/w/${workspace.id}/brand_kits`, { method: "POST", token: ownerToken, body: { name: "Acme" } }))).data;
    const binder = (await json(await api(`/w/${workspace.id}/template_binders`, { method: "POST", token: ownerToken, body: { name: "Onboarding" } }))).data;
    const handbook = (await json(await api(`/w/${workspace.id}/handbooks`, { method: "POST", token: ownerToken, body: { title: "Team handbook" } }))).data;
    const property = (await json(await api(`/folders/${folder.id}/properties`, { method: "POST", token: ownerToken, body: { property: { name: "Due", type: "date" } } }))).data;
    const campaign = (
      await json(
        await api(`/w/${workspace.id}/campaigns`, {
          method: "POST",
          token: ownerToken,
          body: { name: "Launch", brief: "A spring launch for the new roast, for offices.", goal: "Orders", starts_on: "2026-03-01", ends_on: "2026-03-05", strategy: "CrosspostStrategy", channels: ["linkedin"] },
        }),
      )
    ).data;
    const stranger = await tokenFor((await buildWorkspace()).owner);
    const calls: [string, string, unknown?][] = [
      ["GET", `/handbooks/${handbook.key}`],
      ["PUT", `/properties/${property.id}`, { property: { name: "Renamed" } }],
      ["GET", `/campaigns/${campaign.id}`],
      ["GET", `/channels/${group.id}`],
      ["GET", `/channels/${group.id}/all_articles`],
      ["DELETE", `/channels/${group.id}`],
      ["POST", `/channels/${group.id}/join`, { user_id: 1 }],
      ["POST", `/channels/${closed.id}/join`, { user_id: 1 }],
      ["GET", `/articles/${doc.id}`],
      ["GET", `/folders/${folder.id}`],
      ["GET", `/templates/${template.id}`],
      ["GET", `/brand_kits/${kit.id}`],
      ["GET", `/template_binders/${binder.id}`],
      // Everything under /w/:ws answers a stranger as it answers a workspace that does not exist.
      ["GET", `/w/${workspace.id}`],
      ["GET", `/w/${workspace.id}/articles`],
      ["POST", `/w/${workspace.id}/articles`, { article: { title: "Planted" } }],
      ["GET", `/w/${workspace.id}/channels`],
      ["GET", `/w/${workspace.id}/members`],
      ["GET", `/w/${workspace.id}/settings/members`],
      ["PUT", `/w/${workspace.id}/settings/workspace`, { general: { name: "Hijacked" } }],
      ["GET", `/w/${workspace.id}/search?q=anything`],
      ["GET", `/w/${workspace.id}/uploads`],
      ["GET", `/w/${workspace.id}/templates`],
      ["GET", `/w/${workspace.id}/handbooks`],
      ["GET", `/w/${workspace.id}/brand_kits`],
      ["GET", `/w/${workspace.id}/shared_with_me`],
      ["GET", `/w/${workspace.id}/favorites`],
    ];
    const missing = await api(`/w/999999999/articles`, { token: stranger });
    expect(missing.status).toBe(404);
    const nowhere = (await json(missing)).message;
    for (const [method, path, body] of calls) {
      const response = await api(path, { method, token: stranger, body });
      expect(response.status, `${method} ${path}`).toBe(404);
      const { message } = await json(response);
      expect(message, `${method} ${path}`).not.toMatch(/not a member/i);
      // A workspace route tells the stranger exactly what it tells about no workspace at all.
      if (path.startsWith("/w/")) expect(message, `${method} ${path}`).toBe(nowhere);
    }
    // Naming the workspace in X-Workspace-Id is the same as naming it in the path.
    const viaHeader = await api(`/users/${owner.id}/card`, { token: stranger, workspaceId: workspace.id });
    expect(viaHeader.status).toBe(404);
    expect((await json(viaHeader)).message).toBe(nowhere);
  });

  it("GET /imports/:key answers 404 to its starter once they have left the workspace, as to anyone else", async () => {
    const { workspace } = await buildWorkspace();
    const starter = await buildMember(workspace);
    const form = new FormData();
    form.append("files", new File(["# Notes\n\nHello"], "notes.md", { type: "text/markdown" }));
    const started = await exports.default.fetch(`https://app.test/v1/w/${workspace.id}/imports`, { method: "POST", headers: { Authorization: `Bearer ${starter.token}` }, body: form });
    expect(started.status).toBe(202);
    const { key } = (await json(started)).data;
    const stranger = await tokenFor((await buildWorkspace()).owner);
    const unknown = await api(`/imports/${key}`, { token: stranger });
    expect(unknown.status).toBe(404);
    await db.delete(memberships).where(and(eq(memberships.workspaceId, workspace.id), eq(memberships.userId, starter.user.id)));
    const left = await api(`/imports/${key}`, { token: starter.token });
    expect(left.status).toBe(404);
    expect((await json(left)).message).toBe((await json(unknown)).message);
  });
});

describe("folder settings name real properties", () => {
  async function folderWithProperties() {
    const { workspace, owner } = await buildWorkspace();
    const token = await tokenFor(owner);
    const folder = await buildFolder(workspace, owner);
    const make = async (name: string, type: string, options?: string[]) =>
      (await json(await api(`/folders/${folder.id}/properties`, { method: "POST", token, body: { property: { name, type, options } } }))).data.id as number;
    const stage = await make("Stage", "select", ["Draft", "Done"]);
    const due = await make("Due", "date");
    const other = await buildFolder(workspace, owner);
    const elsewhere = (await json(await api(`/folders/${other.id}/properties`, { method: "POST", token, body: { property: { name: "Lane", type: "select", options: ["A"] } } }))).data.id as number;
    const put = (settings: Record<string, unknown>) => api(`/folders/${folder.id}`, { method: "PUT", token, body: { folder: { settings } } });
    return { stage, due, elsewhere, put };
  }

  it("refuses board_group_by naming a date property, another folder's property or an unknown id, with 400 naming the field", async () => {
    const { due, elsewhere, put } = await folderWithProperties();
    for (const id of [due, elsewhere, 99_999_999]) {
      const response = await put({ board_group_by: id });
      expect(response.status).toBe(400);
      expect(Object.keys((await json(response)).fields)).toEqual(["folder.settings.board_group_by"]);
    }
  });

  it("refuses calendar_date naming a select property or an unknown id, with 400 naming the field", async () => {
    const { stage, put } = await folderWithProperties();
    for (const id of [stage, 99_999_999]) {
      const response = await put({ calendar_date: id });
      expect(response.status).toBe(400);
      expect(Object.keys((await json(response)).fields)).toEqual(["folder.settings.calendar_date"]);
    }
  });

  it("accepts a select property for the board and a date property for the calendar", async () => {
    const { stage, due, put } = await folderWithProperties();
    const response = await put({ board_group_by: stage, calendar_date: due });
    expect(response.status).toBe(200);
    expect((await json(response)).data.settings).toMatchObject({ board_group_by: stage, calendar_date: due });
    expect((await put({ board_group_by: "status", calendar_date: "updated_at" })).status).toBe(200);
  });
});

describe("folder lists count what is inside", () => {
  it("GET /w/:ws/folders and folder contents give article_count and folder_count: live documents and subfolders directly inside", async () => {
    const { workspace, owner } = await buildWorkspace();
    const member = await buildMember(workspace);
    const parent = await buildFolder(workspace, owner);
    await grant({ folder: parent }, "EveryoneAtWorkspace", "read");
    await buildArticle(workspace, owner, { folderId: parent.id });
    await buildArticle(workspace, owner, { folderId: parent.id });
    await buildArticle(workspace, owner, { folderId: parent.id, archivedAt: new Date() });
    await buildFolder(workspace, owner, { parentId: parent.id });
    const empty = await buildFolder(workspace, owner, { parentId: parent.id });
    const mine = await buildFolder(workspace, member.user, { parentId: parent.id });
    await buildArticle(workspace, member.user, { folderId: mine.id });
    // Somewhere the member can't open: it is never counted for them.
    const hidden = await buildFolder(workspace, owner);
    await buildArticle(workspace, owner, { folderId: hidden.id });

    const ownerList = (await json(await api(`/w/${workspace.id}/folders`, { token: await tokenFor(owner) }))).data;
    expect(ownerList.find((row: { id: number }) => row.id === parent.id)).toMatchObject({ article_count: 2, folder_count: 3 });
    expect(ownerList.find((row: { id: number }) => row.id === hidden.id)).toMatchObject({ article_count: 1, folder_count: 0 });
    expect(ownerList.find((row: { id: number }) => row.id === empty.id)).toMatchObject({ article_count: 0, folder_count: 0 });

    const memberList = (await json(await api(`/w/${workspace.id}/folders`, { token: member.token }))).data;
    expect(memberList.find((row: { id: number }) => row.id === parent.id)).toMatchObject({ article_count: 2, folder_count: 3 });
    expect(memberList.find((row: { id: number }) => row.id === mine.id)).toMatchObject({ article_count: 1, folder_count: 0 });
    expect(memberList.find((row: { id: number }) => row.id === hidden.id)).toBeUndefined();

    const contents = (await json(await api(`/folders/${parent.id}/contents`, { token: member.token }))).data;
    expect(contents.folders.find((row: { id: number }) => row.id === mine.id)).toMatchObject({ article_count: 1, folder_count: 0 });
  });
});
