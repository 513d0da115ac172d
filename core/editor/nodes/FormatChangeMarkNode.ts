import { type LexicalNode } from "lexical";
import { fieldsMarkNodeClass, type MarkFields, type SerializedFieldsMarkNode } from "./FieldsMarkNode";

/** SPEC section 3: a tracked formatting change, with what the text looked like before. */
export interface FormatChangeMarkFields extends MarkFields {
  /** Who made the change and when (ISO 8601), for the review panel. */
  userId?: string;
  /** The author's name when they made it, so a panel can say who without a lookup. */
  userName?: string;
  createdAt?: string;
  /** The TextNode format bits and inline style before the change, to restore on reject. */
  previousFormat?: number;
  previousStyle?: string;
}

export type SerializedFormatChangeMarkNode = SerializedFieldsMarkNode<FormatChangeMarkFields>;

export const FormatChangeMarkNode = fieldsMarkNodeClass<FormatChangeMarkFields>("format-change-mark");
export type FormatChangeMarkNode = InstanceType<typeof FormatChangeMarkNode>;

/** Wraps nothing yet: pass it to @lexical/mark's `$wrapSelectionInMarkNode` or append children. */
export function $createFormatChangeMarkNode(fields: Partial<FormatChangeMarkFields> = {}, ids?: readonly string[]): FormatChangeMarkNode {
  return new FormatChangeMarkNode(fields, ids);
}

export function $isFormatChangeMarkNode(node: LexicalNode | null | undefined): node is FormatChangeMarkNode {
  return node instanceof FormatChangeMarkNode;
}
