import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { version } from "../../package.json";

describe("GET /v1/health", () => {
  it("answers ok with the package version when D1 answers", async () => {
    const response = await exports.default.fetch("https://app.test/v1/health");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    const body = await response.json<{ status: string; version: string; checks: { d1: { ok: boolean } } }>();
    expect(body.status).toBe("ok");
    expect(body.version).toBe(version);
    expect(body.checks.d1.ok).toBe(true);
  });
});

describe("unknown API paths", () => {
  it("answers 404 JSON naming the route", async () => {
    const response = await exports.default.fetch("https://app.test/v1/no-such-thing", { method: "POST" });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "not_found", message: "No route for POST /v1/no-such-thing" });
  });
});
