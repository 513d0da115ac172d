import { describe, expect, it } from "vitest";
import { blogBriefSchema } from "../../contracts/content";
import { markdownToDocument } from "../../document/markdown";
import type { VoiceContext } from "../voice";
import { writeBlogOutline, writeBlogPost } from "./blog";

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
});
