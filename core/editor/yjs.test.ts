import { $createParagraphNode, $createTextNode, $getRoot } from "lexical";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { markdownToDocument } from "../document/markdown";
import { documentToPlainText } from "../document/text";
import { roundTripDocument } from "./headless";
import { bindHeadlessEditor, documentToYDoc, yDocToDocument } from "./yjs";

const MARKDOWN = `# Launch plan

Our **new** range, with a [link](https://example.com).

1. Write the brief
   - with legal

- [x] Book the studio

> Quoted words.

![Shot](https://example.com/shot.png)

| Channel | Budget |
| ------- | ------ |
| Email   | 100    |
`;

/** Connects two docs as a room does: every update of one is applied to the other. */
function link(a: Y.Doc, b: Y.Doc) {
  a.on("update", (update: Uint8Array, origin: unknown) => origin !== "remote" && Y.applyUpdate(b, update, "remote"));
  b.on("update", (update: Uint8Array, origin: unknown) => origin !== "remote" && Y.applyUpdate(a, update, "remote"));
}

function appendParagraph(editor: ReturnType<typeof bindHeadlessEditor>["editor"], words: string) {
  return new Promise<void>((resolve) =>
    editor.update(() => $getRoot().append($createParagraphNode().append($createTextNode(words))), { onUpdate: resolve }),
  );
}

const settle = (editor: ReturnType<typeof bindHeadlessEditor>["editor"]) =>
  new Promise<void>((resolve) => editor.update(() => {}, { onUpdate: resolve }));

describe("documents on Yjs", () => {
  it("seeds a Y.Doc from a stored document and reads the same document back", async () => {
    const { document } = markdownToDocument(MARKDOWN);
    const doc = await documentToYDoc(document);
    expect(doc.get("root", Y.XmlText).length).toBeGreaterThan(0);
    expect(await yDocToDocument(doc)).toEqual(roundTripDocument(document));
  });

  it("merges concurrent edits from two clients into one document", async () => {
    const seeded = await documentToYDoc(markdownToDocument("Shared start").document);
    // Each client binds an empty doc, then receives the room's state, as on joining a room.
    const left = new Y.Doc();
    const right = new Y.Doc();
    const a = bindHeadlessEditor(left);
    const b = bindHeadlessEditor(right);
    Y.applyUpdate(left, Y.encodeStateAsUpdate(seeded), "remote");
    Y.applyUpdate(right, Y.encodeStateAsUpdate(seeded), "remote");
    await Promise.all([settle(a.editor), settle(b.editor)]);

    // Both write while apart, then the connection comes up: nothing is lost.
    await Promise.all([appendParagraph(a.editor, "From Ada"), appendParagraph(b.editor, "From Bo")]);
    link(left, right);
    Y.applyUpdate(right, Y.encodeStateAsUpdate(left), "remote");
    Y.applyUpdate(left, Y.encodeStateAsUpdate(right), "remote");

    const [fromLeft, fromRight] = await Promise.all([yDocToDocument(left), yDocToDocument(right)]);
    expect(fromLeft).toEqual(fromRight);
    const text = documentToPlainText(fromLeft);
    expect(text).toContain("Shared start");
    expect(text).toContain("From Ada");
    expect(text).toContain("From Bo");
    a.dispose();
    b.dispose();
  });
});
