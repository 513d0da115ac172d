import { type LexicalNode, type NodeKey } from "lexical";
import { type SerializedNodeInput } from "./fields";
import { type TrackerEmbedFields } from "./TrackerEmbedFields";
import { FieldsDecoratorNode, fieldsFromJSON, type SerializedFieldsNode } from "./FieldsDecoratorNode";

/** SPEC section 3: an embed of a link to another tool. */
export type CodeHostEmbedFields = TrackerEmbedFields;

export type SerializedCodeHostEmbedNode = SerializedFieldsNode<CodeHostEmbedFields>;

export class CodeHostEmbedNode extends FieldsDecoratorNode<CodeHostEmbedFields> {
  static override getType(): string {
    return "code-host-embed";
  }

  static override clone(node: CodeHostEmbedNode): CodeHostEmbedNode {
    return new CodeHostEmbedNode(node.__fields, node.__key);
  }

  constructor(fields: Partial<CodeHostEmbedFields> = {}, key?: NodeKey) {
    super({ link: "", ...fields }, key);
  }

  static override importJSON(json: SerializedNodeInput): CodeHostEmbedNode {
    return $createCodeHostEmbedNode(fieldsFromJSON<CodeHostEmbedFields>(json)).updateFromJSON(json);
  }
}

export function $createCodeHostEmbedNode(fields: Partial<CodeHostEmbedFields> = {}): CodeHostEmbedNode {
  return new CodeHostEmbedNode(fields);
}

export function $isCodeHostEmbedNode(node: LexicalNode | null | undefined): node is CodeHostEmbedNode {
  return node instanceof CodeHostEmbedNode;
}
