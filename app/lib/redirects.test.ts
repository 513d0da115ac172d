import { describe, expect, it } from "vitest";
import { loginUrl, safeRedirectPath } from "./redirects";

describe("safeRedirectPath", () => {
  it("keeps same-site paths with their query and hash", () => {
    expect(safeRedirectPath("/docs/launch-plan-42?tab=history#top")).toBe("/docs/launch-plan-42?tab=history#top");
    expect(safeRedirectPath("/")).toBe("/");
    expect(safeRedirectPath("/workspaces/1/members")).toBe("/workspaces/1/members");
  });

  it.each([
    ["an absolute https URL", "https://evil.example/phish"],
    ["an absolute http URL", "http://evil.example"],
    ["a protocol-relative URL", "//evil.example"],
    ["a protocol-relative URL with a path", "//evil.example/docs"],
    ["a backslash that browsers read as a slash", "/\\evil.example"],
    ["backslashes only", "\\\\evil.example"],
    ["an encoded protocol-relative URL", "/%2F%2Fevil.example"],
    ["an encoded backslash", "/%5Cevil.example"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["a data: URL", "data:text/html,<script>alert(1)</script>"],
    ["a relative path without a leading slash", "docs/a"],
    ["a tab inside the scheme", "/\t/evil.example"],
    ["a newline", "/docs\n/evil"],
    ["the sign-in page itself (a loop)", "/login_or_signup?redirect_to=/"],
    ["the JSON API", "/v1/users/self"],
    ["an empty value", ""],
    ["malformed percent-encoding", "/%E0%A4%A"],
  ])("refuses %s", (_label, value) => {
    expect(safeRedirectPath(value)).toBe("/");
  });

  // Spellings that only become another host once the URL parser resolves them.
  it.each([
    ["a dot segment before a double slash", "/.//evil.example"],
    ["a dot segment and a path", "/.//evil.example/docs?x=1"],
    ["a parent segment before a double slash", "/..//evil.example"],
    ["a path and a parent segment", "/docs/..//evil.example"],
    ["several parent segments", "/a/b/../..//evil.example"],
    ["an encoded dot segment", "/%2e//evil.example"],
    ["an encoded upper-case dot segment", "/%2E//evil.example"],
    ["encoded parent segments", "/%2e%2e//evil.example"],
    ["a dot segment before a backslash", "/./\\evil.example"],
    ["a dot segment before an encoded backslash", "/.//%5Cevil.example"],
    ["a slash and an encoded backslash", "/%5C/evil.example"],
    ["a slash and an encoded lower-case backslash", "/%5c%5cevil.example"],
    ["an encoded slash", "/%2Fevil.example"],
    ["an encoded lower-case slash", "/%2f/evil.example"],
    ["a dot segment and encoded slashes", "/./%2F%2Fevil.example"],
    ["a tab between the slashes", "/\t/evil.example"],
    ["a newline between the slashes", "/\n/evil.example"],
    ["a carriage return between the slashes", "/\r/evil.example"],
    ["an encoded tab between the slashes", "/%09/evil.example"],
    ["an encoded newline between the slashes", "/%0A/evil.example"],
    ["leading spaces before a double slash", "  //evil.example"],
    ["a mixed-case scheme", "HtTpS://evil.example"],
    ["a mixed-case javascript: URL", "JaVaScRiPt:alert(1)"],
  ])("refuses %s", (_label, value) => {
    expect(safeRedirectPath(value)).toBe("/");
  });

  it("never returns a path that resolves to another origin, for any of these spellings", () => {
    const prefixes = ["/", "/.", "/..", "/%2e", "/a/..", "/./.", "/%2E%2E"];
    const separators = ["/", "\\", "%2F", "%5C", "%2f", "%5c", "\t/", "/\t"];
    for (const prefix of prefixes) {
      for (const a of separators) {
        for (const b of separators) {
          const result = safeRedirectPath(`${prefix}${a}${b}evil.example`);
          expect(new URL(result, "https://app.test").origin, `${prefix}${a}${b}`).toBe("https://app.test");
          expect(result, `${prefix}${a}${b}`).not.toMatch(/^[/\\]{2}/);
        }
      }
    }
  });

  it("keeps harmless dot segments and encoded characters that stay on the site", () => {
    expect(safeRedirectPath("/docs/./launch")).toBe("/docs/launch");
    expect(safeRedirectPath("/docs/a/../b")).toBe("/docs/b");
    expect(safeRedirectPath("/search?q=a%2Fb")).toBe("/search?q=a%2Fb");
    // Scheme-looking segments after the first slash are only path segments of this site.
    expect(safeRedirectPath("/https://evil.example/../..//evil.example")).toBe("/https://evil.example");
    expect(safeRedirectPath("/./javascript:alert(1)//x/..")).toBe("/javascript:alert(1)//");
  });

  it("uses the given fallback for missing or refused values", () => {
    expect(safeRedirectPath(null, "/home")).toBe("/home");
    expect(safeRedirectPath(undefined, "")).toBe("");
    expect(safeRedirectPath("https://evil.example", "")).toBe("");
  });
});

describe("loginUrl", () => {
  it("carries the page to come back to as redirect_to", () => {
    expect(loginUrl("/status?x=1")).toBe("/login_or_signup?redirect_to=%2Fstatus%3Fx%3D1");
  });

  it("drops a redirect that would leave the site", () => {
    expect(loginUrl("//evil.example")).toBe("/login_or_signup");
  });

  it("keeps other parameters", () => {
    expect(loginUrl("/docs", { expired: "1" })).toBe("/login_or_signup?redirect_to=%2Fdocs&expired=1");
  });
});
