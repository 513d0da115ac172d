import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ApiScope } from "../../core/contracts/api-keys";
import { createWorkspaceKey, revokeKey } from "../../worker/services/api-keys/keys";
import { api, buildArticle, buildFolder, buildMember, buildWorkspace, db, json } from "../factories";

// The documents side of the public API, called the way a script does: with a workspace key,
// which acts as its own user (no membership row) with the member role.

async function workspaceWithKey(scopes: ApiScope[] = ["read", "write"]) {
  const { workspace, owner } = await buildWorkspace();
  const { key, token } = await createWorkspaceKey(db, workspace.id, owner, { name: "Zapier", scopes });
  return { workspace, owner, key, token };
}

const createDocument = (token: string, workspaceId: number, article: Record<string, unknown>) =>
  api(`/w/${workspaceId}/articles`, { method: "POST", token, body: { article } });

/** Every title of a list read page by page with `cursor`, and the number of pages. */
async function readAllPages(token: string, path: string, onPage: (page: number) => Promise<void> = async () => {}) {
  const titles: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const query = new URLSearchParams({ limit: "2", ...(cursor ? { cursor } : {}) });
    const response = await api(`${path}${path.includes("?") ? "&" : "?"}${query}`, { token });
    expect(response.status, await response.clone().text()).toBe(200);
    const body = await json(response);
    titles.push(...body.data.map((row: { title?: string; name?: string }) => row.title ?? row.name));
    cursor = body.meta.next_cursor;
    pages += 1;
    await onPage(pages);
  } while (cursor);
  return { titles, pages };
}

describe("documents with a workspace key", () => {
  it("creates a document from Markdown, owned by the key and readable by the workspace's members", async () => {
    const { workspace, token, key } = await workspaceWithKey();
    const created = await createDocument(token, workspace.id, { title: "Spring menu", markdown: "# Spring\n\nThree new **dishes**." });
    expect(created.status, await created.clone().text()).toBe(201);
    const document = (await json(created)).data;
    expect(document).toMatchObject({ title: "Spring menu", workspace_id: workspace.id, access_level: "owner", owner: { name: "Zapier (API key)" } });

    const read = await api(`/articles/${document.id}`, { token });
    expect(read.status).toBe(200);
    expect((await json(read)).data.excerpt).toContain("Three new dishes");

    const markdown = await api(`/articles/${document.id}/markdown`, { token });
    expect(markdown.headers.get("Content-Type")).toContain("text/markdown");
    expect(await markdown.text()).toContain("Three new **dishes**");

    // A member opens and edits it as they would a colleague's document.
    const member = await buildMember(workspace, "member");
    const asMember = await api(`/articles/${document.id}`, { token: member.token });
    expect(asMember.status).toBe(200);
    expect((await json(asMember)).data.access_level).toBe("edit");
    const listed = await json(await api(`/w/${workspace.id}/articles`, { token: member.token }));
    expect(listed.data.map((row: { id: number }) => row.id)).toContain(document.id);
    expect(key.userId).toBe(document.owner_id);
  });

  it("updates, moves, duplicates, archives, restores and deletes through the key", async () => {
    const { workspace, token } = await workspaceWithKey(["read", "write"]);
    const document = (await json(await createDocument(token, workspace.id, { title: "Draft", markdown: "Hello" }))).data;
    const folder = (await json(await api(`/w/${workspace.id}/folders`, { method: "POST", token, body: { folder: { name: "Campaigns" } } }))).data;
    expect(folder.name).toBe("Campaigns");

    const updated = await api(`/articles/${document.id}`, { method: "PUT", token, body: { article: { title: "Final", status: "in_review" } } });
    expect((await json(updated)).data).toMatchObject({ title: "Final", status: "in_review" });
    const moved = await api(`/articles/${document.id}/move`, { method: "PUT", token, body: { folder_id: folder.id } });
    expect((await json(moved)).data.folder_id).toBe(folder.id);
    const contents = await json(await api(`/folders/${folder.id}/contents`, { token }));
    expect(contents.data.articles.map((row: { id: number }) => row.id)).toEqual([document.id]);
    const copy = await api(`/articles/${document.id}/duplicate`, { method: "POST", token, body: {} });
    expect(copy.status).toBe(201);
    expect((await json(copy)).data.title).toBe("Final (copy)");

    expect((await json(await api(`/articles/${document.id}/archive`, { method: "PUT", token }))).data.archived_at).not.toBeNull();
    expect((await json(await api(`/articles/${document.id}/restore`, { method: "PUT", token }))).data.archived_at).toBeNull();
    expect((await json(await api(`/articles/${document.id}`, { method: "DELETE", token }))).data.archived_at).not.toBeNull();
    // The key owns what it created, so it may delete it for good once archived.
    const gone = await api(`/articles/${document.id}?permanent=true`, { method: "DELETE", token });
    expect(await json(gone)).toEqual({ data: { id: document.id, deleted: true } });
    expect((await api(`/articles/${document.id}`, { token })).status).toBe(404);
  });

  it("pages the documents list by cursor: no row repeated or skipped, even when one is added between pages", async () => {
    const { workspace, token } = await workspaceWithKey();
    for (const title of ["Alpha", "Bravo", "Charlie", "Delta", "Echo"]) {
      expect((await createDocument(token, workspace.id, { title })).status).toBe(201);
    }
    const { titles, pages } = await readAllPages(token, `/w/${workspace.id}/articles?sort=name_asc`, async (page) => {
      // Added after the first page: one sorts before the cursor (never shown), one after (shown once).
      if (page === 1) {
        await createDocument(token, workspace.id, { title: "Aardvark" });
        await createDocument(token, workspace.id, { title: "Foxtrot" });
      }
    });
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(titles).toEqual(["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot"]);

    // Newest first, ties by id: the same rows once each.
    const recent = await readAllPages(token, `/w/${workspace.id}/articles?sort=last_modified_desc`);
    expect([...recent.titles].sort()).toEqual(["Aardvark", "Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot"]);

    // Page numbers still work as before, with a cursor for the page after.
    const byPage = await json(await api(`/w/${workspace.id}/articles?per_page=3&page=2`, { token }));
    expect(byPage.data.map((row: { title: string }) => row.title)).toEqual(["Charlie", "Delta", "Echo"]);
    expect(byPage.meta).toMatchObject({ page: 2, per_page: 3, total: 7, has_more: true });
    const after = await json(await api(`/w/${workspace.id}/articles?limit=3&cursor=${byPage.meta.next_cursor}`, { token }));
    expect(after.data.map((row: { title: string }) => row.title)).toEqual(["Foxtrot"]);
    expect(after.meta.next_cursor).toBeNull();

    // Folders page the same way; without limit or cursor they all come at once, as the sidebar asks.
    for (const name of ["One", "Two", "Three"]) await api(`/w/${workspace.id}/folders`, { method: "POST", token, body: { folder: { name } } });
    const folders = await readAllPages(token, `/w/${workspace.id}/folders`);
    expect(folders).toEqual({ titles: ["One", "Three", "Two"], pages: 2 });
    expect((await json(await api(`/w/${workspace.id}/folders`, { token }))).data.map((row: { name: string }) => row.name)).toEqual(["One", "Three", "Two"]);
  });

  it("refuses a cursor from another list or a garbled one with 400 naming cursor", async () => {
    const { workspace, token } = await workspaceWithKey();
    for (const title of ["One", "Two", "Three"]) await createDocument(token, workspace.id, { title });
    const first = await json(await api(`/w/${workspace.id}/articles?limit=1&sort=name_asc`, { token }));
    const otherOrder = await api(`/w/${workspace.id}/articles?limit=1&sort=name_desc&cursor=${first.meta.next_cursor}`, { token });
    expect(otherOrder.status).toBe(400);
    expect((await json(otherOrder)).fields).toHaveProperty("cursor");
    const otherList = await api(`/w/${workspace.id}/uploads?limit=1&cursor=${first.meta.next_cursor}`, { token });
    expect(otherList.status).toBe(400);
    expect((await json(otherList)).fields).toHaveProperty("cursor");
    const garbled = await api(`/w/${workspace.id}/articles?limit=1&cursor=not-a-cursor`, { token });
    expect(garbled.status).toBe(400);
    expect((await json(garbled)).fields).toHaveProperty("cursor");
  });

  it("uploads a file end to end: key, upload link, bytes, then reads it back", async () => {
    const { workspace, token } = await workspaceWithKey();
    const text = "Spring menu: 3 dishes";
    const link = await api("/files/upload_url", { method: "POST", token, body: { filename: "menu.txt", content_type: "text/plain", size: text.length } });
    expect(link.status, await link.clone().text()).toBe(201);
    const { data } = await json(link);
    expect(data.file).toMatchObject({ status: "pending", workspace_id: workspace.id });

    // The link's token is the credential: a script PUTs to it with no Authorization header.
    const sent = await exports.default.fetch(`https://app.test${data.upload_url}`, { method: "PUT", body: text, headers: data.headers });
    expect(sent.status, await sent.clone().text()).toBe(200);
    expect((await json(sent)).data.status).toBe("stored");

    const file = await api(`/files/${data.id}`, { token });
    expect(file.status).toBe(200);
    expect((await json(file)).data).toMatchObject({ filename: "menu.txt", status: "stored", uploaded_by: { name: "Zapier (API key)" } });
    const bytes = await api(`/files/${data.id}/content`, { token });
    expect(await bytes.text()).toBe(text);
    const listed = await json(await api(`/w/${workspace.id}/uploads?limit=10`, { token }));
    expect(listed.data.map((row: { id: number }) => row.id)).toEqual([data.id]);
    expect(listed.meta.next_cursor).toBeNull();

    const deleted = await api(`/files/${data.id}`, { method: "DELETE", token });
    expect(await json(deleted)).toEqual({ data: { id: data.id, deleted: true } });
  });

  it("an upload link started by a key stops working when the key is revoked", async () => {
    const { key, token } = await workspaceWithKey();
    const { data } = await json(await api("/files/upload_url", { method: "POST", token, body: { filename: "a.txt", content_type: "text/plain", size: 2 } }));
    await revokeKey(db, key);
    const sent = await exports.default.fetch(`https://app.test${data.upload_url}`, { method: "PUT", body: "hi", headers: data.headers });
    expect(sent.status).toBe(401);
  });

  it("comments on a document and pages its threads", async () => {
    const { workspace, token } = await workspaceWithKey();
    const document = (await json(await createDocument(token, workspace.id, { title: "Menu", markdown: "Soup of the day" }))).data;
    const ids: number[] = [];
    for (const body of ["First", "Second", "Third"]) {
      const created = await api(`/articles/${document.id}/comments`, { method: "POST", token, body: { body } });
      expect(created.status, await created.clone().text()).toBe(201);
      ids.push((await json(created)).data.id);
    }
    const pinned = await api(`/comments/${ids[2]}`, { method: "PATCH", token, body: { pinned: true } });
    expect((await json(pinned)).data.pinned).toBe(true);

    const first = await json(await api(`/articles/${document.id}/comments?limit=2`, { token }));
    const second = await json(await api(`/articles/${document.id}/comments?limit=2&cursor=${first.meta.next_cursor}`, { token }));
    expect([...first.data, ...second.data].map((thread: { body: string }) => thread.body)).toEqual(["Third", "First", "Second"]);
    expect(second.meta.next_cursor).toBeNull();
    // Without paging, every thread at once, as the document screen asks.
    expect((await json(await api(`/articles/${document.id}/comments`, { token }))).data).toHaveLength(3);

    expect((await api(`/comments/${ids[0]}`, { method: "DELETE", token })).status).toBe(204);
  });

  it("searches the documents the key may read", async () => {
    const { workspace, token, owner } = await workspaceWithKey();
    for (const title of ["Spring menu", "Spring campaign", "Spring sale", "Winter menu"]) await createDocument(token, workspace.id, { title, markdown: "springtime" });
    await buildArticle(workspace, owner, { title: "Spring secrets", text: "private to the owner" });
    const { titles, pages } = await readAllPages(token, `/w/${workspace.id}/search?q=spring`);
    expect(pages).toBe(2);
    expect([...titles].sort()).toEqual(["Spring campaign", "Spring menu", "Spring sale", "Winter menu"]);
  });

  it("a read-only key cannot create (403 missing_scope)", async () => {
    const { workspace, token } = await workspaceWithKey(["read"]);
    const refused = await createDocument(token, workspace.id, { title: "Nope" });
    expect(refused.status).toBe(403);
    expect(await json(refused)).toMatchObject({ error: "missing_scope", scope: "write" });
    const upload = await api("/files/upload_url", { method: "POST", token, body: { filename: "a.txt", content_type: "text/plain", size: 2 } });
    expect(await json(upload)).toMatchObject({ error: "missing_scope" });
  });

  it("another workspace's ids are 404 for a key", async () => {
    const { token } = await workspaceWithKey();
    const other = await workspaceWithKey();
    const document = (await json(await createDocument(other.token, other.workspace.id, { title: "Theirs", markdown: "Secret plan" }))).data;
    const folder = await buildFolder(other.workspace, other.owner);
    const comment = (await json(await api(`/articles/${document.id}/comments`, { method: "POST", token: other.token, body: { body: "Hi" } }))).data;
    const { data: link } = await json(await api("/files/upload_url", { method: "POST", token: other.token, body: { filename: "a.txt", content_type: "text/plain", size: 2 } }));
    await exports.default.fetch(`https://app.test${link.upload_url}`, { method: "PUT", body: "hi", headers: link.headers });

    for (const path of [`/articles/${document.id}`, `/articles/${document.id}/markdown`, `/articles/${document.id}/comments`, `/folders/${folder.id}`, `/files/${link.id}`, `/files/${link.id}/content`]) {
      expect((await api(path, { token })).status, path).toBe(404);
    }
    expect((await api(`/articles/${document.id}`, { method: "PUT", token, body: { article: { title: "Mine" } } })).status).toBe(404);
    expect((await api(`/comments/${comment.id}`, { method: "DELETE", token })).status).toBe(404);
    expect((await api(`/files/${link.id}`, { method: "DELETE", token })).status).toBe(404);
    expect((await api(`/w/${other.workspace.id}/articles`, { token })).status).toBe(404);
    expect((await api(`/w/${other.workspace.id}/search?q=secret`, { token })).status).toBe(404);
  });
});

describe("the documents side of /v1/openapi.json", () => {
  it("documents each route with its scope, its answer and, on lists, cursor and limit", async () => {
    const document = await json(await api("/openapi.json"));
    const scopes = Object.fromEntries(
      Object.entries(document.paths as Record<string, Record<string, { "x-scope": string }>>).flatMap(([path, operations]) =>
        Object.entries(operations).map(([method, operation]) => [`${method.toUpperCase()} ${path}`, operation["x-scope"]]),
      ),
    );
    expect(scopes).toMatchObject({
      "POST /v1/w/{ws}/articles": "write",
      "GET /v1/w/{ws}/articles": "read",
      "GET /v1/articles/{id}/markdown": "read",
      "DELETE /v1/articles/{id}": "write",
      "GET /v1/folders/{ref}/contents": "read",
      "POST /v1/files/upload_url": "write",
      "GET /v1/w/{ws}/uploads": "read",
      "POST /v1/articles/{id}/comments": "write",
      "DELETE /v1/comments/{id}": "write",
      "GET /v1/w/{ws}/search": "read",
    });
    const list = document.paths["/v1/w/{ws}/articles"].get;
    expect(list.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(expect.arrayContaining(["cursor", "limit", "page", "per_page", "sort"]));
    expect(list.responses["200"].content["application/json"].schema.properties.meta.properties.next_cursor).toBeDefined();
    expect(Object.keys(document.paths["/v1/articles/{id}/markdown"].get.responses["200"].content)).toEqual(["text/markdown"]);
    expect(document.paths["/v1/files/upload_url"].post.description).toContain("needs no Authorization header");
  });
});
