import { type LexicalNode } from "lexical";
import { fieldsMarkNodeClass, type MarkFields, type SerializedFieldsMarkNode } from "./FieldsMarkNode";

/** SPEC section 3: text linked to a task. */
export interface TaskMarkFields extends MarkFields {
  taskId?: string;
}

export type SerializedTaskMarkNode = SerializedFieldsMarkNode<TaskMarkFields>;

export const TaskMarkNode = fieldsMarkNodeClass<TaskMarkFields>("task-mark");
export type TaskMarkNode = InstanceType<typeof TaskMarkNode>;

/** Wraps nothing yet: pass it to @lexical/mark's `$wrapSelectionInMarkNode` or append children. */
export function $createTaskMarkNode(fields: Partial<TaskMarkFields> = {}, ids?: readonly string[]): TaskMarkNode {
  return new TaskMarkNode(fields, ids);
}

export function $isTaskMarkNode(node: LexicalNode | null | undefined): node is TaskMarkNode {
  return node instanceof TaskMarkNode;
}
