import type { CSSProperties } from "react";

/**
 * A serialized editor node as the read-only renderer sees it: Lexical's JSON, read
 * defensively (stored documents may come from older editors, imports or API clients).
 */
export interface DocNode {
  type?: unknown;
  children?: unknown;
  [field: string]: unknown;
}

export const childrenOf = (node: DocNode): DocNode[] =>
  Array.isArray(node.children) ? node.children.filter((child): child is DocNode => Boolean(child) && typeof child === "object") : [];

export const str = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);

export const num = (value: unknown): number | undefined => (typeof value === "number" && Number.isFinite(value) ? value : undefined);

/** Colours come from documents: only plain colour values reach a style attribute. */
const COLOR = /^(#[0-9a-f]{3,8}|(rgb|rgba|hsl|hsla)\([\d\s.,%/]+\)|[a-z]{3,20})$/i;
export const color = (value: unknown): string | undefined => {
  const text = str(value)?.trim();
  return text && COLOR.test(text) ? text : undefined;
};

const ALIGNMENTS = new Set(["left", "center", "right", "justify", "start", "end"]);

/** Alignment (`format` on elements, or `alignment`) and indentation of a block. */
export function blockStyle(node: DocNode): CSSProperties | undefined {
  const align = str(node.format) ?? str(node.alignment);
  const indent = num(node.indent);
  const style: CSSProperties = {};
  if (align && ALIGNMENTS.has(align)) style.textAlign = align as CSSProperties["textAlign"];
  if (indent && indent > 0) style.paddingInlineStart = `${Math.min(indent, 10) * 1.5}em`;
  return Object.keys(style).length ? style : undefined;
}
