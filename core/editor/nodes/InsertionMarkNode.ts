import { type LexicalNode } from "lexical";
import { fieldsMarkNodeClass, type MarkFields, type SerializedFieldsMarkNode } from "./FieldsMarkNode";

/** SPEC section 3: a tracked insertion. */
export interface InsertionMarkFields extends MarkFields {
  /** Who made the change and when (ISO 8601), for the review panel. */
  userId?: string;
  /** The author's name when they made it, so a panel can say who without a lookup. */
  userName?: string;
  createdAt?: string;
}

export type SerializedInsertionMarkNode = SerializedFieldsMarkNode<InsertionMarkFields>;

export const InsertionMarkNode = fieldsMarkNodeClass<InsertionMarkFields>("insertion-mark");
export type InsertionMarkNode = InstanceType<typeof InsertionMarkNode>;

/** Wraps nothing yet: pass it to @lexical/mark's `$wrapSelectionInMarkNode` or append children. */
export function $createInsertionMarkNode(fields: Partial<InsertionMarkFields> = {}, ids?: readonly string[]): InsertionMarkNode {
  return new InsertionMarkNode(fields, ids);
}

export function $isInsertionMarkNode(node: LexicalNode | null | undefined): node is InsertionMarkNode {
  return node instanceof InsertionMarkNode;
}
