import { type LexicalNode } from "lexical";
import { fieldsMarkNodeClass, type MarkFields, type SerializedFieldsMarkNode } from "./FieldsMarkNode";

/** SPEC section 3: a comment mark: its thread's uuid, highlight colour and whether it is resolved. */
export interface CommentMarkFields extends MarkFields {
  color?: string;
  resolved: boolean;
}

export type SerializedCommentMarkNode = SerializedFieldsMarkNode<CommentMarkFields>;

export const CommentMarkNode = fieldsMarkNodeClass<CommentMarkFields>("comment-mark", { resolved: false }, (fields) => ({ resolved: String(fields.resolved) }));
export type CommentMarkNode = InstanceType<typeof CommentMarkNode>;

/** Wraps nothing yet: pass it to @lexical/mark's `$wrapSelectionInMarkNode` or append children. */
export function $createCommentMarkNode(fields: Partial<CommentMarkFields> = {}, ids?: readonly string[]): CommentMarkNode {
  return new CommentMarkNode(fields, ids);
}

export function $isCommentMarkNode(node: LexicalNode | null | undefined): node is CommentMarkNode {
  return node instanceof CommentMarkNode;
}
