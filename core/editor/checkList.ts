import { type ListItemNode } from "@lexical/list";
import { $getState, $setState, createState } from "lexical";

/**
 * SPEC section 3: a check list item carries a todo id besides @lexical/list's `checked`.
 * It is node state on the stock ListItemNode (stored under `$`), so list commands, indent
 * and markdown shortcuts keep working unchanged.
 */
export const todoIdState = createState("todoId", {
  parse: (value) => (typeof value === "string" ? value : null),
});

export function $getTodoId(item: ListItemNode): string | null {
  return $getState(item, todoIdState);
}

export function $setTodoId(item: ListItemNode, todoId: string | null): ListItemNode {
  return $setState(item, todoIdState, todoId);
}
