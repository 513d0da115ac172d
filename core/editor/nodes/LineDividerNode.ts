import { type LexicalNode, type NodeKey } from "lexical";
import { type SerializedNodeInput } from "./fields";
import { LINE_DIVIDER_STYLE } from "../constants";
import { FieldsDecoratorNode, fieldsFromJSON, type SerializedFieldsNode } from "./FieldsDecoratorNode";

/** SPEC section 3: a horizontal rule with a style name. */
export interface LineDividerFields {
  style: string;
}

export type SerializedLineDividerNode = SerializedFieldsNode<LineDividerFields>;

export class LineDividerNode extends FieldsDecoratorNode<LineDividerFields> {
  static override getType(): string {
    return "line-divider";
  }

  static override clone(node: LineDividerNode): LineDividerNode {
    return new LineDividerNode(node.__fields, node.__key);
  }

  constructor(fields: Partial<LineDividerFields> = {}, key?: NodeKey) {
    super({ style: LINE_DIVIDER_STYLE, ...fields }, key);
  }

  static override importJSON(json: SerializedNodeInput): LineDividerNode {
    return $createLineDividerNode(fieldsFromJSON<LineDividerFields>(json)).updateFromJSON(json);
  }
}

export function $createLineDividerNode(fields: Partial<LineDividerFields> = {}): LineDividerNode {
  return new LineDividerNode(fields);
}

export function $isLineDividerNode(node: LexicalNode | null | undefined): node is LineDividerNode {
  return node instanceof LineDividerNode;
}
