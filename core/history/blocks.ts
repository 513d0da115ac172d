import { childrenOf, isInlineNode } from "../document/nodes";
import { plainTextLines } from "../document/text";
import { type LooseNode, type SerializedDocument } from "../document/types";
import type { BlockSummary } from "./types";

/**
 * A document's blocks (the root's children) as the history pages show them, and the
 * fingerprint that says whether two blocks are the same block for the diff and the merge.
 */

const HEADING_LEVELS: Readonly<Record<string, string>> = { h1: "1", h2: "2", h3: "3", h4: "4", h5: "5", h6: "6" };
const LIST_LABELS: Readonly<Record<string, string>> = { bullet: "Bulleted list", number: "Numbered list", check: "Check list" };

/** People's names for block types, by `blockType`; other types are named from their type. */
const LABELS: Readonly<Record<string, string>> = {
  paragraph: "Paragraph",
  quote: "Quote",
  box: "Box",
  code: "Code block",
  table: "Table",
  image: "Image",
  "line-divider": "Line divider",
  horizontalrule: "Horizontal rule",
  "vote-list": "Vote list",
  "toggle-list": "Toggle list",
  columns: "Columns",
  "table-of-contents": "Table of contents",
  "embed-frame": "Embedded page",
  "smart-link": "Smart link",
  "generated-image": "Generated image",
};

/** `heading:h2`, `list:bullet`, `quote` (a box with a quote colour, or Lexical's own quote), else the node type. */
export function blockType(block: LooseNode): string {
  if (block.type === "heading" && typeof block.tag === "string") return `heading:${block.tag}`;
  if (block.type === "list" && typeof block.listType === "string") return `list:${block.listType}`;
  if (block.type === "box" && typeof block.quoteColor === "string" && block.quoteColor) return "quote";
  return block.type;
}

/** "Heading 2", "Bulleted list", "Toggle list"… for a `blockType`. */
export function blockLabel(type: string): string {
  const [kind, variant = ""] = type.split(":");
  if (kind === "heading" && HEADING_LEVELS[variant]) return `Heading ${HEADING_LEVELS[variant]}`;
  if (kind === "list" && LIST_LABELS[variant]) return LIST_LABELS[variant];
  const known = LABELS[type];
  if (known) return known;
  const words = type.replace(/[-_:]+/g, " ").trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : "Block";
}

/**
 * A block's text as people read it: lines for paragraphs, list items and table rows (cells
 * joined by tabs), an image's alt text. A block this code does not know that holds only inline
 * content (a code block's highlighted tokens and line breaks) reads as one paragraph would.
 */
export function blockText(block: LooseNode): string {
  const children = childrenOf(block);
  // The common case, a paragraph or heading of plain text runs, without the general walk.
  if ((block.type === "paragraph" || block.type === "heading") && children.every((child) => child.type === "text")) {
    return children.map((child) => child.text as string).join("");
  }
  const inline = !["paragraph", "heading", "list", "box", "table", "image", "line-divider"].includes(block.type) && children.length > 0 && children.every(isInlineNode);
  return plainTextLines([inline ? { ...block, type: "paragraph" } : block]).join("\n");
}

export function blockSummary(block: LooseNode, index: number): BlockSummary {
  const type = blockType(block);
  return { index, type, label: blockLabel(type), text: blockText(block) };
}

/** Every block of the document, in order. */
export function blockSummaries(document: SerializedDocument): BlockSummary[] {
  return document.root.children.map((block, index) => blockSummary(block, index));
}

/**
 * Fields that do not make a block different: `textFormat`/`textStyle` are only the style the
 * next typed character gets, `direction` is derived by Lexical from the text, `version` is
 * always 1. Everything else counts, tracked-change and comment marks and NodeState included,
 * since accepting a change or resolving a thread is an edit too.
 */
const VOLATILE_FIELDS: ReadonlySet<string> = new Set(["textFormat", "textStyle", "direction", "version"]);

/**
 * The block's content as one string, equal for equal blocks whatever their key order:
 * stable JSON of the block without its volatile fields. The diff and the merge compare blocks by it.
 */
export function blockFingerprint(block: LooseNode): string {
  return JSON.stringify(block, canonical);
}

/** JSON.stringify's replacer: volatile fields left out, an object's keys in sorted order. */
function canonical(key: string, value: unknown): unknown {
  if (VOLATILE_FIELDS.has(key)) return undefined;
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  const sorted: Record<string, unknown> = {};
  for (const field of Object.keys(record).sort()) sorted[field] = record[field];
  return sorted;
}

/**
 * Gives each distinct fingerprint a small number, shared by every document passed to `idsOf`,
 * so block lists compare as arrays of numbers (cheap for jsdiff and node-diff3).
 */
export class FingerprintIds {
  private readonly ids = new Map<string, number>();

  idsOf(blocks: readonly LooseNode[]): number[] {
    return blocks.map((block) => {
      const fingerprint = blockFingerprint(block);
      let id = this.ids.get(fingerprint);
      if (id === undefined) {
        id = this.ids.size;
        this.ids.set(fingerprint, id);
      }
      return id;
    });
  }
}
