import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AUTH_COOKIE_NAME, authStateFor, encodeAuthState } from "../../app/lib/auth-cookie";
import { api as apiApp } from "../../worker/api";
import worker from "../../worker/index";
import { BODY_LIMIT_OVERRIDES } from "../../worker/lib/body-limits";
import { DISCARD_LIMITS, discardUnreadBody } from "../../worker/lib/refused-body";
import { MAX_UPLOAD_BYTES } from "../../core/enums";
import { accessRequests, accesses, articles, folders, importJobs, uploads, brandKits, brandVoiceNotes, channelMemberships, channels, mailOutbox, mailQuotas, users } from "../../worker/db/schema";
import { MAIL_LIMITS } from "../../worker/services/mail-quota";
import { chunk, rowsPerInsert } from "../../worker/db/batching";
import { api, apiWith, buildArticle, buildFolder, buildMember, buildUser, buildWorkspace, db, json, tokenFor } from "../factories";

const MB = 1024 * 1024;

function importFiles(workspaceId: number, token: string, files: { name: string; content: Uint8Array }[]) {
  const form = new FormData();
  for (const file of files) form.append("files", new File([file.content as BlobPart], file.name));
  return exports.default.fetch(`https://app.test/v1/w/${workspaceId}/imports`, { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form });
}

/**
 * A request handed straight to the Worker's fetch handler, so the test sees exactly what the
 * Worker pulls of its body (through `exports.default.fetch` a pipe reads ahead of it).
 */
async function sendToHandler(path: string, init: RequestInit) {
  const ctx = createExecutionContext();
  const request = new Request(`https://app.test/v1${path}`, init) as Request<unknown, IncomingRequestCfProperties>;
  const response = await worker.fetch(request, env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** Polls the job until it stops running. */
async function finished(key: string, token: string) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const { data } = await json(await exports.default.fetch(`https://app.test/v1/imports/${key}`, { headers: { Authorization: `Bearer ${token}` } }));
    if (!["pending", "started", "processing"].includes(data.status)) return data;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("import never finished");
}

async function importer() {
  const { workspace, owner } = await buildWorkspace();
  return { workspace, token: await tokenFor(owner) };
}

describe("import limits", () => {
  it("fails a zip bomb's job with the reason instead of inflating it", async () => {
    const { workspace, token } = await importer();
    // 4 MB of one letter (under the per-file cap, so it must be inflated to be judged)
    // deflates to about 4 KB: far past the 1:100 ratio.
    const bomb = zipSync({ "notes/huge.md": new Uint8Array(4 * MB).fill(97) }, { level: 9 });
    expect(bomb.byteLength).toBeLessThan(MB);
    const response = await importFiles(workspace.id, token, [{ name: "bomb.zip", content: bomb }]);
    expect(response.status).toBe(202);
    const job = await finished((await json(response)).data.key, token);
    expect(job.status).toBe("failed");
    expect(job.results).toEqual([expect.objectContaining({ name: "bomb.zip", error: expect.stringMatching(/expands more than 100 times/) })]);
  });

  it("refuses an archive with more entries than an import takes", async () => {
    const { workspace, token } = await importer();
    const entries = Object.fromEntries(Array.from({ length: 501 }, (_, index) => [`doc-${index}.md`, strToU8(`# Doc ${index}`)]));
    const response = await importFiles(workspace.id, token, [{ name: "many.zip", content: zipSync(entries) }]);
    const job = await finished((await json(response)).data.key, token);
    expect(job.status).toBe("failed");
    expect(job.results).toEqual([expect.objectContaining({ name: "many.zip", error: expect.stringMatching(/more than 500 files/) })]);
  });

  it("skips an entry over 5 MB by name and imports the rest of the archive", async () => {
    const { workspace, token } = await importer();
    const big = new Uint8Array(6 * MB).fill(98);
    const response = await importFiles(workspace.id, token, [{ name: "kit.zip", content: zipSync({ "big.md": big, "small.md": strToU8("# Small") }, { level: 0 }) }]);
    const job = await finished((await json(response)).data.key, token);
    expect(job.status).toBe("successful");
    const byName = Object.fromEntries(job.results.map((result: { name: string }) => [result.name, result]));
    expect(byName["kit/big.md"].error).toMatch(/at most 5 MB/);
    expect(byName["kit/small.md"].article_id).toBeTypeOf("number");
  });

  it("passes the import page's upload on to the API unread, and the job makes the document", async () => {
    const { workspace, token } = await importer();
    const form = new FormData();
    form.append("files", new File(["# From the page\n\nHello"], "page.md"));
    const response = await exports.default.fetch(`https://app.test/workspaces/${workspace.id}/import?index`, {
      method: "POST",
      headers: { Cookie: `${AUTH_COOKIE_NAME}=${encodeAuthState(authStateFor(`Bearer ${token}`))}`, Origin: "https://app.test", Host: "app.test" },
      body: form,
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    const key = response.headers.get("location")!.split("/").pop()!;
    const job = await finished(key, token);
    expect(job).toMatchObject({ status: "successful" });
    expect(job.results).toEqual([expect.objectContaining({ name: "page.md", article_id: expect.any(Number) })]);
  });

  it("ends an import that stopped making progress as timed out, with the reason, instead of leaving it running", async () => {
    const { workspace, owner } = await buildWorkspace();
    const token = await tokenFor(owner);
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60 * 1000);
    const job = (key: string, updatedAt: Date) => ({ workspaceId: workspace.id, key, status: "processing" as const, total: 3, processed: 1, results: [{ name: "a.md", articleId: 1 }], createdById: owner.id, updatedAt });
    await db.insert(importJobs).values([job("stalledimport001", minutesAgo(11)), job("movingimport0001", minutesAgo(2))]);
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "* * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    const stalled = (await json(await exports.default.fetch("https://app.test/v1/imports/stalledimport001", { headers: { Authorization: `Bearer ${token}` } }))).data;
    expect(stalled.status).toBe("expired");
    expect(stalled.results.at(-1)).toMatchObject({ name: "(import)", error: expect.stringMatching(/stopped before it finished/) });
    const moving = (await json(await exports.default.fetch("https://app.test/v1/imports/movingimport0001", { headers: { Authorization: `Bearer ${token}` } }))).data;
    expect(moving.status).toBe("processing");
  });

  it("refuses a body without Content-Length past 50 MB with 413, reading no more than 100 MB past the cap", async () => {
    const { workspace, token } = await importer();
    const head = strToU8('--x\r\nContent-Disposition: form-data; name="files"; filename="a.md"\r\nContent-Type: text/markdown\r\n\r\n');
    const chunk = new Uint8Array(MB).fill(97);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(head),
      pull(controller) {
        // Far past the 100 MB the Worker reads of a refused body: only a server that stops reading answers before its end.
        sent += chunk.byteLength;
        controller.enqueue(chunk);
        if (sent > 300 * MB) controller.close();
      },
    });
    const response = await sendToHandler(`/w/${workspace.id}/imports`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "multipart/form-data; boundary=x" },
      body,
    });
    expect(response.status).toBe(413);
    expect((await json(response)).message).toBe("Your file is over the 50 MB limit");
    // The cap, the ceiling, and the few 1 MB chunks a stream pulls ahead of its reader.
    expect(sent).toBeLessThan(MAX_UPLOAD_BYTES + DISCARD_LIMITS.bytes + 4 * MB);
    expect(await db.select().from(importJobs).where(eq(importJobs.workspaceId, workspace.id))).toEqual([]);
  });
});

describe("request body caps", () => {
  const stream = (text: string) => {
    const bytes = strToU8(text);
    return new ReadableStream<Uint8Array>({
      start(controller) {
        for (let offset = 0; offset < bytes.byteLength; offset += 64 * 1024) controller.enqueue(bytes.subarray(offset, offset + 64 * 1024));
        controller.close();
      },
    });
  };

  it("answers 413 with a clear message for a JSON body over 1 MB, before validating or saving it", async () => {
    const { workspace, token } = await importer();
    // Invalid as a folder (the name is far too long): a 400 would mean it was parsed.
    const body = { folder: { name: "Huge", description: "x".repeat(1.2 * MB) } };
    const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
    const response = await sendToHandler(`/w/${workspace.id}/folders`, { method: "POST", headers, body: JSON.stringify(body) });
    expect(response.status).toBe(413);
    expect(await json(response)).toMatchObject({ error: "payload_too_large", message: "The request body is over the 1 MB limit for this request" });

    const unsized = await sendToHandler(`/w/${workspace.id}/folders`, { method: "POST", headers, body: stream(JSON.stringify(body)) });
    expect(unsized.status).toBe(413);
    // Under the cap the same route still answers as before.
    expect((await api(`/w/${workspace.id}/folders`, { method: "POST", token, body: { folder: { name: "Small" } } })).status).toBe(201);
  });

  it("caps bodies of signed-out routes too", async () => {
    const body = JSON.stringify({ email: "a@b.example", password: "x".repeat(2 * MB) });
    const response = await sendToHandler("/users/sign_in", { method: "POST", headers: { "Content-Type": "application/json" }, body });
    expect(response.status).toBe(413);
  });

  it("takes a document request over 1 MB, and refuses one over the 2 MB document cap", async () => {
    const { workspace, owner } = await buildWorkspace();
    const token = await tokenFor(owner);
    const article = await buildArticle(workspace, owner);
    const update = (padding: number) =>
      sendToHandler(`/articles/${article.id}`, {
        method: "PUT",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        // JSON whitespace makes the request large without making the stored row large.
        body: JSON.stringify({ article: { markdown: "# Big plan\n\nSaved." } }) + " ".repeat(padding),
      });
    expect((await update(1.5 * MB)).status).toBe(200);
    const [stored] = await db.select().from(articles).where(eq(articles.id, article.id));
    expect(stored!.bodyText).toContain("Saved.");
    const huge = await update(2.5 * MB);
    expect(huge.status).toBe(413);
    expect((await json(huge)).message).toBe("The request body is over the 2 MB limit for this request");
  });

  it("names only routes that exist in its overrides", () => {
    const routes = new Set(apiApp.routes.map((route) => `${route.method} ${route.path}`));
    for (const key of Object.keys(BODY_LIMIT_OVERRIDES)) expect(routes.has(key), key).toBe(true);
  });
});

/**
 * A body that counts what the Worker pulled of it: `ended` once the Worker read it to its end,
 * as a connection needs before it can carry the next request.
 */
function countedBody(size: number, head = "", tail = "") {
  const parts = [strToU8(head)];
  for (let left = Math.round(size); left > 0; left -= MB) parts.push(new Uint8Array(Math.min(MB, left)).fill(97));
  parts.push(strToU8(tail));
  const seen = { parts: parts.length, pulled: 0, ended: false, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (seen.pulled === parts.length) {
        seen.ended = true;
        return controller.close();
      }
      controller.enqueue(parts[seen.pulled++]!);
    },
    cancel: () => void (seen.cancelled = true),
  });
  return { stream, seen, length: String(parts.reduce((sum, part) => sum + part.byteLength, 0)) };
}

describe("refused bodies", () => {
  const multipart = (size: number) =>
    countedBody(size, '--x\r\nContent-Disposition: form-data; name="files"; filename="a.md"\r\nContent-Type: text/markdown\r\n\r\n', "\r\n--x--\r\n");

  /** Sends a fresh `makeBody()` chunked, then with its length: each gets 413 with `message`, after the Worker read it to its end. */
  async function expectRefusedAfterReading(path: string, token: string, contentType: string, makeBody: () => ReturnType<typeof countedBody>, message: string) {
    for (const withLength of [false, true]) {
      const body = makeBody();
      const headers = { Authorization: `Bearer ${token}`, "Content-Type": contentType, ...(withLength ? { "Content-Length": body.length } : {}) };
      const response = await sendToHandler(path, { method: "POST", headers, body: body.stream });
      expect(response.status).toBe(413);
      expect((await json(response)).message).toBe(message);
      expect(body.seen, withLength ? "with its length" : "chunked").toMatchObject({ ended: true, cancelled: false });
    }
  }

  it("reads the rest of a body over the API cap, chunked or with its length, before answering 413, and saves nothing", async () => {
    const { workspace, token } = await importer();
    const body = () => countedBody(1.2 * MB, '{"folder":{"name":"Huge","description":"', '"}}');
    await expectRefusedAfterReading(`/w/${workspace.id}/folders`, token, "application/json", body, "The request body is over the 1 MB limit for this request");
    expect(await db.select().from(folders).where(eq(folders.workspaceId, workspace.id))).toEqual([]);
  });

  it("reads the rest of an import over 50 MB, chunked or with its length, before answering 413, and starts no job", async () => {
    const { workspace, token } = await importer();
    await expectRefusedAfterReading(`/w/${workspace.id}/imports`, token, "multipart/form-data; boundary=x", () => multipart(51 * MB), "Your file is over the 50 MB limit");
    expect(await db.select().from(importJobs).where(eq(importJobs.workspaceId, workspace.id))).toEqual([]);
  });

  it("reads the rest of an upload longer than announced (413) or without a length (411) before answering, and stores nothing", async () => {
    const { workspace, token } = await importer();
    const link = (await json(await api("/files/upload_url", { method: "POST", token, workspaceId: workspace.id, body: { filename: "ten.txt", content_type: "text/plain", size: 10 } }))).data;
    const longer = countedBody(2 * MB);
    const refused = await sendToHandler(link.upload_url.slice("/v1".length), { method: "PUT", headers: { "Content-Type": "text/plain", "Content-Length": longer.length }, body: longer.stream });
    expect(refused.status).toBe(413);
    expect((await json(refused)).message).toBe("The file is larger than the 10 bytes announced for it");
    expect(longer.seen).toMatchObject({ ended: true, cancelled: false });
    const unsized = countedBody(2 * MB);
    const asked = await sendToHandler(link.upload_url.slice("/v1".length), { method: "PUT", headers: { "Content-Type": "text/plain" }, body: unsized.stream });
    expect(asked.status).toBe(411);
    expect(unsized.seen).toMatchObject({ ended: true, cancelled: false });
    const [row] = await db.select().from(uploads).where(eq(uploads.id, link.id));
    expect(row!.status).toBe("pending");
    expect(await env.UPLOADS.head(row!.r2Key)).toBeNull();
  });

  it("reads the body of a request refused before its body (401) too", async () => {
    const { workspace } = await importer();
    const body = countedBody(10 * 1024, '{"article":{"title":"', '"}}');
    const response = await sendToHandler(`/w/${workspace.id}/articles`, { method: "POST", headers: { "Content-Type": "application/json", "Content-Length": body.length }, body: body.stream });
    expect(response.status).toBe(401);
    expect(body.seen).toMatchObject({ ended: true, cancelled: false });
  });

  it("stops reading a refused body that trickles past the time limit, or announces more than the ceiling", async () => {
    // One chunk, then nothing more for ever: a client trickling its bytes.
    let cancelled = false;
    const stalled = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(new Uint8Array(1024)),
      pull: () => new Promise<void>(() => undefined),
      cancel: () => void (cancelled = true),
    });
    await discardUnreadBody(new Request("https://app.test/", { method: "POST", body: stalled }), { ...DISCARD_LIMITS, ms: 50 });
    expect(cancelled).toBe(true);

    const huge = countedBody(2 * MB);
    await discardUnreadBody(new Request("https://app.test/", { method: "POST", headers: { "Content-Length": String(DISCARD_LIMITS.bytes + 1) }, body: huge.stream }));
    // Not read (a stream pulls its first chunk by itself), only cancelled.
    expect(huge.seen).toMatchObject({ pulled: 1, ended: false, cancelled: true });
  });
});

describe("long id lists (D1 binds at most 100 parameters per statement)", () => {
  it("lists 150 brand kits with their voice notes", async () => {
    const { workspace, owner } = await buildWorkspace();
    const rows = Array.from({ length: 150 }, (_, index) => ({ workspaceId: workspace.id, name: `Kit ${String(index).padStart(3, "0")}`, createdById: owner.id }));
    const kits = [];
    for (const part of chunk(rows, rowsPerInsert(8))) kits.push(...(await db.insert(brandKits).values(part).returning()));
    await db.insert(brandVoiceNotes).values({ brandKitId: kits.at(-1)!.id, type: "general", body: "Warm and direct." });
    const response = await api(`/w/${workspace.id}/brand_kits`, { token: await tokenFor(owner) });
    expect(response.status).toBe(200);
    const { data } = await json(response);
    expect(data).toHaveLength(150);
    expect(data.find((kit: { name: string }) => kit.name === "Kit 149").notes).toMatchObject({ general: "Warm and direct." });
  });

  it("lists 150 folders with their owners and counts", async () => {
    const { workspace, owner } = await buildWorkspace();
    const parent = await buildFolder(workspace, owner, { name: "Parent" });
    for (let index = 0; index < 150; index++) await buildFolder(workspace, owner, { name: `Sub ${index}`, parentId: parent.id });
    const response = await api(`/w/${workspace.id}/folders`, { token: await tokenFor(owner) });
    expect(response.status).toBe(200);
    const { data } = await json(response);
    expect(data).toHaveLength(151);
    expect(data.find((folder: { name: string }) => folder.name === "Parent")).toMatchObject({ folder_count: 150 });
  });

  it("takes a group's grants off 150 documents in one request", async () => {
    const { workspace, owner } = await buildWorkspace();
    const [group] = await db.insert(channels).values({ workspaceId: workspace.id, name: "Reviewers", createdById: owner.id }).returning();
    const docs = [];
    for (let index = 0; index < 150; index++) docs.push(await buildArticle(workspace, owner));
    for (const part of chunk(docs, rowsPerInsert(8))) {
      await db.insert(accesses).values(part.map((doc) => ({ workspaceId: workspace.id, articleId: doc.id, targetType: "Channel" as const, channelId: group!.id, permission: "read" as const })));
    }
    const ids = docs.map((doc) => doc.id);
    const response = await api(`/accesses/remove_multi_from_channel/${group!.id}`, { method: "DELETE", token: await tokenFor(owner), body: { article_ids: ids } });
    expect(response.status).toBe(200);
    expect(await db.select().from(accesses).where(eq(accesses.channelId, group!.id))).toHaveLength(0);
  });

  it("shares a document with as many groups as one share may name, and mails their members", async () => {
    const { workspace, owner } = await buildWorkspace();
    const article = await buildArticle(workspace, owner);
    const writer = await buildMember(workspace, "member");
    const rows = Array.from({ length: 100 }, (_, index) => ({ workspaceId: workspace.id, name: `Team ${index}`, createdById: owner.id }));
    const groups = [];
    for (const part of chunk(rows, rowsPerInsert(10))) groups.push(...(await db.insert(channels).values(part).returning()));
    await db.insert(channelMemberships).values({ channelId: groups.at(-1)!.id, userId: writer.user.id });
    const response = await api(`/articles/${article.id}/accesses`, {
      method: "POST",
      token: await tokenFor(owner),
      body: { member_accesses: groups.map((group) => ({ target_type: "Channel", target_id: group.id, permission: "read" })) },
    });
    expect(response.status).toBe(201);
    expect((await json(response)).meta).toMatchObject({ created: 100 });
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.to, writer.user.email))).toHaveLength(1);
  });
});

describe("outbound email limits", () => {
  // Limits count per clock hour: hold the clock mid-hour so a run that crosses an hour boundary
  // does not start a fresh window halfway through a test.
  beforeEach(() => {
    const midHour = new Date();
    midHour.setUTCMinutes(30, 0, 0);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(midHour);
  });
  afterEach(() => void vi.useRealTimers());

  let address = 0;
  const outsider = () => `outside-${Date.now()}-${++address}@mail.example`;
  const mailsTo = (to: string) => db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

  it("sends at most 5 password reset links an hour per address, known or not, then answers 429 with Retry-After", async () => {
    const user = await buildUser();
    for (const email of [user.email, outsider()]) {
      // A fresh IP per address, so the per-IP limit is not what answers here.
      const headers = { "CF-Connecting-IP": `198.51.100.${address}` };
      for (let attempt = 0; attempt < 5; attempt++) expect((await api("/users/password", { method: "POST", body: { email }, headers })).status).toBe(200);
      const refused = await api("/users/password", { method: "POST", body: { email }, headers });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect((await json(refused)).message).toMatch(/Too many password reset emails/);
    }
    expect((await mailsTo(user.email)).filter((mail) => mail.kind === "password_reset")).toHaveLength(5);
  });

  it("limits password reset requests from one IP across addresses", async () => {
    const headers = { "CF-Connecting-IP": "203.0.113.77" };
    const statuses = [];
    for (let attempt = 0; attempt < 31; attempt++) statuses.push((await api("/users/password", { method: "POST", body: { email: outsider() }, headers })).status);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it("stops a member's shares with a custom subject to outside addresses at the hourly cap, changing nothing", async () => {
    const { workspace, owner } = await buildWorkspace();
    const token = await tokenFor(owner);
    const article = await buildArticle(workspace, owner);
    const share = (emails: string[]) =>
      api(`/articles/${article.id}/accesses`, {
        method: "POST",
        token,
        body: { email_accesses: emails.map((email) => ({ email, permission: "read" })), subject: "You won a prize", html_message: "<p>Click here</p>" },
      });
    // 50 outside addresses: an invitation and a share email each, 100 emails outside the workspace.
    expect((await share(Array.from({ length: 50 }, outsider))).status).toBe(201);
    const extra = outsider();
    const refused = await share([extra]);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await json(refused)).message).toMatch(/more email than this account or workspace may send in an hour/);
    expect(await mailsTo(extra)).toHaveLength(0);
    expect(await db.select().from(users).where(eq(users.email, extra))).toHaveLength(0);
    expect(await db.select().from(accesses).where(eq(accesses.email, extra))).toHaveLength(0);
    // Sharing with a colleague still works: only mail outside the workspace is used up.
    const colleague = await buildMember(workspace);
    const inside = await api(`/articles/${article.id}/accesses`, { method: "POST", token, body: { member_accesses: [{ target_type: "User", target_id: colleague.user.id, permission: "read" }] } });
    expect(inside.status).toBe(201);
    expect(await mailsTo(colleague.user.email)).toHaveLength(1);
  });

  it("caps invitations per person per hour", async () => {
    const { workspace, owner } = await buildWorkspace();
    const token = await tokenFor(owner);
    // 100 invitations take more seats than Pro's 10: on the Team plan only the mail limit stops them.
    const invite = (emails: string[]) => apiWith({ DEFAULT_PLAN: "team" }, `/w/${workspace.id}/onboarding/invite`, { method: "POST", token, body: { emails } });
    expect((await invite(Array.from({ length: 50 }, outsider))).status).toBe(200);
    expect((await invite(Array.from({ length: 50 }, outsider))).status).toBe(200);
    const extra = outsider();
    const refused = await invite([extra]);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await mailsTo(extra)).toHaveLength(0);
  });

  it("counts access request emails to the owner against the requester's hourly limit", async () => {
    const { workspace, owner } = await buildWorkspace();
    const article = await buildArticle(workspace, owner);
    const member = await buildMember(workspace);
    const hour = 60 * 60 * 1000;
    // The member has already caused as much mail as an hour allows.
    await db.insert(mailQuotas).values({ key: `user:${member.user.id}`, windowStart: Math.floor(Date.now() / hour) * hour, count: MAIL_LIMITS.perUser });
    const response = await api(`/articles/${article.id}/access_requests`, { method: "POST", token: member.token, body: { permission: "read", message: "Let me in" } });
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await db.select().from(accessRequests).where(eq(accessRequests.articleId, article.id))).toHaveLength(0);
    expect(await mailsTo(owner.email)).toHaveLength(0);
  });

  it("does not hold up the workspace's identity provider: SCIM invitations are not limited", async () => {
    const { workspace, owner } = await buildWorkspace();
    const adminToken = await tokenFor(owner);
    const scimToken = (await json(await api("/scim/tokens", { method: "POST", token: adminToken, workspaceId: workspace.id, body: { name: "Okta" } }))).data.token;
    const hour = 60 * 60 * 1000;
    const windowStart = Math.floor(Date.now() / hour) * hour;
    // The workspace's people have used up every hourly allowance.
    await db.insert(mailQuotas).values([
      { key: `workspace:${workspace.id}`, windowStart, count: MAIL_LIMITS.perWorkspace },
      { key: `outside:workspace:${workspace.id}`, windowStart, count: MAIL_LIMITS.outsidePerWorkspace },
    ]);
    const email = outsider();
    const response = await exports.default.fetch("https://app.test/v1/scim/v2/Users", {
      method: "POST",
      headers: { Authorization: `Bearer ${scimToken}`, "Content-Type": "application/scim+json" },
      body: JSON.stringify({ schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"], userName: email, name: { givenName: "Dir", familyName: "Synced" } }),
    });
    expect(response.status).toBe(201);
    expect(await mailsTo(email)).toHaveLength(1);
    // A person in the same workspace is refused.
    const refused = await api(`/w/${workspace.id}/onboarding/invite`, { method: "POST", token: adminToken, body: { emails: [outsider()] } });
    expect(refused.status).toBe(429);
  });
});
