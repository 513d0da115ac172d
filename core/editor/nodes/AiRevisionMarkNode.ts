import { type LexicalNode, type NodeKey } from "lexical";
import { type SerializedNodeInput } from "./fields";
import { FieldsMarkNode, markFieldsFromJSON, type MarkFields, type SerializedFieldsMarkNode } from "./FieldsMarkNode";

/** SPEC section 3: text an AI revision changed, kept for review like a tracked change. */
export interface AiRevisionMarkFields extends MarkFields {
  createdAt?: string;
  /** The text before the revision, to restore on reject. */
  previousText?: string;
}

export type SerializedAiRevisionMarkNode = SerializedFieldsMarkNode<AiRevisionMarkFields>;

export class AiRevisionMarkNode extends FieldsMarkNode<AiRevisionMarkFields> {
  static override getType(): string {
    return "ai-revision-mark";
  }

  static override clone(node: AiRevisionMarkNode): AiRevisionMarkNode {
    return new AiRevisionMarkNode(node.__fields, node.__ids, node.__key);
  }

  constructor(fields: Partial<AiRevisionMarkFields> = {}, ids?: readonly string[], key?: NodeKey) {
    super({ uuid: "", ...fields }, ids, key);
  }

  static override importJSON(json: SerializedNodeInput): AiRevisionMarkNode {
    return $createAiRevisionMarkNode(markFieldsFromJSON<AiRevisionMarkFields>(json), Array.isArray(json.ids) ? (json.ids as string[]) : undefined).updateFromJSON(json);
  }
}

/** Wraps nothing yet: pass it to @lexical/mark's `$wrapSelectionInMarkNode` or append children. */
export function $createAiRevisionMarkNode(fields: Partial<AiRevisionMarkFields> = {}, ids?: readonly string[]): AiRevisionMarkNode {
  return new AiRevisionMarkNode(fields, ids);
}

export function $isAiRevisionMarkNode(node: LexicalNode | null | undefined): node is AiRevisionMarkNode {
  return node instanceof AiRevisionMarkNode;
}
