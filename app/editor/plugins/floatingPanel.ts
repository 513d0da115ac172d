import { $isCodeNode } from "@lexical/code";
import { createDOMRange } from "@lexical/selection";
import { $findMatchingParent, type LexicalEditor, type RangeSelection } from "lexical";
import { useEffect, useState } from "react";
import { usePhoneLayout } from "../../components/ui/usePhoneLayout";

/**
 * What the floating mark toolbar and the link editor share: where a panel goes beside
 * what it acts on, docking to the bottom on phones, and the selection's box on screen.
 */

export interface TargetRect {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export interface Placement {
  top: number;
  left: number;
  side: "above" | "below";
}

export interface PlacementInput {
  /** The selection's or link's box. */
  target: TargetRect;
  size: { width: number; height: number };
  viewport: { width: number; height: number };
  prefer: "above" | "below";
  /** What covers the top of the viewport (the sticky top bar): the panel stays below it. */
  topInset?: number;
  /** Space between the panel and the target. */
  gap?: number;
  /** Space kept between the panel and the viewport's edges. */
  margin?: number;
}

/**
 * Where a panel goes, in viewport pixels: on its preferred side of the target when it fits,
 * else the other, never outside the viewport. Callers turn it into coordinates in their anchor.
 */
export function placeFloating({ target, size, viewport, prefer, topInset = 0, gap = 8, margin = 8 }: PlacementInput): Placement {
  const minTop = topInset + margin;
  const maxTop = viewport.height - margin - size.height;
  const above = target.top - gap - size.height;
  const below = target.bottom + gap;
  const fitsAbove = above >= minTop;
  const fitsBelow = below <= maxTop;

  let side: Placement["side"];
  if (prefer === "above") side = fitsAbove || !fitsBelow ? "above" : "below";
  else side = fitsBelow || !fitsAbove ? "below" : "above";
  // Neither side fits (a selection taller than the screen): the side with more room, pinned inside.
  if (!fitsAbove && !fitsBelow) side = target.top - minTop >= viewport.height - target.bottom ? "above" : "below";

  const top = Math.min(Math.max(side === "above" ? above : below, minTop), Math.max(minTop, maxTop));
  const centred = (target.left + target.right) / 2 - size.width / 2;
  const left = Math.max(margin, Math.min(centred, viewport.width - margin - size.width));
  return { top: Math.round(top), left: Math.round(left), side };
}

/** The height of the app's sticky top bar (app.css `--topbar-height`), which panels stay below. */
export function stickyTopInset(): number {
  const height = Number.parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--topbar-height"));
  return Number.isFinite(height) ? height : 0;
}

/** The viewport as panels may use it (without a vertical scrollbar). */
export function viewportSize(): { width: number; height: number } {
  return { width: document.documentElement.clientWidth, height: window.innerHeight };
}

/** The selection's box on screen, from the editor's own selection (focus may be in a panel's input). */
export function $selectionBox(editor: LexicalEditor, selection: RangeSelection): DOMRect | null {
  const { anchor, focus } = selection;
  const rect = createDOMRange(editor, anchor.getNode(), anchor.offset, focus.getNode(), focus.offset)?.getBoundingClientRect();
  if (rect && (rect.width > 0 || rect.height > 0)) return rect;
  // An empty block has no text to measure: use the block itself.
  return editor.getElementByKey(anchor.getNode().getKey())?.getBoundingClientRect() ?? null;
}

/**
 * Called as focus enters a panel. A browser may leave its selection in the text meanwhile
 * (arriving by keyboard; Firefox with a text box), and Lexical would read that stale
 * selection back once a change re-renders the text. Dropping it is safe: the editor keeps
 * its own selection, `editor.focus()` restores it, and SelectionAlwaysOnDisplay shows it.
 */
export function releaseTextSelection(editor: LexicalEditor): void {
  const root = editor.getRootElement();
  const selection = window.getSelection();
  if (root && selection?.anchorNode && root.contains(selection.anchorNode)) selection.removeAllRanges();
}

/** Marks and links do not apply inside a code block. */
export function $isInCodeBlock(selection: RangeSelection): boolean {
  return [selection.anchor, selection.focus].some((point) => $findMatchingParent(point.getNode(), $isCodeNode) !== null);
}

/**
 * SelectionAlwaysOnDisplay's `onReposition`: while focus is in a panel the browser hides the
 * text selection, so Lexical draws boxes over it; this styles them (editor-toolbar.css).
 */
export function markKeptSelection(boxes: readonly HTMLElement[]): void {
  for (const box of boxes) box.className = "floating-kept-selection";
}

/**
 * On phones (≤720px) the panels dock to the bottom of the screen instead of floating by the
 * selection, where the system's own selection handles and menu sit. `keyboardInset` is how
 * much of the layout viewport the on-screen keyboard covers, so the dock sits above it.
 */
export function useMobileDock(): { docked: boolean; keyboardInset: number } {
  const docked = usePhoneLayout();
  const [keyboardInset, setKeyboardInset] = useState(0);
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!docked || !viewport) return;
    const measure = () => setKeyboardInset(Math.max(0, Math.round(window.innerHeight - viewport.height - viewport.offsetTop)));
    measure();
    viewport.addEventListener("resize", measure);
    viewport.addEventListener("scroll", measure);
    return () => {
      viewport.removeEventListener("resize", measure);
      viewport.removeEventListener("scroll", measure);
    };
  }, [docked]);
  return { docked, keyboardInset: docked ? keyboardInset : 0 };
}
