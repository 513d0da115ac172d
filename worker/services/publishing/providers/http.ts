import { safeRequest } from "../../safe-fetch";
import type { Credentials } from "../credentials";
import type { OAuthApp, PublishOutcome, ProviderContext, RefreshOutcome } from "./types";

/**
 * What every network's provider shares: reading its app and base URLs from the environment
 * (every base URL is configurable, so tests and the local fakes point elsewhere), calling the
 * network with a time limit, the OAuth 2.0 token request, and mapping an HTTP failure onto our
 * four error classes. A provider adds only what its network says differently.
 */

/** A setting from the environment, trimmed; undefined when unset or blank. */
export const read = (env: Env, name: string) => (env as unknown as Record<string, string | undefined>)[name]?.trim() || undefined;

/** `<PREFIX>_CLIENT_ID` and `<PREFIX>_CLIENT_SECRET`, or null when this deployment has no app for the network. */
export function oauthApp(env: Env, prefix: string): OAuthApp | null {
  const clientId = read(env, `${prefix}_CLIENT_ID`);
  const clientSecret = read(env, `${prefix}_CLIENT_SECRET`);
  return clientId && clientSecret ? { clientId, clientSecret } : null;
}

/** A base URL, from `name` in the environment or the network's own; never with a trailing slash. */
export function baseUrl(env: Env, name: string, fallback: string): string {
  return (read(env, name) ?? fallback).replace(/\/+$/, "");
}

const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * The context's fetch, called as a plain function: workerd's fetch throws "Illegal invocation"
 * when it runs as a method of another object (`ctx.fetch(url)`), which a test's mock never does.
 */
export const send =
  (ctx: Pick<ProviderContext, "fetch">): typeof fetch =>
  (input, init) =>
    ctx.fetch.call(globalThis, input, init);

/**
 * The context for calling a host a person named (a Mastodon instance, a self-hosted Bluesky
 * PDS): the same `call` and `tokenRequest`, but every request goes through safe-fetch (public
 * addresses only, checked after DNS; no redirects followed), still out through `ctx.fetch`, so
 * tests see it. A refused address throws safe-fetch's 400 naming `field`, before anything is sent.
 */
export function userHostContext(ctx: ProviderContext, field: string): ProviderContext {
  const viaSafeFetch = (input: RequestInfo | URL, init: RequestInit = {}) =>
    safeRequest(
      input instanceof Request ? input.url : String(input),
      { method: init.method ?? "GET", headers: Object.fromEntries(new Headers(init.headers)), ...(init.body != null ? { body: init.body } : {}) },
      { field, fetch: ctx.fetch, timeoutMs: DEFAULT_TIMEOUT_MS },
    );
  return { ...ctx, fetch: viaSafeFetch as typeof fetch };
}

export interface NetworkAnswer<T = unknown> {
  response: Response;
  /** The parsed JSON body, or null when it was not JSON. */
  body: T | null;
  text: string;
}

/**
 * One call to the network with a time limit. It throws when no answer came (timeout, connection
 * lost): for a publish that is an unknown outcome (the publisher verifies before any resend),
 * for the steps before it (a media upload) the provider turns it into `retry`.
 */
export async function call<T = unknown>(ctx: ProviderContext, url: string, init: RequestInit = {}, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<NetworkAnswer<T>> {
  const response = await send(ctx)(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  const text = await response.text();
  let body: T | null = null;
  try {
    body = text ? (JSON.parse(text) as T) : null;
  } catch {
    body = null;
  }
  return { response, body, text };
}

/**
 * The authorization request's query for a PKCE code flow (RFC 6749 4.1.1, RFC 7636), encoded
 * with %20 for spaces as the networks' own examples are (URLSearchParams would write "+").
 */
export function pkceAuthorizeQuery(req: { app: { clientId: string }; redirectUri: string; state: string; codeChallenge: string }, scope: string): string {
  const pairs: [string, string][] = [
    ["response_type", "code"],
    ["client_id", req.app.clientId],
    ["redirect_uri", req.redirectUri],
    ["scope", scope],
    ["state", req.state],
    ["code_challenge", req.codeChallenge],
    ["code_challenge_method", "S256"],
  ];
  return pairs.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("&");
}

/** Waits as the context says (tests pass a sleep they control), else on a timer. */
export const wait = (ctx: Pick<ProviderContext, "sleep">, ms: number) => (ctx.sleep ? ctx.sleep(ms) : new Promise<void>((resolve) => setTimeout(resolve, ms)));

/** A step before the post exists failed (a media upload): its class, or retry when no answer came. */
export class StepFailed extends Error {
  constructor(readonly outcome: Failure) {
    super(outcome.message);
  }
}

/**
 * A refused figures lookup (`metrics`), thrown with its class so the collector reacts as the
 * publisher does (retry after Retry-After, refresh, reconnect); `what` leads the network's words.
 */
export const refusedFigures = (failure: Failure, what: string) => new StepFailed({ ...failure, message: `${what}: ${failure.message}` });

/**
 * One step before the post exists: a lost answer is `retry` (nothing was published yet), a
 * refusal is the network's own class through `failure`; both thrown as StepFailed.
 */
export async function step<T>(ctx: ProviderContext, network: string, what: string, url: string, init: RequestInit, failure: (answer: NetworkAnswer<T>) => Failure): Promise<NetworkAnswer<T>> {
  let answer: NetworkAnswer<T>;
  try {
    answer = await call<T>(ctx, url, init);
  } catch (error) {
    throw new StepFailed({ ok: false, errorClass: "retry", message: `${network} did not answer while ${what} (${error instanceof Error ? error.message : String(error)})` });
  }
  if (!answer.response.ok) throw new StepFailed(failure(answer));
  return answer;
}

/** A definite failure: the network answered, and the post (or this part of it) does not exist. */
export type Failure = Extract<PublishOutcome, { errorClass: unknown }>;

/**
 * A thread that failed after its first part went out, on a network with no idempotency key
 * (X, Threads): resending would repeat the parts that are live, so it is a definite failure that
 * says which parts are out and where, never retried by itself. Networks that can resume a
 * thread by key (Bluesky's record keys, Mastodon's Idempotency-Key) retry instead.
 */
export function partialThread(network: string, firstUrl: string, published: number, total: number, why: string): Failure {
  return {
    ok: false,
    errorClass: "bad_body",
    message: `only ${published} of the ${total} parts of the thread were published (${firstUrl}); part ${published + 1} failed: ${why}`,
    hint: `Finish the thread on ${network} by replying to its last part, or delete it there and publish again.`,
  };
}

/** Retry-After in ms, as seconds or an HTTP date; `x-rate-limit-reset` (epoch seconds) as X sends it. */
export function retryAfterMs(response: Response, now = Date.now()): number | undefined {
  const header = response.headers.get("retry-after");
  if (header) {
    const seconds = Number(header);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const at = Date.parse(header);
    if (Number.isFinite(at)) return Math.max(0, at - now);
  }
  const reset = Number(response.headers.get("x-rate-limit-reset"));
  if (reset > 0) return Math.max(0, reset * 1000 - now);
  return undefined;
}

/**
 * A failed answer as one of our classes: 401 asks for a refresh, 429 and 5xx retry (after
 * Retry-After), anything else is refused with the network's own words. Providers map their
 * network's special cases (an expired token sent as 400, a revoked app as 403) before this.
 */
export function classifyFailure(answer: NetworkAnswer, message: string, hint?: string): Failure {
  const { status } = answer.response;
  const words = `${status} ${message}`.trim();
  if (status === 401) return { ok: false, errorClass: "refresh_token", message: words };
  if (status === 429 || status === 408 || status >= 500) return { ok: false, errorClass: "retry", message: words, retryAfterMs: retryAfterMs(answer.response) };
  return { ok: false, errorClass: "bad_body", message: words, ...(hint ? { hint } : {}) };
}

export interface TokenAnswer {
  access_token: string;
  refresh_token?: string;
  expires_in?: number;
  scope?: string;
  token_type?: string;
  [key: string]: unknown;
}

export class TokenRequestFailed extends Error {
  constructor(
    message: string,
    /** True when the network never answered: a refresh keeps its tokens and tries again later. */
    readonly transient: boolean,
  ) {
    super(message);
  }
}

/**
 * The OAuth 2.0 token request (RFC 6749 4.1.3 and 6), form-encoded. `auth: "basic"` sends the
 * client in an Authorization header (X, Pinterest); "body" puts client_id and client_secret in
 * the form (Meta, LinkedIn, Google, TikTok name theirs in `clientFields`).
 */
export async function tokenRequest(
  ctx: ProviderContext,
  url: string,
  params: Record<string, string>,
  options: { app: OAuthApp; auth: "basic" | "body"; clientFields?: { id: string; secret: string } },
): Promise<TokenAnswer> {
  const form = new URLSearchParams(params);
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" };
  if (options.auth === "basic") {
    headers.Authorization = `Basic ${btoa(`${encodeURIComponent(options.app.clientId)}:${encodeURIComponent(options.app.clientSecret)}`)}`;
  } else {
    form.set(options.clientFields?.id ?? "client_id", options.app.clientId);
    form.set(options.clientFields?.secret ?? "client_secret", options.app.clientSecret);
  }
  let answer: NetworkAnswer<TokenAnswer & { error?: string; error_description?: string; message?: string }>;
  try {
    answer = await call(ctx, url, { method: "POST", headers, body: form.toString() });
  } catch (error) {
    throw new TokenRequestFailed(`the network did not answer (${error instanceof Error ? error.message : String(error)})`, true);
  }
  const body = answer.body;
  if (!answer.response.ok || !body?.access_token) {
    const words = body?.error_description ?? body?.message ?? body?.error ?? (answer.text.slice(0, 200) || answer.response.statusText);
    throw new TokenRequestFailed(`${body?.error && body.error !== words ? `${body.error}: ` : ""}${words}`, answer.response.status >= 500);
  }
  return body;
}

/**
 * The refresh_token grant (RFC 6749 section 6) as every network with one answers it: fresh
 * credentials, the refresh token kept when none comes back (Google, LinkedIn and HubSpot keep
 * theirs; X, Pinterest and TikTok rotate), and a refusal in the network's words (`refused`
 * words it for the person), `transient` when the network never answered.
 */
export async function refreshTokenGrant(
  ctx: ProviderContext,
  url: string,
  credentials: Credentials,
  options: Parameters<typeof tokenRequest>[3] & { refused?: (words: string) => string },
): Promise<RefreshOutcome> {
  if (!credentials.refreshToken) return { ok: false, message: "The network gave no refresh token for this account: connect it again" };
  try {
    const token = await tokenRequest(ctx, url, { grant_type: "refresh_token", refresh_token: credentials.refreshToken }, options);
    return {
      ok: true,
      credentials: { ...credentials, accessToken: token.access_token, refreshToken: token.refresh_token ?? credentials.refreshToken },
      expiresAt: expiresAt(ctx, token.expires_in),
    };
  } catch (error) {
    if (error instanceof TokenRequestFailed) return { ok: false, message: options.refused ? options.refused(error.message) : error.message, transient: error.transient };
    throw error;
  }
}

/** Epoch ms at which a token answered now expires, or null when the network gave no lifetime. */
export const expiresAt = (ctx: ProviderContext, expiresIn: number | undefined) => (expiresIn ? ctx.now() + expiresIn * 1000 : null);
