import type { BlogBrief, BlogDraftRequest, EmailSequenceBrief, SocialBrief } from "../../../core/contracts/content";
import type { RewriteBrief } from "../../../core/contracts/suggestions";
import type { BestPost } from "../../../core/content/best-posts";
import type { Passage } from "../../../core/content/passages";
import type { VoiceContext } from "../../../core/content/voice";
import type { Variation } from "../../../core/content/offline/writer";

/**
 * The one AI provider interface. A provider turns a generation task into text, streamed
 * as it is written, in the formats of core/content/formats.ts. Which provider runs is the
 * environment's choice (./index.ts); everything after the text (guardrails, parsing,
 * storage) is the same for all of them.
 */

export type GenerationTask =
  | { kind: "blog_outline"; brief: BlogBrief }
  | { kind: "blog_draft"; brief: BlogDraftRequest }
  | { kind: "email_sequence"; brief: EmailSequenceBrief }
  | { kind: "social_posts"; brief: SocialBrief }
  | { kind: "rewrite"; brief: RewriteBrief };

export interface GenerationInput {
  task: GenerationTask;
  voice: VoiceContext;
  /** Retrieved knowledge, best first; the text cites them as [n]. */
  passages: Passage[];
  /** A social brief's `like_best_posts`: the workspace's posts that did well, per channel (services/analytics/best-posts). */
  examples?: BestPost[];
  /** The offline writer's seed (each job passes its own, so "regenerate" reads differently) and a campaign's shared sentence ledger; model providers ignore it. */
  variation?: Variation;
  signal?: AbortSignal;
}

export type ProviderId = "offline" | "openai" | "workers-ai";

export interface TextProvider {
  id: ProviderId;
  /** What the UI says is writing ("Offline writer", "OpenAI-compatible: llama3.1", …). */
  label: string;
  model: string;
  stream(input: GenerationInput): AsyncIterable<string>;
}

/** A provider failure with a message a user can act on; `retryable` for 429 and 5xx. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}
