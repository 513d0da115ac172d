import { unzlibSync } from "fflate";
import allEncodings from "@pdf-lib/standard-fonts/es/all-encodings.compressed.json";

/**
 * `@pdf-lib/standard-fonts` as the Worker sees it (wrangler.toml `[alias]`). The package holds
 * the metrics of all fourteen standard fonts in one table (95 KB gzip of base64 that does not
 * compress). Here the five the PDF export draws with (core/document/pdf.ts) are static assets
 * (public/pdf-fonts, the package's own files), fetched once per isolate before the first
 * export; the encodings stay in. The classes follow the package's own (MIT,
 * github.com/Hopding/standard-fonts).
 */
const compressedMetrics = new Map<string, string>();
const loadFailures = new Map<string, string>();

/**
 * Fetches the metrics of these fonts from the static assets, unless this isolate has them.
 * A failure is kept, not thrown: `Font.load` reports it if pdf-lib then asks for that font
 * (under `npm run dev`, pdf-lib uses the package's own table and never asks).
 */
export async function loadStandardFonts(assets: Fetcher, names: readonly string[]): Promise<void> {
  await Promise.all(
    names
      .filter((name) => !compressedMetrics.has(name))
      .map(async (name) => {
        try {
          const response = await assets.fetch(`https://assets.invalid/pdf-fonts/${name}.json`);
          if (!response.ok) throw new Error(`answered ${response.status}`);
          compressedMetrics.set(name, await response.json());
          loadFailures.delete(name);
        } catch (error) {
          loadFailures.set(name, error instanceof Error ? error.message : String(error));
        }
      }),
  );
}

export enum FontNames {
  Courier = "Courier",
  CourierBold = "Courier-Bold",
  CourierOblique = "Courier-Oblique",
  CourierBoldOblique = "Courier-BoldOblique",
  Helvetica = "Helvetica",
  HelveticaBold = "Helvetica-Bold",
  HelveticaOblique = "Helvetica-Oblique",
  HelveticaBoldOblique = "Helvetica-BoldOblique",
  TimesRoman = "Times-Roman",
  TimesRomanBold = "Times-Bold",
  TimesRomanItalic = "Times-Italic",
  TimesRomanBoldItalic = "Times-BoldItalic",
  Symbol = "Symbol",
  ZapfDingbats = "ZapfDingbats",
}

/** The package's JSON: base64 of zlib-deflated text. */
function decompressJson(compressed: string): string {
  const bytes = Uint8Array.from(atob(compressed), (char) => char.charCodeAt(0));
  let text = "";
  for (const byte of unzlibSync(bytes)) text += String.fromCharCode(byte);
  return text;
}

interface CharMetrics {
  N: string;
  WX: number;
}

const fontCache = new Map<string, Font>();

export class Font {
  FontName!: string;
  Ascender!: number;
  Descender!: number;
  FontBBox!: [number, number, number, number];
  CharMetrics!: CharMetrics[];
  KernPairs!: [string, string, number][];
  CharWidths!: Record<string, number>;
  KernPairXAmounts!: Record<string, Record<string, number>>;

  static load(fontName: FontNames | `${FontNames}`): Font {
    const cached = fontCache.get(fontName);
    if (cached) return cached;
    const compressed = compressedMetrics.get(fontName);
    if (!compressed) {
      const failure = loadFailures.get(fontName);
      throw new Error(
        failure
          ? `The metrics of the standard font ${fontName} did not load from the static assets (/pdf-fonts/${fontName}.json ${failure})`
          : `The standard font ${fontName} is not loaded: the Worker fetches the PDF export's fonts (loadStandardFonts) before drawing`,
      );
    }
    const font: Font = Object.assign(new Font(), JSON.parse(decompressJson(compressed)) as Partial<Font>);
    font.CharWidths = Object.fromEntries(font.CharMetrics.map((metric) => [metric.N, metric.WX]));
    font.KernPairXAmounts = {};
    for (const [left, right, width] of font.KernPairs) (font.KernPairXAmounts[left] ??= {})[right] = width;
    fontCache.set(fontName, font);
    return font;
  }

  getWidthOfGlyph = (glyphName: string): number | undefined => this.CharWidths[glyphName];

  getXAxisKerningForPair = (leftGlyphName: string, rightGlyphName: string): number | undefined =>
    (this.KernPairXAmounts[leftGlyphName] ?? {})[rightGlyphName];
}

export type EncodingCharCode = { code: number; name: string };

export class Encoding {
  readonly supportedCodePoints: number[];

  constructor(
    readonly name: string,
    readonly unicodeMappings: Record<number, [number, string]>,
  ) {
    this.supportedCodePoints = Object.keys(unicodeMappings)
      .map(Number)
      .sort((a, b) => a - b);
  }

  canEncodeUnicodeCodePoint = (codePoint: number): boolean => codePoint in this.unicodeMappings;

  encodeUnicodeCodePoint = (codePoint: number): EncodingCharCode => {
    const mapped = this.unicodeMappings[codePoint];
    if (!mapped) {
      const hex = `0x${codePoint.toString(16).padStart(4, "0")}`;
      throw new Error(`${this.name} cannot encode "${String.fromCharCode(codePoint)}" (${hex})`);
    }
    return { code: mapped[0], name: mapped[1] };
  };
}

const mappings = JSON.parse(decompressJson(allEncodings)) as Record<"symbol" | "zapfdingbats" | "win1252", Record<number, [number, string]>>;

export const Encodings = {
  Symbol: new Encoding("Symbol", mappings.symbol),
  ZapfDingbats: new Encoding("ZapfDingbats", mappings.zapfdingbats),
  WinAnsi: new Encoding("WinAnsi", mappings.win1252),
};
