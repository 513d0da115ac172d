import { AI_REVISION_MAX_CHARACTERS, type RewriteBrief } from "../../core/contracts/suggestions";
import { removeAvoidTerms, trimToLimit } from "../../core/content/guardrails";
import { avoidTerms, type VoiceContext } from "../../core/content/voice";
import type { TextProvider } from "./ai";

/**
 * The content engine rewrites a passage in the brand voice (whichever provider is configured)
 * and the same guardrails as for generation apply: the avoid list out, one paragraph of plain
 * text (a revision lives inside one block), quotes a model wraps it in dropped, a length cap.
 * Null when nothing usable came back.
 */
export async function rewriteInBrandVoice(provider: TextProvider, brief: RewriteBrief, voice: VoiceContext, signal?: AbortSignal): Promise<string | null> {
  let text = "";
  for await (const piece of provider.stream({ task: { kind: "rewrite", brief }, voice, passages: [], signal })) text += piece;
  const plain = text
    .replace(/\s*\n+\s*/g, " ")
    .trim()
    .replace(/^["“'‘](.*)["”'’]$/s, "$1")
    .trim();
  const guarded = removeAvoidTerms(plain, avoidTerms(voice)).text.trim();
  return guarded ? trimToLimit(guarded, AI_REVISION_MAX_CHARACTERS * 2) : null;
}
