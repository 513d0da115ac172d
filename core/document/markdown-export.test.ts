import { describe, expect, it } from "vitest";
import { documentToMarkdown, markdownToDocument } from "./markdown";
import { document, heading, lineBreak, link, list, listItem, paragraph, table, tableCell, tableRow, text } from "./nodes";
import { TEXT_FORMAT, type BlockNode } from "./types";

const { bold, italic, strikethrough, code } = TEXT_FORMAT;
const back = (blocks: BlockNode[]) => markdownToDocument(documentToMarkdown(document(blocks))).document.root.children;

describe("document to markdown and back keeps what was typed", () => {
  it.each([
    ["emphasis markers and brackets", "2 * 3 = 6, snake_case, [draft] and `ticks`"],
    ["block syntax at the start of a line", "# not a heading"],
    ["a quote marker", "> not a quote"],
    ["a list marker", "- not a list"],
    ["an ordered list marker", "1986. A fine year"],
    ["a rule", "***"],
    ["HTML and entities", "<div> & &amp; <3 a<b"],
    ["addresses that would become links", "see https://example.com or ada@example.com"],
    ["a backslash before punctuation", "C:\\*.txt and a\\"],
    ["strikethrough tildes", "~~not struck~~ and ~5"],
    ["leading and trailing spaces", "  indented, and a trailing space "],
  ])("%s", (_name, value) => {
    expect(back([paragraph([text(value)])])).toEqual([paragraph([text(value)])]);
  });

  it("keeps marks that touch punctuation and words", () => {
    const blocks = [paragraph([text("a"), text("(b)", bold), text("c"), text("d", italic), text("!", strikethrough)])];
    expect(documentToMarkdown(document(blocks))).toBe("&#x61;**(b)**&#x63;*d*~~!~~\n");
    expect(back(blocks)).toEqual(blocks);
  });

  it("keeps marks that end where others start", () => {
    const blocks = [paragraph([text("one", italic), text("two", bold | italic), text("three", bold), text(" four")])];
    expect(back(blocks)).toEqual(blocks);
  });

  it("joins neighbouring code into one span, which reads back as italic (SPEC section 4)", () => {
    const doc = document([paragraph([text("a`b", code), text("c", code)])]);
    expect(documentToMarkdown(doc)).toBe("``a`bc``\n");
    expect(markdownToDocument(documentToMarkdown(doc)).document.root.children).toEqual([paragraph([text("a`bc", italic)])]);
  });

  it("drops a line break that ends a paragraph instead of writing a stray backslash", () => {
    expect(documentToMarkdown(document([paragraph([text("a"), lineBreak(), text("b"), lineBreak()])]))).toBe("a\\\nb\n");
  });

  it("writes a heading's breaks as spaces and escapes a closing #", () => {
    expect(documentToMarkdown(document([heading("h2", [text("C"), lineBreak(), text("#")])]))).toBe("## C \\#\n");
  });

  it("keeps two lists in a row apart, and a task list's checks", () => {
    const blocks = [
      list("bullet", [listItem([text("one")], 1)]),
      list("check", [listItem([text("done")], 1, true), listItem([text("open")], 2, false)]),
    ];
    expect(documentToMarkdown(document(blocks))).toBe("- one\n\n* [x] done\n* [ ] open\n");
    expect(back(blocks)).toEqual(blocks);
  });

  it("escapes pipes in table cells, also inside code", () => {
    const cells = [tableCell([paragraph([text("a | b")])], true), tableCell([paragraph([text("x | y", code)])], true)];
    expect(documentToMarkdown(document([table([tableRow(cells)])]))).toBe("| a \\| b | `x \\| y` |\n| ------ | -------- |\n");
  });
});

describe("markdown to document, GFM details", () => {
  it("links addresses with a scheme and e-mail addresses, not bare host names", () => {
    expect(markdownToDocument("ada@example.com, example.com and //example.com").document.root.children).toEqual([
      paragraph([link("mailto:ada@example.com", [text("ada@example.com")]), text(", example.com and //example.com")]),
    ]);
  });

  it("keeps footnotes as text, even when a definition reads as a link reference", () => {
    expect(markdownToDocument("Note[^1].\n\n[^1]: appendix").document.root.children).toEqual([
      paragraph([text("Note[^1].")]),
      paragraph([text("[^1]: appendix")]),
    ]);
  });

  it("keeps addresses as written, without percent-encoding", () => {
    expect(markdownToDocument("[café](https://example.com/café)").document.root.children).toEqual([
      paragraph([link("https://example.com/café", [text("café")])]),
    ]);
  });
});
