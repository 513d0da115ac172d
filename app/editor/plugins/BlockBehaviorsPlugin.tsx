import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { $setBlocksType } from "@lexical/selection";
import { $findMatchingParent, $insertNodeToNearestRoot, mergeRegister } from "@lexical/utils";
import {
  $createParagraphNode,
  $getNearestNodeFromDOMNode,
  $getSelection,
  $isDecoratorNode,
  $isNodeSelection,
  $isRangeSelection,
  COMMAND_PRIORITY_EDITOR,
  COMMAND_PRIORITY_LOW,
  KEY_BACKSPACE_COMMAND,
  KEY_DELETE_COMMAND,
  type LexicalNode,
} from "lexical";
import { useEffect, useState } from "react";
import { $createBoxNode, $createQuoteBoxNode } from "../../../core/editor/nodes/BoxNode";
import { $createCardNode } from "../../../core/editor/nodes/CardNode";
import { $createCodeHostEmbedNode } from "../../../core/editor/nodes/CodeHostEmbedNode";
import { $createColumnNode } from "../../../core/editor/nodes/ColumnNode";
import { $createColumnsNode } from "../../../core/editor/nodes/ColumnsNode";
import { $createDownloadNode } from "../../../core/editor/nodes/DownloadNode";
import { $createEmbedFrameNode } from "../../../core/editor/nodes/EmbedFrameNode";
import { $createIssueTrackerEmbedNode } from "../../../core/editor/nodes/IssueTrackerEmbedNode";
import { $createLineDividerNode } from "../../../core/editor/nodes/LineDividerNode";
import { $createTableOfContentsNode } from "../../../core/editor/nodes/TableOfContentsNode";
import { $createTaskTrackerEmbedNode } from "../../../core/editor/nodes/TaskTrackerEmbedNode";
import { $createToggleDetailsNode } from "../../../core/editor/nodes/ToggleDetailsNode";
import { $createToggleSummaryNode } from "../../../core/editor/nodes/ToggleSummaryNode";
import { $createToggleListNode, $isToggleListNode, type ToggleListNode } from "../../../core/editor/nodes/ToggleListNode";
import { $createVoteListNode } from "../../../core/editor/nodes/VoteListNode";
import {
  INSERT_BOX_COMMAND,
  INSERT_COLUMNS_COMMAND,
  INSERT_DIVIDER_COMMAND,
  INSERT_EMBED_COMMAND,
  INSERT_TABLE_OF_CONTENTS_COMMAND,
  INSERT_TOGGLE_COMMAND,
  INSERT_VOTE_LIST_COMMAND,
  SET_BLOCK_TYPE_COMMAND,
} from "../commands";
import { registerChangedBlocks } from "../changes/changedBlocks";
import { registerCheckListRoles } from "../checkListRoles";
import { EmbedDialog } from "../dialogs/EmbedDialog";
import type { EmbedKind } from "../embeds";

/** An embed node of `kind` for `url`. */
function $createEmbed(kind: EmbedKind, url: string): LexicalNode {
  const host = new URL(url).hostname;
  switch (kind) {
    case "embed-frame":
      return $createEmbedFrameNode({ url, provider: host });
    case "card":
      return $createCardNode({ key: url, title: host, mentionType: "link" });
    case "download":
      return $createDownloadNode({ url, title: decodeURIComponent(new URL(url).pathname.split("/").pop() || host) });
    case "code-host-embed":
      return $createCodeHostEmbedNode({ link: url });
    case "issue-tracker-embed":
      return $createIssueTrackerEmbedNode({ link: url });
    case "task-tracker-embed":
      return $createTaskTrackerEmbedNode({ link: url });
  }
}

/** Inserts a block at the caret and leaves the caret in its first paragraph (or after it). */
function $insertBlock(block: LexicalNode, focus?: LexicalNode) {
  $insertNodeToNearestRoot(block);
  if (focus && "selectStart" in focus) (focus as { selectStart(): void }).selectStart();
}

/**
 * The structural blocks: inserting columns, toggles, boxes and quotes, vote lists,
 * dividers, a table of contents and embeds (asking for an address when none is given);
 * changing a block's type (untracked: TrackChangesPlugin takes the command first when
 * tracking) and showing pending type changes; opening and closing toggles; deleting a
 * selected block with Backspace or Delete.
 */
export function BlockBehaviorsPlugin() {
  const [editor] = useLexicalComposerContext();
  const [asking, setAsking] = useState<EmbedKind | null>(null);

  useEffect(() => {
    const insertEmbed = (kind: EmbedKind, url: string) => editor.update(() => $insertBlock($createEmbed(kind, url)));
    const removeSelectedBlocks = (event: KeyboardEvent | null) => {
      const selection = $getSelection();
      if (!$isNodeSelection(selection)) return false;
      const nodes = selection.getNodes().filter($isDecoratorNode);
      if (nodes.length === 0) return false;
      event?.preventDefault();
      for (const node of nodes) {
        const next = node.getNextSibling() ?? node.getPreviousSibling();
        node.remove();
        if (next && "selectStart" in next) (next as { selectStart(): void }).selectStart();
      }
      return true;
    };

    return mergeRegister(
      editor.registerCommand(
        INSERT_COLUMNS_COMMAND,
        (count) => {
          const columns = $createColumnsNode();
          const first = $createParagraphNode();
          for (let i = 0; i < Math.min(Math.max(count, 2), 4); i++) columns.append($createColumnNode().append(i === 0 ? first : $createParagraphNode()));
          $insertBlock(columns, first);
          return true;
        },
        COMMAND_PRIORITY_EDITOR,
      ),
      editor.registerCommand(
        INSERT_TOGGLE_COMMAND,
        () => {
          const summary = $createToggleSummaryNode();
          const toggle = $createToggleListNode({ open: true }).append(summary, $createToggleDetailsNode().append($createParagraphNode()));
          $insertBlock(toggle, summary);
          return true;
        },
        COMMAND_PRIORITY_EDITOR,
      ),
      editor.registerCommand(
        INSERT_BOX_COMMAND,
        ({ quote }) => {
          const paragraph = $createParagraphNode();
          $insertBlock((quote ? $createQuoteBoxNode() : $createBoxNode()).append(paragraph), paragraph);
          return true;
        },
        COMMAND_PRIORITY_EDITOR,
      ),
      editor.registerCommand(
        INSERT_VOTE_LIST_COMMAND,
        () => {
          const first = $createParagraphNode();
          $insertBlock($createVoteListNode().append(first, $createParagraphNode()), first);
          return true;
        },
        COMMAND_PRIORITY_EDITOR,
      ),
      editor.registerCommand(INSERT_DIVIDER_COMMAND, () => ($insertBlock($createLineDividerNode()), true), COMMAND_PRIORITY_EDITOR),
      editor.registerCommand(INSERT_TABLE_OF_CONTENTS_COMMAND, () => ($insertBlock($createTableOfContentsNode()), true), COMMAND_PRIORITY_EDITOR),
      editor.registerCommand(
        INSERT_EMBED_COMMAND,
        ({ kind, url }) => {
          if (url) insertEmbed(kind, url);
          else setAsking(kind);
          return true;
        },
        COMMAND_PRIORITY_EDITOR,
      ),
      editor.registerCommand(
        SET_BLOCK_TYPE_COMMAND,
        (create) => {
          const selection = $getSelection();
          if (!$isRangeSelection(selection)) return false;
          $setBlocksType(selection, create);
          return true;
        },
        COMMAND_PRIORITY_EDITOR,
      ),
      // Here because this plugin runs for everyone: readers and commenters see pending type changes too.
      registerChangedBlocks(editor),
      registerCheckListRoles(editor),
      editor.registerCommand(KEY_BACKSPACE_COMMAND, removeSelectedBlocks, COMMAND_PRIORITY_LOW),
      editor.registerCommand(KEY_DELETE_COMMAND, removeSelectedBlocks, COMMAND_PRIORITY_LOW),
      // A click on a toggle's marker (left of its summary) opens or closes it, for readers too.
      editor.registerRootListener((root, previous) => {
        const onClick = (event: MouseEvent) => {
          const summary = (event.target as HTMLElement).closest(".ed-toggle__summary");
          if (!summary || event.offsetX > 24) return;
          event.preventDefault();
          editor.update(
            () => {
              const from = $getNearestNodeFromDOMNode(summary);
              const node = from ? ($findMatchingParent(from, $isToggleListNode) as ToggleListNode | null) : null;
              node?.setFields({ open: !node.getFields().open });
            },
            // Opening a toggle is a view choice, not an edit: keep it out of the room for readers.
            editor.isEditable() ? undefined : { tag: "skip-collab" },
          );
        };
        previous?.removeEventListener("click", onClick);
        root?.addEventListener("click", onClick);
      }),
    );
  }, [editor]);

  return asking ? (
    <EmbedDialog
      kind={asking}
      onClose={() => setAsking(null)}
      onSubmit={(url) => {
        setAsking(null);
        editor.update(() => $insertBlock($createEmbed(asking, url)));
      }}
    />
  ) : null;
}
