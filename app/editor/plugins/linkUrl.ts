import { isSafeUrl } from "../../../core/document/links";

/**
 * What the link editor makes of a typed address: bare domains get https://, e-mail
 * addresses mailto:, phone numbers tel:; relative paths and anything with a scheme are kept.
 * The scheme rule itself is core/document/links.ts's (SPEC section 5).
 */

export const EMPTY_LINK_MESSAGE = "Enter the address to link to.";
export const UNSAFE_LINK_MESSAGE =
  "That address can't be linked: javascript:, vbscript:, file: and data: addresses are blocked (only GIF, PNG, JPEG and WebP data images are allowed).";
export const INVALID_LINK_MESSAGE = "That doesn't look like an address. Try example.com, name@example.com or a path such as /pricing.";

export type LinkUrlResult = { url: string; error?: undefined } | { url?: undefined; error: string };

const LABEL = "[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]*[\\p{L}\\p{N}])?";
const HOST = `(?:localhost|(?:\\d{1,3}\\.){3}\\d{1,3}|(?:${LABEL}\\.)+(?:\\p{L}{2,}|xn--[a-z0-9-]+))`;
// A host with an optional port and path: "example.com", "www.example.com/a?b", "localhost:8787".
const BARE_HOST = new RegExp(`^${HOST}(?::\\d{1,5})?(?:[/?#]\\S*)?$`, "iu");
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const RELATIVE = /^(?:[/#?]|\.\.?\/)/;
const EMAIL = /^[^\s@/:]+@[^\s@/]+\.[^\s@/]+$/;
const PHONE = /^\+?[\d\s().-]{6,}$/;

/** The address to store for what was typed in the link editor, or why it cannot be linked. */
export function normaliseLinkUrl(input: string): LinkUrlResult {
  const text = input.trim();
  if (!text) return { error: EMPTY_LINK_MESSAGE };
  if (!isSafeUrl(text)) return { error: UNSAFE_LINK_MESSAGE };
  // Before the scheme test: "localhost:8787" and "example.com:8080" would read as schemes.
  if (BARE_HOST.test(text)) return { url: `https://${text}` };
  if (text.startsWith("//")) return BARE_HOST.test(text.slice(2)) ? { url: `https:${text}` } : { error: INVALID_LINK_MESSAGE };
  // Browsers encode spaces in a followed link anyway; storing them encoded keeps one spelling.
  if (SCHEME.test(text) || RELATIVE.test(text)) return { url: text.replace(/\s/g, "%20") };
  if (EMAIL.test(text)) return { url: `mailto:${text}` };
  if (PHONE.test(text) && /\d{5}/.test(text.replace(/\D/g, ""))) return { url: `tel:${text.replace(/[^\d+]/g, "")}` };
  return { error: INVALID_LINK_MESSAGE };
}

/**
 * Whether `url` is an address as the link editor stores it: safe, and already absolute or
 * relative (so "hello world" is not). Meant as LinkPlugin's `validateUrl`, which also
 * decides whether pasted text over a selection becomes a link.
 */
export function isLinkHref(url: string): boolean {
  return normaliseLinkUrl(url).url === url;
}

/**
 * The link a paste over selected text should make, or null to paste as text. Stricter than
 * typing in the link editor: only what is unmistakably an address (http(s)://, mailto:,
 * www.) so pasting "e.g" or "notes.txt" over a word still replaces it.
 */
export function pastedLinkUrl(text: string): string | null {
  const candidate = text.trim();
  if (/\s/.test(candidate)) return null;
  if (!/^(?:https?:\/\/[^/?#]+|mailto:[^@\s]+@|www\.)/i.test(candidate)) return null;
  return normaliseLinkUrl(candidate).url ?? null;
}

/** A link's address as shown to people: without the scheme of a web address, shortened. */
export function displayLinkUrl(url: string, max = 48): string {
  const shown = url.replace(/^https?:\/\//i, "").replace(/^mailto:/i, "");
  return shown.length > max ? `${shown.slice(0, max - 1)}…` : shown;
}
