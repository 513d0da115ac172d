import { $dfs } from "@lexical/utils";
import { $createParagraphNode, $createRangeSelection, $createTextNode, $getRoot, $isTextNode, type LexicalEditor } from "lexical";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { describeQuote } from "../document/quote";
import { documentToPlainText } from "../document/text";
import { document as root, paragraph, text } from "../document/nodes";
import type { SerializedDocument } from "../document/types";
import { $applyCommentMarkEdit, commentMarkedDocument, commentMarkUpdate, commentMarkUuids, onlyCommentMarksDiffer, withoutCommentMarks } from "./comment-marks";
import { exportDocument } from "./headless";
import { $insertTracked } from "./track-changes";
import { bindHeadlessEditor, documentToYDoc, yDocToDocument } from "./yjs";

const doc = (...texts: string[]): SerializedDocument => root(texts.map((t) => paragraph([text(t)])));
/** The quote the browser would send for `exact` in these blocks' text (their text nodes, joined with nothing between). */
const quoteOf = (texts: string[], exact: string, occurrence = 0) => {
  const all = texts.join("");
  let at = all.indexOf(exact);
  for (let i = 0; i < occurrence; i++) at = all.indexOf(exact, at + 1);
  return describeQuote(all, at, at + exact.length);
};

/** Each comment mark's uuid, resolved flag and text, in document order. */
function marksIn(document: SerializedDocument) {
  const found: string[] = [];
  const walk = (node: { type?: string; uuid?: string; resolved?: boolean; children?: unknown[]; text?: string }) => {
    if (node.type === "comment-mark") found.push(`${node.uuid}${node.resolved ? " (resolved)" : ""}: ${collect(node)}`);
    for (const child of (node.children ?? []) as (typeof node)[]) walk(child);
  };
  const collect = (node: { text?: string; children?: unknown[] }): string => (node.text ?? "") + ((node.children ?? []) as (typeof node)[]).map(collect).join("");
  walk(document.root as never);
  return found;
}

function update(editor: LexicalEditor, work: () => void) {
  return new Promise<void>((resolve) => editor.update(work, { onUpdate: resolve, discrete: true }));
}

describe("comment marks", () => {
  const texts = ["Our oat-milk cold brew launches in April.", "Cold brew costs £3.20 in every shop."];

  it("wraps the quoted words in a mark with the thread's uuid, picking the occurrence whose context matches", () => {
    const marked = commentMarkedDocument(doc(...texts), { action: "mark", uuid: "t1", quote: quoteOf(texts, "brew", 1) });
    expect(marks(marked)).toEqual(["t1: brew"]);
    // The second "brew" (in the second paragraph) is the one marked; the text is unchanged.
    expect(JSON.stringify(marked!.root.children[1])).toContain("comment-mark");
    expect(JSON.stringify(marked!.root.children[0])).not.toContain("comment-mark");
    expect(documentToPlainText(marked!)).toBe(documentToPlainText(doc(...texts)));
    expect(commentMarkUuids(marked!)).toEqual(new Set(["t1"]));
  });

  it("marks words across two paragraphs, one mark per block", () => {
    const marked = commentMarkedDocument(doc(...texts), { action: "mark", uuid: "t2", quote: quoteOf(texts, "April.Cold brew") });
    expect(marks(marked)).toEqual(["t2: April.", "t2: Cold brew"]);
  });

  it("is resolved, reopened and removed, leaving the words as they were", () => {
    const marked = commentMarkedDocument(doc(...texts), { action: "mark", uuid: "t3", quote: quoteOf(texts, "£3.20") })!;
    const resolved = commentMarkedDocument(marked, { action: "resolve", uuid: "t3", resolved: true })!;
    expect(marks(resolved)).toEqual(["t3 (resolved): £3.20"]);
    // Resolving again changes nothing, so there is nothing to write.
    expect(commentMarkedDocument(resolved, { action: "resolve", uuid: "t3", resolved: true })).toBeNull();
    expect(marks(commentMarkedDocument(resolved, { action: "resolve", uuid: "t3", resolved: false }))).toEqual(["t3: £3.20"]);
    const removed = commentMarkedDocument(resolved, { action: "remove", uuid: "t3" })!;
    expect(marks(removed)).toEqual([]);
    expect(JSON.stringify(removed)).toBe(JSON.stringify(withoutCommentMarks(doc(...texts))));
  });

  it("finds nothing when the words are gone (the thread is orphaned) and marks a thread once", () => {
    expect(commentMarkedDocument(doc(...texts), { action: "mark", uuid: "t4", quote: { exact: "oat milk latte", prefix: "", suffix: "" } })).toBeNull();
    const marked = commentMarkedDocument(doc(...texts), { action: "mark", uuid: "t4", quote: quoteOf(texts, "April") })!;
    expect(marks(commentMarkedDocument(marked, { action: "mark", uuid: "t4", quote: quoteOf(texts, "April") }))).toEqual(["t4: April"]);
  });

  it("tells bodies that differ only in comment marks from bodies whose words changed", () => {
    const before = doc(...texts);
    const marked = commentMarkedDocument(before, { action: "mark", uuid: "t5", quote: quoteOf(texts, "cold brew") })!;
    expect(onlyCommentMarksDiffer(before, marked)).toBe(true);
    expect(onlyCommentMarksDiffer(marked, commentMarkedDocument(marked, { action: "resolve", uuid: "t5", resolved: true })!)).toBe(true);
    expect(onlyCommentMarksDiffer(before, commentMarkedDocument(doc("Our oat-milk cold brew launches in May.", texts[1]!), { action: "mark", uuid: "t5", quote: quoteOf(texts, "cold brew") })!)).toBe(false);
  });

  it("converges between two editors over Yjs: a mark placed in the room while the other types inside and beside it", async () => {
    const a = bindHeadlessEditor(new Y.Doc());
    const b = bindHeadlessEditor(new Y.Doc());
    a.doc.on("update", (u: Uint8Array, origin: unknown) => origin !== "remote" && Y.applyUpdate(b.doc, u, "remote"));
    b.doc.on("update", (u: Uint8Array, origin: unknown) => origin !== "remote" && Y.applyUpdate(a.doc, u, "remote"));
    await update(a.editor, () => $getRoot().append($createParagraphNode().append($createTextNode(texts[0]!))));
    await update(b.editor, () => {});
    // The room's edit (as the Worker asks for it) is made on a replica of a's state and applied to a.
    const { found, update: markUpdate } = await commentMarkUpdate(a.doc, { action: "mark", uuid: "t6", quote: quoteOf([texts[0]!], "cold brew") });
    expect(found).toBe(true);
    Y.applyUpdate(a.doc, markUpdate!, "worker-edit");
    await update(a.editor, () => {});
    // b types a tracked insertion right after the marked words.
    await update(b.editor, () => {
      const node = [...$dfs()].map(({ node }) => node).filter($isTextNode).find((n) => n.getTextContent() === " launches in April.")!;
      const selection = $createRangeSelection();
      selection.anchor.set(node.getKey(), 0, "text");
      selection.focus.set(node.getKey(), 0, "text");
      $insertTracked(selection, " (new)", { userId: "2", userName: "Ben" });
    });
    await update(a.editor, () => {});
    const aDoc = exportDocument(a.editor);
    expect(JSON.stringify(aDoc)).toBe(JSON.stringify(exportDocument(b.editor)));
    expect(marks(aDoc)).toEqual(["t6: cold brew"]);
    expect(documentToPlainText(aDoc)).toBe("Our oat-milk cold brew (new) launches in April.");
    a.dispose();
    b.dispose();
  });

  it("survives a room restart: the persisted Yjs state, loaded again, holds the mark, and the mark can still be resolved there", async () => {
    const room = await documentToYDoc(doc(...texts));
    const marked = await commentMarkUpdate(room, { action: "mark", uuid: "t7", quote: quoteOf(texts, "launches in April") });
    Y.applyUpdate(room, marked.update!);
    const restarted = new Y.Doc();
    Y.applyUpdate(restarted, Y.encodeStateAsUpdate(room));
    expect(marks(await yDocToDocument(restarted))).toEqual(["t7: launches in April"]);
    const resolved = await commentMarkUpdate(restarted, { action: "resolve", uuid: "t7", resolved: true });
    Y.applyUpdate(restarted, resolved.update!);
    expect(marks(await yDocToDocument(restarted))).toEqual(["t7 (resolved): launches in April"]);
  });

  it("is one of the edits an editor update can make", async () => {
    const a = bindHeadlessEditor(new Y.Doc());
    await update(a.editor, () => $getRoot().append($createParagraphNode().append($createTextNode("Spring menu"))));
    let found = false;
    await update(a.editor, () => void (found = $applyCommentMarkEdit({ action: "mark", uuid: "t8", quote: { exact: "menu", prefix: "Spring ", suffix: "" } })));
    expect(found).toBe(true);
    expect(marks(exportDocument(a.editor))).toEqual(["t8: menu"]);
    a.dispose();
  });
});

function marks(document: SerializedDocument | null) {
  if (!document) throw new Error("expected the words to be found");
  return marksIn(document);
}
