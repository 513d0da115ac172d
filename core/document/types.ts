import * as z from "zod";
import { count } from "../counting";
import { isSafeUrl } from "./links";

/**
 * A document body as Lexical's serialized editor state (`editorState.toJSON()`), so the
 * editor can load what the server stores without a conversion step. The known node types
 * are checked field by field; node types this file does not know yet pass through untouched
 * (see `unknownNodeSchema`), so a newer editor's nodes survive a save by older code.
 *
 * Known nodes are loose objects: Lexical adds fields over releases (e.g. `textFormat` on
 * paragraphs) and those must round-trip too. Only the fields named here are validated.
 */

/** Lexical's text format bits (TextNode `format`). */
export const TEXT_FORMAT = {
  bold: 1,
  italic: 2,
  strikethrough: 4,
  underline: 8,
  code: 16,
  subscript: 32,
  superscript: 64,
} as const;

/** SPEC section 9: markdown parsing caps a table at this many cells… */
export const MAX_TABLE_CELLS = 65_536;
/** …and nesting (quotes/boxes and lists inside each other) at this many levels. */
export const MAX_NESTING = 100;
/**
 * Deepest JSON node nesting a stored document may have. 100 nesting levels of lists take
 * 200 nodes (list + listitem each) plus root, link and text; the margin is for boxes and
 * tables around them. It also keeps validation and every tree walk far from the stack limit.
 */
export const MAX_NODE_DEPTH = 256;

/** SPEC sections 3 and 9: a blockquote becomes a box with this quote colour. */
export const QUOTE_COLOR = "#2F5EBC";
/** SPEC section 9: a box without its own colour is drawn in this one. */
export const BOX_COLOR = "#dee2e6";
/** SPEC sections 3 and 9: default table cell width and height in pixels. */
export const TABLE_CELL_WIDTH = 128;
export const TABLE_CELL_HEIGHT = 37;
/** SPEC sections 5 and 9: a table cell border is 1 to 7 pixels thick… */
export const MIN_BORDER_WIDTH = 1;
export const MAX_BORDER_WIDTH = 7;
/** …and solid, dashed or dotted. */
export const borderStyles = ["solid", "dashed", "dotted"] as const;
export const borderSides = ["top", "right", "bottom", "left"] as const;
/** SPEC sections 3 and 9: default line divider style. */
export const LINE_DIVIDER_STYLE = "solid_thin";

/** Lexical's `TableCellHeaderStates`. */
export const HEADER_STATE = { none: 0, row: 1, column: 2, both: 3 } as const;

export const headingTags = ["h1", "h2", "h3", "h4", "h5", "h6"] as const;
export const listTypes = ["bullet", "number", "check"] as const;
/** Lexical's ElementFormatType: the block alignment. */
export const elementFormats = ["", "left", "start", "center", "right", "end", "justify"] as const;
export const imageFloats = ["left", "right", "center"] as const;

const safeUrl = z.string().refine(isSafeUrl, { message: "uses a scheme that is not allowed" });
const nonNegativeInt = z.number().int().min(0);
const positiveInt = z.number().int().positive();

// The fields every Lexical ElementNode serializes, named so node schemas list them by
// shorthand (`version, format, indent, direction`): spreading one object of them instead
// throws TypeScript's inference of the recursive schemas into a cycle.
const version = z.literal(1);
const format = z.enum(elementFormats);
const indent = nonNegativeInt;
const direction = z.enum(["ltr", "rtl"]).nullable();

export const textNodeSchema = z.looseObject({
  type: z.literal("text"),
  version: z.literal(1),
  text: z.string(),
  /** Bitmask of TEXT_FORMAT. */
  format: nonNegativeInt,
  /** Inline CSS (colour, font size…), "" when none. */
  style: z.string(),
  /** Our converters write "normal"; Lexical's token and segmented modes are kept as they are. */
  mode: z.enum(["normal", "token", "segmented"]),
  /** Lexical's detail bits (directionless, unmergeable); 0 from our converters. */
  detail: nonNegativeInt,
});

export const lineBreakNodeSchema = z.looseObject({
  type: z.literal("linebreak"),
  version: z.literal(1),
});

export const imageNodeSchema = z.looseObject({
  type: z.literal("image"),
  version: z.literal(1),
  src: safeUrl,
  alt: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  /** SPEC section 5: pixels when above 1 (whole numbers), a fraction of the width when 1 or less. */
  width: z.number().positive().optional(),
  nativeWidth: positiveInt.optional(),
  nativeHeight: positiveInt.optional(),
  float: z.enum(imageFloats).optional(),
  /** Where the image links to. */
  href: safeUrl.optional(),
});

export const lineDividerNodeSchema = z.looseObject({
  type: z.literal("line-divider"),
  version: z.literal(1),
  style: z.string().min(1),
});

/** Node types with a schema above or below; anything else is an unknown (future) node. */
export const knownNodeTypes = [
  "root",
  "text",
  "linebreak",
  "link",
  "paragraph",
  "heading",
  "list",
  "listitem",
  "box",
  "image",
  "table",
  "tablerow",
  "tablecell",
  "line-divider",
] as const;
const knownTypeSet: ReadonlySet<string> = new Set(knownNodeTypes);

/**
 * A pending block type change (SPEC section 3's `node_type_change`), kept as Lexical
 * NodeState under the block's `$` key: who changed it, and the old block's own JSON (no
 * children) that a reject rebuilds. Bounded, since a reject turns `previous` into a node.
 */
export const NODE_TYPE_CHANGE_KEY = "nodeTypeChange";
export const MAX_PREVIOUS_BLOCK_JSON = 8_192;
const changeId = z.string().min(1).max(128);
export const nodeTypeChangeSchema = z.object({
  uuid: changeId,
  userId: changeId,
  userName: z.string().max(256).optional(),
  createdAt: z.string().max(40),
  previous: z
    .looseObject({ type: z.string().min(1).max(64) })
    .refine((block) => !("children" in block), { message: "holds the old block without its children" })
    .refine((block) => JSON.stringify(block).length <= MAX_PREVIOUS_BLOCK_JSON, { message: `is over ${count(MAX_PREVIOUS_BLOCK_JSON, "character")}` }),
});
export type NodeTypeChange = z.infer<typeof nodeTypeChangeSchema>;

/**
 * A tracked paragraph break, kept as NodeState under `$.blockChange` on the second block:
 * `split`, this block is new (Enter), so a reject joins it back into the one before;
 * `join`, the break before this block is deleted (Backspace at its start), so an accept joins it.
 */
export const BLOCK_CHANGE_KEY = "blockChange";
export const blockChangeSchema = z.object({
  kind: z.enum(["split", "join"]),
  uuid: changeId,
  userId: changeId,
  userName: z.string().max(256).optional(),
  createdAt: z.string().max(40),
});
export type BlockChange = z.infer<typeof blockChangeSchema>;

/** A block's NodeState: other keys (a code block's `lineNumbers`…) pass as they are. */
const nodeState = z.looseObject({ [NODE_TYPE_CHANGE_KEY]: nodeTypeChangeSchema.optional(), [BLOCK_CHANGE_KEY]: blockChangeSchema.optional() }).optional();

/**
 * A node type this code does not know yet (a mention, a card, an embed…): kept as it is.
 * Its type must not be a known one, so a malformed known node is refused instead of
 * slipping through here.
 */
export const unknownNodeSchema = z.looseObject({
  type: z.string().refine((type) => !knownTypeSet.has(type), { message: "is a known node type with invalid fields" }),
  version: z.number().optional(),
  $: nodeState,
  // Typed as loose nodes (any node fits that shape anyway) but checked as any node at run
  // time: the plain type keeps TypeScript out of an inference cycle through every schema.
  get children(): z.ZodOptional<z.ZodArray<z.ZodType<LooseNode>>> {
    return z.array(anyNode() as z.ZodType<LooseNode>).optional();
  },
});

/** The shape every serialized node has. */
export interface LooseNode {
  type: string;
  [field: string]: unknown;
}

export const linkNodeSchema = z.looseObject({
  type: z.literal("link"),
  version,
  format,
  indent,
  direction,
  url: safeUrl,
  target: z.literal("_blank"),
  rel: z.literal("noopener noreferrer"),
  title: z.string().nullable().optional(),
  get children() {
    return z.array(
      z.union([z.discriminatedUnion("type", [textNodeSchema, lineBreakNodeSchema, imageNodeSchema]), unknownNodeSchema])
    );
  },
});

export const paragraphNodeSchema = z.looseObject({
  type: z.literal("paragraph"),
  version,
  format,
  indent,
  direction,
  $: nodeState,
  get children() {
    return z.array(inlineNode());
  },
});

export const headingNodeSchema = z.looseObject({
  type: z.literal("heading"),
  version,
  format,
  indent,
  direction,
  $: nodeState,
  tag: z.enum(headingTags),
  get children() {
    return z.array(inlineNode());
  },
});

/**
 * A list item holds inline content; a nested list sits in an item of its own right after
 * the item it belongs to (Lexical's shape: `li > ul`).
 */
export const listItemNodeSchema = z.looseObject({
  type: z.literal("listitem"),
  version,
  format,
  indent,
  direction,
  value: z.number().int(),
  checked: z.boolean().optional(),
  /** A todo's id, and tracked changes (a list made from paragraphs, alignment, a new item). */
  $: nodeState,
  get children() {
    return z.array(
      z.union([
        z.discriminatedUnion("type", [textNodeSchema, lineBreakNodeSchema, linkNodeSchema, imageNodeSchema, listNodeSchema]),
        unknownNodeSchema,
      ])
    );
  },
});

export const listNodeSchema = z.looseObject({
  type: z.literal("list"),
  version,
  format,
  indent,
  direction,
  listType: z.enum(listTypes),
  start: nonNegativeInt,
  tag: z.enum(["ul", "ol"]),
  get children() {
    return z.array(listItemNodeSchema);
  },
});

/** A box, or a quote when it has a quoteColor (SPEC section 3); holds blocks. */
export const boxNodeSchema = z.looseObject({
  type: z.literal("box"),
  version,
  format,
  indent,
  direction,
  boxColor: z.string().optional(),
  quoteColor: z.string().optional(),
  blockId: z.string().optional(),
  get children() {
    return z.array(blockNode());
  },
});

/** One side of a table cell's border; a side without a style is drawn solid. */
export const cellBorderSchema = z.looseObject({
  width: z.number().min(MIN_BORDER_WIDTH).max(MAX_BORDER_WIDTH).optional(),
  style: z.enum(borderStyles).optional(),
  color: z.string().optional(),
});

export const tableCellNodeSchema = z.looseObject({
  type: z.literal("tablecell"),
  version,
  format,
  indent,
  direction,
  /** HEADER_STATE */
  headerState: z.number().int().min(0).max(3),
  colSpan: positiveInt,
  rowSpan: positiveInt,
  width: z.number().positive().optional(),
  /** Pixel width of each column the cell spans: as many entries as `colSpan` (SPEC section 5). */
  colwidth: z.array(z.number().positive()).optional(),
  backgroundColor: z.string().nullable(),
  borders: z
    .looseObject({
      top: cellBorderSchema.optional(),
      right: cellBorderSchema.optional(),
      bottom: cellBorderSchema.optional(),
      left: cellBorderSchema.optional(),
    })
    .optional(),
  get children() {
    return z.array(blockNode());
  },
});

export const tableRowNodeSchema = z.looseObject({
  type: z.literal("tablerow"),
  version,
  format,
  indent,
  direction,
  height: z.number().positive().optional(),
  get children() {
    return z.array(tableCellNodeSchema);
  },
});

export const tableNodeSchema = z.looseObject({
  type: z.literal("table"),
  version,
  format,
  indent,
  direction,
  get children() {
    return z.array(tableRowNodeSchema);
  },
});

// The unions are built by functions, called from the getters above, because a union held
// in a constant would make TypeScript infer the recursive schemas in a cycle.

/** What paragraphs and headings hold. */
function inlineNode() {
  return z.union([
    z.discriminatedUnion("type", [textNodeSchema, lineBreakNodeSchema, linkNodeSchema, imageNodeSchema]),
    unknownNodeSchema,
  ]);
}

/** What the root, boxes and table cells hold. */
function blockNode() {
  return z.union([
    z.discriminatedUnion("type", [
      paragraphNodeSchema,
      headingNodeSchema,
      listNodeSchema,
      boxNodeSchema,
      imageNodeSchema,
      tableNodeSchema,
      lineDividerNodeSchema,
    ]),
    unknownNodeSchema,
  ]);
}

/** Any node at all: what an unknown node may hold. */
function anyNode() {
  return z.union([
    z.discriminatedUnion("type", [
      textNodeSchema,
      lineBreakNodeSchema,
      linkNodeSchema,
      imageNodeSchema,
      paragraphNodeSchema,
      headingNodeSchema,
      listNodeSchema,
      listItemNodeSchema,
      boxNodeSchema,
      tableNodeSchema,
      tableRowNodeSchema,
      tableCellNodeSchema,
      lineDividerNodeSchema,
    ]),
    unknownNodeSchema,
  ]);
}

// Loose like the other known nodes: Lexical adds fields to the root between releases
// (0.52 writes `textFormat` and `textStyle`), and the editor's own output must be accepted.
export const rootNodeSchema = z.looseObject({
  type: z.literal("root"),
  version: z.literal(1),
  format: z.literal(""),
  indent: z.literal(0),
  direction: z.enum(["ltr", "rtl"]).nullable(),
  get children() {
    return z.array(blockNode());
  },
});

const documentShape = z.looseObject({ root: rootNodeSchema });

/**
 * The stored document. The depth check runs first and without recursion, so hostile JSON
 * nested thousands of levels deep is refused instead of overflowing the stack in zod.
 */
export const documentSchema = z
  .unknown()
  .refine((value) => nodeDepthWithin(value, MAX_NODE_DEPTH), {
    message: `nests deeper than ${count(MAX_NODE_DEPTH, "level")}`,
    abort: true,
  })
  .pipe(documentShape);

export type TextNode = z.infer<typeof textNodeSchema>;
export type LineBreakNode = z.infer<typeof lineBreakNodeSchema>;
export type LinkNode = z.infer<typeof linkNodeSchema>;
export type ImageNode = z.infer<typeof imageNodeSchema>;
export type LineDividerNode = z.infer<typeof lineDividerNodeSchema>;
export type UnknownNode = z.infer<typeof unknownNodeSchema>;
export type LinkChild = LinkNode["children"][number];
export type InlineNode = z.infer<ReturnType<typeof inlineNode>>;
export type ParagraphNode = z.infer<typeof paragraphNodeSchema>;
export type HeadingNode = z.infer<typeof headingNodeSchema>;
export type ListItemChild = ListItemNode["children"][number];
export type ListItemNode = z.infer<typeof listItemNodeSchema>;
export type ListNode = z.infer<typeof listNodeSchema>;
export type BoxNode = z.infer<typeof boxNodeSchema>;
export type TableCellNode = z.infer<typeof tableCellNodeSchema>;
export type CellBorder = z.infer<typeof cellBorderSchema>;
export type BorderStyle = (typeof borderStyles)[number];
export type BorderSide = (typeof borderSides)[number];
export type TableRowNode = z.infer<typeof tableRowNodeSchema>;
export type TableNode = z.infer<typeof tableNodeSchema>;
export type BlockNode = z.infer<ReturnType<typeof blockNode>>;
export type AnyNode = z.infer<ReturnType<typeof anyNode>>;
export type RootNode = z.infer<typeof rootNodeSchema>;
export type SerializedDocument = z.infer<typeof documentShape>;
export type HeadingTag = (typeof headingTags)[number];
export type ListType = (typeof listTypes)[number];
export type ElementFormat = (typeof elementFormats)[number];

/** What an importer returns: the document, and what it had to cut, in words for the user. */
export interface ConversionResult {
  document: SerializedDocument;
  warnings: string[];
}

/** Lexical's empty editor state: one empty paragraph. */
export function emptyDocument(): SerializedDocument {
  return {
    root: {
      type: "root",
      version: 1,
      format: "",
      indent: 0,
      direction: null,
      children: [{ type: "paragraph", version: 1, format: "", indent: 0, direction: null, children: [] }],
    },
  };
}

/** Whether `value` is a valid stored document. */
export function isDocument(value: unknown): value is SerializedDocument {
  return documentSchema.safeParse(value).success;
}

/** Whether `value`, walked as JSON, nests objects and arrays at most `limit` deep. */
export function nodeDepthWithin(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== "object") continue;
    // Each node level is an object inside an array (`children`): two JSON levels.
    if (depth > limit * 2 + 2) return false;
    for (const child of Array.isArray(current) ? current : Object.values(current)) {
      if (child !== null && typeof child === "object") stack.push([child, depth + 1]);
    }
  }
  return true;
}

/**
 * SPEC section 5's image width rule: only positive numbers; above 1 floored to whole
 * pixels, 1 or less kept as a fraction of the available width.
 */
export function normalizeImageWidth(width: unknown): number | undefined {
  if (typeof width !== "number" || !Number.isFinite(width) || width <= 0) return undefined;
  return width > 1 ? Math.floor(width) : width;
}
