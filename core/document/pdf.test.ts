import { env } from "cloudflare:workers";
import { PDFDocument } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { loadStandardFonts } from "../../worker/shims/pdf-standard-fonts";
import { markdownToDocument } from "./markdown";
import { document, paragraph, text } from "./nodes";
import { documentToPdf, PDF_FONTS } from "./pdf";
import { emptyDocument } from "./types";

// pdf-lib reads the fonts' metrics from the Worker's static assets, as in the deployed Worker.
beforeAll(() => loadStandardFonts(env.ASSETS, Object.values(PDF_FONTS)));

const header = (bytes: Uint8Array) => new TextDecoder().decode(bytes.slice(0, 5));
const pageCount = async (bytes: Uint8Array) => (await PDFDocument.load(bytes)).getPageCount();

describe("documentToPdf", () => {
  it("writes a one-page PDF for a short document", async () => {
    const bytes = await documentToPdf({ title: "Short", document: emptyDocument() });
    expect(header(bytes)).toBe("%PDF-");
    expect(await pageCount(bytes)).toBe(1);
  });

  it("lays out every block type and carries the title and author", async () => {
    const { document: doc } = markdownToDocument(
      [
        "# Heading",
        "Some *emphasis*, **strong**, ~~struck~~ and [a link](https://example.com).",
        "1. one\n2. two\n   - nested",
        "- [x] done\n- [ ] open",
        "> a quote\n>\n> > nested",
        "| a | b |\n| :- | -: |\n| 1 | 2 |",
        "![a chart](https://example.com/c.png)",
        "---",
      ].join("\n\n")
    );
    const bytes = await documentToPdf({ title: "All blocks", document: doc, author: "Ada", updatedAt: "2024-05-01T10:00:00Z" });
    const loaded = await PDFDocument.load(bytes);
    expect(loaded.getTitle()).toBe("All blocks");
    expect(loaded.getAuthor()).toBe("Ada");
    expect(loaded.getPageCount()).toBe(1);
  });

  it("breaks a long document over several pages", async () => {
    const long = document(
      Array.from({ length: 200 }, (_, index) =>
        paragraph([text(`Paragraph ${index}: ${"lorem ipsum dolor sit amet ".repeat(12)}`)])
      )
    );
    const bytes = await documentToPdf({ title: "Long", document: long });
    expect(await pageCount(bytes)).toBeGreaterThan(1);
  });

  it("draws characters outside WinAnsi as ? instead of throwing", async () => {
    const doc = document([paragraph([text("Emoji 😀👍🏽, 中文, Привет, e\u0301, tab\there")])]);
    const bytes = await documentToPdf({ title: "Unicode 🎉 титул", document: doc, author: "李雷" });
    expect(header(bytes)).toBe("%PDF-");
    expect(await pageCount(bytes)).toBe(1);
  });

  it("copes with huge words, wide tables and deep nesting", async () => {
    const row = `|${" cell |".repeat(20)}`;
    const { document: doc } = markdownToDocument(
      [
        `${"x".repeat(5_000)}`,
        [row, `|${" - |".repeat(20)}`, row].join("\n"),
        `${"> ".repeat(150)}deep`,
        `${"- ".repeat(150)}deep`,
      ].join("\n\n")
    );
    const bytes = await documentToPdf({ title: "Hostile", document: doc });
    expect(await pageCount(bytes)).toBeGreaterThan(1);
  });

  it("writes a hostile, unvalidated document nested 10,000 levels deep", async () => {
    let node: Record<string, unknown> = paragraph([text("bottom")]);
    for (let level = 0; level < 10_000; level++) {
      node = { type: level % 2 ? "box" : "wrapper", version: 1, format: "", indent: 0, direction: null, children: [node] };
    }
    const bytes = await documentToPdf({ title: "Deep", document: document([node as never]) });
    expect(header(bytes)).toBe("%PDF-");
  });
});
