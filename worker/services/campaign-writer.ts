import { blogBriefSchema, blogDraftRequestSchema, socialBriefSchema, type GenerationRequest } from "../../core/contracts/content";
import type { PlannedItem } from "../../core/content/campaigns";
import type { Passage } from "../../core/content/passages";
import type { VoiceContext } from "../../core/content/voice";
import type { Variation } from "../../core/content/offline/writer";
import type { TextProvider } from "./ai";
import { finishGeneration } from "./generation";

export interface WrittenItem {
  position: number;
  title: string | null;
  description: string | null;
  body: string;
  hashtags: string[];
  imageBrief: string;
  notes: string[];
}

async function run(provider: TextProvider, request: GenerationRequest, voice: VoiceContext, passages: Passage[], signal?: AbortSignal, variation?: Variation) {
  let text = "";
  for await (const piece of provider.stream({ task: request, voice, passages, signal, variation })) text += piece;
  return finishGeneration(request, text, voice);
}

/**
 * Writes every planned piece of a campaign with the configured provider: the pillar as a
 * blog post (outline, then draft), and channel pieces in groups that share an angle, from
 * the pillar (Pyramid) or the brief (Crosspost, Evergreen). The guardrails run on each.
 */
export async function writeCampaign(
  { provider, voice, passages, signal }: { provider: TextProvider; voice: VoiceContext; passages: Passage[]; signal?: AbortSignal },
  /** `material`: what a repurposed campaign is cut from; the posts work from it rather than the brief. */
  campaign: { name: string; brief: string; goal: string; material?: string },
  plan: PlannedItem[],
  only?: Set<number>,
): Promise<WrittenItem[]> {
  const written: WrittenItem[] = [];
  const wanted = (item: PlannedItem) => !only || only.has(item.position);
  let pillar = campaign.brief;
  // One seed per run (a regenerated piece reads differently) and one sentence ledger, so no two pieces repeat a sentence.
  const offline = provider.id === "offline";
  const briefSentence = (campaign.brief.trim().split(/(?<=[.!?])\s+/)[0] ?? "").replace(/[.!?]+$/, "").slice(0, 300) || campaign.name;
  // The pillar keeps its own ledger: the pieces cut from it may quote it.
  const ledger = new Set<string>();
  const seed = crypto.randomUUID();
  const variation = (part: string, shared = true): Variation => ({ seed: `${seed}:${part}`, ...(shared ? { written: ledger } : {}) });

  const pillarItem = plan.find((item) => item.channel === null);
  if (pillarItem) {
    const brief = blogBriefSchema.parse({ topic: offline ? briefSentence : campaign.name, audience: "", length: "short" });
    const outline = await run(provider, { kind: "blog_outline", brief }, voice, passages, signal, variation("outline", false));
    if (outline.result.kind !== "blog_outline") throw new Error("unexpected outline result");
    const draft = await run(provider, { kind: "blog_draft", brief: blogDraftRequestSchema.parse({ ...brief, outline: outline.result.outline }) }, voice, passages, signal, variation("pillar", false));
    if (draft.result.kind !== "blog_draft") throw new Error("unexpected draft result");
    pillar = draft.result.markdown;
    if (wanted(pillarItem)) {
      written.push({
        position: pillarItem.position,
        title: pillar.match(/^#\s+(.+)$/m)?.[1]?.trim() ?? campaign.name,
        description: null,
        body: pillar,
        hashtags: [],
        imageBrief: `A header image for “${campaign.name}”.`,
        notes: [...outline.notes, ...draft.notes],
      });
    }
  }

  const groups = new Map<string, PlannedItem[]>();
  for (const item of plan) {
    if (item.channel === null || !wanted(item)) continue;
    const key = `${item.angle}|${item.derivedFrom ?? ""}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  for (const items of groups.values()) {
    const angle = items[0]!.angle;
    const brief = socialBriefSchema.parse({
      // The offline writer reads the topic as a brief, so it gets the brief's first sentence; a model is told the name and the angle.
      topic: (offline ? briefSentence : `${campaign.name}: ${angle}`).slice(0, 300),
      channels: [...new Set(items.map((item) => item.channel!))],
      // The offline writer's pillar is made of the same passages it is given, so it works from those rather than from its own sentences.
      source_text: (items[0]!.derivedFrom !== null && !offline ? pillar : (campaign.material ?? `${campaign.brief}\n\n${campaign.goal}`)).slice(0, 100_000),
    });
    const { result, notes } = await run(provider, { kind: "social_posts", brief }, voice, passages, signal, variation(angle));
    if (result.kind !== "social_posts") throw new Error("unexpected social result");
    for (const item of items) {
      const post = result.posts.find((p) => p.channel === item.channel);
      if (!post) {
        written.push({ position: item.position, title: null, description: null, body: "", hashtags: [], imageBrief: "", notes: [`No post came back for ${item.channel}; regenerate this piece.`] });
        continue;
      }
      written.push({
        position: item.position,
        title: post.title ?? null,
        description: post.description ?? null,
        body: post.thread ? post.thread.join("\n\n") : post.body,
        hashtags: post.hashtags,
        imageBrief: post.image_brief,
        notes: [...post.notes, ...notes.filter((n) => !n.startsWith(`${item.channel}:`) && n.startsWith("No post"))],
      });
    }
  }
  return written.sort((a, b) => a.position - b.position);
}
