import { describe, expect, it } from "vitest";
import { blogBriefSchema, blogDraftRequestSchema, emailSequenceBriefSchema, socialBriefSchema, type SocialPost } from "../../contracts/content";
import { socialChannels } from "../channels";
import { avoidTerms, type VoiceContext } from "../voice";
import { hashtagWords, readBrief } from "./brief";
import { grammarFaults } from "./grammar";
import { writeBlogOutline, writeBlogPost } from "./blog";
import { CORPUS, TYPED_BRIEFS, WORKSPACES, type CorpusBrief } from "./briefs.corpus";
import { writeEmailSequence } from "./email";
import { writeSocialPosts } from "./social";

/**
 * Every brief of the corpus through every writer: the checks a person would make reading
 * the output (issue 19's list), for all of it.
 */

const voiceOf = (entry: CorpusBrief) => WORKSPACES[entry.workspace] as VoiceContext;
const normal = (text: string) =>
  text
    .toLowerCase()
    .replace(/\[\d+\]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
const sentencesOf = (text: string) =>
  text
    .replace(/\*\*/g, "")
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.replace(/^[-–•>*\d.)\s]+/, "").replace(/^#+\s*/, "").trim())
    .filter((s) => /\p{L}/u.test(s));
const wordsOf = (text: string) => normal(text).split(" ").filter(Boolean);

// Three channels per brief (each brief's passages hold three or four sentences), rotating, so every channel is written for many kinds of brief.
const channelsFor = (index: number) => [0, 1, 2].map((k) => socialChannels[(index * 3 + k) % socialChannels.length]!);

interface Written {
  entry: CorpusBrief;
  posts: SocialPost[];
  emails: string[];
  outline: string;
  draft: string;
}

const written: Written[] = CORPUS.map((entry, index) => {
  const voice = voiceOf(entry);
  const posts = writeSocialPosts(socialBriefSchema.parse({ topic: entry.brief, channels: channelsFor(index), audience: entry.audience }), voice, entry.passages);
  const emails = writeEmailSequence(emailSequenceBriefSchema.parse({ kind: "nurture", topic: entry.brief, goal: "Visit the website", count: 3, cadence_days: 2, audience: entry.audience }), voice, entry.passages).map(
    (email) => [email.subject, email.preview, email.body].join("\n"),
  );
  const brief = blogBriefSchema.parse({ topic: entry.brief, audience: entry.audience, length: "short" });
  const outlineSections = writeBlogOutline(brief, voice, entry.passages);
  const draft = writeBlogPost(blogDraftRequestSchema.parse({ ...brief, outline: outlineSections }), voice, entry.passages);
  return { entry, posts, emails, outline: outlineSections.map((s) => [s.heading, ...s.points].join("\n")).join("\n"), draft };
});

const postText = (post: SocialPost) => [post.title ?? "", post.description ?? "", post.body].join("\n");
const everything = (w: Written) => [...w.posts.map(postText), ...w.posts.map((p) => p.image_brief), ...w.emails, w.outline, w.draft];
// Blog titles and headings name the subject; sentences are checked in the text around them.
const prose = (w: Written) => [...w.posts.map((p) => p.body), ...w.posts.map((p) => p.description ?? ""), ...w.emails, w.draft.replace(/^#.*$/gm, "")];

describe("the offline writer over a corpus of briefs", () => {
  it("holds at least 30 varied briefs: every kind, several workspaces and audiences", () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(CORPUS.map((c) => c.kind)).size).toBe(8);
    expect(new Set(CORPUS.map((c) => c.workspace)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(CORPUS.map((c) => c.audience)).size).toBeGreaterThanOrEqual(20);
  });

  it("reads the kind of every brief", () => {
    for (const { entry } of written) expect(readBrief(entry.brief, [voiceOf(entry).brandName]).kind, entry.brief).toBe(entry.kind);
  });

  it("never pastes the brief into a sentence", () => {
    for (const w of written) {
      const brief = normal(w.entry.brief);
      for (const text of prose(w)) for (const sentence of sentencesOf(text)) expect(normal(sentence), w.entry.brief).not.toContain(brief);
    }
  });

  it("keeps proper nouns and months in capitals wherever they appear", () => {
    for (const w of written) {
      for (const name of w.entry.capitals) {
        const lowered = new RegExp(`(?<![\\p{L}])${name.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}])`, "u");
        for (const text of everything(w)) expect(text, `${w.entry.brief}: ${name}`).not.toMatch(lowered);
      }
      // And they are actually used: at least one capitalised name of the brief appears in the posts.
      if (w.entry.capitals.length > 0) expect(w.entry.capitals.some((name) => w.posts.some((p) => postText(p).includes(name))), w.entry.brief).toBe(true);
    }
  });

  it("makes hashtags of one to three words, never the brief, as many as each channel takes", () => {
    for (const w of written) {
      for (const post of w.posts) {
        for (const tag of post.hashtags) {
          expect(tag, w.entry.brief).toMatch(/^#[\p{L}\p{N}]+$/u);
          expect(hashtagWords(tag), `${tag} for ${w.entry.brief}`).toBeGreaterThanOrEqual(1);
          expect(hashtagWords(tag), `${tag} for ${w.entry.brief}`).toBeLessThanOrEqual(3);
        }
        if (post.channel === "seo" || post.channel === "email") expect(post.hashtags).toEqual([]);
        else expect(post.hashtags.length, `${post.channel}: ${w.entry.brief}`).toBeGreaterThan(0);
      }
    }
  });

  it("uses a fact from the workspace's passages in every post, and cites it", () => {
    for (const w of written) {
      for (const post of w.posts) {
        const text = postText(post);
        const citations = [...text.matchAll(/([^.!?\n]+[.!?]) \[(\d+)\]/g)];
        expect(citations.length, `${post.channel}: ${w.entry.brief}\n${text}`).toBeGreaterThan(0);
        for (const [, sentence, n] of citations) {
          const passage = w.entry.passages[Number(n) - 1];
          expect(passage, `[${n}] in ${post.channel}: ${w.entry.brief}`).toBeDefined();
          // Extractive: the sentence's words come from the passage it cites.
          const source = new Set(wordsOf(passage!.text));
          const words = wordsOf(sentence!);
          expect(words.filter((word) => source.has(word)).length / words.length, `${sentence} ← ${passage!.text}`).toBeGreaterThanOrEqual(0.7);
        }
      }
      expect(w.emails[0], w.entry.brief).toMatch(/\[\d+\]/);
      expect(w.draft, w.entry.brief).toMatch(/\[1\][\s\S]*### Sources\n\n1\. /);
    }
  });

  it("never writes a word from the avoid list", () => {
    for (const w of written) {
      const avoid = avoidTerms(voiceOf(w.entry));
      expect(avoid.length).toBeGreaterThan(0);
      for (const text of everything(w)) for (const term of avoid) expect(text.toLowerCase(), `${term}: ${w.entry.brief}`).not.toContain(term.toLowerCase());
    }
  });

  it("shares no sentence longer than eight words between briefs of the same kind", () => {
    // The brand kit's own sentences (its product description) may recur: they are the brand's words, not a template.
    const notes = (entry: CorpusBrief) => Object.values(voiceOf(entry).notes).map(normal).join(" | ");
    const seen = new Map<string, string>();
    for (const w of written) {
      const mine = new Set<string>();
      for (const text of prose(w)) {
        for (const sentence of sentencesOf(text)) {
          const key = normal(sentence);
          // The SEO brief's keyword list is the workspace's keywords, not a sentence.
          if (key.split(" ").length > 8 && !notes(w.entry).includes(key.replace(/^(\d+ )+/, "")) && !key.startsWith("keywords to use")) mine.add(key);
        }
      }
      for (const key of mine) {
        const other = seen.get(`${w.entry.kind}|${key}`);
        expect(other, `“${key}” in both “${other}” and “${w.entry.brief}”`).toBeUndefined();
        seen.set(`${w.entry.kind}|${key}`, w.entry.brief);
      }
    }
  });

  it("holds at least 60 briefs, 25 of them typed: a clause, an imperative, a question, a list title, a number with a plural head, a stance against", () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(60);
    expect(TYPED_BRIEFS.length).toBeGreaterThanOrEqual(25);
    const phrases = TYPED_BRIEFS.map((entry) => readBrief(entry.brief, [voiceOf(entry).brandName]).phrases);
    expect(phrases.filter((p) => p.imperative).length).toBeGreaterThanOrEqual(4);
    expect(phrases.filter((p) => p.question).length).toBeGreaterThanOrEqual(3);
    expect(phrases.filter((p) => p.list).length).toBeGreaterThanOrEqual(4);
    expect(phrases.filter((p) => p.count && !p.list).length).toBeGreaterThanOrEqual(3);
    expect(phrases.filter((p) => p.stance === "against").length).toBeGreaterThanOrEqual(5);
    expect(phrases.filter((p) => p.clause && !p.list).length).toBeGreaterThanOrEqual(5);
  });

  it("writes no sentence of its own that fails the grammar check", () => {
    for (const w of written) {
      const facts = new Set(w.entry.passages.flatMap((p) => p.text.split(/(?<=[.!?])\s+/)).map(normal));
      const notes = Object.values(voiceOf(w.entry).notes).map(normal).join(" | ");
      for (const text of w.posts.map((p) => p.body)) {
        for (const sentence of sentencesOf(text)) {
          // The workspace's own sentences are quoted as written; the check is for the writer's.
          if ([...facts].some((f) => f && normal(sentence).length > 12 && f.includes(normal(sentence).slice(0, 40))) || notes.includes(normal(sentence))) continue;
          expect(grammarFaults(sentence), `${sentence} ← ${w.entry.brief}`).toEqual([]);
        }
      }
    }
  });

  it("never announces a how-to or a list as if it were a product", () => {
    for (const w of written.filter((w) => w.entry.kind === "how-to")) {
      for (const text of prose(w)) for (const sentence of sentencesOf(text)) expect(sentence, w.entry.brief).not.toMatch(/\b(is|are) (almost )?here\.$|^say hello to|^introducing|\bis on the way\b/i);
    }
  });

  it("keeps number agreement: no singular determiner before a plural head, is/are as the thing's number", () => {
    for (const w of written) {
      const reading = readBrief(w.entry.brief, [voiceOf(w.entry).brandName]);
      const thing = reading.phrases.noun.text.toLowerCase();
      for (const text of prose(w)) {
        for (const sentence of sentencesOf(text)) {
          expect(sentence, w.entry.brief).not.toMatch(/\b(a|an|our next|another) (two|three|four|five|six|seven|eight|nine|ten|\d+) \w+s\b/i);
          const lower = sentence.toLowerCase();
          const at = lower.indexOf(`${thing} `);
          if (thing.split(" ").length < 2 || at !== 0) continue;
          const verb = lower.slice(at + thing.length + 1).split(" ")[0];
          if (reading.phrases.noun.plural) expect(verb, `${sentence} ← ${w.entry.brief}`).not.toMatch(/^(is|was|has)$/);
          else expect(verb, `${sentence} ← ${w.entry.brief}`).not.toMatch(/^(are|were|have)$/);
        }
      }
    }
  });

  it("keeps the stance of a brief against something: no sentence praises what it is against", () => {
    const PRAISE = /\b(say hello to|introducing|proud of|we love|love (it|them)|matters? to|try (it|them)|worth a try|our favourite|is here|are here|on the way|good news|treat yourself|made with .* in mind)\b/i;
    const against = written.filter((w) => readBrief(w.entry.brief).phrases.stance === "against");
    expect(against.length).toBeGreaterThanOrEqual(8);
    for (const w of against) {
      for (const text of prose(w)) for (const sentence of sentencesOf(text)) expect(sentence, `${w.entry.brief}: ${sentence}`).not.toMatch(PRAISE);
    }
  });
});
