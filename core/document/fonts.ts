/**
 * SPEC sections 3 and 9: text may only be set in one of these fonts (about 100: the common
 * system families and the most used Google Fonts). The editor's font menu lists them and
 * `sanitizeDocument` removes any other family from a saved document.
 */
export const FONT_FAMILIES = [
  // System families, present on most machines without a download.
  "Arial",
  "Helvetica",
  "Georgia",
  "Times New Roman",
  "Courier New",
  "Verdana",
  "Tahoma",
  "Trebuchet MS",
  "Garamond",
  "Palatino Linotype",
  "Book Antiqua",
  "Lucida Console",
  "Lucida Sans Unicode",
  "Segoe UI",
  "Calibri",
  "Cambria",
  "Consolas",
  "Impact",
  "Gill Sans",
  "Monaco",
  // Google Fonts, sans serif.
  "Inter",
  "Roboto",
  "Open Sans",
  "Lato",
  "Montserrat",
  "Poppins",
  "Source Sans 3",
  "Raleway",
  "Oswald",
  "Nunito",
  "Nunito Sans",
  "Noto Sans",
  "Ubuntu",
  "PT Sans",
  "Roboto Condensed",
  "Rubik",
  "Work Sans",
  "Fira Sans",
  "Mukta",
  "Quicksand",
  "Karla",
  "Barlow",
  "Manrope",
  "DM Sans",
  "Mulish",
  "Heebo",
  "IBM Plex Sans",
  "Libre Franklin",
  "Josefin Sans",
  "Cabin",
  "Titillium Web",
  "Hind",
  "Space Grotesk",
  "Outfit",
  "Plus Jakarta Sans",
  "Lexend",
  "Figtree",
  "Sora",
  "Archivo",
  "Public Sans",
  "Red Hat Display",
  "Oxygen",
  "Exo 2",
  "Kanit",
  "Prompt",
  "Asap",
  "Overpass",
  "Varela Round",
  "Questrial",
  "Urbanist",
  "Comfortaa",
  // Google Fonts, serif.
  "Merriweather",
  "Playfair Display",
  "Noto Serif",
  "PT Serif",
  "Roboto Slab",
  "IBM Plex Serif",
  "Libre Baskerville",
  "Lora",
  "Crimson Text",
  "EB Garamond",
  "Cormorant Garamond",
  "Source Serif 4",
  "DM Serif Display",
  "Bitter",
  "Arvo",
  "Zilla Slab",
  "Alegreya",
  "Cardo",
  "Spectral",
  "Vollkorn",
  "Domine",
  // Google Fonts, monospace.
  "Roboto Mono",
  "Source Code Pro",
  "Fira Code",
  "IBM Plex Mono",
  "JetBrains Mono",
  "Inconsolata",
  "Space Mono",
  // Google Fonts, display and handwriting.
  "Abril Fatface",
  "Bebas Neue",
  "Anton",
  "Righteous",
  "Lobster",
  "Pacifico",
  "Dancing Script",
  "Caveat",
  "Permanent Marker",
  "Shadows Into Light",
  "Indie Flower",
] as const;

export type FontFamily = (typeof FONT_FAMILIES)[number];

/** CSS's generic families: allowed as the fallback at the end of a `font-family` list. */
export const GENERIC_FONT_FAMILIES = [
  "serif",
  "sans-serif",
  "monospace",
  "cursive",
  "fantasy",
  "system-ui",
  "ui-serif",
  "ui-sans-serif",
  "ui-monospace",
] as const;

/** SPEC sections 3 and 9: text without its own size or weight is 16px and 400. */
export const DEFAULT_FONT_SIZE = 16;
export const DEFAULT_FONT_WEIGHT = 400;

const allowed: ReadonlySet<string> = new Set([...FONT_FAMILIES, ...GENERIC_FONT_FAMILIES].map((family) => family.toLowerCase()));

/**
 * The families of a CSS `font-family` value (`"Open Sans", sans-serif` → Open Sans and
 * sans-serif), unquoted, in order.
 */
export function fontFamiliesOf(value: string): string[] {
  return value
    .split(",")
    .map((family) => family.trim().replace(/^(["'])(.*)\1$/, "$2").trim())
    .filter(Boolean);
}

/** Whether every family a `font-family` value names is in the list (case does not matter). */
export function isAllowedFontFamily(value: string): boolean {
  const families = fontFamiliesOf(value);
  return families.length > 0 && families.every((family) => allowed.has(family.toLowerCase()));
}
