import { describe, expect, it } from "vitest";
import { DEFAULT_FONT_SIZE, DEFAULT_FONT_WEIGHT, FONT_FAMILIES } from "./fonts";
import { document, heading, image, link, paragraph, table, tableCell, tableRow, text } from "./nodes";
import { isDocument, type BlockNode, type SerializedDocument, type TableCellNode } from "./types";
import { sanitizeDocument, submittedDocumentSchema } from "./validate";

// Test documents deliberately break the schema's types: sanitizeDocument gets whatever a client sent.
const loose = (node: Record<string, unknown>) => node as never;
const firstBlock = (doc: SerializedDocument) => doc.root.children[0] as Record<string, unknown>;
const imageDoc = (fields: Record<string, unknown>) => document([loose({ ...image({ src: "https://cdn.example/a.png", alt: "" }), ...fields })]);
const cellDoc = (fields: Record<string, unknown>) =>
  document([table([tableRow([loose({ ...tableCell([paragraph([text("cell")])], false), ...fields })])])]);
const firstCell = (doc: SerializedDocument) =>
  (((doc.root.children[0] as { children: unknown[] }).children[0] as { children: unknown[] }).children[0] as TableCellNode);
const styled = (style: string) => document([paragraph([{ ...text("Hi"), style }])]);
const styleOf = (doc: SerializedDocument) => ((firstBlock(doc).children as Record<string, unknown>[])[0]!).style;

describe("sanitizeDocument", () => {
  it("floors an image width above 1 and keeps a fraction of 1 or less", () => {
    const floored = sanitizeDocument(imageDoc({ width: 250.7 }));
    expect(firstBlock(floored.document).width).toBe(250);
    expect(floored.issues).toEqual(["Stored the image width 250.7 as 250"]);

    const fraction = sanitizeDocument(imageDoc({ width: 0.5 }));
    expect(firstBlock(fraction.document).width).toBe(0.5);
    expect(fraction.issues).toEqual([]);
    expect(firstBlock(sanitizeDocument(imageDoc({ width: 1 })).document).width).toBe(1);
  });

  it.each([-3, 0, "x", Number.NaN, null])("removes the image width %s", (width) => {
    const { document: doc, issues } = sanitizeDocument(imageDoc({ width }));
    expect(firstBlock(doc)).not.toHaveProperty("width");
    expect(issues).toHaveLength(1);
    expect(isDocument(doc)).toBe(true);
  });

  it("keeps native sizes that are positive whole numbers and removes the rest", () => {
    const good = sanitizeDocument(imageDoc({ nativeWidth: 1200, nativeHeight: 800 }));
    expect(firstBlock(good.document)).toMatchObject({ nativeWidth: 1200, nativeHeight: 800 });
    expect(good.issues).toEqual([]);

    const bad = sanitizeDocument(imageDoc({ nativeWidth: 1200.5, nativeHeight: 0 }));
    expect(firstBlock(bad.document)).not.toHaveProperty("nativeWidth");
    expect(firstBlock(bad.document)).not.toHaveProperty("nativeHeight");
    expect(bad.issues).toHaveLength(2);
    for (const value of [-4, "800"]) expect(firstBlock(sanitizeDocument(imageDoc({ nativeHeight: value })).document)).not.toHaveProperty("nativeHeight");
  });

  it("clamps table cell border thickness to 1-7px and keeps only solid, dashed and dotted", () => {
    const { document: doc, issues } = sanitizeDocument(
      cellDoc({
        borders: {
          top: { width: 0, style: "solid", color: "#000" },
          bottom: { width: 12, style: "dashed" },
          left: { width: 3, style: "groove" },
          right: { width: 2, style: "dotted" },
        },
      }),
    );
    expect(firstCell(doc).borders).toEqual({
      top: { width: 1, style: "solid", color: "#000" },
      bottom: { width: 7, style: "dashed" },
      left: { width: 3 },
      right: { width: 2, style: "dotted" },
    });
    expect(issues).toHaveLength(3);
    expect(issues.join(" ")).toContain('"groove"');
    expect(isDocument(doc)).toBe(true);
  });

  it("removes a font family outside the list and keeps one in it", () => {
    const kept = sanitizeDocument(styled("font-family: Inter; font-size: 18px;"));
    expect(styleOf(kept.document)).toBe("font-family: Inter; font-size: 18px;");
    expect(kept.issues).toEqual([]);
    expect(sanitizeDocument(styled('font-family: "Open Sans", sans-serif;')).issues).toEqual([]);

    const removed = sanitizeDocument(styled("font-family: Comic Sans Hack; font-size: 18px;"));
    expect(styleOf(removed.document)).toBe("font-size: 18px;");
    expect(removed.issues).toEqual(["Removed the font Comic Sans Hack, which is not in the font list"]);

    const field = sanitizeDocument(document([paragraph([loose({ ...text("Hi"), fontFamily: "Comic Sans Hack" })])]));
    expect((firstBlock(field.document).children as object[])[0]).not.toHaveProperty("fontFamily");
    const allowed = sanitizeDocument(document([paragraph([loose({ ...text("Hi"), fontFamily: "Inter" })])]));
    expect((firstBlock(allowed.document).children as object[])[0]).toHaveProperty("fontFamily", "Inter");
  });

  it("drops a column-width list whose length is not the colspan", () => {
    const mismatch = sanitizeDocument(cellDoc({ colSpan: 2, colwidth: [100] }));
    expect(firstCell(mismatch.document)).not.toHaveProperty("colwidth");
    expect(mismatch.issues).toEqual(["Removed a list of 1 column width from a cell spanning 2 columns"]);

    const matching = sanitizeDocument(cellDoc({ colSpan: 2, colwidth: [100, 140] }));
    expect(firstCell(matching.document).colwidth).toEqual([100, 140]);
    expect(matching.issues).toEqual([]);
  });

  it.each(["javascript:alert(1)", " JavaScript:alert(1)", "java\tscript:alert(1)", "vbscript:msgbox(1)", "file:///etc/passwd", "data:text/html,<script>alert(1)</script>"])(
    "turns a link to %j into its plain text",
    (url) => {
      const doc = document([paragraph([text("Read "), link(url, [text("this", 1)]), text(".")])]);
      const { document: clean, issues } = sanitizeDocument(doc);
      expect(firstBlock(clean).children).toEqual([text("Read "), text("this", 1), text(".")]);
      expect(issues).toHaveLength(1);
      expect(JSON.stringify(clean)).not.toContain(url.trim().slice(0, 8));
    },
  );

  it("keeps a data:image/png image and removes a data:image/svg+xml one", () => {
    const png = "data:image/png;base64,iVBORw0KGgo=";
    const kept = sanitizeDocument(imageDoc({ src: png }));
    expect(firstBlock(kept.document).src).toBe(png);
    expect(kept.issues).toEqual([]);

    const removed = sanitizeDocument(document([paragraph([text("before")]), loose(image({ src: "data:image/svg+xml,<svg onload=alert(1)/>", alt: "" }))]));
    expect(removed.document.root.children).toEqual([paragraph([text("before")])]);
    expect(removed.issues).toEqual(["Removed an image whose source is a data: address of type image/svg+xml"]);
  });

  it("walks documents nested far deeper than the schema allows without throwing", () => {
    let node: Record<string, unknown> = paragraph([link("javascript:alert(1)", [text("deep")])]);
    for (let level = 0; level < 20_000; level++) node = { type: "box", version: 1, format: "", indent: 0, direction: null, children: [node] };
    const { document: doc, issues } = sanitizeDocument(document([node as BlockNode]));
    expect(issues).toEqual(["Removed a link to a javascript: address; its text is kept"]);
    expect(JSON.stringify(doc).length).toBeGreaterThan(0);
  });

  it("does not change the document it is given", () => {
    const doc = cellDoc({ colSpan: 1, colwidth: [1, 2], borders: { top: { width: 40, style: "groove" } } });
    doc.root.children.push(paragraph([link("javascript:void 0", [text("x")])]), loose(image({ src: "https://x/y.png", alt: "", width: 10.5 })));
    const before = structuredClone(doc);
    sanitizeDocument(doc);
    expect(doc).toEqual(before);
  });

  it("counts a repeated change instead of listing it again", () => {
    const bad = link("javascript:x", [text("a")]);
    const { issues } = sanitizeDocument(document([paragraph([bad, bad, bad])]));
    expect(issues).toEqual(["Removed a link to a javascript: address; its text is kept (3 times)"]);
  });

  it("keeps a pending block type change, checks its old block as a node, and drops one a reject could not rebuild", () => {
    const changed = (previous: unknown) =>
      document([loose({ ...heading("h2", [text("Menu")]), $: { nodeTypeChange: { uuid: "c-1", userId: "7", createdAt: "2026-03-01T10:00:00.000Z", previous } } })]);
    const kept = changed({ type: "paragraph", version: 1, format: "center" });
    expect(sanitizeDocument(kept)).toEqual({ document: kept, issues: [] });
    expect(isDocument(kept)).toBe(true);

    const repaired = sanitizeDocument(changed({ type: "paragraph", version: 1, url: "javascript:alert(1)" }));
    expect(repaired.issues).toEqual(["Removed a javascript: address from a paragraph block"]);
    expect(firstBlock(repaired.document).$).toMatchObject({ nodeTypeChange: { previous: { type: "paragraph", version: 1 } } });

    const dropped = "Dropped a change of a heading block's type that could not be undone; the block keeps its type";
    for (const previous of [{ type: "link", url: "javascript:alert(1)" }, { type: "paragraph", children: [] }, { type: "paragraph", pad: "x".repeat(9_000) }, "paragraph"]) {
      const { document: doc, issues } = sanitizeDocument(changed(previous));
      expect(issues).toEqual([dropped]);
      expect(firstBlock(doc)).not.toHaveProperty("$");
      expect(isDocument(doc)).toBe(true);
    }
    expect(isDocument(changed({ type: "paragraph", children: [] }))).toBe(false);
  });

  it("keeps a pending paragraph break change, and drops one that is not valid, keeping the block's other state", () => {
    const broken = (blockChange: unknown, extra: Record<string, unknown> = {}) =>
      document([paragraph([text("Menu")]), loose({ ...paragraph([text("launches")]), $: { ...extra, blockChange } })]);
    const kept = broken({ kind: "split", uuid: "b-1", userId: "7", userName: "Ben", createdAt: "2026-03-01T10:00:00.000Z" });
    expect(sanitizeDocument(kept)).toEqual({ document: kept, issues: [] });
    expect(isDocument(kept)).toBe(true);

    const dropped = "Dropped a tracked paragraph break on a paragraph block that was not valid; the blocks stay as they are";
    for (const blockChange of [{ kind: "merge", uuid: "b-1", userId: "7", createdAt: "x" }, { kind: "join", uuid: "", userId: "7", createdAt: "x" }, { kind: "join", uuid: "b-1", userId: "7", createdAt: "x", userName: "y".repeat(300) }, "join"]) {
      expect(isDocument(broken(blockChange))).toBe(false);
      const { document: doc, issues } = sanitizeDocument(broken(blockChange));
      expect(issues).toEqual([dropped]);
      expect(doc.root.children[1]).not.toHaveProperty("$");
      expect(isDocument(doc)).toBe(true);
      expect(sanitizeDocument(broken(blockChange, { other: 1 })).document.root.children[1]).toHaveProperty("$", { other: 1 });
    }
  });

  it("leaves a valid document as it was", () => {
    const doc = document([paragraph([text("Hello"), link("https://example.com", [text("there")])]), loose(image({ src: "/a.png", alt: "a", width: 320 }))]);
    expect(sanitizeDocument(doc)).toEqual({ document: doc, issues: [] });
  });
});

describe("submittedDocumentSchema", () => {
  it("accepts what sanitizeDocument can repair and passes it on unrepaired", () => {
    const doc = document([paragraph([link("javascript:alert(1)", [text("x")])])]);
    expect(submittedDocumentSchema.parse(doc)).toEqual(doc);
  });

  it("refuses what no repair makes a document", () => {
    expect(submittedDocumentSchema.safeParse({ root: { type: "root", children: [] } }).success).toBe(false);
    expect(submittedDocumentSchema.safeParse(document([loose({ ...paragraph([]), format: "middle" })])).success).toBe(false);
  });
});

describe("the editor constants", () => {
  it("has about 100 fonts and the section 9 defaults", () => {
    expect(FONT_FAMILIES.length).toBeGreaterThanOrEqual(90);
    expect(FONT_FAMILIES.length).toBeLessThanOrEqual(120);
    expect(new Set(FONT_FAMILIES).size).toBe(FONT_FAMILIES.length);
    expect(DEFAULT_FONT_SIZE).toBe(16);
    expect(DEFAULT_FONT_WEIGHT).toBe(400);
  });
});
