import type { CSSProperties, ReactNode } from "react";
import { isSafeUrl } from "../../../core/document/links";
import { color, str, type DocNode } from "./nodes";

// Lexical's text format bits.
const FORMATS = [
  [1, "bold", "strong"],
  [2, "italic", "em"],
  [4, "strikethrough", "s"],
  [8, "underline", "u"],
  [16, "code", "code"],
  [32, "subscript", "sub"],
  [64, "superscript", "sup"],
  [128, "highlight", "mark"],
] as const;

function hasFormat(format: unknown, bit: number, name: string) {
  if (typeof format === "number") return (format & bit) !== 0;
  if (Array.isArray(format)) return format.includes(name);
  return false;
}

/** Only a few typographic properties of a text's inline style are kept; never urls. */
function inlineStyle(style: unknown): CSSProperties | undefined {
  const text = str(style);
  if (!text) return undefined;
  const result: Record<string, string> = {};
  for (const declaration of text.split(";")) {
    const [rawName, ...rest] = declaration.split(":");
    const name = rawName?.trim().toLowerCase();
    const value = rest.join(":").trim();
    if (!name || !value || /url\(|expression|[<>{}]/i.test(value)) continue;
    if (name === "color" || name === "background-color") {
      const safe = color(value);
      if (safe) result[name === "color" ? "color" : "backgroundColor"] = safe;
    } else if (name === "font-size" && /^\d{1,3}(\.\d+)?(px|pt|em|rem|%)$/.test(value)) {
      result.fontSize = value;
    } else if (name === "font-weight" && /^[1-9]00$|^(normal|bold)$/.test(value)) {
      result.fontWeight = value;
    } else if (name === "font-family" && /^[\w\s,'"-]{1,100}$/.test(value)) {
      result.fontFamily = value;
    }
  }
  return Object.keys(result).length ? result : undefined;
}

/** A run of text with its marks (bold, italic, underline, strike, code, sub, sup, highlight). */
export function TextNode({ node }: { node: DocNode }) {
  let content: ReactNode = typeof node.text === "string" ? node.text : "";
  for (const [bit, name, Tag] of FORMATS) {
    if (hasFormat(node.format, bit, name)) content = <Tag>{content}</Tag>;
  }
  const style = inlineStyle(node.style);
  return style ? <span style={style}>{content}</span> : <>{content}</>;
}

/** A link opens in a new tab; unsafe addresses (javascript:, data: that is not an image…) render as plain text. */
export function LinkNode({ node, children }: { node: DocNode; children: ReactNode }) {
  const url = str(node.url)?.trim();
  if (!url || !isSafeUrl(url)) return <span className="document-view__dead-link">{children}</span>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer nofollow" title={str(node.title)}>
      {children}
    </a>
  );
}

/** An inline smart link or mention: its title, linked when it has a safe url. */
export function SmartLinkNode({ node }: { node: DocNode }) {
  const title = str(node.title) ?? str(node.text) ?? str(node.url) ?? "";
  const url = str(node.url);
  if (!url || !isSafeUrl(url)) return <span>{title}</span>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer nofollow">
      {title}
    </a>
  );
}
