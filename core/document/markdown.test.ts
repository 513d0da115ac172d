import { describe, expect, it } from "vitest";
import { documentToMarkdown, markdownToDocument } from "./markdown";
import { WARNINGS } from "./mdast";
import { document, heading, image, link, list, listItem, paragraph, text } from "./nodes";
import { documentToPlainText } from "./text";
import { isDocument, MAX_TABLE_CELLS, QUOTE_COLOR, TEXT_FORMAT, type SerializedDocument } from "./types";

const roundTrip = (markdown: string) => documentToMarkdown(markdownToDocument(markdown).document);
const blocks = (markdown: string) => markdownToDocument(markdown).document.root.children;

/** The deepest chain of `children` under the root, walked without recursion. */
function nesting(doc: SerializedDocument, type: string): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[doc.root, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()! as [{ type?: string; children?: unknown[] }, number];
    const here = node.type === type ? depth + 1 : depth;
    deepest = Math.max(deepest, here);
    for (const child of node.children ?? []) stack.push([child, here]);
  }
  return deepest;
}

describe("markdown round trips", () => {
  it.each([
    ["headings", "# One\n\n## Two\n\n### Three\n\n#### Four\n\n##### Five\n\n###### Six\n"],
    ["emphasis, strong and strikethrough", "Some *emphasis*, **strong**, ~~struck~~ and **bold *both* bold** text.\n"],
    ["links with titles", 'See [the site](https://example.com "Example") and [mail](mailto:a@example.com).\n'],
    ["hard line breaks", "first\\\nsecond\n"],
    ["bullet lists, nested", "- one\n- two\n  - two a\n  - two b\n    - deeper\n- three\n"],
    ["ordered lists with a start", "3. three\n4. four\n   1. inner\n   2. inner two\n5. five\n"],
    ["task lists", "- [ ] open\n- [x] done\n  - [x] nested done\n"],
    ["quotes, nested", "> quoted\n>\n> > nested quote\n"],
    ["tables with alignment", "| Name | Qty |  Note |\n| :--- | --: | :---: |\n| a    |   1 | **x** |\n| b    |   2 |       |\n"],
    ["images", '![A cat](https://example.com/cat.png "Cat")\n'],
    ["linked images", "[![badge](https://example.com/b.svg)](https://example.com)\n"],
    ["dividers", "above\n\n---\n\nbelow\n"],
  ])("%s", (_name, markdown) => {
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it("keeps the document valid", () => {
    const { document: doc } = markdownToDocument("# T\n\n- [x] a\n\n> q\n\n| a |\n| - |\n| b |\n\n![i](x.png)\n\n---\n");
    expect(isDocument(doc)).toBe(true);
  });
});

describe("markdown to document mappings", () => {
  it("writes Lexical's node shapes", () => {
    expect(blocks("# Hi *there*")).toEqual([heading("h1", [text("Hi "), text("there", TEXT_FORMAT.italic)])]);
    expect(blocks("a **b** [c](https://c.example)")).toEqual([
      paragraph([text("a "), text("b", TEXT_FORMAT.bold), text(" "), link("https://c.example", [text("c")])]),
    ]);
  });

  it("maps inline code to italic text (SPEC section 4)", () => {
    expect(blocks("run `npm test` now")).toEqual([paragraph([text("run "), text("npm test", TEXT_FORMAT.italic), text(" now")])]);
    expect(roundTrip("run `npm test` now\n")).toBe("run *npm test* now\n");
  });

  it("maps a code block to one paragraph per line, text kept", () => {
    expect(blocks("```js\nconst a = 1;\n\nrun(a);\n```")).toEqual([
      paragraph([text("const a = 1;")]),
      paragraph([]),
      paragraph([text("run(a);")]),
    ]);
  });

  it("maps a blockquote to a box with the quote colour", () => {
    const [quote] = blocks("> quoted");
    expect(quote).toMatchObject({ type: "box", quoteColor: QUOTE_COLOR, children: [paragraph([text("quoted")])] });
  });

  it("maps a thematic break to a solid thin line divider", () => {
    expect(blocks("***")).toEqual([{ type: "line-divider", version: 1, style: "solid_thin" }]);
  });

  it("maps task items to a check list with checked flags", () => {
    expect(blocks("- [x] done\n- [ ] open")).toEqual([
      list("check", [listItem([text("done")], 1, true), listItem([text("open")], 2, false)]),
    ]);
  });

  it("keeps nested lists in their own item, Lexical's shape", () => {
    expect(blocks("1. a\n   - b\n2. c")).toEqual([
      list("number", [
        listItem([text("a")], 1),
        listItem([list("bullet", [listItem([text("b")], 1, undefined, 1)])], 2),
        listItem([text("c")], 2),
      ]),
    ]);
    expect(blocks("5. five")[0]).toMatchObject({ type: "list", listType: "number", start: 5, tag: "ol" });
  });

  it("turns a paragraph of only an image into an image block", () => {
    expect(blocks('![alt](https://x.example/a.png "T")')).toEqual([
      image({ src: "https://x.example/a.png", alt: "alt", title: "T" }),
    ]);
  });

  it("makes the first table row header cells", () => {
    const [table] = blocks("| h |\n| - |\n| c |");
    expect(table).toMatchObject({
      type: "table",
      children: [
        { type: "tablerow", children: [{ type: "tablecell", headerState: 1, width: 128, colSpan: 1, rowSpan: 1 }] },
        { type: "tablerow", children: [{ type: "tablecell", headerState: 0 }] },
      ],
    });
  });

  it("resolves reference links and autolinks", () => {
    expect(blocks("[site][s] and https://auto.example\n\n[s]: https://s.example")).toEqual([
      paragraph([
        link("https://s.example", [text("site")]),
        text(" and "),
        link("https://auto.example", [text("https://auto.example")]),
      ]),
    ]);
  });

  it("reads soft line breaks as spaces and <br> as line breaks", () => {
    expect(blocks("one\ntwo<br>three")).toEqual([paragraph([text("one two"), { type: "linebreak", version: 1 }, text("three")])]);
  });
});

describe("unsafe links", () => {
  it("drops the link and keeps its text", () => {
    const result = markdownToDocument("[click me](javascript:alert(1)) and [ok](https://ok.example)");
    expect(result.document.root.children).toEqual([paragraph([text("click me and "), link("https://ok.example", [text("ok")])])]);
    expect(result.warnings).toEqual([WARNINGS.link]);
  });

  it.each(["vbscript:msgbox(1)", "file:///etc/passwd", "data:text/html;base64,PHNjcmlwdD4="])("drops %s", (url) => {
    expect(blocks(`[x](${url})`)).toEqual([paragraph([text("x")])]);
  });

  it("keeps data images of the allowed types and drops others to their alt text", () => {
    expect(blocks("![dot](data:image/png;base64,iVBORw0KGgo=)")).toEqual([
      image({ src: "data:image/png;base64,iVBORw0KGgo=", alt: "dot" }),
    ]);
    expect(blocks("![vector](data:image/svg+xml;base64,PHN2Zz4=)")).toEqual([paragraph([text("vector")])]);
  });
});

describe("hostile markdown", () => {
  it("caps a 100,000-cell table at 65,536 cells, says so and keeps what follows", () => {
    const row = `|${" a |".repeat(100)}`;
    const markdown = [row, `|${" - |".repeat(100)}`, ...Array.from({ length: 1_000 }, () => row), "# After"].join("\n");
    const { document: doc, warnings } = markdownToDocument(markdown);
    expect(warnings).toEqual(["Table truncated to 65,536 cells"]);
    const [table, after] = doc.root.children as Array<{ children: Array<{ children: unknown[] }> }>;
    const cells = table!.children.reduce((sum, row) => sum + row.children.length, 0);
    expect(cells).toBeLessThanOrEqual(MAX_TABLE_CELLS);
    expect(cells).toBe(655 * 100);
    expect(after).toEqual(heading("h1", [text("After")]));
  }, 180_000);

  it("caps a single row of 70,000 cells", () => {
    const markdown = `|${" a |".repeat(70_000)}\n|${" - |".repeat(70_000)}`;
    const { document: doc, warnings } = markdownToDocument(markdown);
    expect(warnings).toContain(WARNINGS.table);
    const [table] = doc.root.children as Array<{ children: Array<{ children: unknown[] }> }>;
    expect(table!.children[0]!.children).toHaveLength(MAX_TABLE_CELLS);
  }, 180_000);

  it.each([
    ["blockquotes", `${">".repeat(10_000)} deep`, "box"],
    ["spaced blockquotes", `${"> ".repeat(10_000)}deep`, "box"],
    ["bullet lists", `${"- ".repeat(10_000)}deep`, "list"],
    ["ordered lists", `${"1. ".repeat(10_000)}deep`, "list"],
  ])(
    "flattens 10,000 nested %s to 100 levels",
    (_name, markdown, type) => {
      const { document: doc, warnings } = markdownToDocument(markdown);
      expect(warnings).toEqual(["Nesting deeper than 100 levels was flattened"]);
      expect(nesting(doc, type)).toBe(100);
      expect(documentToPlainText(doc)).toContain("deep");
      expect(isDocument(doc)).toBe(true);
      expect(documentToMarkdown(doc)).toContain("deep");
    },
    60_000
  );

  it("flattens lists nested by indentation", () => {
    const markdown = Array.from({ length: 300 }, (_, level) => `${"  ".repeat(level)}- item ${level}`).join("\n");
    const { document: doc, warnings } = markdownToDocument(markdown);
    expect(warnings).toEqual(["Nesting deeper than 100 levels was flattened"]);
    expect(nesting(doc, "list")).toBe(100);
    expect(documentToPlainText(doc)).toContain("item 299");
  }, 120_000);

  it("survives 3,000 levels of nested emphasis", () => {
    const { document: doc } = markdownToDocument(`${"**".repeat(3_000)}x${"**".repeat(3_000)}`);
    expect(documentToPlainText(doc)).toBe("x");
  }, 60_000);

  it("leaves ordinary documents without warnings", () => {
    expect(markdownToDocument("# Title\n\n- a\n  - b\n\n| a |\n| - |\n| 1 |\n").warnings).toEqual([]);
  });
});

describe("document to markdown", () => {
  it("moves spaces out of marks and drops what markdown cannot say", () => {
    const doc = document([
      paragraph([
        text("bold ", TEXT_FORMAT.bold),
        text("plain "),
        text("under", TEXT_FORMAT.underline),
        text(" code", TEXT_FORMAT.code),
      ]),
    ]);
    expect(documentToMarkdown(doc)).toBe("**bold** plain under` code`\n");
  });

  it("writes unknown nodes' text", () => {
    const doc = document([
      { type: "callout", version: 1, children: [paragraph([text("inside "), { type: "mention", version: 1, text: "@ada" }])] },
    ]);
    expect(documentToMarkdown(doc)).toBe("inside @ada\n");
  });

  it("writes a hostile, unvalidated document nested 10,000 levels deep without overflowing", () => {
    let boxed: Record<string, unknown> = paragraph([text("boxed")]);
    let linked: Record<string, unknown> = text("linked");
    for (let level = 0; level < 10_000; level++) {
      boxed = { type: "box", version: 1, format: "", indent: 0, direction: null, children: [boxed] };
      linked = { type: "link", version: 1, format: "", indent: 0, direction: null, url: "https://x.example", children: [linked] };
    }
    const markdown = documentToMarkdown(document([boxed as never, paragraph([linked as never])]));
    expect(markdown).toContain("boxed");
  });

  it("skips empty paragraphs", () => {
    expect(documentToMarkdown(document([paragraph([text("a")]), paragraph([]), paragraph([text("b")])]))).toBe("a\n\nb\n");
  });
});
