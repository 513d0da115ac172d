import { CodeHighlightNode, CodeNode } from "@lexical/code";
import { LinkNode } from "@lexical/link";
import { ListItemNode, ListNode } from "@lexical/list";
import { MarkNode } from "@lexical/mark";
import { HeadingNode } from "@lexical/rich-text";
import { TableCellNode, TableNode, TableRowNode } from "@lexical/table";
import { type LexicalNodeConfig } from "lexical";
import { AiRevisionMarkNode } from "./AiRevisionMarkNode";
import { AiSuggestionNode } from "./AiSuggestionNode";
import { BoxNode } from "./BoxNode";
import { CardNode } from "./CardNode";
import { CodeHostEmbedNode } from "./CodeHostEmbedNode";
import { CollectionNode } from "./CollectionNode";
import { ColumnNode } from "./ColumnNode";
import { ColumnsNode } from "./ColumnsNode";
import { CommentMarkNode } from "./CommentMarkNode";
import { DeletionMarkNode } from "./DeletionMarkNode";
import { DiagramNode } from "./DiagramNode";
import { DownloadNode } from "./DownloadNode";
import { EmbedFrameNode } from "./EmbedFrameNode";
import { FormatChangeMarkNode } from "./FormatChangeMarkNode";
import { GeneratedImageNode } from "./GeneratedImageNode";
import { ImageNode } from "./ImageNode";
import { InsertionMarkNode } from "./InsertionMarkNode";
import { IssueTrackerEmbedNode } from "./IssueTrackerEmbedNode";
import { LineDividerNode } from "./LineDividerNode";
import { ReviewMarkNode } from "./ReviewMarkNode";
import { SmartLinkNode } from "./SmartLinkNode";
import { TableOfContentsNode } from "./TableOfContentsNode";
import { TaskMarkNode } from "./TaskMarkNode";
import { TaskTrackerEmbedNode } from "./TaskTrackerEmbedNode";
import { ToggleDetailsNode } from "./ToggleDetailsNode";
import { ToggleListNode } from "./ToggleListNode";
import { ToggleSummaryNode } from "./ToggleSummaryNode";
import { VoteListNode } from "./VoteListNode";

/** Our own nodes, one per block type or mark of SPEC section 3 that Lexical lacks. */
export const CUSTOM_NODES = [
  BoxNode,
  ImageNode,
  LineDividerNode,
  VoteListNode,
  ToggleListNode,
  ToggleSummaryNode,
  ToggleDetailsNode,
  CardNode,
  EmbedFrameNode,
  DownloadNode,
  TableOfContentsNode,
  CollectionNode,
  ColumnsNode,
  ColumnNode,
  AiSuggestionNode,
  GeneratedImageNode,
  DiagramNode,
  CodeHostEmbedNode,
  IssueTrackerEmbedNode,
  TaskTrackerEmbedNode,
  SmartLinkNode,
  CommentMarkNode,
  TaskMarkNode,
  ReviewMarkNode,
  InsertionMarkNode,
  DeletionMarkNode,
  FormatChangeMarkNode,
  AiRevisionMarkNode,
] as const;

/**
 * Every node a document may hold: what the browser editor, the Worker's headless editor
 * and the PartyKit room all register, so the three agree on the document model.
 *
 * @lexical/rich-text's QuoteNode is left out: SPEC section 3 makes a quote a box with the
 * quote colour, so the quote block and the `>` shortcut create `$createQuoteBoxNode()`
 * (Lexical's node replacement cannot do it, since BoxNode does not extend QuoteNode).
 */
export const EDITOR_NODES: ReadonlyArray<LexicalNodeConfig> = [
  HeadingNode,
  ListNode,
  ListItemNode,
  LinkNode,
  CodeNode,
  CodeHighlightNode,
  TableNode,
  TableRowNode,
  TableCellNode,
  MarkNode,
  ...CUSTOM_NODES,
];
