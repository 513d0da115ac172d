import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

describe("server-rendered pages", () => {
  it("sends a signed-out visitor from the home page to sign in, coming back afterwards", async () => {
    const response = await exports.default.fetch("https://app.test/", { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login_or_signup?redirect_to=%2F");
  });

  it("renders the sign-in page", async () => {
    const response = await exports.default.fetch("https://app.test/login_or_signup?redirect_to=%2Fstatus");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Welcome to Brandwork");
    expect(html).toContain("Continue with email");
    expect(html).toContain('value="/status"');
  });

  it("answers an unknown page with a 404 page", async () => {
    const response = await exports.default.fetch("https://app.test/definitely/not/here");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("We couldn&#x27;t find that page");
  });
});
