import { type LexicalNode, type NodeKey } from "lexical";
import { type SerializedNodeInput } from "./fields";
import { FieldsMarkNode, markFieldsFromJSON, type MarkFields, type SerializedFieldsMarkNode } from "./FieldsMarkNode";

/** SPEC section 3: a tracked formatting change, with what the text looked like before. */
export interface FormatChangeMarkFields extends MarkFields {
  /** Who made the change and when (ISO 8601), for the review panel. */
  userId?: string;
  createdAt?: string;
  /** The TextNode format bits and inline style before the change, to restore on reject. */
  previousFormat?: number;
  previousStyle?: string;
}

export type SerializedFormatChangeMarkNode = SerializedFieldsMarkNode<FormatChangeMarkFields>;

export class FormatChangeMarkNode extends FieldsMarkNode<FormatChangeMarkFields> {
  static override getType(): string {
    return "format-change-mark";
  }

  static override clone(node: FormatChangeMarkNode): FormatChangeMarkNode {
    return new FormatChangeMarkNode(node.__fields, node.__ids, node.__key);
  }

  constructor(fields: Partial<FormatChangeMarkFields> = {}, ids?: readonly string[], key?: NodeKey) {
    super({ uuid: "", ...fields }, ids, key);
  }

  static override importJSON(json: SerializedNodeInput): FormatChangeMarkNode {
    return $createFormatChangeMarkNode(markFieldsFromJSON<FormatChangeMarkFields>(json), Array.isArray(json.ids) ? (json.ids as string[]) : undefined).updateFromJSON(json);
  }
}

/** Wraps nothing yet: pass it to @lexical/mark's `$wrapSelectionInMarkNode` or append children. */
export function $createFormatChangeMarkNode(fields: Partial<FormatChangeMarkFields> = {}, ids?: readonly string[]): FormatChangeMarkNode {
  return new FormatChangeMarkNode(fields, ids);
}

export function $isFormatChangeMarkNode(node: LexicalNode | null | undefined): node is FormatChangeMarkNode {
  return node instanceof FormatChangeMarkNode;
}
