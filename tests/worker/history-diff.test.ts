import { describe, expect, it } from "vitest";
import { document, heading, image, lineDivider, link, list, listItem, paragraph, table, tableCell, tableRow, text } from "../../core/document/nodes";
import { TEXT_FORMAT, type BlockNode } from "../../core/document/types";
import { blockFingerprint, blockSummaries } from "../../core/history/blocks";
import { diffDocuments } from "../../core/history/diff";
import type { BlockDiff } from "../../core/history/types";

const p = (value: string) => paragraph([text(value)]);
const doc = (...blocks: BlockNode[]) => document(blocks);
const grid = (rows: string[][]) => table(rows.map((cells, row) => tableRow(cells.map((cell) => tableCell([p(cell)], row === 0)))));
/** The diff as short lines: op and the text on each side. */
const outline = (blocks: BlockDiff[]) =>
  blocks.map((block) => ("before" in block && "after" in block ? `${block.op} ${block.before.text} -> ${block.after.text}` : "after" in block ? `${block.op} ${block.after.text}` : `${block.op} ${block.before.text}`));

describe("blockSummaries", () => {
  it("names each block's type and label and reads its text", () => {
    const summaries = blockSummaries(
      doc(
        heading("h2", [text("Title")]),
        paragraph([text("A "), link("https://x.example", [text("link")])]),
        list("bullet", [listItem([text("one")], 1), listItem([text("two")], 2)]),
        grid([
          ["a", "b"],
          ["1", "2"],
        ]),
        image({ src: "https://x.example/p.png", alt: "a photo" }),
        lineDivider(),
        { type: "code", version: 1, language: "js", children: [{ type: "code-highlight", version: 1, text: "let a" }, { type: "linebreak", version: 1 }, { type: "code-highlight", version: 1, text: "a++" }] },
        { type: "toggle-list", version: 1, children: [p("inside")] }
      )
    );
    expect(summaries.map(({ type, label, text }) => [type, label, text])).toEqual([
      ["heading:h2", "Heading 2", "Title"],
      ["paragraph", "Paragraph", "A link"],
      ["list:bullet", "Bulleted list", "one\ntwo"],
      ["table", "Table", "a\tb\n1\t2"],
      ["image", "Image", "a photo"],
      ["line-divider", "Line divider", ""],
      ["code", "Code block", "let a\na++"],
      ["toggle-list", "Toggle list", "inside"],
    ]);
    expect(summaries.map((summary) => summary.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it("fingerprints ignore key order and Lexical's next-character style, not marks", () => {
    const plain = p("same");
    const reordered = { textStyle: "color: red", textFormat: 1, children: [text("same")], direction: "ltr", indent: 0, format: "", version: 1, type: "paragraph" } as BlockNode;
    expect(blockFingerprint(reordered)).toBe(blockFingerprint(plain));
    const commented = paragraph([{ type: "comment-mark", version: 1, uuid: "t1", ids: ["t1"], children: [text("same")] }]);
    expect(blockFingerprint(commented)).not.toBe(blockFingerprint(plain));
  });
});

describe("diffDocuments", () => {
  it("says nothing changed for equal documents", () => {
    const diff = diffDocuments(doc(p("a"), p("b")), doc(p("a"), p("b")));
    expect(diff.stats).toEqual({ inserted: 0, deleted: 0, modified: 0, moved: 0, unchanged: 2 });
    expect(diff.blocks.every((block) => block.op === "equal")).toBe(true);
  });

  it("lists an inserted and a deleted block where they are", () => {
    const inserted = diffDocuments(doc(p("a"), p("c")), doc(p("a"), heading("h2", [text("b")]), p("c")));
    expect(outline(inserted.blocks)).toEqual(["equal a -> a", "insert b", "equal c -> c"]);
    expect(inserted.stats.inserted).toBe(1);
    const deleted = diffDocuments(doc(p("a"), lineDivider(), p("c")), doc(p("a"), p("c")));
    expect(outline(deleted.blocks)).toEqual(["equal a -> a", "delete ", "equal c -> c"]);
    expect(deleted.blocks[1]).toMatchObject({ op: "delete", before: { index: 1, type: "line-divider" } });
  });

  it("finds a block moved elsewhere unchanged", () => {
    const diff = diffDocuments(doc(p("one"), p("two"), p("three"), p("four")), doc(p("two"), p("three"), p("four"), p("one")));
    expect(diff.stats).toEqual({ inserted: 0, deleted: 0, modified: 0, moved: 1, unchanged: 3 });
    expect(diff.blocks[3]).toMatchObject({ op: "move", before: { index: 0, text: "one" }, after: { index: 3, text: "one" } });
  });

  it("shows the words edited inside a paragraph", () => {
    const diff = diffDocuments(doc(p("The quick brown fox")), doc(p("The slow brown fox jumps")));
    expect(diff.blocks).toHaveLength(1);
    const block = diff.blocks[0]!;
    expect(block.op).toBe("modify");
    if (block.op !== "modify") return;
    expect(block.words.filter((part) => part.op !== "equal")).toEqual([
      { op: "delete", text: "quick" },
      { op: "insert", text: "slow" },
      { op: "insert", text: " jumps" },
    ]);
    expect(block.words.filter((part) => part.op !== "insert").map((part) => part.text).join("")).toBe("The quick brown fox");
    expect(block.type_change).toBeNull();
    expect(block.formats).toEqual([]);
  });

  it("names a formatting change on words that stayed", () => {
    const before = doc(paragraph([text("Make this bold now")]));
    const after = doc(paragraph([text("Make "), text("this bold", TEXT_FORMAT.bold), text(" now")]));
    const [block] = diffDocuments(before, after).blocks;
    expect(block).toMatchObject({ op: "modify", formats: [{ text: "this bold", before: [], after: ["bold"] }], words: [{ op: "equal", text: "Make this bold now" }] });
    const linked = diffDocuments(after, doc(paragraph([text("Make "), text("this bold", TEXT_FORMAT.bold | TEXT_FORMAT.italic), text(" "), link("https://x.example", [text("now")])])));
    const formats = linked.blocks[0]!.op === "modify" ? linked.blocks[0]!.formats : [];
    expect(formats).toEqual([
      { text: "this bold", before: ["bold"], after: ["bold", "italic"] },
      { text: "now", before: [], after: ["link"] },
    ]);
  });

  it("names comment and tracked-change marks placed around words", () => {
    const mark = (type: string, children: BlockNode["children"]) => ({ type, version: 1, ids: ["u1"], uuid: "u1", children }) as never;
    const before = doc(paragraph([text("Keep this sentence.")]));
    const after = doc(paragraph([text("Keep "), mark("comment-mark", [text("this")]), text(" sentence."), mark("insertion-mark", [text(" More.")])]));
    const [block] = diffDocuments(before, after).blocks;
    expect(block).toMatchObject({ op: "modify", formats: [{ text: "this", before: [], after: ["comment"] }], words: [{ op: "equal", text: "Keep this sentence." }, { op: "insert", text: " More." }] });
  });

  it("reports a paragraph turned into a heading", () => {
    const diff = diffDocuments(doc(p("intro"), p("Chapter one"), p("end")), doc(p("intro"), heading("h2", [text("Chapter one")]), p("end")));
    expect(diff.stats).toMatchObject({ modified: 1, unchanged: 2, inserted: 0, deleted: 0 });
    expect(diff.blocks[1]).toMatchObject({
      op: "modify",
      before: { type: "paragraph" },
      after: { type: "heading:h2" },
      type_change: { before: "Paragraph", after: "Heading 2" },
      words: [{ op: "equal", text: "Chapter one" }],
    });
  });

  it("lists a table's changed cells by row and column", () => {
    const before = grid([
      ["Name", "Price"],
      ["Tea", "3"],
    ]);
    const after = grid([
      ["Name", "Price"],
      ["Tea", "4"],
      ["Cake", "5"],
    ]);
    const [block] = diffDocuments(doc(before), doc(after)).blocks;
    expect(block?.op).toBe("modify");
    if (block?.op !== "modify") return;
    expect(block.cells).toEqual([
      { row: 1, column: 1, words: [{ op: "delete", text: "3" }, { op: "insert", text: "4" }] },
      { row: 2, column: 0, words: [{ op: "insert", text: "Cake" }] },
      { row: 2, column: 1, words: [{ op: "insert", text: "5" }] },
    ]);
    expect(block.after.text).toBe("Name\tPrice\nTea\t4\nCake\t5");
  });

  it("keeps unrelated blocks of a changed stretch as a deletion and an insertion", () => {
    const diff = diffDocuments(doc(p("a"), p("old words"), p("z")), doc(p("a"), lineDivider(), p("z")));
    expect(outline(diff.blocks)).toEqual(["equal a -> a", "delete old words", "insert ", "equal z -> z"]);
  });

  it("finds one edit in a 5,000-block document", () => {
    const blocks = Array.from({ length: 5_000 }, (_, index) => (index % 10 === 0 ? heading("h2", [text(`Section ${index}`)]) : p(`Paragraph ${index} says something.`)));
    const edited = blocks.slice();
    edited[2_501] = p("Paragraph 2501 says something else.");
    edited.splice(4_000, 1);
    const diff = diffDocuments(doc(...blocks), doc(...edited));
    expect(diff.stats).toEqual({ inserted: 0, deleted: 1, modified: 1, moved: 0, unchanged: 4_998 });
    const changed = diff.blocks.filter((block) => block.op !== "equal");
    expect(changed.map((block) => block.op)).toEqual(["modify", "delete"]);
    expect(changed[0]).toMatchObject({ before: { index: 2_501 }, after: { index: 2_501 }, words: [{ op: "equal", text: "Paragraph 2501 says something" }, { op: "insert", text: " else" }, { op: "equal", text: "." }] });
    expect(changed[1]).toMatchObject({ before: { index: 4_000, text: "Section 4000" } });
  });

  it("keeps unchanged blocks unchanged when too many blocks changed for an exact diff", () => {
    const before = Array.from({ length: 3_000 }, (_, index) => p(`line ${index}`));
    const after = before.map((block, index) => (index % 3 === 0 ? p(`line ${index}, edited`) : block));
    after.splice(1_500, 0, p("new line"));
    const diff = diffDocuments(doc(...before), doc(...after));
    expect(diff.stats).toEqual({ inserted: 1, deleted: 0, modified: 1_000, moved: 0, unchanged: 2_000 });
    expect(diff.blocks[3]).toMatchObject({ op: "modify", before: { index: 3 }, after: { index: 3 }, words: [{ op: "equal", text: "line 3" }, { op: "insert", text: ", edited" }] });
  });

  it("compares two entirely different long documents", () => {
    const before = Array.from({ length: 3_000 }, (_, index) => p(`old ${index}`));
    const after = Array.from({ length: 3_000 }, (_, index) => heading("h3", [text(`new ${index}`)]));
    const diff = diffDocuments(doc(...before), doc(...after));
    expect(diff.stats).toEqual({ inserted: 3_000, deleted: 3_000, modified: 0, moved: 0, unchanged: 0 });
  });
});
