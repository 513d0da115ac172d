import { $createCodeNode } from "@lexical/code";
import { INSERT_CHECK_LIST_COMMAND, INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND } from "@lexical/list";
import { $createHeadingNode, type HeadingTagType } from "@lexical/rich-text";
import { $insertNodeToNearestRoot } from "@lexical/utils";
import { $createParagraphNode, type ElementNode, type LexicalEditor } from "lexical";
import { $createDocumentTableNode } from "../../core/editor/table";
import {
  INSERT_BOX_COMMAND,
  INSERT_COLUMNS_COMMAND,
  INSERT_DIVIDER_COMMAND,
  INSERT_EMBED_COMMAND,
  INSERT_IMAGE_COMMAND,
  INSERT_TABLE_OF_CONTENTS_COMMAND,
  INSERT_TOGGLE_COMMAND,
  INSERT_VOTE_LIST_COMMAND,
  SET_BLOCK_TYPE_COMMAND,
} from "./commands";
import { EMBED_KINDS, EMBED_LABELS } from "./embeds";

/**
 * Every block a writer can add, in one list: the slash menu, the toolbar's Insert menu
 * and the block-type menu all read it. A block either turns the current block into it
 * (headings, lists, code) or dispatches the insert command its plugin handles.
 */
export interface BlockOption {
  id: string;
  title: string;
  hint: string;
  keywords: string[];
  /** A short glyph shown beside the title. */
  icon: string;
  group: "Text" | "Lists" | "Blocks" | "Media" | "Embeds";
  insert(editor: LexicalEditor): void;
}

const setBlocks = (editor: LexicalEditor, create: () => ElementNode) => void editor.dispatchCommand(SET_BLOCK_TYPE_COMMAND, create);

const heading = (level: 1 | 2 | 3 | 4 | 5 | 6): BlockOption => ({
  id: `heading-${level}`,
  title: `Heading ${level}`,
  hint: level === 1 ? "The document's big title" : level === 2 ? "A section heading" : "A smaller heading",
  keywords: ["heading", "title", `h${level}`, "#".repeat(level)],
  icon: `H${level}`,
  group: "Text",
  insert: (editor) => setBlocks(editor, () => $createHeadingNode(`h${level}` as HeadingTagType)),
});

export const BLOCKS: BlockOption[] = [
  { id: "paragraph", title: "Text", hint: "Plain paragraph text", keywords: ["paragraph", "text", "plain", "normal"], icon: "¶", group: "Text", insert: (editor) => setBlocks(editor, () => $createParagraphNode()) },
  heading(1),
  heading(2),
  heading(3),
  heading(4),
  heading(5),
  heading(6),
  { id: "bulleted-list", title: "Bulleted list", hint: "A simple list with bullets", keywords: ["bullet", "unordered", "list", "ul", "-"], icon: "•", group: "Lists", insert: (editor) => void editor.dispatchCommand(INSERT_UNORDERED_LIST_COMMAND, undefined) },
  { id: "numbered-list", title: "Numbered list", hint: "A list with numbers", keywords: ["numbered", "ordered", "list", "ol", "1."], icon: "1.", group: "Lists", insert: (editor) => void editor.dispatchCommand(INSERT_ORDERED_LIST_COMMAND, undefined) },
  { id: "check-list", title: "Check list", hint: "Tasks to tick off", keywords: ["todo", "check", "task", "checkbox", "[]"], icon: "☑", group: "Lists", insert: (editor) => void editor.dispatchCommand(INSERT_CHECK_LIST_COMMAND, undefined) },
  { id: "vote-list", title: "Vote list", hint: "Options people vote on", keywords: ["vote", "poll", "options"], icon: "✓✓", group: "Lists", insert: (editor) => void editor.dispatchCommand(INSERT_VOTE_LIST_COMMAND, undefined) },
  { id: "toggle", title: "Toggle", hint: "A summary that opens to show more", keywords: ["toggle", "collapse", "details", "accordion"], icon: "▸", group: "Blocks", insert: (editor) => void editor.dispatchCommand(INSERT_TOGGLE_COMMAND, undefined) },
  { id: "quote", title: "Quote", hint: "A quotation, set apart", keywords: ["quote", "blockquote", "citation", ">"], icon: "❝", group: "Blocks", insert: (editor) => void editor.dispatchCommand(INSERT_BOX_COMMAND, { quote: true }) },
  { id: "box", title: "Box", hint: "A coloured box around blocks", keywords: ["box", "callout", "panel", "note"], icon: "▢", group: "Blocks", insert: (editor) => void editor.dispatchCommand(INSERT_BOX_COMMAND, { quote: false }) },
  { id: "code", title: "Code block", hint: "Code with syntax highlighting", keywords: ["code", "snippet", "pre", "```"], icon: "</>", group: "Blocks", insert: (editor) => setBlocks(editor, () => $createCodeNode()) },
  {
    id: "table",
    title: "Table",
    hint: "A table, 3 by 3 to start",
    keywords: ["table", "grid", "rows", "columns", "spreadsheet"],
    icon: "▦",
    group: "Blocks",
    insert: (editor) =>
      editor.update(() => {
        const table = $createDocumentTableNode(3, 3, true);
        $insertNodeToNearestRoot(table);
        table.getFirstDescendant()?.selectStart?.();
      }),
  },
  { id: "columns-2", title: "Two columns", hint: "Blocks side by side", keywords: ["columns", "layout", "side", "grid"], icon: "▥", group: "Blocks", insert: (editor) => void editor.dispatchCommand(INSERT_COLUMNS_COMMAND, 2) },
  { id: "columns-3", title: "Three columns", hint: "Three blocks side by side", keywords: ["columns", "layout", "three"], icon: "▥▥", group: "Blocks", insert: (editor) => void editor.dispatchCommand(INSERT_COLUMNS_COMMAND, 3) },
  { id: "divider", title: "Divider", hint: "A line between sections", keywords: ["divider", "line", "rule", "hr", "separator", "---"], icon: "—", group: "Blocks", insert: (editor) => void editor.dispatchCommand(INSERT_DIVIDER_COMMAND, undefined) },
  { id: "table-of-contents", title: "Table of contents", hint: "Follows the document's headings", keywords: ["toc", "contents", "outline", "index"], icon: "☰", group: "Blocks", insert: (editor) => void editor.dispatchCommand(INSERT_TABLE_OF_CONTENTS_COMMAND, undefined) },
  { id: "image", title: "Image", hint: "Upload or link an image", keywords: ["image", "picture", "photo", "upload", "img"], icon: "🖼", group: "Media", insert: (editor) => void editor.dispatchCommand(INSERT_IMAGE_COMMAND, undefined) },
  ...EMBED_KINDS.map(
    (kind): BlockOption => ({
      id: kind,
      title: EMBED_LABELS[kind].title,
      hint: EMBED_LABELS[kind].hint,
      keywords: ["embed", "link", ...kind.split("-"), ...EMBED_LABELS[kind].hint.toLowerCase().split(/[ ,]+/)],
      icon: "⧉",
      group: "Embeds",
      insert: (editor) => void editor.dispatchCommand(INSERT_EMBED_COMMAND, { kind }),
    }),
  ),
];

/**
 * The blocks matching what was typed after "/": titles starting with it first, then
 * titles containing it, then keyword matches; all of them for an empty query.
 */
export function filterBlocks(query: string, blocks: readonly BlockOption[] = BLOCKS): BlockOption[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...blocks];
  const rank = (block: BlockOption) => {
    const title = block.title.toLowerCase();
    if (title.startsWith(q)) return 0;
    if (title.split(/\s+/).some((word) => word.startsWith(q))) return 1;
    if (title.includes(q)) return 2;
    if (block.keywords.some((k) => k.startsWith(q))) return 3;
    return -1;
  };
  return blocks
    .map((block, index) => ({ block, index, rank: rank(block) }))
    .filter((entry) => entry.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.block);
}
