import { $createCodeNode } from "@lexical/code";
import { $createListItemNode, $createListNode } from "@lexical/list";
import { $createHeadingNode, $isHeadingNode } from "@lexical/rich-text";
import {
  $createParagraphNode,
  $createRangeSelection,
  $createTextNode,
  $getRoot,
  $getSelection,
  $isRangeSelection,
  $setSelection,
  type ElementNode,
  type LexicalEditor,
  type TextNode,
} from "lexical";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { documentToPlainText } from "../document/text";
import { documentSchema } from "../document/types";
import { sanitizeDocument } from "../document/validate";
import { $setCodeBlockOptions } from "./code";
import { createDocumentEditor, exportDocument } from "./headless";
import {
  $acceptChanges,
  $changesBy,
  $deleteTracked,
  $formatTracked,
  $insertListTracked,
  $insertTracked,
  $joinTracked,
  $reformatBlocksTracked,
  $rejectChanges,
  $selectedBlocks,
  $setBlocksTypeTracked,
  $splitTracked,
  $trackedChanges,
  type ChangeAuthor,
} from "./track-changes";
import { bindHeadlessEditor } from "./yjs";

const ANA = { userId: "1" };
const BEN = { userId: "2" };

function update(editor: LexicalEditor, work: () => void) {
  return new Promise<void>((resolve) => editor.update(work, { onUpdate: resolve, discrete: true }));
}

/** An editor holding one paragraph of `words`, and a way to select a range of it. */
async function paragraph(words: string) {
  const editor = createDocumentEditor();
  await update(editor, () => $getRoot().clear().append($createParagraphNode().append($createTextNode(words))));
  const text = (): string => editor.getEditorState().read(() => documentToPlainText(exportDocument(editor)).trim());
  return { editor, text };
}

/** Selects [from, to) of the paragraph's text nodes, counting characters across them. */
function $select(from: number, to: number) {
  const texts = $getRoot().getAllTextNodes();
  const point = (offset: number): [TextNode, number] => {
    let left = offset;
    for (const node of texts) {
      if (left <= node.getTextContentSize()) return [node, left];
      left -= node.getTextContentSize();
    }
    const last = texts.at(-1)!;
    return [last, last.getTextContentSize()];
  };
  const selection = $createRangeSelection();
  const [a, ao] = point(from);
  const [b, bo] = point(to);
  selection.anchor.set(a.getKey(), ao, "text");
  selection.focus.set(b.getKey(), bo, "text");
  $setSelection(selection);
  return selection;
}

const changes = (editor: LexicalEditor) => editor.getEditorState().read(() => $trackedChanges());

const BLOCKS: Record<string, () => ElementNode> = {
  paragraph: () => $createParagraphNode(),
  h2: () => $createHeadingNode("h2"),
  h3: () => $createHeadingNode("h3"),
  code: () => $createCodeNode(),
};

/**
 * An editor holding one block of `kind` whose JSON has everything a rebuild could lose:
 * bold text (a paragraph's `textFormat`), a text style, alignment, indent, and for code a
 * language and line numbers.
 */
async function block(kind: keyof typeof BLOCKS) {
  const editor = createDocumentEditor();
  await update(editor, () => {
    const node = BLOCKS[kind]!();
    node.setFormat("center");
    node.setIndent(1);
    if (kind === "code") $setCodeBlockOptions(node as ReturnType<typeof $createCodeNode>, { language: "javascript", lineNumbers: true });
    const words = $createTextNode("Spring menu").setFormat("bold").setStyle("color: #2f5ebc;");
    $getRoot().clear().append(node.append(words));
  });
  const json = () => JSON.stringify(exportDocument(editor));
  /** Turns the block into `kind` as `author`, the caret inside it. */
  const change = (to: keyof typeof BLOCKS, author: ChangeAuthor = ANA) => update(editor, () => $setBlocksTypeTracked($select(3, 3), BLOCKS[to]!, author));
  return { editor, json, change };
}

/** The top-level blocks' types, a heading's with its level ("heading:h2"). */
const blockTypes = (editor: LexicalEditor) =>
  editor.getEditorState().read(() => $getRoot().getChildren().map((node) => ($isHeadingNode(node) ? `heading:${node.getTag()}` : node.getType())));

describe("tracked changes", () => {
  it("records a deletion that keeps its text until accepted, and a reject brings it back unmarked", async () => {
    const { editor, text } = await paragraph("Our new cold brew");
    await update(editor, () => void $deleteTracked($select(4, 8), ANA));
    expect(text()).toBe("Our new cold brew");
    const [change] = changes(editor);
    expect(change).toMatchObject({ kind: "deletion", userId: "1", text: "new " });
    await update(editor, () => void $rejectChanges(new Set([change!.uuid])));
    expect(text()).toBe("Our new cold brew");
    expect(changes(editor)).toEqual([]);
    await update(editor, () => void $deleteTracked($select(4, 8), ANA));
    await update(editor, () => void $acceptChanges());
    expect(text()).toBe("Our cold brew");
  });

  it("deleting letter by letter grows one deletion rather than one per letter", async () => {
    const { editor } = await paragraph("Launch in May");
    for (const at of [12, 11, 10]) await update(editor, () => void $deleteTracked($select(at, at + 1), ANA));
    expect(changes(editor).map((change) => [change.kind, change.text])).toEqual([["deletion", "May"]]);
  });

  it("records typing as one insertion, replaces a selection as deletion plus insertion, and accepting keeps the new words", async () => {
    const { editor, text } = await paragraph("Launch in May");
    await update(editor, () => $insertTracked($select(10, 13), "A", ANA));
    await update(editor, () => {
      const selection = $getRoot().getAllTextNodes().find((node) => node.getTextContent() === "A")!;
      selection.select(1, 1);
      $insertTracked(selection.selectEnd(), "pril", ANA);
    });
    const kinds = changes(editor).map((change) => [change.kind, change.text]);
    expect(kinds).toEqual([
      ["deletion", "May"],
      ["insertion", "April"],
    ]);
    await update(editor, () => void $acceptChanges());
    expect(text()).toBe("Launch in April");
  });

  it("rejecting an insertion removes its words; deleting one's own insertion takes it back instead of marking it", async () => {
    const { editor, text } = await paragraph("Cold brew");
    await update(editor, () => $insertTracked($select(9, 9), " today", ANA));
    expect(text()).toBe("Cold brew today");
    await update(editor, () => void $deleteTracked($select(12, 15), ANA));
    expect(text()).toBe("Cold brew to");
    expect(changes(editor).map((change) => change.kind)).toEqual(["insertion"]);
    await update(editor, () => void $rejectChanges());
    expect(text()).toBe("Cold brew");
  });

  it("another person's deletion of a suggested insertion is its own change, and settling by uuid touches only that one", async () => {
    const { editor, text } = await paragraph("Cold brew");
    await update(editor, () => $insertTracked($select(0, 0), "Iced ", ANA));
    await update(editor, () => void $deleteTracked($select(10, 14), BEN));
    const byBen = editor.getEditorState().read(() => $changesBy("2"));
    expect(byBen.size).toBe(1);
    await update(editor, () => void $acceptChanges(byBen));
    expect(text()).toBe("Iced Cold");
    expect(changes(editor).map((change) => [change.kind, change.userId])).toEqual([["insertion", "1"]]);
  });

  it("a formatting change remembers the old format, and a reject restores it", async () => {
    const { editor } = await paragraph("Bold claim here");
    await update(editor, () => $formatTracked($select(0, 10), "bold", ANA));
    const formats = () => editor.getEditorState().read(() => $getRoot().getAllTextNodes().map((node) => [node.getTextContent(), node.hasFormat("bold")]));
    expect(formats()).toEqual([
      ["Bold claim", true],
      [" here", false],
    ]);
    expect(changes(editor)).toMatchObject([{ kind: "formatting_change", text: "Bold claim" }]);
    await update(editor, () => void $rejectChanges());
    expect(formats().every(([, bold]) => bold === false)).toBe(true);
    expect(changes(editor)).toEqual([]);
  });

  it.each([
    ["paragraph", "h2"],
    ["h2", "paragraph"],
    ["h2", "h3"],
    ["paragraph", "code"],
    ["code", "h2"],
    ["h3", "code"],
  ] as const)("records a %s made %s as a block type change, and a reject gives back the exact JSON", async (from, to) => {
    const { editor, json, change } = await block(from);
    const before = json();
    await change(to, { userId: "1", userName: "Ana" });
    expect(blockTypes(editor)).toEqual([to === "paragraph" || to === "code" ? to : `heading:${to}`]);
    expect(changes(editor)).toMatchObject([{ kind: "node_type_change", userId: "1", userName: "Ana", text: "Spring menu" }]);
    expect(changes(editor)[0]!.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    await update(editor, () => void $rejectChanges());
    expect(json()).toBe(before);
  });

  it("accepting a block type change keeps the new type and drops the record", async () => {
    const { editor, json, change } = await block("paragraph");
    await change("h2");
    const changed = json();
    const uuid = changes(editor)[0]!.uuid;
    await update(editor, () => void $acceptChanges(new Set([uuid])));
    expect(blockTypes(editor)).toEqual(["heading:h2"]);
    expect(changes(editor)).toEqual([]);
    expect(json()).not.toContain("nodeTypeChange");
    expect(json()).not.toBe(changed);
  });

  it("changing a block again keeps its first old type; changing it back drops the change", async () => {
    const { editor, json, change } = await block("paragraph");
    const before = json();
    await change("h2");
    const [first] = changes(editor);
    await change("h3");
    expect(changes(editor)).toEqual([first]);
    await update(editor, () => void $rejectChanges());
    expect(json()).toBe(before);

    await change("code");
    await change("paragraph");
    expect(changes(editor)).toEqual([]);
    expect(json()).toBe(before);
  });

  it("someone else's change of a block with a pending change is theirs, and rejecting it brings the first one back", async () => {
    const { editor, json, change } = await block("paragraph");
    const before = json();
    await change("h2", ANA);
    await change("h3", BEN);
    expect(changes(editor).map((entry) => entry.userId)).toEqual(["2"]);
    await update(editor, () => void $rejectChanges(editor.getEditorState().read(() => $changesBy("2"))));
    expect(blockTypes(editor)).toEqual(["heading:h2"]);
    expect(changes(editor).map((entry) => entry.userId)).toEqual(["1"]);
    await change("h3", BEN);
    // Reject all goes through both, back to the paragraph.
    await update(editor, () => void $rejectChanges());
    expect(json()).toBe(before);
  });

  it("lists a block type change beside the marks, and settles one person's by uuid", async () => {
    const { editor, change } = await block("paragraph");
    await update(editor, () => $insertTracked($select(11, 11), " today", ANA));
    await change("h2", BEN);
    expect(changes(editor).map((entry) => [entry.kind, entry.userId])).toEqual([
      ["node_type_change", "2"],
      ["insertion", "1"],
    ]);
    const byBen = editor.getEditorState().read(() => $changesBy("2"));
    await update(editor, () => void $rejectChanges(byBen));
    expect(blockTypes(editor)).toEqual(["paragraph"]);
    expect(changes(editor).map((entry) => entry.kind)).toEqual(["insertion"]);
  });

  it("a list item is turned into a heading untracked: a reject could not put it back in its list", async () => {
    const editor = createDocumentEditor();
    await update(editor, () => {
      const item = $createListItemNode().append($createTextNode("Cold brew"));
      $getRoot().clear().append($createListNode("bullet").append(item));
      $setBlocksTypeTracked(item.selectStart(), BLOCKS.h2!, ANA);
    });
    expect(blockTypes(editor)).toEqual(["heading:h2"]);
    expect(changes(editor)).toEqual([]);
  });

  it("a pending block type change survives a save: it is valid stored JSON, kept as it is", async () => {
    const { editor, change } = await block("paragraph");
    await change("h2", { userId: "1", userName: "Ana" });
    const body = exportDocument(editor);
    const { document: saved, issues } = sanitizeDocument(body);
    expect(issues).toEqual([]);
    expect(JSON.stringify(saved)).toBe(JSON.stringify(body));
    expect(documentSchema.safeParse(saved).success).toBe(true);
    expect((saved.root.children[0] as { $?: unknown }).$).toMatchObject({ nodeTypeChange: { userId: "1", previous: { type: "paragraph" } } });
  });

  it("tracked changes converge between two editors over Yjs, with their authors", async () => {
    const a = bindHeadlessEditor(new Y.Doc());
    const b = bindHeadlessEditor(new Y.Doc());
    a.doc.on("update", (u: Uint8Array, origin: unknown) => origin !== "remote" && Y.applyUpdate(b.doc, u, "remote"));
    b.doc.on("update", (u: Uint8Array, origin: unknown) => origin !== "remote" && Y.applyUpdate(a.doc, u, "remote"));
    await update(a.editor, () => $getRoot().append($createParagraphNode().append($createTextNode("Spring menu"))));
    await update(b.editor, () => {});
    await update(b.editor, () => $insertTracked($select(0, 0), "New ", BEN));
    await update(a.editor, () => void $deleteTracked($select(11, 15), ANA));
    await update(b.editor, () => {});
    const summary = (editor: LexicalEditor) => changes(editor).map((change) => `${change.kind}:${change.userId}:${change.text}`);
    expect(summary(a.editor)).toEqual(["insertion:2:New ", "deletion:1:menu"]);
    expect(summary(b.editor)).toEqual(summary(a.editor));
    a.dispose();
    b.dispose();
  });

  it("a block type change reaches the other editor with its author, and its reject there restores the block everywhere", async () => {
    const a = bindHeadlessEditor(new Y.Doc());
    const b = bindHeadlessEditor(new Y.Doc());
    a.doc.on("update", (u: Uint8Array, origin: unknown) => origin !== "remote" && Y.applyUpdate(b.doc, u, "remote"));
    b.doc.on("update", (u: Uint8Array, origin: unknown) => origin !== "remote" && Y.applyUpdate(a.doc, u, "remote"));
    await update(a.editor, () => $getRoot().append($createParagraphNode().append($createTextNode("Spring menu"))));
    await update(b.editor, () => {});
    const before = JSON.stringify(exportDocument(a.editor));
    await update(b.editor, () => $setBlocksTypeTracked($select(3, 3), BLOCKS.h2!, { userId: "2", userName: "Ben" }));
    await update(a.editor, () => {});
    expect(blockTypes(a.editor)).toEqual(["heading:h2"]);
    expect(changes(a.editor)).toMatchObject([{ kind: "node_type_change", userId: "2", userName: "Ben", text: "Spring menu" }]);
    await update(a.editor, () => void $rejectChanges());
    await update(b.editor, () => {});
    expect(JSON.stringify(exportDocument(b.editor))).toBe(before);
    expect(changes(b.editor)).toEqual([]);
    a.dispose();
    b.dispose();
  });
});

/** An editor holding these paragraphs of plain text. */
async function paragraphs(...texts: string[]) {
  const editor = createDocumentEditor();
  await update(editor, () => $getRoot().clear().append(...texts.map((text) => $createParagraphNode().append($createTextNode(text)))));
  const json = () => JSON.stringify(exportDocument(editor));
  const texts_ = () => editor.getEditorState().read(() => $getRoot().getChildren().map((node) => node.getTextContent()));
  return { editor, json, texts: texts_ };
}

const $caret = (at: number) => $select(at, at);

describe("tracked paragraph breaks", () => {
  it("Enter mid-sentence splits the paragraph as a new-paragraph change; a reject joins it back to the exact JSON, an accept keeps both", async () => {
    const { editor, json, texts } = await paragraphs("Spring menu launches in May");
    const before = json();
    await update(editor, () => void $splitTracked($caret(11), { userId: "1", userName: "Ana" }));
    expect(texts()).toEqual(["Spring menu", " launches in May"]);
    expect(changes(editor)).toMatchObject([{ kind: "insertion", detail: "split", userId: "1", userName: "Ana", text: " launches in May" }]);
    await update(editor, () => void $rejectChanges());
    expect(json()).toBe(before);
    expect(changes(editor)).toEqual([]);

    await update(editor, () => void $splitTracked($caret(11), ANA));
    await update(editor, () => void $acceptChanges());
    expect(texts()).toEqual(["Spring menu", " launches in May"]);
    expect(changes(editor)).toEqual([]);
    expect(json()).not.toContain("blockChange");
  });

  it.each([
    ["at the end (an empty new paragraph)", 11],
    ["at the start", 0],
    ["in the middle", 6],
  ])("a split %s of a styled, aligned, indented paragraph and heading is rejected back exactly", async (_where, at) => {
    for (const kind of ["paragraph", "h2"] as const) {
      const { editor, json } = await block(kind);
      const before = json();
      await update(editor, () => void $splitTracked($caret(at), ANA));
      expect(editor.getEditorState().read(() => $getRoot().getChildrenSize())).toBe(2);
      expect(changes(editor)).toMatchObject([{ kind: "insertion", detail: "split", text: at === 6 ? " menu" : "¶" }]);
      await update(editor, () => void $rejectChanges());
      expect(json()).toBe(before);
    }
  });

  it("splitting one's own new paragraph again is another change; rejecting either or both joins exactly", async () => {
    const { editor, json, texts } = await paragraphs("One two three");
    const before = json();
    await update(editor, () => void $splitTracked($caret(3), ANA));
    await update(editor, () => void $splitTracked($caret(7), ANA));
    expect(texts()).toEqual(["One", " two", " three"]);
    const [first, second] = changes(editor);
    await update(editor, () => void $rejectChanges(new Set([first!.uuid])));
    expect(texts()).toEqual(["One two", " three"]);
    await update(editor, () => void $rejectChanges(new Set([second!.uuid])));
    expect(json()).toBe(before);

    await update(editor, () => void $splitTracked($caret(3), ANA));
    await update(editor, () => void $splitTracked($caret(7), ANA));
    await update(editor, () => void $rejectChanges());
    expect(json()).toBe(before);
  });

  it("a split inside someone else's insertion continues their mark in the new paragraph, and a reject makes it one mark again", async () => {
    const { editor, json } = await paragraphs("Cold brew");
    await update(editor, () => $insertTracked($caret(4), " oat milk", BEN));
    const before = json();
    await update(editor, () => void $splitTracked($caret(8), ANA));
    expect(changes(editor).map((change) => [change.kind, change.userId, change.text])).toEqual([
      ["insertion", "2", " oat milk"],
      ["insertion", "1", " milk brew"],
    ]);
    const byAna = editor.getEditorState().read(() => $changesBy("1"));
    await update(editor, () => void $rejectChanges(byAna));
    expect(json()).toBe(before);
    // Rejecting everything also lands on the original paragraph.
    await update(editor, () => void $splitTracked($caret(8), ANA));
    await update(editor, () => void $rejectChanges());
    expect(changes(editor)).toEqual([]);
  });

  it("Backspace at a paragraph's start marks the break deleted; a reject keeps both paragraphs exactly, an accept joins them", async () => {
    const { editor, json, texts } = await paragraphs("Spring menu", "launches in May");
    const before = json();
    let handled = false;
    await update(editor, () => void (handled = $joinTracked($caret(11), { userId: "1", userName: "Ana" }, false)));
    expect(handled).toBe(true);
    expect(texts()).toEqual(["Spring menu", "launches in May"]);
    expect(changes(editor)).toMatchObject([{ kind: "deletion", detail: "join", userId: "1", userName: "Ana", text: "launches in May" }]);
    await update(editor, () => void $rejectChanges());
    expect(json()).toBe(before);

    await update(editor, () => {
      const second = $getRoot().getLastChild<ElementNode>()!;
      $joinTracked(second.selectStart(), ANA, true);
    });
    expect(changes(editor).map((change) => change.detail)).toEqual(["join"]);
    await update(editor, () => void $acceptChanges());
    expect(texts()).toEqual(["Spring menulaunches in May"]);
    expect(changes(editor)).toEqual([]);
  });

  it("only a caret at a block's edge joins; elsewhere the key is a character deletion", async () => {
    const { editor } = await paragraphs("Spring menu", "launches");
    let handled = true;
    await update(editor, () => void (handled = $joinTracked($caret(5), ANA, true)));
    expect(handled).toBe(false);
    // The first paragraph's start has nothing before it: handled, nothing recorded.
    await update(editor, () => void (handled = $joinTracked($caret(0), ANA, true)));
    expect(handled).toBe(true);
    expect(changes(editor)).toEqual([]);
  });

  it("Backspace at the start of one's own new paragraph takes the split back at once", async () => {
    const { editor, json } = await paragraphs("Spring menu launches");
    const before = json();
    await update(editor, () => void $splitTracked($caret(11), ANA));
    await update(editor, () => void $joinTracked($getRoot().getLastChild<ElementNode>()!.selectStart(), ANA, true));
    expect(changes(editor)).toEqual([]);
    expect(json()).toBe(before);
    // Enter at the start makes an empty paragraph before; Backspace takes it back too.
    await update(editor, () => void $splitTracked($caret(0), ANA));
    expect(changes(editor)).toMatchObject([{ detail: "split", text: "¶" }]);
    await update(editor, () => void $joinTracked($getRoot().getLastChild<ElementNode>()!.selectStart(), ANA, true));
    expect(json()).toBe(before);
  });

  it("a pending paragraph break survives a save: it is valid stored JSON, kept as it is", async () => {
    const { editor } = await paragraphs("Spring menu launches", "in May");
    await update(editor, () => void $splitTracked($caret(11), { userId: "1", userName: "Ana" }));
    await update(editor, () => void $joinTracked($getRoot().getLastChild<ElementNode>()!.selectStart(), ANA, true));
    const body = exportDocument(editor);
    const { document: saved, issues } = sanitizeDocument(body);
    expect(issues).toEqual([]);
    expect(JSON.stringify(saved)).toBe(JSON.stringify(body));
    expect(documentSchema.safeParse(saved).success).toBe(true);
    expect(saved.root.children.map((node) => (node as { $?: { blockChange?: { kind: string } } }).$?.blockChange?.kind)).toEqual([undefined, "split", "join"]);
  });

  it("a split reaches the other editor with its author, and its reject there joins the paragraph everywhere", async () => {
    const a = bindHeadlessEditor(new Y.Doc());
    const b = bindHeadlessEditor(new Y.Doc());
    a.doc.on("update", (u: Uint8Array, origin: unknown) => origin !== "remote" && Y.applyUpdate(b.doc, u, "remote"));
    b.doc.on("update", (u: Uint8Array, origin: unknown) => origin !== "remote" && Y.applyUpdate(a.doc, u, "remote"));
    await update(a.editor, () => $getRoot().append($createParagraphNode().append($createTextNode("Spring menu launches"))));
    await update(b.editor, () => {});
    const before = JSON.stringify(exportDocument(a.editor));
    await update(b.editor, () => void $splitTracked($caret(11), { userId: "2", userName: "Ben" }));
    await update(a.editor, () => {});
    expect(changes(a.editor)).toMatchObject([{ kind: "insertion", detail: "split", userId: "2", userName: "Ben", text: " launches" }]);
    await update(a.editor, () => void $rejectChanges());
    await update(b.editor, () => {});
    expect(JSON.stringify(exportDocument(b.editor))).toBe(before);
    expect(JSON.stringify(exportDocument(a.editor))).toBe(before);
    a.dispose();
    b.dispose();
  });
});

describe("tracked alignment and indent", () => {
  const align = (format: "center" | "right" | "") => () => $reformatBlocksTracked($selectedBlocks($select(0, 3)), (block) => block.setFormat(format), ANA);
  const indent = (by: number) => () => $reformatBlocksTracked($selectedBlocks($select(0, 3)), (block) => block.setIndent(Math.max(0, block.getIndent() + by)), ANA);

  it("centring a paragraph is a block change listed as alignment; a reject gives back the exact JSON, an accept keeps it", async () => {
    const { editor, json } = await paragraphs("Spring menu launches in May");
    const before = json();
    await update(editor, align("center"));
    expect(json()).toContain('"format":"center"');
    expect(changes(editor)).toMatchObject([{ kind: "node_type_change", detail: "align", userId: "1", text: "Spring menu launches in May" }]);
    await update(editor, () => void $rejectChanges());
    expect(json()).toBe(before);
    await update(editor, align("right"));
    await update(editor, () => void $acceptChanges());
    expect(changes(editor)).toEqual([]);
    expect(json()).toContain('"format":"right"');
    expect(json()).not.toContain("nodeTypeChange");
  });

  it("indenting is listed as indent; indenting twice is still one change, and outdenting back to the start drops it", async () => {
    const { editor, json } = await paragraphs("Spring menu launches in May");
    const before = json();
    await update(editor, indent(1));
    await update(editor, indent(1));
    expect(changes(editor)).toMatchObject([{ kind: "node_type_change", detail: "indent" }]);
    expect(json()).toContain('"indent":2');
    await update(editor, indent(-1));
    await update(editor, indent(-1));
    expect(changes(editor)).toEqual([]);
    expect(json()).toBe(before);
  });

  it("a heading made and then centred is one block type change, which a reject undoes whole", async () => {
    const { editor, json } = await paragraphs("Spring menu launches in May");
    const before = json();
    await update(editor, () => $setBlocksTypeTracked($select(0, 3), BLOCKS.h2!, ANA));
    await update(editor, align("center"));
    expect(changes(editor)).toMatchObject([{ kind: "node_type_change" }]);
    expect(changes(editor)[0]!.detail).toBeUndefined();
    await update(editor, () => void $rejectChanges());
    expect(json()).toBe(before);
  });

  it("someone else's alignment kept beneath a second person's indent comes back when only the indent is rejected", async () => {
    const { editor, json } = await paragraphs("Spring menu launches in May");
    await update(editor, align("center"));
    const centred = json();
    await update(editor, () => $reformatBlocksTracked($selectedBlocks($select(0, 3)), (block) => block.setIndent(1), BEN));
    expect(changes(editor)).toMatchObject([{ detail: "indent", userId: "2" }]);
    await update(editor, () => void $rejectChanges($changesBy("2")));
    expect(JSON.parse(json())).toEqual(JSON.parse(centred));
    expect(changes(editor)).toMatchObject([{ detail: "align", userId: "1" }]);
  });
});

describe("a tracked deletion across paragraphs", () => {
  it("takes the breaks between them too, as one change: accepted, the paragraphs are one; rejected, the exact JSON is back", async () => {
    const { editor, json, texts } = await paragraphs("Spring menu launches", "in May with", "three new drinks");
    const before = json();
    // From "launches" in the first paragraph to "with" in the second-but-one's middle: "Spring menu " + "drinks" is left.
    await update(editor, () => void $deleteTracked($select(12, 41), ANA));
    expect(changes(editor)).toEqual([expect.objectContaining({ kind: "deletion", userId: "1", text: "launchesin May withthree new " })]);
    await update(editor, () => void $rejectChanges());
    expect(json()).toBe(before);

    await update(editor, () => void $deleteTracked($select(12, 41), ANA));
    await update(editor, () => void $acceptChanges());
    expect(texts()).toEqual(["Spring menu drinks"]);
    expect(changes(editor)).toEqual([]);
  });
});

describe("tracked list item breaks", () => {
  /** An editor holding one list of these items (`check` for a check list, the first ticked). */
  async function list(type: "bullet" | "check", ...items: string[]) {
    const editor = createDocumentEditor();
    await update(editor, () =>
      $getRoot()
        .clear()
        .append($createListNode(type).append(...items.map((words, i) => $createListItemNode(type === "check" ? i === 0 : undefined).append($createTextNode(words))))),
    );
    const json = () => JSON.stringify(exportDocument(editor));
    const texts = () => editor.getEditorState().read(() => $getRoot().getFirstChildOrThrow<ElementNode>().getChildren().map((node) => node.getTextContent()));
    return { editor, json, texts };
  }

  it.each([
    ["in the middle", 4],
    ["at the end", 11],
    ["at the start", 0],
  ])("Enter %s of a list item makes a new item, listed as a new paragraph; a reject gives back the exact JSON", async (_where, at) => {
    for (const type of ["bullet", "check"] as const) {
      const { editor, json, texts } = await list(type, "Oat flat white", "Cold brew");
      const before = json();
      await update(editor, () => void $splitTracked($caret(at), ANA));
      expect(texts()).toHaveLength(3);
      expect(changes(editor)).toMatchObject([{ kind: "insertion", detail: "split", userId: "1" }]);
      await update(editor, () => void $rejectChanges());
      expect(json()).toBe(before);
    }
  });

  it("Delete at a list item's end joins the next item to it as a tracked join, which an accept makes one item", async () => {
    const { editor, json, texts } = await list("bullet", "Oat flat white", "Cold brew");
    const before = json();
    // The caret at the first item's end (14 characters).
    await update(editor, () => void $joinTracked($caret(14), ANA, false));
    expect(changes(editor)).toMatchObject([{ kind: "deletion", detail: "join" }]);
    await update(editor, () => void $rejectChanges());
    expect(json()).toBe(before);
    await update(editor, () => void $joinTracked($caret(14), ANA, false));
    await update(editor, () => void $acceptChanges());
    expect(texts()).toEqual(["Oat flat whiteCold brew"]);
  });

  it("Enter in an empty list item is not tracked: it would leave its list", async () => {
    const { editor } = await list("bullet", "Oat flat white", "");
    let tracked = true;
    await update(editor, () => {
      $getRoot().getFirstChildOrThrow<ElementNode>().getLastChildOrThrow<ElementNode>().selectStart();
      const selection = $getSelection();
      tracked = $isRangeSelection(selection) && $splitTracked(selection, ANA);
    });
    expect(tracked).toBe(false);
  });
});

describe("a tracked list", () => {
  const $selectAll = () => {
    const texts = $getRoot().getAllTextNodes();
    const selection = $createRangeSelection();
    selection.anchor.set(texts[0]!.getKey(), 0, "text");
    selection.focus.set(texts.at(-1)!.getKey(), texts.at(-1)!.getTextContentSize(), "text");
    $setSelection(selection);
  };
  const types = (editor: LexicalEditor) => editor.getEditorState().read(() => $getRoot().getChildren().map((node) => node.getType()));

  it.each(["bullet", "number", "check"] as const)("paragraphs made a %s list are block changes; a reject puts them back outside the list exactly, an accept keeps the list", async (listType) => {
    const { editor, json } = await paragraphs("Book the photographer", "Order glasses", "Print the menus");
    const before = json();
    let made = false;
    await update(editor, () => {
      $selectAll();
      made = $insertListTracked(listType, ANA);
    });
    expect(made).toBe(true);
    expect(types(editor)).toEqual(["list"]);
    // One command, one change: its text is every item's.
    expect(changes(editor).map((change) => [change.kind, change.text])).toEqual([["node_type_change", "Book the photographerOrder glassesPrint the menus"]]);
    await update(editor, () => void $rejectChanges());
    expect(json()).toBe(before);

    await update(editor, () => {
      $selectAll();
      $insertListTracked(listType, ANA);
    });
    await update(editor, () => void $acceptChanges());
    expect(types(editor)).toEqual(["list"]);
    expect(changes(editor)).toEqual([]);
    expect(json()).not.toContain("nodeTypeChange");
  });

  it("a paragraph made a list item beside an existing list (Lexical merges them) is put back by a reject, the list split around it", async () => {
    const editor = createDocumentEditor();
    await update(editor, () =>
      $getRoot()
        .clear()
        .append(
          $createParagraphNode().append($createTextNode("Intro")),
          $createListNode("bullet").append($createListItemNode().append($createTextNode("Existing item"))),
        ),
    );
    const before = JSON.stringify(exportDocument(editor));
    await update(editor, () => {
      $getRoot().getAllTextNodes()[0]!.select(0, 5);
      $insertListTracked("bullet", ANA);
    });
    expect(changes(editor)).toMatchObject([{ kind: "node_type_change", text: "Intro" }]);
    await update(editor, () => void $rejectChanges());
    expect(JSON.stringify(exportDocument(editor))).toBe(before);
  });

  it("is not tracked inside a list: changing or leaving a list is left to Lexical, untracked", async () => {
    const { editor } = await paragraphs("Book the photographer");
    await update(editor, () => {
      $selectAll();
      $insertListTracked("bullet", ANA);
    });
    await update(editor, () => void $acceptChanges());
    let made = true;
    await update(editor, () => {
      $selectAll();
      made = $insertListTracked("number", ANA);
    });
    expect(made).toBe(false);
  });
});
