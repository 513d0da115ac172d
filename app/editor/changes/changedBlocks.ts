import { CodeNode } from "@lexical/code";
import { ListItemNode } from "@lexical/list";
import { HeadingNode } from "@lexical/rich-text";
import { mergeRegister } from "@lexical/utils";
import { $getNodeByKey, ParagraphNode, type LexicalEditor } from "lexical";
import { $breakChangeOf, $typeChangeOf } from "../../../core/editor/track-changes";

/** The blocks a type change makes (SET_BLOCK_TYPE_COMMAND) or an alignment changes: the ones that can carry one. */
const CHANGEABLE_BLOCKS = [ParagraphNode, HeadingNode, CodeNode, ListItemNode] as const;

/**
 * Marks each block with a pending type change with `data-change="node_type_change"`, which
 * app/styles/editor.css draws as a bar beside it while changes are shown, and one with a
 * tracked paragraph break with `data-change="split"` (a new paragraph) or `"join"` (its
 * break deleted), drawn as a pilcrow. These changes are node state, not marks, so no node of
 * ours draws them: a mutation listener follows the blocks. A break outranks a type change.
 */
export function registerChangedBlocks(editor: LexicalEditor): () => void {
  return mergeRegister(
    ...CHANGEABLE_BLOCKS.map((klass) =>
      editor.registerMutationListener(klass, (mutations) =>
        editor.getEditorState().read(() => {
          for (const [key, mutation] of mutations) {
            const element = mutation === "destroyed" ? null : editor.getElementByKey(key);
            const node = $getNodeByKey(key);
            if (!element || !node) continue;
            const change = $breakChangeOf(node)?.kind ?? ($typeChangeOf(node) ? "node_type_change" : null);
            if (change) element.dataset.change = change;
            else delete element.dataset.change;
          }
        }),
      ),
    ),
  );
}
