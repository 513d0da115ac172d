import { describe, expect, it } from "vitest";
import { isSafeUrl } from "./links";

describe("isSafeUrl", () => {
  it.each([
    "https://example.com/a?b=c",
    "http://example.com",
    "mailto:someone@example.com",
    "tel:+3312345678",
    "/relative/path",
    "#anchor",
    "page.html",
    "//cdn.example.com/x.png",
    "data:image/png;base64,iVBORw0KGgo=",
    "data:image/gif;base64,R0lGOD",
    "data:image/jpeg;base64,/9j/",
    "DATA:image/webp;base64,UklGR",
  ])("allows %s", (url) => {
    expect(isSafeUrl(url)).toBe(true);
  });

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "\u0000javascript:alert(1)",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    "data:text/html,<script>alert(1)</script>",
    "data:image/svg+xml,<svg onload=alert(1)>",
    "data:,hello",
  ])("refuses %j", (url) => {
    expect(isSafeUrl(url)).toBe(false);
  });
});
