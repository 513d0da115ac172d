/**
 * The editor's keyboard shortcuts, in one table the shortcut plugin acts on and the
 * toolbar shows in its tooltips. "Mod" is ⌘ on Apple systems and Ctrl elsewhere.
 */
export interface Shortcut {
  id: string;
  label: string;
  /** e.g. "Mod+Alt+1" */
  keys: string;
}

export const SHORTCUTS = {
  paragraph: { id: "paragraph", label: "Text", keys: "Mod+Alt+0" },
  heading1: { id: "heading1", label: "Heading 1", keys: "Mod+Alt+1" },
  heading2: { id: "heading2", label: "Heading 2", keys: "Mod+Alt+2" },
  heading3: { id: "heading3", label: "Heading 3", keys: "Mod+Alt+3" },
  heading4: { id: "heading4", label: "Heading 4", keys: "Mod+Alt+4" },
  heading5: { id: "heading5", label: "Heading 5", keys: "Mod+Alt+5" },
  heading6: { id: "heading6", label: "Heading 6", keys: "Mod+Alt+6" },
  numberedList: { id: "numberedList", label: "Numbered list", keys: "Mod+Shift+7" },
  bulletedList: { id: "bulletedList", label: "Bulleted list", keys: "Mod+Shift+8" },
  checkList: { id: "checkList", label: "Check list", keys: "Mod+Shift+9" },
  bold: { id: "bold", label: "Bold", keys: "Mod+B" },
  italic: { id: "italic", label: "Italic", keys: "Mod+I" },
  underline: { id: "underline", label: "Underline", keys: "Mod+U" },
  strikethrough: { id: "strikethrough", label: "Strikethrough", keys: "Mod+Shift+X" },
  code: { id: "code", label: "Inline code", keys: "Mod+E" },
  superscript: { id: "superscript", label: "Superscript", keys: "Mod+." },
  subscript: { id: "subscript", label: "Subscript", keys: "Mod+," },
  link: { id: "link", label: "Link", keys: "Mod+K" },
  undo: { id: "undo", label: "Undo", keys: "Mod+Z" },
  redo: { id: "redo", label: "Redo", keys: "Mod+Shift+Z" },
  focusMode: { id: "focusMode", label: "Focus mode", keys: "Mod+Shift+F" },
  trackChanges: { id: "trackChanges", label: "Track changes", keys: "Mod+Alt+Shift+E" },
} as const satisfies Record<string, Shortcut>;

export type ShortcutId = keyof typeof SHORTCUTS;

export const isApple = () => typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** How a shortcut reads on this system: "⌘⌥1" on a Mac, "Ctrl+Alt+1" elsewhere. */
export function shortcutText(keys: string, apple = isApple()): string {
  const parts = keys.split("+");
  if (!apple) return parts.map((p) => (p === "Mod" ? "Ctrl" : p)).join("+");
  const glyphs: Record<string, string> = { Mod: "⌘", Alt: "⌥", Shift: "⇧" };
  return parts.map((p) => glyphs[p] ?? p).join("");
}

/** Whether a key event is this shortcut (letters and digits by physical key, so Shift and Alt don't change them). */
export function matchesShortcut(event: Pick<KeyboardEvent, "key" | "code" | "metaKey" | "ctrlKey" | "altKey" | "shiftKey">, keys: string, apple = isApple()): boolean {
  const parts = keys.split("+");
  const key = parts.at(-1)!;
  const wants = (name: string) => parts.includes(name);
  const mod = apple ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
  if (mod !== wants("Mod") || event.altKey !== wants("Alt") || event.shiftKey !== wants("Shift")) return false;
  if (/^[A-Z]$/.test(key)) return event.code === `Key${key}`;
  if (/^[0-9]$/.test(key)) return event.code === `Digit${key}`;
  if (key === ".") return event.code === "Period";
  if (key === ",") return event.code === "Comma";
  return event.key === key;
}
