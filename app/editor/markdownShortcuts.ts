import {
  BOLD_ITALIC_STAR,
  BOLD_STAR,
  CHECK_LIST,
  CODE,
  HEADING,
  HIGHLIGHT,
  INLINE_CODE,
  ITALIC_STAR,
  ITALIC_UNDERSCORE,
  LINK,
  ORDERED_LIST,
  STRIKETHROUGH,
  UNORDERED_LIST,
  type ElementTransformer,
  type Transformer,
} from "@lexical/markdown";
import { $createParagraphNode } from "lexical";
import { BoxNode, $createQuoteBoxNode, $isBoxNode } from "../../core/editor/nodes/BoxNode";
import { $createLineDividerNode, $isLineDividerNode, LineDividerNode } from "../../core/editor/nodes/LineDividerNode";

/** `> ` starts a quote, which SPEC section 3 makes a box with the quote colour (there is no QuoteNode). */
export const QUOTE_BOX: ElementTransformer = {
  dependencies: [BoxNode],
  regExp: /^>\s/,
  export: (node, traverseChildren) => ($isBoxNode(node) && node.isQuote() ? `> ${traverseChildren(node)}` : null),
  replace: (parentNode, children) => {
    const paragraph = $createParagraphNode().append(...children);
    parentNode.replace($createQuoteBoxNode().append(paragraph));
    paragraph.select(0, 0);
  },
  type: "element",
};

/** `---` (or `***`, `___`) on its own line becomes a divider. */
export const DIVIDER: ElementTransformer = {
  dependencies: [LineDividerNode],
  regExp: /^(---|\*\*\*|___)\s?$/,
  export: (node) => ($isLineDividerNode(node) ? "---" : null),
  replace: (parentNode, _children, _match, isImport) => {
    const line = $createLineDividerNode();
    if (isImport || parentNode.getNextSibling() !== null) parentNode.replace(line);
    else parentNode.insertBefore(line);
    line.selectNext();
  },
  type: "element",
};

/**
 * The markdown shortcuts typed in the editor: headings, lists, check lists, quotes, code
 * blocks, dividers, and the inline formats. Lexical's QUOTE transformer is left out, since
 * it needs QuoteNode, which the document model does not register.
 */
export const MARKDOWN_SHORTCUTS: Transformer[] = [
  HEADING,
  QUOTE_BOX,
  DIVIDER,
  CHECK_LIST,
  UNORDERED_LIST,
  ORDERED_LIST,
  CODE,
  INLINE_CODE,
  BOLD_ITALIC_STAR,
  BOLD_STAR,
  ITALIC_STAR,
  ITALIC_UNDERSCORE,
  STRIKETHROUGH,
  HIGHLIGHT,
  LINK,
];
