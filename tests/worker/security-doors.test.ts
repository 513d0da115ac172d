import { env, exports } from "cloudflare:workers";
import { AUTH_COOKIE_NAME, authStateFor, encodeAuthState } from "../../app/lib/auth-cookie";
import { describe, expect, it } from "vitest";
import { hashPassword } from "../../worker/auth/password";
import { eq } from "drizzle-orm";
import { categories, uploads, type Article, type User, type Workspace } from "../../worker/db/schema";
import { api, buildArticle, buildFolder, buildMember, buildWorkspace, db, grant, json, tokenFor } from "../factories";

// Side doors: features that take an id in a body (knowledge, campaign and voice sources,
// logos, templates) and lists that show body text must answer exactly what the resource's
// own route answers.

const brief = {
  name: "Spring roast launch",
  brief: "Our new spring roast is bright and floral. We want offices to order a tasting box.",
  goal: "Tasting box orders",
  starts_on: "2026-03-01",
  ends_on: "2026-03-15",
};

/** A stored text upload whose bytes really are in R2. */
async function storedUpload(workspace: Pick<Workspace, "id">, uploader: Pick<User, "id">, text: string, values: Partial<typeof uploads.$inferInsert> = {}) {
  const key = `uploads/${workspace.id}/${crypto.randomUUID()}`;
  await env.UPLOADS.put(key, text);
  const [upload] = await db
    .insert(uploads)
    .values({ workspaceId: workspace.id, uploadedById: uploader.id, r2Key: key, filename: "notes.txt", contentType: "text/plain", size: text.length, status: "stored", ...values })
    .returning();
  return upload!;
}

describe("uploads through other features", () => {
  it("a member who may not read a file attached to a private document gets 404 from its routes and can't read it through any feature", async () => {
    const { workspace, owner } = await buildWorkspace();
    const secret = `zephyrine${crypto.randomUUID().slice(0, 8)}`;
    const privateDoc = await buildArticle(workspace, owner, { title: "Board notes" });
    const text = `The acquisition code name is ${secret}. Nobody outside the board may know it yet, so keep it quiet.`;
    const attached = await storedUpload(workspace, owner, text, { articleId: privateDoc.id });
    const transcript = await storedUpload(workspace, owner, `WEBVTT\n\n00:00:01.000 --> 00:00:04.000\n<v Ana>${text}\n`, {
      articleId: privateDoc.id,
      filename: "board.vtt",
      contentType: "text/vtt",
    });
    const logo = await storedUpload(workspace, owner, "<svg/>", { articleId: privateDoc.id, filename: "logo.png", contentType: "image/png" });
    const member = await buildMember(workspace);
    const token = member.token;

    for (const path of [`/files/${attached.id}`, `/files/${attached.id}/content`]) {
      const response = await api(path, { token });
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain(secret);
    }

    const knowledge = await api(`/w/${workspace.id}/knowledge_sources`, { method: "POST", token, body: { source: { type: "file", upload_id: attached.id } } });
    expect(knowledge.status).toBe(400);
    expect((await json(knowledge)).fields).toEqual({ "source.upload_id": ["was not found"] });
    const found = await api(`/w/${workspace.id}/knowledge_sources/search?q=${secret}`, { token });
    expect(await found.text()).not.toContain(secret);

    const kit = (await json(await api(`/w/${workspace.id}/brand_kits`, { method: "POST", token, body: { name: "Acme" } }))).data;
    const voice = await api(`/brand_kits/${kit.id}/voice_draft`, { method: "POST", token, body: { samples: [{ type: "file", upload_id: attached.id }] } });
    expect(voice.status).toBe(400);
    expect((await json(voice)).fields).toEqual({ "samples.0.upload_id": ["was not found"] });
    const logoSet = await api(`/brand_kits/${kit.id}/logos/Original`, { method: "PUT", token, body: { upload_id: logo.id } });
    expect(logoSet.status).toBe(404);

    const campaign = await api(`/w/${workspace.id}/campaigns`, {
      method: "POST",
      token,
      body: { ...brief, strategy: "CrosspostStrategy", channels: ["facebook"], repurposing: "video_into_content", source: { type: "file", upload_id: transcript.id } },
    });
    expect(campaign.status).toBe(400);
    expect(await campaign.text()).not.toContain(secret);

    // The owner, who may read the document, reads the same file through the same features.
    const ownerToken = await tokenFor(owner);
    expect((await api(`/files/${attached.id}/content`, { token: ownerToken })).status).toBe(200);
    const added = await api(`/w/${workspace.id}/knowledge_sources`, { method: "POST", token: ownerToken, body: { source: { type: "file", upload_id: attached.id } } });
    expect(added.status).toBe(201);
  });

  it("the /files/:id page route answers 404 for a file the member may not read", async () => {
    const { workspace, owner } = await buildWorkspace();
    const privateDoc = await buildArticle(workspace, owner);
    const attached = await storedUpload(workspace, owner, "private bytes", { articleId: privateDoc.id });
    const member = await buildMember(workspace);
    const cookie = `${AUTH_COOKIE_NAME}=${encodeAuthState(authStateFor(`Bearer ${member.token}`))}`;
    const response = await exports.default.fetch(`https://app.test/files/${attached.id}`, { headers: { Cookie: cookie } });
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("private bytes");
  });
});

/** Every place a document's body text could come back from, for one reader. */
async function bodyLeaks(workspaceId: number, token: string, doc: Article, word: string, folderId?: number) {
  const paths = [
    `/w/${workspaceId}/articles`,
    `/w/${workspaceId}/articles?kind=template`,
    `/w/${workspaceId}/all_files`,
    `/w/${workspaceId}/all_files?location=shared`,
    `/w/${workspaceId}/shared_with_me`,
    `/w/${workspaceId}/files_views/recently_updated`,
    `/w/${workspaceId}/files_views/recent`,
    `/w/${workspaceId}/members/${doc.ownerId}/articles`,
    `/w/${workspaceId}/search?q=${word}`,
    `/w/${workspaceId}/search?q=${encodeURIComponent(doc.title)}`,
    `/w/${workspaceId}/search?q=${word}&kind=template`,
    `/w/${workspaceId}/search?q=${encodeURIComponent(doc.title)}&kind=template`,
    `/w/${workspaceId}/templates`,
    `/w/${workspaceId}/knowledge_sources/search?q=${word}`,
    `/articles/${doc.id}`,
    `/articles/${doc.id}/markdown`,
    ...(doc.kind === "template" ? [`/templates/${doc.id}`] : []),
    ...(folderId ? [`/folders/${folderId}/contents`] : []),
  ];
  const leaks: string[] = [];
  for (const path of paths) {
    const text = await (await api(path, { token })).text();
    // A search echoes its query in `meta`; what it found is in `data`.
    const found = path.includes("search?") ? JSON.stringify(JSON.parse(text).data) : text;
    if (found.includes(word)) leaks.push(`GET ${path}`);
  }
  const posts: [string, unknown][] = [
    [`/w/${workspaceId}/knowledge_sources`, { source: { type: "article", article_id: doc.id } }],
    [`/w/${workspaceId}/copies`, { article_ids: [doc.id], destination_workspace_id: workspaceId }],
    [`/articles/${doc.id}/duplicate`, {}],
    [`/articles/${doc.id}/save_as_template`, {}],
    [`/w/${workspaceId}/templates/${doc.id}/use`, {}],
    [`/w/${workspaceId}/articles`, { article: { title: "From template", template_id: doc.id } }],
  ];
  for (const [path, body] of posts) {
    const response = await api(path, { method: "POST", token, body });
    const created = response.ok ? ((await json(response)).data as { id?: number } | { id?: number }[]) : null;
    const ids = (Array.isArray(created) ? created : [created]).flatMap((item) => (item?.id ? [item.id] : []));
    for (const id of ids) {
      if ((await (await api(`/articles/${id}`, { token })).text()).includes(word)) leaks.push(`POST ${path}`);
    }
  }
  const campaign = await api(`/w/${workspaceId}/campaigns`, {
    method: "POST",
    token,
    body: { ...brief, strategy: "CrosspostStrategy", channels: ["linkedin"], repurposing: "docs_into_content", source: { type: "article", article_id: doc.id } },
  });
  if ((await campaign.text()).includes(word)) leaks.push("POST campaigns");
  const kit = (await json(await api(`/w/${workspaceId}/brand_kits`, { method: "POST", token, body: { name: "Voice" } }))).data;
  const voice = await api(`/brand_kits/${kit.id}/voice_draft`, { method: "POST", token, body: { samples: [{ type: "article", article_id: doc.id }] } });
  if ((await voice.text()).includes(word)) leaks.push("POST voice_draft");
  return leaks;
}

describe("password-protected documents", () => {
  async function setup(kind: "document" | "template", protect: "document" | "folder") {
    const { workspace, owner } = await buildWorkspace();
    const word = `quixotrill${crypto.randomUUID().slice(0, 8).replace(/\d/g, "x")}`;
    const hash = await hashPassword("open sesame");
    const folder = protect === "folder" ? await buildFolder(workspace, owner, { passwordHash: hash }) : null;
    const doc = await buildArticle(workspace, owner, {
      title: `Roadmap ${crypto.randomUUID().slice(0, 6).replace(/\d/g, "y")}`,
      kind,
      folderId: folder?.id ?? null,
      passwordHash: protect === "document" ? hash : null,
      text: `The roadmap word is ${word} and it is written many times so that every excerpt and snippet would show ${word} at once.`,
    });
    const member = await buildMember(workspace);
    if (folder) await grant({ folder }, "User", "edit", { userId: member.user.id });
    await grant({ article: doc }, "User", "edit", { userId: member.user.id });
    return { workspace, owner, doc, word, member, folder };
  }

  for (const kind of ["document", "template"] as const) {
    for (const protect of ["document", "folder"] as const) {
      it(`a ${kind} protected by its ${protect}'s password: its words come back from no list, feed, search, template, export or source endpoint for another member`, async () => {
        const { workspace, doc, word, member, folder } = await setup(kind, protect);
        expect(await bodyLeaks(workspace.id, member.token, doc, word, folder?.id)).toEqual([]);

        // Still listed and found by its title, just without its body.
        const listed = (await json(await api(`/w/${workspace.id}/articles${kind === "template" ? "?kind=template" : ""}`, { token: member.token }))).data;
        expect(listed.find((item: { id: number }) => item.id === doc.id)).toMatchObject({ has_password: protect === "document", excerpt: "" });
        const byTitle = (await json(await api(`/w/${workspace.id}/search?q=${encodeURIComponent(doc.title)}&kind=${kind}`, { token: member.token }))).data;
        expect(byTitle.map((hit: { id: number }) => hit.id)).toEqual([doc.id]);
        expect(byTitle[0].snippet_html).toBe("");
        const byWord = (await json(await api(`/w/${workspace.id}/search?q=${word}&kind=${kind}`, { token: member.token }))).data;
        expect(byWord).toEqual([]);
      });
    }
  }

  it("the owner sees the excerpt and snippet, and another member reads it once the password is given", async () => {
    const { workspace, owner, doc, word, member } = await setup("template", "document");
    const ownerToken = await tokenFor(owner);
    const listed = (await json(await api(`/w/${workspace.id}/articles?kind=template`, { token: ownerToken }))).data;
    expect(listed.find((item: { id: number }) => item.id === doc.id).excerpt).toContain(word);
    const hits = (await json(await api(`/w/${workspace.id}/search?q=${word}&kind=template`, { token: ownerToken }))).data;
    expect(hits[0].snippet_html).toContain(word);

    const headers = { "X-Article-Password": "open sesame" };
    const opened = await api(`/articles/${doc.id}`, { token: member.token, headers });
    expect(await opened.text()).toContain(word);
    const used = await api(`/w/${workspace.id}/templates/${doc.id}/use`, { method: "POST", token: member.token, headers, body: {} });
    expect(used.status).toBe(201);
    const copy = (await json(used)).data;
    expect(JSON.stringify((await json(await api(`/articles/${copy.id}`, { token: member.token }))).data.body)).toContain(word);
    const source = await api(`/w/${workspace.id}/knowledge_sources`, { method: "POST", token: member.token, headers, body: { source: { type: "article", article_id: doc.id } } });
    expect(source.status).toBe(201);

    const locked = await api(`/w/${workspace.id}/templates/${doc.id}/use`, { method: "POST", token: member.token, body: {} });
    expect(locked.status).toBe(403);
    expect((await json(locked)).error).toBe("password_required");
  });

  it("a published page that sits in a password-protected folder is not in the public directory, excerpt and all", async () => {
    const { workspace, owner } = await buildWorkspace();
    const word = `pellucidor${crypto.randomUUID().slice(0, 8).replace(/\d/g, "z")}`;
    const [finance] = await db.select().from(categories).where(eq(categories.slug, "finance"));
    const folder = await buildFolder(workspace, owner, { passwordHash: await hashPassword("open sesame") });
    const inner = await buildFolder(workspace, owner, { parentId: folder.id });
    const page = await buildArticle(workspace, owner, { folderId: inner.id, isPublic: true, publishedAt: new Date(), categoryId: finance!.id, text: `Quarterly ${word} figures.` });
    const listed = await api(`/categories/${finance!.id}?per_page=100`);
    expect(listed.status).toBe(200);
    const text = await listed.text();
    expect(text).not.toContain(word);
    expect(JSON.parse(text).data.articles.map((card: { id: number }) => card.id)).not.toContain(page.id);
  });
});
