import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type { OutgoingMedia, OutgoingPost, ProviderAccount, ProviderContext } from "../../worker/services/publishing/providers/types";
import { db } from "../factories";

/**
 * A fake of Meta's Graph hosts for provider tests: a script of the requests the documentation
 * shows, in order, each checked exactly (method, host and path, every query parameter, every form
 * field and the form's content type) and answered with the documented body, status and headers,
 * or with no answer at all (a timeout). Anything else is recorded as a problem, so a provider that
 * swallows an error still fails the test at `done()`.
 */

export interface Step {
  /** `GET https://graph.facebook.com/v24.0/me`: the method and the URL without its query. */
  request: string;
  query?: Record<string, string>;
  form?: Record<string, string>;
  status?: number;
  body?: unknown;
  /** The answer's text as sent, where JSON.stringify cannot write it (a number past 2^53). */
  raw?: string;
  headers?: Record<string, string | undefined>;
  /** No answer: the connection times out. */
  lost?: boolean;
}

export function fakeGraph(steps: Step[]) {
  const remaining = [...steps];
  const problems: string[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const said = `${request.method} ${url.origin}${url.pathname}`;
    const step = remaining.shift();
    if (!step) {
      problems.push(`unexpected ${said}`);
      throw new Error(`unexpected ${said}`);
    }
    const query = Object.fromEntries(url.searchParams);
    const form = request.method === "POST" ? Object.fromEntries(new URLSearchParams(new TextDecoder().decode(await request.arrayBuffer()))) : {};
    const mismatch = [
      said !== step.request ? `${said} instead of ${step.request}` : null,
      JSON.stringify(sorted(query)) !== JSON.stringify(sorted(step.query ?? {})) ? `${said} query ${JSON.stringify(query)} instead of ${JSON.stringify(step.query ?? {})}` : null,
      JSON.stringify(sorted(form)) !== JSON.stringify(sorted(step.form ?? {})) ? `${said} form ${JSON.stringify(form)} instead of ${JSON.stringify(step.form ?? {})}` : null,
      request.method === "POST" && request.headers.get("content-type") !== "application/x-www-form-urlencoded" ? `${said} sent ${request.headers.get("content-type")}` : null,
    ].filter((text): text is string => text !== null);
    if (mismatch.length) {
      problems.push(...mismatch);
      throw new Error(mismatch.join("; "));
    }
    if (step.lost) throw new DOMException("The operation was aborted due to timeout", "TimeoutError");
    return new Response(step.raw ?? (step.body === undefined ? "" : JSON.stringify(step.body)), {
      status: step.status ?? 200,
      headers: Object.fromEntries(Object.entries({ "Content-Type": "application/json", ...step.headers }).filter((entry): entry is [string, string] => entry[1] !== undefined)),
    });
  }) as typeof globalThis.fetch;
  return {
    fetch,
    /** Every scripted request was made, as scripted, and nothing else. */
    done() {
      expect(problems).toEqual([]);
      expect(remaining.map((step) => step.request)).toEqual([]);
    },
  };
}

const sorted = (record: Record<string, string>) => Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));

export const NOW = Date.UTC(2026, 11, 2, 10, 0, 0);
export const APP = { clientId: "meta-app-id", clientSecret: "meta-app-secret" };
export const REDIRECT = "https://brandwork.test/integrations/facebook/callback";

export const mediaUrlOf = (item: OutgoingMedia) => `https://cdn.brandwork.test/media/${item.uploadId}?sig=signed`;

export function contextWith(fetch: typeof globalThis.fetch, overrides: Record<string, string> = {}) {
  const slept: number[] = [];
  const ctx: ProviderContext = {
    db,
    env: { ...env, ...overrides } as unknown as Env,
    now: () => NOW,
    fetch,
    sleep: async (ms) => void slept.push(ms),
    mediaUrl: async (item) => mediaUrlOf(item),
  };
  return { ctx, slept };
}

export const image = (uploadId: number): OutgoingMedia => ({ uploadId, url: `/files/${uploadId}`, kind: "image", contentType: "image/jpeg", name: `photo-${uploadId}.jpg`, bytes: 200_000 });
export const video = (uploadId: number): OutgoingMedia => ({ uploadId, url: `/files/${uploadId}`, kind: "video", contentType: "video/mp4", name: `clip-${uploadId}.mp4`, bytes: 8_000_000 });

export const postOf = (thread: string[], media: OutgoingMedia[] = []): OutgoingPost => ({ thread, media, idempotencyKey: "target-key-1", notBefore: NOW - 5 * 60_000 });
/** The `since` verify sends for `postOf`: the first attempt's time less a minute, in seconds. */
export const SINCE = String(Math.floor((NOW - 6 * 60_000) / 1000));

export const accountOf = (externalId: string, handle: string, accessToken: string, extra?: Record<string, string>): ProviderAccount => ({
  externalId,
  handle,
  credentials: { accessToken, ...(extra ? { extra } : {}) },
});

/** A Graph error body, as the error-handling guide shows it. */
export const graphError = (code: number, message: string, more: Record<string, unknown> = {}) => ({
  error: { message, type: code === 190 ? "OAuthException" : "GraphMethodException", code, fbtrace_id: "AbCdEf123", ...more },
});
