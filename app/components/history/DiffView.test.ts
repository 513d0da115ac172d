import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { BlockSummary, DocumentDiff } from "../../../core/history/types";
import { DiffView } from "./DiffView";

const block = (index: number, text: string, label = "Paragraph", type = "paragraph"): BlockSummary => ({ index, type, label, text });
const equal = (index: number, text: string) => ({ op: "equal" as const, before: block(index, text), after: block(index, text) });

const diff: DocumentDiff = {
  blocks: [
    equal(0, "Intro"),
    equal(1, "Context"),
    equal(2, "Background"),
    {
      op: "modify",
      before: block(3, "The quick brown fox"),
      after: block(3, "The quick red fox", "Heading 2", "heading:h2"),
      words: [
        { op: "equal", text: "The quick " },
        { op: "delete", text: "brown" },
        { op: "insert", text: "red" },
        { op: "equal", text: " fox" },
      ],
      formats: [
        { text: "quick", before: [], after: ["bold"] },
        { text: "fox", before: ["comment"], after: [] },
      ],
      type_change: { before: "Paragraph", after: "Heading 2" },
      cells: [],
    },
    { op: "insert", after: block(4, "A new closing line") },
    { op: "delete", before: block(4, "An old closing line") },
    { op: "move", before: block(0, "Moved here"), after: block(5, "Moved here") },
    {
      op: "modify",
      before: block(6, "a\tb\n1\t2", "Table", "table"),
      after: block(6, "a\tb\n1\t3", "Table", "table"),
      words: [],
      formats: [],
      type_change: null,
      cells: [{ row: 1, column: 1, words: [{ op: "delete", text: "2" }, { op: "insert", text: "3" }] }],
    },
  ],
  stats: { inserted: 1, deleted: 1, modified: 2, moved: 1, unchanged: 3 },
};

const render = (value: DocumentDiff) => renderToStaticMarkup(createElement(DiffView, { diff: value }));

describe("DiffView", () => {
  it("marks words added and removed so screen readers say so, and says format and block type changes in words", () => {
    const html = render(diff);
    expect(html).toContain('<del class="diff-word diff-word--delete"><span class="visually-hidden">[removed: </span>brown');
    expect(html).toContain('<ins class="diff-word diff-word--insert"><span class="visually-hidden">[added: </span>red');
    expect(html).toContain("Paragraph → Heading 2");
    expect(html).toContain("Bold added to “quick”");
    expect(html).toContain("A comment removed from “fox”");
  });

  it("shows added blocks as insertions, removed ones struck through, moves and table cells", () => {
    const html = render(diff);
    expect(html).toMatch(/<ins class="diff-block diff-block--insert"[^>]*>.*Paragraph added.*A new closing line<\/span><\/ins>/);
    expect(html).toMatch(/<del class="diff-block diff-block--delete"[^>]*>.*Paragraph removed.*An old closing line<\/span><\/del>/);
    expect(html).toContain("Paragraph moved (was block 1, now block 6)");
    expect(html).toContain("Row 2, column 2:");
    expect(html).toContain("1 block added");
    expect(html).toContain("2 blocks changed");
  });

  it("folds unchanged blocks into one expander by default", () => {
    const html = render(diff);
    expect(html).toContain("<summary>3 unchanged blocks</summary>");
    expect(html).toContain("Only changes");
  });

  it("says when two versions have the same text", () => {
    const html = render({ blocks: [equal(0, "Same")], stats: { inserted: 0, deleted: 0, modified: 0, moved: 0, unchanged: 1 } });
    expect(html).toContain("These two versions have the same text.");
    expect(html).not.toContain("Only changes");
  });
});
