import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { knowledgePassages, knowledgeSources } from "../../worker/db/schema";
import { anyTermsExpression } from "../../worker/services/knowledge";
import { api, buildArticle, buildMember, buildWorkspace, db, json, tokenFor } from "../factories";

async function setup() {
  const { workspace, owner } = await buildWorkspace();
  return { workspace, owner, token: await tokenFor(owner) };
}

const add = (workspaceId: number, token: string, source: unknown) => api(`/w/${workspaceId}/knowledge_sources`, { method: "POST", token, body: { source } });

afterEach(() => vi.restoreAllMocks());

describe("knowledge sources", () => {
  it("stores a text source as passages and finds the relevant one for a brief", async () => {
    const { workspace, token } = await setup();
    const long = `Our delivery vans run on electricity and reach every district by noon.\n\n${"Filler about the weather in spring. ".repeat(40)}\n\nThe loyalty programme gives every tenth coffee free.`;
    const response = await add(workspace.id, token, { type: "text", title: "Company facts", text: long });
    expect(response.status).toBe(201);
    const { data } = await json(response);
    expect(data).toMatchObject({ type: "text", title: "Company facts", passages: 4 });
    const found = await json(await api(`/w/${workspace.id}/knowledge_sources/search?q=${encodeURIComponent("How does the loyalty programme work?")}`, { token }));
    expect(found.data[0]).toMatchObject({ source_title: "Company facts" });
    expect(found.data[0].text).toContain("tenth coffee free");
  });

  it("reads a document the member may read, and refuses one from another workspace", async () => {
    const { workspace, owner, token } = await setup();
    const article = await buildArticle(workspace, owner, { title: "Pricing", text: "Plans start at nine euros a month for small teams." });
    const created = await json(await add(workspace.id, token, { type: "article", article_id: article.id }));
    expect(created.data).toMatchObject({ type: "article", title: "Pricing", article_id: article.id });
    const other = await buildWorkspace();
    const foreign = await buildArticle(other.workspace, other.owner, { text: "Secret plans for the other company." });
    const refused = await add(workspace.id, token, { type: "article", article_id: foreign.id });
    expect(refused.status).toBe(400);
    expect((await json(refused)).fields).toEqual({ "source.article_id": ["was not found"] });
  });

  it("refuses a URL on a private network and an unknown type, storing nothing", async () => {
    const { workspace, token } = await setup();
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const privateUrl = await add(workspace.id, token, { type: "url", url: "http://127.0.0.1:8787/v1/health" });
    expect(privateUrl.status).toBe(400);
    expect(fetchSpy).not.toHaveBeenCalled();
    const unknown = await add(workspace.id, token, { type: "video", url: "x" });
    expect(unknown.status).toBe(400);
    expect(await db.select().from(knowledgeSources).where(eq(knowledgeSources.workspaceId, workspace.id))).toEqual([]);
  });

  it("reads a public page through the safe fetcher", async () => {
    const { workspace, token } = await setup();
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.startsWith("https://cloudflare-dns.com/")) {
        return Response.json({ Answer: url.includes("type=A&") || url.endsWith("type=A") ? [{ type: 1, data: "93.184.216.34" }] : [] });
      }
      return new Response("<html><head><title>About us</title></head><body><h1>About</h1><p>We roast coffee in Lyon since 1998.</p></body></html>", { headers: { "content-type": "text/html" } });
    });
    const { data } = await json(await add(workspace.id, token, { type: "url", url: "https://example.com/about" }));
    expect(data).toMatchObject({ type: "url", title: "About us", url: "https://example.com/about", passages: 1 });
  });

  it("lists and deletes sources for members only; the passages go with them", async () => {
    const { workspace, token } = await setup();
    const { data: source } = await json(await add(workspace.id, token, { type: "text", text: "A short fact about our return policy: thirty days." }));
    const guest = await buildMember(workspace, "guest");
    expect((await api(`/w/${workspace.id}/knowledge_sources`, { token: guest.token })).status).toBe(403);
    expect((await api(`/knowledge_sources/${source.id}`, { method: "DELETE", token: guest.token })).status).toBe(404);
    expect((await json(await api(`/w/${workspace.id}/knowledge_sources`, { token }))).data).toHaveLength(1);
    expect((await api(`/knowledge_sources/${source.id}`, { method: "DELETE", token })).status).toBe(204);
    expect(await db.select().from(knowledgePassages).where(eq(knowledgePassages.sourceId, source.id))).toEqual([]);
    const search = await json(await api(`/w/${workspace.id}/knowledge_sources/search?q=return%20policy`, { token }));
    expect(search.data).toEqual([]);
  });

  it("builds search expressions only from words, so no input breaks FTS5", () => {
    expect(anyTermsExpression('the "loyalty" OR programme) NEAR(')).toBe('"loyalty" OR "programme" OR "near"');
    expect(anyTermsExpression("a an of")).toBeNull();
  });
});
