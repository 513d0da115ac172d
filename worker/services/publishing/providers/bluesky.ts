import { findRichText, HANDLE_PATTERN, mentionedHandles, toFacets } from "../../../../core/publishing/facets";
import { HttpError, Invalid } from "../../../lib/errors";
import { baseUrl, call, classifyFailure, userHostContext, type Failure, type NetworkAnswer, refusedFigures } from "./http";
import type { ConnectedAccount, OutgoingMedia, OutgoingPost, PostMetrics, Provider, ProviderAccount, ProviderContext, PublishOutcome, Published, RefreshOutcome } from "./types";

/**
 * Bluesky, through the AT Protocol's XRPC endpoints with plain fetch. A person connects with
 * their handle and an app password (the atproto OAuth client library does not run in workerd);
 * we keep only the session it opens (accessJwt, refreshJwt), on the account's PDS. A post is a
 * record written with `com.atproto.repo.createRecord` under a record key derived from the
 * post's idempotency key, so `verify` reads that exact record back and a resend of a part that
 * already exists is recognised instead of duplicated; a thread is replies naming root and
 * parent. Links, mentions and tags are facets over UTF-8 bytes (core/publishing/facets.ts).
 */

const POST_COLLECTION = "app.bsky.feed.post";
/** Where sessions open and handles resolve: Bluesky's entryway, or a deployment's own PDS. */
const serviceBase = (env: Env) => baseUrl(env, "BLUESKY_SERVICE", "https://bsky.social");
/** The public AppView: profiles and post figures, no session needed. */
const appViewBase = (env: Env) => baseUrl(env, "BLUESKY_APPVIEW", "https://public.api.bsky.app");
/** Where did:plc documents are published. */
const plcBase = (env: Env) => baseUrl(env, "BLUESKY_PLC_DIRECTORY", "https://plc.directory");

export const blueskyPostUrl = (did: string, rkey: string) => `https://bsky.app/profile/${did}/post/${rkey}`;
const rkeyOf = (uri: string) => uri.split("/").pop()!;

const MAX_IMAGES = 4;
/** app.bsky.embed.images: each image blob at most 1,000,000 bytes. */
const MAX_IMAGE_BYTES = 1_000_000;
/** app.bsky.feed.getPosts takes up to 25 URIs. */
const POSTS_BATCH = 25;
/** An access token this close to its end is not worth sending. */
const EXPIRY_MARGIN_MS = 60_000;
const APP_PASSWORD = /^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/i;

interface StrongRef {
  uri: string;
  cid: string;
}
/** XRPC errors: `{ error: "ExpiredToken", message: "Token has expired" }`. */
interface XrpcError {
  error?: string;
  message?: string;
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

function xrpcWords(answer: NetworkAnswer): string {
  const body = answer.body as XrpcError | null;
  const words = [body?.error, body?.message].filter(Boolean).join(": ");
  return words || answer.text.slice(0, 200) || answer.response.statusText;
}

/** The `exp` of a JWT, in ms; null when it cannot be read (then the network decides). */
function jwtExpiry(token: string | null | undefined): number | null {
  try {
    const payload = token?.split(".")[1];
    if (!payload) return null;
    const { exp } = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as { exp?: number };
    return typeof exp === "number" ? exp * 1000 : null;
  } catch {
    return null;
  }
}

function blueskyFailure(ctx: ProviderContext, answer: NetworkAnswer, hint?: string): Failure {
  const error = (answer.body as XrpcError | null)?.error;
  const words = xrpcWords(answer);
  const status = answer.response.status;
  // An expired access token is a 400 with ExpiredToken (com.atproto.repo.createRecord errors).
  if (error === "ExpiredToken" || error === "InvalidToken") return { ok: false, errorClass: "refresh_token", message: `${status} ${words}` };
  if (error === "AccountTakedown" || error === "AccountDeactivated") return { ok: false, errorClass: "disconnect", message: `${status} ${words}` };
  if (status === 429 || error === "RateLimitExceeded") {
    // Bluesky's rate limits answer `ratelimit-reset` (epoch seconds) as well as, sometimes, Retry-After.
    const reset = Number(answer.response.headers.get("ratelimit-reset"));
    const retryAfterMs = reset > 0 ? Math.max(0, reset * 1000 - ctx.now()) : classifyFailure(answer, words).retryAfterMs;
    return { ok: false, errorClass: "retry", message: `${status} ${words}`, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) };
  }
  if (error === "BlobTooLarge" || status === 413) return { ok: false, errorClass: "bad_body", message: `${status} ${words}`, hint: "Bluesky takes images up to 1 MB: resize or compress it." };
  return classifyFailure(answer, words, hint);
}

/** A PDS run by Bluesky itself, reached through the entryway; any other host is the person's own. */
function isBlueskyHost(env: Env, url: string) {
  const host = new URL(url).hostname;
  return host === new URL(serviceBase(env)).hostname || host.endsWith(".bsky.network");
}

/** The context for calling a PDS: plain for Bluesky's own, through safe-fetch for a self-hosted one. */
const pdsContext = (ctx: ProviderContext, pds: string) => (isBlueskyHost(ctx.env, pds) ? ctx : userHostContext(ctx, "handle"));

/** The DID of a handle; null when Bluesky does not know it (a 400), an error when it could not say. */
async function resolveHandle(ctx: ProviderContext, handle: string): Promise<string | null> {
  const answer = await call<{ did?: string }>(ctx, `${serviceBase(ctx.env)}/xrpc/com.atproto.identity.resolveHandle?handle=${encodeURIComponent(handle)}`);
  if (answer.response.ok && answer.body?.did) return answer.body.did;
  if (answer.response.status === 400 || answer.response.status === 404) return null;
  throw new Error(`Bluesky could not resolve ${handle}: ${answer.response.status} ${xrpcWords(answer)}`);
}

/** A call to a self-hosted PDS that safe-fetch stopped (a private address: definite) or that never answered. */
function unreachable(error: unknown, what: string): Failure {
  if (error instanceof HttpError && /private network/i.test(error.message)) {
    return { ok: false, errorClass: "bad_body", message: `The account's Bluesky server was refused: ${error.message}`, hint: "Check the account's server, and reconnect it." };
  }
  return { ok: false, errorClass: "retry", message: `Bluesky could not be reached while ${what} (${reason(error)})` };
}

/**
 * Where an account lives: its handle resolves to a DID, whose document names the PDS
 * (`#atproto_pds`). A did:web document is on the person's own host, so it comes through
 * safe-fetch. Accounts on Bluesky's hosts open their session at the entryway (BLUESKY_SERVICE).
 */
async function locateAccount(ctx: ProviderContext, handle: string): Promise<{ did: string; pds: string }> {
  const did = await resolveHandle(ctx, handle);
  if (!did) throw new Invalid("Bluesky does not know that handle", { handle: ["could not be found on Bluesky"] });
  let documentUrl: string;
  let documentCtx = ctx;
  if (did.startsWith("did:plc:")) documentUrl = `${plcBase(ctx.env)}/${did}`;
  else if (did.startsWith("did:web:")) {
    documentUrl = `https://${decodeURIComponent(did.slice("did:web:".length))}/.well-known/did.json`;
    documentCtx = userHostContext(ctx, "handle");
  } else throw new Invalid("That handle uses an identity Bluesky connections do not support", { handle: [`resolves to ${did}`] });
  const document = await call<{ service?: { id: string; type?: string; serviceEndpoint?: string }[] }>(documentCtx, documentUrl, { headers: { Accept: "application/json" } });
  const pds = document.body?.service?.find((service) => service.id === "#atproto_pds" || service.id === `${did}#atproto_pds`)?.serviceEndpoint;
  if (!document.response.ok || !pds) throw new Error(`The identity document of ${handle} names no Bluesky server (${document.response.status})`);
  const origin = new URL(pds).origin;
  return { did, pds: isBlueskyHost(ctx.env, origin) ? serviceBase(ctx.env) : origin };
}

interface Session {
  did: string;
  handle: string;
  accessJwt: string;
  refreshJwt: string;
}

async function connect(ctx: ProviderContext, values: Record<string, string>): Promise<ConnectedAccount[]> {
  const handle = (values.handle ?? "").trim().replace(/^@/, "").toLowerCase();
  const password = (values.app_password ?? "").trim();
  if (!HANDLE_PATTERN.test(handle)) throw new Invalid("That is not a Bluesky handle", { handle: ["should look like yourname.bsky.social"] });
  if (!APP_PASSWORD.test(password)) {
    throw new Invalid("Use an app password, not your account password", { app_password: ["should be an app password, four groups of four characters (xxxx-xxxx-xxxx-xxxx)"] });
  }
  const { did, pds } = await locateAccount(ctx, handle);
  const answer = await call<Session>(pdsContext(ctx, pds), `${pds}/xrpc/com.atproto.server.createSession`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ identifier: handle, password }),
  });
  const session = answer.body;
  if (answer.response.status === 401 || (answer.body as XrpcError | null)?.error === "AuthenticationRequired") {
    throw new Invalid("Bluesky did not accept that handle and app password", { app_password: ["was not accepted by Bluesky: check it, or create a new one"] });
  }
  if (!answer.response.ok || !session?.accessJwt || !session.refreshJwt) throw new Error(`Bluesky could not open a session: ${answer.response.status} ${xrpcWords(answer)}`);
  if (session.did !== did) throw new Error(`Bluesky opened a session for ${session.did}, not ${did}`);

  // The profile is for display; without it the handle stands in.
  const profile = await call<{ displayName?: string; avatar?: string }>(ctx, `${appViewBase(ctx.env)}/xrpc/app.bsky.actor.getProfile?actor=${encodeURIComponent(did)}`).catch(() => null);
  const shown = profile?.response.ok ? profile.body : null;
  return [
    {
      externalId: did,
      displayName: shown?.displayName?.trim() || session.handle,
      handle: session.handle,
      avatarUrl: shown?.avatar ?? null,
      credentials: { accessToken: session.accessJwt, refreshToken: session.refreshJwt, extra: { did, pds } },
      // The session lives as long as its refresh token; access tokens (minutes to hours) are
      // refreshed when a publish finds one expired.
      expiresAt: jwtExpiry(session.refreshJwt),
    },
  ];
}

/** The account's DID and PDS, as connect stored them. */
function where(account: ProviderAccount) {
  return { did: account.credentials.extra?.did ?? account.externalId, pds: account.credentials.extra?.pds ?? "" };
}

/**
 * The record key of each part: a valid TID (13 characters of base32-sortable, top bit clear)
 * derived from the post's idempotency key, so every attempt writes the same keys. Its clock
 * bits are a hash, not a time; the record's `createdAt` carries the time.
 */
export async function recordKey(idempotencyKey: string, part: number): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${idempotencyKey}:${part}`)));
  let value = 0n;
  for (const byte of digest.slice(0, 8)) value = (value << 8n) | BigInt(byte);
  value &= (1n << 63n) - 1n;
  const alphabet = "234567abcdefghijklmnopqrstuvwxyz";
  let key = "";
  for (let i = 0; i < 13; i++) {
    key = alphabet[Number(value & 31n)]! + key;
    value >>= 5n;
  }
  return key;
}

async function getRecord(ctx: ProviderContext, account: ProviderAccount, rkey: string): Promise<StrongRef | null> {
  const { did, pds } = where(account);
  const query = new URLSearchParams({ repo: did, collection: POST_COLLECTION, rkey });
  const answer = await call<StrongRef & XrpcError>(pdsContext(ctx, pds), `${pds}/xrpc/com.atproto.repo.getRecord?${query}`);
  if (answer.response.ok && answer.body?.uri && answer.body.cid) return { uri: answer.body.uri, cid: answer.body.cid };
  if (answer.body?.error === "RecordNotFound") return null;
  throw new Error(`Bluesky could not look the post up: ${answer.response.status} ${xrpcWords(answer)}`);
}

interface Blob {
  $type: "blob";
  ref: { $link: string };
  mimeType: string;
  size: number;
}

async function uploadBlob(ctx: ProviderContext, account: ProviderAccount, item: OutgoingMedia): Promise<{ ok: true; blob: Blob } | Failure> {
  if (!ctx.readMedia) return { ok: false, errorClass: "bad_body", message: "This server cannot read the post's media", hint: "Publish it without media, or ask the administrator." };
  let bytes: ArrayBuffer;
  try {
    bytes = await ctx.readMedia(item);
  } catch (error) {
    return { ok: false, errorClass: "retry", message: `${item.name} could not be read from storage (${reason(error)})` };
  }
  if (item.kind === "image" && bytes.byteLength > MAX_IMAGE_BYTES) return imageTooLarge(item, bytes.byteLength);
  const { pds } = where(account);
  let answer: NetworkAnswer<{ blob?: Blob }>;
  try {
    answer = await call(pdsContext(ctx, pds), `${pds}/xrpc/com.atproto.repo.uploadBlob`, {
      method: "POST",
      headers: { Authorization: `Bearer ${account.credentials.accessToken}`, "Content-Type": item.contentType },
      body: bytes,
    });
  } catch (error) {
    return unreachable(error, `uploading ${item.name}`);
  }
  if (!answer.response.ok || !answer.body?.blob) return blueskyFailure(ctx, answer);
  return { ok: true, blob: answer.body.blob };
}

const imageTooLarge = (item: OutgoingMedia, bytes: number): Failure => ({
  ok: false,
  errorClass: "bad_body",
  message: `${item.name} is ${(bytes / 1_000_000).toFixed(1)} MB; Bluesky takes images up to 1 MB`,
  hint: "Resize or compress the image to under 1 MB and schedule it again.",
});

/** Images as app.bsky.embed.images (alt text: the upload's name), or one video as app.bsky.embed.video. */
async function embedFor(ctx: ProviderContext, account: ProviderAccount, media: OutgoingMedia[]): Promise<{ ok: true; embed?: Record<string, unknown> } | Failure> {
  if (!media.length) return { ok: true };
  const videos = media.filter((item) => item.kind === "video");
  if (videos.length > 1 || (videos.length && media.length > 1)) {
    return { ok: false, errorClass: "bad_body", message: "Bluesky takes one video, or up to 4 images, per post", hint: "Keep one video, or only images." };
  }
  if (media.length > MAX_IMAGES) return { ok: false, errorClass: "bad_body", message: `Bluesky takes up to ${MAX_IMAGES} images per post`, hint: "Remove images until there are 4." };
  const tooLarge = media.find((item) => item.kind === "image" && item.bytes > MAX_IMAGE_BYTES);
  if (tooLarge) return imageTooLarge(tooLarge, tooLarge.bytes);
  const blobs: Blob[] = [];
  for (const item of media) {
    const uploaded = await uploadBlob(ctx, account, item);
    if (!uploaded.ok) return uploaded;
    blobs.push(uploaded.blob);
  }
  if (videos.length) return { ok: true, embed: { $type: "app.bsky.embed.video", video: blobs[0], alt: media[0]!.name } };
  return { ok: true, embed: { $type: "app.bsky.embed.images", images: blobs.map((image, i) => ({ alt: media[i]!.name, image })) } };
}

/** Facets for one part: mentions resolve to DIDs (one that does not resolve stays plain text). */
async function facetsFor(ctx: ProviderContext, text: string) {
  const spans = findRichText(text);
  const dids: Record<string, string> = {};
  for (const handle of mentionedHandles(spans)) {
    const did = await resolveHandle(ctx, handle).catch(() => null);
    if (did) dids[handle] = did;
  }
  return toFacets(spans, dids);
}

/** Whether a failed create may hide a record that exists (a resend of a part, a server error after the write). */
function mayExist(answer: NetworkAnswer) {
  const { error, message } = (answer.body as XrpcError | null) ?? {};
  return answer.response.status === 409 || answer.response.status >= 500 || error === "InvalidSwap" || error === "RecordAlreadyExists" || /already (exists|a value)/i.test(message ?? "");
}

async function publish(ctx: ProviderContext, account: ProviderAccount, post: OutgoingPost): Promise<PublishOutcome> {
  const { did, pds } = where(account);
  if (!pds) return { ok: false, errorClass: "disconnect", message: "The account's Bluesky server is unknown", hint: "Reconnect the account." };
  const expiry = jwtExpiry(account.credentials.accessToken);
  if (expiry !== null && expiry - EXPIRY_MARGIN_MS < ctx.now()) return { ok: false, errorClass: "refresh_token", message: "The Bluesky session's access token has expired" };

  const media = await embedFor(ctx, account, post.media);
  if (!media.ok) return media;

  const parts: StrongRef[] = [];
  for (const [index, text] of post.thread.entries()) {
    const rkey = await recordKey(post.idempotencyKey, index);
    const facets = await facetsFor(ctx, text);
    const record = {
      $type: POST_COLLECTION,
      text,
      createdAt: new Date(ctx.now()).toISOString(),
      ...(facets.length ? { facets } : {}),
      ...(index === 0 && media.embed ? { embed: media.embed } : {}),
      ...(index > 0 ? { reply: { root: parts[0], parent: parts[index - 1] } } : {}),
    };
    let answer: NetworkAnswer<StrongRef & XrpcError>;
    try {
      answer = await call(pdsContext(ctx, pds), `${pds}/xrpc/com.atproto.repo.createRecord`, {
        method: "POST",
        headers: { Authorization: `Bearer ${account.credentials.accessToken}`, "Content-Type": "application/json" },
        body: JSON.stringify({ repo: did, collection: POST_COLLECTION, rkey, record }),
      });
    } catch (error) {
      // safe-fetch refused the address: nothing was sent.
      if (error instanceof HttpError) return unreachable(error, "publishing");
      // Unknown: `verify` reads these record keys back; a resend writes the same keys, never a copy.
      return { ok: false, unknown: true, message: `Bluesky did not answer (${reason(error)}); ${index === 0 ? "the post" : `part ${index + 1} of the thread`} may have been published` };
    }
    let written: StrongRef | null = answer.response.ok && answer.body?.uri && answer.body.cid ? { uri: answer.body.uri, cid: answer.body.cid } : null;
    // Our record key is already taken: an earlier attempt wrote this part. It counts as published.
    if (!written && mayExist(answer)) written = await getRecord(ctx, account, rkey).catch(() => null);
    if (!written) {
      const failure = blueskyFailure(ctx, answer);
      if (index === 0) return failure;
      // The parts written stay, under their keys: a retry writes only the rest.
      const live = `the first ${index} of the ${post.thread.length} parts of the thread are on Bluesky (${blueskyPostUrl(did, rkeyOf(parts[0]!.uri))})`;
      return failure.errorClass === "bad_body"
        ? { ...failure, message: `${live}; part ${index + 1} was refused: ${failure.message}`, hint: failure.hint ?? "Finish the thread on Bluesky by replying to its last part, or delete it there and publish again." }
        : { ...failure, message: `${failure.message} (${live}; the retry continues the thread)` };
    }
    parts.push(written);
  }
  const root = parts[0]!;
  return { ok: true, id: root.uri, url: blueskyPostUrl(did, rkeyOf(root.uri)) };
}

/** Published only when every part of the thread is there; otherwise a resend writes the missing parts. */
async function verify(ctx: ProviderContext, account: ProviderAccount, post: OutgoingPost): Promise<Published | null> {
  const { did } = where(account);
  const root = await getRecord(ctx, account, await recordKey(post.idempotencyKey, 0));
  if (!root) return null;
  for (let index = 1; index < post.thread.length; index++) {
    if (!(await getRecord(ctx, account, await recordKey(post.idempotencyKey, index)))) return null;
  }
  return { id: root.uri, url: blueskyPostUrl(did, rkeyOf(root.uri)) };
}

async function refresh(ctx: ProviderContext, account: ProviderAccount): Promise<RefreshOutcome> {
  const { did, pds } = where(account);
  if (!pds || !account.credentials.refreshToken) return { ok: false, message: "This Bluesky connection has no session to refresh; reconnect it" };
  let answer: NetworkAnswer<Session & XrpcError>;
  try {
    answer = await call(pdsContext(ctx, pds), `${pds}/xrpc/com.atproto.server.refreshSession`, { method: "POST", headers: { Authorization: `Bearer ${account.credentials.refreshToken}` } });
  } catch (error) {
    return { ok: false, message: `Bluesky did not answer (${reason(error)})`, transient: !(error instanceof HttpError && /private network/i.test(error.message)) };
  }
  const session = answer.body;
  if (!answer.response.ok || !session?.accessJwt || !session.refreshJwt) {
    return { ok: false, message: `${xrpcWords(answer)}${answer.response.status < 500 ? "; reconnect the account with a new app password" : ""}`, transient: answer.response.status >= 500 || answer.response.status === 429 };
  }
  return {
    ok: true,
    credentials: { accessToken: session.accessJwt, refreshToken: session.refreshJwt, extra: { did, pds } },
    expiresAt: jwtExpiry(session.refreshJwt),
  };
}

interface PostView {
  uri: string;
  likeCount?: number;
  repostCount?: number;
  replyCount?: number;
  quoteCount?: number;
}

async function metrics(ctx: ProviderContext, _account: ProviderAccount, ids: string[]) {
  const figures: Record<string, PostMetrics> = {};
  for (let start = 0; start < ids.length; start += POSTS_BATCH) {
    const query = ids.slice(start, start + POSTS_BATCH).map((uri) => `uris=${encodeURIComponent(uri)}`).join("&");
    const answer = await call<{ posts?: PostView[] }>(ctx, `${appViewBase(ctx.env)}/xrpc/app.bsky.feed.getPosts?${query}`);
    if (!answer.response.ok) throw refusedFigures(blueskyFailure(ctx, answer), "Bluesky did not give the posts' figures");
    for (const view of answer.body?.posts ?? []) {
      figures[view.uri] = { likes: view.likeCount, comments: view.replyCount, shares: (view.repostCount ?? 0) + (view.quoteCount ?? 0) };
    }
  }
  return figures;
}

/** Ends the session this app opened (com.atproto.server.deleteSession); the app password itself is the person's to delete. */
async function revoke(ctx: ProviderContext, account: ProviderAccount) {
  const { pds } = where(account);
  if (!pds || !account.credentials.refreshToken) return;
  const answer = await call(pdsContext(ctx, pds), `${pds}/xrpc/com.atproto.server.deleteSession`, { method: "POST", headers: { Authorization: `Bearer ${account.credentials.refreshToken}` } });
  if (!answer.response.ok) throw new Error(`Bluesky did not end the session: ${answer.response.status} ${xrpcWords(answer)}`);
}

export const blueskyProvider: Provider = {
  network: "bluesky",
  // The refresh JWT (about 90 days) only works while it is valid: renewed a week ahead.
  refreshAheadMs: 7 * 24 * 60 * 60 * 1000,
  connectors: [
    {
      kind: "form",
      id: "bluesky",
      label: "Bluesky",
      fields: [
        { name: "handle", label: "Handle", type: "text", placeholder: "yourname.bsky.social", help: "Your Bluesky handle, without the @." },
        {
          name: "app_password",
          label: "App password",
          type: "password",
          placeholder: "xxxx-xxxx-xxxx-xxxx",
          help: "Create one in Bluesky under Settings → Privacy and security → App passwords (bsky.app/settings/app-passwords). Never your account password; you can revoke it there at any time.",
        },
      ],
      connect,
      note: "Brandwork keeps only the session the app password opens, not the password itself.",
    },
  ],
  publish,
  verify,
  refresh,
  metrics,
  revoke,
};
