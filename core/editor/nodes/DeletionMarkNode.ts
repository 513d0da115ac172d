import { type LexicalNode } from "lexical";
import { fieldsMarkNodeClass, type MarkFields, type SerializedFieldsMarkNode } from "./FieldsMarkNode";

/** SPEC section 3: a tracked deletion; the text stays until the change is accepted. */
export interface DeletionMarkFields extends MarkFields {
  /** Who made the change and when (ISO 8601), for the review panel. */
  userId?: string;
  /** The author's name when they made it, so a panel can say who without a lookup. */
  userName?: string;
  createdAt?: string;
}

export type SerializedDeletionMarkNode = SerializedFieldsMarkNode<DeletionMarkFields>;

export const DeletionMarkNode = fieldsMarkNodeClass<DeletionMarkFields>("deletion-mark");
export type DeletionMarkNode = InstanceType<typeof DeletionMarkNode>;

/** Wraps nothing yet: pass it to @lexical/mark's `$wrapSelectionInMarkNode` or append children. */
export function $createDeletionMarkNode(fields: Partial<DeletionMarkFields> = {}, ids?: readonly string[]): DeletionMarkNode {
  return new DeletionMarkNode(fields, ids);
}

export function $isDeletionMarkNode(node: LexicalNode | null | undefined): node is DeletionMarkNode {
  return node instanceof DeletionMarkNode;
}
