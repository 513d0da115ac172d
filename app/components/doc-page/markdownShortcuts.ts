/**
 * Keyboard shortcuts of the interim markdown editor, as plain functions over the textarea's
 * value and selection: Ctrl/Cmd+B, +I and +K wrap the selection in markdown (or unwrap it
 * when it is already wrapped), Ctrl/Cmd+S saves now.
 */

export type MarkdownShortcut = "bold" | "italic" | "link" | "save";

export interface TextEdit {
  value: string;
  selectionStart: number;
  selectionEnd: number;
}

interface KeyFacts {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

const KEYS: Record<string, MarkdownShortcut> = { b: "bold", i: "italic", k: "link", s: "save" };

/** The shortcut a key press means, if any (Ctrl on Windows and Linux, Cmd on macOS; no Alt or Shift). */
export function shortcutFor(event: KeyFacts): MarkdownShortcut | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return null;
  return KEYS[event.key.toLowerCase()] ?? null;
}

const MARKERS = { bold: "**", italic: "_" } as const;
const PLACEHOLDERS = { bold: "bold text", italic: "italic text", link: "link text" } as const;
const LINK_PLACEHOLDER_URL = "https://";

/** Markdown cannot open emphasis before a space, so only the selection's words are wrapped. */
function trimSelection(value: string, start: number, end: number) {
  const selected = value.slice(start, end);
  const lead = selected.length - selected.trimStart().length;
  const trail = selected.length - selected.trimEnd().length;
  return lead === selected.length ? { start, end: start } : { start: start + lead, end: end - trail };
}

function toggleMarker(value: string, rawStart: number, rawEnd: number, kind: "bold" | "italic"): TextEdit {
  const marker = MARKERS[kind];
  const { start, end } = trimSelection(value, rawStart, rawEnd);
  const selected = value.slice(start, end);
  const size = marker.length;

  // Already wrapped, markers selected too: "**word**" → "word".
  if (selected.length >= size * 2 && selected.startsWith(marker) && selected.endsWith(marker)) {
    const inner = selected.slice(size, -size);
    return { value: value.slice(0, start) + inner + value.slice(end), selectionStart: start, selectionEnd: start + inner.length };
  }
  // Already wrapped, markers just outside the selection: "**|word|**" → "word".
  if (start >= size && value.slice(start - size, start) === marker && value.slice(end, end + size) === marker) {
    return {
      value: value.slice(0, start - size) + selected + value.slice(end + size),
      selectionStart: start - size,
      selectionEnd: end - size,
    };
  }
  const text = selected || PLACEHOLDERS[kind];
  return {
    value: value.slice(0, start) + marker + text + marker + value.slice(end),
    selectionStart: start + size,
    selectionEnd: start + size + text.length,
  };
}

const looksLikeUrl = (text: string) => /^(https?:\/\/|mailto:|\/)\S+$/i.test(text);

/** "[text](https://)" with the URL selected to type over; a selected URL becomes the link's target. */
function insertLink(value: string, rawStart: number, rawEnd: number): TextEdit {
  const { start, end } = trimSelection(value, rawStart, rawEnd);
  const selected = value.slice(start, end);
  const before = value.slice(0, start);
  const after = value.slice(end);
  if (looksLikeUrl(selected)) {
    const text = PLACEHOLDERS.link;
    return { value: `${before}[${text}](${selected})${after}`, selectionStart: start + 1, selectionEnd: start + 1 + text.length };
  }
  const text = selected || PLACEHOLDERS.link;
  const urlStart = start + text.length + 3;
  return {
    value: `${before}[${text}](${LINK_PLACEHOLDER_URL})${after}`,
    selectionStart: selected ? urlStart : start + 1,
    selectionEnd: selected ? urlStart + LINK_PLACEHOLDER_URL.length : start + 1 + text.length,
  };
}

/** The textarea's new value and selection after a formatting shortcut. */
export function applyShortcut(kind: Exclude<MarkdownShortcut, "save">, edit: TextEdit): TextEdit {
  const start = Math.min(edit.selectionStart, edit.selectionEnd);
  const end = Math.max(edit.selectionStart, edit.selectionEnd);
  return kind === "link" ? insertLink(edit.value, start, end) : toggleMarker(edit.value, start, end, kind);
}
