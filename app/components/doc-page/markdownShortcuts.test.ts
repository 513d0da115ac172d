import { describe, expect, it } from "vitest";
import { applyShortcut, shortcutFor, type TextEdit } from "./markdownShortcuts";

/** "a [b] c" notation: brackets mark the selection. */
function edit(marked: string): TextEdit {
  const start = marked.indexOf("[");
  const end = marked.indexOf("]") - 1;
  return { value: marked.replace("[", "").replace("]", ""), selectionStart: start, selectionEnd: end };
}
const show = ({ value, selectionStart, selectionEnd }: TextEdit) =>
  `${value.slice(0, selectionStart)}[${value.slice(selectionStart, selectionEnd)}]${value.slice(selectionEnd)}`;

describe("shortcutFor", () => {
  const key = (k: string, extra: Partial<Record<"ctrlKey" | "metaKey" | "altKey" | "shiftKey", boolean>> = {}) => ({
    key: k,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    ...extra,
  });

  it("reads Ctrl and Cmd with B, I, K and S", () => {
    expect(shortcutFor(key("b", { ctrlKey: true }))).toBe("bold");
    expect(shortcutFor(key("I", { metaKey: true }))).toBe("italic");
    expect(shortcutFor(key("k", { ctrlKey: true }))).toBe("link");
    expect(shortcutFor(key("s", { metaKey: true }))).toBe("save");
  });

  it("ignores plain typing and other combinations", () => {
    expect(shortcutFor(key("b"))).toBeNull();
    expect(shortcutFor(key("b", { ctrlKey: true, shiftKey: true }))).toBeNull();
    expect(shortcutFor(key("b", { ctrlKey: true, altKey: true }))).toBeNull();
    expect(shortcutFor(key("x", { ctrlKey: true }))).toBeNull();
  });
});

describe("applyShortcut", () => {
  it("wraps the selected words in bold and keeps them selected", () => {
    expect(show(applyShortcut("bold", edit("make [this] bold")))).toBe("make **[this]** bold");
  });

  it("wraps in italics with underscores", () => {
    expect(show(applyShortcut("italic", edit("an [idea]")))).toBe("an _[idea]_");
  });

  it("leaves spaces around the selection outside the markers", () => {
    expect(show(applyShortcut("bold", edit("make[ this ]bold")))).toBe("make **[this]** bold");
  });

  it("inserts a selected placeholder when nothing is selected", () => {
    expect(show(applyShortcut("bold", edit("start []end")))).toBe("start **[bold text]**end");
  });

  it("unwraps bold text when the markers are selected too", () => {
    expect(show(applyShortcut("bold", edit("a [**word**] b")))).toBe("a [word] b");
  });

  it("unwraps bold text when the markers sit just outside the selection", () => {
    expect(show(applyShortcut("bold", edit("a **[word]** b")))).toBe("a [word] b");
  });

  it("turns the selection into a link and selects the URL to type over", () => {
    expect(show(applyShortcut("link", edit("see [our site] now")))).toBe("see [our site]([https://]) now");
  });

  it("uses a selected URL as the link's target and selects the text to type", () => {
    expect(show(applyShortcut("link", edit("[https://example.com]")))).toBe("[[link text]](https://example.com)");
  });

  it("inserts an empty link with its text selected when nothing is selected", () => {
    expect(show(applyShortcut("link", edit("go []")))).toBe("go [[link text]](https://)");
  });
});
