import { describe, expect, it } from "vitest";
import { composePost, guardPost, parseTermList, removeAvoidTerms, splitIntoThread, trimToLimit } from "./guardrails";

describe("avoid list", () => {
  it("removes every avoid-list term, any case, as whole words only", () => {
    const { text, removed } = removeAvoidTerms("Our Synergy tool is best-in-class. Synergistic teams love it.", ["synergy", "best-in-class"]);
    expect(text).toBe("Our tool is. Synergistic teams love it.");
    expect(removed).toEqual(["best-in-class", "synergy"]);
  });

  it("reads an avoid-list note one term per line or comma", () => {
    expect(parseTermList("cheap, 'disrupt'\nleverage\n\ncheap")).toEqual(["cheap", "disrupt", "leverage"]);
  });

  it("notes each removed word on the post and drops hashtags that spell it", () => {
    const post = guardPost({ channel: "linkedin", body: "A cheap way to grow. Cheap and cheerful.", hashtags: ["#Cheap", "growth"] }, ["cheap"]);
    expect(post.body.toLowerCase()).not.toContain("cheap");
    expect(post.hashtags).toEqual(["#growth"]);
    expect(post.notes).toEqual(["Removed “cheap”, which is on the brand's avoid list."]);
  });
});

describe("channel limits", () => {
  const long = Array.from({ length: 40 }, (_, i) => `Sentence number ${i + 1} is here.`).join(" ");

  it("splits a 400-character X post into a numbered thread of posts within 280", () => {
    const body = long.slice(0, 400);
    const post = guardPost({ channel: "twitter", body, hashtags: [] });
    expect(post.thread!.length).toBeGreaterThan(1);
    for (const part of post.thread!) expect(part.length).toBeLessThanOrEqual(280);
    expect(post.thread![0]).toMatch(/\(1\/\d\)$/);
    expect(post.notes[0]).toContain("split into a thread");
    expect(post.thread!.join(" ").replace(/ \(\d\/\d\)/g, "")).toBe(body.trim());
  });

  it("trims a LinkedIn post over 3,000 characters at a word, with a note", () => {
    const body = long.repeat(5);
    const post = guardPost({ channel: "linkedin", body, hashtags: [] });
    expect(post.body.length).toBeLessThanOrEqual(3000);
    expect(post.body.endsWith("…")).toBe(true);
    expect(post.notes[0]).toMatch(/Shortened from [\d,]+ to 3,000 characters/);
  });

  it("keeps at most 30 Instagram hashtags and fits the caption with them", () => {
    const tags = Array.from({ length: 35 }, (_, i) => `tag${i}`);
    const post = guardPost({ channel: "instagram", body: long.repeat(3), hashtags: tags });
    expect(post.hashtags).toHaveLength(30);
    expect(composePost(post).length).toBeLessThanOrEqual(2200);
    expect(post.notes[0]).toBe("Kept the first 30 of 35 hashtags: Instagram allows at most 30.");
  });

  it("holds SEO titles to 60 and meta descriptions to 160", () => {
    const post = guardPost({ channel: "seo", title: "A".repeat(10) + " " + "word ".repeat(20), description: "word ".repeat(50), body: "", hashtags: [] });
    expect(post.title!.length).toBeLessThanOrEqual(60);
    expect(post.description!.length).toBeLessThanOrEqual(160);
    expect(post.notes).toHaveLength(2);
  });

  it("holds YouTube titles to 100 and leaves posts within limits untouched", () => {
    expect(guardPost({ channel: "youtube", title: "t ".repeat(80), body: "", hashtags: [] }).title!.length).toBeLessThanOrEqual(100);
    const fine = guardPost({ channel: "facebook", body: "Short and sweet.", hashtags: ["#ok"] });
    expect(fine).toEqual({ channel: "facebook", body: "Short and sweet.", hashtags: ["#ok"], notes: [] });
  });

  it("trims at a word boundary and splits a single over-long word safely", () => {
    expect(trimToLimit("alpha beta gamma delta", 14)).toBe("alpha beta…");
    const parts = splitIntoThread("x".repeat(600), 280);
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(280);
  });
});
