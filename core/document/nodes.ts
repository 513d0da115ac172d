import {
  HEADER_STATE,
  LINE_DIVIDER_STYLE,
  TABLE_CELL_WIDTH,
  type BlockNode,
  type BoxNode,
  type ElementFormat,
  type HeadingNode,
  type HeadingTag,
  type ImageNode,
  type InlineNode,
  type LineBreakNode,
  type LineDividerNode,
  type LinkChild,
  type LinkNode,
  type ListItemChild,
  type ListItemNode,
  type ListNode,
  type ListType,
  type LooseNode,
  type ParagraphNode,
  type SerializedDocument,
  type TableCellNode,
  type TableNode,
  type TableRowNode,
  type TextNode,
} from "./types";

/**
 * Builders for the nodes the converters write, with Lexical's defaults filled in, and the
 * type guard the readers use. Node types unknown to this code share the `type: string`
 * shape, so comparing `node.type` alone does not narrow; `isNode` does.
 */

interface NodeTypes {
  text: TextNode;
  linebreak: LineBreakNode;
  link: LinkNode;
  image: ImageNode;
  paragraph: ParagraphNode;
  heading: HeadingNode;
  list: ListNode;
  listitem: ListItemNode;
  box: BoxNode;
  table: TableNode;
  tablerow: TableRowNode;
  tablecell: TableCellNode;
  "line-divider": LineDividerNode;
}

/** Whether `node` is a known node of `type` (assumes a validated document). */
export function isNode<K extends keyof NodeTypes>(node: LooseNode, type: K): node is LooseNode & NodeTypes[K] {
  return node.type === type;
}

/** The children of any node, known or not ([] for leaves). */
export function childrenOf(node: LooseNode): LooseNode[] {
  return Array.isArray(node.children) ? (node.children as LooseNode[]) : [];
}

/**
 * Whether a node is inline content (text, a line break, a link, or an unknown text-like node
 * such as a mention): a stretch of them found among blocks reads as one paragraph.
 */
export function isInlineNode(node: LooseNode): boolean {
  return (
    isNode(node, "text") ||
    isNode(node, "linebreak") ||
    isNode(node, "link") ||
    (typeof node.text === "string" && !Array.isArray(node.children))
  );
}

const element = { version: 1 as const, format: "" as ElementFormat, indent: 0, direction: null };

export function document(children: BlockNode[]): SerializedDocument {
  return { root: { type: "root", version: 1, format: "", indent: 0, direction: null, children } };
}

export function text(value: string, format = 0): TextNode {
  return { type: "text", version: 1, text: value, format, style: "", mode: "normal", detail: 0 };
}

export function lineBreak(): LineBreakNode {
  return { type: "linebreak", version: 1 };
}

export function link(url: string, children: LinkChild[], title?: string | null): LinkNode {
  const node: LinkNode = { type: "link", ...element, url, target: "_blank", rel: "noopener noreferrer", children };
  if (title) node.title = title;
  return node;
}

export function paragraph(children: InlineNode[], format: ElementFormat = ""): ParagraphNode {
  return { type: "paragraph", ...element, format, children };
}

export function heading(tag: HeadingTag, children: InlineNode[]): HeadingNode {
  return { type: "heading", ...element, tag, children };
}

export function list(listType: ListType, children: ListItemNode[], start = 1): ListNode {
  return { type: "list", ...element, listType, start, tag: listType === "number" ? "ol" : "ul", children };
}

/** `indent` is how many lists enclose the item's own list (0 at the top level), as Lexical derives it on load. */
export function listItem(children: ListItemChild[], value: number, checked?: boolean, indent = 0): ListItemNode {
  const node: ListItemNode = { type: "listitem", ...element, indent, value, children };
  if (checked !== undefined) node.checked = checked;
  return node;
}

export function box(children: BlockNode[], colors: { boxColor?: string; quoteColor?: string } = {}): BoxNode {
  return { type: "box", ...element, ...colors, children };
}

type ImageFields = Pick<ImageNode, "src" | "alt" | "title" | "width" | "float" | "href">;

export function image(fields: ImageFields): ImageNode {
  const node: ImageNode = { type: "image", version: 1, src: fields.src, alt: fields.alt };
  // Leave absent fields out rather than writing `undefined` keys into stored JSON.
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) node[key] = value;
  return node;
}

export function table(rows: TableRowNode[]): TableNode {
  return { type: "table", ...element, children: rows };
}

export function tableRow(cells: TableCellNode[]): TableRowNode {
  return { type: "tablerow", ...element, children: cells };
}

export function tableCell(children: BlockNode[], header: boolean): TableCellNode {
  return {
    type: "tablecell",
    ...element,
    headerState: header ? HEADER_STATE.row : HEADER_STATE.none,
    colSpan: 1,
    rowSpan: 1,
    width: TABLE_CELL_WIDTH,
    backgroundColor: null,
    children,
  };
}

export function lineDivider(): LineDividerNode {
  return { type: "line-divider", version: 1, style: LINE_DIVIDER_STYLE };
}
