/** The design editor's keyboard shortcuts, as a pure mapping from a key press to what it does. */

export type CanvasKeyAction =
  | { type: "nudge"; dx: number; dy: number }
  | { type: "delete" }
  | { type: "undo" }
  | { type: "redo" }
  | { type: "duplicate" }
  | { type: "deselect" };

/** What of a keydown event decides the action (a plain object in tests). */
export type KeyPress = Pick<KeyboardEvent, "key" | "shiftKey" | "ctrlKey" | "metaKey" | "altKey">;

export const NUDGE = 1;
export const NUDGE_FAR = 10;

const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

export function canvasKeyAction(press: KeyPress): CanvasKeyAction | null {
  // Ctrl on Windows and Linux, ⌘ on a Mac; Alt combinations belong to the browser and the OS.
  const command = press.ctrlKey || press.metaKey;
  if (press.altKey) return null;
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  if (command) {
    if (key === "z") return press.shiftKey ? { type: "redo" } : { type: "undo" };
    if (key === "y" && !press.shiftKey) return { type: "redo" };
    if (key === "d" && !press.shiftKey) return { type: "duplicate" };
    return null;
  }
  const arrow = ARROWS[key];
  if (arrow) {
    const step = press.shiftKey ? NUDGE_FAR : NUDGE;
    return { type: "nudge", dx: arrow[0] * step, dy: arrow[1] * step };
  }
  if (key === "Delete" || key === "Backspace") return { type: "delete" };
  if (key === "Escape") return { type: "deselect" };
  return null;
}

/** Roles whose widgets use arrow keys themselves (tabs, menus, sliders, radio groups...). */
const ARROW_ROLES = new Set(["slider", "spinbutton", "tab", "tablist", "menu", "menuitem", "menuitemradio", "menuitemcheckbox", "option", "listbox", "combobox", "radio", "radiogroup", "textbox", "grid", "gridcell", "tree", "treeitem"]);

interface FocusLike {
  tagName?: string;
  isContentEditable?: boolean;
  getAttribute?(name: string): string | null;
}

/** Whether the focused element takes the key itself: typing in a field, or a widget's own arrows. */
export function keyBelongsToFocus(focus: FocusLike | null | undefined, action: CanvasKeyAction): boolean {
  if (!focus?.tagName) return false;
  const tag = focus.tagName.toUpperCase();
  if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || focus.isContentEditable) return true;
  if (action.type !== "nudge") return false;
  const role = focus.getAttribute?.("role");
  return role ? ARROW_ROLES.has(role) : false;
}
