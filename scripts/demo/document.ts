import { markdownToDocument } from "../../core/document/markdown";
import type { BlockNode, SerializedDocument } from "../../core/document/types";

/**
 * Editor blocks markdown cannot express (a table of contents, toggles, a highlighted code
 * block, an uploaded image), in the shape the editor itself saves, so the demo documents
 * show them as a writer would have made them.
 */
const element = { format: "", indent: 0, direction: null, version: 1 } as const;
const text = (value: string) => ({ type: "text", version: 1, text: value, format: 0, style: "", mode: "normal", detail: 0 });
const paragraph = (value: string) => ({ type: "paragraph", ...element, textFormat: 0, textStyle: "", children: [text(value)] });

export const tableOfContents = () => ({ type: "table-of-contents", version: 1 });

export function toggle(summary: string, details: string[]) {
  return {
    type: "toggle-list",
    ...element,
    open: false,
    children: [
      { type: "toggle-summary", ...element, children: [text(summary)] },
      { type: "toggle-details", ...element, children: details.map(paragraph) },
    ],
  };
}

export function codeBlock(language: string, source: string) {
  const lines = source.split("\n");
  return {
    type: "code",
    ...element,
    language,
    children: lines.flatMap((line, index) => [...(index ? [{ type: "linebreak", version: 1 }] : []), ...(line ? [text(line)] : [])]),
  };
}

export const image = (src: string, alt: string, mediaFileId?: number) => ({
  type: "image",
  version: 1,
  src,
  alt,
  ...(mediaFileId ? { mediaFileId: String(mediaFileId), source: "upload" } : {}),
});

/** A document from markdown with extra blocks: `before` the markdown's blocks, `after` them. */
export function richDocument(markdown: string, { before = [], after = [] }: { before?: object[]; after?: object[] } = {}): SerializedDocument {
  const { document } = markdownToDocument(markdown);
  const children = [...(before as BlockNode[]), ...document.root.children, ...(after as BlockNode[])];
  return { ...document, root: { ...document.root, children } };
}

/**
 * The document with `ids` put in its check-list items' node state, in reading order (the
 * todo id the editor gives an item when it becomes a todo), so the API can make them todos.
 */
export function withTodoIds(document: SerializedDocument, ids: string[]): SerializedDocument {
  const queue = [...ids];
  const visit = (node: { type?: string; listType?: string; children?: unknown[] }, inCheckList: boolean): unknown => {
    if (node.type === "listitem" && inCheckList && queue.length > 0) return { ...node, $: { todoId: queue.shift() } };
    if (!Array.isArray(node.children)) return node;
    return { ...node, children: node.children.map((child) => visit(child as typeof node, node.type === "list" && node.listType === "check")) };
  };
  return { ...document, root: visit(document.root as unknown as { children?: unknown[] }, false) } as SerializedDocument;
}
