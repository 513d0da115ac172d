import type * as Mdast from "mdast";
import { fromParse5 } from "hast-util-from-parse5";
import { toMdast } from "hast-util-to-mdast";
import { parse, type DefaultTreeAdapterTypes } from "parse5";
import { mdastToDocument, WARNINGS } from "./mdast";
import { MAX_NESTING, type ConversionResult } from "./types";

type Parse5Node = DefaultTreeAdapterTypes.Node;
type Parse5Parent = DefaultTreeAdapterTypes.ParentNode;

/**
 * An HTML file to a document: parse5 (the browsers' parsing algorithm) to hast, hast to
 * mdast (hast-util-to-mdast: headings, lists, tables, links, images, task checkboxes), then
 * the same mdast converter the markdown import uses, with its caps and URL rule.
 *
 * This is hast-util-from-html's pipeline taken apart: its parse5-to-hast step recurses once
 * per element, so a file nested 10,000 elements deep overflows the stack. The parse5 tree is
 * capped first (iteratively), then handed on.
 */
export function htmlToDocument(html: string): ConversionResult {
  const parsed = parse(html, { scriptingEnabled: false });
  const flattened = capTree(parsed);
  const mdast = toMdast(fromParse5(parsed)) as Mdast.Root;
  const result = mdastToDocument(mdast);
  if (flattened && !result.warnings.includes(WARNINGS.nesting)) result.warnings.unshift(WARNINGS.nesting);
  return result;
}

/** Elements whose content is never document text. */
const DROPPED = new Set(["script", "style", "template"]);
/** Elements that stay when their ancestors are flattened: they are content of their own. */
const KEPT_LEAVES = new Set(["img", "br"]);
/** `<html><body>` sit above the content and do not count as nesting. */
const WRAPPER_DEPTH = 2;

/**
 * Drops scripts, styles and templates, and flattens elements nested more than MAX_NESTING
 * deep: the element at the limit keeps, in order, the text, images and line breaks found
 * anywhere below it. Returns whether anything was flattened.
 */
function capTree(root: DefaultTreeAdapterTypes.Document): boolean {
  let flattened = false;
  const stack: Array<[Parse5Parent, number]> = [[root, 0]];
  while (stack.length > 0) {
    const [parent, depth] = stack.pop()!;
    parent.childNodes = parent.childNodes.filter((child) => !DROPPED.has(child.nodeName));
    if (depth >= MAX_NESTING + WRAPPER_DEPTH && parent.childNodes.some(isParent)) {
      parent.childNodes = leavesOf(parent);
      flattened = true;
      continue;
    }
    for (const child of parent.childNodes) if (isParent(child)) stack.push([child, depth + 1]);
  }
  return flattened;
}

function isParent(node: Parse5Node): node is DefaultTreeAdapterTypes.Element {
  return "childNodes" in node && node.nodeName !== "#document-fragment" && !KEPT_LEAVES.has(node.nodeName);
}

/**
 * The text, images and line breaks below `parent`, in document order, without recursion.
 * Neighbouring text is merged into one node: hast-util-to-mdast slows down quadratically on
 * long runs of separate text nodes.
 */
function leavesOf(parent: Parse5Parent): DefaultTreeAdapterTypes.ChildNode[] {
  const leaves: DefaultTreeAdapterTypes.ChildNode[] = [];
  const addText = (value: string) => {
    const last = leaves[leaves.length - 1];
    if (last?.nodeName === "#text") (last as DefaultTreeAdapterTypes.TextNode).value += value;
    else leaves.push({ nodeName: "#text", value, parentNode: parent });
  };
  const stack: DefaultTreeAdapterTypes.ChildNode[] = [...parent.childNodes].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (DROPPED.has(node.nodeName)) continue;
    if (node.nodeName === "#text") {
      addText((node as DefaultTreeAdapterTypes.TextNode).value);
    } else if (KEPT_LEAVES.has(node.nodeName)) {
      node.parentNode = parent;
      leaves.push(node);
    } else if ("childNodes" in node) {
      // Keep the words of neighbouring elements apart (`<p>a</p><p>b</p>` is not "ab").
      addText(" ");
      for (let index = node.childNodes.length - 1; index >= 0; index--) stack.push(node.childNodes[index]!);
    }
  }
  return leaves;
}
