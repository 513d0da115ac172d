import { type LexicalNode, type NodeKey } from "lexical";
import { type SerializedNodeInput } from "./fields";
import { FieldsMarkNode, markFieldsFromJSON, type MarkFields, type SerializedFieldsMarkNode } from "./FieldsMarkNode";

/** SPEC section 3: a tracked insertion. */
export interface InsertionMarkFields extends MarkFields {
  /** Who made the change and when (ISO 8601), for the review panel. */
  userId?: string;
  createdAt?: string;
}

export type SerializedInsertionMarkNode = SerializedFieldsMarkNode<InsertionMarkFields>;

export class InsertionMarkNode extends FieldsMarkNode<InsertionMarkFields> {
  static override getType(): string {
    return "insertion-mark";
  }

  static override clone(node: InsertionMarkNode): InsertionMarkNode {
    return new InsertionMarkNode(node.__fields, node.__ids, node.__key);
  }

  constructor(fields: Partial<InsertionMarkFields> = {}, ids?: readonly string[], key?: NodeKey) {
    super({ uuid: "", ...fields }, ids, key);
  }

  static override importJSON(json: SerializedNodeInput): InsertionMarkNode {
    return $createInsertionMarkNode(markFieldsFromJSON<InsertionMarkFields>(json), Array.isArray(json.ids) ? (json.ids as string[]) : undefined).updateFromJSON(json);
  }
}

/** Wraps nothing yet: pass it to @lexical/mark's `$wrapSelectionInMarkNode` or append children. */
export function $createInsertionMarkNode(fields: Partial<InsertionMarkFields> = {}, ids?: readonly string[]): InsertionMarkNode {
  return new InsertionMarkNode(fields, ids);
}

export function $isInsertionMarkNode(node: LexicalNode | null | undefined): node is InsertionMarkNode {
  return node instanceof InsertionMarkNode;
}
