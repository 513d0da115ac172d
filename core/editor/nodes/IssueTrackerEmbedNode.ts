import { type LexicalNode, type NodeKey } from "lexical";
import { type SerializedNodeInput } from "./fields";
import { type TrackerEmbedFields } from "./TrackerEmbedFields";
import { FieldsDecoratorNode, fieldsFromJSON, type SerializedFieldsNode } from "./FieldsDecoratorNode";

/** SPEC section 3: an embed of a link to another tool. */
export type IssueTrackerEmbedFields = TrackerEmbedFields;

export type SerializedIssueTrackerEmbedNode = SerializedFieldsNode<IssueTrackerEmbedFields>;

export class IssueTrackerEmbedNode extends FieldsDecoratorNode<IssueTrackerEmbedFields> {
  static override getType(): string {
    return "issue-tracker-embed";
  }

  static override clone(node: IssueTrackerEmbedNode): IssueTrackerEmbedNode {
    return new IssueTrackerEmbedNode(node.__fields, node.__key);
  }

  constructor(fields: Partial<IssueTrackerEmbedFields> = {}, key?: NodeKey) {
    super({ link: "", ...fields }, key);
  }

  static override importJSON(json: SerializedNodeInput): IssueTrackerEmbedNode {
    return $createIssueTrackerEmbedNode(fieldsFromJSON<IssueTrackerEmbedFields>(json)).updateFromJSON(json);
  }
}

export function $createIssueTrackerEmbedNode(fields: Partial<IssueTrackerEmbedFields> = {}): IssueTrackerEmbedNode {
  return new IssueTrackerEmbedNode(fields);
}

export function $isIssueTrackerEmbedNode(node: LexicalNode | null | undefined): node is IssueTrackerEmbedNode {
  return node instanceof IssueTrackerEmbedNode;
}
