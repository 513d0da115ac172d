import { describe, expect, it } from "vitest";
import { box, document, heading, image, lineBreak, lineDivider, link, list, listItem, paragraph, table, tableCell, tableRow, text } from "../document/nodes";
import { knownNodeTypes, QUOTE_COLOR, TEXT_FORMAT, type BlockNode, type HeadingTag } from "../document/types";
import { EDITOR_NODE_TYPES } from "./fallbacks";
import { renderDocumentEmail } from "./render";
import { HEADING_FONT_SIZES } from "./styles";

const render = (...blocks: BlockNode[]) => renderDocumentEmail(document(blocks)).html;
const node = (type: string, fields: Record<string, unknown> = {}) => ({ type, version: 1, ...fields }) as unknown as BlockNode;

describe("renderDocumentEmail: the layout of SPEC section 9", () => {
  it("is a whole HTML page around a table column at most 600px wide", () => {
    const html = render(paragraph([text("Hi")]));
    expect(html.startsWith("<!DOCTYPE html><html")).toBe(true);
    expect(html.endsWith("</body></html>")).toBe(true);
    expect(html).toMatch(/<table role="presentation"[^>]*class="bw-container" width="600" style="width:100%;max-width:600px;/);
    expect(html).toMatch(/class="bw-content" style="[^"]*font-size:16px;/);
  });

  it("has one <style>, holding only the phone rule at 720px", () => {
    const html = render(paragraph([text("Hi")]));
    expect(html.match(/<style>/g)).toHaveLength(1);
    expect(html).toMatch(/<style>@media \(max-width: 720px\) \{[^<]*\}<\/style>/);
  });

  it("sizes headings 32/28/24/20/18/16px", () => {
    const tags: HeadingTag[] = ["h1", "h2", "h3", "h4", "h5", "h6"];
    const html = render(...tags.map((tag) => heading(tag, [text(tag)])));
    expect(tags.map((tag) => HEADING_FONT_SIZES[tag])).toEqual([32, 28, 24, 20, 18, 16]);
    for (const tag of tags) expect(html).toMatch(new RegExp(`<${tag} style="[^"]*font-size:${HEADING_FONT_SIZES[tag]}px;[^"]*">${tag}</${tag}>`));
  });

  it("pads lists 30px on the left, keeps an ordered list's start and marks check items", () => {
    const html = render(
      list("bullet", [listItem([text("dot")], 1)]),
      list("number", [listItem([text("third")], 3)], 3),
      list("check", [listItem([text("done")], 1, true), listItem([text("todo")], 2, false)]),
    );
    expect(html.match(/<(?:ul|ol)[^>]*padding-left:30px/g)).toHaveLength(3);
    expect(html).toContain('<ol start="3"');
    expect(html).toContain("<li>&#9745;&nbsp;done</li><li>&#9744;&nbsp;todo</li>");
  });

  it("nests a list inside the item before it without a marker of its own", () => {
    const html = render(list("bullet", [listItem([text("outer")], 1), listItem([list("bullet", [listItem([text("inner")], 1)])], 2)]));
    expect(html).toMatch(/<li>outer<\/li><li style="list-style-type:none"><ul[^>]*><li>inner<\/li><\/ul><\/li>/);
  });

  it("fills a box with #dee2e6 by default, or its own colour", () => {
    expect(render(box([paragraph([text("x")])]))).toMatch(/<td style="[^"]*background-color:#dee2e6;/);
    expect(render(box([paragraph([text("x")])], { boxColor: "#ffe066" }))).toMatch(/background-color:#ffe066;/);
  });

  it("draws a quote as a #2F5EBC bar on the left", () => {
    const html = render(box([paragraph([text("quoted")])], { quoteColor: QUOTE_COLOR }));
    expect(html).toContain("border-left:4px solid #2F5EBC");
    expect(html).not.toContain("#dee2e6");
  });

  it("refuses colours that would add CSS", () => {
    const html = render(box([paragraph([text("x")])], { boxColor: "red;background-image:url(https://track.example/p.gif)" }));
    expect(html).not.toContain("track.example");
    expect(html).toContain("background-color:#dee2e6");
    const quote = render(box([paragraph([text("x")])], { quoteColor: "blue;background:url(https://track.example/p.gif)" }));
    expect(quote).not.toContain("track.example");
    expect(quote).toContain("border-left:4px solid #2F5EBC");
  });

  it("makes images 100% wide unless they have a width of at most 600", () => {
    const widthOf = (width?: number) => /<img [^>]*style="[^"]*;width:([^";]+)"/.exec(render(image({ src: "https://x.example/a.png", alt: "a", width })))?.[1];
    expect(widthOf()).toBe("100%");
    expect(widthOf(300)).toBe("300px");
    expect(widthOf(600)).toBe("600px");
    expect(widthOf(900)).toBe("100%");
    expect(widthOf(0.5)).toBe("50%");
    expect(render(image({ src: "https://x.example/a.png", alt: "a" }))).toContain('width="536"');
    expect(render(image({ src: "https://x.example/a.png", alt: "a" }))).toContain("max-width:100%");
  });

  it("links an image with an href and keeps only the alt text of an unsafe source", () => {
    expect(render(image({ src: "a.png", alt: "cat", href: "https://x.example" }))).toMatch(/<a href="https:\/\/x\.example" target="_blank"[^>]*><img src="a.png" alt="cat"/);
    const html = render(image({ src: "javascript:alert(1)", alt: "cat" }));
    expect(html).not.toContain("<img");
    expect(html).toContain(">cat</div>");
  });

  it("resolves relative addresses against baseUrl", () => {
    const doc = document([paragraph([link("/docs/a", [text("a")])]), image({ src: "img/b.png", alt: "b" })]);
    const { html } = renderDocumentEmail(doc, { baseUrl: "https://app.example/x/" });
    expect(html).toContain('href="https://app.example/docs/a"');
    expect(html).toContain('src="https://app.example/x/img/b.png"');
  });

  it("renders tables with borders, header cells and spans", () => {
    const cell = { ...tableCell([paragraph([text("wide")])], false), colSpan: 2, backgroundColor: "#fff3bf" };
    const html = render(table([tableRow([tableCell([paragraph([text("h")])], true)]), tableRow([cell])]));
    expect(html).toMatch(/<table width="100%" cellpadding="8" cellspacing="0" border="1" style="[^"]*border-collapse:collapse;border:1px solid #ced4da"/);
    expect(html).toMatch(/<th style="border:1px solid #ced4da;[^"]*"><p style="margin:0">h<\/p><\/th>/);
    expect(html).toMatch(/<td colspan="2" style="[^"]*background-color:#fff3bf;/);
  });
});

describe("renderDocumentEmail: text and links", () => {
  it("renders every mark", () => {
    const marks: Array<[keyof typeof TEXT_FORMAT, string]> = [
      ["bold", "strong"],
      ["italic", "em"],
      ["underline", "u"],
      ["strikethrough", "s"],
      ["subscript", "sub"],
      ["superscript", "sup"],
    ];
    for (const [mark, tag] of marks) expect(render(paragraph([text("x", TEXT_FORMAT[mark])]))).toContain(`<${tag}>x</${tag}>`);
    expect(render(paragraph([text("x", TEXT_FORMAT.code)]))).toMatch(/<code style="font-family:[^"]*">x<\/code>/);
    expect(render(paragraph([text("x", TEXT_FORMAT.bold | TEXT_FORMAT.italic)]))).toContain("<strong><em>x</em></strong>");
  });

  it("keeps a text's colour and size but not anything that loads", () => {
    const styled = { ...text("x"), style: "color: #e03131; font-size: 20px; background-image: url(https://t.example/p.gif); position: fixed" };
    const html = render(paragraph([styled]));
    expect(html).toContain('<span style="color:#e03131;font-size:20px">x</span>');
    expect(html).not.toContain("t.example");
  });

  it("opens safe links in a new tab", () => {
    expect(render(paragraph([link("https://x.example/?a=1&b=2", [text("go")])]))).toMatch(
      /<a href="https:\/\/x\.example\/\?a=1&amp;b=2" target="_blank" rel="noopener noreferrer"[^>]*>go<\/a>/,
    );
  });

  it("renders a javascript: link as its text, with no href", () => {
    for (const url of ["javascript:alert(1)", " JAVASCRIPT:alert(1)", "java\tscript:alert(1)", "vbscript:x", "data:text/html,<script>"]) {
      const { html, text: plain } = renderDocumentEmail(document([paragraph([link(url, [text("click")])])]));
      expect(html).not.toContain("href");
      expect(html).toContain(">click</p>");
      expect(plain).toBe("click");
    }
  });

  it("never lets text or attributes out unescaped", () => {
    const evil = `<script>alert("x")</script>`;
    const doc = document([
      heading("h2", [text(evil)]),
      paragraph([text(evil), link("https://x.example", [text(evil)], `"><script>`)]),
      image({ src: "https://x.example/a.png", alt: `"><script>alert(1)</script>`, title: evil }),
      node("mention", { text: evil }),
      node("code", { children: [text(evil)] }),
      table([tableRow([tableCell([paragraph([text(evil)])], false)])]),
    ]);
    const { html } = renderDocumentEmail(doc, { title: evil, preheader: evil });
    expect(html).not.toMatch(/<script|"><script/i);
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
  });

  it("writes the title as the page title and first heading, and hides the preheader", () => {
    const { html, text: plain } = renderDocumentEmail(document([paragraph([text("Body")])]), { title: "Launch", preheader: "New things" });
    expect(html).toContain("<title>Launch</title>");
    expect(html).toMatch(/<h1 style="[^"]*font-size:32px[^"]*">Launch<\/h1><p/);
    expect(html).toMatch(/<div style="display:none;[^"]*">New things<\/div>/);
    expect(plain).toBe("Launch\n\nBody");
  });

  it("gives a plain-text alternative with link addresses", () => {
    const doc = document([
      heading("h1", [text("Title")]),
      paragraph([text("See "), link("https://x.example/a", [text("this")]), text(" or "), link("https://x.example/b", [text("https://x.example/b")])]),
      list("bullet", [listItem([text("one")], 1)]),
      lineDivider(),
    ]);
    expect(renderDocumentEmail(doc).text).toBe("Title\nSee this (https://x.example/a) or https://x.example/b\none\nLine divider not supported in email");
  });

  it("lists the headings for a table of contents and leaves AI suggestions out", () => {
    const doc = document([
      node("table-of-contents"),
      heading("h1", [text("Intro")]),
      box([heading("h2", [text("Details")])]),
      node("ai-suggestion", { contentData: { text: "secret draft" }, children: [paragraph([text("secret draft")])] }),
    ]);
    const { html, text: plain } = renderDocumentEmail(doc);
    expect(html).toMatch(/<ul[^>]*><li>Intro<\/li><li>Details<\/li><\/ul>/);
    expect(html).not.toContain("secret draft");
    expect(plain).toBe("Intro\nDetails\nIntro\nDetails");
  });
});

describe("renderDocumentEmail: robustness", () => {
  it("renders a document with every known and named node type", () => {
    const inline = [text("t", 127), lineBreak(), link("https://x.example", [text("l")]), image({ src: "i.png", alt: "i" })];
    const named = Object.values(EDITOR_NODE_TYPES).map((type) => node(type, { children: [paragraph([text(type)])] }));
    const doc = document([
      paragraph(inline, "center"),
      heading("h3", inline),
      list("number", [listItem([...inline, list("check", [listItem([text("n")], 1, true)])], 1)]),
      box([paragraph(inline), box([lineDivider()], { quoteColor: QUOTE_COLOR })]),
      image({ src: "https://x.example/a.png", alt: "a", width: 0.25, float: "center" }),
      table([tableRow([tableCell([paragraph(inline), ...named], true)])]),
      lineDivider(),
      ...named,
      paragraph([node("mention", { text: "@ada" }) as never, node("smart-link") as never]),
      node("tablerow", { children: [node("tablecell", { children: [paragraph([text("stray")])] })] }),
    ]);
    const covered = new Set(JSON.stringify(doc).match(/"type":"[^"]+"/g)!.map((match) => match.slice(8, -1)));
    for (const type of knownNodeTypes) expect(covered).toContain(type);
    const { html, text: plain } = renderDocumentEmail(doc, { title: "All" });
    expect(html).toContain("</html>");
    expect(html).toContain("@ada");
    expect(plain).toContain("stray");
  });

  it("does not overflow on a hostile, unvalidated document", () => {
    let deep: Record<string, unknown> = paragraph([text("bottom")]);
    for (let level = 0; level < 20_000; level++) deep = { type: "wrapper", version: 1, children: [deep] };
    const { html, text: plain } = renderDocumentEmail(document([deep as never]));
    expect(html).toContain("bottom");
    expect(plain).toContain("bottom");
  });

  it("survives fields of the wrong type", () => {
    const odd = [
      { type: "paragraph", children: [{ type: "text", text: "x", format: "bold", style: 3 }] },
      { type: "heading", tag: "h9", children: [] },
      { type: "list", listType: "check", children: [{ type: "listitem" }] },
      { type: "image", src: 5, alt: null, width: "wide" },
      { type: "table", children: [{ type: "tablerow", children: [{ type: "tablecell", colSpan: -1, width: "x" }] }] },
      { type: "link", url: 7, children: [text("y")] },
    ];
    expect(() => renderDocumentEmail(document(odd as never))).not.toThrow();
  });
});
