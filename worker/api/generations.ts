import { and, count, eq, gte, inArray, sum } from "drizzle-orm";
import * as z from "zod";
import { idParam, workspaceParam } from "../../core/contracts/common";
import { describeRoute } from "hono-openapi";
import { generationRequestSchema, generationUsageOut, type GenerationUsageOut } from "../../core/contracts/content";
import { articleBody } from "../services/article-bodies";
import { articleCreator } from "../commands/articleCreator";
import { emailSequences, generationJobs } from "../db/schema";
import type { Context } from "hono";
import { createApp, type AppEnv } from "../lib/create-app";
import { Conflict, NotFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireSession } from "../middleware/session";
import { requireWorkspace } from "../middleware/workspace";
import { publicRoute } from "../openapi/public-route";
import { authorize, type Action } from "../policies";
import { presentGenerationJob } from "../presenters/generations";
import { articleSlug } from "../../core/slug";
import { chooseProvider, ProviderError } from "../services/ai";
import { authorizeWithinPlanOf } from "../services/billing/entitlements";
import { bestPostExamples, briefBrandKit, finishGeneration, retrievalQuery, voiceFor } from "../services/generation";
import { relevantPassages } from "../services/knowledge";
import { commandContext } from "./articles";
import { actorForRow } from "./workspace-rows";

/** A job by id, for the person (or key) who started it, when they may `action`; 404 for anyone else. */
async function loadOwnJob(c: Context<AppEnv>, id: number, action: Action) {
  const [job] = await c.get("db").select().from(generationJobs).where(eq(generationJobs.id, id));
  if (!job) throw new NotFound("Generation not found");
  const actor = await actorForRow(c, job.workspaceId, action, "Generation not found");
  if (job.userId !== actor.userId) throw new NotFound("Generation not found");
  return job;
}

/** How often streamed text is saved to the job (so a reload shows it) and a Stop is noticed. */
const SAVE_EVERY_MS = 1_000;
const RUNNING = ["pending", "started", "processing"] as const;

/**
 * Generation: `POST /v1/w/:ws/generations` runs one job and streams its text as
 * server-sent events (`job`, `text`, then `done`, `error` or `aborted`); the job row keeps
 * its status, text and result. `POST /v1/generations/:id/abort` stops it.
 */
export const generationsApi = createApp()
  .post(
    "/w/:ws/generations",
    publicRoute({
      scope: "write",
      tag: "Generation",
      summary: "Generate content",
      description: [
        "Writes a blog outline, a blog draft, an email sequence or social posts in the workspace's voice (the brief's `brand_kit_id`, else the default kit), drawing on its knowledge. Without an AI provider configured, the offline writer writes it.",
        "",
        "The answer is a stream, `Content-Type: text/event-stream` (server-sent events), and its `X-Generation-Id` header names the job. Each event's `data` is JSON:",
        "- `job`: `{ id, provider, provider_label, model, brand_kit: { id, name } | null }`, first;",
        "- `text`: `{ text }`, a piece of the text as it is written, many times;",
        "- then one of `done`: `{ id, result, notes }` (a blog draft adds `article: { id, slug }`, the document it became; an email sequence adds `sequence: { id }`), `error`: `{ id, message }`, or `aborted`: `{ id }` (stopped with POST /v1/generations/{id}/abort).",
        "",
        "The job keeps its status, text and result: GET /v1/generations/{id} reads it, also after the stream is gone.",
      ].join("\n"),
      response: null,
      errors: [402, 404],
      example: { params: { ws: "$workspace" }, body: { kind: "blog_outline", brief: { topic: "Three spring drinks to try this week", length: "short" } } },
    }),
    // The answer is a stream of server-sent events, not JSON: documented as such beside publicRoute's words.
    describeRoute({ responses: { 200: { description: "Server-sent events: job, text (many), then done, error or aborted", content: { "text/event-stream": { schema: { type: "string" } } } } } }),
    requireWorkspace,
    validate("param", workspaceParam),
    validate("json", generationRequestSchema),
    async (c) => {
    const db = c.get("db");
    const actor = c.get("actor");
    const workspace = c.get("workspace");
    authorize(actor, "content.generate");
    const request = c.req.valid("json");
    // Each job counts against the month's generations (one that fails gives its place back).
    await authorizeWithinPlanOf(db, c.env, actor, "generations", 1);
    const kit = await briefBrandKit(db, workspace.id, request.brief.brand_kit_id);
    const voice = await voiceFor(db, workspace, kit);
    const provider = chooseProvider(c.env);
    const [job] = await db
      .insert(generationJobs)
      .values({ workspaceId: workspace.id, userId: actor.userId, kind: request.kind, status: "started", provider: provider.id, model: provider.model, brandKitId: kit?.id ?? null, brief: request.brief, startedAt: new Date() })
      .returning();
    const jobId = job!.id;

    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    const writer = writable.getWriter();
    const encoder = new TextEncoder();
    const send = (event: string, data: unknown) => writer.write(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
    const stop = new AbortController();
    const finish = (values: Partial<typeof generationJobs.$inferInsert>) => db.update(generationJobs).set({ ...values, finishedAt: new Date() }).where(eq(generationJobs.id, jobId));

    const work = (async () => {
      let output = "";
      try {
        await send("job", { id: jobId, provider: provider.id, provider_label: provider.label, model: provider.model, brand_kit: kit ? { id: kit.id, name: kit.name } : null });
        const passages = await relevantPassages(db, workspace.id, retrievalQuery(request), 5);
        await db.update(generationJobs).set({ status: "processing", sourceIds: [...new Set(passages.map((p) => p.sourceId))] }).where(eq(generationJobs.id, jobId));
        const modelled = await bestPostExamples(db, workspace.id, request, Date.now());
        let saved = Date.now();
        for await (const piece of provider.stream({ task: request, voice, passages, examples: modelled.examples, variation: { seed: String(jobId) }, signal: stop.signal })) {
          output += piece;
          await send("text", { text: piece });
          if (Date.now() - saved > SAVE_EVERY_MS) {
            saved = Date.now();
            const [row] = await db.update(generationJobs).set({ output }).where(eq(generationJobs.id, jobId)).returning({ status: generationJobs.status });
            if (row?.status === "aborted") stop.abort();
          }
        }
        if (stop.signal.aborted) throw new DOMException("Stopped", "AbortError");
        const finished = finishGeneration(request, output, voice);
        const { result } = finished;
        const notes = [...modelled.notes, ...finished.notes];
        let resultType: string | null = null;
        let resultId: number | null = null;
        let extra: Record<string, unknown> = {};
        if (result.kind === "blog_draft") {
          const title = result.markdown.match(/^#\s+(.+)$/m)?.[1]?.trim() ?? request.brief.topic;
          const article = await articleCreator(db, { context: commandContext(c, actor), input: { title, content: articleBody({ markdown: result.markdown.replace(/^#\s+.+\n+/, "") }), folderId: null } });
          resultType = "article";
          resultId = article.id;
          extra = { article: { id: article.id, slug: articleSlug(article.title, article.id) } };
        } else if (result.kind === "email_sequence") {
          const [sequence] = await db
            .insert(emailSequences)
            .values({ workspaceId: workspace.id, kind: request.kind === "email_sequence" ? request.brief.kind : "nurture", title: request.brief.topic, brief: request.brief, emails: result.emails, brandKitId: kit?.id ?? null, createdById: actor.userId })
            .returning();
          resultType = "email_sequence";
          resultId = sequence!.id;
          extra = { sequence: { id: sequence!.id } };
        }
        await finish({ status: "successful", output, notes, characters: output.length, resultType, resultId });
        await send("done", { id: jobId, result, notes, ...extra });
      } catch (error) {
        const stopped = stop.signal.aborted || (error instanceof Error && error.name === "AbortError");
        if (stopped) {
          await finish({ status: "aborted", output, characters: output.length });
          await send("aborted", { id: jobId }).catch(() => {});
        } else {
          const message = error instanceof ProviderError || error instanceof Error ? error.message : "The generation failed.";
          await finish({ status: "failed", output, characters: output.length, error: message });
          await send("error", { id: jobId, message }).catch(() => {});
        }
      } finally {
        await writer.close().catch(() => {});
      }
    })();
    // The client may leave (Stop, closing the tab): the job still records how it ended.
    c.executionCtx.waitUntil(work.catch(() => stop.abort()));
    return new Response(readable, { headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache, no-transform", "x-generation-id": String(jobId) } });
    },
  )

  // The job's record is the web app's (it resumes a stream it lost); API clients read the stream itself.
  .get(
    "/generations/:id",
    requireSession,
    validate("param", idParam),
    async (c) => {
    const job = await loadOwnJob(c, c.req.valid("param").id, "generations.read");
    return c.json({ data: presentGenerationJob(job) });
    },
  )

  // Stopping is the web app's Stop button; an API client closes its stream instead.
  .post(
    "/generations/:id/abort",
    requireSession,
    validate("param", idParam),
    async (c) => {
    const db = c.get("db");
    const job = await loadOwnJob(c, c.req.valid("param").id, "content.generate");
    const [stopped] = await db
      .update(generationJobs)
      .set({ status: "aborted", finishedAt: new Date() })
      .where(and(eq(generationJobs.id, job.id), inArray(generationJobs.status, [...RUNNING])))
      .returning();
    if (!stopped) throw new Conflict(`This generation has already ended (${job.status})`);
    return c.json({ data: presentGenerationJob(stopped) });
    },
  )

  .get(
    "/w/:ws/generations/usage",
    publicRoute({
      scope: "read",
      tag: "Generation",
      summary: "Get generation usage",
      description: "The workspace's successful generations this calendar month (UTC) and the characters they wrote.",
      response: z.object({ data: generationUsageOut }),
      example: { params: { ws: "$workspace" } },
    }),
    requireWorkspace,
    validate("param", workspaceParam),
    async (c) => {
    const actor = c.get("actor");
    authorize(actor, "generations.read");
    const now = new Date();
    const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const [row] = await c
      .get("db")
      .select({ generations: count(), characters: sum(generationJobs.characters) })
      .from(generationJobs)
      .where(and(eq(generationJobs.workspaceId, actor.workspaceId), gte(generationJobs.createdAt, since), eq(generationJobs.status, "successful")));
    const usage: GenerationUsageOut = { since: since.toISOString(), generations: row?.generations ?? 0, characters: Number(row?.characters ?? 0) };
    return c.json({ data: usage });
    },
  );
