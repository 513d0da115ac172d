import { describe, expect, it } from "vitest";
import { analyseSeo, fleschReadingEase, readingEaseLabel } from "./seo";

describe("SEO analysis", () => {
  it("scores simple prose as easy and dense prose as difficult", () => {
    expect(fleschReadingEase("The cat sat on the mat. The dog ran to the park.")).toBeGreaterThan(90);
    const dense =
      "Organisational transformation necessitates comprehensive reconsideration of institutional infrastructure, interdepartmental communication methodologies and sophisticated performance evaluation frameworks.";
    expect(fleschReadingEase(dense)).toBeLessThan(30);
    expect(readingEaseLabel(95)).toBe("Very easy");
    expect(readingEaseLabel(10)).toBe("Very difficult");
  });

  it("measures keyword density and where the keyword appears", () => {
    const text = `Email marketing works. ${"Plain words fill the page here. ".repeat(20)}Good email marketing is kind.`;
    const report = analyseSeo({
      title: "Email marketing that people actually read and answer",
      description: "A short guide.",
      text,
      headings: [{ level: 1, text: "Email marketing" }],
      keywords: ["email marketing"],
    });
    expect(report.keywords[0]).toMatchObject({ keyword: "email marketing", count: 2, inTitle: true, inDescription: false, inHeadings: true });
    expect(report.keywords[0]!.density).toBeCloseTo((2 / report.words) * 100, 1);
    expect(report.suggestions).toContain("Mention “email marketing” in the meta description.");
  });

  it("suggests fixes for long titles and descriptions, missing or repeated H1s and skipped levels", () => {
    const report = analyseSeo({
      title: "x".repeat(70),
      description: "y".repeat(170),
      text: "Short.",
      headings: [
        { level: 1, text: "One" },
        { level: 1, text: "Two" },
        { level: 4, text: "Deep" },
      ],
      keywords: [],
    });
    expect(report.title).toEqual({ length: 70, max: 60 });
    expect(report.description).toEqual({ length: 170, max: 160 });
    expect(report.headings).toEqual({ h1: 2, skipped: [{ from: 1, to: 4 }], total: 3 });
    expect(report.suggestions).toEqual(
      expect.arrayContaining([
        "Shorten the title to 60 characters or fewer (it has 70); longer titles are cut off in search results.",
        "Shorten the meta description to 160 characters or fewer (it has 170).",
        "Use a single H1 (there are 2); make the others H2.",
        "A heading jumps from H1 to H4; use H2 so the outline has no gaps.",
        "Write at least 300 words (it has 1 word); short pages rarely rank.",
      ]),
    );
  });

  it("reports an empty draft without dividing by zero", () => {
    const report = analyseSeo({ title: "", description: "", text: "", headings: [], keywords: ["brand"] });
    expect(report).toMatchObject({ words: 0, sentences: 0, readability: { score: 0 } });
    expect(report.keywords[0]!.density).toBe(0);
    expect(report.suggestions[0]).toBe("Add a title: it is the link people click in search results.");
  });
});
