import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { articleContributors, channelMemberships, channels } from "../../worker/db/schema";
import { articleRankSql, readableArticlesSql, readableFoldersSql, type Viewer } from "../../worker/services/access";
import { api, buildArticle, buildFolder, buildMember, buildWorkspace, db, grant, json, tokenFor } from "../factories";

async function setup() {
  const { workspace, owner } = await buildWorkspace();
  const member = await buildMember(workspace, "member");
  const guest = await buildMember(workspace, "guest");
  const article = await buildArticle(workspace, owner);
  return { workspace, owner, member, guest, article };
}

const levelOf = async (id: number, token?: string, headers: Record<string, string> = {}) => {
  const response = await api(`/articles/${id}`, { token, headers });
  return response.status === 200 ? (await json(response)).data.access_level : response.status;
};

describe("access levels by grant target", () => {
  it("User: exactly that person", async () => {
    const { article, member, guest } = await setup();
    await grant({ article }, "User", "comment", { userId: member.user.id });
    expect(await levelOf(article.id, member.token)).toBe("comment");
    expect(await levelOf(article.id, guest.token)).toBe(403);
  });

  it("Channel: members of the group", async () => {
    const { workspace, owner, article, member, guest } = await setup();
    const [group] = await db.insert(channels).values({ workspaceId: workspace.id, name: "Writers", createdById: owner.id }).returning();
    await db.insert(channelMemberships).values({ channelId: group!.id, userId: member.user.id });
    await grant({ article }, "Channel", "edit", { channelId: group!.id });
    expect(await levelOf(article.id, member.token)).toBe("edit");
    expect(await levelOf(article.id, guest.token)).toBe(403);
  });

  it("EveryoneAtWorkspace: members and admins, not guests", async () => {
    const { article, member, guest } = await setup();
    await grant({ article }, "EveryoneAtWorkspace", "read");
    expect(await levelOf(article.id, member.token)).toBe("read");
    expect(await levelOf(article.id, guest.token)).toBe(403);
  });

  it("Company: everyone in the workspace, guests included", async () => {
    const { article, guest } = await setup();
    await grant({ article }, "Company", "comment");
    expect(await levelOf(article.id, guest.token)).toBe("comment");
  });

  it("AccessMemberGroup: everyone holding a workspace role", async () => {
    const { workspace, article, member, guest } = await setup();
    await grant({ article }, "AccessMemberGroup", "edit", { role: "guest" });
    expect(await levelOf(article.id, guest.token)).toBe("edit");
    expect(await levelOf(article.id, member.token)).toBe(403);
    const admin = await buildMember(workspace, "admin");
    expect(await levelOf(article.id, admin.token)).toBe(403);
  });

  it("LayerEditors: people who have edited the document", async () => {
    const { article, member, guest } = await setup();
    await db.insert(articleContributors).values({ articleId: article.id, userId: member.user.id, lastEditedAt: new Date() });
    await grant({ article }, "LayerEditors", "edit");
    expect(await levelOf(article.id, member.token)).toBe("edit");
    expect(await levelOf(article.id, guest.token)).toBe(403);
  });

  it("UnauthUser: anyone with the link, signed out or from elsewhere, never above comment", async () => {
    const { article } = await setup();
    await grant({ article }, "UnauthUser", "edit");
    expect(await levelOf(article.id)).toBe("comment");
    const stranger = await buildWorkspace();
    expect(await levelOf(article.id, await tokenFor(stranger.owner))).toBe("comment");
    expect((await api(`/articles/${article.id}`, { method: "PUT", body: { article: { title: "x" } } })).status).toBe(401);
  });

  it("Email: nobody until the invitee joins (the grant then names them)", async () => {
    const { article, member } = await setup();
    await grant({ article }, "Email", "edit", { email: "someone-new@example.com" });
    expect(await levelOf(article.id, member.token)).toBe(403);
  });

  it("takes the best of several grants", async () => {
    const { article, member } = await setup();
    await grant({ article }, "EveryoneAtWorkspace", "read");
    await grant({ article }, "User", "edit", { userId: member.user.id });
    expect(await levelOf(article.id, member.token)).toBe("edit");
  });
});

describe("folder inheritance", () => {
  it("flows a folder's grant to documents in it and in its subfolders", async () => {
    const { workspace, owner, member } = await setup();
    const top = await buildFolder(workspace, owner);
    const inner = await buildFolder(workspace, owner, { parentId: top.id });
    const deep = await buildArticle(workspace, owner, { folderId: inner.id });
    expect(await levelOf(deep.id, member.token)).toBe(403);
    await grant({ folder: top }, "User", "comment", { userId: member.user.id });
    expect(await levelOf(deep.id, member.token)).toBe("comment");
    const listed = await json(await api(`/w/${workspace.id}/articles?folder_id=${inner.id}`, { token: member.token }));
    expect(listed.data.map((a: { id: number }) => a.id)).toEqual([deep.id]);
  });

  it("makes a folder's owner the owner of everything inside", async () => {
    const { workspace, owner, member } = await setup();
    const folder = await buildFolder(workspace, member.user);
    const article = await buildArticle(workspace, owner, { folderId: folder.id });
    expect(await levelOf(article.id, member.token)).toBe("owner");
  });
});

describe("password protection", () => {
  it("asks for the password with a code, refuses a wrong one, accepts the right one; owners are never asked", async () => {
    const { workspace, owner, member } = await setup();
    const ownerToken = await tokenFor(owner);
    const article = await buildArticle(workspace, owner);
    await grant({ article }, "EveryoneAtWorkspace", "read");
    await api(`/articles/${article.id}`, { method: "PUT", token: ownerToken, body: { article: { password: "opensesame" } } });

    const missing = await api(`/articles/${article.id}`, { token: member.token });
    expect(missing.status).toBe(403);
    expect((await json(missing)).error).toBe("password_required");
    const wrong = await api(`/articles/${article.id}`, { token: member.token, headers: { "X-Article-Password": "nope" } });
    expect((await json(wrong)).error).toBe("password_invalid");
    expect(await levelOf(article.id, member.token, { "X-Article-Password": "opensesame" })).toBe("read");
    expect(await levelOf(article.id, ownerToken)).toBe("owner");
  });

  it("guards every document in a protected folder", async () => {
    const { workspace, owner, member } = await setup();
    const folder = await buildFolder(workspace, owner);
    await grant({ folder }, "EveryoneAtWorkspace", "read");
    await api(`/folders/${folder.id}`, { method: "PUT", token: await tokenFor(owner), body: { folder: { password: "folderpass" } } });
    const article = await buildArticle(workspace, owner, { folderId: folder.id });
    expect((await json(await api(`/articles/${article.id}`, { token: member.token }))).error).toBe("password_required");
    expect(await levelOf(article.id, member.token, { "X-Article-Password": "folderpass" })).toBe("read");
  });

  it("throttles repeated wrong passwords with 429", async () => {
    const { workspace, owner, member } = await setup();
    const article = await buildArticle(workspace, owner);
    await grant({ article }, "EveryoneAtWorkspace", "read");
    await api(`/articles/${article.id}`, { method: "PUT", token: await tokenFor(owner), body: { article: { password: "opensesame" } } });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await api(`/articles/${article.id}`, { token: member.token, headers: { "X-Article-Password": `guess${i}` } })).status);
    }
    expect(statuses).toContain(429);
  });
});

describe("access worked out one article at a time (search)", () => {
  /** Every article of the workspace with a rank, both ways: the readable set lists use, and per row. */
  const ranksBothWays = async (viewer: Viewer) => {
    const fromSet = await db.all<{ id: number; rank: number }>(sql`
      SELECT r.article_id AS id, r.rank AS rank FROM (${readableArticlesSql(viewer)}) r
      JOIN articles a ON a.id = r.article_id WHERE a.workspace_id = ${viewer.workspaceId} ORDER BY id`);
    const perRow = await db.all<{ id: number; rank: number }>(sql`
      WITH rf AS (${readableFoldersSql(viewer)})
      SELECT * FROM (
        SELECT a.id AS id, ${articleRankSql(viewer, sql`rf.rank`)} AS rank
        FROM articles a LEFT JOIN rf ON rf.folder_id = a.folder_id WHERE a.workspace_id = ${viewer.workspaceId}
      ) WHERE rank > 0 ORDER BY id`);
    return { fromSet, perRow };
  };

  it("gives every document the level the readable set gives it, for every kind of grant and viewer", async () => {
    const { workspace, owner, member, guest } = await setup();
    const admin = await buildMember(workspace, "admin");
    const [group] = await db.insert(channels).values({ workspaceId: workspace.id, name: "Writers", createdById: owner.id }).returning();
    await db.insert(channelMemberships).values({ channelId: group!.id, userId: member.user.id });
    const top = await buildFolder(workspace, owner);
    const inner = await buildFolder(workspace, owner, { parentId: top.id });
    const membersOwn = await buildFolder(workspace, member.user, { parentId: top.id });
    await grant({ folder: top }, "User", "comment", { userId: guest.user.id });
    await grant({ folder: inner }, "EveryoneAtWorkspace", "edit");
    await buildArticle(workspace, owner, { folderId: inner.id });
    await buildArticle(workspace, owner, { folderId: membersOwn.id });
    await buildArticle(workspace, member.user);
    const grants: [Parameters<typeof grant>[1], Parameters<typeof grant>[2], Parameters<typeof grant>[3]][] = [
      ["User", "edit", { userId: member.user.id }],
      ["Channel", "comment", { channelId: group!.id }],
      ["EveryoneAtWorkspace", "read", {}],
      ["Company", "comment", {}],
      ["AccessMemberGroup", "edit", { role: "guest" }],
      ["LayerEditors", "edit", {}],
      ["UnauthUser", "edit", {}],
      ["Email", "edit", { email: "someone-new@example.com" }],
    ];
    for (const [target, level, who] of grants) {
      const article = await buildArticle(workspace, owner, { folderId: target === "Company" ? top.id : null });
      await grant({ article }, target, level, who);
      if (target === "LayerEditors") await db.insert(articleContributors).values({ articleId: article.id, userId: guest.user.id, lastEditedAt: new Date() });
    }

    const viewers: Viewer[] = [
      { userId: owner.id, workspaceId: workspace.id, role: "admin" },
      { userId: admin.user.id, workspaceId: workspace.id, role: "admin" },
      { userId: member.user.id, workspaceId: workspace.id, role: "member" },
      { userId: guest.user.id, workspaceId: workspace.id, role: "guest" },
      { userId: null, workspaceId: workspace.id, role: null },
    ];
    for (const viewer of viewers) {
      const { fromSet, perRow } = await ranksBothWays(viewer);
      expect(fromSet.length).toBeGreaterThan(0);
      expect([viewer, perRow]).toEqual([viewer, fromSet]);
    }
  });
});
