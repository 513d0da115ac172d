import {
  $createParagraphNode,
  $createRangeSelection,
  $createTextNode,
  $getRoot,
  $isRangeSelection,
  $getSelection,
  $setSelection,
  type LexicalEditor,
  type TextNode,
} from "lexical";
import { beforeEach, describe, expect, it } from "vitest";
import { createDocumentEditor } from "../../../core/editor/headless";
import { readTextStyle, writeTextStyle } from "../../../core/editor/textStyle";
import {
  $applyTextStyle,
  $clearTextFormatting,
  $readSelectionTextStyle,
  cssPatchOf,
  fontFamilyValue,
  listedFontFamily,
  parseFontSize,
  parseHexColor,
  searchFontFamilies,
  TEXT_GRADIENTS,
  type TextStylePatch,
} from "./textMarks";

describe("parseFontSize", () => {
  it("reads a typed size with or without px, to one decimal", () => {
    expect(parseFontSize("18")).toBe(18);
    expect(parseFontSize(" 18px ")).toBe(18);
    expect(parseFontSize("10.25")).toBe(10.3);
    expect(parseFontSize("10,5")).toBe(10.5);
  });

  it("refuses what is not a size or is out of range", () => {
    for (const input of ["", "abc", "-4", "18pt", "5", "401", "1e3"]) expect(parseFontSize(input)).toBeNull();
  });
});

describe("parseHexColor", () => {
  it("accepts short and long hex colours, with or without #", () => {
    expect(parseHexColor("#ABC")).toBe("#aabbcc");
    expect(parseHexColor("2F5EBC")).toBe("#2f5ebc");
    expect(parseHexColor("#2f5ebc80")).toBe("#2f5ebc80");
  });

  it("refuses anything else", () => {
    for (const input of ["", "#12", "#12345", "red", "rgb(0,0,0)", "#ggg"]) expect(parseHexColor(input)).toBeNull();
  });
});

describe("font families", () => {
  it("quotes names that are not one plain word", () => {
    expect(fontFamilyValue("Inter")).toBe("Inter");
    expect(fontFamilyValue("Source Sans 3")).toBe('"Source Sans 3"');
    expect(fontFamilyValue("Open Sans")).toBe('"Open Sans"');
  });

  it("finds the listed family a stored value names", () => {
    expect(listedFontFamily('"open sans", sans-serif')).toBe("Open Sans");
    expect(listedFontFamily("Comic Hack")).toBeUndefined();
    expect(listedFontFamily(undefined)).toBeUndefined();
  });

  it("searches ignoring case and spaces, prefix matches first", () => {
    expect(searchFontFamilies("sans")).toContain("Open Sans");
    const found = searchFontFamilies("ro");
    expect(found.indexOf("Prompt")).toBeGreaterThan(found.indexOf("Roboto Mono"));
    expect(searchFontFamilies("opensans")).toEqual(["Open Sans"]);
    expect(searchFontFamilies("ROBOTO")[0]).toBe("Roboto");
    expect(searchFontFamilies("zzz")).toEqual([]);
  });
});

describe("cssPatchOf", () => {
  it("sets a colour and removes any gradient", () => {
    expect(cssPatchOf({ color: "#c62828" })).toEqual({
      "background-image": null,
      "-webkit-background-clip": null,
      "background-clip": null,
      "-webkit-text-fill-color": null,
      color: "#c62828",
    });
  });

  it("never writes a family outside the list", () => {
    expect(cssPatchOf({ fontFamily: "Comic Hack" })).toEqual({});
    expect(cssPatchOf({ fontFamily: "Inter; color: red" })).toEqual({});
  });

  it("removes a mark given null", () => {
    expect(cssPatchOf({ fontSize: null })).toEqual({ "font-size": null });
  });
});

/** "Hello world" in one text node with `style`, with "world" selected. */
function setUp(editor: LexicalEditor, style: string): string {
  let key = "";
  editor.update(
    () => {
      const text = $createTextNode("Hello world").setStyle(style);
      $getRoot().clear().append($createParagraphNode().append(text));
      key = text.getKey();
      const selection = $createRangeSelection();
      selection.anchor.set(key, 6, "text");
      selection.focus.set(key, 11, "text");
      $setSelection(selection);
    },
    { discrete: true },
  );
  return key;
}

function apply(editor: LexicalEditor, patch: TextStylePatch) {
  editor.update(() => $applyTextStyle(patch), { discrete: true });
}

/** The paragraph's text runs as [text, style]. */
function runs(editor: LexicalEditor): Array<[string, string]> {
  return editor.getEditorState().read(() =>
    $getRoot()
      .getAllTextNodes()
      .map((node: TextNode) => [node.getTextContent(), node.getStyle()]),
  );
}

describe("applying value marks to the selection", () => {
  let editor: LexicalEditor;
  beforeEach(() => {
    editor = createDocumentEditor();
  });

  it("writes a font family to the selected text only, as textStyle.ts spells it", () => {
    setUp(editor, "font-size: 20px;");
    apply(editor, { fontFamily: fontFamilyValue("Open Sans") });
    expect(runs(editor)).toEqual([
      ["Hello ", "font-size: 20px;"],
      ["world", writeTextStyle("font-size: 20px;", { fontFamily: '"Open Sans"' })],
    ]);
    expect(runs(editor)[1]?.[1]).toBe('font-size: 20px; font-family: "Open Sans";');
  });

  it("replaces a gradient with a colour, and a colour with a gradient", () => {
    const gradient = TEXT_GRADIENTS[0]!.value;
    const start = writeTextStyle("font-weight: 700;", { gradient });
    setUp(editor, start);
    apply(editor, { color: "#c62828" });
    const colored = writeTextStyle(start, { color: "#c62828" });
    expect(runs(editor)[1]).toEqual(["world", colored]);
    expect(readTextStyle(colored)).toEqual({ fontWeight: 700, color: "#c62828" });

    // Back to the first style, so Lexical merges the two runs again.
    apply(editor, { gradient });
    expect(writeTextStyle(colored, { gradient })).toBe(start);
    expect(runs(editor)).toEqual([["Hello world", start]]);
  });

  it("writes size, weight and highlight together in textStyle.ts's order", () => {
    setUp(editor, "color: #2f5ebc;");
    const patch = { fontSize: 24, fontWeight: 600, highlight: "#fff3a3" };
    apply(editor, patch);
    expect(runs(editor)[1]).toEqual(["world", writeTextStyle("color: #2f5ebc;", patch)]);
  });

  it("ignores a family outside the list", () => {
    setUp(editor, "font-size: 20px;");
    apply(editor, { fontFamily: "Comic Hack" });
    expect(runs(editor)).toEqual([["Hello world", "font-size: 20px;"]]);
  });

  it("clears formats and value marks but leaves the rest of the text alone", () => {
    setUp(editor, "font-size: 20px; color: #c62828;");
    editor.update(
      () => {
        const selection = $getSelection();
        if ($isRangeSelection(selection)) selection.formatText("bold");
      },
      { discrete: true },
    );
    editor.update(() => $clearTextFormatting(), { discrete: true });
    const formats = editor.getEditorState().read(() => $getRoot().getAllTextNodes().map((node) => node.getFormat()));
    expect(runs(editor)).toEqual([
      ["Hello ", "font-size: 20px; color: #c62828;"],
      ["world", ""],
    ]);
    expect(formats).toEqual([0, 0]);
  });
});

describe("reading the selection's value marks", () => {
  it("reports shared marks and the ones that differ", () => {
    const editor = createDocumentEditor();
    editor.update(
      () => {
        const first = $createTextNode("Hello ").setStyle("font-size: 20px; font-family: Inter;");
        const second = $createTextNode("world").setStyle("font-size: 20px; color: #c62828;");
        $getRoot().clear().append($createParagraphNode().append(first, second));
        const selection = $createRangeSelection();
        selection.anchor.set(first.getKey(), 0, "text");
        selection.focus.set(second.getKey(), 5, "text");
        $setSelection(selection);
      },
      { discrete: true },
    );
    const read = editor.getEditorState().read(() => {
      const selection = $getSelection();
      return $isRangeSelection(selection) ? $readSelectionTextStyle(selection) : null;
    });
    expect(read?.style).toEqual({ fontSize: 20 });
    expect([...(read?.mixed ?? [])].sort()).toEqual(["color", "fontFamily"]);
  });

  it("does not count a node the selection only touches at its end", () => {
    const editor = createDocumentEditor();
    editor.update(
      () => {
        const first = $createTextNode("Hello ").setStyle("font-size: 30px;");
        const second = $createTextNode("world").setStyle("font-size: 12px;");
        $getRoot().clear().append($createParagraphNode().append(first, second));
        const selection = $createRangeSelection();
        selection.anchor.set(first.getKey(), 6, "text");
        selection.focus.set(second.getKey(), 5, "text");
        $setSelection(selection);
      },
      { discrete: true },
    );
    const read = editor.getEditorState().read(() => {
      const selection = $getSelection();
      return $isRangeSelection(selection) ? $readSelectionTextStyle(selection) : null;
    });
    expect(read?.style).toEqual({ fontSize: 12 });
    expect(read?.mixed.size).toBe(0);
  });
});
