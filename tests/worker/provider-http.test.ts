import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, classifyFailure, retryAfterMs } from "../../worker/services/publishing/providers/http";
import type { ProviderContext } from "../../worker/services/publishing/providers/types";
import { db } from "../factories";

describe("what every provider's calls share", () => {
  it("calls the context's fetch as a plain function, as workerd's own fetch requires", async () => {
    // workerd's fetch throws "Illegal invocation" when it runs as a method of another object;
    // this one does the same, so a provider calling `ctx.fetch(url)` fails here as in production.
    const ctx = { db, env, now: Date.now } as unknown as ProviderContext;
    ctx.fetch = function strictFetch(this: unknown) {
      if (this !== undefined && this !== globalThis) throw new TypeError("Illegal invocation: function called with incorrect `this` reference.");
      return Promise.resolve(Response.json({ data: { id: "1" } }));
    } as typeof fetch;
    const answer = await call<{ data: { id: string } }>(ctx, "https://api.network.example/2/users/me");
    expect(answer.body).toEqual({ data: { id: "1" } });
  });

  it("maps a refused call onto the publisher's classes, with the network's words", () => {
    const answer = (status: number, headers: Record<string, string> = {}) => ({ response: new Response(null, { status, headers }), body: null, text: "" });
    expect(classifyFailure(answer(401), "Unauthorized")).toMatchObject({ errorClass: "refresh_token", message: "401 Unauthorized" });
    expect(classifyFailure(answer(429, { "retry-after": "120" }), "Too Many Requests")).toMatchObject({ errorClass: "retry", retryAfterMs: 120_000 });
    expect(classifyFailure(answer(503), "Service Unavailable")).toMatchObject({ errorClass: "retry" });
    expect(classifyFailure(answer(400), "text is too long", "Shorten it.")).toEqual({ ok: false, errorClass: "bad_body", message: "400 text is too long", hint: "Shorten it." });
  });

  it("reads Retry-After as seconds or a date, and X's reset time", () => {
    const now = Date.parse("2026-12-02T10:00:00Z");
    expect(retryAfterMs(new Response(null, { headers: { "retry-after": "30" } }), now)).toBe(30_000);
    expect(retryAfterMs(new Response(null, { headers: { "retry-after": "Wed, 02 Dec 2026 10:01:00 GMT" } }), now)).toBe(60_000);
    expect(retryAfterMs(new Response(null, { headers: { "x-rate-limit-reset": String(now / 1000 + 90) } }), now)).toBe(90_000);
  });
});
