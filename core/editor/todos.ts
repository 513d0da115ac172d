import { $isListItemNode, $isListNode, type ListItemNode } from "@lexical/list";
import { $dfs } from "@lexical/utils";
import { $getNodeByKey, type NodeKey } from "lexical";
import type * as Y from "yjs";
import { $getTodoId } from "./checkList";
import { editUpdate } from "./yjs";

/** A check-list item that holds a todo id, as the editor sees it. */
export interface TodoListItem {
  todoId: string;
  node: ListItemNode;
}

/** Whether the item is in a check list (only those have a box to tick). */
export const $isCheckListItem = (node: ListItemNode) => {
  const list = node.getParent();
  return $isListNode(list) && list.getListType() === "check";
};

/** Every check-list item with a todo id, in reading order; a pasted copy of an item after its original is left out. */
export function $todoListItems(): TodoListItem[] {
  return $todoItemsAmong($dfs().map(({ node }) => node.getKey()));
}

/**
 * The same among some nodes (by key, in any order; keys of other nodes are skipped), for
 * callers that follow the list items as they change instead of walking the whole tree.
 */
export function $todoItemsAmong(keys: Iterable<NodeKey>): TodoListItem[] {
  const first = new Map<string, ListItemNode>();
  for (const key of keys) {
    const node = $getNodeByKey(key);
    if (!$isListItemNode(node) || !node.isAttached() || !$isCheckListItem(node)) continue;
    const todoId = $getTodoId(node);
    if (!todoId) continue;
    const earlier = first.get(todoId);
    if (!earlier || node.isBefore(earlier)) first.set(todoId, node);
  }
  return [...first].map(([todoId, node]) => ({ todoId, node })).sort((a, b) => (a.node.isBefore(b.node) ? -1 : 1));
}

/**
 * The Yjs update that ticks (or clears) the box of the item holding `todoId` in `source`, as
 * an edit by a headless editor: applied to a live room it reaches every open editor and merges
 * with what they type meanwhile. `found` is false when no check-list item holds the id;
 * `update` is null when its box is already that way. @lexical/yjs learns a document only from
 * Yjs events, so the editor is bound to a replica of `source` that receives its whole state.
 */
export async function todoCheckUpdate(source: Y.Doc, todoId: string, checked: boolean): Promise<{ found: boolean; update: Uint8Array | null }> {
  const { result: found, update } = await editUpdate(source, () => {
    const item = $todoListItems().find((entry) => entry.todoId === todoId)?.node;
    if (!item) return false;
    if ((item.getChecked() ?? false) !== checked) item.setChecked(checked);
    return true;
  });
  return { found, update };
}
