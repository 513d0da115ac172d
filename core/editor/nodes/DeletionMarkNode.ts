import { type LexicalNode, type NodeKey } from "lexical";
import { type SerializedNodeInput } from "./fields";
import { FieldsMarkNode, markFieldsFromJSON, type MarkFields, type SerializedFieldsMarkNode } from "./FieldsMarkNode";

/** SPEC section 3: a tracked deletion; the text stays until the change is accepted. */
export interface DeletionMarkFields extends MarkFields {
  /** Who made the change and when (ISO 8601), for the review panel. */
  userId?: string;
  createdAt?: string;
}

export type SerializedDeletionMarkNode = SerializedFieldsMarkNode<DeletionMarkFields>;

export class DeletionMarkNode extends FieldsMarkNode<DeletionMarkFields> {
  static override getType(): string {
    return "deletion-mark";
  }

  static override clone(node: DeletionMarkNode): DeletionMarkNode {
    return new DeletionMarkNode(node.__fields, node.__ids, node.__key);
  }

  constructor(fields: Partial<DeletionMarkFields> = {}, ids?: readonly string[], key?: NodeKey) {
    super({ uuid: "", ...fields }, ids, key);
  }

  static override importJSON(json: SerializedNodeInput): DeletionMarkNode {
    return $createDeletionMarkNode(markFieldsFromJSON<DeletionMarkFields>(json), Array.isArray(json.ids) ? (json.ids as string[]) : undefined).updateFromJSON(json);
  }
}

/** Wraps nothing yet: pass it to @lexical/mark's `$wrapSelectionInMarkNode` or append children. */
export function $createDeletionMarkNode(fields: Partial<DeletionMarkFields> = {}, ids?: readonly string[]): DeletionMarkNode {
  return new DeletionMarkNode(fields, ids);
}

export function $isDeletionMarkNode(node: LexicalNode | null | undefined): node is DeletionMarkNode {
  return node instanceof DeletionMarkNode;
}
