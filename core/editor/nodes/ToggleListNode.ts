import { type LexicalNode, type NodeKey } from "lexical";
import { type SerializedNodeInput } from "./fields";

import { elementFieldsFromJSON, FieldsElementNode, type SerializedFieldsElementNode } from "./FieldsElementNode";

/** SPEC section 3: a toggle list: a ToggleSummaryNode then a ToggleDetailsNode. */
export interface ToggleListFields {
  open: boolean;
}

export type SerializedToggleListNode = SerializedFieldsElementNode<ToggleListFields>;

export class ToggleListNode extends FieldsElementNode<ToggleListFields> {
  static override getType(): string {
    return "toggle-list";
  }

  static override clone(node: ToggleListNode): ToggleListNode {
    return new ToggleListNode(node.__fields, node.__key);
  }

  constructor(fields: Partial<ToggleListFields> = {}, key?: NodeKey) {
    super({ open: false, ...fields }, key);
  }

  protected override applyFieldsToDOM(element: HTMLElement): void {
    element.dataset.open = String(this.__fields.open);
  }

  static override importJSON(json: SerializedNodeInput): ToggleListNode {
    return $createToggleListNode(elementFieldsFromJSON<ToggleListFields>(json)).updateFromJSON(json);
  }
}

export function $createToggleListNode(fields: Partial<ToggleListFields> = {}): ToggleListNode {
  return new ToggleListNode(fields);
}

export function $isToggleListNode(node: LexicalNode | null | undefined): node is ToggleListNode {
  return node instanceof ToggleListNode;
}
