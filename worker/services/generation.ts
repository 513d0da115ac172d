import { and, eq, type SQL } from "drizzle-orm";
import type { GenerationRequest } from "../../core/contracts/content";
import { parseEmailSequence, parseOutline, parseSocialPosts } from "../../core/content/formats";
import { guardPost, removeAvoidTerms } from "../../core/content/guardrails";
import { avoidTerms, type HouseStyle, type VoiceContext } from "../../core/content/voice";
import type { Database } from "../db/client";
import { articleStyles, brandKits, generationJobs, type BrandKit, type GenerationJob } from "../db/schema";
import { NotFound } from "../lib/errors";
import type { TextProvider } from "./ai";
import { voiceContextOf } from "./brand-kits";
import { bestPostNotes, bestPostsFor } from "./analytics/best-posts";
import type { BestPost } from "../../core/content/best-posts";
import { count, formatNumber } from "../../core/counting";

/** The kit a brief names (404 unless it is this workspace's), else the workspace's default, else none. */
export async function briefBrandKit(db: Database, workspaceId: number, id: number | undefined): Promise<BrandKit | null> {
  if (id !== undefined) {
    const [kit] = await db.select().from(brandKits).where(and(eq(brandKits.id, id), eq(brandKits.workspaceId, workspaceId)));
    if (!kit) throw new NotFound("Brand kit not found");
    return kit;
  }
  const [fallback] = await db.select().from(brandKits).where(and(eq(brandKits.workspaceId, workspaceId), eq(brandKits.isDefault, true)));
  return fallback ?? null;
}

/** The brand voice and the house style generation writes in. */
export async function voiceFor(db: Database, workspace: { id: number; name: string }, kit: BrandKit | null): Promise<VoiceContext> {
  const [style] = await db.select().from(articleStyles).where(eq(articleStyles.workspaceId, workspace.id));
  const house: HouseStyle | undefined = style
    ? { tone: style.tone, readingLevel: style.readingLevel, preferWords: style.preferWords, avoidWords: style.avoidWords, formatting: style.formatting }
    : undefined;
  return { ...(await voiceContextOf(db, kit, workspace.name)), ...(house ? { style: house } : {}) };
}

/** What the knowledge search is asked for a brief. */
export function retrievalQuery(request: GenerationRequest): string {
  const brief = request.brief;
  switch (request.kind) {
    case "blog_outline":
      return [brief.topic, ...request.brief.keywords].join(" ");
    case "blog_draft":
      return [request.brief.topic, ...request.brief.keywords, ...request.brief.outline.map((s) => s.heading)].join(" ");
    case "email_sequence":
      return [request.brief.topic, request.brief.kind === "nurture" ? request.brief.goal : request.brief.offer].join(" ");
    case "social_posts":
      return request.brief.topic;
  }
}

/**
 * A social brief with `like_best_posts`: the workspace's own best posts per channel, for the
 * writer, and the notes that tell the user which posts it was modelled on. Nothing otherwise.
 */
export async function bestPostExamples(db: Database, workspaceId: number, request: GenerationRequest, now: number): Promise<{ examples: BestPost[]; notes: string[] }> {
  if (request.kind !== "social_posts" || !request.brief.like_best_posts) return { examples: [], notes: [] };
  const found = await bestPostsFor(db, workspaceId, request.brief.channels, now);
  return { examples: found.flatMap((channel) => channel.posts), notes: bestPostNotes(found) };
}

export type GenerationResult =
  | { kind: "blog_outline"; outline: ReturnType<typeof parseOutline> }
  | { kind: "blog_draft"; markdown: string }
  | { kind: "email_sequence"; emails: ReturnType<typeof parseEmailSequence> }
  | { kind: "social_posts"; posts: (ReturnType<typeof guardPost> & { image_brief: string })[] };

const removalNotes = (removed: string[]) => removed.map((term) => `Removed “${term}”, which is on the brand's avoid list.`);

/**
 * The same guardrails for every provider: avoid-list terms removed, each channel's limits
 * met (threads for X, trims elsewhere), and the text read back into structure. Throws when
 * the text has nothing usable in it, so the job fails with a message rather than an empty result.
 */
export function finishGeneration(request: GenerationRequest, text: string, voice: VoiceContext): { result: GenerationResult; notes: string[] } {
  const avoid = avoidTerms(voice);
  switch (request.kind) {
    case "blog_outline": {
      const cleaned = removeAvoidTerms(text, avoid);
      const outline = parseOutline(cleaned.text);
      if (outline.length === 0) throw new Error("The writer returned no outline. Try again, or write the outline yourself.");
      return { result: { kind: "blog_outline", outline }, notes: removalNotes(cleaned.removed) };
    }
    case "blog_draft": {
      const cleaned = removeAvoidTerms(text, avoid);
      if (!cleaned.text.trim()) throw new Error("The writer returned an empty draft. Try again.");
      return { result: { kind: "blog_draft", markdown: cleaned.text }, notes: removalNotes(cleaned.removed) };
    }
    case "email_sequence": {
      const cleaned = removeAvoidTerms(text, avoid);
      const emails = parseEmailSequence(cleaned.text, request.brief.cadence_days);
      if (emails.length === 0) throw new Error("The writer returned no emails in the expected format. Try again.");
      const notes = removalNotes(cleaned.removed);
      if (emails.length !== request.brief.count) notes.push(`Asked for ${count(request.brief.count, "email")}; the writer wrote ${formatNumber(emails.length)}.`);
      return { result: { kind: "email_sequence", emails }, notes };
    }
    case "social_posts": {
      const posts = parseSocialPosts(text)
        .filter((post) => request.brief.channels.includes(post.channel))
        .map((post) => ({
          ...guardPost({ channel: post.channel, title: post.title, description: post.description, body: post.body, hashtags: post.hashtags }, avoid),
          image_brief: removeAvoidTerms(post.image_brief, avoid).text,
        }));
      if (posts.length === 0) throw new Error("The writer returned no posts in the expected format. Try again.");
      const missing = request.brief.channels.filter((channel) => !posts.some((post) => post.channel === channel));
      const notes = posts.flatMap((post) => post.notes.map((note) => `${post.channel}: ${note}`));
      if (missing.length) notes.push(`No post came back for ${missing.join(", ")}.`);
      return { result: { kind: "social_posts", posts }, notes };
    }
  }
}

/**
 * The job row for AI writing done outside POST /generations (a campaign, a rewritten piece, an
 * AI revision), for the caller's batch: it counts against the plan's generations like any job.
 */
export function finishedGenerationRecord(
  db: Database,
  props: {
    workspaceId: number;
    /** Null when no person acted (a live room's own save). */
    userId: number | null;
    kind: GenerationJob["kind"];
    provider: Pick<TextProvider, "id" | "model">;
    brandKitId: number | null;
    brief: Record<string, unknown>;
    characters: number;
    result: { type: string; id: number | SQL };
  },
) {
  const now = new Date();
  return db.insert(generationJobs).values({
    workspaceId: props.workspaceId,
    userId: props.userId,
    kind: props.kind,
    status: "successful",
    provider: props.provider.id,
    model: props.provider.model,
    brandKitId: props.brandKitId,
    brief: props.brief,
    characters: props.characters,
    resultType: props.result.type,
    resultId: props.result.id as number,
    startedAt: now,
    finishedAt: now,
  });
}
