import { parseTermList } from "./guardrails";

/** SPEC section 3's brand-voice note types. */
export const brandVoiceNoteTypes = ["general", "product_or_service_description", "company_info", "avoid_list", "keywords", "audience"] as const;
export type BrandVoiceNoteType = (typeof brandVoiceNoteTypes)[number];

/** What generation reads from a brand kit and the workspace's house style. */
export interface VoiceContext {
  brandName: string;
  notes: Partial<Record<BrandVoiceNoteType, string>>;
  style?: HouseStyle;
}

export const readingLevels = ["simple", "standard", "expert"] as const;
export type ReadingLevel = (typeof readingLevels)[number];

/** `/workspaces/:id/article_style`: rules applied to every generation. */
export interface HouseStyle {
  tone: string;
  readingLevel: ReadingLevel;
  preferWords: string[];
  avoidWords: string[];
  formatting: string;
}

/** Every term a generated text must not contain: the brand's avoid-list and the house style's. */
export function avoidTerms(voice: VoiceContext): string[] {
  return [...new Set([...parseTermList(voice.notes.avoid_list ?? ""), ...(voice.style?.avoidWords ?? [])])];
}

/** The brand's keywords note as a list. */
export function brandKeywords(voice: VoiceContext): string[] {
  return parseTermList(voice.notes.keywords ?? "");
}
