import { childrenOf, isNode } from "./nodes";
import { plainTextLines } from "./text";
import type { LooseNode, SerializedDocument } from "./types";

/**
 * Check-list items that are todos, read from and written to a stored body (the JSON the
 * Worker keeps). An item is a todo when its node state holds a todo id (`$.todoId`, see
 * core/editor/checkList.ts); the id is what the `todos` table knows it by.
 */

export interface TodoItem {
  todoId: string;
  /** Whether its box is ticked; only an item in a check list has a box. */
  checked: boolean;
  inCheckList: boolean;
  /** Its words, nested lists left out. */
  text: string;
}

const todoIdOf = (node: LooseNode): string | null => {
  const state = node.$;
  if (!state || typeof state !== "object") return null;
  const id = (state as Record<string, unknown>).todoId;
  return typeof id === "string" && id ? id : null;
};

/** The item's own words: its inline content on one line, without the list nested under it. */
export const itemText = (item: LooseNode) =>
  plainTextLines(childrenOf(item).filter((child) => child.type !== "list"))
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();

/** Every todo item in the document, in reading order (lists inside boxes, tables and columns too). */
export function todoItemsOf(document: SerializedDocument): TodoItem[] {
  const found: TodoItem[] = [];
  // Iterative, so a deep document never reaches the stack limit.
  const stack: { node: LooseNode; parentListType: string | null }[] = [...document.root.children]
    .reverse()
    .map((node) => ({ node: node as LooseNode, parentListType: null }));
  while (stack.length > 0) {
    const { node, parentListType } = stack.pop()!;
    const todoId = node.type === "listitem" ? todoIdOf(node) : null;
    if (todoId) {
      const inCheckList = parentListType === "check";
      found.push({ todoId, inCheckList, checked: inCheckList && node.checked === true, text: itemText(node) });
    }
    const listType = isNode(node, "list") ? node.listType : null;
    const children = childrenOf(node);
    for (let index = children.length - 1; index >= 0; index--) stack.push({ node: children[index]!, parentListType: listType });
  }
  return found;
}

/**
 * The document with the box of the item holding `todoId` ticked or cleared, or null when no
 * check-list item holds it or its box is already that way. Only the path to the item is
 * copied; the rest of the tree is shared with `document`.
 */
export function withTodoChecked(document: SerializedDocument, todoId: string, checked: boolean): SerializedDocument | null {
  // The first item holding the id decides (a pasted copy of an item holds the same id).
  let found = false;
  const visit = (nodes: LooseNode[], parentListType: string | null): LooseNode[] | null => {
    for (let index = 0; index < nodes.length && !found; index++) {
      const node = nodes[index]!;
      let next: LooseNode | null = null;
      if (node.type === "listitem" && parentListType === "check" && todoIdOf(node) === todoId) {
        found = true;
        if ((node.checked === true) !== checked) next = { ...node, checked };
      } else {
        const children = childrenOf(node);
        const replaced = children.length > 0 ? visit(children, isNode(node, "list") ? node.listType : null) : null;
        if (replaced) next = { ...node, children: replaced };
      }
      if (next) return nodes.map((original, at) => (at === index ? next : original));
    }
    return null;
  };
  const children = visit(document.root.children as LooseNode[], null);
  return children ? ({ ...document, root: { ...document.root, children } } as SerializedDocument) : null;
}
