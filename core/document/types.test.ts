import { describe, expect, it } from "vitest";
import { document, image, link, list, listItem, paragraph, text } from "./nodes";
import { documentSchema, emptyDocument, isDocument, MAX_NODE_DEPTH, normalizeImageWidth } from "./types";

describe("the document schema", () => {
  it("accepts the empty document", () => {
    expect(isDocument(emptyDocument())).toBe(true);
    expect(emptyDocument().root.children).toEqual([
      { type: "paragraph", version: 1, format: "", indent: 0, direction: null, children: [] },
    ]);
  });

  it("accepts Lexical's shapes, extra fields included", () => {
    const doc = document([
      { ...paragraph([text("Hi", 1), link("https://example.com", [text("there")])], "center"), textFormat: 0, textStyle: "" },
      list("check", [listItem([text("todo")], 1, false), listItem([list("bullet", [listItem([text("inner")], 1)])], 2)]),
      image({ src: "data:image/png;base64,AAAA", alt: "pixel", width: 0.5 }),
    ]);
    expect(isDocument(doc)).toBe(true);
  });

  it("lets unknown node types through with what they hold", () => {
    const doc = document([
      { type: "collapsible-container", version: 1, open: true, children: [paragraph([text("inside")])] },
      paragraph([{ type: "mention", version: 1, text: "@ada", userId: 7 }]),
    ]);
    const parsed = documentSchema.parse(doc);
    expect(parsed).toEqual(doc);
  });

  it("is strict on the fields of known nodes", () => {
    const bad = (node: unknown) => isDocument(document([node as never]));
    expect(bad({ ...paragraph([]), format: "middle" })).toBe(false);
    expect(bad(paragraph([{ ...text("x"), format: "bold" } as never]))).toBe(false);
    expect(bad({ ...list("bullet", []), listType: "roman" })).toBe(false);
    expect(bad({ ...image({ src: "https://x/y.png", alt: "" }), width: -3 })).toBe(false);
    expect(bad({ type: "line-divider", version: 1 })).toBe(false);
    expect(bad({ type: "heading", version: 1, format: "", indent: 0, direction: null, tag: "h7", children: [] })).toBe(false);
  });

  it("refuses links and images with a disallowed address", () => {
    expect(isDocument(document([paragraph([link("javascript:alert(1)", [text("x")])])]))).toBe(false);
    expect(isDocument(document([image({ src: "data:image/svg+xml,<svg/>", alt: "" })]))).toBe(false);
  });

  it("refuses hostile nesting without overflowing the stack", () => {
    let node: Record<string, unknown> = paragraph([text("deep")]);
    for (let level = 0; level < 10_000; level++)
      node = { type: "box", version: 1, format: "", indent: 0, direction: null, children: [node] };
    const result = documentSchema.safeParse(document([node as never]));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(`deeper than ${MAX_NODE_DEPTH}`);
  });

  it("refuses what is not a document", () => {
    expect(isDocument(null)).toBe(false);
    expect(isDocument({ root: { type: "root", children: [] } })).toBe(false);
    expect(isDocument("text")).toBe(false);
  });
});

describe("normalizeImageWidth (SPEC section 5)", () => {
  it("floors pixel widths, keeps fractions and refuses the rest", () => {
    expect(normalizeImageWidth(320.7)).toBe(320);
    expect(normalizeImageWidth(0.5)).toBe(0.5);
    expect(normalizeImageWidth(1)).toBe(1);
    expect(normalizeImageWidth(0)).toBeUndefined();
    expect(normalizeImageWidth(-4)).toBeUndefined();
    expect(normalizeImageWidth(Number.NaN)).toBeUndefined();
    expect(normalizeImageWidth("200")).toBeUndefined();
  });
});
