import { $convertFromMarkdownString } from "@lexical/markdown";
import { createHeadlessEditor } from "@lexical/headless";
import { describe, expect, it } from "vitest";
import { EDITOR_NODES } from "../../core/editor/nodes";
import { QUOTE_COLOR } from "../../core/editor/constants";
import { MARKDOWN_SHORTCUTS } from "./markdownShortcuts";

function convert(markdown: string) {
  const editor = createHeadlessEditor({ nodes: [...EDITOR_NODES], onError: (error) => { throw error; } });
  editor.update(() => $convertFromMarkdownString(markdown, MARKDOWN_SHORTCUTS), { discrete: true });
  return editor.getEditorState().toJSON().root.children as Array<Record<string, unknown>>;
}

describe("markdown shortcuts", () => {
  it("makes a quote a box with the quote colour", () => {
    const [box] = convert("> Said well");
    expect(box).toMatchObject({ type: "box", quoteColor: QUOTE_COLOR });
    expect(JSON.stringify(box)).toContain("Said well");
  });

  it("makes --- a divider and [ ] a check list item", () => {
    const blocks = convert("Before\n\n---\n\n- [ ] Call the printer");
    expect(blocks.map((b) => b.type)).toEqual(["paragraph", "line-divider", "list"]);
    expect(blocks[2]).toMatchObject({ listType: "check" });
  });

  it("keeps headings, code blocks and inline formats", () => {
    const blocks = convert("## Plan\n\n```ts\nconst a = 1;\n```\n\nSome **bold** text");
    expect(blocks.map((b) => b.type)).toEqual(["heading", "code", "paragraph"]);
    expect(blocks[0]).toMatchObject({ tag: "h2" });
    expect(blocks[1]).toMatchObject({ language: "ts" });
    const { children } = blocks[2] as { children: Array<{ text: string; format: number }> };
    expect(children.find((c) => c.text === "bold")!.format).toBe(1);
  });
});
