import { type LexicalNode, type NodeKey } from "lexical";
import { type SerializedNodeInput } from "./fields";

import { FieldsDecoratorNode, fieldsFromJSON, type SerializedFieldsNode } from "./FieldsDecoratorNode";

/** SPEC section 3: an AI suggestion; `contentData` is the suggested content as the AI returned it. */
export interface AiSuggestionFields {
  contentData: unknown;
}

export type SerializedAiSuggestionNode = SerializedFieldsNode<AiSuggestionFields>;

export class AiSuggestionNode extends FieldsDecoratorNode<AiSuggestionFields> {
  static override getType(): string {
    return "ai-suggestion";
  }

  static override clone(node: AiSuggestionNode): AiSuggestionNode {
    return new AiSuggestionNode(node.__fields, node.__key);
  }

  constructor(fields: Partial<AiSuggestionFields> = {}, key?: NodeKey) {
    super({ contentData: null, ...fields }, key);
  }

  static override importJSON(json: SerializedNodeInput): AiSuggestionNode {
    return $createAiSuggestionNode(fieldsFromJSON<AiSuggestionFields>(json)).updateFromJSON(json);
  }
}

export function $createAiSuggestionNode(fields: Partial<AiSuggestionFields> = {}): AiSuggestionNode {
  return new AiSuggestionNode(fields);
}

export function $isAiSuggestionNode(node: LexicalNode | null | undefined): node is AiSuggestionNode {
  return node instanceof AiSuggestionNode;
}
