import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ApiScope } from "../../core/contracts/api-keys";
import { campaigns } from "../../worker/db/schema";
import { createWorkspaceKey } from "../../worker/services/api-keys/keys";
import { addMember, api, buildUser, buildWorkspace, db, json } from "../factories";

/** A workspace, its owner and a workspace key with `scopes`. */
async function workspaceWithKey(scopes: ApiScope[] = ["read", "write"]) {
  const { workspace, owner } = await buildWorkspace();
  const { key, token } = await createWorkspaceKey(db, workspace.id, owner, { name: "Zapier", scopes });
  return { workspace, owner, key, token };
}

const campaignBrief = {
  name: "Spring menu",
  brief: "Announce the spring menu: three new seasonal drinks, for regulars and newcomers.",
  starts_on: "2027-03-01",
  ends_on: "2027-03-14",
  channels: ["twitter", "linkedin"],
  strategy: "CrosspostStrategy",
};

/** Every page of a list, following `next_cursor`; each page's ids. */
async function allPages(path: string, token: string, limit: number) {
  const pages: number[][] = [];
  let cursor: string | null = null;
  do {
    const query: string = `limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const response = await api(`${path}?${query}`, { token });
    expect(response.status).toBe(200);
    const body = await json(response);
    pages.push(body.data.map((row: { id: number }) => row.id));
    cursor = body.meta.next_cursor;
  } while (cursor && pages.length < 20);
  return pages;
}

describe("campaigns with a workspace key", () => {
  it("creates a campaign with the offline writer and reads it back, pieces and all", async () => {
    const { workspace, token, key } = await workspaceWithKey();
    const created = await api(`/w/${workspace.id}/campaigns`, { method: "POST", token, body: campaignBrief });
    expect(created.status).toBe(201);
    const { data } = await json(created);
    expect(data).toMatchObject({ name: "Spring menu", status: "ready", channels: ["twitter", "linkedin"] });
    expect(data.items.length).toBeGreaterThan(0);

    const read = await api(`/campaigns/${data.id}`, { token });
    expect(read.status).toBe(200);
    expect((await json(read)).data.items.map((item: { id: number }) => item.id)).toEqual(data.items.map((item: { id: number }) => item.id));
    const [row] = await db.select().from(campaigns).where(eq(campaigns.id, data.id));
    expect(row!.createdById).toBe(key.userId);

    const item = data.items[0];
    const edited = await api(`/campaign_items/${item.id}`, { method: "PATCH", token, body: { body: "Three new spring drinks, from today." } });
    expect((await json(edited)).data).toMatchObject({ body: "Three new spring drinks, from today.", status: "draft" });
    const approved = await api(`/campaign_items/${item.id}/approve`, { method: "POST", token });
    expect((await json(approved)).data.status).toBe("approved");
    const rewritten = await api(`/campaign_items/${item.id}/regenerate`, { method: "POST", token });
    expect(rewritten.status).toBe(200);
    expect((await json(rewritten)).data.status).toBe("draft");
  });

  it("a read key reads campaigns but cannot create one", async () => {
    const { workspace, token } = await workspaceWithKey(["read"]);
    const refused = await api(`/w/${workspace.id}/campaigns`, { method: "POST", token, body: campaignBrief });
    expect(refused.status).toBe(403);
    expect(await json(refused)).toMatchObject({ error: "missing_scope", scope: "write" });
    expect((await api(`/w/${workspace.id}/campaigns`, { token })).status).toBe(200);
  });

  it("pages campaigns by cursor without repeating or skipping one, and refuses another list's cursor", async () => {
    const { workspace, owner, token } = await workspaceWithKey();
    // Five campaigns, two sharing an updated_at, so the id must break the tie.
    const at = (minutes: number) => new Date(Date.UTC(2027, 0, 1, 0, minutes));
    const rows = await db
      .insert(campaigns)
      .values([0, 1, 1, 2, 3].map((minutes, index) => ({ workspaceId: workspace.id, name: `C${index}`, brief: "A brief long enough.", channels: ["twitter" as const], strategy: "CrosspostStrategy" as const, createdById: owner.id, updatedAt: at(minutes) })))
      .returning();
    const expected = [...rows].sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || b.id - a.id).map((row) => row.id);

    const pages = await allPages(`/w/${workspace.id}/campaigns`, token, 2);
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    expect(pages.flat()).toEqual(expected);

    const kits = await json(await api(`/w/${workspace.id}/brand_kits?limit=1`, { token }));
    await api(`/w/${workspace.id}/brand_kits`, { method: "POST", token, body: { name: "One" } });
    await api(`/w/${workspace.id}/brand_kits`, { method: "POST", token, body: { name: "Two" } });
    const kitPage = await json(await api(`/w/${workspace.id}/brand_kits?limit=1`, { token }));
    expect(kits.meta.next_cursor).toBeNull();
    const foreign = await api(`/w/${workspace.id}/campaigns?cursor=${kitPage.meta.next_cursor}`, { token });
    expect(foreign.status).toBe(400);
    expect((await json(foreign)).fields).toHaveProperty("cursor");
  });

  it("another workspace's campaigns and pieces are 404 to a key", async () => {
    const mine = await workspaceWithKey();
    const theirs = await workspaceWithKey();
    const { data } = await json(await api(`/w/${theirs.workspace.id}/campaigns`, { method: "POST", token: theirs.token, body: campaignBrief }));
    expect((await api(`/campaigns/${data.id}`, { token: mine.token })).status).toBe(404);
    expect((await api(`/campaign_items/${data.items[0].id}/approve`, { method: "POST", token: mine.token })).status).toBe(404);
    expect((await api(`/w/${theirs.workspace.id}/campaigns`, { token: mine.token })).status).toBe(404);
  });
});

describe("generation, knowledge and brand kits with a workspace key", () => {
  it("generates with the offline writer as a stream, then reads the month's usage; the job's record is not public", async () => {
    const { workspace, token } = await workspaceWithKey();
    const response = await api(`/w/${workspace.id}/generations`, { method: "POST", token, body: { kind: "blog_outline", brief: { topic: "Three spring drinks to try this week", length: "short" } } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const stream = await response.text();
    expect(stream).toMatch(/^event: job\n/);
    expect(stream).toContain("event: done\n");
    const id = Number(response.headers.get("x-generation-id"));
    expect(id).toBeGreaterThan(0);
    expect(await json(await api(`/generations/${id}`, { token }))).toMatchObject({ error: "not_public" });
    const usage = await json(await api(`/w/${workspace.id}/generations/usage`, { token }));
    expect(usage.data.generations).toBe(1);
  });

  it("adds knowledge, finds it by search, and pages brand kits in their order", async () => {
    const { workspace, token } = await workspaceWithKey();
    const added = await api(`/w/${workspace.id}/knowledge_sources`, { method: "POST", token, body: { source: { type: "text", title: "Spring menu", text: "Our spring menu brings a rhubarb soda, a cold-brew tonic and a lavender latte." } } });
    expect(added.status).toBe(201);
    const found = await json(await api(`/w/${workspace.id}/knowledge_sources/search?q=rhubarb`, { token }));
    expect(found.data[0]).toMatchObject({ source_title: "Spring menu" });
    const listed = await json(await api(`/w/${workspace.id}/knowledge_sources?limit=1`, { token }));
    expect(listed).toMatchObject({ data: [{ title: "Spring menu", passages: 1 }], meta: { next_cursor: null } });

    for (const name of ["beta", "Alpha", "gamma"]) await api(`/w/${workspace.id}/brand_kits`, { method: "POST", token, body: { name } });
    await api(`/w/${workspace.id}/brand_kits`, { method: "POST", token, body: { name: "Zed", is_default: true } });
    const pages = await allPages(`/w/${workspace.id}/brand_kits`, token, 3);
    const names = await json(await api(`/w/${workspace.id}/brand_kits`, { token }));
    expect(names.data.map((kit: { name: string }) => kit.name)).toEqual(["Zed", "Alpha", "beta", "gamma"]);
    expect(pages.flat()).toEqual(names.data.map((kit: { id: number }) => kit.id));
    expect(pages.map((page) => page.length)).toEqual([3, 1]);
  });
});

describe("workspaces, members and the caller with a workspace key", () => {
  it("GET /v1/w shows a workspace key only its own workspace, with the role it acts with", async () => {
    const { workspace, owner, token } = await workspaceWithKey(["read", "admin"]);
    // The key's creator works elsewhere too; the key still sees only its workspace.
    await buildWorkspace({ owner });
    const listed = await json(await api("/w", { token }));
    expect(listed.data).toEqual([expect.objectContaining({ id: workspace.id, role: "admin" })]);
    const read = await json(await api(`/w/${workspace.id}`, { token }));
    expect(read.data).toMatchObject({ id: workspace.id, role: "admin" });
  });

  it("users/self tells a script which key, workspace, role and scopes it acts with", async () => {
    const { workspace, key, token } = await workspaceWithKey(["read"]);
    const self = await json(await api("/users/self", { token }));
    expect(self.data).toMatchObject({ id: key.userId, has_password: false, api_key: { id: key.id, name: "Zapier", kind: "workspace", workspace_id: workspace.id, scopes: ["read"], role: "member" } });
  });

  it("lists members without key users, paged by cursor, and a key is not a member", async () => {
    const { workspace, key, token } = await workspaceWithKey();
    await createWorkspaceKey(db, workspace.id, { id: key.createdById! }, { name: "Make", scopes: ["read"] });
    for (const firstName of ["Bea", "ann", "Cid", "ann"]) await addMember(workspace, await buildUser({ firstName }));
    const all = await json(await api(`/w/${workspace.id}/members?per_page=100`, { token }));
    const ids = all.data.map((member: { id: number }) => member.id);
    expect(ids).not.toContain(key.userId);
    expect(all.data.every((member: { email: string }) => !member.email.endsWith("@keys.invalid"))).toBe(true);
    expect(all.meta.total).toBe(ids.length);
    const pages = await allPages(`/w/${workspace.id}/members`, token, 2);
    expect(pages.flat()).toEqual(ids);
    expect(pages.length).toBe(Math.ceil(ids.length / 2));
    expect((await api(`/w/${workspace.id}/members/${key.userId}`, { token })).status).toBe(404);
  });
});

describe("the content routes in /v1/openapi.json", () => {
  it("documents each with its scope and a list's cursor", async () => {
    const document = await json(await api("/openapi.json"));
    const scope = (path: string, method: string) => document.paths[path]?.[method]?.["x-scope"];
    expect(scope("/v1/w/{ws}/campaigns", "post")).toBe("write");
    expect(scope("/v1/w/{ws}/campaigns", "get")).toBe("read");
    expect(scope("/v1/campaign_items/{id}/approve", "post")).toBe("write");
    expect(scope("/v1/brand_kits/{id}", "delete")).toBe("write");
    expect(scope("/v1/w/{ws}/knowledge_sources/search", "get")).toBe("read");
    expect(scope("/v1/users/self", "get")).toBe("read");
    expect(scope("/v1/w/{ws}/members", "get")).toBe("read");
    expect(document.paths["/v1/w/{ws}/generations"].post.description).toContain("text/event-stream");
    const listParameters = document.paths["/v1/w/{ws}/brand_kits"].get.parameters.map((parameter: { name: string }) => parameter.name);
    expect(listParameters).toEqual(expect.arrayContaining(["cursor", "limit"]));
  });
});
