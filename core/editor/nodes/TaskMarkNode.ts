import { type LexicalNode, type NodeKey } from "lexical";
import { type SerializedNodeInput } from "./fields";
import { FieldsMarkNode, markFieldsFromJSON, type MarkFields, type SerializedFieldsMarkNode } from "./FieldsMarkNode";

/** SPEC section 3: text linked to a task. */
export interface TaskMarkFields extends MarkFields {
  taskId?: string;
}

export type SerializedTaskMarkNode = SerializedFieldsMarkNode<TaskMarkFields>;

export class TaskMarkNode extends FieldsMarkNode<TaskMarkFields> {
  static override getType(): string {
    return "task-mark";
  }

  static override clone(node: TaskMarkNode): TaskMarkNode {
    return new TaskMarkNode(node.__fields, node.__ids, node.__key);
  }

  constructor(fields: Partial<TaskMarkFields> = {}, ids?: readonly string[], key?: NodeKey) {
    super({ uuid: "", ...fields }, ids, key);
  }

  static override importJSON(json: SerializedNodeInput): TaskMarkNode {
    return $createTaskMarkNode(markFieldsFromJSON<TaskMarkFields>(json), Array.isArray(json.ids) ? (json.ids as string[]) : undefined).updateFromJSON(json);
  }
}

/** Wraps nothing yet: pass it to @lexical/mark's `$wrapSelectionInMarkNode` or append children. */
export function $createTaskMarkNode(fields: Partial<TaskMarkFields> = {}, ids?: readonly string[]): TaskMarkNode {
  return new TaskMarkNode(fields, ids);
}

export function $isTaskMarkNode(node: LexicalNode | null | undefined): node is TaskMarkNode {
  return node instanceof TaskMarkNode;
}
