import { sameText } from "../../../../core/publishing/text-match";
import { baseUrl, call, classifyFailure, expiresAt, oauthApp, partialThread, retryAfterMs, tokenRequest, type Failure, type NetworkAnswer, refreshTokenGrant , wait , pkceAuthorizeQuery, refusedFigures } from "./http";
import type { ConnectedAccount, OutgoingMedia, OutgoingPost, PostMetrics, Provider, ProviderAccount, ProviderContext, PublishOutcome } from "./types";

/**
 * X (Twitter), API v2 with OAuth 2.0 user context (docs.x.com "OAuth 2.0 Authorization Code
 * Flow with PKCE"). A post is `POST /2/tweets`; a thread is each part replying to the one before;
 * media go up first through the v2 chunked upload (initialize, append, finalize, then status
 * while X processes a video). X has no idempotency key, so `verify` reads the account's posts
 * since the attempt and matches the first part's text.
 */

export const X_SCOPES = "tweet.read tweet.write users.read offline.access media.write";

const authBase = (env: Env) => baseUrl(env, "X_AUTH_BASE", "https://x.com");
const apiBase = (env: Env) => baseUrl(env, "X_API_BASE", "https://api.x.com");
export const xPostUrl = (username: string, id: string) => `https://x.com/${username}/status/${id}`;

/** Appended in pieces of 4 MB (X takes up to 5 MB per APPEND). */
const CHUNK_BYTES = 4 * 1024 * 1024;
/** How long X may take to process a video before we give up for this attempt. */
const MAX_PROCESSING_MS = 10 * 60_000;
/** `GET /2/tweets` takes up to 100 ids. */
const LOOKUP_BATCH = 100;
const VERIFY_PAGES = 3;


/** X's errors are RFC 7807 problems: `title`, `detail`, and for invalid requests `errors[].message`. */
interface XProblem {
  title?: string;
  detail?: string;
  errors?: { message?: string; detail?: string }[];
}

function xWords(answer: NetworkAnswer): string {
  const problem = answer.body as XProblem | null;
  const messages = problem?.errors?.map((error) => error.message ?? error.detail).filter(Boolean) ?? [];
  if (messages.length) return messages.join("; ");
  return problem?.detail ?? problem?.title ?? (answer.text.slice(0, 200) || answer.response.statusText);
}

const DUPLICATE_HINT = "X refuses a post identical to one already on the account: change the text and schedule it again.";

function xFailure(ctx: ProviderContext, answer: NetworkAnswer): Failure {
  const words = xWords(answer);
  const duplicate = answer.response.status === 403 && /duplicate content/i.test(words);
  const outcome = classifyFailure(answer, words, duplicate ? DUPLICATE_HINT : undefined);
  // A 429 carries `x-rate-limit-reset` (epoch seconds): measured against our clock.
  return outcome.errorClass === "retry" ? { ...outcome, retryAfterMs: retryAfterMs(answer.response, ctx.now()) } : outcome;
}

const bearer = (account: ProviderAccount) => ({ Authorization: `Bearer ${account.credentials.accessToken}` });
const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

const mediaCategory = (item: OutgoingMedia) => (item.kind === "video" ? "tweet_video" : item.contentType === "image/gif" ? "tweet_gif" : "tweet_image");

interface UploadData {
  id: string;
  processing_info?: { state: "pending" | "in_progress" | "failed" | "succeeded"; check_after_secs?: number; error?: { message?: string } };
}

/** One medium through the v2 upload: nothing is published yet, so every failure here is `retry` or X's refusal. */
async function uploadMedia(ctx: ProviderContext, account: ProviderAccount, item: OutgoingMedia): Promise<{ ok: true; id: string } | Failure> {
  if (!ctx.readMedia) return { ok: false, errorClass: "bad_body", message: "This server cannot read the post's media", hint: "Publish it without media, or ask the administrator." };
  const api = apiBase(ctx.env);
  const step = async (what: string, url: string, init: RequestInit = {}): Promise<NetworkAnswer<{ data?: UploadData }> | Failure> => {
    try {
      return await call<{ data?: UploadData }>(ctx, url, { ...init, headers: { ...bearer(account), ...(init.headers as Record<string, string> | undefined) } });
    } catch (error) {
      return { ok: false, errorClass: "retry", message: `X did not answer while ${what} ${item.name} (${reason(error)})` };
    }
  };
  const failed = (answer: NetworkAnswer | Failure): answer is Failure => "errorClass" in answer;

  let bytes: ArrayBuffer;
  try {
    bytes = await ctx.readMedia(item);
  } catch (error) {
    return { ok: false, errorClass: "retry", message: `${item.name} could not be read from storage (${reason(error)})` };
  }

  const init = await step("starting the upload of", `${api}/2/media/upload/initialize`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ media_type: item.contentType, total_bytes: bytes.byteLength, media_category: mediaCategory(item) }),
  });
  if (failed(init)) return init;
  const id = init.body?.data?.id;
  if (!init.response.ok || !id) return xFailure(ctx, init);

  for (let offset = 0, segment = 0; offset < bytes.byteLength; offset += CHUNK_BYTES, segment++) {
    const form = new FormData();
    form.set("segment_index", String(segment));
    form.set("media", new Blob([bytes.slice(offset, offset + CHUNK_BYTES)], { type: "application/octet-stream" }), item.name);
    const append = await step("uploading", `${api}/2/media/upload/${id}/append`, { method: "POST", body: form });
    if (failed(append)) return append;
    if (!append.response.ok) return xFailure(ctx, append);
  }

  const finalize = await step("finishing the upload of", `${api}/2/media/upload/${id}/finalize`, { method: "POST" });
  if (failed(finalize)) return finalize;
  if (!finalize.response.ok) return xFailure(ctx, finalize);

  // Videos and GIFs are processed after FINALIZE: poll STATUS as `check_after_secs` says.
  let info = finalize.body?.data?.processing_info;
  for (let waited = 0; info && (info.state === "pending" || info.state === "in_progress"); ) {
    if (waited >= MAX_PROCESSING_MS) return { ok: false, errorClass: "retry", message: `X was still processing ${item.name} after ${MAX_PROCESSING_MS / 60_000} minutes` };
    const delay = Math.max(1, info.check_after_secs ?? 5) * 1000;
    await wait(ctx, delay);
    waited += delay;
    const status = await step("processing", `${api}/2/media/upload?command=STATUS&media_id=${encodeURIComponent(id)}`);
    if (failed(status)) return status;
    if (!status.response.ok) return xFailure(ctx, status);
    info = status.body?.data?.processing_info;
  }
  if (info?.state === "failed") {
    return { ok: false, errorClass: "bad_body", message: `X could not process ${item.name}: ${info.error?.message ?? "the file was refused"}`, hint: "Check the file's format and length against X's media rules, or post without it." };
  }
  return { ok: true, id };
}

async function publish(ctx: ProviderContext, account: ProviderAccount, post: OutgoingPost): Promise<PublishOutcome> {
  const mediaIds: string[] = [];
  for (const item of post.media) {
    const uploaded = await uploadMedia(ctx, account, item);
    if (!uploaded.ok) return uploaded;
    mediaIds.push(uploaded.id);
  }

  const published: string[] = [];
  for (const [index, text] of post.thread.entries()) {
    const body = {
      text,
      ...(index === 0 && mediaIds.length ? { media: { media_ids: mediaIds } } : {}),
      ...(index > 0 ? { reply: { in_reply_to_tweet_id: published[index - 1] } } : {}),
    };
    let answer: NetworkAnswer<{ data?: { id: string } }>;
    try {
      answer = await call(ctx, `${apiBase(ctx.env)}/2/tweets`, { method: "POST", headers: { ...bearer(account), "Content-Type": "application/json" }, body: JSON.stringify(body) });
    } catch (error) {
      // The create may have reached X: the publisher verifies before anything is resent.
      if (index === 0) return { ok: false, unknown: true, message: `X did not answer (${reason(error)}); the post may have been published` };
      return partialThread("X", xPostUrl(account.handle, published[0]!), published.length, post.thread.length, `X did not answer (${reason(error)}), so that part may or may not be on X`);
    }
    const id = answer.body?.data?.id;
    if (!answer.response.ok || !id) {
      const failure = xFailure(ctx, answer);
      return index === 0 ? failure : partialThread("X", xPostUrl(account.handle, published[0]!), published.length, post.thread.length, failure.message);
    }
    published.push(id);
  }
  return { ok: true, id: published[0]!, url: xPostUrl(account.handle, published[0]!) };
}

/** `start_time` as X takes it: RFC 3339 to the second. */
const xTime = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

async function verify(ctx: ProviderContext, account: ProviderAccount, post: OutgoingPost) {
  const first = post.thread[0] ?? "";
  const since = post.notBefore ?? ctx.now() - 24 * 60 * 60_000;
  let pageToken: string | undefined;
  for (let page = 0; page < VERIFY_PAGES; page++) {
    const query = new URLSearchParams({ start_time: xTime(since), max_results: "100", "tweet.fields": "created_at", exclude: "retweets" });
    if (pageToken) query.set("pagination_token", pageToken);
    const answer = await call<{ data?: { id: string; text: string }[]; meta?: { next_token?: string } }>(ctx, `${apiBase(ctx.env)}/2/users/${encodeURIComponent(account.externalId)}/tweets?${query}`, {
      headers: bearer(account),
    });
    // Not being able to look is not "not found": a resend could duplicate the post.
    if (!answer.response.ok) throw new Error(`X could not list the account's posts: ${answer.response.status} ${xWords(answer)}`);
    const found = answer.body?.data?.find((tweet) => sameText(tweet.text, first));
    if (found) return { id: found.id, url: xPostUrl(account.handle, found.id) };
    pageToken = answer.body?.meta?.next_token;
    if (!pageToken) break;
  }
  return null;
}

async function refresh(ctx: ProviderContext, account: ProviderAccount) {
  const app = oauthApp(ctx.env, "X");
  if (!app) return { ok: false as const, message: "X is not configured on this server (X_CLIENT_ID and X_CLIENT_SECRET)" };
  if (!account.credentials.refreshToken) return { ok: false as const, message: "X gave no refresh token for this account; reconnect it" };
  // Refresh tokens rotate: the answer carries the next one (offline.access).
  return refreshTokenGrant(ctx, `${apiBase(ctx.env)}/2/oauth2/token`, account.credentials, { app, auth: "basic" });
}

interface PublicMetrics {
  retweet_count?: number;
  reply_count?: number;
  like_count?: number;
  quote_count?: number;
  bookmark_count?: number;
  impression_count?: number;
}

async function metrics(ctx: ProviderContext, account: ProviderAccount, ids: string[]) {
  const figures: Record<string, PostMetrics> = {};
  for (let start = 0; start < ids.length; start += LOOKUP_BATCH) {
    const batch = ids.slice(start, start + LOOKUP_BATCH);
    const answer = await call<{ data?: { id: string; public_metrics?: PublicMetrics }[] }>(
      ctx,
      `${apiBase(ctx.env)}/2/tweets?ids=${batch.map(encodeURIComponent).join(",")}&tweet.fields=public_metrics`,
      { headers: bearer(account) },
    );
    if (!answer.response.ok) throw refusedFigures(xFailure(ctx, answer), "X did not give the posts' figures");
    for (const tweet of answer.body?.data ?? []) {
      const m = tweet.public_metrics;
      if (!m) continue;
      figures[tweet.id] = {
        impressions: m.impression_count,
        likes: m.like_count,
        comments: m.reply_count,
        shares: (m.retweet_count ?? 0) + (m.quote_count ?? 0),
        saves: m.bookmark_count,
      };
    }
  }
  return figures;
}

async function revoke(ctx: ProviderContext, account: ProviderAccount) {
  const app = oauthApp(ctx.env, "X");
  if (!app) return;
  // Revoking the refresh token ends the grant; the access token is revoked too, in case it outlives it.
  const tokens: [string, string][] = [[account.credentials.accessToken, "access_token"]];
  if (account.credentials.refreshToken) tokens.push([account.credentials.refreshToken, "refresh_token"]);
  for (const [token, hint] of tokens) {
    const answer = await call(ctx, `${apiBase(ctx.env)}/2/oauth2/revoke`, {
      method: "POST",
      headers: { Authorization: `Basic ${btoa(`${encodeURIComponent(app.clientId)}:${encodeURIComponent(app.clientSecret)}`)}`, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token, token_type_hint: hint }).toString(),
    });
    if (!answer.response.ok) throw new Error(`X did not revoke the ${hint.replace("_", " ")}: ${answer.response.status} ${xWords(answer)}`);
  }
}

async function exchangeCode(ctx: ProviderContext, req: { app: { clientId: string; clientSecret: string }; code: string; codeVerifier: string; redirectUri: string }): Promise<ConnectedAccount[]> {
  const api = apiBase(ctx.env);
  const token = await tokenRequest(
    ctx,
    `${api}/2/oauth2/token`,
    { grant_type: "authorization_code", code: req.code, redirect_uri: req.redirectUri, code_verifier: req.codeVerifier },
    { app: req.app, auth: "basic" },
  );
  const me = await call<{ data?: { id: string; name: string; username: string; profile_image_url?: string } }>(ctx, `${api}/2/users/me?user.fields=profile_image_url`, {
    headers: { Authorization: `Bearer ${token.access_token}` },
  });
  const user = me.body?.data;
  if (!me.response.ok || !user) throw new Error(`X did not say whose account this is: ${me.response.status} ${xWords(me)}`);
  return [
    {
      externalId: user.id,
      displayName: user.name,
      handle: user.username,
      avatarUrl: user.profile_image_url ?? null,
      credentials: { accessToken: token.access_token, refreshToken: token.refresh_token ?? null },
      expiresAt: expiresAt(ctx, token.expires_in),
    },
  ];
}

export const xProvider: Provider = {
  network: "x",
  connectors: [
    {
      kind: "oauth",
      id: "x",
      label: "X",
      envPrefix: "X",
      authorizeUrl(req, env) {
        const query = pkceAuthorizeQuery(req, X_SCOPES);
        return `${authBase(env)}/i/oauth2/authorize?${query}`;
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
