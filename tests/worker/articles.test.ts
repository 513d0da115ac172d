import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { articles, events } from "../../worker/db/schema";
import { api, buildArticle, buildFolder, buildMember, buildWorkspace, db, grant, json, tokenFor } from "../factories";

async function setup() {
  const { workspace, owner } = await buildWorkspace();
  const member = await buildMember(workspace, "member");
  return { workspace, owner, ownerToken: await tokenFor(owner), member };
}

describe("POST /w/:ws/articles", () => {
  it("creates a document from markdown, owned by the creator, with a slug ending in its id", async () => {
    const { workspace, member } = await setup();
    const response = await api(`/w/${workspace.id}/articles`, {
      method: "POST",
      token: member.token,
      body: { article: { title: "Launch plan: Q3!", markdown: "# Goals\n\nShip the **thing**." } },
    });
    expect(response.status).toBe(201);
    const { data } = await json(response);
    expect(data.slug).toBe(`launch-plan-q3-${data.id}`);
    expect(data.owner.id).toBe(member.user.id);
    expect(data.access_level).toBe("owner");
    expect(data.status).toBe("draft");
    expect(data.body.root.children[0].type).toBe("heading");
    const [row] = await db.select().from(articles).where(eq(articles.id, data.id));
    expect(row!.bodyText).toContain("Ship the thing");
  });

  it("shares a new top-level document with the workspace, and a private one with nobody", async () => {
    const { workspace, member, ownerToken } = await setup();
    const shared = await json(await api(`/w/${workspace.id}/articles`, { method: "POST", token: member.token, body: { article: { title: "Open" } } }));
    const hidden = await json(
      await api(`/w/${workspace.id}/articles`, { method: "POST", token: member.token, body: { article: { title: "Mine", private: true } } }),
    );
    expect((await api(`/articles/${shared.data.id}`, { token: ownerToken })).status).toBe(200);
    const blocked = await api(`/articles/${hidden.data.id}`, { token: ownerToken });
    expect(blocked.status).toBe(403);
    expect((await json(blocked)).error).toBe("no_access");
  });

  it("refuses a folder of another workspace with 404 and writes nothing", async () => {
    const { workspace, member } = await setup();
    const other = await buildWorkspace();
    const foreign = await buildFolder(other.workspace, other.owner);
    const before = await db.select().from(articles).where(eq(articles.workspaceId, workspace.id));
    const response = await api(`/w/${workspace.id}/articles`, {
      method: "POST",
      token: member.token,
      body: { article: { title: "Sneaky", folder_id: foreign.id } },
    });
    expect(response.status).toBe(404);
    expect(await db.select().from(articles).where(eq(articles.workspaceId, workspace.id))).toHaveLength(before.length);
  });

  it("answers a bad body with 400 naming the field", async () => {
    const { workspace, member } = await setup();
    const response = await api(`/w/${workspace.id}/articles`, {
      method: "POST",
      token: member.token,
      body: { article: { title: "x".repeat(301), status: "nope" } },
    });
    expect(response.status).toBe(400);
    expect((await json(response)).fields).toHaveProperty(["article.title"]);
  });

  it("stops a guest from creating at the top level", async () => {
    const { workspace } = await setup();
    const guest = await buildMember(workspace, "guest");
    expect((await api(`/w/${workspace.id}/articles`, { method: "POST", token: guest.token, body: { article: {} } })).status).toBe(403);
  });

  it("refuses a stranger to the workspace with 404, as if it did not exist", async () => {
    const { workspace } = await setup();
    const stranger = await buildWorkspace();
    const response = await api(`/w/${workspace.id}/articles`, { method: "POST", token: await tokenFor(stranger.owner), body: { article: {} } });
    expect(response.status).toBe(404);
  });
});

describe("GET /articles/:slug", () => {
  it("resolves an old slug after a rename, by the id at its end", async () => {
    const { workspace, member } = await setup();
    const article = await buildArticle(workspace, member.user, { title: "Old name" });
    await api(`/articles/${article.id}`, { method: "PUT", token: member.token, body: { article: { title: "New name" } } });
    const response = await api(`/articles/old-name-${article.id}`, { token: member.token });
    expect(response.status).toBe(200);
    expect((await json(response)).data.slug).toBe(`new-name-${article.id}`);
  });

  it("asks anonymous visitors to sign in and hides the document from other workspaces", async () => {
    const { workspace, member } = await setup();
    const article = await buildArticle(workspace, member.user);
    expect((await api(`/articles/${article.id}`)).status).toBe(401);
    const stranger = await buildWorkspace();
    expect((await api(`/articles/${article.id}`, { token: await tokenFor(stranger.owner) })).status).toBe(404);
  });

  it("tells the client what the reader may do", async () => {
    const { workspace, owner, member } = await setup();
    const article = await buildArticle(workspace, owner);
    await grant({ article }, "User", "comment", { userId: member.user.id });
    const { data } = await json(await api(`/articles/${article.id}`, { token: member.token }));
    expect(data.access_level).toBe("comment");
    expect(data.policies).toMatchObject({ "articles.read": true, "articles.comment": true, "articles.update": false, "articles.share": false });
  });
});

describe("PUT /articles/:id", () => {
  it("saves the body, records the editor and refuses readers", async () => {
    const { workspace, owner, member } = await setup();
    const article = await buildArticle(workspace, owner);
    await grant({ article }, "User", "edit", { userId: member.user.id });
    const response = await api(`/articles/${article.id}`, { method: "PUT", token: member.token, body: { article: { markdown: "Hello *world*" } } });
    expect(response.status).toBe(200);
    const { data } = await json(response);
    expect(data.last_editor.id).toBe(member.user.id);
    expect(data.edited_at).not.toBeNull();

    const reader = await buildMember(workspace);
    await grant({ article }, "User", "read", { userId: reader.user.id });
    expect((await api(`/articles/${article.id}`, { method: "PUT", token: reader.token, body: { article: { title: "Mine now" } } })).status).toBe(403);
  });

  it("lets only the owner set a password", async () => {
    const { workspace, owner, member } = await setup();
    const article = await buildArticle(workspace, owner);
    await grant({ article }, "User", "edit", { userId: member.user.id });
    expect((await api(`/articles/${article.id}`, { method: "PUT", token: member.token, body: { article: { password: "secret1" } } })).status).toBe(403);
    const ownerToken = await tokenFor(owner);
    expect((await api(`/articles/${article.id}`, { method: "PUT", token: ownerToken, body: { article: { password: "secret1" } } })).status).toBe(200);
  });

  it("refuses an empty change with 400", async () => {
    const { workspace, member } = await setup();
    const article = await buildArticle(workspace, member.user);
    expect((await api(`/articles/${article.id}`, { method: "PUT", token: member.token, body: { article: {} } })).status).toBe(400);
  });
});

describe("archive, restore and delete", () => {
  it("archives with DELETE, lists it under the archive, restores it, then deletes it forever", async () => {
    const { workspace, member } = await setup();
    const article = await buildArticle(workspace, member.user, { title: "To archive" });
    expect((await api(`/articles/${article.id}`, { method: "DELETE", token: member.token })).status).toBe(200);
    const archive = await json(await api(`/w/${workspace.id}/articles?archived=true`, { token: member.token }));
    expect(archive.data.map((a: { id: number }) => a.id)).toContain(article.id);
    const live = await json(await api(`/w/${workspace.id}/articles`, { token: member.token }));
    expect(live.data.map((a: { id: number }) => a.id)).not.toContain(article.id);

    await api(`/articles/${article.id}/restore`, { method: "PUT", token: member.token });
    const restored = await json(await api(`/w/${workspace.id}/articles`, { token: member.token }));
    expect(restored.data.map((a: { id: number }) => a.id)).toContain(article.id);

    expect((await api(`/articles/${article.id}?permanent=true`, { method: "DELETE", token: member.token })).status).toBe(400);
    await api(`/articles/${article.id}/archive`, { method: "PUT", token: member.token });
    expect((await api(`/articles/${article.id}?permanent=true`, { method: "DELETE", token: member.token })).status).toBe(200);
    expect(await db.select().from(articles).where(eq(articles.id, article.id))).toHaveLength(0);
    expect((await api(`/articles/${article.id}`, { token: member.token })).status).toBe(404);
  });

  it("lets an editor archive but only the owner delete forever", async () => {
    const { workspace, owner, member } = await setup();
    const article = await buildArticle(workspace, owner, { archivedAt: new Date() });
    await grant({ article }, "User", "edit", { userId: member.user.id });
    expect((await api(`/articles/${article.id}?permanent=true`, { method: "DELETE", token: member.token })).status).toBe(403);
  });
});

describe("move, duplicate, transfer", () => {
  it("moves into a folder the mover may edit, and not into one they may only read", async () => {
    const { workspace, owner, member } = await setup();
    const article = await buildArticle(workspace, member.user);
    const open = await buildFolder(workspace, owner);
    await grant({ folder: open }, "EveryoneAtWorkspace", "edit");
    const readOnly = await buildFolder(workspace, owner);
    await grant({ folder: readOnly }, "EveryoneAtWorkspace", "read");
    expect((await api(`/articles/${article.id}/move`, { method: "PUT", token: member.token, body: { folder_id: readOnly.id } })).status).toBe(403);
    const moved = await api(`/articles/${article.id}/move`, { method: "PUT", token: member.token, body: { folder_id: open.id } });
    expect((await json(moved)).data.folder_id).toBe(open.id);
  });

  it("duplicates a readable document into a copy the duplicator owns", async () => {
    const { workspace, owner, member } = await setup();
    const article = await buildArticle(workspace, owner, { title: "Brief", text: "Body text" });
    await grant({ article }, "User", "read", { userId: member.user.id });
    const response = await api(`/articles/${article.id}/duplicate`, { method: "POST", token: member.token, body: {} });
    expect(response.status).toBe(201);
    const { data } = await json(response);
    expect(data).toMatchObject({ title: "Brief (copy)", access_level: "owner" });
    expect(data.owner.id).toBe(member.user.id);
  });

  it("transfers ownership to a member; the former owner keeps edit access and an event is recorded", async () => {
    const { workspace, member } = await setup();
    const article = await buildArticle(workspace, member.user);
    const next = await buildMember(workspace);
    const response = await api(`/articles/${article.id}/transfer_ownership`, { method: "PUT", token: member.token, body: { user_id: next.user.id } });
    expect(response.status).toBe(200);
    expect((await json(response)).data.access_level).toBe("edit");
    const [row] = await db.select().from(articles).where(eq(articles.id, article.id));
    expect(row!.ownerId).toBe(next.user.id);
    const recorded = await db.select().from(events).where(eq(events.articleId, article.id));
    expect(recorded.map((event) => event.name)).toContain("articles.transfer_ownership");
  });

  it("refuses to transfer to someone outside the workspace", async () => {
    const { workspace, member } = await setup();
    const article = await buildArticle(workspace, member.user);
    const stranger = await buildWorkspace();
    const response = await api(`/articles/${article.id}/transfer_ownership`, { method: "PUT", token: member.token, body: { user_id: stranger.owner.id } });
    expect(response.status).toBe(404);
  });
});

describe("GET /w/:ws/articles", () => {
  it("lists only readable documents, sorted and paged", async () => {
    const { workspace, owner, member } = await setup();
    for (const title of ["Charlie", "alpha", "Bravo"]) {
      const article = await buildArticle(workspace, owner, { title });
      await grant({ article }, "EveryoneAtWorkspace", "read");
    }
    await buildArticle(workspace, owner, { title: "Secret" });
    const first = await json(await api(`/w/${workspace.id}/articles?per_page=2`, { token: member.token }));
    expect(first.data.map((a: { title: string }) => a.title)).toEqual(["alpha", "Bravo"]);
    expect(first.meta).toMatchObject({ total: 3, has_more: true });
    const second = await json(await api(`/w/${workspace.id}/articles?per_page=2&page=2&sort=name_asc`, { token: member.token }));
    expect(second.data.map((a: { title: string }) => a.title)).toEqual(["Charlie"]);
    const desc = await json(await api(`/w/${workspace.id}/articles?sort=name_desc`, { token: member.token }));
    expect(desc.data[0].title).toBe("Charlie");
  });

  it("names a bad sort in a 400", async () => {
    const { workspace, member } = await setup();
    const response = await api(`/w/${workspace.id}/articles?sort=sideways`, { token: member.token });
    expect(response.status).toBe(400);
    expect((await json(response)).fields).toHaveProperty("sort");
  });
});

describe("GET /articles/:id/markdown", () => {
  it("exports the title and body as markdown", async () => {
    const { workspace, member } = await setup();
    const created = await json(
      await api(`/w/${workspace.id}/articles`, { method: "POST", token: member.token, body: { article: { title: "Notes", markdown: "- one\n- two" } } }),
    );
    const response = await api(`/articles/${created.data.id}/markdown`, { token: member.token });
    expect(response.headers.get("Content-Type")).toContain("text/markdown");
    const text = await response.text();
    expect(text).toMatch(/^# Notes/);
    expect(text).toMatch(/[-*] one\n[-*] two/);
  });
});

describe("GET /articles/:id/pdf", () => {
  it("returns a real PDF to readers and refuses people without access", async () => {
    const { workspace, member, ownerToken } = await setup();
    const created = await json(
      await api(`/w/${workspace.id}/articles`, {
        method: "POST",
        token: member.token,
        body: { article: { title: "Print me", markdown: "# Heading\n\nSome text 🎉 for the page.", private: true } },
      }),
    );
    const response = await api(`/articles/${created.data.id}/pdf`, { token: member.token });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toContain(`print-me-${created.data.id}.pdf`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    expect((await api(`/articles/${created.data.id}/pdf`, { token: ownerToken })).status).toBe(403);
  });
});
