import { type LexicalNode, type NodeKey } from "lexical";
import { type SerializedNodeInput } from "./fields";

import { elementFieldsFromJSON, FieldsElementNode, type SerializedFieldsElementNode } from "./FieldsElementNode";

/** The always-visible line of a toggle list; holds inline content like a paragraph. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ToggleSummaryFields {}

export type SerializedToggleSummaryNode = SerializedFieldsElementNode<ToggleSummaryFields>;

export class ToggleSummaryNode extends FieldsElementNode<ToggleSummaryFields> {
  static override getType(): string {
    return "toggle-summary";
  }

  static override clone(node: ToggleSummaryNode): ToggleSummaryNode {
    return new ToggleSummaryNode(node.__fields, node.__key);
  }

  constructor(fields: Partial<ToggleSummaryFields> = {}, key?: NodeKey) {
    super({ ...fields }, key);
  }

  static override importJSON(json: SerializedNodeInput): ToggleSummaryNode {
    return $createToggleSummaryNode(elementFieldsFromJSON<ToggleSummaryFields>(json)).updateFromJSON(json);
  }
}

export function $createToggleSummaryNode(fields: Partial<ToggleSummaryFields> = {}): ToggleSummaryNode {
  return new ToggleSummaryNode(fields);
}

export function $isToggleSummaryNode(node: LexicalNode | null | undefined): node is ToggleSummaryNode {
  return node instanceof ToggleSummaryNode;
}
