import { type LexicalNode, type NodeKey } from "lexical";
import { type SerializedNodeInput } from "./fields";

import { elementFieldsFromJSON, FieldsElementNode, type SerializedFieldsElementNode } from "./FieldsElementNode";

/** SPEC section 3: a column group; holds ColumnNodes side by side. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ColumnsFields {}

export type SerializedColumnsNode = SerializedFieldsElementNode<ColumnsFields>;

export class ColumnsNode extends FieldsElementNode<ColumnsFields> {
  static override getType(): string {
    return "columns";
  }

  static override clone(node: ColumnsNode): ColumnsNode {
    return new ColumnsNode(node.__fields, node.__key);
  }

  constructor(fields: Partial<ColumnsFields> = {}, key?: NodeKey) {
    super({ ...fields }, key);
  }

  static override importJSON(json: SerializedNodeInput): ColumnsNode {
    return $createColumnsNode(elementFieldsFromJSON<ColumnsFields>(json)).updateFromJSON(json);
  }
}

export function $createColumnsNode(fields: Partial<ColumnsFields> = {}): ColumnsNode {
  return new ColumnsNode(fields);
}

export function $isColumnsNode(node: LexicalNode | null | undefined): node is ColumnsNode {
  return node instanceof ColumnsNode;
}
