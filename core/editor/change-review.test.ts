import { $createListItemNode, $createListNode } from "@lexical/list";
import { $createHeadingNode } from "@lexical/rich-text";
import { $setBlocksType } from "@lexical/selection";
import { $createParagraphNode, $createRangeSelection, $createTextNode, $getRoot, $getSelection, $isParagraphNode, $isRangeSelection, $setSelection, type ElementNode, type LexicalEditor } from "lexical";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { documentToPlainText } from "../document/text";
import { changesInDocument, onlySuggests, settleInDocument, settleUpdate } from "./change-review";
import { exportDocument } from "./headless";
import { $deleteTracked, $insertTracked, $joinTracked, $reformatBlocksTracked, $selectedBlocks, $setBlocksTypeTracked, $splitTracked } from "./track-changes";
import { bindHeadlessEditor, yDocToDocument } from "./yjs";

const run = (editor: LexicalEditor, work: () => void) => new Promise<void>((resolve) => editor.update(work, { onUpdate: resolve }));

/** Selects [from, to) of the paragraph's own (unmarked) text. */
function $range(from: number, to: number) {
  const node = $getRoot().getAllTextNodes().find((text) => $isParagraphNode(text.getParent()))!;
  const selection = $createRangeSelection();
  selection.anchor.set(node.getKey(), from, "text");
  selection.focus.set(node.getKey(), to, "text");
  $setSelection(selection);
  return selection;
}

/** A room's document holding "Spring menu launches in May" (or what `build` makes), and a commenter's replica of it. */
async function room(build: () => void = () => $getRoot().append($createParagraphNode().append($createTextNode("Spring menu launches in May")))) {
  const host = bindHeadlessEditor(new Y.Doc());
  await run(host.editor, build);
  const replica = bindHeadlessEditor(new Y.Doc());
  Y.applyUpdate(replica.doc, Y.encodeStateAsUpdate(host.doc));
  await run(replica.editor, () => {});
  /** What the replica's next edit sends the room. */
  const nextUpdate = async (edit: () => void) => {
    const before = Y.encodeStateVector(replica.doc);
    await run(replica.editor, edit);
    return Y.encodeStateAsUpdate(replica.doc, before);
  };
  return { host, replica, nextUpdate };
}

const plain = async (doc: Y.Doc) => documentToPlainText(await yDocToDocument(doc)).trim();
const heading = () => $createHeadingNode("h2");

describe("reviewing tracked changes outside the browser", () => {
  it("a commenter's tracked alignment passes the room's check; an untracked one does not", async () => {
    const untracked = await room();
    const plainly = await untracked.nextUpdate(() => void $getRoot().getFirstChildOrThrow<ElementNode>().setFormat("right"));
    expect(await onlySuggests(untracked.host.doc, plainly, "7")).toBe(false);
    const { host, nextUpdate } = await room();
    const tracked = await nextUpdate(() => $reformatBlocksTracked($selectedBlocks($range(0, 3)), (block) => block.setFormat("center"), { userId: "7" }));
    expect(await onlySuggests(host.doc, tracked, "7")).toBe(true);
  });

  it("a commenter's tracked edit passes the room's check; a plain edit and settling someone else's change do not", async () => {
    const { host, nextUpdate } = await room();
    const suggestion = await nextUpdate(() => $insertTracked($range(27, 27), " (or April)", { userId: "7" }));
    expect(await onlySuggests(host.doc, suggestion, "7")).toBe(true);
    Y.applyUpdate(host.doc, suggestion);
    expect(changesInDocument(await yDocToDocument(host.doc)).map((c) => c.text)).toEqual([" (or April)"]);

    const plainEdit = await nextUpdate(() => $getRoot().getAllTextNodes()[0]!.setTextContent("Winter menu launches in May"));
    expect(await onlySuggests(host.doc, plainEdit, "7")).toBe(false);

    // Someone else (user 8) may not accept user 7's suggestion either.
    const { update: accepting } = await settleUpdate(host.doc, null, "accept");
    expect(await onlySuggests(host.doc, accepting!, "8")).toBe(false);
    // …but its author may withdraw it.
    const { update: withdrawing } = await settleUpdate(host.doc, null, "reject");
    expect(await onlySuggests(host.doc, withdrawing!, "7")).toBe(true);
  });

  it("a commenter's block type change passes the room's check; the same change untracked does not", async () => {
    const plainRoom = await room();
    const untracked = await plainRoom.nextUpdate(() => $setBlocksType($range(0, 0), heading));
    expect(await onlySuggests(plainRoom.host.doc, untracked, "7")).toBe(false);

    const { host, nextUpdate } = await room();
    const before = JSON.stringify(await yDocToDocument(host.doc));
    const suggestion = await nextUpdate(() => $setBlocksTypeTracked($range(0, 0), heading, { userId: "7", userName: "Ben" }));
    expect(await onlySuggests(host.doc, suggestion, "7")).toBe(true);
    // Made in someone else's name, it is not a suggestion of theirs.
    expect(await onlySuggests(host.doc, suggestion, "8")).toBe(false);
    Y.applyUpdate(host.doc, suggestion);
    expect(changesInDocument(await yDocToDocument(host.doc))).toMatchObject([{ kind: "node_type_change", userId: "7", userName: "Ben", text: "Spring menu launches in May" }]);

    // Its author may withdraw it, and that gives back the paragraph exactly.
    const { update: withdrawing } = await settleUpdate(host.doc, null, "reject");
    expect(await onlySuggests(host.doc, withdrawing!, "7")).toBe(true);
    Y.applyUpdate(host.doc, withdrawing!);
    expect(JSON.stringify(await yDocToDocument(host.doc))).toBe(before);
  });

  it("a commenter's new paragraph (Enter) passes the room's check, and rejecting it gives back the exact document; the same split untracked does not pass", async () => {
    const plainRoom = await room();
    const untracked = await plainRoom.nextUpdate(() => void $range(11, 11).insertParagraph());
    expect(await onlySuggests(plainRoom.host.doc, untracked, "7")).toBe(false);

    for (const at of [11, 0, 27]) {
      const { host, nextUpdate } = await room();
      const before = JSON.stringify(await yDocToDocument(host.doc));
      const suggestion = await nextUpdate(() => void $splitTracked($range(at, at), { userId: "7", userName: "Ben" }));
      expect(await onlySuggests(host.doc, suggestion, "7")).toBe(true);
      expect(await onlySuggests(host.doc, suggestion, "8")).toBe(false);
      Y.applyUpdate(host.doc, suggestion);
      expect(changesInDocument(await yDocToDocument(host.doc))).toMatchObject([{ kind: "insertion", detail: "split", userId: "7", userName: "Ben" }]);
      const { update: withdrawing } = await settleUpdate(host.doc, null, "reject");
      expect(await onlySuggests(host.doc, withdrawing!, "7")).toBe(true);
      Y.applyUpdate(host.doc, withdrawing!);
      expect(JSON.stringify(await yDocToDocument(host.doc))).toBe(before);
    }
  });

  it("a commenter's new list item (Enter in a check list) passes the room's check, and rejecting it gives back the exact document", async () => {
    const { host, nextUpdate } = await room(() =>
      $getRoot().append($createListNode("check").append($createListItemNode(true).append($createTextNode("Book the photographer")), $createListItemNode(false).append($createTextNode("Order glasses")))),
    );
    const before = JSON.stringify(await yDocToDocument(host.doc));
    const suggestion = await nextUpdate(() => {
      const text = $getRoot().getAllTextNodes()[0]!;
      text.select(4, 4);
      const selection = $getSelection();
      if ($isRangeSelection(selection)) $splitTracked(selection, { userId: "7", userName: "Ben" });
    });
    expect(await onlySuggests(host.doc, suggestion, "7")).toBe(true);
    Y.applyUpdate(host.doc, suggestion);
    expect(documentToPlainText(await yDocToDocument(host.doc))).toContain(" the photographer");
    const { update: rejecting } = await settleUpdate(host.doc, null, "reject");
    Y.applyUpdate(host.doc, rejecting!);
    expect(JSON.stringify(await yDocToDocument(host.doc))).toBe(before);
  });

  it("a commenter's joined paragraphs (Backspace at a paragraph's start) pass the room's check; an untracked join does not; an editor's accept joins them", async () => {
    const { host, replica, nextUpdate } = await room();
    await run(host.editor, () => $getRoot().append($createParagraphNode().append($createTextNode("Cold brew too"))));
    Y.applyUpdate(replica.doc, Y.encodeStateAsUpdate(host.doc));
    await run(replica.editor, () => {});
    const before = JSON.stringify(await yDocToDocument(host.doc));
    const secondStart = () => $getRoot().getLastChild<ElementNode>()!.selectStart();

    const untracked = await nextUpdate(() => void secondStart().deleteCharacter(true));
    expect(await onlySuggests(host.doc, untracked, "7")).toBe(false);
    // The room refused it: the commenter's next edit starts from the room's document again.
    const fresh = bindHeadlessEditor(new Y.Doc());
    Y.applyUpdate(fresh.doc, Y.encodeStateAsUpdate(host.doc));
    await run(fresh.editor, () => {});
    const stateBefore = Y.encodeStateVector(fresh.doc);
    await run(fresh.editor, () => void $joinTracked(secondStart(), { userId: "7", userName: "Ben" }, true));
    const suggestion = Y.encodeStateAsUpdate(fresh.doc, stateBefore);
    expect(await onlySuggests(host.doc, suggestion, "7")).toBe(true);
    Y.applyUpdate(host.doc, suggestion);
    const body = await yDocToDocument(host.doc);
    expect(changesInDocument(body)).toMatchObject([{ kind: "deletion", detail: "join", userId: "7", text: "Cold brew too" }]);
    expect(JSON.stringify(settleInDocument(body, null, "reject").document)).toBe(before);
    const accepted = settleInDocument(body, null, "accept").document;
    expect(documentToPlainText(accepted).trim()).toBe("Spring menu launches in MayCold brew too");
    expect(changesInDocument(accepted)).toEqual([]);
  });

  it("paragraph break changes survive a room restart, and the Worker settles them in the stored body", async () => {
    const { host } = await room();
    const before = JSON.stringify(await yDocToDocument(host.doc));
    await run(host.editor, () => void $splitTracked($range(11, 11), { userId: "7", userName: "Ben", uuid: "split-1" }));
    const restarted = new Y.Doc();
    Y.applyUpdate(restarted, Y.encodeStateAsUpdate(host.doc));
    const body = await yDocToDocument(restarted);
    expect(changesInDocument(body).map((c) => [c.uuid, c.kind, c.detail, c.userName, c.text])).toEqual([["split-1", "insertion", "split", "Ben", " launches in May"]]);
    expect(JSON.stringify(settleInDocument(body, new Set(["split-1"]), "reject").document)).toBe(before);
    const accepted = settleInDocument(body, null, "accept").document;
    expect(accepted.root.children.map((block) => (block as { $?: unknown }).$)).toEqual([undefined, undefined]);
  });

  it("settles only the listed changes in a room's document, as one update", async () => {
    const { host } = await room();
    await run(host.editor, () => $insertTracked($range(0, 0), "New ", { userId: "7", uuid: "ins-1" }));
    await run(host.editor, () => void $deleteTracked($range(24, 27), { userId: "7", uuid: "del-1" }));
    expect((await yDocToDocument(host.doc)) && changesInDocument(await yDocToDocument(host.doc)).map((c) => c.uuid)).toEqual(["ins-1", "del-1"]);
    const { settled, update } = await settleUpdate(host.doc, new Set(["del-1", "missing"]), "accept");
    expect(settled).toEqual(["del-1"]);
    Y.applyUpdate(host.doc, update!);
    expect(await plain(host.doc)).toBe("New Spring menu launches in");
    expect(changesInDocument(await yDocToDocument(host.doc)).map((c) => c.uuid)).toEqual(["ins-1"]);
  });

  it("tracked changes survive a room restart: the persisted Yjs state, loaded again, holds them with their authors", async () => {
    const { host } = await room();
    await run(host.editor, () => $insertTracked($range(0, 0), "New ", { userId: "7", userName: "Ben", uuid: "ins-1" }));
    await run(host.editor, () => void $deleteTracked($range(24, 27), { userId: "8", userName: "Ana", uuid: "del-1" }));
    // y-partykit's snapshot persistence stores the state as one update; a new room starts from it.
    const restarted = new Y.Doc();
    Y.applyUpdate(restarted, Y.encodeStateAsUpdate(host.doc));
    expect(changesInDocument(await yDocToDocument(restarted)).map((c) => [c.uuid, c.kind, c.userName, c.text])).toEqual([
      ["ins-1", "insertion", "Ben", "New "],
      ["del-1", "deletion", "Ana", "May"],
    ]);
  });

  it("a block type change survives a room restart, and the Worker settles it in the stored body", async () => {
    const { host } = await room();
    const before = JSON.stringify(await yDocToDocument(host.doc));
    await run(host.editor, () => $setBlocksTypeTracked($range(0, 0), heading, { userId: "7", userName: "Ben", uuid: "type-1" }));
    const restarted = new Y.Doc();
    Y.applyUpdate(restarted, Y.encodeStateAsUpdate(host.doc));
    const body = await yDocToDocument(restarted);
    expect(changesInDocument(body).map((c) => [c.uuid, c.kind, c.userName, c.text])).toEqual([["type-1", "node_type_change", "Ben", "Spring menu launches in May"]]);

    const rejected = settleInDocument(body, new Set(["type-1"]), "reject");
    expect(rejected.settled).toEqual(["type-1"]);
    expect(JSON.stringify(rejected.document)).toBe(before);
    const accepted = settleInDocument(body, null, "accept");
    expect(accepted.document.root.children[0]).toMatchObject({ type: "heading", tag: "h2" });
    expect(changesInDocument(accepted.document)).toEqual([]);
  });

  it("settles changes in a stored body when no room is open", async () => {
    const { host } = await room();
    await run(host.editor, () => $insertTracked($range(0, 0), "New ", { userId: "7", uuid: "ins-1" }));
    const body = exportDocument(host.editor);
    const rejected = settleInDocument(body, null, "reject");
    expect(rejected.settled).toEqual(["ins-1"]);
    expect(documentToPlainText(rejected.document).trim()).toBe("Spring menu launches in May");
    expect(changesInDocument(rejected.document)).toEqual([]);
  });
});
