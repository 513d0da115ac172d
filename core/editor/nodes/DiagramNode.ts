import { type LexicalNode, type NodeKey } from "lexical";
import { type SerializedNodeInput } from "./fields";

import { FieldsDecoratorNode, fieldsFromJSON, type SerializedFieldsNode } from "./FieldsDecoratorNode";

/** SPEC section 3: a diagram drawn from its source code. */
export interface DiagramFields {
  code: string;
  width?: number;
  float?: string;
  backgroundColor?: string;
}

export type SerializedDiagramNode = SerializedFieldsNode<DiagramFields>;

export class DiagramNode extends FieldsDecoratorNode<DiagramFields> {
  static override getType(): string {
    return "diagram";
  }

  static override clone(node: DiagramNode): DiagramNode {
    return new DiagramNode(node.__fields, node.__key);
  }

  constructor(fields: Partial<DiagramFields> = {}, key?: NodeKey) {
    super({ code: "", ...fields }, key);
  }

  static override importJSON(json: SerializedNodeInput): DiagramNode {
    return $createDiagramNode(fieldsFromJSON<DiagramFields>(json)).updateFromJSON(json);
  }
}

export function $createDiagramNode(fields: Partial<DiagramFields> = {}): DiagramNode {
  return new DiagramNode(fields);
}

export function $isDiagramNode(node: LexicalNode | null | undefined): node is DiagramNode {
  return node instanceof DiagramNode;
}
