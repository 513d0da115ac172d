import { type LexicalNode, type NodeKey } from "lexical";
import { type SerializedNodeInput } from "./fields";
import { FieldsMarkNode, markFieldsFromJSON, type MarkFields, type SerializedFieldsMarkNode } from "./FieldsMarkNode";

/** SPEC section 3: text under review. */
export interface ReviewMarkFields extends MarkFields {
  reviewId?: string;
}

export type SerializedReviewMarkNode = SerializedFieldsMarkNode<ReviewMarkFields>;

export class ReviewMarkNode extends FieldsMarkNode<ReviewMarkFields> {
  static override getType(): string {
    return "review-mark";
  }

  static override clone(node: ReviewMarkNode): ReviewMarkNode {
    return new ReviewMarkNode(node.__fields, node.__ids, node.__key);
  }

  constructor(fields: Partial<ReviewMarkFields> = {}, ids?: readonly string[], key?: NodeKey) {
    super({ uuid: "", ...fields }, ids, key);
  }

  static override importJSON(json: SerializedNodeInput): ReviewMarkNode {
    return $createReviewMarkNode(markFieldsFromJSON<ReviewMarkFields>(json), Array.isArray(json.ids) ? (json.ids as string[]) : undefined).updateFromJSON(json);
  }
}

/** Wraps nothing yet: pass it to @lexical/mark's `$wrapSelectionInMarkNode` or append children. */
export function $createReviewMarkNode(fields: Partial<ReviewMarkFields> = {}, ids?: readonly string[]): ReviewMarkNode {
  return new ReviewMarkNode(fields, ids);
}

export function $isReviewMarkNode(node: LexicalNode | null | undefined): node is ReviewMarkNode {
  return node instanceof ReviewMarkNode;
}
