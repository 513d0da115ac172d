import { describe, expect, it } from "vitest";
import {
  displayLinkUrl,
  EMPTY_LINK_MESSAGE,
  INVALID_LINK_MESSAGE,
  isLinkHref,
  normaliseLinkUrl,
  pastedLinkUrl,
  UNSAFE_LINK_MESSAGE,
} from "./linkUrl";

describe("normaliseLinkUrl", () => {
  it("adds https:// to a bare domain, with or without a path or port", () => {
    expect(normaliseLinkUrl("example.com")).toEqual({ url: "https://example.com" });
    expect(normaliseLinkUrl("  www.example.com/launch?ref=doc#top ")).toEqual({ url: "https://www.example.com/launch?ref=doc#top" });
    expect(normaliseLinkUrl("localhost:8787/docs")).toEqual({ url: "https://localhost:8787/docs" });
    expect(normaliseLinkUrl("münchen.de")).toEqual({ url: "https://münchen.de" });
    expect(normaliseLinkUrl("//cdn.example.com/a.png")).toEqual({ url: "https://cdn.example.com/a.png" });
  });

  it("keeps addresses with a scheme and relative paths", () => {
    for (const url of ["https://example.com/a", "http://example.com", "mailto:sam@example.com", "tel:+4420", "/docs/plan", "#budget", "../up", "?tab=2"]) {
      expect(normaliseLinkUrl(url)).toEqual({ url });
    }
    expect(normaliseLinkUrl("https://example.com/a b")).toEqual({ url: "https://example.com/a%20b" });
  });

  it("turns e-mail addresses and phone numbers into mailto: and tel: links", () => {
    expect(normaliseLinkUrl("sam@example.com")).toEqual({ url: "mailto:sam@example.com" });
    expect(normaliseLinkUrl("+44 20 7946 0958")).toEqual({ url: "tel:+442079460958" });
  });

  it("refuses javascript:, vbscript:, file: and non-image data: addresses with a clear message", () => {
    for (const url of ["javascript:alert(1)", " JavaScript:alert(1)", "java\tscript:alert(1)", "vbscript:msgbox", "file:///etc/passwd", "data:text/html,<b>x</b>", "data:image/svg+xml,<svg/>"]) {
      expect(normaliseLinkUrl(url)).toEqual({ error: UNSAFE_LINK_MESSAGE });
    }
    expect(UNSAFE_LINK_MESSAGE).toMatch(/javascript:.*vbscript:.*file:.*data:/);
  });

  it("allows data images of the four allowed types", () => {
    expect(normaliseLinkUrl("data:image/png;base64,iVBORw0KGgo=")).toEqual({ url: "data:image/png;base64,iVBORw0KGgo=" });
  });

  it("says what is wrong with an empty or meaningless entry", () => {
    expect(normaliseLinkUrl("   ")).toEqual({ error: EMPTY_LINK_MESSAGE });
    for (const text of ["hello world", "launch", "e.g", "12.5", "example.com/my page"]) {
      expect(normaliseLinkUrl(text)).toEqual({ error: INVALID_LINK_MESSAGE });
    }
  });
});

describe("isLinkHref", () => {
  it("accepts stored-form addresses and refuses plain words, bare domains and unsafe schemes", () => {
    expect(isLinkHref("https://example.com")).toBe(true);
    expect(isLinkHref("/docs/plan")).toBe(true);
    expect(isLinkHref("mailto:sam@example.com")).toBe(true);
    expect(isLinkHref("hello world")).toBe(false);
    expect(isLinkHref("example.com")).toBe(false);
    expect(isLinkHref("javascript:alert(1)")).toBe(false);
  });
});

describe("pastedLinkUrl", () => {
  it("links only what is unmistakably an address", () => {
    expect(pastedLinkUrl(" https://example.com/a?b=1 ")).toBe("https://example.com/a?b=1");
    expect(pastedLinkUrl("www.example.com")).toBe("https://www.example.com");
    expect(pastedLinkUrl("mailto:sam@example.com")).toBe("mailto:sam@example.com");
    for (const text of ["example.com", "notes.txt", "e.g", "hello", "https://", "javascript:alert(1)", "see https://example.com"]) {
      expect(pastedLinkUrl(text)).toBeNull();
    }
  });
});

describe("displayLinkUrl", () => {
  it("drops the web scheme and shortens long addresses", () => {
    expect(displayLinkUrl("https://example.com/a")).toBe("example.com/a");
    expect(displayLinkUrl("mailto:sam@example.com")).toBe("sam@example.com");
    expect(displayLinkUrl(`https://example.com/${"a".repeat(80)}`, 20)).toHaveLength(20);
  });
});
