import { type LexicalNode, type NodeKey } from "lexical";
import { type SerializedNodeInput } from "./fields";

import { elementFieldsFromJSON, FieldsElementNode, type SerializedFieldsElementNode } from "./FieldsElementNode";

/** What a toggle list hides when closed; holds blocks. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ToggleDetailsFields {}

export type SerializedToggleDetailsNode = SerializedFieldsElementNode<ToggleDetailsFields>;

export class ToggleDetailsNode extends FieldsElementNode<ToggleDetailsFields> {
  static override getType(): string {
    return "toggle-details";
  }

  static override clone(node: ToggleDetailsNode): ToggleDetailsNode {
    return new ToggleDetailsNode(node.__fields, node.__key);
  }

  constructor(fields: Partial<ToggleDetailsFields> = {}, key?: NodeKey) {
    super({ ...fields }, key);
  }

  static override importJSON(json: SerializedNodeInput): ToggleDetailsNode {
    return $createToggleDetailsNode(elementFieldsFromJSON<ToggleDetailsFields>(json)).updateFromJSON(json);
  }

  /** A container of blocks: selection and deletion stay inside it, like a table cell. */
  override isShadowRoot(): boolean {
    return true;
  }
}

export function $createToggleDetailsNode(fields: Partial<ToggleDetailsFields> = {}): ToggleDetailsNode {
  return new ToggleDetailsNode(fields);
}

export function $isToggleDetailsNode(node: LexicalNode | null | undefined): node is ToggleDetailsNode {
  return node instanceof ToggleDetailsNode;
}
