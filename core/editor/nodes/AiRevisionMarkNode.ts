import { type LexicalNode } from "lexical";
import { fieldsMarkNodeClass, type MarkFields, type SerializedFieldsMarkNode } from "./FieldsMarkNode";

/** SPEC section 3: text an AI revision changed, kept for review like a tracked change. */
export interface AiRevisionMarkFields extends MarkFields {
  createdAt?: string;
  /** The text before the revision, to restore on reject. */
  previousText?: string;
}

export type SerializedAiRevisionMarkNode = SerializedFieldsMarkNode<AiRevisionMarkFields>;

export const AiRevisionMarkNode = fieldsMarkNodeClass<AiRevisionMarkFields>("ai-revision-mark");
export type AiRevisionMarkNode = InstanceType<typeof AiRevisionMarkNode>;

/** Wraps nothing yet: pass it to @lexical/mark's `$wrapSelectionInMarkNode` or append children. */
export function $createAiRevisionMarkNode(fields: Partial<AiRevisionMarkFields> = {}, ids?: readonly string[]): AiRevisionMarkNode {
  return new AiRevisionMarkNode(fields, ids);
}

export function $isAiRevisionMarkNode(node: LexicalNode | null | undefined): node is AiRevisionMarkNode {
  return node instanceof AiRevisionMarkNode;
}
