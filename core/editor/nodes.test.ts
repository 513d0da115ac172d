import { $createCodeNode, $isCodeNode } from "@lexical/code";
import { $createListItemNode, $createListNode, $isListItemNode } from "@lexical/list";
import { $isTableCellNode, $isTableRowNode } from "@lexical/table";
import { $createParagraphNode, $createTextNode, $getRoot, type LexicalNode } from "lexical";
import { describe, expect, it } from "vitest";
import { EDITOR_NODE_TYPES } from "../email/fallbacks";
import { $getCodeBlockOptions, $setCodeBlockOptions, CODE_INDENT_UNIT, CODE_TAB_SIZE } from "./code";
import { $getTodoId, $setTodoId } from "./checkList";
import { createDocumentEditor, exportDocument, loadDocument } from "./headless";
import { $createDocumentLinkNode } from "./link";
import { $createAiRevisionMarkNode } from "./nodes/AiRevisionMarkNode";
import { $createAiSuggestionNode } from "./nodes/AiSuggestionNode";
import { $createBoxNode, $createQuoteBoxNode, $isBoxNode } from "./nodes/BoxNode";
import { $createCardNode } from "./nodes/CardNode";
import { $createCodeHostEmbedNode } from "./nodes/CodeHostEmbedNode";
import { $createCollectionNode } from "./nodes/CollectionNode";
import { $createColumnNode } from "./nodes/ColumnNode";
import { $createColumnsNode } from "./nodes/ColumnsNode";
import { $createCommentMarkNode, $isCommentMarkNode } from "./nodes/CommentMarkNode";
import { $createDeletionMarkNode } from "./nodes/DeletionMarkNode";
import { $createDiagramNode } from "./nodes/DiagramNode";
import { $createDownloadNode } from "./nodes/DownloadNode";
import { $createEmbedFrameNode } from "./nodes/EmbedFrameNode";
import { $createFormatChangeMarkNode } from "./nodes/FormatChangeMarkNode";
import { $createGeneratedImageNode } from "./nodes/GeneratedImageNode";
import { $createImageNode } from "./nodes/ImageNode";
import { $createInsertionMarkNode } from "./nodes/InsertionMarkNode";
import { $createIssueTrackerEmbedNode } from "./nodes/IssueTrackerEmbedNode";
import { $createLineDividerNode } from "./nodes/LineDividerNode";
import { $createReviewMarkNode } from "./nodes/ReviewMarkNode";
import { $createSmartLinkNode } from "./nodes/SmartLinkNode";
import { $createTableOfContentsNode } from "./nodes/TableOfContentsNode";
import { $createTaskMarkNode } from "./nodes/TaskMarkNode";
import { $createTaskTrackerEmbedNode } from "./nodes/TaskTrackerEmbedNode";
import { $createToggleDetailsNode } from "./nodes/ToggleDetailsNode";
import { $createToggleListNode } from "./nodes/ToggleListNode";
import { $createToggleSummaryNode } from "./nodes/ToggleSummaryNode";
import { $createVoteListNode } from "./nodes/VoteListNode";
import { CUSTOM_NODES } from "./nodes";
import { $createDocumentTableNode, TABLE_CELL_HEIGHT, TABLE_CELL_WIDTH } from "./table";
import { readTextStyle, writeTextStyle } from "./textStyle";

/** Builds root content in a fresh headless editor and returns the exported document. */
function build(children: () => LexicalNode[]) {
  const editor = createDocumentEditor();
  editor.update(() => $getRoot().clear().append(...children()), { discrete: true });
  return { editor, json: exportDocument(editor) };
}

/** The document exported, loaded into a fresh editor and exported again. */
function reload(json: ReturnType<typeof exportDocument>) {
  const editor = createDocumentEditor();
  loadDocument(editor, json);
  return exportDocument(editor);
}

const paragraph = (text: string) => $createParagraphNode().append($createTextNode(text));
const inParagraph = (node: LexicalNode) => $createParagraphNode().append(node);

describe("node defaults", () => {
  it("gives a card 700 × 375 and an embed frame 800 × 800", () => {
    const { json } = build(() => [$createCardNode(), $createEmbedFrameNode({ url: "https://example.com" })]);
    expect(json.root.children[0]).toMatchObject({ type: "card", width: 700, height: 375 });
    expect(json.root.children[1]).toMatchObject({ type: "embed-frame", width: 800, height: 800 });
  });

  it("draws a line divider solid_thin", () => {
    const { json } = build(() => [$createLineDividerNode()]);
    expect(json.root.children[0]).toEqual({ type: "line-divider", version: 1, style: "solid_thin" });
  });

  it("colours a box #dee2e6 and a quote #2F5EBC", () => {
    const { editor } = build(() => [$createBoxNode().append(paragraph("a")), $createQuoteBoxNode().append(paragraph("b"))]);
    editor.getEditorState().read(() => {
      const [box, quote] = $getRoot().getChildren();
      if (!$isBoxNode(box) || !$isBoxNode(quote)) throw new Error("expected boxes");
      expect(box.getBoxColor()).toBe("#dee2e6");
      expect(box.isQuote()).toBe(false);
      expect(quote.getFields().quoteColor).toBe("#2F5EBC");
      expect(quote.isQuote()).toBe(true);
    });
  });

  it("makes a new table's cells 128 × 37", () => {
    const { editor, json } = build(() => [$createDocumentTableNode(2, 3)]);
    expect(TABLE_CELL_WIDTH).toBe(128);
    expect(TABLE_CELL_HEIGHT).toBe(37);
    editor.getEditorState().read(() => {
      const row = $getRoot().getFirstChildOrThrow<LexicalNode & { getChildren(): LexicalNode[] }>().getChildren()[0];
      if (!$isTableRowNode(row)) throw new Error("expected a row");
      expect(row.getHeight()).toBe(37);
      const cell = row.getFirstChild();
      if (!$isTableCellNode(cell)) throw new Error("expected a cell");
      expect(cell.getWidth()).toBe(128);
      expect(cell.hasHeader()).toBe(true);
    });
    expect(reload(json)).toEqual(json);
  });

  it("indents code by 2 with tabs of 4, and keeps line numbers and wrapping", () => {
    expect(CODE_INDENT_UNIT).toBe(2);
    expect(CODE_TAB_SIZE).toBe(4);
    const { json } = build(() => {
      const code = $createCodeNode("typescript").append($createTextNode("let a = 1;"));
      $setCodeBlockOptions(code, { theme: "github", lineNumbers: true, lineWrapping: false });
      return [code];
    });
    const editor = createDocumentEditor();
    loadDocument(editor, json);
    editor.getEditorState().read(() => {
      const code = $getRoot().getFirstChild();
      if (!$isCodeNode(code)) throw new Error("expected code");
      expect($getCodeBlockOptions(code)).toEqual({ language: "typescript", theme: "github", lineNumbers: true, lineWrapping: false });
    });
    expect(exportDocument(editor)).toEqual(json);
  });

  it("opens links in a new tab and empties a javascript: link", () => {
    const { json } = build(() => [
      inParagraph($createDocumentLinkNode("https://example.com").append($createTextNode("ok"))),
      inParagraph($createDocumentLinkNode("javascript:alert(1)").append($createTextNode("bad"))),
    ]);
    expect(json.root.children[0]).toMatchObject({ children: [{ type: "link", url: "https://example.com", target: "_blank", rel: "noopener noreferrer" }] });
    expect(json.root.children[1]).toMatchObject({ children: [{ type: "link", url: "" }] });
  });

  it("keeps a check list item's todo id", () => {
    const { json } = build(() => {
      const item = $createListItemNode(true).append($createTextNode("ship it"));
      $setTodoId(item, "todo-1");
      return [$createListNode("check").append(item)];
    });
    const editor = createDocumentEditor();
    loadDocument(editor, json);
    editor.getEditorState().read(() => {
      const item = $getRoot().getFirstChildOrThrow<LexicalNode & { getFirstChild(): LexicalNode | null }>().getFirstChild();
      if (!$isListItemNode(item)) throw new Error("expected an item");
      expect(item.getChecked()).toBe(true);
      expect($getTodoId(item)).toBe("todo-1");
    });
  });

  it("starts a comment mark unresolved and keyed by its uuid", () => {
    const { editor } = build(() => [inParagraph($createCommentMarkNode({ uuid: "c1", color: "#ff0" }).append($createTextNode("x")))]);
    editor.getEditorState().read(() => {
      const mark = $getRoot().getFirstChildOrThrow<LexicalNode & { getFirstChild(): LexicalNode | null }>().getFirstChild();
      if (!$isCommentMarkNode(mark)) throw new Error("expected a comment mark");
      expect(mark.getFields()).toEqual({ uuid: "c1", color: "#ff0", resolved: false });
      expect(mark.getIDs()).toEqual(["c1"]);
    });
  });

  it("uses the node type names core/email already renders", () => {
    const types = new Set(CUSTOM_NODES.map((klass) => klass.getType()));
    const editorTypes = Object.values(EDITOR_NODE_TYPES).filter((type) => type !== "linebreak" && type !== "code");
    for (const type of editorTypes) expect(types).toContain(type);
  });
});

describe("text style marks", () => {
  it("writes and reads size, weight, family, colour and highlight", () => {
    const style = writeTextStyle("", { fontSize: 20, fontWeight: 700, fontFamily: "Inter", color: "#112233", highlight: "#ffff00" });
    expect(readTextStyle(style)).toEqual({ fontSize: 20, fontWeight: 700, fontFamily: "Inter", color: "#112233", highlight: "#ffff00" });
  });

  it("paints a gradient through the text instead of a colour", () => {
    const style = writeTextStyle("color: red;", { gradient: "linear-gradient(90deg, #f00, #00f)" });
    expect(readTextStyle(style)).toEqual({ gradient: "linear-gradient(90deg, #f00, #00f)" });
    expect(readTextStyle(writeTextStyle(style, { color: "#000" }))).toEqual({ color: "#000" });
  });

  it("refuses a font family outside the list", () => {
    expect(readTextStyle(writeTextStyle("", { fontFamily: "Comic Hack" }))).toEqual({});
    expect(readTextStyle("font-family: Comic Hack;")).toEqual({});
  });

  it("removes a mark given null", () => {
    expect(writeTextStyle("font-size: 20px; color: red;", { fontSize: null })).toBe("color: red;");
  });
});

describe("every node survives exportJSON → importJSON", () => {
  const cases: Array<[string, () => LexicalNode[]]> = [
    ["box", () => [$createBoxNode({ boxColor: "#eee", blockId: "b1" }).append(paragraph("in a box"))]],
    ["quote box", () => [$createQuoteBoxNode().append(paragraph("quoted"))]],
    [
      "image",
      () => [
        inParagraph(
          $createImageNode({
            src: "https://example.com/a.png",
            alt: "A",
            title: "T",
            description: "D",
            float: "left",
            href: "https://example.com",
            width: 0.5,
            nativeWidth: 800,
            nativeHeight: 600,
            mediaFileId: "m1",
            source: "upload",
            stockPhotoQuery: "cats",
            stockPhotoId: "s1",
          })
        ),
      ],
    ],
    ["line divider", () => [$createLineDividerNode({ style: "dashed_thick" })]],
    ["vote list", () => [$createVoteListNode({ voters: { "0": ["u1", "u2"] } }).append(paragraph("option"))]],
    [
      "toggle list",
      () => [
        $createToggleListNode({ open: true }).append(
          $createToggleSummaryNode().append($createTextNode("summary")),
          $createToggleDetailsNode().append(paragraph("details"))
        ),
      ],
    ],
    ["card", () => [$createCardNode({ mentionType: "document", key: "k", title: "T", userId: "u", mode: "embed", cardStyle: "wide" })]],
    ["embed frame", () => [$createEmbedFrameNode({ url: "https://v.example", provider: "video", size: "large", float: "center" })]],
    ["download", () => [$createDownloadNode({ url: "https://f.example/a.pdf", title: "A", format: "pdf", description: "D", meta: { size: 12 } })]],
    ["table of contents", () => [$createTableOfContentsNode()]],
    ["collection", () => [$createCollectionNode({ collectionId: "c1", title: "Posts" })]],
    ["columns", () => [$createColumnsNode().append($createColumnNode({ width: "1fr" }).append(paragraph("left")), $createColumnNode().append(paragraph("right")))]],
    ["AI suggestion", () => [$createAiSuggestionNode({ contentData: { text: "try this", tone: "warm" } })]],
    ["generated image", () => [$createGeneratedImageNode({ prompt: "a cat", src: "https://i.example/c.png", alt: "cat" })]],
    ["diagram", () => [$createDiagramNode({ code: "graph TD; A-->B", width: 600, float: "left", backgroundColor: "#fff" })]],
    ["code-host embed", () => [$createCodeHostEmbedNode({ link: "https://git.example/pr/1", embedType: "pull", mode: "card" })]],
    ["issue-tracker embed", () => [$createIssueTrackerEmbedNode({ link: "https://issues.example/1", embedType: "issue", mode: "inline" })]],
    ["task-tracker embed", () => [$createTaskTrackerEmbedNode({ link: "https://tasks.example/1", embedType: "task", mode: "card" })]],
    ["smart link", () => [inParagraph($createSmartLinkNode({ url: "https://x.example", linkType: "user", key: "k", userId: "u", title: "Ann" }))]],
    ["comment mark", () => [inParagraph($createCommentMarkNode({ uuid: "c1", color: "#ff0", resolved: true }).append($createTextNode("c")))]],
    ["task mark", () => [inParagraph($createTaskMarkNode({ uuid: "t1", taskId: "task" }).append($createTextNode("t")))]],
    ["review mark", () => [inParagraph($createReviewMarkNode({ uuid: "r1", reviewId: "rev" }).append($createTextNode("r")))]],
    ["insertion mark", () => [inParagraph($createInsertionMarkNode({ uuid: "i1", userId: "u", createdAt: "2026-01-01T00:00:00Z" }).append($createTextNode("i")))]],
    ["deletion mark", () => [inParagraph($createDeletionMarkNode({ uuid: "d1", userId: "u" }).append($createTextNode("d")))]],
    ["formatting change mark", () => [inParagraph($createFormatChangeMarkNode({ uuid: "f1", previousFormat: 1, previousStyle: "" }).append($createTextNode("f")))]],
    ["AI revision mark", () => [inParagraph($createAiRevisionMarkNode({ uuid: "a1", previousText: "old" }).append($createTextNode("new")))]],
  ];

  it.each(cases)("%s", (_name, children) => {
    const { json } = build(children);
    expect(reload(json)).toEqual(json);
  });

  it("keeps every field of every node", () => {
    const { json } = build(() => cases.flatMap(([, children]) => children()));
    const serialized = JSON.stringify(json);
    for (const value of ["dashed_thick", "stockPhotoQuery", "cardStyle", "contentData", "backgroundColor", "embedType", "linkType", "previousText", '"resolved":true', '"voters"']) {
      expect(serialized).toContain(value);
    }
  });
});
