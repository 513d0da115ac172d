import { unzlibSync } from "fflate";
import allEncodings from "@pdf-lib/standard-fonts/es/all-encodings.compressed.json";
import courier from "@pdf-lib/standard-fonts/es/Courier.compressed.json";
import helveticaBoldOblique from "@pdf-lib/standard-fonts/es/Helvetica-BoldOblique.compressed.json";
import helveticaBold from "@pdf-lib/standard-fonts/es/Helvetica-Bold.compressed.json";
import helveticaOblique from "@pdf-lib/standard-fonts/es/Helvetica-Oblique.compressed.json";
import helvetica from "@pdf-lib/standard-fonts/es/Helvetica.compressed.json";

/**
 * `@pdf-lib/standard-fonts` as the Worker sees it (wrangler.toml `[alias]`): the same metrics
 * and encodings, for the five fonts the PDF export draws with (core/document/pdf.ts). The
 * package holds all fourteen in one table, so every Times, Symbol and Zapf Dingbats metric
 * (50 KB gzip) came into the Worker with pdf-lib. Another font fails by name when embedded.
 * The classes follow the package's own (MIT, github.com/Hopding/standard-fonts).
 */
const compressedMetrics: Partial<Record<FontNames, string>> = {
  Helvetica: helvetica,
  "Helvetica-Bold": helveticaBold,
  "Helvetica-Oblique": helveticaOblique,
  "Helvetica-BoldOblique": helveticaBoldOblique,
  Courier: courier,
};

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
    const compressed = compressedMetrics[fontName as FontNames];
    if (!compressed) throw new Error(`The standard font ${fontName} is not in the Worker (worker/shims/pdf-standard-fonts.ts holds the PDF export's fonts)`);
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
