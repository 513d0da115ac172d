import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { generationRequestSchema } from "../../core/contracts/content";
import { articles, generationJobs } from "../../worker/db/schema";
import { finishGeneration } from "../../worker/services/generation";
import { api, buildMember, buildWorkspace, db, json, tokenFor } from "../factories";

async function setup() {
  const { workspace, owner } = await buildWorkspace();
  return { workspace, owner, token: await tokenFor(owner) };
}

/** The server-sent events of a response, in order. */
async function events(response: Response) {
  const text = await response.text();
  return text
    .split("\n\n")
    .filter(Boolean)
    .map((block) => {
      const event = block.match(/^event: (.+)$/m)![1]!;
      return { event, data: JSON.parse(block.match(/^data: (.+)$/m)![1]!) };
    });
}

const generate = (workspaceId: number, token: string, body: unknown) => api(`/w/${workspaceId}/generations`, { method: "POST", token, body });

describe("POST /w/:ws/generations", () => {
  it("streams an outline from the offline writer in the brand's voice and records the job", async () => {
    const { workspace, token } = await setup();
    await api(`/w/${workspace.id}/brand_kits`, { method: "POST", token, body: { name: "Acme", notes: { product_or_service_description: "Acme plans your week of meals." } } });
    const response = await generate(workspace.id, token, { kind: "blog_outline", brief: { topic: "Meal prep for busy parents", length: "short" } });
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const stream = await events(response);
    expect(stream[0]).toMatchObject({ event: "job", data: { provider: "offline", brand_kit: { name: "Acme" } } });
    expect(stream[0]!.data.provider_label).toContain("Offline writer");
    expect(stream.filter((e) => e.event === "text").length).toBeGreaterThan(3);
    const done = stream.at(-1)!;
    expect(done.event).toBe("done");
    expect(done.data.result.outline.at(-1)).toMatchObject({ heading: "How Acme helps", points: expect.arrayContaining(["Acme plans your week of meals"]) });
    const [job] = await db.select().from(generationJobs).where(eq(generationJobs.id, done.data.id));
    expect(job).toMatchObject({ status: "successful", kind: "blog_outline", provider: "offline" });
    expect(job!.characters).toBeGreaterThan(100);
  });

  it("writes a draft that becomes a document in the workspace", async () => {
    const { workspace, owner, token } = await setup();
    const stream = await events(
      await generate(workspace.id, token, {
        kind: "blog_draft",
        brief: { topic: "Spring cleaning for your inbox", keywords: ["inbox zero"], length: "short", outline: [{ heading: "Start with the oldest mail", points: ["Archive in bulk"] }] },
      }),
    );
    const done = stream.at(-1)!;
    expect(done.event).toBe("done");
    const [article] = await db.select().from(articles).where(eq(articles.id, done.data.article.id));
    expect(article).toMatchObject({ ownerId: owner.id, workspaceId: workspace.id });
    // The title holds the subject in one of the writer's title shapes, which the job's id picks.
    expect(article!.title).toMatch(/spring cleaning for your inbox/i);
    expect(article!.bodyText).toContain("Start with the oldest mail");
    expect(done.data.article.slug).toMatch(new RegExp(`^[a-z0-9-]*spring-cleaning-for-your-inbox.*-${article!.id}$`));
  });

  it("refuses a bad brief with 400 naming the field, and another workspace's brand kit with 404, creating no job", async () => {
    const { workspace, token } = await setup();
    const missing = await generate(workspace.id, token, { kind: "blog_outline", brief: { length: "short" } });
    expect(missing.status).toBe(400);
    expect((await json(missing)).fields).toEqual({ "brief.topic": ["is required"] });
    const channel = await generate(workspace.id, token, { kind: "social_posts", brief: { topic: "Launch day", channels: ["myspace"] } });
    expect(channel.status).toBe(400);
    const other = await buildWorkspace();
    const foreignKit = (await json(await api(`/w/${other.workspace.id}/brand_kits`, { method: "POST", token: await tokenFor(other.owner), body: { name: "Theirs" } }))).data;
    const kit = await generate(workspace.id, token, { kind: "blog_outline", brief: { topic: "Launch day", brand_kit_id: foreignKit.id } });
    expect(kit.status).toBe(404);
    expect(await db.select().from(generationJobs).where(eq(generationJobs.workspaceId, workspace.id))).toEqual([]);
  });

  it("is for members, and counts usage for the month", async () => {
    const { workspace, token } = await setup();
    const guest = await buildMember(workspace, "guest");
    expect((await generate(workspace.id, guest.token, { kind: "blog_outline", brief: { topic: "Anything at all" } })).status).toBe(403);
    await events(await generate(workspace.id, token, { kind: "social_posts", brief: { topic: "Our new cafe", channels: ["twitter", "linkedin"] } }));
    const usage = (await json(await api(`/w/${workspace.id}/generations/usage`, { token }))).data;
    expect(usage.generations).toBe(1);
    expect(usage.characters).toBeGreaterThan(50);
  });

  it("cannot stop a generation that has ended, and hides jobs from other people", async () => {
    const { workspace, token } = await setup();
    const stream = await events(await generate(workspace.id, token, { kind: "blog_outline", brief: { topic: "Quiet mornings" } }));
    const id = stream[0]!.data.id;
    expect((await api(`/generations/${id}/abort`, { method: "POST", token })).status).toBe(409);
    expect((await json(await api(`/generations/${id}`, { token }))).data.status).toBe("successful");
    const colleague = await buildMember(workspace, "member");
    expect((await api(`/generations/${id}`, { token: colleague.token })).status).toBe(404);
  });
});

describe("guardrails after any provider", () => {
  const voice = { brandName: "Acme", notes: { avoid_list: "revolutionary, synergy" } };

  it("removes avoid-list words from a draft and says so", () => {
    const request = generationRequestSchema.parse({ kind: "blog_draft", brief: { topic: "Our tool", outline: [{ heading: "Why", points: [] }] } });
    const { result, notes } = finishGeneration(request, "# Our tool\n\nA revolutionary way to find synergy in teams.", voice);
    expect(result).toEqual({ kind: "blog_draft", markdown: "# Our tool\n\nA way to find in teams." });
    expect(notes).toEqual(["Removed “revolutionary”, which is on the brand's avoid list.", "Removed “synergy”, which is on the brand's avoid list."]);
  });

  it("turns a 400-character X post into a thread and keeps each post within 280", () => {
    const request = generationRequestSchema.parse({ kind: "social_posts", brief: { topic: "Launch", channels: ["twitter"] } });
    const long = Array.from({ length: 12 }, (_, i) => `Point ${i + 1} about the launch is here.`).join(" ");
    const { result, notes } = finishGeneration(request, `## twitter\nHashtags: #launch\nImage: A rocket\n\n${long.slice(0, 400)}`, voice);
    if (result.kind !== "social_posts") throw new Error("wrong kind");
    expect(result.posts[0]!.thread!.length).toBeGreaterThan(1);
    for (const part of result.posts[0]!.thread!) expect(part.length).toBeLessThanOrEqual(280);
    expect(notes[0]).toMatch(/^twitter: .*split into a thread/);
  });

  it("fails clearly when a provider answers in the wrong shape", () => {
    const request = generationRequestSchema.parse({ kind: "blog_outline", brief: { topic: "Launch" } });
    expect(() => finishGeneration(request, "Sorry, I cannot help with that.", voice)).toThrow("The writer returned no outline");
  });
});

describe("stale generations", () => {
  it("the cron expires a generation that stopped without finishing, keeping its text", async () => {
    const { createExecutionContext, waitOnExecutionContext } = await import("cloudflare:test");
    const { env } = await import("cloudflare:workers");
    const { runScheduled } = await import("../../worker/cron");
    const { workspace, owner } = await setup();
    const old = new Date(Date.now() - 20 * 60 * 1000);
    const [stale] = await db
      .insert(generationJobs)
      .values({ workspaceId: workspace.id, userId: owner.id, kind: "blog_outline", status: "processing", provider: "offline", model: "m", brief: {}, output: "## Half", createdAt: old, updatedAt: old })
      .returning();
    const [fresh] = await db
      .insert(generationJobs)
      .values({ workspaceId: workspace.id, userId: owner.id, kind: "blog_outline", status: "processing", provider: "offline", model: "m", brief: {} })
      .returning();
    const ctx = createExecutionContext();
    await runScheduled({ cron: "* * * * *", scheduledTime: Date.now() }, env, ctx);
    await waitOnExecutionContext(ctx);
    const [expired] = await db.select().from(generationJobs).where(eq(generationJobs.id, stale!.id));
    expect(expired).toMatchObject({ status: "expired", output: "## Half", error: "The writing stopped without finishing. Start it again." });
    const [running] = await db.select().from(generationJobs).where(eq(generationJobs.id, fresh!.id));
    expect(running!.status).toBe("processing");
  });
});
