import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ApiScope } from "../../core/contracts/api-keys";
import { apiKeys, events, scheduledPosts } from "../../worker/db/schema";
import { createPersonalToken, createWorkspaceKey, revokeKey } from "../../worker/services/api-keys/keys";
import { api, buildMember, buildUser, buildWorkspace, db, json, tokenFor } from "../factories";

async function workspaceWithKey(scopes: ApiScope[] = ["read"], expiresInDays?: number) {
  const { workspace, owner } = await buildWorkspace();
  const { key, token } = await createWorkspaceKey(db, workspace.id, owner, { name: "Zapier", scopes, expires_in_days: expiresInDays });
  const [post] = await db.insert(scheduledPosts).values({ workspaceId: workspace.id, authorId: owner.id, text: "Spring menu is out", publishAt: Date.now() + 3_600_000 }).returning();
  return { workspace, owner, key, token, post: post! };
}

describe("API keys", () => {
  it("a workspace key reads its workspace's public routes without naming the workspace, and each call is audited", async () => {
    const { workspace, key, token, post } = await workspaceWithKey();
    const response = await api(`/posts/${post.id}`, { token });
    expect(response.status).toBe(200);
    expect((await json(response)).data.text).toBe("Spring menu is out");

    const [audit] = await db.select().from(events).where(eq(events.workspaceId, workspace.id));
    expect(audit).toMatchObject({ name: "api_key.request", properties: { api_key_id: key.id, method: "GET", route: "/v1/posts/:id", status: 200 } });
    const [used] = await db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(used!.lastUsedAt).not.toBeNull();
  });

  it("a key never reaches another workspace's data", async () => {
    const { token } = await workspaceWithKey();
    const other = await workspaceWithKey();
    expect((await api(`/posts/${other.post.id}`, { token })).status).toBe(404);
    expect((await api(`/posts/${other.post.id}`, { token, workspaceId: other.workspace.id })).status).toBe(404);
  });

  it("refuses routes outside the public API, revoked keys and expired keys", async () => {
    const { workspace, key, token, post } = await workspaceWithKey(["read", "write", "publish", "admin"]);
    const internal = await api(`/w/${workspace.id}/settings/members`, { token });
    expect(internal.status).toBe(403);
    expect(await json(internal)).toMatchObject({ error: "not_public" });

    await revokeKey(db, key);
    const revoked = await api(`/posts/${post.id}`, { token });
    expect(revoked.status).toBe(401);

    const expired = await workspaceWithKey(["read"], 1);
    await db.update(apiKeys).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(apiKeys.id, expired.key.id));
    const late = await api(`/posts/${expired.post.id}`, { token: expired.token });
    expect(late.status).toBe(401);
    expect(await json(late)).toMatchObject({ error: "api_key_expired" });
  });

  it("a key without the route's scope is refused", async () => {
    const { token, post } = await workspaceWithKey(["write"]);
    const response = await api(`/posts/${post.id}`, { token });
    expect(response.status).toBe(403);
    expect(await json(response)).toMatchObject({ error: "missing_scope", scope: "read" });
  });

  it("a personal token acts as its owner where they are a member, and nowhere else", async () => {
    const { workspace, post } = await workspaceWithKey();
    const { user } = await buildMember(workspace, "member");
    const { token } = await createPersonalToken(db, user, { name: "My script", scopes: ["read"] });
    expect((await api(`/posts/${post.id}`, { token })).status).toBe(200);
    const stranger = await workspaceWithKey();
    expect((await api(`/posts/${stranger.post.id}`, { token })).status).toBe(404);
  });
});

describe("managing keys", () => {
  async function adminWorkspace() {
    const { workspace, owner } = await buildWorkspace();
    return { workspace, owner, session: await tokenFor(owner) };
  }
  const createKey = (workspaceId: number, session: string, body: unknown) => api(`/w/${workspaceId}/api_keys`, { method: "POST", token: session, body });

  it("post /w/:ws/api_keys: an admin sees the secret once, the list never shows it, and the key works", async () => {
    const { workspace, owner, session } = await adminWorkspace();
    const created = await createKey(workspace.id, session, { name: "Zapier", scopes: ["read", "publish"], expires_in_days: 30 });
    expect(created.status).toBe(201);
    const { data: key } = await json(created);
    expect(key).toMatchObject({ name: "Zapier", kind: "workspace", scopes: ["read", "publish"], workspace_id: workspace.id, revoked_at: null, last_used_at: null });
    expect(key.created_by).toEqual({ id: owner.id, name: expect.any(String) });
    expect(key.token).toMatch(/^bw_/);
    expect(key.token.startsWith(key.prefix)).toBe(true);
    expect(Date.parse(key.expires_at) - Date.now()).toBeGreaterThan(29 * 86_400_000);

    const listed = await api(`/w/${workspace.id}/api_keys`, { token: session });
    expect(listed.status).toBe(200);
    const text = await listed.text();
    expect(text).not.toContain(key.token);
    expect(JSON.parse(text).data).toEqual([expect.objectContaining({ id: key.id, name: "Zapier", prefix: key.prefix })]);
    expect(JSON.parse(text).data[0]).not.toHaveProperty("token");

    const [post] = await db.insert(scheduledPosts).values({ workspaceId: workspace.id, authorId: owner.id, text: "Through Zapier", publishAt: Date.now() + 3_600_000 }).returning();
    expect((await api(`/posts/${post!.id}`, { token: key.token })).status).toBe(200);
  });

  it("a member cannot create a workspace key (403) but sees the list, and makes a personal token of their own", async () => {
    const { workspace, session } = await adminWorkspace();
    await createKey(workspace.id, session, { name: "Make", scopes: ["read"] });
    const member = await buildMember(workspace, "member");
    const refused = await createKey(workspace.id, member.token, { name: "Mine", scopes: ["read"] });
    expect(refused.status).toBe(403);
    const seen = await json(await api(`/w/${workspace.id}/api_keys`, { token: member.token }));
    expect(seen.data.map((key: { name: string }) => key.name)).toEqual(["Make"]);
    expect((await api(`/w/${workspace.id}/api_keys/${seen.data[0].id}/calls`, { token: member.token })).status).toBe(403);

    const personal = await api("/users/self/tokens", { method: "POST", token: member.token, body: { name: "My script", scopes: ["read"] } });
    expect(personal.status).toBe(201);
    const { data: token } = await json(personal);
    expect(token).toMatchObject({ kind: "personal", workspace_id: null, created_by: { id: member.user.id } });
    const mine = await json(await api("/users/self/tokens", { token: member.token }));
    expect(mine.data).toEqual([expect.objectContaining({ id: token.id, name: "My script" })]);
    expect(JSON.stringify(mine)).not.toContain(token.token);
    // Someone else's tokens list does not hold it, and they cannot revoke it.
    expect((await json(await api("/users/self/tokens", { token: session }))).data).toEqual([]);
    expect((await api(`/users/self/tokens/${token.id}`, { method: "DELETE", token: session })).status).toBe(404);
  });

  it("delete /w/:ws/api_keys/:id revokes the key: its next call is a 401, and the list marks it", async () => {
    const { workspace, owner, session } = await adminWorkspace();
    const [post] = await db.insert(scheduledPosts).values({ workspaceId: workspace.id, authorId: owner.id, text: "Revoked soon", publishAt: Date.now() + 3_600_000 }).returning();
    const { data: key } = await json(await createKey(workspace.id, session, { name: "n8n", scopes: ["read"] }));
    expect((await api(`/posts/${post!.id}`, { token: key.token })).status).toBe(200);

    const revoked = await api(`/w/${workspace.id}/api_keys/${key.id}`, { method: "DELETE", token: session });
    expect(revoked.status).toBe(200);
    expect((await json(revoked)).data.revoked_at).not.toBeNull();
    expect((await api(`/posts/${post!.id}`, { token: key.token })).status).toBe(401);
    const [listed] = (await json(await api(`/w/${workspace.id}/api_keys`, { token: session }))).data;
    expect(listed).toMatchObject({ id: key.id, revoked_at: expect.any(String) });
  });

  it("a personal token revoked by its owner stops working", async () => {
    const { workspace, session } = await adminWorkspace();
    const { data: token } = await json(await api("/users/self/tokens", { method: "POST", token: session, body: { name: "Laptop", scopes: ["read"] } }));
    expect((await api(`/users/self/tokens/${token.id}`, { method: "DELETE", token: session })).status).toBe(200);
    expect((await api(`/w/${workspace.id}/posts`, { token: token.token })).status).toBe(401);
  });

  it("another workspace's key id is a 404, for the list of calls and for revoking", async () => {
    const mine = await adminWorkspace();
    const theirs = await adminWorkspace();
    const { data: key } = await json(await createKey(theirs.workspace.id, theirs.session, { name: "Theirs", scopes: ["read"] }));
    expect((await api(`/w/${mine.workspace.id}/api_keys/${key.id}`, { method: "DELETE", token: mine.session })).status).toBe(404);
    expect((await api(`/w/${mine.workspace.id}/api_keys/${key.id}/calls`, { token: mine.session })).status).toBe(404);
    // A personal token is not a workspace key either.
    const { data: personal } = await json(await api("/users/self/tokens", { method: "POST", token: mine.session, body: { name: "Mine", scopes: ["read"] } }));
    expect((await api(`/w/${mine.workspace.id}/api_keys/${personal.id}`, { method: "DELETE", token: mine.session })).status).toBe(404);
    const [still] = await db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(still!.revokedAt).toBeNull();
  });

  it("get /w/:ws/api_keys/:id/calls lists the key's audited calls, newest first, by page and by cursor", async () => {
    const { workspace, owner, session } = await adminWorkspace();
    const [post] = await db.insert(scheduledPosts).values({ workspaceId: workspace.id, authorId: owner.id, text: "Audited", publishAt: Date.now() + 3_600_000 }).returning();
    const { data: key } = await json(await createKey(workspace.id, session, { name: "Audited", scopes: ["read"] }));
    const { data: other } = await json(await createKey(workspace.id, session, { name: "Other", scopes: ["read"] }));
    await api(`/posts/${post!.id}`, { token: key.token });
    await api(`/posts/999999999`, { token: key.token });
    await api(`/w/${workspace.id}/settings/members`, { token: key.token });
    await api(`/posts/${post!.id}`, { token: other.token });

    const answer = await json(await api(`/w/${workspace.id}/api_keys/${key.id}/calls`, { token: session }));
    expect(answer.data.map((call: { status: number }) => call.status)).toEqual([404, 200]);
    expect(answer.data[1]).toMatchObject({ method: "GET", route: "/v1/posts/:id", status: 200, at: expect.any(String) });
    expect(answer.meta).toMatchObject({ total: 2, next_cursor: null });

    const first = await json(await api(`/w/${workspace.id}/api_keys/${key.id}/calls?limit=1`, { token: session }));
    expect(first.data).toHaveLength(1);
    const second = await json(await api(`/w/${workspace.id}/api_keys/${key.id}/calls?limit=1&cursor=${first.meta.next_cursor}`, { token: session }));
    expect(second.data.map((call: { id: number }) => call.id)).toEqual([answer.data[1].id]);
    expect(second.meta.next_cursor).toBeNull();
    const foreign = await api(`/w/${workspace.id}/api_keys/${other.id}/calls?cursor=${first.meta.next_cursor}`, { token: session });
    expect(foreign.status).toBe(400);
    expect(await json(foreign)).toMatchObject({ fields: { cursor: expect.any(Array) } });
  });

  it("a bad body is a 400 naming the field", async () => {
    const { workspace, session } = await adminWorkspace();
    const noScopes = await createKey(workspace.id, session, { name: "Nothing", scopes: [] });
    expect(noScopes.status).toBe(400);
    expect((await json(noScopes)).fields).toHaveProperty("scopes");
    const badScope = await createKey(workspace.id, session, { name: "Root", scopes: ["root"] });
    expect((await json(badScope)).fields).toHaveProperty(["scopes.0"]);
    const blank = await api("/users/self/tokens", { method: "POST", token: session, body: { name: " ", scopes: ["read"], expires_in_days: 0 } });
    expect(blank.status).toBe(400);
    expect(Object.keys((await json(blank)).fields).sort()).toEqual(["expires_in_days", "name"]);
  });

  it("someone impersonating a user cannot leave a key behind", async () => {
    const { workspace, owner } = await adminWorkspace();
    const impersonated = await tokenFor(owner, (await buildUser({ isSuperAdmin: true })).id);
    expect((await createKey(workspace.id, impersonated, { name: "Left behind", scopes: ["read"] })).status).toBe(403);
    expect((await api("/users/self/tokens", { method: "POST", token: impersonated, body: { name: "Left behind", scopes: ["read"] } })).status).toBe(403);
    expect(await db.select().from(apiKeys).where(eq(apiKeys.createdById, owner.id))).toEqual([]);
  });

  it("a key cannot manage keys: these routes take a person's session only", async () => {
    const { workspace, session } = await adminWorkspace();
    const { data: key } = await json(await createKey(workspace.id, session, { name: "Admin key", scopes: ["read", "write", "publish", "admin"] }));
    const minted = await createKey(workspace.id, key.token, { name: "Escalated", scopes: ["admin"] });
    expect(minted.status).toBe(403);
    expect((await api("/users/self/tokens", { token: key.token })).status).toBe(403);
  });
});

describe("GET /v1/openapi.json", () => {
  it("documents the public routes, with their scope, request and answer, and nothing internal", async () => {
    const response = await api("/openapi.json");
    expect(response.status).toBe(200);
    const document = await json(response);
    expect(document.openapi).toBe("3.1.0");
    const operation = document.paths["/v1/posts/{id}"].get;
    expect(operation["x-scope"]).toBe("read");
    expect(operation.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ in: "path", name: "id", required: true })]));
    expect(operation.responses["200"].content["application/json"].schema.properties.data.properties.targets.type).toBe("array");
    expect(document.paths["/v1/w/{ws}/settings/members"]).toBeUndefined();
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
  });
});
