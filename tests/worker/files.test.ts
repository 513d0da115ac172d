import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE_MESSAGE } from "../../core/enums";
import { signScopedToken } from "../../worker/auth/scoped-tokens";
import { uploads, type Upload } from "../../worker/db/schema";
import worker from "../../worker/index";
import { addMember, api, buildArticle, buildFolder, buildMember, buildUser, buildWorkspace, db, grant, json, tokenFor } from "../factories";

// A 1×1 transparent PNG.
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="), (c) => c.charCodeAt(0));

async function setup() {
  const { workspace, owner } = await buildWorkspace();
  const member = await buildMember(workspace, "member");
  return { workspace, owner, ownerToken: await tokenFor(owner), member };
}

/** PUT straight at the Worker, the way a browser sends a file to its upload link. */
const put = (url: string, body: BodyInit | null, headers: Record<string, string> = {}) =>
  exports.default.fetch(`https://app.test${url}`, { method: "PUT", body, headers });

/**
 * The same PUT from a client whose body does not match its Content-Length (or has none), handed
 * to the Worker's fetch handler as a Request: a real connection (`exports.default.fetch`) would
 * not carry a body shorter than its Content-Length at all.
 */
async function putUnread(url: string, body: BodyInit, headers: Record<string, string>) {
  const ctx = createExecutionContext();
  const request = new Request(`https://app.test${url}`, { method: "PUT", body, headers }) as Request<unknown, IncomingRequestCfProperties>;
  const response = await worker.fetch(request, env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

interface UploadLink {
  id: number;
  upload_url: string;
  method: string;
  headers: Record<string, string>;
  expires_at: string;
}

async function askToUpload(token: string, workspaceId: number, file: Record<string, unknown> = {}) {
  return api("/files/upload_url", {
    method: "POST",
    token,
    workspaceId,
    body: { filename: "pixel.png", content_type: "image/png", size: PNG.length, ...file },
  });
}

/** The whole flow: an upload link, then the bytes. */
async function upload(token: string, workspaceId: number, file: { filename?: string; content_type?: string; bytes?: Uint8Array<ArrayBuffer>; article_id?: number } = {}) {
  const { bytes = PNG, ...rest } = file;
  const linkResponse = await askToUpload(token, workspaceId, { ...rest, size: bytes.length });
  expect(linkResponse.status, await linkResponse.clone().text()).toBe(201);
  const link = (await json(linkResponse)).data as UploadLink;
  const stored = await put(link.upload_url, bytes, link.headers);
  expect(stored.status, await stored.clone().text()).toBe(200);
  return { link, file: (await json(stored)).data };
}

/** A stored upload row with no bytes behind it, for listing tests. */
async function storedRow(workspaceId: number, uploadedById: number, values: Partial<typeof uploads.$inferInsert> = {}): Promise<Upload> {
  const [row] = await db
    .insert(uploads)
    .values({ workspaceId, uploadedById, r2Key: `test/${crypto.randomUUID()}`, filename: "file.png", contentType: "image/png", size: 10, status: "stored", ...values })
    .returning();
  return row!;
}

const rowOf = async (id: number) => (await db.select().from(uploads).where(eq(uploads.id, id)))[0];

describe("POST /files/upload_url and PUT /files/:id/content", () => {
  it("streams a file into R2 and serves it back to the uploader", async () => {
    const { workspace, member } = await setup();
    const { link, file } = await upload(member.token, workspace.id);
    expect(link.method).toBe("PUT");
    expect(link.headers).toEqual({ "Content-Type": "image/png" });
    expect(link.upload_url).toMatch(new RegExp(`^/v1/files/${link.id}/content\\?token=`));
    expect(new Date(link.expires_at).getTime()).toBeGreaterThan(Date.now());
    expect(file).toMatchObject({ id: link.id, filename: "pixel.png", content_type: "image/png", kind: "image", size: PNG.length, status: "stored" });

    const row = await rowOf(link.id);
    const object = await env.UPLOADS.get(row!.r2Key);
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(PNG);
    expect(object!.httpMetadata?.contentType).toBe("image/png");

    const served = await api(`/files/${link.id}/content`, { token: member.token });
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(served.headers.get("Content-Length")).toBe(String(PNG.length));
    expect(served.headers.get("Content-Disposition")).toMatch(/^inline; filename="pixel.png"/);
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");

    const meta = await json(await api(`/files/${link.id}`, { token: member.token }));
    expect(meta.data).toMatchObject({ id: link.id, uploaded_by: { id: member.user.id }, url: `/v1/files/${link.id}/content`, policies: { "uploads.delete": true } });
  });

  it("refuses a declared size over 50 MB with 413 and the limit message, creating nothing", async () => {
    const { workspace, member } = await setup();
    const before = await db.select().from(uploads).where(eq(uploads.workspaceId, workspace.id));
    const response = await askToUpload(member.token, workspace.id, { size: MAX_UPLOAD_BYTES + 1 });
    expect(response.status).toBe(413);
    expect((await json(response)).message).toBe("Your file is over the 50 MB limit");
    expect(await db.select().from(uploads).where(eq(uploads.workspaceId, workspace.id))).toHaveLength(before.length);
    expect((await askToUpload(member.token, workspace.id, { size: MAX_UPLOAD_BYTES })).status).toBe(201);
  });

  it("refuses a Content-Length over 50 MB with 413 before reading the body", async () => {
    const { workspace, member } = await setup();
    const link = (await json(await askToUpload(member.token, workspace.id))).data as UploadLink;
    // The stream announces more than 50 MB but holds a few bytes: the answer must come from the header alone.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(1024));
        controller.close();
      },
    });
    const response = await putUnread(link.upload_url, body, { "Content-Length": String(MAX_UPLOAD_BYTES + 1) });
    expect(response.status).toBe(413);
    expect((await json(response)).message).toBe(UPLOAD_TOO_LARGE_MESSAGE);
    expect((await rowOf(link.id))!.status).toBe("pending");
    expect(await env.UPLOADS.head((await rowOf(link.id))!.r2Key)).toBeNull();
  });

  it("refuses a body whose length is not the size announced for it", async () => {
    const { workspace, member } = await setup();
    const link = (await json(await askToUpload(member.token, workspace.id, { size: 10 }))).data as UploadLink;
    const larger = await put(link.upload_url, new Uint8Array(20), link.headers);
    expect(larger.status).toBe(413);
    const smaller = await put(link.upload_url, new Uint8Array(5), link.headers);
    expect(smaller.status).toBe(400);
    expect((await rowOf(link.id))!.status).toBe("pending");
    expect((await put(link.upload_url, new Uint8Array(10), link.headers)).status).toBe(200);
    // Once stored, the link is spent.
    expect((await put(link.upload_url, new Uint8Array(10), link.headers)).status).toBe(409);
  });

  it("asks for a Content-Length with 411 when the body has none", async () => {
    const { workspace, member } = await setup();
    const link = (await json(await askToUpload(member.token, workspace.id))).data as UploadLink;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(PNG);
        controller.close();
      },
    });
    expect((await putUnread(link.upload_url, body, link.headers)).status).toBe(411);
    expect((await put(link.upload_url, null, link.headers)).status).toBe(411);
  });

  it("refuses a type outside the allow-list with 415", async () => {
    const { workspace, member } = await setup();
    for (const contentType of ["text/html", "application/x-msdownload", "application/javascript"]) {
      const response = await askToUpload(member.token, workspace.id, { filename: "page.html", content_type: contentType });
      expect(response.status).toBe(415);
      expect((await json(response)).message).toMatch(/can't be uploaded/);
    }
    expect((await askToUpload(member.token, workspace.id, { content_type: "text/plain; charset=utf-8", filename: "a.txt" })).status).toBe(201);
  });

  it("answers a bad body with 400 naming the fields", async () => {
    const { workspace, member } = await setup();
    const response = await api("/files/upload_url", { method: "POST", token: member.token, workspaceId: workspace.id, body: { filename: "", size: "big" } });
    expect(response.status).toBe(400);
    expect(Object.keys((await json(response)).fields).sort()).toEqual(["content_type", "filename", "size"]);
    const noWorkspace = await api("/files/upload_url", { method: "POST", token: member.token, body: { filename: "a.png", content_type: "image/png", size: 3 } });
    expect(noWorkspace.status).toBe(400);
    expect((await json(noWorkspace)).fields).toHaveProperty("workspace_id");
    const named = await api("/files/upload_url", { method: "POST", token: member.token, body: { filename: "a.png", content_type: "image/png", size: 3, workspace_id: workspace.id } });
    expect(named.status).toBe(201);
  });

  it("refuses a tampered, expired or borrowed upload token", async () => {
    const { workspace, member } = await setup();
    const first = (await json(await askToUpload(member.token, workspace.id))).data as UploadLink;
    const second = (await json(await askToUpload(member.token, workspace.id))).data as UploadLink;
    const token = new URL(first.upload_url, "https://x").searchParams.get("token")!;

    const tampered = `${token.slice(0, -4)}AAAA`;
    expect((await put(`/v1/files/${first.id}/content?token=${tampered}`, PNG, first.headers)).status).toBe(401);
    expect((await put(`/v1/files/${second.id}/content?token=${token}`, PNG, first.headers)).status).toBe(403);
    expect((await put(`/v1/files/${first.id}/content`, PNG, first.headers)).status).toBe(400);

    const expired = await signScopedToken(env, "upload", {
      subject: String(first.id),
      claims: { ws: workspace.id, uid: member.user.id },
      ttlSeconds: 60,
      now: Date.now() - 10 * 60_000,
    });
    expect((await put(`/v1/files/${first.id}/content?token=${expired.token}`, PNG, first.headers)).status).toBe(401);
    // Neither a session nor a search key opens an upload link.
    expect((await put(`/v1/files/${first.id}/content?token=${member.token}`, PNG, first.headers)).status).toBe(401);
    const forged = await signScopedToken(env, "search", { subject: String(first.id), claims: { ws: workspace.id, uid: member.user.id }, ttlSeconds: 60 });
    expect((await put(`/v1/files/${first.id}/content?token=${forged.token}`, PNG, first.headers)).status).toBe(401);
    expect((await rowOf(first.id))!.status).toBe("pending");
  });

  it("lets only editors attach a file to a document", async () => {
    const { workspace, owner, member } = await setup();
    const article = await buildArticle(workspace, owner);
    await grant({ article }, "User", "read", { userId: member.user.id });
    expect((await askToUpload(member.token, workspace.id, { article_id: article.id })).status).toBe(403);
    const editor = await buildMember(workspace, "member");
    await grant({ article }, "User", "edit", { userId: editor.user.id });
    expect((await askToUpload(editor.token, workspace.id, { article_id: article.id })).status).toBe(201);
    const other = await buildWorkspace();
    const foreign = await buildArticle(other.workspace, other.owner);
    expect((await askToUpload(editor.token, workspace.id, { article_id: foreign.id })).status).toBe(404);
  });

  it("lets a guest upload only into a document they may edit", async () => {
    const { workspace, owner } = await setup();
    const guest = await buildMember(workspace, "guest");
    expect((await askToUpload(guest.token, workspace.id)).status).toBe(403);
    const article = await buildArticle(workspace, owner);
    await grant({ article }, "User", "edit", { userId: guest.user.id });
    expect((await askToUpload(guest.token, workspace.id, { article_id: article.id })).status).toBe(201);
  });
});

describe("GET /files/:id/content", () => {
  it("caches privately for an hour and answers a matching If-None-Match with 304", async () => {
    const { workspace, member } = await setup();
    const { link } = await upload(member.token, workspace.id);
    const first = await api(`/files/${link.id}/content`, { token: member.token });
    const etag = first.headers.get("ETag");
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get("Cache-Control")).toBe("private, max-age=3600");
    await first.arrayBuffer();
    const again = await api(`/files/${link.id}/content`, { token: member.token, headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    expect(again.headers.get("ETag")).toBe(etag);
    expect(again.headers.get("Cache-Control")).toBe("private, max-age=3600");
    const changed = await api(`/files/${link.id}/content`, { token: member.token, headers: { "If-None-Match": '"something-else"' } });
    expect(changed.status).toBe(200);
  });

  it("downloads anything that is not an image or PDF, and sandboxes SVG", async () => {
    const { workspace, member } = await setup();
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const { link } = await upload(member.token, workspace.id, { filename: "logo ü.svg", content_type: "image/svg+xml", bytes: svg });
    const served = await api(`/files/${link.id}/content`, { token: member.token });
    expect(served.headers.get("Content-Disposition")).toBe(`attachment; filename="logo _.svg"; filename*=UTF-8''logo%20%C3%BC.svg`);
    expect(served.headers.get("Content-Security-Policy")).toContain("sandbox");
    const { link: zip } = await upload(member.token, workspace.id, { filename: "brand.zip", content_type: "application/zip", bytes: new Uint8Array([80, 75, 5, 6]) });
    expect((await api(`/files/${zip.id}/content`, { token: member.token })).headers.get("Content-Disposition")).toMatch(/^attachment;/);
  });

  it("shows another workspace's user nothing: 404", async () => {
    const { workspace, member } = await setup();
    const { link } = await upload(member.token, workspace.id);
    const stranger = await buildWorkspace();
    const token = await tokenFor(stranger.owner);
    expect((await api(`/files/${link.id}/content`, { token })).status).toBe(404);
    expect((await api(`/files/${link.id}`, { token })).status).toBe(404);
    expect((await api(`/files/${link.id}`, { method: "DELETE", token })).status).toBe(404);
    expect((await api(`/files/${link.id}/content`)).status).toBe(401);
    expect((await rowOf(link.id))!.status).toBe("stored");
  });

  it("lets a guest read a file only through a document shared with them", async () => {
    const { workspace, owner, ownerToken } = await setup();
    const guest = await buildMember(workspace, "guest");
    const article = await buildArticle(workspace, owner);
    const { link: attached } = await upload(ownerToken, workspace.id, { article_id: article.id });
    const { link: loose } = await upload(ownerToken, workspace.id);
    expect((await api(`/files/${attached.id}/content`, { token: guest.token })).status).toBe(404);
    expect((await api(`/files/${loose.id}/content`, { token: guest.token })).status).toBe(404);
    await grant({ article }, "User", "read", { userId: guest.user.id });
    expect((await api(`/files/${attached.id}/content`, { token: guest.token })).status).toBe(200);
    expect((await api(`/files/${loose.id}/content`, { token: guest.token })).status).toBe(404);
  });

  it("keeps a file in a private document from members who can't open the document", async () => {
    const { workspace, member } = await setup();
    const article = await buildArticle(workspace, member.user);
    const { link } = await upload(member.token, workspace.id, { article_id: article.id });
    const colleague = await buildMember(workspace, "member");
    expect((await api(`/files/${link.id}/content`, { token: colleague.token })).status).toBe(404);
    await grant({ article }, "EveryoneAtWorkspace", "read");
    expect((await api(`/files/${link.id}/content`, { token: colleague.token })).status).toBe(200);
  });

  it("shows a file still being uploaded to nobody but its uploader's metadata call", async () => {
    const { workspace, member, ownerToken } = await setup();
    const link = (await json(await askToUpload(member.token, workspace.id))).data as UploadLink;
    expect((await api(`/files/${link.id}`, { token: member.token })).status).toBe(200);
    expect((await api(`/files/${link.id}/content`, { token: member.token })).status).toBe(404);
    expect((await api(`/files/${link.id}`, { token: ownerToken })).status).toBe(404);
  });
});

describe("DELETE /files/:id", () => {
  it("lets the uploader or an admin delete, removing the object and the row", async () => {
    const { workspace, member, ownerToken } = await setup();
    const { link } = await upload(member.token, workspace.id);
    const key = (await rowOf(link.id))!.r2Key;
    const colleague = await buildMember(workspace, "member");
    expect((await api(`/files/${link.id}`, { method: "DELETE", token: colleague.token })).status).toBe(403);
    expect(await env.UPLOADS.head(key)).not.toBeNull();
    const deleted = await api(`/files/${link.id}`, { method: "DELETE", token: member.token });
    expect(deleted.status).toBe(200);
    expect(await env.UPLOADS.head(key)).toBeNull();
    expect(await rowOf(link.id)).toBeUndefined();

    const { link: second } = await upload(member.token, workspace.id);
    expect((await api(`/files/${second.id}`, { method: "DELETE", token: ownerToken })).status).toBe(200);
    expect((await api(`/files/${second.id}/content`, { token: member.token })).status).toBe(404);
  });
});

describe("GET /w/:ws/uploads", () => {
  it("lists stored files by name by default and sorts by name, date and owner both ways", async () => {
    const { workspace, member } = await setup();
    const zed = await buildUser({ firstName: "Zed", lastName: "Last" });
    await addMember(workspace, zed);
    await storedRow(workspace.id, member.user.id, { filename: "banner.png", updatedAt: new Date("2026-01-02") });
    await storedRow(workspace.id, zed.id, { filename: "Agenda.pdf", contentType: "application/pdf", updatedAt: new Date("2026-01-03") });
    await storedRow(workspace.id, member.user.id, { filename: "copy.txt", contentType: "text/plain", updatedAt: new Date("2026-01-01") });
    await storedRow(workspace.id, member.user.id, { filename: "half.png", status: "pending" });

    const names = async (query = "") => {
      const response = await api(`/w/${workspace.id}/uploads${query}`, { token: member.token });
      expect(response.status).toBe(200);
      return ((await json(response)).data as { filename: string }[]).map((file) => file.filename);
    };
    expect(await names()).toEqual(["Agenda.pdf", "banner.png", "copy.txt"]);
    expect(await names("?sort=name_desc")).toEqual(["copy.txt", "banner.png", "Agenda.pdf"]);
    expect(await names("?sort=last_modified_desc")).toEqual(["Agenda.pdf", "banner.png", "copy.txt"]);
    expect(await names("?sort=last_modified_asc")).toEqual(["copy.txt", "banner.png", "Agenda.pdf"]);
    expect(await names("?sort=owner_asc")).toEqual(["banner.png", "copy.txt", "Agenda.pdf"]);
    expect(await names("?sort=owner_desc")).toEqual(["Agenda.pdf", "banner.png", "copy.txt"]);
    expect(await names("?type=image&view=gallery_view")).toEqual(["banner.png"]);
    const page = await json(await api(`/w/${workspace.id}/uploads?per_page=2&page=2`, { token: member.token }));
    expect(page.meta).toMatchObject({ page: 2, per_page: 2, total: 3, has_more: false, view: "list_view", sort: "name_asc" });
    const bad = await api(`/w/${workspace.id}/uploads?sort=size&view=board_view`, { token: member.token });
    expect(bad.status).toBe(400);
    expect(Object.keys((await json(bad)).fields).sort()).toEqual(["sort", "view"]);
  });

  it("lists only files the member may read", async () => {
    const { workspace, owner, member } = await setup();
    const hidden = await buildArticle(workspace, owner);
    const shared = await buildArticle(workspace, owner);
    await grant({ article: shared }, "User", "read", { userId: member.user.id });
    const privateFolder = await buildFolder(workspace, owner);
    await storedRow(workspace.id, owner.id, { filename: "a-loose.png" });
    await storedRow(workspace.id, owner.id, { filename: "b-hidden.png", articleId: hidden.id });
    await storedRow(workspace.id, owner.id, { filename: "c-shared.png", articleId: shared.id });
    await storedRow(workspace.id, owner.id, { filename: "d-folder.png", folderId: privateFolder.id });
    const other = await buildWorkspace();
    await storedRow(other.workspace.id, other.owner.id, { filename: "a-elsewhere.png" });
    const data = (await json(await api(`/w/${workspace.id}/uploads`, { token: member.token }))).data as { filename: string }[];
    expect(data.map((file) => file.filename)).toEqual(["a-loose.png", "c-shared.png"]);
  });

  it("is for members: guests get 403, strangers 404", async () => {
    const { workspace } = await setup();
    const guest = await buildMember(workspace, "guest");
    expect((await api(`/w/${workspace.id}/uploads`, { token: guest.token })).status).toBe(403);
    const stranger = await buildWorkspace();
    expect((await api(`/w/${workspace.id}/uploads`, { token: await tokenFor(stranger.owner) })).status).toBe(404);
  });
});
