import { type LexicalNode, type NodeKey } from "lexical";
import { type SerializedNodeInput } from "./fields";

import { elementFieldsFromJSON, FieldsElementNode, type SerializedFieldsElementNode } from "./FieldsElementNode";

/**
 * SPEC section 3: a vote list. Each child paragraph is an option; `voters` holds the user
 * ids that voted for each option, by the option's position.
 */
export interface VoteListFields {
  voters: Record<string, string[]>;
}

export type SerializedVoteListNode = SerializedFieldsElementNode<VoteListFields>;

export class VoteListNode extends FieldsElementNode<VoteListFields> {
  static override getType(): string {
    return "vote-list";
  }

  static override clone(node: VoteListNode): VoteListNode {
    return new VoteListNode(node.__fields, node.__key);
  }

  constructor(fields: Partial<VoteListFields> = {}, key?: NodeKey) {
    super({ voters: {}, ...fields }, key);
  }

  static override importJSON(json: SerializedNodeInput): VoteListNode {
    return $createVoteListNode(elementFieldsFromJSON<VoteListFields>(json)).updateFromJSON(json);
  }
}

export function $createVoteListNode(fields: Partial<VoteListFields> = {}): VoteListNode {
  return new VoteListNode(fields);
}

export function $isVoteListNode(node: LexicalNode | null | undefined): node is VoteListNode {
  return node instanceof VoteListNode;
}
