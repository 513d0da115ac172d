import { type LexicalNode, type NodeKey } from "lexical";
import { type SerializedNodeInput } from "./fields";
import { type TrackerEmbedFields } from "./TrackerEmbedFields";
import { FieldsDecoratorNode, fieldsFromJSON, type SerializedFieldsNode } from "./FieldsDecoratorNode";

/** SPEC section 3: an embed of a link to another tool. */
export type TaskTrackerEmbedFields = TrackerEmbedFields;

export type SerializedTaskTrackerEmbedNode = SerializedFieldsNode<TaskTrackerEmbedFields>;

export class TaskTrackerEmbedNode extends FieldsDecoratorNode<TaskTrackerEmbedFields> {
  static override getType(): string {
    return "task-tracker-embed";
  }

  static override clone(node: TaskTrackerEmbedNode): TaskTrackerEmbedNode {
    return new TaskTrackerEmbedNode(node.__fields, node.__key);
  }

  constructor(fields: Partial<TaskTrackerEmbedFields> = {}, key?: NodeKey) {
    super({ link: "", ...fields }, key);
  }

  static override importJSON(json: SerializedNodeInput): TaskTrackerEmbedNode {
    return $createTaskTrackerEmbedNode(fieldsFromJSON<TaskTrackerEmbedFields>(json)).updateFromJSON(json);
  }
}

export function $createTaskTrackerEmbedNode(fields: Partial<TaskTrackerEmbedFields> = {}): TaskTrackerEmbedNode {
  return new TaskTrackerEmbedNode(fields);
}

export function $isTaskTrackerEmbedNode(node: LexicalNode | null | undefined): node is TaskTrackerEmbedNode {
  return node instanceof TaskTrackerEmbedNode;
}
