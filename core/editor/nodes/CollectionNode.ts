import { type LexicalNode, type NodeKey } from "lexical";
import { type SerializedNodeInput } from "./fields";

import { FieldsDecoratorNode, fieldsFromJSON, type SerializedFieldsNode } from "./FieldsDecoratorNode";

/** SPEC section 3: a collection of documents shown in place. */
export interface CollectionFields {
  collectionId?: string;
  title?: string;
}

export type SerializedCollectionNode = SerializedFieldsNode<CollectionFields>;

export class CollectionNode extends FieldsDecoratorNode<CollectionFields> {
  static override getType(): string {
    return "collection";
  }

  static override clone(node: CollectionNode): CollectionNode {
    return new CollectionNode(node.__fields, node.__key);
  }

  constructor(fields: Partial<CollectionFields> = {}, key?: NodeKey) {
    super({ ...fields }, key);
  }

  static override importJSON(json: SerializedNodeInput): CollectionNode {
    return $createCollectionNode(fieldsFromJSON<CollectionFields>(json)).updateFromJSON(json);
  }
}

export function $createCollectionNode(fields: Partial<CollectionFields> = {}): CollectionNode {
  return new CollectionNode(fields);
}

export function $isCollectionNode(node: LexicalNode | null | undefined): node is CollectionNode {
  return node instanceof CollectionNode;
}
