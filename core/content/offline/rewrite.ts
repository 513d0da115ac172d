import type { RewriteBrief } from "../../contracts/suggestions";
import type { VoiceContext } from "../voice";
import { sentencesIn, shorten } from "./facts";
import { inVoice, writingRules } from "./style";

/**
 * The offline writer's AI revision: each sentence in the brand voice (preferred words in,
 * formality applied, the avoid list out) and cut to the reading level's length where a clause
 * can stand alone. It invents nothing, so an instruction beyond the voice is not followed.
 */
export function rewriteInVoice(brief: RewriteBrief, voice: VoiceContext): string {
  const rules = writingRules(voice);
  return sentencesIn(brief.text)
    .map((sentence) => {
      const voiced = inVoice(sentence, rules);
      return voiced.split(/\s+/).length > rules.maxWords ? (shorten(voiced, rules.maxWords) ?? voiced) : voiced;
    })
    .filter(Boolean)
    .join(" ");
}
