import { describe, expect, it } from "vitest";
import { markdownToDocument } from "./markdown";
import { box, document, image, lineBreak, lineDivider, link, list, listItem, paragraph, text } from "./nodes";
import { documentFromPlainText, documentStats, documentToPlainText } from "./text";
import { emptyDocument, isDocument } from "./types";

describe("documentToPlainText", () => {
  it("puts blocks, list items and table rows on their own lines", () => {
    const { document: doc } = markdownToDocument(
      "# Title\n\nA *styled* [link](https://x.example).\n\n- one\n  - nested\n- two\n\n> quoted\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n---\n\n![a photo](p.png)\n"
    );
    expect(documentToPlainText(doc)).toBe("Title\nA styled link.\none\nnested\ntwo\nquoted\na\tb\n1\t2\na photo");
  });

  it("splits line breaks and keeps empty paragraphs as empty lines", () => {
    const doc = document([paragraph([text("a"), lineBreak(), text("b")]), paragraph([]), paragraph([text("c")])]);
    expect(documentToPlainText(doc)).toBe("a\nb\n\nc");
  });

  it("reads the text of unknown nodes, inline and block", () => {
    const doc = document([
      paragraph([text("hi "), { type: "mention", version: 1, text: "@ada" }, text("!")]),
      { type: "collapsible", version: 1, children: [paragraph([text("inside")]), box([paragraph([text("boxed")])])] },
      lineDivider(),
      { type: "embed", version: 1, url: "https://video.example" },
    ]);
    expect(documentToPlainText(doc)).toBe("hi @ada!\ninside\nboxed");
  });

  it("keeps a table row on one line even when a cell has several paragraphs", () => {
    const { document: doc } = markdownToDocument("| a | b |\n| - | - |\n| x<br>y | z |");
    expect(documentToPlainText(doc)).toBe("a\tb\nx y\tz");
  });

  it("projects the empty document to the empty string", () => {
    expect(documentToPlainText(emptyDocument())).toBe("");
  });

  it("does not overflow on a hostile, unvalidated document", () => {
    let node: Record<string, unknown> = paragraph([text("bottom")]);
    for (let level = 0; level < 20_000; level++) node = { type: "wrapper", version: 1, children: [node] };
    expect(documentToPlainText(document([node as never]))).toContain("bottom");
  });
});

describe("documentFromPlainText", () => {
  it("makes a paragraph per line", () => {
    const doc = documentFromPlainText("one\r\ntwo\n\nthree");
    expect(doc).toEqual(
      document([paragraph([text("one")]), paragraph([text("two")]), paragraph([]), paragraph([text("three")])])
    );
    expect(isDocument(doc)).toBe(true);
    expect(documentToPlainText(doc)).toBe("one\ntwo\n\nthree");
  });

  it("turns the empty string into the empty document", () => {
    expect(documentFromPlainText("")).toEqual(emptyDocument());
  });
});

describe("documentStats", () => {
  it("counts words and characters", () => {
    const doc = document([
      paragraph([text("Hello, "), link("https://x.example", [text("wide")]), text(" world!")]),
      list("bullet", [listItem([text("one two")], 1)]),
      image({ src: "a.png", alt: "" }),
    ]);
    expect(documentStats(doc)).toEqual({ words: 5, characters: "Hello, wide world!".length + "one two".length });
  });

  it("counts an emoji as one character", () => {
    expect(documentStats(documentFromPlainText("👍🏽 ok")).characters).toBe(4);
  });

  it("is zero for the empty document", () => {
    expect(documentStats(emptyDocument())).toEqual({ words: 0, characters: 0 });
  });
});
