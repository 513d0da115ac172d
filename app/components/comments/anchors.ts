import type { QuoteSelector } from "../../../core/contracts/comments";
import { describeQuote, locateQuote } from "../../../core/document/quote";

/**
 * Maps between a document element's text (every text node in order, as `locateQuote` sees it)
 * and DOM ranges, so a quote found in the text can be highlighted and a selection described.
 */
export interface TextIndex {
  text: string;
  nodes: { node: Text; start: number }[];
}

export function indexText(root: Element): TextIndex {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes: TextIndex["nodes"] = [];
  let text = "";
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    nodes.push({ node, start: text.length });
    text += node.data;
  }
  return { text, nodes };
}

function pointAt(index: TextIndex, offset: number): { node: Text; offset: number } | null {
  for (let i = index.nodes.length - 1; i >= 0; i--) {
    const entry = index.nodes[i]!;
    if (entry.start <= offset) return { node: entry.node, offset: Math.min(offset - entry.start, entry.node.data.length) };
  }
  return null;
}

/** The DOM range of a quote in the text as it is now, or null when its words are gone (orphaned). */
export function rangeOfQuote(index: TextIndex, quote: QuoteSelector): Range | null {
  const found = locateQuote(index.text, quote);
  if (!found) return null;
  const start = pointAt(index, found.start);
  const end = pointAt(index, found.end);
  if (!start || !end) return null;
  const range = document.createRange();
  range.setStart(start.node, start.offset);
  range.setEnd(end.node, end.offset);
  return range;
}

/**
 * The DOM range of a thread's text: its comment mark when the document holds one (the mark
 * moves with its words, even as they are edited), else its quote found in the text as it is
 * now. Null when neither is there: the text was deleted and the thread is orphaned.
 */
export function rangeOfThread(root: Element, index: TextIndex, thread: { uuid: string; quote: QuoteSelector | null }): Range | null {
  const marks = root.querySelectorAll(`mark[data-mark="comment-mark"][data-uuid="${CSS.escape(thread.uuid)}"]`);
  const first = marks[0];
  const last = marks[marks.length - 1];
  if (first && last) {
    const range = document.createRange();
    range.setStart(first, 0);
    range.setEnd(last, last.childNodes.length);
    if (!range.collapsed && range.toString().length > 0) return range;
  }
  return thread.quote ? rangeOfQuote(index, thread.quote) : null;
}

/** The quote for the current selection inside `root`, or null when nothing there is selected. */
export function quoteOfSelection(root: Element): QuoteSelector | null {
  const selection = window.getSelection();
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return null;
  const range = selection.getRangeAt(0);
  if (!root.contains(range.startContainer) || !root.contains(range.endContainer)) return null;
  const index = indexText(root);
  const offsetOf = (container: Node, offset: number) => {
    if (container.nodeType === Node.TEXT_NODE) {
      const entry = index.nodes.find((candidate) => candidate.node === container);
      return entry ? entry.start + offset : null;
    }
    // An element boundary: the text before its `offset`-th child.
    const before = document.createRange();
    before.setStart(root, 0);
    before.setEnd(container, offset);
    return before.toString().length;
  };
  const start = offsetOf(range.startContainer, range.startOffset);
  const end = offsetOf(range.endContainer, range.endOffset);
  if (start === null || end === null || end <= start) return null;
  const quote = describeQuote(index.text, start, end);
  return quote.exact.trim() ? quote : null;
}

/** Paints ranges with the CSS Custom Highlight API where the browser has it (no DOM changes, so the editor is untouched). */
export function paintHighlights(name: string, ranges: Range[]) {
  const registry = typeof CSS !== "undefined" ? (CSS as unknown as { highlights?: Map<string, unknown> }).highlights : undefined;
  const HighlightClass = (globalThis as unknown as { Highlight?: new (...ranges: Range[]) => unknown }).Highlight;
  if (!registry || !HighlightClass) return;
  if (ranges.length === 0) registry.delete(name);
  else registry.set(name, new HighlightClass(...ranges));
}
