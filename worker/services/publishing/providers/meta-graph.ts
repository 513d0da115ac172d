import { baseUrl, call, classifyFailure, expiresAt, retryAfterMs, TokenRequestFailed, type Failure, type NetworkAnswer } from "./http";
import type { ProviderAccount, Published, PublishOutcome, ProviderContext, RefreshOutcome } from "./types";

/**
 * What Meta's three networks share (Facebook Pages, Instagram, Threads): one pinned Graph API
 * version, the hosts (each configurable, so tests and local fakes point elsewhere), Graph error
 * bodies mapped onto our four classes, the token requests (GET with the secret in the query, as
 * Meta documents them, answering Graph error objects rather than RFC 6749 ones), the
 * two-step container flow's status polling, and matching a recent post on its text for `verify`.
 */

/**
 * The Graph API version for Facebook and Instagram, in one place. Meta retires a version about
 * two years after its release and then silently answers with the oldest live one, so moving it
 * forward is a deliberate change here (https://developers.facebook.com/docs/graph-api/changelog).
 */
export const GRAPH_API_VERSION = "v24.0";
/** Threads versions its API on its own (graph.threads.net/v1.0). */
export const THREADS_API_VERSION = "v1.0";

export const metaHosts = (env: Env) => ({
  facebookGraph: baseUrl(env, "FACEBOOK_GRAPH_BASE", "https://graph.facebook.com"),
  facebookAuth: baseUrl(env, "FACEBOOK_AUTH_BASE", "https://www.facebook.com"),
  instagramGraph: baseUrl(env, "INSTAGRAM_GRAPH_BASE", "https://graph.instagram.com"),
  instagramAuth: baseUrl(env, "INSTAGRAM_AUTH_BASE", "https://www.instagram.com"),
  instagramApi: baseUrl(env, "INSTAGRAM_API_BASE", "https://api.instagram.com"),
  threadsGraph: baseUrl(env, "THREADS_GRAPH_BASE", "https://graph.threads.net"),
  threadsAuth: baseUrl(env, "THREADS_AUTH_BASE", "https://threads.net"),
});

/** `https://host/path?query`, the query's empty values left out. */
export function withQuery(url: string, params: Record<string, string | undefined>) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) query.set(key, value);
  const text = query.toString();
  return text ? `${url}?${text}` : url;
}

// ---------------------------------------------------------------------------------------------
// Errors

/** Graph's error object (developers.facebook.com/docs/graph-api/guides/error-handling). */
export interface GraphError {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  is_transient?: boolean;
  error_user_title?: string;
  error_user_msg?: string;
  fbtrace_id?: string;
}


export interface GraphFailureContext {
  /** The network's name in messages ("Facebook", "Instagram", "Threads"). */
  label: string;
  /**
   * What an invalid or expired token (code 190) means for this account: a token this app can
   * refresh (Instagram Login, Threads), or one only reconnecting replaces (a Facebook Page's token,
   * which does not expire, stops working when the person changes their password or removes the app).
   */
  expiredToken: "refresh_token" | "disconnect";
  /** The permissions asked for, named in the hint when one is missing. */
  scopes: readonly string[];
}

export function graphErrorOf(body: unknown): GraphError | null {
  const error = (body as { error?: unknown } | null)?.error;
  return error && typeof error === "object" ? (error as GraphError) : null;
}

/** Graph's own words: the message, what it tells the person (error_user_msg), its code and subcode. */
function graphWords(status: number, error: GraphError) {
  const user = error.error_user_msg && error.error_user_msg !== error.message ? ` ${error.error_user_msg}` : "";
  const codes = [error.code !== undefined ? `code ${error.code}` : null, error.error_subcode ? `subcode ${error.error_subcode}` : null].filter(Boolean).join(", ");
  return `${status} ${error.message ?? "Unknown error"}${user}${codes ? ` (${codes})` : ""}`;
}

// Throttling codes (error-handling guide): 4 app, 17 user, 32 Page, 613 a call's own limit; 341 an
// application limit; 80001-80014 Business Use Case limits.
const THROTTLED = new Set([4, 17, 32, 341, 613]);
const THROTTLED_WAIT_MS = 10 * 60_000;
// Instagram's "the account published its 24-hour allowance" (Content Publishing troubleshooting).
const IG_PUBLISH_LIMIT_SUBCODE = 2207042;

/**
 * The wait Meta announces for a throttled Page or business: `X-Business-Use-Case-Usage` carries,
 * per business id, `estimated_time_to_regain_access` in minutes (docs/graph-api/overview/rate-limiting).
 */
function regainAccessMs(response: Response): number | undefined {
  const header = response.headers.get("x-business-use-case-usage");
  if (!header) return undefined;
  try {
    const usage = JSON.parse(header) as Record<string, { estimated_time_to_regain_access?: number }[]>;
    const minutes = Object.values(usage)
      .flat()
      .map((entry) => entry.estimated_time_to_regain_access ?? 0);
    const longest = Math.max(0, ...minutes);
    return longest > 0 ? longest * 60_000 : undefined;
  } catch {
    // A header we cannot read says nothing.
    return undefined;
  }
}

/**
 * A failed Graph answer as one of our classes (the codes of the Graph API error-handling guide):
 * 190 an invalid or expired token (refresh or reconnect, as the network's tokens allow);
 * 4/17/32/341/613 throttling and `is_transient` or codes 1/2 (a hiccup) retry, after Retry-After or
 * the announced regain time; 10 and 200-299 a permission the person did not grant (reconnect to
 * grant it); 368 a temporary block for a policy; anything else refused with Graph's words
 * (100 an invalid parameter, Instagram's 2207xxx media subcodes, 506 a duplicate post).
 */
export function graphFailure(answer: NetworkAnswer, context: GraphFailureContext): Failure {
  const { response } = answer;
  const error = graphErrorOf(answer.body);
  if (!error) return classifyFailure(answer, answer.text.slice(0, 300) || response.statusText);
  const words = graphWords(response.status, error);
  const reconnect = `Reconnect the ${context.label} account in Brandwork.`;
  const code = error.code ?? 0;

  if (code === 190 || code === 102) {
    if (context.expiredToken === "refresh_token") return { ok: false, errorClass: "refresh_token", message: words, hint: reconnect };
    return { ok: false, errorClass: "disconnect", message: words, hint: `${context.label} no longer accepts this account's access (a changed password, or the app removed in ${context.label}'s settings). ${reconnect}` };
  }
  if (error.error_subcode === IG_PUBLISH_LIMIT_SUBCODE) {
    return { ok: false, errorClass: "retry", message: words, retryAfterMs: retryAfterMs(response) ?? 60 * 60_000 };
  }
  if (THROTTLED.has(code) || (code >= 80001 && code <= 80014)) {
    return { ok: false, errorClass: "retry", message: words, retryAfterMs: retryAfterMs(response) ?? regainAccessMs(response) ?? THROTTLED_WAIT_MS };
  }
  if (error.is_transient || code === 1 || code === 2 || response.status >= 500) {
    return { ok: false, errorClass: "retry", message: words, retryAfterMs: retryAfterMs(response) };
  }
  if (code === 10 || (code >= 200 && code <= 299)) {
    return {
      ok: false,
      errorClass: "disconnect",
      message: words,
      hint: `${context.label} says a permission is missing. Reconnect the account and allow everything asked (${context.scopes.join(", ")}); a Page also needs you to be able to create content on it.`,
    };
  }
  if (code === 368) {
    return {
      ok: false,
      errorClass: "bad_body",
      message: words,
      hint: `${context.label} has temporarily blocked this account from posting for a policy reason. Check the account's status at ${context.label}, wait for the block to lift, then schedule it again.`,
    };
  }
  if (code === 506) {
    return { ok: false, errorClass: "bad_body", message: words, hint: `${context.label} refuses the same post twice in a row. Change the text and schedule it again.` };
  }
  return { ok: false, errorClass: "bad_body", message: words, hint: "Edit the post as the network's message says and schedule it again." };
}

/** A Graph refusal, carrying the outcome it maps to. */
export class GraphFailed extends Error {
  constructor(readonly outcome: Failure) {
    super(outcome.message);
  }
}

/** The final call of a publish got no answer: the post may exist. */
class AnswerLost extends Error {}

// ---------------------------------------------------------------------------------------------
// Calls

/**
 * One account's calls to a Graph host: GET with the query (the token as `access_token`, as every
 * Meta reference shows it), POST form-encoded (the token in the form, out of URLs and logs).
 * A refusal throws `GraphFailed`; no answer at all throws the fetch error.
 */
export class GraphClient {
  constructor(
    private readonly ctx: ProviderContext,
    /** The versioned base: `https://graph.facebook.com/v24.0`. */
    readonly base: string,
    private readonly accessToken: string,
    readonly context: GraphFailureContext,
  ) {}

  async get<T>(path: string, params: Record<string, string | undefined> = {}): Promise<T> {
    return this.answer<T>(await call<T>(this.ctx, withQuery(`${this.base}/${path}`, { ...params, access_token: this.accessToken })));
  }

  async post<T>(path: string, params: Record<string, string | undefined>): Promise<T> {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) if (value !== undefined) form.set(key, value);
    form.set("access_token", this.accessToken);
    return this.answer<T>(
      await call<T>(this.ctx, `${this.base}/${path}`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" }, body: form.toString() }),
    );
  }

  private answer<T>(answer: NetworkAnswer<T>): T {
    if (!answer.response.ok || !answer.body || graphErrorOf(answer.body)) throw new GraphFailed(graphFailure(answer, this.context));
    return answer.body;
  }
}

/**
 * Runs a publish. `final` wraps the one call that makes the post exist (a `/feed`, `/videos`,
 * `media_publish` or `threads_publish`): if its answer is lost, the outcome is unknown and the
 * publisher verifies before anything is sent again. Any step before it (a photo uploaded
 * unpublished, a container, its status) that gets no answer created nothing visible: retry.
 */
export async function publishing(label: string, run: (final: <T>(step: () => Promise<T>) => Promise<T>) => Promise<PublishOutcome>): Promise<PublishOutcome> {
  const final = async <T>(step: () => Promise<T>) => {
    try {
      return await step();
    } catch (error) {
      if (error instanceof GraphFailed) throw error;
      throw new AnswerLost(error instanceof Error ? error.message : String(error));
    }
  };
  try {
    return await run(final);
  } catch (error) {
    if (error instanceof GraphFailed) return error.outcome;
    if (error instanceof AnswerLost) return { ok: false, unknown: true, message: `${label} did not answer the publish request (${error.message}); the post may have been published` };
    return { ok: false, errorClass: "retry", message: `${label} could not be reached (${error instanceof Error ? error.message : String(error)}); nothing was published` };
  }
}

// ---------------------------------------------------------------------------------------------
// Tokens

/**
 * A Meta token request: the code exchange and the long-lived exchanges and refreshes are GETs
 * with the secret in the query (graph.facebook.com/oauth/access_token, graph.instagram.com/access_token,
 * graph.threads.net/access_token), the Instagram and Threads code exchanges form POSTs. Errors come
 * as Graph objects (`{error:{message,code}}`) or Instagram's older `{error_type, error_message}`.
 */
export async function metaTokenRequest(ctx: ProviderContext, url: string, method: "GET" | "POST", params: Record<string, string>): Promise<Record<string, unknown>> {
  let answer: NetworkAnswer<Record<string, unknown>>;
  try {
    answer =
      method === "GET"
        ? await call(ctx, withQuery(url, params), { headers: { Accept: "application/json" } })
        : await call(ctx, url, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" }, body: new URLSearchParams(params).toString() });
  } catch (error) {
    throw new TokenRequestFailed(`the network did not answer (${error instanceof Error ? error.message : String(error)})`, true);
  }
  const body = answer.body;
  const graph = graphErrorOf(body);
  if (!answer.response.ok || !body || graph) {
    const words =
      graph?.message ??
      (body?.error_message as string | undefined) ??
      (body?.error_description as string | undefined) ??
      (typeof body?.error === "string" ? body.error : undefined) ??
      (answer.text.slice(0, 200) || answer.response.statusText);
    throw new TokenRequestFailed(words, answer.response.status >= 500 || graph?.is_transient === true);
  }
  return body;
}

/** The token in a token answer; Instagram Login's code exchange wraps it in `data[0]`, as its guide shows. */
export function tokenIn(body: Record<string, unknown>): { accessToken: string; userId?: string; expiresIn?: number } {
  const entry = Array.isArray(body.data) && body.data[0] && typeof body.data[0] === "object" ? (body.data[0] as Record<string, unknown>) : body;
  const accessToken = entry.access_token;
  if (typeof accessToken !== "string" || !accessToken) throw new TokenRequestFailed("the answer carried no access token", false);
  const userId = entry.user_id;
  const expiresIn = Number(entry.expires_in);
  return { accessToken, userId: userId === undefined || userId === null ? undefined : String(userId), expiresIn: Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : undefined };
}

// ---------------------------------------------------------------------------------------------
// Containers

export const sleep = (ctx: ProviderContext, ms: number) => (ctx.sleep ? ctx.sleep(ms) : new Promise<void>((resolve) => setTimeout(resolve, ms)));

/**
 * How long to wait between status checks of a container. Instagram asks to check no more often
 * than once a minute and for no longer than five minutes; photos are ready within seconds, so the
 * first checks come sooner and the later ones settle at a minute (Threads suggests ~30 s).
 */
const POLL_DELAYS_MS = [5_000, 10_000, 15_000, 30_000, 60_000, 60_000, 60_000, 60_000];

export interface ContainerStatus {
  /** FINISHED, IN_PROGRESS, ERROR, EXPIRED or PUBLISHED (Instagram's `status_code`, Threads' `status`). */
  state: string;
  /** Why, when it failed (Instagram's `status`, Threads' `error_message`). */
  detail?: string;
}

/**
 * Waits until a container is ready to publish. ERROR or EXPIRED refuses the post with the status
 * (the media is what the network could not take); still processing after five minutes retries
 * (the container is invisible, a later attempt makes a new one).
 */
export async function waitForContainer(ctx: ProviderContext, label: string, read: () => Promise<ContainerStatus>): Promise<void> {
  for (let check = 0; ; check++) {
    const { state, detail } = await read();
    if (state === "FINISHED" || state === "PUBLISHED") return;
    if (state === "ERROR" || state === "EXPIRED") {
      throw new GraphFailed({
        ok: false,
        errorClass: "bad_body",
        message: `${label} could not process the media: ${state}${detail ? ` (${detail})` : ""}`,
        hint: state === "EXPIRED" ? "The media was not published within a day. Schedule it again." : `Check the media meets ${label}'s format, size and length rules, then schedule it again.`,
      });
    }
    const delay = POLL_DELAYS_MS[check];
    if (delay === undefined) {
      throw new GraphFailed({ ok: false, errorClass: "retry", message: `${label} was still processing the media after five minutes`, retryAfterMs: 60_000 });
    }
    await sleep(ctx, delay);
  }
}

// ---------------------------------------------------------------------------------------------
// Verify

/** Text as networks give it back: spacing and line ends may differ from what was sent. */
export const sameText = (a: string, b: string) => a.replace(/\s+/g, " ").trim() === b.replace(/\s+/g, " ").trim();

/**
 * The `since` of a recent-posts query: the attempt's earliest time, a minute earlier for clock
 * differences, in the Unix seconds Graph takes; none when the post carries no such time.
 */
export const sinceSeconds = (notBefore: number | undefined) => (notBefore ? String(Math.floor((notBefore - 60_000) / 1000)) : undefined);

/** The oldest recent item whose text is the post's: the first attempt that reached the network. */
export function findByText<T>(items: T[], text: string, textOf: (item: T) => string | undefined, found: (item: T) => Published): Published | null {
  const matches = items.filter((item) => sameText(textOf(item) ?? "", text));
  const first = matches.at(-1);
  return first ? found(first) : null;
}

/** An insights answer: `{data:[{name, values:[{value}]}]}`, or a `total_value` for totals. */
export interface InsightsAnswer {
  data?: { name: string; values?: { value?: unknown }[]; total_value?: { value?: unknown } }[];
}

/** Each metric's value by name; a breakdown (reactions by type) counts as its sum. */
export function insightValues(body: InsightsAnswer) {
  const values: Record<string, number> = {};
  for (const metric of body.data ?? []) {
    const raw = metric.values?.[0]?.value ?? metric.total_value?.value;
    const value =
      typeof raw === "number" ? raw : raw && typeof raw === "object" ? Object.values(raw as Record<string, number>).reduce((sum, n) => sum + (Number(n) || 0), 0) : Number(raw);
    if (Number.isFinite(value)) values[metric.name] = value;
  }
  return values;
}

/**
 * Extends a long-lived Instagram Login or Threads token (at least a day old, not expired) by
 * 60 days: `GET <host>/refresh_access_token` with the network's grant type.
 */
export async function refreshLongLivedToken(ctx: ProviderContext, account: ProviderAccount, host: string, grantType: "ig_refresh_token" | "th_refresh_token"): Promise<RefreshOutcome> {
  try {
    const token = tokenIn(await metaTokenRequest(ctx, `${host}/refresh_access_token`, "GET", { grant_type: grantType, access_token: account.credentials.accessToken }));
    return { ok: true, credentials: { ...account.credentials, accessToken: token.accessToken }, expiresAt: expiresAt(ctx, token.expiresIn) };
  } catch (error) {
    if (error instanceof TokenRequestFailed) return { ok: false, message: error.message, transient: error.transient };
    throw error;
  }
}
