import { describe, expect, it } from "vitest";
import { splitIntoPassages } from "./passages";

describe("passages", () => {
  it("gathers short paragraphs into one passage and starts a new one past the target", () => {
    const text = "First idea here.\n\nSecond idea here.\n\n" + "word ".repeat(10).trim();
    expect(splitIntoPassages(text, 10)).toEqual(["First idea here.\n\nSecond idea here.", "word ".repeat(10).trim()]);
  });

  it("splits a long paragraph between sentences, keeping every word", () => {
    const paragraph = Array.from({ length: 30 }, (_, i) => `Sentence ${i} has five words.`).join(" ");
    const passages = splitIntoPassages(paragraph, 20);
    expect(passages.length).toBeGreaterThan(5);
    for (const passage of passages) expect(passage.split(" ").length).toBeLessThanOrEqual(20);
    expect(passages.join(" ")).toBe(paragraph);
  });

  it("ignores blank input", () => {
    expect(splitIntoPassages("  \n\n \r\n ")).toEqual([]);
  });
});
