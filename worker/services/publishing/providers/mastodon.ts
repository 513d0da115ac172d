import { htmlToPlainText, sameText } from "../../../../core/publishing/text-match";
import { HttpError, Invalid } from "../../../lib/errors";
import { call, classifyFailure, tokenRequest, userHostContext, type Failure, type NetworkAnswer , wait , pkceAuthorizeQuery, refusedFigures } from "./http";
import type { ConnectedAccount, ExchangeRequest, OAuthApp, OutgoingMedia, OutgoingPost, PostMetrics, Provider, ProviderAccount, ProviderContext, PublishOutcome, Published, RefreshOutcome } from "./types";

/**
 * Mastodon, any instance (docs.joinmastodon.org). The person types their server; this
 * deployment registers an app there (`POST /api/v1/apps`, once per instance, remembered by the
 * connect flow) and signs in with OAuth and PKCE (Mastodon 4.3+ checks S256; older servers
 * ignore it). The instance is a host a person named, so EVERY call to it goes through safe-fetch
 * (`userHostContext`): public addresses only, checked after DNS. A post is `POST
 * /api/v1/statuses` with an `Idempotency-Key` (Mastodon answers the same status to a resend
 * within an hour), a thread is replies, media go up through `POST /api/v2/media` first. Tokens
 * do not expire: a 401 means access was revoked, and the account must be reconnected.
 */

export const MASTODON_SCOPES = "read write:statuses write:media";
const FIELD = "instance";

/** The instance the account is on, its app and account id: kept (sealed) in the credentials. */
interface MastodonExtra {
  instance: string;
  accountId: string;
  clientId?: string;
  clientSecret?: string;
}

/** How long Mastodon may take to process a medium (202, then 206 while polling) before this attempt gives up. */
const MAX_PROCESSING_MS = 5 * 60_000;
const POLL_MS = 2_000;
const VERIFY_LIMIT = 40;


/**
 * The origin of the server a person typed: "mastodon.social", "https://mastodon.social/",
 * "@me@mastodon.social" all answer https://mastodon.social. Only https: Mastodon requires it.
 */
export function instanceOrigin(input: string): string {
  let text = input.trim();
  const address = /^@?[^@\s/]+@([^@\s/]+)$/.exec(text);
  if (address) text = address[1]!;
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) text = `https://${text}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Invalid("That is not a server address", { [FIELD]: ["should be your server's address, such as mastodon.social"] });
  }
  if (url.protocol !== "https:") throw new Invalid("Mastodon servers are reached over https", { [FIELD]: ["must be an https:// address"] });
  if (!url.hostname.includes(".")) throw new Invalid("That is not a server address", { [FIELD]: ["should be your server's address, such as mastodon.social"] });
  return url.origin;
}

const instanceCtx = (ctx: ProviderContext) => userHostContext(ctx, FIELD);
const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

function extraOf(account: ProviderAccount): MastodonExtra {
  const extra = account.credentials.extra ?? {};
  return { instance: extra.instance ?? "", accountId: extra.accountId ?? "", clientId: extra.clientId, clientSecret: extra.clientSecret };
}

const bearer = (account: ProviderAccount) => ({ Authorization: `Bearer ${account.credentials.accessToken}` });

function mastodonWords(answer: NetworkAnswer): string {
  const body = answer.body as { error?: string; error_description?: string } | null;
  return body?.error_description ?? body?.error ?? (answer.text.slice(0, 200) || answer.response.statusText);
}

function mastodonFailure(ctx: ProviderContext, answer: NetworkAnswer, instance: string): Failure {
  const words = mastodonWords(answer);
  const { status } = answer.response;
  // Tokens never expire: a 401 means the person (or the server) revoked this app's access.
  if (status === 401) return { ok: false, errorClass: "disconnect", message: `${status} ${words}: ${new URL(instance).host} no longer accepts this app's access; reconnect the account` };
  if (status === 429) {
    // Mastodon sends X-RateLimit-Reset as an ISO 8601 time, not Retry-After.
    const reset = Date.parse(answer.response.headers.get("x-ratelimit-reset") ?? "");
    const fromReset = Number.isFinite(reset) ? Math.max(0, reset - ctx.now()) : undefined;
    const outcome = classifyFailure(answer, words);
    return { ...outcome, ...(fromReset !== undefined ? { retryAfterMs: fromReset } : {}) };
  }
  return classifyFailure(answer, words, status === 422 ? "Change the post as the server asks and schedule it again." : undefined);
}

/** A call to the instance that never answered (or whose address was refused) as a failure class. */
function unreachable(error: unknown, what: string): Failure {
  // safe-fetch refused the address before anything was sent: it now points to a private network.
  if (error instanceof HttpError && /private network/i.test(error.message)) {
    return { ok: false, errorClass: "bad_body", message: `The server's address was refused: ${error.message}`, hint: "Check the account's server, and reconnect it." };
  }
  return { ok: false, errorClass: "retry", message: `The server could not be reached while ${what} (${reason(error)})` };
}

async function registerApp(ctx: ProviderContext, instance: string, redirectUri: string): Promise<OAuthApp> {
  const origin = instanceOrigin(instance);
  const answer = await call<{ client_id?: string; client_secret?: string }>(instanceCtx(ctx), `${origin}/api/v1/apps`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ client_name: "Brandwork", redirect_uris: redirectUri, scopes: MASTODON_SCOPES, website: new URL(redirectUri).origin }),
  }).catch((error: unknown) => {
    // A refused address is already a 400 naming the field; a server that never answered becomes one.
    if (error instanceof HttpError) throw error;
    throw new Invalid(`${new URL(origin).host} did not answer (${reason(error)})`, { [FIELD]: ["did not answer"] });
  });
  const app = answer.body;
  if (!answer.response.ok || !app?.client_id || !app.client_secret) {
    throw new Invalid(`${new URL(origin).host} did not register Brandwork (${answer.response.status} ${mastodonWords(answer)}). Is it a Mastodon server?`, {
      [FIELD]: ["did not answer as a Mastodon server"],
    });
  }
  return { clientId: app.client_id, clientSecret: app.client_secret };
}

interface MastodonAccount {
  id: string;
  username: string;
  acct: string;
  display_name?: string;
  avatar?: string;
  url?: string;
}

async function exchangeCode(ctx: ProviderContext, req: ExchangeRequest): Promise<ConnectedAccount[]> {
  if (!req.instance) throw new Invalid("Which Mastodon server?", { [FIELD]: ["is required"] });
  const origin = instanceOrigin(req.instance);
  const safe = instanceCtx(ctx);
  const token = await tokenRequest(
    safe,
    `${origin}/oauth/token`,
    { grant_type: "authorization_code", code: req.code, redirect_uri: req.redirectUri, code_verifier: req.codeVerifier, scope: MASTODON_SCOPES },
    { app: req.app, auth: "body" },
  );
  const headers = { Authorization: `Bearer ${token.access_token}` };
  const me = await call<MastodonAccount>(safe, `${origin}/api/v1/accounts/verify_credentials`, { headers });
  const person = me.body;
  if (!me.response.ok || !person?.id) throw new Error(`${new URL(origin).host} did not say whose account this is: ${me.response.status} ${mastodonWords(me)}`);
  // The instance's own limit (500 unless it says otherwise), kept for the composer and the checks.
  const about = await call<{ configuration?: { statuses?: { max_characters?: number } } }>(safe, `${origin}/api/v2/instance`).catch(() => null);
  const maxCharacters = about?.response.ok ? about.body?.configuration?.statuses?.max_characters : undefined;
  const host = new URL(origin).host;
  return [
    {
      externalId: `${person.id}@${host}`,
      displayName: person.display_name?.trim() || person.username,
      handle: `${person.username}@${host}`,
      avatarUrl: person.avatar ?? null,
      url: person.url ?? null,
      credentials: {
        accessToken: token.access_token,
        extra: {
          instance: origin,
          accountId: person.id,
          clientId: req.app.clientId,
          clientSecret: req.app.clientSecret,
          ...(maxCharacters ? { maxCharacters: String(maxCharacters) } : {}),
        },
      },
      expiresAt: null,
    },
  ];
}

interface MediaAttachment {
  id: string;
  url: string | null;
}

/** One medium through `POST /api/v2/media`; 202 means the server is still processing it: poll until it has a URL. */
async function uploadMedia(ctx: ProviderContext, account: ProviderAccount, item: OutgoingMedia): Promise<{ ok: true; id: string } | Failure> {
  const { instance } = extraOf(account);
  if (!ctx.readMedia) return { ok: false, errorClass: "bad_body", message: "This server cannot read the post's media", hint: "Publish it without media, or ask the administrator." };
  let bytes: ArrayBuffer;
  try {
    bytes = await ctx.readMedia(item);
  } catch (error) {
    return { ok: false, errorClass: "retry", message: `${item.name} could not be read from storage (${reason(error)})` };
  }
  const form = new FormData();
  form.set("file", new Blob([bytes], { type: item.contentType }), item.name);
  form.set("description", item.name);
  const safe = instanceCtx(ctx);
  let answer: NetworkAnswer<MediaAttachment>;
  try {
    answer = await call(safe, `${instance}/api/v2/media`, { method: "POST", headers: bearer(account), body: form });
  } catch (error) {
    return unreachable(error, `uploading ${item.name}`);
  }
  if (!answer.response.ok || !answer.body?.id) return mastodonFailure(ctx, answer, instance);
  const id = answer.body.id;
  let ready = answer.response.status === 200 && Boolean(answer.body.url);
  for (let waited = 0; !ready; waited += POLL_MS) {
    if (waited >= MAX_PROCESSING_MS) return { ok: false, errorClass: "retry", message: `The server was still processing ${item.name} after ${MAX_PROCESSING_MS / 60_000} minutes` };
    await wait(ctx, POLL_MS);
    let status: NetworkAnswer<MediaAttachment>;
    try {
      status = await call(safe, `${instance}/api/v1/media/${encodeURIComponent(id)}`, { headers: bearer(account) });
    } catch (error) {
      return unreachable(error, `processing ${item.name}`);
    }
    // 206 Partial Content: still processing. 200 with a URL: ready.
    if (status.response.status === 206) continue;
    if (!status.response.ok) return mastodonFailure(ctx, status, instance);
    ready = Boolean(status.body?.url);
  }
  return { ok: true, id };
}

/** The Idempotency-Key of each part: the post's own for the first, derived for the replies. */
const partKey = (post: OutgoingPost, index: number) => (index === 0 ? post.idempotencyKey : `${post.idempotencyKey}-${index + 1}`);

async function publish(ctx: ProviderContext, account: ProviderAccount, post: OutgoingPost): Promise<PublishOutcome> {
  const { instance } = extraOf(account);
  if (!instance) return { ok: false, errorClass: "disconnect", message: "The account's Mastodon server is unknown", hint: "Reconnect the account." };
  const mediaIds: string[] = [];
  for (const item of post.media) {
    const uploaded = await uploadMedia(ctx, account, item);
    if (!uploaded.ok) return uploaded;
    mediaIds.push(uploaded.id);
  }

  const published: { id: string; url: string }[] = [];
  for (const [index, text] of post.thread.entries()) {
    const body = {
      status: text,
      ...(index === 0 && mediaIds.length ? { media_ids: mediaIds } : {}),
      ...(index > 0 ? { in_reply_to_id: published[index - 1]!.id } : {}),
    };
    let answer: NetworkAnswer<{ id?: string; url?: string | null; uri?: string }>;
    try {
      answer = await call(instanceCtx(ctx), `${instance}/api/v1/statuses`, {
        method: "POST",
        headers: { ...bearer(account), "Content-Type": "application/json", "Idempotency-Key": partKey(post, index) },
        body: JSON.stringify(body),
      });
    } catch (error) {
      if (error instanceof HttpError) return unreachable(error, "publishing");
      // Unknown: `verify` looks first; a resend within the hour carries the same Idempotency-Keys.
      return { ok: false, unknown: true, message: `The server did not answer (${reason(error)}); ${index === 0 ? "the post" : `part ${index + 1} of the thread`} may have been published` };
    }
    const status = answer.body;
    if (!answer.response.ok || !status?.id) {
      const failure = mastodonFailure(ctx, answer, instance);
      if (index === 0) return failure;
      const live = `the first ${index} of the ${post.thread.length} parts of the thread are published (${published[0]!.url})`;
      return failure.errorClass === "bad_body"
        ? { ...failure, message: `${live}; part ${index + 1} was refused: ${failure.message}`, hint: failure.hint ?? "Finish the thread by replying to its last part, or delete it and publish again." }
        : { ...failure, message: `${failure.message} (${live}; the retry continues the thread)` };
    }
    published.push({ id: status.id, url: status.url ?? status.uri ?? `${instance}/statuses/${status.id}` });
  }
  return { ok: true, ...published[0]! };
}

interface Status {
  id: string;
  created_at: string;
  content: string;
  url?: string | null;
  uri?: string;
  in_reply_to_id?: string | null;
  favourites_count?: number;
  reblogs_count?: number;
  replies_count?: number;
}

/**
 * The account's statuses since the attempt, matched on text. Published only when every part of
 * the thread is there; otherwise the resend (same Idempotency-Keys) completes it.
 */
async function verify(ctx: ProviderContext, account: ProviderAccount, post: OutgoingPost): Promise<Published | null> {
  const { instance, accountId } = extraOf(account);
  const answer = await call<Status[]>(instanceCtx(ctx), `${instance}/api/v1/accounts/${encodeURIComponent(accountId)}/statuses?limit=${VERIFY_LIMIT}&exclude_reblogs=true`, {
    headers: bearer(account),
  });
  // Not being able to look is not "not found": a resend could duplicate the post.
  if (!answer.response.ok || !Array.isArray(answer.body)) throw new Error(`${new URL(instance).host} could not list the account's posts: ${answer.response.status} ${mastodonWords(answer)}`);
  const since = post.notBefore ?? 0;
  const recent = answer.body.filter((status) => Date.parse(status.created_at) >= since);
  const root = recent.find((status) => !status.in_reply_to_id && sameText(htmlToPlainText(status.content), post.thread[0] ?? ""));
  if (!root) return null;
  const allThere = post.thread.slice(1).every((part) => recent.some((status) => status.in_reply_to_id && sameText(htmlToPlainText(status.content), part)));
  return allThere ? { id: root.id, url: root.url ?? root.uri ?? `${instance}/statuses/${root.id}` } : null;
}

/** Tokens do not expire, so there is nothing to refresh: this checks the token still works. */
async function refresh(ctx: ProviderContext, account: ProviderAccount): Promise<RefreshOutcome> {
  const { instance } = extraOf(account);
  let answer: NetworkAnswer;
  try {
    answer = await call(instanceCtx(ctx), `${instance}/api/v1/accounts/verify_credentials`, { headers: bearer(account) });
  } catch (error) {
    return { ok: false, message: `The server did not answer (${reason(error)})`, transient: !(error instanceof HttpError) };
  }
  if (answer.response.ok) return { ok: true, credentials: account.credentials, expiresAt: null };
  const transient = answer.response.status >= 500 || answer.response.status === 429;
  return { ok: false, message: transient ? mastodonWords(answer) : `${mastodonWords(answer)}: Mastodon tokens cannot be refreshed; reconnect the account`, transient };
}

async function metrics(ctx: ProviderContext, account: ProviderAccount, ids: string[]) {
  const { instance } = extraOf(account);
  const figures: Record<string, PostMetrics> = {};
  const safe = instanceCtx(ctx);
  for (const id of ids) {
    const answer = await call<Status>(safe, `${instance}/api/v1/statuses/${encodeURIComponent(id)}`, { headers: bearer(account) });
    // A deleted status has no figures; any other failure means none could be read.
    if (answer.response.status === 404) continue;
    if (!answer.response.ok) throw refusedFigures(mastodonFailure(ctx, answer, instance), `${new URL(instance).host} did not give the post's figures`);
    if (!answer.body) throw new Error(`${new URL(instance).host} did not give the post's figures: its answer was not JSON`);
    figures[id] = { likes: answer.body.favourites_count, shares: answer.body.reblogs_count, comments: answer.body.replies_count };
  }
  return figures;
}

async function revoke(ctx: ProviderContext, account: ProviderAccount) {
  const { instance, clientId, clientSecret } = extraOf(account);
  if (!instance || !clientId || !clientSecret) return;
  const answer = await call(instanceCtx(ctx), `${instance}/oauth/revoke`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ client_id: clientId, client_secret: clientSecret, token: account.credentials.accessToken }).toString(),
  });
  if (!answer.response.ok) throw new Error(`${new URL(instance).host} did not revoke the token: ${answer.response.status} ${mastodonWords(answer)}`);
}

export const mastodonProvider: Provider = {
  network: "mastodon",
  connectors: [
    {
      kind: "oauth",
      id: "mastodon",
      label: "Mastodon",
      envPrefix: null,
      instanceField: {
        name: FIELD,
        label: "Your Mastodon server",
        type: "text",
        placeholder: "mastodon.social",
        help: "The server your account is on: the part after the second @ in @you@mastodon.social.",
      },
      registerApp,
      authorizeUrl(req) {
        const origin = instanceOrigin(req.instance ?? "");
        const query = pkceAuthorizeQuery(req, MASTODON_SCOPES);
        return `${origin}/oauth/authorize?${query}`;
      },
      exchangeCode,
    },
  ],
  publish,
  verify,
  refresh,
  metrics,
  revoke,
};
