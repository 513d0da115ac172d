import { $createParagraphNode, $createRangeSelection, $createTextNode, $getRoot, $setSelection, type LexicalEditor, type TextNode } from "lexical";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { documentToPlainText } from "../document/text";
import { createDocumentEditor, exportDocument } from "./headless";
import { $acceptChanges, $changesBy, $deleteTracked, $formatTracked, $insertTracked, $rejectChanges, $trackedChanges } from "./track-changes";
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
});
