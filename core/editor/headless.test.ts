import { describe, expect, it } from "vitest";
import { markdownToDocument } from "../document/markdown";
import { isDocument, type LooseNode, type SerializedDocument } from "../document/types";
import { roundTripDocument } from "./headless";

const MARKDOWN = `# Launch plan

Our **new** range, with *style* and a [link](https://example.com "Example").

## Steps

1. Write the brief
2. Review it
   - with the team
   - with legal

- [x] Book the studio
- [ ] Send invites

> Quoted words from a customer.

![A product shot](https://example.com/shot.png "Shot")

---

| Channel | Budget |
| ------- | ------ |
| Email   | 100    |
| Social  | 200    |
`;

/**
 * `document` with each list item's `indent` set to how many lists it sits inside, less one:
 * Lexical derives that from the nesting on load, while core/document's converters write 0
 * for nested items too.
 */
function withLexicalListIndents(document: SerializedDocument): SerializedDocument {
  const copy = structuredClone(document);
  const visit = (node: LooseNode, lists: number) => {
    if (node.type === "listitem") node.indent = Math.max(0, lists - 1);
    const inner = node.type === "list" ? lists + 1 : lists;
    if (Array.isArray(node.children)) for (const child of node.children as LooseNode[]) visit(child, inner);
  };
  visit(copy.root, 0);
  return copy;
}

describe("the headless editor and markdown documents", () => {
  it("loads a markdown document and exports it back with every field intact", () => {
    const { document } = markdownToDocument(MARKDOWN);
    const types = new Set(JSON.stringify(document).match(/"type":"[a-z-]+"/g));
    for (const type of ["heading", "paragraph", "list", "listitem", "link", "box", "image", "table", "tablecell", "line-divider"]) {
      expect(types).toContain(`"type":"${type}"`);
    }

    const exported = roundTripDocument(document);
    // Lexical adds fields of its own (a paragraph's textFormat and textStyle, a link's
    // title: null) and nested list items' indent; everything else comes back as written.
    expect(exported).toMatchObject(withLexicalListIndents(document));
    expect(isDocument(exported)).toBe(true);
    // And a second pass changes nothing: what the editor stores is stable.
    expect(roundTripDocument(exported)).toEqual(exported);
  });

  it("refuses a node type outside the node set", () => {
    const { document } = markdownToDocument("hello");
    const bad = { root: { ...document.root, children: [{ type: "no-such-node", version: 1 }] } };
    expect(() => roundTripDocument(bad)).toThrow();
  });
});
