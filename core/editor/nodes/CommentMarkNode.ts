import { type LexicalNode, type NodeKey } from "lexical";
import { type SerializedNodeInput } from "./fields";
import { FieldsMarkNode, markFieldsFromJSON, type MarkFields, type SerializedFieldsMarkNode } from "./FieldsMarkNode";

/** SPEC section 3: a comment mark: its thread's uuid, highlight colour and whether it is resolved. */
export interface CommentMarkFields extends MarkFields {
  color?: string;
  resolved: boolean;
}

export type SerializedCommentMarkNode = SerializedFieldsMarkNode<CommentMarkFields>;

export class CommentMarkNode extends FieldsMarkNode<CommentMarkFields> {
  static override getType(): string {
    return "comment-mark";
  }

  static override clone(node: CommentMarkNode): CommentMarkNode {
    return new CommentMarkNode(node.__fields, node.__ids, node.__key);
  }

  constructor(fields: Partial<CommentMarkFields> = {}, ids?: readonly string[], key?: NodeKey) {
    super({ uuid: "", resolved: false, ...fields }, ids, key);
  }

  static override importJSON(json: SerializedNodeInput): CommentMarkNode {
    return $createCommentMarkNode(markFieldsFromJSON<CommentMarkFields>(json), Array.isArray(json.ids) ? (json.ids as string[]) : undefined).updateFromJSON(json);
  }
}

/** Wraps nothing yet: pass it to @lexical/mark's `$wrapSelectionInMarkNode` or append children. */
export function $createCommentMarkNode(fields: Partial<CommentMarkFields> = {}, ids?: readonly string[]): CommentMarkNode {
  return new CommentMarkNode(fields, ids);
}

export function $isCommentMarkNode(node: LexicalNode | null | undefined): node is CommentMarkNode {
  return node instanceof CommentMarkNode;
}
