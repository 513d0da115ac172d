import { Fragment, type ReactNode } from "react";
import { MAX_NODE_DEPTH, type SerializedDocument } from "../../../core/document/types";
import { BoxNode, CodeBlockNode, HeadingNode, LineDividerNode, ParagraphNode } from "./BlockNodes";
import { ListItemNode, ListNode } from "./ListNodes";
import { ImageNode } from "./MediaNodes";
import { TableCellNode, TableNode, TableRowNode } from "./TableNodes";
import { LinkNode, SmartLinkNode, TextNode } from "./TextNodes";
import { childrenOf, str, type DocNode } from "./nodes";

/** Stored documents are validated to this depth; the guard keeps anything unvalidated from exhausting the stack. */
const MAX_DEPTH = MAX_NODE_DEPTH + 8;

interface Walk {
  depth: number;
  inChecklist: boolean;
}

function renderChildren(node: DocNode, walk: Walk): ReactNode[] {
  if (walk.depth >= MAX_DEPTH) return [];
  const next = { ...walk, depth: walk.depth + 1 };
  return childrenOf(node).map((child, index) => renderNode(child, index, next));
}

function renderNode(node: DocNode, key: number, walk: Walk): ReactNode {
  const children = () => renderChildren(node, walk);
  switch (node.type) {
    case "paragraph":
      return <ParagraphNode key={key} node={node}>{children()}</ParagraphNode>;
    case "heading":
      return <HeadingNode key={key} node={node}>{children()}</HeadingNode>;
    case "quote":
    case "box":
      return <BoxNode key={key} node={node}>{children()}</BoxNode>;
    case "list": {
      const inner = renderChildren(node, { ...walk, inChecklist: str(node.listType) === "check" });
      return <ListNode key={key} node={node}>{inner}</ListNode>;
    }
    case "listitem":
      return <ListItemNode key={key} node={node} inChecklist={walk.inChecklist}>{renderChildren(node, { ...walk, inChecklist: false })}</ListItemNode>;
    case "text":
    case "code-highlight":
      return <TextNode key={key} node={node} />;
    case "tab":
      return "\t";
    case "linebreak":
      return <br key={key} />;
    case "link":
    case "autolink":
      return <LinkNode key={key} node={node}>{children()}</LinkNode>;
    case "smart-link":
    case "smartlink":
      return <SmartLinkNode key={key} node={node} />;
    case "image":
      return <ImageNode key={key} node={node} />;
    case "table":
      return <TableNode key={key} node={node}>{children()}</TableNode>;
    case "tablerow":
      return <TableRowNode key={key} node={node}>{children()}</TableRowNode>;
    case "tablecell":
      return <TableCellNode key={key} node={node}>{children()}</TableCellNode>;
    case "line-divider":
    case "horizontalrule":
      return <LineDividerNode key={key} node={node} />;
    case "code":
      return <CodeBlockNode key={key} node={node}>{children()}</CodeBlockNode>;
    default:
      // A node this renderer does not know (a newer editor's, an embed): keep its content, if any.
      // A fragment, not a wrapper element: it may sit inside a paragraph or around blocks.
      if (Array.isArray(node.children)) return <Fragment key={key}>{children()}</Fragment>;
      if (typeof node.text === "string") return <TextNode key={key} node={node} />;
      return null;
  }
}

/**
 * A read-only rendering of an editor document (public pages, previews, read-only screens).
 * Styles: app/styles/document.css (link it from the route).
 */
export function DocumentView({ document }: { document: SerializedDocument }) {
  const root = (document as unknown as { root?: DocNode }).root;
  const content = root ? renderChildren(root, { depth: 0, inChecklist: false }) : [];
  return <div className="document-view">{content}</div>;
}
