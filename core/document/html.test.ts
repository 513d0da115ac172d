import { describe, expect, it } from "vitest";
import { htmlToDocument } from "./html";
import { documentToMarkdown } from "./markdown";
import { WARNINGS } from "./mdast";
import { heading, link, paragraph, text } from "./nodes";
import { documentToPlainText } from "./text";
import { isDocument, QUOTE_COLOR, TEXT_FORMAT } from "./types";

describe("htmlToDocument", () => {
  it("keeps headings, lists, quotes, tables and links; drops scripts and styles", () => {
    const { document: doc, warnings } = htmlToDocument(`<!doctype html>
      <html><head><title>Page</title><style>h1 { color: red }</style><script>alert("head")</script></head>
      <body>
        <h1>Welcome</h1>
        <script>document.write("body")</script>
        <p>Some <strong>bold</strong> and <em>italic</em> and <a href="https://example.com">a link</a>.</p>
        <ul><li>first</li><li>second<ol><li>inner</li></ol></li></ul>
        <ul><li><input type="checkbox" checked> done</li></ul>
        <blockquote><p>quoted</p></blockquote>
        <table><thead><tr><th>h1</th><th>h2</th></tr></thead><tbody><tr><td>c1</td><td>c2</td></tr></tbody></table>
        <hr>
        <img src="https://example.com/cat.png" alt="cat">
        <noscript>fallback text</noscript>
      </body></html>`);
    expect(warnings).toEqual([]);
    expect(isDocument(doc)).toBe(true);
    const [first, second] = doc.root.children;
    expect(first).toEqual(heading("h1", [text("Welcome")]));
    expect(second).toEqual(
      paragraph([
        text("Some "),
        text("bold", TEXT_FORMAT.bold),
        text(" and "),
        text("italic", TEXT_FORMAT.italic),
        text(" and "),
        link("https://example.com", [text("a link")]),
        text("."),
      ])
    );
    const markdown = documentToMarkdown(doc);
    expect(markdown).not.toMatch(/alert|document\.write|color: red/);
    expect(markdown).toContain("- first\n- second\n  1. inner\n");
    // A second list right after the first gets the other bullet, so markdown keeps them apart.
    expect(markdown).toContain("* [x] done\n");
    expect(markdown).toContain("> quoted\n");
    expect(markdown).toContain("| h1 | h2 |\n| -- | -- |\n| c1 | c2 |\n");
    expect(markdown).toContain("---\n");
    expect(markdown).toContain("![cat](https://example.com/cat.png)");
    expect(doc.root.children.find((node) => node.type === "box")).toMatchObject({ quoteColor: QUOTE_COLOR });
  });

  it("drops javascript: links but keeps their text", () => {
    const { document: doc, warnings } = htmlToDocument(
      '<p><a href="javascript:alert(1)">click</a> <a href="  JAVASCRIPT:x">here</a></p>'
    );
    expect(doc.root.children).toEqual([paragraph([text("click here")])]);
    expect(warnings).toEqual([WARNINGS.link]);
  });

  it("flattens 10,000 nested elements without overflowing the stack", () => {
    for (const tag of ["div", "blockquote", "b", "ul><li"]) {
      const html = `${`<${tag}>`.repeat(10_000)}bottom text`;
      const { document: doc, warnings } = htmlToDocument(html);
      expect(warnings).toEqual(["Nesting deeper than 100 levels was flattened"]);
      expect(documentToPlainText(doc)).toContain("bottom text");
      expect(isDocument(doc)).toBe(true);
    }
  }, 120_000);

  it("keeps the words of flattened elements apart", () => {
    const html = `${"<div>".repeat(200)}<p>one</p><p>two</p><img src="https://x.example/i.png" alt="pic">`;
    const text = documentToPlainText(htmlToDocument(html).document);
    expect(text).toMatch(/one\s+two/);
    expect(text).toContain("pic");
  });

  it("caps a huge table", () => {
    const row = `<tr>${"<td>x</td>".repeat(260)}</tr>`;
    const { document: doc, warnings } = htmlToDocument(`<table>${row.repeat(260)}</table>`);
    expect(warnings).toEqual(["Table truncated to 65,536 cells"]);
    const [table] = doc.root.children as Array<{ children: Array<{ children: unknown[] }> }>;
    expect(table!.children.length * 260).toBeLessThanOrEqual(65_536);
    expect(table!.children).toHaveLength(Math.floor(65_536 / 260));
  }, 180_000);
});
