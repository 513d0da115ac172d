import { describe, expect, it } from "vitest";
import { BLOG_LENGTHS, blogBriefSchema, blogDraftRequestSchema, blogLengths } from "../../contracts/content";
import { markdownToDocument } from "../../document/markdown";
import type { VoiceContext } from "../voice";
import { wordCount, writeBlogOutline, writeBlogPost } from "./blog";
import { CORPUS, WORKSPACES } from "./briefs.corpus";

const voice: VoiceContext = {
  brandName: "Acme Mail",
  notes: {
    keywords: "email automation, open rates",
    audience: "Founders of small online shops",
    product_or_service_description: "Acme Mail sends the right email to each customer at the right time. It takes five minutes to set up.",
  },
  style: { tone: "Warm and practical", readingLevel: "standard", preferWords: [], avoidWords: [], formatting: "" },
};
const passages = [
  { sourceId: 7, sourceTitle: "Q3 customer interviews", text: "Shops that sent a welcome series saw open rates double within a month. Most started with three emails." },
  { sourceId: 8, sourceTitle: "Pricing page", text: "Plans start at nine euros." },
];

describe("offline writer: blog posts", () => {
  const brief = blogBriefSchema.parse({ topic: "Welcome emails that convert", keywords: ["welcome series"], length: "short" });

  it("outlines the brief: sections for its kind, sized by length, the knowledge it holds as points, the brand's call to action", () => {
    const outline = writeBlogOutline(brief, voice, passages);
    expect(outline).toHaveLength(3 + 1);
    expect(outline.flatMap((s) => s.points)).toContain("Shops that sent a welcome series saw open rates double within a month");
    expect(outline.at(-1)!.heading).toBe("How Acme Mail helps");
    expect(outline.at(-1)!.points[0]).toBe("Acme Mail sends the right email to each customer at the right time");
    expect(writeBlogOutline({ ...brief, length: "long" }, voice, passages)).toHaveLength(7 + 1);
    expect(writeBlogOutline(brief, voice, passages)).toEqual(outline);
  });

  it("drafts markdown that follows the edited outline, addresses the audience and cites the knowledge it uses", () => {
    const outline = [
      { heading: "Open with a promise", points: ["Say what they will get", "Keep it short"] },
      { heading: "Three emails are enough", points: ["Welcome", "Story", "Offer"] },
    ];
    const markdown = writeBlogPost({ ...brief, outline }, voice, passages);
    expect(markdown).toMatch(/^# \S.*\n/);
    expect(markdown.indexOf("## Open with a promise")).toBeLessThan(markdown.indexOf("## Three emails are enough"));
    expect(markdown).toContain("founders of small online shops");
    expect(markdown).toContain("Shops that sent a welcome series saw open rates double within a month. [1]");
    expect(markdown).toMatch(/### Sources\n\n1\. Q3 customer interviews\n$/);
    expect(markdown).toContain("See how Acme Mail can help");
  });

  it("grows with the requested length and becomes a document with headings", () => {
    const outline = writeBlogOutline({ ...brief, length: "long" }, voice, []);
    const long = writeBlogPost({ ...brief, length: "long", outline }, voice, []);
    const short = writeBlogPost({ ...brief, outline: writeBlogOutline(brief, voice, []) }, voice, []);
    expect(long.split(/\s+/).length).toBeGreaterThan(short.split(/\s+/).length * 1.3);
    const { document, warnings } = markdownToDocument(long);
    expect(warnings).toEqual([]);
    const headings = document.root.children.filter((node) => node.type === "heading");
    expect(headings.length).toBe(outline.length + 2);
  });

  // One brief of each kind, from several workspaces, with their passages.
  const briefs = [...new Map(CORPUS.map((entry) => [entry.kind, entry])).values()];
  const sentencesOf = (markdown: string) =>
    markdown
      .split("\n")
      .filter((line) => !line.startsWith("#"))
      .join("\n")
      .replace(/\*\*/g, "")
      .split(/(?<=[.!?])\s+|\n+/)
      .map((s) => s.replace(/^[-\d.)\s]+/, "").replace(/\[\d+\]/g, "").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim())
      .filter((s) => s.split(" ").length > 2);

  for (const length of blogLengths) {
    it(`writes a ${BLOG_LENGTHS[length].label} draft within 15% of its length, never saying a sentence twice`, () => {
      expect(briefs.length).toBe(8);
      for (const entry of briefs) {
        const kit = WORKSPACES[entry.workspace] as VoiceContext;
        const request = blogBriefSchema.parse({ topic: entry.brief, audience: entry.audience, length });
        const markdown = writeBlogPost(blogDraftRequestSchema.parse({ ...request, outline: writeBlogOutline(request, kit, entry.passages) }), kit, entry.passages);
        const words = wordCount(markdown);
        expect(Math.abs(words - BLOG_LENGTHS[length].words) / BLOG_LENGTHS[length].words, `${entry.brief}: ${words} words`).toBeLessThanOrEqual(0.15);
        const sentences = sentencesOf(markdown);
        const repeated = sentences.filter((sentence, i) => sentences.indexOf(sentence) !== i);
        expect(repeated, entry.brief).toEqual([]);
      }
    });
  }

  it("stays on the brief: news about the sourdough is told as news, not as an opinion about it", () => {
    const bakery: VoiceContext = { brandName: "Crumb & Co", notes: { product_or_service_description: "Crumb & Co bakes sourdough in Bristol every morning." } };
    const request = blogBriefSchema.parse({ topic: "our sourdough is now delivered warm to their door", length: "medium" });
    const outline = writeBlogOutline(request, bakery);
    const markdown = writeBlogPost({ ...request, outline }, bakery);
    expect(markdown.split("\n")[0]).toBe("# Our sourdough, now delivered warm to your door");
    expect(outline[0]!.points[0]).toBe("Now delivered warm to your door");
    expect(markdown).not.toMatch(/what we think about|strong views|where we stand/i);
    expect(Math.abs(wordCount(markdown) - 1200) / 1200).toBeLessThanOrEqual(0.15);
  });
});
