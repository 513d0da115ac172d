import { type LexicalNode, type NodeKey } from "lexical";
import { type SerializedNodeInput } from "./fields";

import { elementFieldsFromJSON, FieldsElementNode, type SerializedFieldsElementNode } from "./FieldsElementNode";

/** One column of a column group; holds blocks. `width` is a CSS length or fraction. */
export interface ColumnFields {
  width?: string;
}

export type SerializedColumnNode = SerializedFieldsElementNode<ColumnFields>;

export class ColumnNode extends FieldsElementNode<ColumnFields> {
  static override getType(): string {
    return "column";
  }

  static override clone(node: ColumnNode): ColumnNode {
    return new ColumnNode(node.__fields, node.__key);
  }

  constructor(fields: Partial<ColumnFields> = {}, key?: NodeKey) {
    super({ ...fields }, key);
  }

  static override importJSON(json: SerializedNodeInput): ColumnNode {
    return $createColumnNode(elementFieldsFromJSON<ColumnFields>(json)).updateFromJSON(json);
  }

  /** A container of blocks: selection and deletion stay inside it, like a table cell. */
  override isShadowRoot(): boolean {
    return true;
  }
}

export function $createColumnNode(fields: Partial<ColumnFields> = {}): ColumnNode {
  return new ColumnNode(fields);
}

export function $isColumnNode(node: LexicalNode | null | undefined): node is ColumnNode {
  return node instanceof ColumnNode;
}
