import * as packageFonts from "@pdf-lib/standard-fonts/es/index.js";
import { env } from "cloudflare:workers";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { PDF_FONTS } from "../../core/document/pdf";
import pako from "../../worker/shims/pako";
import * as shimFonts from "../../worker/shims/pdf-standard-fonts";
import * as reactDom from "../../worker/shims/react-dom";

// The modules wrangler.toml's [alias] puts in the Worker in place of packages (and vitest.config.ts
// in these tests): each must answer as the package did for everything the Worker calls.

const EXPORT_FONTS = Object.values(PDF_FONTS);

describe("standard fonts shim", () => {
  beforeAll(() => shimFonts.loadStandardFonts(env.ASSETS, EXPORT_FONTS));

  it.each(EXPORT_FONTS)("gives %s, fetched from the static assets, the package's widths, kerning and box", (name) => {
    const ours = shimFonts.Font.load(name);
    const theirs = packageFonts.Font.load(name as `${packageFonts.FontNames}`);
    expect(ours.FontName).toBe(theirs.FontName);
    expect([ours.Ascender, ours.Descender, ours.FontBBox]).toEqual([theirs.Ascender, theirs.Descender, theirs.FontBBox]);
    // The package keeps its lookup tables private; they are built from these.
    const tables = theirs as unknown as Pick<shimFonts.Font, "CharWidths" | "KernPairXAmounts">;
    expect(ours.CharWidths).toEqual(tables.CharWidths);
    expect(ours.KernPairXAmounts).toEqual(tables.KernPairXAmounts);
    expect(ours.getWidthOfGlyph("W")).toBe(theirs.getWidthOfGlyph("W"));
    expect(ours.getXAxisKerningForPair("A", "V")).toBe(theirs.getXAxisKerningForPair("A", "V"));
  });

  it("encodes as the package does", () => {
    for (const name of ["WinAnsi", "Symbol", "ZapfDingbats"] as const) {
      expect(shimFonts.Encodings[name].supportedCodePoints).toEqual(packageFonts.Encodings[name].supportedCodePoints);
    }
    expect(shimFonts.Encodings.WinAnsi.encodeUnicodeCodePoint(0x20ac)).toEqual(packageFonts.Encodings.WinAnsi.encodeUnicodeCodePoint(0x20ac));
    expect(() => shimFonts.Encodings.WinAnsi.encodeUnicodeCodePoint(0x4e2d)).toThrow('WinAnsi cannot encode "中" (0x4e2d)');
  });

  it("is what pdf-lib embeds, and names a font it does not hold", async () => {
    const pdf = await PDFDocument.create();
    const helvetica = await pdf.embedFont(StandardFonts.Helvetica);
    expect(helvetica.widthOfTextAtSize("AVA Wave", 12)).toBeCloseTo(packageWidth("AVA Wave", 12), 6);
    await expect(pdf.embedFont(StandardFonts.TimesRoman)).rejects.toThrow("The standard font Times-Roman is not loaded");
  });

  it("says which metrics the static assets did not answer", async () => {
    const missing = { fetch: async () => new Response("Not found", { status: 404 }) } as unknown as Fetcher;
    await shimFonts.loadStandardFonts(missing, ["Times-Bold"]);
    expect(() => shimFonts.Font.load("Times-Bold")).toThrow("did not load from the static assets (/pdf-fonts/Times-Bold.json answered 404)");
  });
});

/** Width of WinAnsi text in the package's Helvetica, as pdf-lib measures it (glyph widths plus kerning). */
function packageWidth(text: string, size: number) {
  const font = packageFonts.Font.load(packageFonts.FontNames.Helvetica);
  const glyphs = Array.from(text, (char) => packageFonts.Encodings.WinAnsi.encodeUnicodeCodePoint(char.codePointAt(0)!).name);
  const units = glyphs.reduce((sum, glyph, index) => sum + (font.getWidthOfGlyph(glyph) || 250) + (font.getXAxisKerningForPair(glyph, glyphs[index + 1]!) || 0), 0);
  return (units * size) / 1000;
}

describe("pako shim", () => {
  it("deflates to the zlib format a PDF's FlateDecode reads, and inflates it back", async () => {
    const text = new TextEncoder().encode("BT /F1 12 Tf (Brandwork) Tj ET\n".repeat(200));
    const deflated = pako.deflate(text);
    expect(deflated.length).toBeLessThan(text.length / 10);
    expect(pako.inflate(deflated)).toEqual(text);
    // The runtime's own zlib reader agrees, so other PDF readers will too.
    const inflated = new Uint8Array(await new Response(new Blob([deflated.slice()]).stream().pipeThrough(new DecompressionStream("deflate"))).arrayBuffer());
    expect(inflated).toEqual(text);
  });
});

describe("react-dom shim", () => {
  it("runs flushSync and batched updates, and refuses what needs a DOM by name", () => {
    expect(reactDom.flushSync(() => 42)).toBe(42);
    expect(reactDom.unstable_batchedUpdates((n: number) => n + 1, 1)).toBe(2);
    expect(() => reactDom.createRoot()).toThrow("react-dom's createRoot needs a DOM");
    expect(reactDom.version).toMatch(/^18\./);
  });
});
