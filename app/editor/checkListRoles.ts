import { $isListNode, ListNode } from "@lexical/list";
import { $getNodeByKey, type LexicalEditor } from "lexical";

/**
 * Lexical draws a check list's items as `<li role="checkbox" aria-checked>`, which leaves the
 * `<ul>` a list whose children are not list items (axe's `list` rule; a screen reader announces
 * a list of nothing). A check list is a group of checkboxes, so its `<ul>` says so; bullet and
 * numbered lists keep their native role. Mutation listeners run right after Lexical writes the
 * DOM, so the list is never seen without its role.
 */
export function registerCheckListRoles(editor: LexicalEditor): () => void {
  return editor.registerMutationListener(ListNode, (mutations) =>
    editor.getEditorState().read(() => {
      for (const [key, mutation] of mutations) {
        const element = mutation === "destroyed" ? null : editor.getElementByKey(key);
        const node = $getNodeByKey(key);
        if (!element || !$isListNode(node)) continue;
        if (node.getListType() === "check") element.setAttribute("role", "group");
        else if (element.getAttribute("role") === "group") element.removeAttribute("role");
      }
    }),
  );
}
