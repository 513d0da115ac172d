import * as z from "zod";
import { count } from "../counting";
import { isAllowedFontFamily } from "./fonts";
import { isSafeUrl } from "./links";
import {
  BLOCK_CHANGE_KEY,
  blockChangeSchema,
  borderSides,
  borderStyles,
  documentSchema,
  MAX_BORDER_WIDTH,
  MIN_BORDER_WIDTH,
  NODE_TYPE_CHANGE_KEY,
  nodeTypeChangeSchema,
  normalizeImageWidth,
  type LooseNode,
  type NodeTypeChange,
  type SerializedDocument,
} from "./types";

/**
 * SPEC section 5's rules for what a document may hold, in the one function the editor runs
 * before it sends a document and the Worker runs on every save (`articleBody`). It repairs
 * instead of refusing, so a paste from anywhere still saves: a bad value is corrected or
 * removed, and each change is reported in words for the user.
 *
 * The walk is a loop over an explicit stack, not recursion, so a hostile document nested
 * thousands of levels deep cannot overflow the stack (the schema refuses it afterwards).
 */

export interface SanitizedDocument {
  document: SerializedDocument;
  /** What was changed, one short sentence per kind of change ("… (3 times)" when repeated). */
  issues: string[];
}

const BORDER_STYLES: ReadonlySet<string> = new Set(borderStyles);

/** What happens to a node once its own fields are checked. */
type Outcome = { keep: LooseNode } | { unwrap: LooseNode } | "remove";

interface Frame {
  /** The copy whose `children` the frame fills. */
  copy: LooseNode;
  source: readonly unknown[];
  next: number;
  out: unknown[];
  /** A refused link: its children take its place in the parent. */
  unwrap: boolean;
}

/** Returns a repaired copy of `doc` and what was repaired; `doc` itself is not changed. */
export function sanitizeDocument(doc: SerializedDocument): SanitizedDocument {
  const issues = new IssueList();
  const root: unknown = (doc as { root?: unknown } | null)?.root;
  if (!isNodeLike(root)) return { document: doc, issues: [] };

  const rootCopy: LooseNode = { ...root };
  if (Array.isArray(root.children)) {
    const stack: Frame[] = [{ copy: rootCopy, source: root.children, next: 0, out: [], unwrap: false }];
    while (stack.length > 0) {
      const frame = stack[stack.length - 1]!;
      if (frame.next < frame.source.length) {
        const child = frame.source[frame.next++];
        // Malformed entries stay for the schema to refuse: repairing structure is not this function's job.
        if (!isNodeLike(child)) {
          frame.out.push(child);
          continue;
        }
        const outcome = sanitizeNode(child, issues);
        if (outcome === "remove") continue;
        const unwrap = "unwrap" in outcome;
        const copy = unwrap ? outcome.unwrap : outcome.keep;
        if (Array.isArray(child.children)) stack.push({ copy, source: child.children, next: 0, out: [], unwrap });
        else if (!unwrap) frame.out.push(copy);
        continue;
      }
      stack.pop();
      frame.copy.children = frame.out;
      const parent = stack[stack.length - 1];
      if (!parent) break;
      if (frame.unwrap) for (const node of frame.out) parent.out.push(node);
      else parent.out.push(frame.copy);
    }
  }
  return { document: { ...doc, root: rootCopy as SerializedDocument["root"] }, issues: issues.list() };
}

/**
 * A document as a client sends it: accepted when `sanitizeDocument` can turn it into a valid
 * stored document. It is passed on unrepaired, because the caller (`articleBody`) repairs it
 * and reports the repairs; what comes out of this schema must not be stored before that.
 */
export const submittedDocumentSchema = z
  .unknown()
  .superRefine((value, ctx) => {
    const result = documentSchema.safeParse(sanitizeDocument(value as SerializedDocument).document);
    if (!result.success) for (const issue of result.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
  })
  .transform((value) => value as SerializedDocument);

/** Checks one node's own fields (not its children) and says what becomes of it. */
function sanitizeNode(node: LooseNode, issues: IssueList): Outcome {
  const copy: LooseNode = { ...node };
  switch (node.type) {
    case "link":
    case "autolink":
      if (typeof node.url !== "string" || !isSafeUrl(node.url)) {
        issues.add(`Removed a link to ${describeUrl(node.url)}; its text is kept`);
        return { unwrap: copy };
      }
      break;
    case "image":
      if (typeof node.src === "string" && !isSafeUrl(node.src)) {
        issues.add(`Removed an image whose source is ${describeUrl(node.src)}`);
        return "remove";
      }
      sanitizeImage(copy, issues);
      break;
    case "tablecell":
      sanitizeTableCell(copy, issues);
      break;
    default:
      // Nodes this code does not model (embeds, smart links, cards…) may still carry addresses.
      for (const field of ["url", "href", "src"]) {
        const value = copy[field];
        if (typeof value === "string" && !isSafeUrl(value)) {
          delete copy[field];
          issues.add(`Removed ${describeUrl(value)} from a ${node.type} block`);
        }
      }
  }
  if (node.type === "text" && typeof copy.style === "string") copy.style = sanitizeStyle(copy.style, issues);
  // Lexical's paragraphs keep the style new text gets in `textStyle`.
  if (typeof copy.textStyle === "string") copy.textStyle = sanitizeStyle(copy.textStyle, issues);
  if ("fontFamily" in copy && !(typeof copy.fontFamily === "string" && isAllowedFontFamily(copy.fontFamily))) {
    issues.add(`Removed the font ${JSON.stringify(copy.fontFamily)}, which is not in the font list`);
    delete copy.fontFamily;
  }
  sanitizeTypeChange(copy, issues);
  sanitizeBlockChange(copy, issues);
  return { keep: copy };
}

/**
 * A pending block type change (NodeState `$.nodeTypeChange`): a reject turns its `previous`
 * into a node, so that is checked as one; a change that fails either check is dropped.
 */
function sanitizeTypeChange(node: LooseNode, issues: IssueList) {
  const state = node.$;
  if (!isPlainObject(state) || !(NODE_TYPE_CHANGE_KEY in state)) return;
  const change = state[NODE_TYPE_CHANGE_KEY];
  // The stored value, once valid, rather than the schema's copy: a save keeps its key order.
  const valid = nodeTypeChangeSchema.safeParse(change).success ? (change as NodeTypeChange) : null;
  const repairs = new IssueList();
  const outcome = valid ? sanitizeNode(valid.previous, repairs) : "remove";
  if (valid && outcome !== "remove" && "keep" in outcome) {
    for (const issue of repairs.list()) issues.add(issue);
    node.$ = { ...state, [NODE_TYPE_CHANGE_KEY]: { ...valid, previous: outcome.keep } };
    return;
  }
  issues.add(`Dropped a change of a ${node.type} block's type that could not be undone; the block keeps its type`);
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { [NODE_TYPE_CHANGE_KEY]: dropped, ...rest } = state;
  if (Object.keys(rest).length > 0) node.$ = rest;
  else delete node.$;
}

/**
 * A pending paragraph break change (NodeState `$.blockChange`): settling it joins this block
 * to the one before or only forgets it, so it needs no repair; one that is not valid is dropped.
 */
function sanitizeBlockChange(node: LooseNode, issues: IssueList) {
  const state = node.$;
  if (!isPlainObject(state) || !(BLOCK_CHANGE_KEY in state)) return;
  if (blockChangeSchema.safeParse(state[BLOCK_CHANGE_KEY]).success) return;
  issues.add(`Dropped a tracked paragraph break on a ${node.type} block that was not valid; the blocks stay as they are`);
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { [BLOCK_CHANGE_KEY]: dropped, ...rest } = node.$ as Record<string, unknown>;
  if (Object.keys(rest).length > 0) node.$ = rest;
  else delete node.$;
}

function sanitizeImage(image: LooseNode, issues: IssueList) {
  if (typeof image.href === "string" && !isSafeUrl(image.href)) {
    issues.add(`Removed an image's link to ${describeUrl(image.href)}`);
    delete image.href;
  }
  if ("width" in image) {
    const width = normalizeImageWidth(image.width);
    if (width === undefined) {
      issues.add(`Removed the image width ${JSON.stringify(image.width)}: it must be a positive number`);
      delete image.width;
    } else if (width !== image.width) {
      issues.add(`Stored the image width ${String(image.width)} as ${width}`);
      image.width = width;
    }
  }
  for (const [field, label] of [
    ["nativeWidth", "native width"],
    ["nativeHeight", "native height"],
  ] as const) {
    if (!(field in image)) continue;
    const value = image[field];
    if (typeof value === "number" && Number.isInteger(value) && value > 0) continue;
    issues.add(`Removed the image ${label} ${JSON.stringify(value)}: it must be a positive whole number`);
    delete image[field];
  }
}

function sanitizeTableCell(cell: LooseNode, issues: IssueList) {
  if ("colwidth" in cell) {
    const span = typeof cell.colSpan === "number" && Number.isInteger(cell.colSpan) && cell.colSpan > 0 ? cell.colSpan : 1;
    const widths = cell.colwidth;
    const valid = Array.isArray(widths) && widths.every((width) => typeof width === "number" && Number.isFinite(width) && width > 0);
    if (!valid || widths.length !== span) {
      issues.add(
        valid
          ? `Removed a list of ${count(widths.length, "column width")} from a cell spanning ${count(span, "column")}`
          : "Removed a column-width list that was not a list of positive widths",
      );
      delete cell.colwidth;
    }
  }
  if (!("borders" in cell)) return;
  if (!isPlainObject(cell.borders)) {
    issues.add("Removed table cell borders that were not a set of sides");
    delete cell.borders;
    return;
  }
  const borders: Record<string, unknown> = { ...cell.borders };
  cell.borders = borders;
  for (const side of borderSides) {
    if (!(side in borders)) continue;
    const border = borders[side];
    if (!isPlainObject(border)) {
      issues.add(`Removed a table cell's ${side} border, which was not a border`);
      delete borders[side];
      continue;
    }
    const fixed: Record<string, unknown> = { ...border };
    borders[side] = fixed;
    if ("width" in fixed) {
      const width = fixed.width;
      if (typeof width !== "number" || !Number.isFinite(width)) {
        issues.add(`Removed the table cell border width ${JSON.stringify(width)}: it must be a number of pixels`);
        delete fixed.width;
      } else if (width < MIN_BORDER_WIDTH || width > MAX_BORDER_WIDTH) {
        const clamped = Math.min(MAX_BORDER_WIDTH, Math.max(MIN_BORDER_WIDTH, width));
        issues.add(`Set a table cell border of ${width}px to ${clamped}px (borders are ${MIN_BORDER_WIDTH} to ${MAX_BORDER_WIDTH}px)`);
        fixed.width = clamped;
      }
    }
    if ("style" in fixed && !(typeof fixed.style === "string" && BORDER_STYLES.has(fixed.style))) {
      issues.add(`Removed the table cell border style ${JSON.stringify(fixed.style)} (only ${borderStyles.join(", ")})`);
      delete fixed.style;
    }
  }
}

/**
 * Removes the declarations of an inline CSS string that set a font outside the list: a
 * `font-family` naming any other family, and the `font` shorthand (whose family cannot be
 * picked out reliably). The string is returned as it was when nothing is removed.
 */
function sanitizeStyle(style: string, issues: IssueList): string {
  if (!/font/i.test(style)) return style;
  const declarations = style.split(";");
  const kept = declarations.filter((declaration) => {
    const colon = declaration.indexOf(":");
    if (colon < 0) return true;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (property === "font-family" && !isAllowedFontFamily(value)) {
      issues.add(`Removed the font ${value}, which is not in the font list`);
      return false;
    }
    if (property === "font") {
      issues.add(`Removed the font shorthand "${value}": set the family, size and weight on their own`);
      return false;
    }
    return true;
  });
  if (kept.length === declarations.length) return style;
  return kept
    .map((declaration) => declaration.trim())
    .filter(Boolean)
    .map((declaration) => `${declaration};`)
    .join(" ");
}

/** "a javascript: address", for messages; never the whole address, which may be long or hostile. */
function describeUrl(url: unknown): string {
  if (typeof url !== "string") return "no address";
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url.replace(/[\t\n\r]/g, "").trim())?.[1]?.toLowerCase();
  if (scheme === "data") {
    const type = /^data:([^;,]*)/i.exec(url.replace(/[\t\n\r]/g, "").trim())?.[1];
    return type ? `a data: address of type ${type}` : "a data: address";
  }
  return scheme ? `a ${scheme}: address` : "an address that is not allowed";
}

function isNodeLike(value: unknown): value is LooseNode {
  return isPlainObject(value) && typeof value.type === "string";
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Issue sentences in first-seen order, a repeated one counted instead of listed again. */
class IssueList {
  private readonly counts = new Map<string, number>();

  add(issue: string) {
    this.counts.set(issue, (this.counts.get(issue) ?? 0) + 1);
  }

  list(): string[] {
    return [...this.counts].map(([issue, times]) => (times === 1 ? issue : `${issue} (${count(times, "time")})`));
  }
}
