import { syllable } from "syllable";
import { CHANNEL_LIMITS } from "./channels";
import { count } from "../counting";

/**
 * The SeoAnalysis modal's figures, each computed from the text: Flesch reading ease,
 * keyword density, title and meta description lengths, heading structure, and a concrete
 * suggestion for each figure that is off.
 */

export interface SeoInput {
  title: string;
  description: string;
  /** The body as plain text (headings included, one block per line). */
  text: string;
  headings: { level: number; text: string }[];
  keywords: string[];
}

export interface KeywordFigure {
  keyword: string;
  count: number;
  /** Occurrences per 100 words. */
  density: number;
  inTitle: boolean;
  inDescription: boolean;
  inHeadings: boolean;
}

export interface SeoReport {
  words: number;
  sentences: number;
  readability: { score: number; label: string };
  title: { length: number; max: number };
  description: { length: number; max: number };
  headings: { h1: number; skipped: { from: number; to: number }[]; total: number };
  keywords: KeywordFigure[];
  suggestions: string[];
}

/** Keyword density a search engine reads as natural (per 100 words). */
export const KEYWORD_DENSITY = { min: 0.5, max: 2.5 } as const;
const MIN_WORDS = 300;

const wordsOf = (text: string) => text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];

function sentenceCount(text: string): number {
  const sentences = text
    .split(/[.!?]+(?=\s|$)|\n+/)
    .map((s) => s.trim())
    .filter((s) => wordsOf(s).length > 0);
  return Math.max(1, sentences.length);
}

/** Flesch reading ease: 206.835 − 1.015 × words per sentence − 84.6 × syllables per word. */
export function fleschReadingEase(text: string): number {
  const words = wordsOf(text);
  if (words.length === 0) return 0;
  const syllables = words.reduce((sum, word) => sum + Math.max(1, syllable(word)), 0);
  const score = 206.835 - 1.015 * (words.length / sentenceCount(text)) - 84.6 * (syllables / words.length);
  return Math.round(score * 10) / 10;
}

/** Flesch's own bands. */
export function readingEaseLabel(score: number): string {
  if (score >= 90) return "Very easy";
  if (score >= 80) return "Easy";
  if (score >= 70) return "Fairly easy";
  if (score >= 60) return "Plain English";
  if (score >= 50) return "Fairly difficult";
  if (score >= 30) return "Difficult";
  return "Very difficult";
}

function occurrences(haystack: string, keyword: string): number {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return 0;
  const escaped = needle.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s+");
  return haystack.toLowerCase().match(new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "gu"))?.length ?? 0;
}

export function analyseSeo(input: SeoInput): SeoReport {
  const words = wordsOf(input.text).length;
  const score = fleschReadingEase(input.text);
  const limits = CHANNEL_LIMITS.seo;
  const titleMax = limits.title!;
  const descriptionMax = limits.description!;
  const suggestions: string[] = [];

  const h1 = input.headings.filter((h) => h.level === 1).length;
  const skipped: { from: number; to: number }[] = [];
  let previous = 0;
  for (const heading of input.headings) {
    if (previous > 0 && heading.level > previous + 1) skipped.push({ from: previous, to: heading.level });
    previous = heading.level;
  }

  const headingText = input.headings.map((h) => h.text).join("\n");
  const keywords = input.keywords
    .map((k) => k.trim())
    .filter(Boolean)
    .map((keyword): KeywordFigure => {
      const count = occurrences(input.text, keyword);
      return {
        keyword,
        count,
        density: words === 0 ? 0 : Math.round((count / words) * 1000) / 10,
        inTitle: occurrences(input.title, keyword) > 0,
        inDescription: occurrences(input.description, keyword) > 0,
        inHeadings: occurrences(headingText, keyword) > 0,
      };
    });

  const title = input.title.trim();
  const description = input.description.trim();
  if (!title) suggestions.push("Add a title: it is the link people click in search results.");
  else if (title.length > titleMax) suggestions.push(`Shorten the title to ${count(titleMax, "character")} or fewer (it has ${title.length}); longer titles are cut off in search results.`);
  else if (title.length < 30) suggestions.push(`Lengthen the title towards 50–${titleMax} characters (it has ${title.length}) to describe the page fully.`);
  if (!description) suggestions.push("Write a meta description: a sentence or two that makes people want to click.");
  else if (description.length > descriptionMax) suggestions.push(`Shorten the meta description to ${count(descriptionMax, "character")} or fewer (it has ${description.length}).`);
  else if (description.length < 70) suggestions.push(`Lengthen the meta description towards 120–${descriptionMax} characters (it has ${description.length}).`);
  if (words < MIN_WORDS) suggestions.push(`Write at least ${count(MIN_WORDS, "word")} (it has ${count(words, "word")}); short pages rarely rank.`);
  if (score < 60 && words > 0) suggestions.push(`Make the text easier to read (reading ease ${score}, ${readingEaseLabel(score).toLowerCase()}): use shorter sentences and simpler words.`);
  if (h1 === 0) suggestions.push("Add one top-level heading (H1) that states the topic.");
  if (h1 > 1) suggestions.push(`Use a single H1 (there are ${h1}); make the others H2.`);
  for (const { from, to } of skipped) suggestions.push(`A heading jumps from H${from} to H${to}; use H${from + 1} so the outline has no gaps.`);
  if (input.headings.length < 2 && words >= MIN_WORDS) suggestions.push("Break the text up with subheadings (H2) every few paragraphs.");
  for (const k of keywords) {
    if (k.count === 0) suggestions.push(`Use the keyword “${k.keyword}” in the text; it does not appear.`);
    else if (k.density < KEYWORD_DENSITY.min) suggestions.push(`Use “${k.keyword}” a little more (density ${k.density}%, aim for ${KEYWORD_DENSITY.min}–${KEYWORD_DENSITY.max}%).`);
    else if (k.density > KEYWORD_DENSITY.max) suggestions.push(`Use “${k.keyword}” less often (density ${k.density}%, above ${KEYWORD_DENSITY.max}%); it reads as keyword stuffing.`);
    if (title && !k.inTitle) suggestions.push(`Put “${k.keyword}” in the title.`);
    if (description && !k.inDescription) suggestions.push(`Mention “${k.keyword}” in the meta description.`);
    if (input.headings.length > 0 && !k.inHeadings) suggestions.push(`Use “${k.keyword}” in at least one heading.`);
  }

  return {
    words,
    sentences: words === 0 ? 0 : sentenceCount(input.text),
    readability: { score, label: readingEaseLabel(score) },
    title: { length: title.length, max: titleMax },
    description: { length: description.length, max: descriptionMax },
    headings: { h1, skipped, total: input.headings.length },
    keywords,
    suggestions,
  };
}
