import { $isCodeNode } from "@lexical/code";
import { $isListNode, ListNode } from "@lexical/list";
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { $isHeadingNode } from "@lexical/rich-text";
import { $findMatchingParent, $getNearestNodeOfType, mergeRegister } from "@lexical/utils";
import {
  $getSelection,
  $isRangeSelection,
  $isRootOrShadowRoot,
  CAN_REDO_COMMAND,
  CAN_UNDO_COMMAND,
  COMMAND_PRIORITY_LOW,
  FORMAT_ELEMENT_COMMAND,
  FORMAT_TEXT_COMMAND,
  INDENT_CONTENT_COMMAND,
  OUTDENT_CONTENT_COMMAND,
  REDO_COMMAND,
  UNDO_COMMAND,
  type ElementFormatType,
  type TextFormatType,
} from "lexical";
import { useEffect, useRef, useState, type Dispatch, type KeyboardEvent } from "react";
import type { EditorModeAction, EditorModes } from "../../../core/editor/modes";
import { $isBoxNode } from "../../../core/editor/nodes/BoxNode";
import { BLOCKS } from "../blocks";
import { OPEN_LINK_EDITOR_COMMAND } from "../commands";
import { SHORTCUTS, shortcutText, type ShortcutId } from "../shortcuts";

/** What the block-type menu shows for the block with the caret. */
const BLOCK_TYPES: { value: string; label: string; block: string }[] = [
  { value: "paragraph", label: "Text", block: "paragraph" },
  ...[1, 2, 3, 4, 5, 6].map((n) => ({ value: `h${n}`, label: `Heading ${n}`, block: `heading-${n}` })),
  { value: "bullet", label: "Bulleted list", block: "bulleted-list" },
  { value: "number", label: "Numbered list", block: "numbered-list" },
  { value: "check", label: "Check list", block: "check-list" },
  { value: "quote", label: "Quote", block: "quote" },
  { value: "code", label: "Code", block: "code" },
];

const MARKS: { format: TextFormatType; label: string; glyph: string; shortcut: ShortcutId }[] = [
  { format: "bold", label: "Bold", glyph: "B", shortcut: "bold" },
  { format: "italic", label: "Italic", glyph: "I", shortcut: "italic" },
  { format: "underline", label: "Underline", glyph: "U", shortcut: "underline" },
  { format: "strikethrough", label: "Strikethrough", glyph: "S", shortcut: "strikethrough" },
  { format: "code", label: "Inline code", glyph: "</>", shortcut: "code" },
];

const ALIGNS: { value: ElementFormatType; label: string; glyph: string }[] = [
  { value: "left", label: "Align left", glyph: "⇤" },
  { value: "center", label: "Centre", glyph: "↔" },
  { value: "right", label: "Align right", glyph: "⇥" },
  { value: "justify", label: "Justify", glyph: "☰" },
];

const title = (label: string, shortcut?: ShortcutId) => (shortcut ? `${label} (${shortcutText(SHORTCUTS[shortcut].keys)})` : label);

/**
 * The toolbar above the document: block type, undo and redo, marks, link, insert,
 * alignment, indentation, and the track-changes, show-changes and focus-mode switches
 * (SPEC section 4). One tab stop; arrow keys move between its controls (WAI-ARIA toolbar).
 */
export function EditorToolbar({ modes, dispatchModes }: { modes: EditorModes; dispatchModes: Dispatch<EditorModeAction> }) {
  const [editor] = useLexicalComposerContext();
  const bar = useRef<HTMLDivElement>(null);
  const [blockType, setBlockType] = useState("paragraph");
  const [formats, setFormats] = useState<Set<TextFormatType>>(new Set());
  const [canUndo, setCanUndo] = useState(false);
  const [canRedo, setCanRedo] = useState(false);
  const [insertOpen, setInsertOpen] = useState(false);

  useEffect(
    () =>
      mergeRegister(
        editor.registerUpdateListener(({ editorState }) =>
          editorState.read(() => {
            const selection = $getSelection();
            if (!$isRangeSelection(selection)) return;
            setFormats(new Set(MARKS.map((m) => m.format).filter((f) => selection.hasFormat(f))));
            const anchor = selection.anchor.getNode();
            const top = anchor.getKey() === "root" ? anchor : ($findMatchingParent(anchor, (n) => !!n.getParent() && $isRootOrShadowRoot(n.getParent())) ?? anchor.getTopLevelElementOrThrow());
            const list = $getNearestNodeOfType(anchor, ListNode);
            if ($isListNode(list)) setBlockType(list.getListType());
            else if ($isHeadingNode(top)) setBlockType(top.getTag());
            else if ($isCodeNode(top)) setBlockType("code");
            else if ($findMatchingParent(anchor, (n) => $isBoxNode(n) && n.isQuote())) setBlockType("quote");
            else setBlockType("paragraph");
          }),
        ),
        editor.registerCommand(CAN_UNDO_COMMAND, (value) => (setCanUndo(value), false), COMMAND_PRIORITY_LOW),
        editor.registerCommand(CAN_REDO_COMMAND, (value) => (setCanRedo(value), false), COMMAND_PRIORITY_LOW),
      ),
    [editor],
  );

  // Roving tab stop: only one control is in the tab order; arrows, Home and End move.
  const onKeyDown = (event: KeyboardEvent) => {
    if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key) || (event.target as HTMLElement).tagName === "SELECT") return;
    const items = [...(bar.current?.querySelectorAll<HTMLElement>("[data-toolbar-item]:not([disabled])") ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const next = event.key === "Home" ? 0 : event.key === "End" ? items.length - 1 : (index + (event.key === "ArrowRight" ? 1 : -1) + items.length) % items.length;
    event.preventDefault();
    items.forEach((item, i) => (item.tabIndex = i === next ? 0 : -1));
    items[next]?.focus();
  };
  useEffect(() => {
    const items = [...(bar.current?.querySelectorAll<HTMLElement>("[data-toolbar-item]") ?? [])];
    items.forEach((item, i) => (item.tabIndex = i === 0 ? 0 : -1));
  }, []);

  const item = { "data-toolbar-item": true, tabIndex: -1 } as const;
  return (
    <div ref={bar} className="editor-toolbar" role="toolbar" aria-label="Formatting" onKeyDown={onKeyDown}>
      <div className="editor-toolbar__group">
        <label className="visually-hidden" htmlFor="editor-block-type">
          Block type
        </label>
        <select
          id="editor-block-type"
          {...item}
          className="editor-toolbar__select"
          value={blockType}
          onChange={(event) => {
            const choice = BLOCK_TYPES.find((b) => b.value === event.target.value);
            BLOCKS.find((b) => b.id === choice?.block)?.insert(editor);
            editor.focus();
          }}
        >
          {BLOCK_TYPES.map((type) => (
            <option key={type.value} value={type.value}>
              {type.label}
            </option>
          ))}
        </select>
      </div>
      <div className="editor-toolbar__group">
        <button type="button" {...item} className="editor-toolbar__button" disabled={!canUndo} aria-label="Undo" title={title("Undo", "undo")} onClick={() => editor.dispatchCommand(UNDO_COMMAND, undefined)}>
          ↶
        </button>
        <button type="button" {...item} className="editor-toolbar__button" disabled={!canRedo} aria-label="Redo" title={title("Redo", "redo")} onClick={() => editor.dispatchCommand(REDO_COMMAND, undefined)}>
          ↷
        </button>
      </div>
      <div className="editor-toolbar__group">
        {MARKS.map((mark) => (
          <button
            key={mark.format}
            type="button"
            {...item}
            className={`editor-toolbar__button editor-toolbar__button--${mark.format}`}
            aria-pressed={formats.has(mark.format)}
            aria-label={mark.label}
            title={title(mark.label, mark.shortcut)}
            onClick={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, mark.format)}
          >
            {mark.glyph}
          </button>
        ))}
        <button type="button" {...item} className="editor-toolbar__button" aria-label="Link" title={title("Link", "link")} onClick={() => editor.dispatchCommand(OPEN_LINK_EDITOR_COMMAND, undefined)}>
          🔗
        </button>
      </div>
      <div className="editor-toolbar__group editor-toolbar__insert">
        <button type="button" {...item} className="editor-toolbar__button editor-toolbar__button--text" aria-haspopup="menu" aria-expanded={insertOpen} onClick={() => setInsertOpen(!insertOpen)}>
          + Insert
        </button>
        {insertOpen ? (
          <div
            className="editor-toolbar__menu"
            role="menu"
            aria-label="Insert a block"
            onKeyDown={(event) => {
              if (event.key === "Escape") return setInsertOpen(false);
              if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
              event.preventDefault();
              event.stopPropagation();
              const entries = [...event.currentTarget.querySelectorAll<HTMLElement>("[role=menuitem]")];
              const index = entries.indexOf(document.activeElement as HTMLElement);
              entries[(index + (event.key === "ArrowDown" ? 1 : -1) + entries.length) % entries.length]?.focus();
            }}
            ref={(menu) => menu?.querySelector<HTMLElement>("[role=menuitem]")?.focus()}
          >
            {BLOCKS.filter((b) => b.group !== "Text").map((block) => (
              <button
                key={block.id}
                type="button"
                role="menuitem"
                className="editor-toolbar__menu-item"
                onClick={() => {
                  setInsertOpen(false);
                  editor.focus();
                  block.insert(editor);
                }}
              >
                <span aria-hidden="true">{block.icon}</span> {block.title}
              </button>
            ))}
          </div>
        ) : null}
      </div>
      <div className="editor-toolbar__group editor-toolbar__group--secondary">
        {ALIGNS.map((align) => (
          <button key={align.value} type="button" {...item} className="editor-toolbar__button" aria-label={align.label} title={align.label} onClick={() => editor.dispatchCommand(FORMAT_ELEMENT_COMMAND, align.value)}>
            {align.glyph}
          </button>
        ))}
        <button type="button" {...item} className="editor-toolbar__button" aria-label="Outdent" title="Outdent (Shift+Tab)" onClick={() => editor.dispatchCommand(OUTDENT_CONTENT_COMMAND, undefined)}>
          ⇠
        </button>
        <button type="button" {...item} className="editor-toolbar__button" aria-label="Indent" title="Indent (Tab)" onClick={() => editor.dispatchCommand(INDENT_CONTENT_COMMAND, undefined)}>
          ⇢
        </button>
      </div>
      <div className="editor-toolbar__group editor-toolbar__modes">
        <button
          type="button"
          {...item}
          role="switch"
          aria-checked={modes.trackChanges}
          className="editor-toolbar__switch"
          title={title("Track changes", "trackChanges")}
          onClick={() => dispatchModes({ type: "trackChanges", on: !modes.trackChanges })}
        >
          Track changes
        </button>
        <button
          type="button"
          {...item}
          role="switch"
          aria-checked={modes.showChanges}
          className="editor-toolbar__switch"
          onClick={() => dispatchModes({ type: "showChanges", on: !modes.showChanges })}
        >
          Show changes
        </button>
        <button
          type="button"
          {...item}
          aria-pressed={modes.focus.shown}
          className="editor-toolbar__button editor-toolbar__button--text"
          title={title("Focus mode", "focusMode")}
          onClick={() => {
            dispatchModes(modes.focus.shown ? { type: "hideFocus" } : { type: "showFocus", manual: true });
            // Focus mode is for writing: back to the caret (Escape there leaves it).
            editor.focus();
          }}
        >
          Focus
        </button>
      </div>
    </div>
  );
}
