import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { useLexicalEditable } from "@lexical/react/useLexicalEditable";
import { useLexicalNodeSelection } from "@lexical/react/useLexicalNodeSelection";
import { $getNodeByKey, type NodeKey } from "lexical";
import { useCallback, type MouseEvent } from "react";
import type { FieldsDecoratorNode } from "../../../core/editor/nodes/FieldsDecoratorNode";

/**
 * What every decorator view needs: whether the editor is editable, whether this node is
 * selected (a click selects it; Shift-click adds it), and a way to change its fields.
 */
export function useDecoratorNode<F extends object>(nodeKey: NodeKey) {
  const [editor] = useLexicalComposerContext();
  const editable = useLexicalEditable();
  const [selected, setSelected, clearSelection] = useLexicalNodeSelection(nodeKey);

  const select = useCallback(
    (event: MouseEvent) => {
      if (!editable) return;
      event.preventDefault();
      if (!event.shiftKey) clearSelection();
      setSelected(true);
    },
    [editable, clearSelection, setSelected],
  );

  const update = useCallback(
    (patch: Partial<F>) =>
      editor.update(() => {
        const node = $getNodeByKey(nodeKey) as FieldsDecoratorNode<F> | null;
        node?.setFields(patch);
      }),
    [editor, nodeKey],
  );

  return { editor, editable, selected, select, update };
}
