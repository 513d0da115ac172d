import { describe, expect, it } from "vitest";
import { markdownToDocument } from "../document/markdown";
import { isDocument } from "../document/types";
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

describe("the headless editor and markdown documents", () => {
  it("loads a markdown document and exports it back with every field intact", () => {
    const { document } = markdownToDocument(MARKDOWN);
    const types = new Set(JSON.stringify(document).match(/"type":"[a-z-]+"/g));
    for (const type of ["heading", "paragraph", "list", "listitem", "link", "box", "image", "table", "tablecell", "line-divider"]) {
      expect(types).toContain(`"type":"${type}"`);
    }

    const exported = roundTripDocument(document);
    // Lexical adds fields of its own (a paragraph's textFormat and textStyle, a link's
    // title: null); everything else, nested list items' indent included, comes back as written.
    expect(exported).toMatchObject(document);
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
