import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

describe("server-rendered pages", () => {
  it("renders the app shell on the home page", async () => {
    const response = await exports.default.fetch("https://app.test/");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('aria-label="Main"');
    expect(html).toContain("Marketing content in your brand");
  });

  it("answers an unknown page with a 404 page", async () => {
    const response = await exports.default.fetch("https://app.test/definitely/not/here");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("We couldn&#x27;t find that page");
  });
});
