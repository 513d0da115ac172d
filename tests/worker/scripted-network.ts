import { expect } from "vitest";

/**
 * A fake network for provider tests, passed as `ctx.fetch`: it expects the calls in order, each
 * by method and exact URL, lets the test check headers and body, and answers what the network
 * documents. A call nobody expected, or an expected call that never came, fails the test.
 */

export interface Expected {
  method: string;
  url: string;
  /** Checks the request (headers, body); throws (expect) when it is not as documented. */
  check?: (request: Request, body: string) => void | Promise<void>;
  /** The answer, or `"drop"` for a connection lost before any answer. */
  answer: Response | "drop";
}

export function scriptedNetwork() {
  const script: Expected[] = [];
  const mismatches: unknown[] = [];
  const seen: { method: string; url: string; body: string; headers: Headers }[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const body = request.body ? new TextDecoder().decode(await request.clone().arrayBuffer()) : "";
    seen.push({ method: request.method, url: request.url, body, headers: request.headers });
    const next = script.shift();
    try {
      if (!next) throw new Error(`Unexpected call: ${request.method} ${request.url}`);
      expect(`${request.method} ${request.url}`).toBe(`${next.method} ${next.url}`);
      await next.check?.(request, body);
    } catch (mismatch) {
      // The provider may turn a failed call into an outcome (unknown, retry): `done` reports it anyway.
      mismatches.push(mismatch);
      throw mismatch;
    }
    if (next.answer === "drop") throw new TypeError("Network connection lost.");
    return next.answer;
  }) as typeof globalThis.fetch;
  return {
    fetch,
    seen,
    expect(...calls: Expected[]) {
      script.push(...calls);
    },
    /** Every call was as expected, and every expected call came. */
    done() {
      if (mismatches.length) throw mismatches[0];
      expect(script.map((call) => `${call.method} ${call.url}`)).toEqual([]);
    },
  };
}

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });

export const form = (body: string) => Object.fromEntries(new URLSearchParams(body));
