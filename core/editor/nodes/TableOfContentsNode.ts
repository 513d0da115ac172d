import { type LexicalNode, type NodeKey } from "lexical";
import { type SerializedNodeInput } from "./fields";

import { FieldsDecoratorNode, type SerializedFieldsNode } from "./FieldsDecoratorNode";

/** SPEC section 3: a table of contents; it follows the headings, so it stores nothing. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface TableOfContentsFields {}

export type SerializedTableOfContentsNode = SerializedFieldsNode<TableOfContentsFields>;

export class TableOfContentsNode extends FieldsDecoratorNode<TableOfContentsFields> {
  static override getType(): string {
    return "table-of-contents";
  }

  static override clone(node: TableOfContentsNode): TableOfContentsNode {
    return new TableOfContentsNode(node.__fields, node.__key);
  }

  constructor(fields: TableOfContentsFields = {}, key?: NodeKey) {
    super(fields, key);
  }

  static override importJSON(json: SerializedNodeInput): TableOfContentsNode {
    return $createTableOfContentsNode().updateFromJSON(json);
  }
}

export function $createTableOfContentsNode(): TableOfContentsNode {
  return new TableOfContentsNode({});
}

export function $isTableOfContentsNode(node: LexicalNode | null | undefined): node is TableOfContentsNode {
  return node instanceof TableOfContentsNode;
}
