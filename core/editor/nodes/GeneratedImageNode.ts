import { type LexicalNode, type NodeKey } from "lexical";
import { type SerializedNodeInput } from "./fields";

import { FieldsDecoratorNode, fieldsFromJSON, type SerializedFieldsNode } from "./FieldsDecoratorNode";

/** SPEC section 3: an image being or having been generated from a prompt. */
export interface GeneratedImageFields {
  prompt?: string;
  src?: string;
  alt?: string;
}

export type SerializedGeneratedImageNode = SerializedFieldsNode<GeneratedImageFields>;

export class GeneratedImageNode extends FieldsDecoratorNode<GeneratedImageFields> {
  static override getType(): string {
    return "generated-image";
  }

  static override clone(node: GeneratedImageNode): GeneratedImageNode {
    return new GeneratedImageNode(node.__fields, node.__key);
  }

  constructor(fields: Partial<GeneratedImageFields> = {}, key?: NodeKey) {
    super({ ...fields }, key);
  }

  static override importJSON(json: SerializedNodeInput): GeneratedImageNode {
    return $createGeneratedImageNode(fieldsFromJSON<GeneratedImageFields>(json)).updateFromJSON(json);
  }
}

export function $createGeneratedImageNode(fields: Partial<GeneratedImageFields> = {}): GeneratedImageNode {
  return new GeneratedImageNode(fields);
}

export function $isGeneratedImageNode(node: LexicalNode | null | undefined): node is GeneratedImageNode {
  return node instanceof GeneratedImageNode;
}
