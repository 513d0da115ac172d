import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { mergeRegister } from "@lexical/utils";
import {
  $getSelection,
  $isRangeSelection,
  BEFORE_INPUT_COMMAND,
  COMMAND_PRIORITY_CRITICAL,
  CONTROLLED_TEXT_INSERTION_COMMAND,
  DELETE_CHARACTER_COMMAND,
  DELETE_LINE_COMMAND,
  DELETE_WORD_COMMAND,
  DROP_COMMAND,
  FORMAT_ELEMENT_COMMAND,
  FORMAT_TEXT_COMMAND,
  INDENT_CONTENT_COMMAND,
  INSERT_LINE_BREAK_COMMAND,
  INSERT_PARAGRAPH_COMMAND,
  INSERT_TAB_COMMAND,
  OUTDENT_CONTENT_COMMAND,
  PASTE_COMMAND,
  REMOVE_TEXT_COMMAND,
  type ElementNode,
  type LexicalCommand,
} from "lexical";
import { $isListItemNode, INSERT_CHECK_LIST_COMMAND, INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND, type ListType } from "@lexical/list";
import { useEffect } from "react";
import {
  $canSuggestBlockType,
  $deleteTracked,
  $formatTracked,
  $insertListTracked,
  $insertTracked,
  $joinTracked,
  $reformatBlocksTracked,
  $selectedBlocks,
  $setBlocksTypeTracked,
  $splitTracked,
  type ChangeAuthor,
} from "../../../core/editor/track-changes";
import { SET_BLOCK_TYPE_COMMAND } from "../commands";

interface TrackChangesPluginProps {
  /** The signed-in user's id: every change records it. */
  userId: number;
  userName: string;
  /**
   * Suggesting (comment access): only text edits, block type changes, alignment and indent
   * (not of list items), and paragraph breaks (Enter, and Backspace or Delete between
   * paragraphs) are possible, and each one is a tracked change; the room accepts nothing else
   * from a commenter. Otherwise it is an editor with track changes on, whose other structural
   * edits (lists, a list item's indent, Enter in code or in an empty list item) go through untracked.
   */
  suggesting: boolean;
}

/**
 * Structural commands a commenter cannot suggest (the room would refuse them): line breaks,
 * tabs and drops are not tracked. Enter is, in paragraphs and headings, and so are alignment
 * and indent (below).
 */
const STRUCTURAL: LexicalCommand<unknown>[] = [INSERT_LINE_BREAK_COMMAND, INSERT_TAB_COMMAND, DROP_COMMAND] as LexicalCommand<unknown>[];

/** The commands that make a list, and the list each makes. */
const LIST_COMMANDS = [
  [INSERT_UNORDERED_LIST_COMMAND, "bullet"],
  [INSERT_ORDERED_LIST_COMMAND, "number"],
  [INSERT_CHECK_LIST_COMMAND, "check"],
] as const satisfies ReadonlyArray<readonly [LexicalCommand<void>, ListType]>;

/**
 * Track changes in the browser: typing, pasting, deleting and formatting are turned into
 * insertion, deletion and formatting-change marks (core/editor/track-changes.ts) before
 * Lexical's own handlers run, a block type change (SET_BLOCK_TYPE_COMMAND) into a
 * `node_type_change` on the new block, and Enter or Backspace at a paragraph's start into a
 * new or deleted paragraph break on the second block (core/editor/paragraph-breaks.ts). Typing is taken at `beforeinput`, so the browser
 * never edits the text behind Lexical's back; deletions already arrive as commands.
 */
export function TrackChangesPlugin({ userId, userName, suggesting }: TrackChangesPluginProps) {
  const [editor] = useLexicalComposerContext();

  useEffect(() => {
    const author: ChangeAuthor = { userId: String(userId), userName };
    const insert = (text: string) => {
      const selection = $getSelection();
      if (!$isRangeSelection(selection) || text === "") return false;
      $insertTracked(selection, suggesting ? text.replace(/\s*\n\s*/g, " ") : text, author);
      return true;
    };
    const remove = (isBackward: boolean, unit: "character" | "word" | "lineboundary") => {
      const selection = $getSelection();
      if (!$isRangeSelection(selection)) return false;
      // At a block's edge: the paragraph break is marked deleted (or nothing happens where
      // a join cannot be tracked, as before a list or an image).
      if ($joinTracked(selection, author, isBackward)) return true;
      if (selection.isCollapsed()) selection.modify("extend", isBackward, unit);
      if (!selection.isCollapsed()) $deleteTracked(selection, author, isBackward);
      return true;
    };
    /**
     * Alignment and indent as tracked block changes. Indenting a list item nests it in a list
     * of its own, which a reject cannot undo exactly: untracked for editors, not made for commenters.
     */
    const reformat = (apply: (block: ElementNode) => void, indent: boolean) => {
      const selection = $getSelection();
      if (!$isRangeSelection(selection)) return false;
      const blocks = $selectedBlocks(selection);
      if (indent && blocks.some((block) => $isListItemNode(block))) return suggesting;
      $reformatBlocksTracked(indent ? blocks.filter((block) => block.canIndent()) : blocks, apply, author);
      return true;
    };
    const critical = <P,>(command: LexicalCommand<P>, handler: (payload: P) => boolean) => editor.registerCommand(command, handler, COMMAND_PRIORITY_CRITICAL);

    return mergeRegister(
      critical(BEFORE_INPUT_COMMAND, (event) => {
        if (event.inputType !== "insertText" && event.inputType !== "insertReplacementText") {
          // A new paragraph arrives as INSERT_PARAGRAPH_COMMAND; a line break is not tracked.
          if (suggesting && event.inputType === "insertLineBreak") {
            event.preventDefault();
            return true;
          }
          return false;
        }
        const text = event.data ?? event.dataTransfer?.getData("text/plain") ?? "";
        event.preventDefault();
        return insert(text);
      }),
      critical(CONTROLLED_TEXT_INSERTION_COMMAND, (payload) => insert(typeof payload === "string" ? payload : (payload.data ?? ""))),
      critical(DELETE_CHARACTER_COMMAND, (isBackward) => remove(isBackward, "character")),
      critical(DELETE_WORD_COMMAND, (isBackward) => remove(isBackward, "word")),
      critical(DELETE_LINE_COMMAND, (isBackward) => remove(isBackward, "lineboundary")),
      critical(REMOVE_TEXT_COMMAND, () => {
        const selection = $getSelection();
        if (!$isRangeSelection(selection)) return false;
        $deleteTracked(selection, author, true);
        return true;
      }),
      critical(PASTE_COMMAND, (event) => {
        const text = "clipboardData" in event ? (event.clipboardData?.getData("text/plain") ?? "") : "";
        event.preventDefault();
        return insert(text);
      }),
      critical(FORMAT_TEXT_COMMAND, (format) => {
        const selection = $getSelection();
        if (!$isRangeSelection(selection)) return false;
        $formatTracked(selection, format, author);
        return true;
      }),
      critical(INSERT_PARAGRAPH_COMMAND, () => {
        const selection = $getSelection();
        if ($isRangeSelection(selection) && $splitTracked(selection, author)) return true;
        // Enter in code or in an empty list item (which leaves its list) cannot be rejected exactly: untracked for editors, not made for commenters.
        return suggesting;
      }),
      critical(SET_BLOCK_TYPE_COMMAND, (create) => {
        const selection = $getSelection();
        if (!$isRangeSelection(selection)) return false;
        // The room refuses a commenter's change that a reject could not undo exactly: not made.
        if (!suggesting || $canSuggestBlockType(selection, create)) $setBlocksTypeTracked(selection, create, author);
        return true;
      }),
      // Making a list from paragraphs or headings is tracked; changing or leaving a list is not
      // (untracked for editors, not made for commenters).
      ...LIST_COMMANDS.map(([command, listType]) => critical(command, () => $insertListTracked(listType, author) || suggesting)),
      critical(FORMAT_ELEMENT_COMMAND, (format) => reformat((block) => block.setFormat(format), false)),
      critical(INDENT_CONTENT_COMMAND, () => reformat((block) => block.setIndent(block.getIndent() + 1), true)),
      critical(OUTDENT_CONTENT_COMMAND, () => reformat((block) => block.setIndent(Math.max(0, block.getIndent() - 1)), true)),
      ...(suggesting ? STRUCTURAL.map((command) => critical(command, () => true)) : []),
    );
  }, [editor, userId, userName, suggesting]);

  return null;
}
