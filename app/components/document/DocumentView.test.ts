import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { SerializedDocument } from "../../../core/document/types";
import { DocumentView } from "./DocumentView";

const el = { version: 1, format: "", indent: 0, direction: null };
const text = (value: string, format = 0) => ({ type: "text", version: 1, text: value, format, style: "", mode: "normal", detail: 0 });
const doc = (...children: unknown[]) => ({ root: { type: "root", ...el, children } }) as unknown as SerializedDocument;
const render = (document: SerializedDocument) => renderToStaticMarkup(createElement(DocumentView, { document }));

describe("DocumentView", () => {
  it("renders headings, paragraphs and text marks", () => {
    const html = render(
      doc(
        { type: "heading", ...el, tag: "h2", children: [text("Plan")] },
        { type: "paragraph", ...el, format: "center", children: [text("bold", 1), text("italic", 2), text("under", 8), text("strike", 4), text("x", 16), text("2", 32), text("3", 64)] },
      ),
    );
    expect(html).toContain("<h2>Plan</h2>");
    expect(html).toContain('<p style="text-align:center"><strong>bold</strong><em>italic</em><u>under</u><s>strike</s><code>x</code><sub>2</sub><sup>3</sup></p>');
  });

  it("opens safe links in a new tab and renders unsafe ones as plain text", () => {
    const link = (url: string) => ({ type: "link", ...el, url, target: "_blank", rel: "noopener noreferrer", children: [text(url)] });
    const html = render(doc({ type: "paragraph", ...el, children: [link("https://example.com/a"), link("javascript:alert(1)")] }));
    expect(html).toContain('<a href="https://example.com/a" target="_blank" rel="noopener noreferrer nofollow">');
    expect(html).not.toContain('href="javascript');
    expect(html).toContain('<span class="document-view__dead-link">javascript:alert(1)</span>');
  });

  it("nests lists and marks check-list items done or to do", () => {
    const item = (children: unknown[], checked?: boolean) => ({ type: "listitem", ...el, value: 1, checked, children });
    const nested = { type: "list", ...el, listType: "bullet", start: 1, tag: "ul", children: [item([text("inner")])] };
    const html = render(
      doc(
        { type: "list", ...el, listType: "number", start: 3, tag: "ol", children: [item([text("outer")]), item([nested])] },
        { type: "list", ...el, listType: "check", start: 1, tag: "ul", children: [item([text("done")], true), item([text("open")], false)] },
      ),
    );
    expect(html).toContain('<ol start="3"><li>outer</li><li class="document-view__nested"><ul><li>inner</li></ul></li></ol>');
    expect(html).toContain('data-checked="true"');
    expect(html).toContain("Done: ");
    expect(html).toContain("To do: ");
  });

  it("draws quotes and boxes in their colours, images, dividers and tables", () => {
    const cell = (value: string, headerState = 0) => ({ type: "tablecell", ...el, headerState, colSpan: 1, rowSpan: 1, backgroundColor: null, children: [{ type: "paragraph", ...el, children: [text(value)] }] });
    const html = render(
      doc(
        { type: "box", ...el, quoteColor: "#2F5EBC", children: [{ type: "paragraph", ...el, children: [text("quoted")] }] },
        { type: "box", ...el, boxColor: "url(evil)", children: [] },
        { type: "image", version: 1, src: "https://cdn.example.com/a.png", alt: "Chart", width: 0.5, description: "Growth" },
        { type: "image", version: 1, src: "javascript:alert(1)", alt: "bad" },
        { type: "line-divider", version: 1, style: "dashed" },
        { type: "table", ...el, children: [{ type: "tablerow", ...el, children: [cell("Head", 1), cell("Body")] }] },
      ),
    );
    expect(html).toContain('<blockquote class="document-view__quote" style="--quote-color:#2F5EBC">');
    expect(html).toContain('<div class="document-view__box">');
    expect(html).not.toContain("evil");
    expect(html).toContain('src="https://cdn.example.com/a.png" alt="Chart"');
    expect(html).toContain('style="width:50%"');
    expect(html).toContain("<figcaption>Growth</figcaption>");
    expect(html).not.toContain("javascript:");
    expect(html).toContain('<hr class="document-view__divider" data-style="dashed"/>');
    expect(html).toContain("<th><p>Head</p></th><td><p>Body</p></td>");
  });

  it("keeps the content of node types it does not know, and drops empty ones", () => {
    const html = render(
      doc(
        { type: "toggle-list", version: 1, children: [{ type: "paragraph", ...el, children: [text("kept")] }] },
        { type: "embed-frame", version: 1, url: "https://example.com" },
      ),
    );
    expect(html).toBe('<div class="document-view"><p>kept</p></div>');
  });
});
