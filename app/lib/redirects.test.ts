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
