import { describe, expect, it } from "vitest";
import { markdownToDocument } from "../document/markdown";
import { documentToPlainText } from "../document/text";
import { DIRECTORY_CATEGORIES } from "../public-directory";
import { BUILT_IN_TEMPLATES, builtInTemplate } from "./index";

describe("the built-in template catalogue", () => {
  it("has unique URL-safe keys, each found by key", () => {
    const keys = BUILT_IN_TEMPLATES.map((template) => template.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) {
      expect(key).toMatch(/^[a-z][a-z0-9-]{0,63}$/);
      expect(builtInTemplate(key)?.key).toBe(key);
    }
    expect(builtInTemplate("nope")).toBeNull();
  });

  it("files every template under one of the directory's template categories", () => {
    const templateSlugs = DIRECTORY_CATEGORIES.filter((category) => category.forTemplates).map((category) => category.slug);
    for (const template of BUILT_IN_TEMPLATES) expect(templateSlugs).toContain(template.category);
  });

  it("converts every template's markdown cleanly, with a heading and real content", () => {
    for (const template of BUILT_IN_TEMPLATES) {
      const { document, warnings } = markdownToDocument(template.markdown);
      expect([template.key, warnings]).toEqual([template.key, []]);
      expect(document.root.children.some((node) => node.type === "heading")).toBe(true);
      expect(documentToPlainText(document).length).toBeGreaterThan(100);
    }
  });
});
