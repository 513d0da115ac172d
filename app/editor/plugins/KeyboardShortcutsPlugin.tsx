import { INSERT_CHECK_LIST_COMMAND, INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND } from "@lexical/list";
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { $createHeadingNode, type HeadingTagType } from "@lexical/rich-text";
import { mergeRegister } from "@lexical/utils";
import {
  $createParagraphNode,
  $getSelection,
  $isRangeSelection,
  COMMAND_PRIORITY_NORMAL,
  FORMAT_TEXT_COMMAND,
  KEY_DOWN_COMMAND,
  type ElementNode,
  type LexicalEditor,
} from "lexical";
import { useEffect, useRef, type Dispatch } from "react";
import type { EditorModeAction, EditorModes } from "../../../core/editor/modes";
import { OPEN_LINK_EDITOR_COMMAND, SET_BLOCK_TYPE_COMMAND } from "../commands";
import { matchesShortcut, SHORTCUTS, type ShortcutId } from "../shortcuts";

const setBlock = (editor: LexicalEditor, create: () => ElementNode) => void editor.dispatchCommand(SET_BLOCK_TYPE_COMMAND, create);

/** Typing this many keys in a row (with no pause over 2 s) brings focus mode in, unless disabled. */
const FOCUS_STREAK = 40;

/**
 * The keyboard shortcuts of shortcuts.ts beyond Lexical's own (bold, italic, underline,
 * undo and redo): block types, lists, strike, code, sub/superscript, the link editor,
 * focus mode and track changes. Focus mode also comes in by itself after a typing streak
 * (SPEC section 4: the manual flag tells the two apart), and marks the block being edited.
 */
/** What a commenter suggesting may do from the keyboard: block types and text formats, which become tracked changes. */
const SUGGESTABLE: ReadonlySet<ShortcutId> = new Set(["paragraph", "heading1", "heading2", "heading3", "heading4", "heading5", "heading6", "strikethrough", "code", "superscript", "subscript"]);

export function KeyboardShortcutsPlugin({ modes, dispatchModes, suggesting = false }: { modes: EditorModes; dispatchModes: Dispatch<EditorModeAction>; suggesting?: boolean }) {
  const [editor] = useLexicalComposerContext();
  const latest = useRef(modes);
  latest.current = modes;

  useEffect(() => {
    const actions: Partial<Record<ShortcutId, () => void>> = {
      paragraph: () => setBlock(editor, () => $createParagraphNode()),
      numberedList: () => void editor.dispatchCommand(INSERT_ORDERED_LIST_COMMAND, undefined),
      bulletedList: () => void editor.dispatchCommand(INSERT_UNORDERED_LIST_COMMAND, undefined),
      checkList: () => void editor.dispatchCommand(INSERT_CHECK_LIST_COMMAND, undefined),
      strikethrough: () => void editor.dispatchCommand(FORMAT_TEXT_COMMAND, "strikethrough"),
      code: () => void editor.dispatchCommand(FORMAT_TEXT_COMMAND, "code"),
      superscript: () => void editor.dispatchCommand(FORMAT_TEXT_COMMAND, "superscript"),
      subscript: () => void editor.dispatchCommand(FORMAT_TEXT_COMMAND, "subscript"),
      link: () => void editor.dispatchCommand(OPEN_LINK_EDITOR_COMMAND, undefined),
      focusMode: () => dispatchModes(latest.current.focus.shown ? { type: "hideFocus" } : { type: "showFocus", manual: true }),
      trackChanges: () => dispatchModes({ type: "trackChanges", on: !latest.current.trackChanges }),
    };
    for (const level of [1, 2, 3, 4, 5, 6] as const) actions[`heading${level}`] = () => setBlock(editor, () => $createHeadingNode(`h${level}` as HeadingTagType));

    let streak = 0;
    let lastKey = 0;
    return mergeRegister(
      editor.registerCommand(
        KEY_DOWN_COMMAND,
        (event) => {
          for (const [id, run] of Object.entries(actions) as [ShortcutId, () => void][]) {
            if (suggesting && !SUGGESTABLE.has(id)) continue;
            if (matchesShortcut(event, SHORTCUTS[id].keys)) {
              event.preventDefault();
              run();
              return true;
            }
          }
          if (event.key === "Escape" && latest.current.focus.shown) {
            dispatchModes({ type: "hideFocus" });
            return false;
          }
          if (event.key.length === 1 && !event.ctrlKey && !event.metaKey) {
            const now = Date.now();
            streak = now - lastKey < 2_000 ? streak + 1 : 1;
            lastKey = now;
            if (streak === FOCUS_STREAK && !latest.current.focus.shown) dispatchModes({ type: "showFocus", manual: false });
          }
          return false;
        },
        COMMAND_PRIORITY_NORMAL,
      ),
      // Focus mode dims every block but the one with the caret: mark it.
      editor.registerUpdateListener(({ editorState }) => {
        const root = editor.getRootElement();
        if (!root) return;
        editorState.read(() => {
          const selection = $getSelection();
          const top = $isRangeSelection(selection) ? selection.anchor.getNode().getTopLevelElement() : null;
          const active = top ? editor.getElementByKey(top.getKey()) : null;
          for (const element of root.querySelectorAll(".is-active-block")) if (element !== active) element.classList.remove("is-active-block");
          active?.classList.add("is-active-block");
        });
      }),
    );
  }, [editor, dispatchModes, suggesting]);

  return null;
}
