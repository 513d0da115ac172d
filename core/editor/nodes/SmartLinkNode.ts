import { type LexicalNode, type NodeKey } from "lexical";
import { type SerializedNodeInput } from "./fields";

import { FieldsDecoratorNode, fieldsFromJSON, type SerializedFieldsNode } from "./FieldsDecoratorNode";

/**
 * SPEC section 3: an inline smart link to an item (user, document…). "type" is the node
 * type in Lexical JSON, so the item kind is `linkType`.
 */
export interface SmartLinkFields {
  url: string;
  linkType?: string;
  key?: string;
  userId?: string;
  title?: string;
}

export type SerializedSmartLinkNode = SerializedFieldsNode<SmartLinkFields>;

export class SmartLinkNode extends FieldsDecoratorNode<SmartLinkFields> {
  static override getType(): string {
    return "smart-link";
  }

  static override clone(node: SmartLinkNode): SmartLinkNode {
    return new SmartLinkNode(node.__fields, node.__key);
  }

  constructor(fields: Partial<SmartLinkFields> = {}, key?: NodeKey) {
    super({ url: "", ...fields }, key);
  }

  static override importJSON(json: SerializedNodeInput): SmartLinkNode {
    return $createSmartLinkNode(fieldsFromJSON<SmartLinkFields>(json)).updateFromJSON(json);
  }

  override isInline(): boolean {
    return true;
  }
}

export function $createSmartLinkNode(fields: Partial<SmartLinkFields> = {}): SmartLinkNode {
  return new SmartLinkNode(fields);
}

export function $isSmartLinkNode(node: LexicalNode | null | undefined): node is SmartLinkNode {
  return node instanceof SmartLinkNode;
}
