import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ApiScope } from "../../core/contracts/api-keys";
import { apiKeys, events, scheduledPosts } from "../../worker/db/schema";
import { createPersonalToken, createWorkspaceKey, revokeKey } from "../../worker/services/api-keys/keys";
import { api, buildMember, buildWorkspace, db, json } from "../factories";

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
