import { describe, expect, it } from "vitest";
import { escapeHtml } from "./escape";

describe("escapeHtml", () => {
  it("escapes the characters that end text or a quoted attribute", () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe("&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;");
  });

  it("leaves everything else as it is", () => {
    expect(escapeHtml("Grüße, 你好 👍 ☑")).toBe("Grüße, 你好 👍 ☑");
  });
});
