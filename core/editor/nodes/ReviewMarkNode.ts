import { type LexicalNode } from "lexical";
import { fieldsMarkNodeClass, type MarkFields, type SerializedFieldsMarkNode } from "./FieldsMarkNode";

/** SPEC section 3: text under review. */
export interface ReviewMarkFields extends MarkFields {
  reviewId?: string;
}

export type SerializedReviewMarkNode = SerializedFieldsMarkNode<ReviewMarkFields>;

export const ReviewMarkNode = fieldsMarkNodeClass<ReviewMarkFields>("review-mark");
export type ReviewMarkNode = InstanceType<typeof ReviewMarkNode>;

/** Wraps nothing yet: pass it to @lexical/mark's `$wrapSelectionInMarkNode` or append children. */
export function $createReviewMarkNode(fields: Partial<ReviewMarkFields> = {}, ids?: readonly string[]): ReviewMarkNode {
  return new ReviewMarkNode(fields, ids);
}

export function $isReviewMarkNode(node: LexicalNode | null | undefined): node is ReviewMarkNode {
  return node instanceof ReviewMarkNode;
}
