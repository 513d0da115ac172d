import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createApp } from "../../worker/lib/create-app";
import { Forbidden } from "../../worker/lib/errors";

const DSN = "https://0123456789abcdef@sentry.example.com/42";

function appThatThrows(error: unknown) {
  return createApp().get("/boom", () => {
    throw error;
  });
}

/** Captures what toucan-js sends to Sentry instead of letting it leave the machine. */
function interceptSentry() {
  const sent: { url: string; body: string }[] = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (new URL(request.url).hostname !== "sentry.example.com") return realFetch(input, init);
    sent.push({ url: request.url, body: await request.text() });
    return new Response("{}", { status: 200 });
  });
  return sent;
}

afterEach(() => vi.restoreAllMocks());

// Expected errors are logged by the reporter; keep the test output readable.
beforeEach(() => void vi.spyOn(console, "error").mockImplementation(() => {}));

describe("unexpected errors in the API", () => {
  it("answers a clean 500 JSON and reports the error to Sentry when a DSN is set", async () => {
    const sent = interceptSentry();
    const ctx = createExecutionContext();
    const response = await appThatThrows(new Error("kaboom")).request("/boom", {}, { ...env, SENTRY_DSN: DSN }, ctx);
    await waitOnExecutionContext(ctx);

    expect(response.status).toBe(500);
    const body = await response.json<{ error: string; message: string }>();
    expect(body.error).toBe("internal_error");
    expect(body.message).not.toContain("kaboom");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toContain("/api/42/envelope/");
    expect(sent[0]!.body).toContain("kaboom");
  });

  it("answers 500 without reporting anywhere when no DSN is set", async () => {
    const sent = interceptSentry();
    const ctx = createExecutionContext();
    const response = await appThatThrows(new Error("kaboom")).request("/boom", {}, { ...env, SENTRY_DSN: "" }, ctx);
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(500);
    expect(sent).toHaveLength(0);
  });

  it("answers typed errors with their own status and does not report them", async () => {
    const sent = interceptSentry();
    const ctx = createExecutionContext();
    const response = await appThatThrows(new Forbidden("Only admins can do that")).request(
      "/boom",
      {},
      { ...env, SENTRY_DSN: DSN },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: "forbidden", message: "Only admins can do that" });
    expect(sent).toHaveLength(0);
  });
});
