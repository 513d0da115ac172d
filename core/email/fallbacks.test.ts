import { describe, expect, it } from "vitest";
import { document, lineBreak, link, list, listItem, paragraph, text } from "../document/nodes";
import type { BlockNode, InlineNode } from "../document/types";
import { EDITOR_NODE_TYPES, EMAIL_FALLBACK_LABELS, emailFallbackText } from "./fallbacks";
import { renderDocumentEmail } from "./render";

const node = (type: string, fields: Record<string, unknown> = {}) => ({ type, version: 1, ...fields }) as unknown as BlockNode;

/** SPEC section 8's list, word for word, with the node type each element is. */
const SPEC_FALLBACKS: Array<[type: string, sentence: string]> = [
  ["linebreak", "Line break not supported in email"],
  ["columns", "Column layout not supported in email"],
  ["column", "Column not supported in email"],
  ["download", "File download not supported in email"],
  ["generated-image", "Image generation not supported in email"],
  ["code-host-embed", "Code-host embed not supported in email"],
  ["embed-frame", "iframe not supported in email"],
  ["issue-tracker-embed", "Issue-tracker embed not supported in email"],
  ["task-tracker-embed", "Task-tracker embed not supported in email"],
  ["line-divider", "Line divider not supported in email"],
  ["vote-list", "Vote list not supported in email"],
  ["diagram", "Diagrams not supported in email"],
  ["smart-link", "Smart links not supported in email"],
  ["toggle-list", "Toggle list not supported in email"],
  ["toggle-summary", "Summary not supported in email"],
  ["card", "Cards not supported in email"],
  ["collection", "Collections not supported in email"],
];

describe("email fallbacks", () => {
  it("covers exactly the elements SPEC section 8 lists", () => {
    expect(Object.keys(EMAIL_FALLBACK_LABELS).sort()).toEqual(SPEC_FALLBACKS.map(([type]) => type).sort());
    for (const [type, sentence] of SPEC_FALLBACKS) expect(emailFallbackText(type)).toBe(sentence);
    expect(emailFallbackText("paragraph")).toBeUndefined();
    expect(emailFallbackText("constructor")).toBeUndefined();
  });

  it("names every fallback type in the type map", () => {
    const types: string[] = Object.values(EDITOR_NODE_TYPES);
    for (const [type] of SPEC_FALLBACKS) expect(types).toContain(type);
  });

  it.each(SPEC_FALLBACKS)("shows a %s node as “%s” in the HTML and the text", (type, sentence) => {
    const { html, text: plain } = renderDocumentEmail(document([node(type, { url: "https://x.example", text: "label" })]));
    expect(html).toContain(`font-style:italic">${sentence}</p>`);
    expect(plain).toBe(sentence);
  });

  it("hides what a fallback node holds", () => {
    const columns = node("columns", { children: [node("column", { children: [paragraph([text("left side")])] })] });
    const { html, text: plain } = renderDocumentEmail(document([columns]));
    expect(html).toContain("Column layout not supported in email");
    expect(html).not.toContain("left side");
    expect(plain).toBe("Column layout not supported in email");
  });

  it("splits a paragraph around a line break instead of nesting paragraphs", () => {
    const { html, text: plain } = renderDocumentEmail(document([paragraph([text("first"), lineBreak(), text("second")])]));
    expect(html).toMatch(/<p[^>]*>first<\/p><p[^>]*>Line break not supported in email<\/p><p[^>]*>second<\/p>/);
    expect(plain).toBe("first\nLine break not supported in email\nsecond");
  });

  it("splits a link around a smart link inside it, keeping the link on both sides", () => {
    const smart = { type: "smart-link", version: 1, url: "https://tracker.example/1", title: "Ticket" } as unknown as InlineNode;
    const doc = document([paragraph([link("https://x.example", [text("a"), smart as never, text("b")])])]);
    const { html, text: plain } = renderDocumentEmail(doc);
    expect(html.match(/<a href="https:\/\/x\.example"/g)).toHaveLength(2);
    expect(html).toContain("Smart links not supported in email");
    expect(html).not.toContain("tracker.example");
    expect(plain).toBe("a\nSmart links not supported in email\nb (https://x.example)");
  });

  it("shows a fallback inside a list item as a line of the item", () => {
    const { html, text: plain } = renderDocumentEmail(document([list("bullet", [listItem([text("one"), lineBreak(), text("two")], 1)])]));
    expect(html).toMatch(/<li>one<p style="margin:0;[^"]*">Line break not supported in email<\/p>two<\/li>/);
    expect(plain).toBe("one\nLine break not supported in email\ntwo");
  });

  it("keeps a code block's line breaks as newlines", () => {
    const code = node("code", { language: "js", children: [text("let a = 1;"), lineBreak(), text("a < 2")] });
    const { html, text: plain } = renderDocumentEmail(document([code]));
    expect(html).toContain("<code>let a = 1;\na &lt; 2</code></pre>");
    expect(html).not.toContain("not supported");
    expect(plain).toBe("let a = 1;\na < 2");
  });
});
