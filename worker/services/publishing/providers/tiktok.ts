import { baseUrl, call, classifyFailure, expiresAt, oauthApp, read, retryAfterMs, send, tokenRequest, type NetworkAnswer, refreshTokenGrant , wait, refusedFigures } from "./http";
import type { ConnectedAccount, ExchangeRequest, OutgoingMedia, OutgoingPost, Provider, ProviderAccount, ProviderContext, PublishOutcome, Published } from "./types";

/**
 * TikTok: Login Kit for Web (OAuth 2.0 v2, `client_key`), the Content Posting API's Direct Post
 * (creator info first, then a video by FILE_UPLOAD or PULL_FROM_URL, or photos by
 * PULL_FROM_URL, then the publish status polled until TikTok says it is done), the Display
 * API's video list (verify) and video query (metrics). Endpoints and payloads follow
 * developers.tiktok.com: login-kit-web, oauth-user-access-token-management,
 * content-posting-api-reference-direct-post, -photo-post, -get-video-status,
 * content-posting-api-media-transfer-guide, tiktok-api-v2-error-handling.
 *
 * An unaudited app may only post SELF_ONLY (visible to the account owner); TikTok lifts that
 * after its audit, which the deployment records with TIKTOK_AUDITED=true.
 */

const SCOPES = [
  "user.info.basic",
  // `username` (for the post's URL, https://www.tiktok.com/@<username>/video/<id>) is a user.info.profile field.
  "user.info.profile",
  "video.publish",
  "video.upload",
  // /v2/video/list/ (verify) and /v2/video/query/ (metrics) need video.list.
  "video.list",
];

export const TIKTOK_NOTE =
  "Until TikTok audits this app, posts are visible only to the account owner (and only accounts set to private can receive them).";

const MB = 1024 * 1024;
/** Chunks of 10 MB: TikTok takes 5–64 MB chunks, the last one up to 128 MB (the trailing bytes join it). */
export const TIKTOK_CHUNK_BYTES = 10 * MB;
/** How long publish waits for TikTok to finish processing before leaving it to `verify`. */
export const TIKTOK_POLL_BUDGET_MS = 10 * 60_000;
const POLL_STEPS_MS = [2_000, 3_000, 5_000, 10_000, 15_000];
const MAX_PHOTOS = 35;
/** Photo posts: the title is at most 90 characters, the description 4,000 (video titles take the whole caption, 2,200). */
const PHOTO_TITLE_MAX = 90;
const PHOTO_DESCRIPTION_MAX = 4_000;
const VIDEO_TITLE_MAX = 2_200;
/** The caption prefix compared by `verify` (a video object's title keeps at most 150 characters). */
const MATCH_CHARS = 100;

const authBase = (env: Env) => baseUrl(env, "TIKTOK_AUTH_BASE", "https://www.tiktok.com");
const apiBase = (env: Env) => baseUrl(env, "TIKTOK_API_BASE", "https://open.tiktokapis.com");
const audited = (env: Env) => read(env, "TIKTOK_AUDITED") === "true";
const pullFromUrl = (env: Env) => read(env, "TIKTOK_PULL_FROM_URL") === "true";
const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const tiktokVideoUrl = (username: string, id: string) => `https://www.tiktok.com/@${username}/video/${id}`;

/** TikTok's v2 answers: `{ data, error: { code, message, log_id } }`, code "ok" on success. */
interface TikTokError {
  code: string;
  message?: string;
  log_id?: string;
}
interface TikTokBody<T> {
  data?: T;
  error?: TikTokError;
}

interface CreatorInfo {
  creator_username?: string;
  privacy_level_options?: string[];
  comment_disabled?: boolean;
  duet_disabled?: boolean;
  stitch_disabled?: boolean;
  max_video_post_duration_sec?: number;
}

interface VideoObject {
  id: string;
  title?: string;
  video_description?: string;
  create_time?: number;
  share_url?: string;
  view_count?: number;
  like_count?: number;
  comment_count?: number;
  share_count?: number;
}

/** What TikTok's documented error codes mean for the person who scheduled the post. */
const HINTS: Record<string, string> = {
  spam_risk_too_many_posts: "TikTok caps how many posts an account makes in a day. Schedule it for tomorrow.",
  spam_risk_user_banned_from_posting: "TikTok has stopped this account from posting. Check the account in the TikTok app.",
  spam_risk_too_many_pending_share: "Too many posts are waiting in this account's TikTok inbox. Clear them in the TikTok app, then publish again.",
  unaudited_client_can_only_post_to_private_accounts:
    "Until TikTok audits this app it can only post to private accounts: set the TikTok account to private in the app, or ask your administrator to have the app audited.",
  reached_active_user_cap: "Until TikTok audits this app, only five accounts may post through it in a day. Try again tomorrow.",
  privacy_level_option_mismatch: "The account's privacy options changed on TikTok. Publish again to use the current ones.",
  url_ownership_unverified: "TikTok fetches media only from a domain verified in the app's settings. Ask your administrator to verify this server's domain with TikTok.",
  scope_not_authorized: "Reconnect the TikTok account and allow every permission asked.",
  scope_permission_missed: "Reconnect the TikTok account and allow every permission asked.",
};

/** Publish-status fail reasons (get-video-status), as something to do. */
const FAIL_HINTS: Record<string, string> = {
  file_format_check_failed: "TikTok takes MP4, WebM or MOV videos (JPEG or WebP photos). Convert the file and publish again.",
  duration_check_failed: "The video is longer (or shorter) than this account may post. Trim it and publish again.",
  frame_rate_check_failed: "TikTok takes videos of 23 to 60 frames per second. Export it again and publish.",
  picture_size_check_failed: "TikTok takes photos up to 1080p and videos of at least 360 pixels. Resize the media and publish again.",
  video_pull_failed: "TikTok could not download the video. Check that this server's domain is verified with TikTok, then publish again.",
  photo_pull_failed: "TikTok could not download the photos. Check that this server's domain is verified with TikTok, then publish again.",
  publish_cancelled: "The post was cancelled on TikTok. Publish again if it should go out.",
  auth_removed: "The account removed this app's access on TikTok. Reconnect it.",
  spam_risk_too_many_posts: HINTS.spam_risk_too_many_posts!,
  spam_risk_user_banned_from_posting: HINTS.spam_risk_user_banned_from_posting!,
  spam_risk_text: "TikTok judged the caption as spam. Edit the text and publish again.",
  spam_risk: "TikTok judged the post as spam. Edit it and publish again.",
};

const words = (error: TikTokError | undefined, fallback: string) =>
  error ? `${error.code}: ${error.message || fallback}${error.log_id ? ` (log_id ${error.log_id})` : ""}` : fallback;

/** A TikTok answer that is not a success, as one of our classes; null when it is a success. */
export function tiktokFailure(answer: NetworkAnswer<TikTokBody<unknown>>, now = Date.now()): Extract<PublishOutcome, { errorClass: unknown }> | null {
  const error = answer.body?.error;
  if (answer.response.ok && (!error || error.code === "ok")) return null;
  const code = error?.code ?? "";
  const message = words(error, answer.text.slice(0, 200) || answer.response.statusText);
  if (code === "access_token_invalid") return { ok: false, errorClass: "refresh_token", message };
  if (code === "rate_limit_exceeded") {
    // Six requests a minute per user token: without Retry-After, the minute is over in a minute.
    return { ok: false, errorClass: "retry", message, retryAfterMs: retryAfterMs(answer.response, now) ?? 60_000 };
  }
  if (code === "scope_not_authorized" || code === "scope_permission_missed") return { ok: false, errorClass: "disconnect", message, hint: HINTS[code] };
  if (HINTS[code]) return { ok: false, errorClass: "bad_body", message, hint: HINTS[code] };
  return classifyFailure(answer, message);
}

const authorized = (account: ProviderAccount, json = true): Record<string, string> => ({
  Authorization: `Bearer ${account.credentials.accessToken}`,
  ...(json ? { "Content-Type": "application/json; charset=UTF-8" } : {}),
});

function apiPost<T>(ctx: ProviderContext, account: ProviderAccount, path: string, body?: unknown) {
  return call<TikTokBody<T>>(ctx, `${apiBase(ctx.env)}${path}`, { method: "POST", headers: authorized(account), ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
}

/**
 * The privacy level to post with: an unaudited app may only post SELF_ONLY, so that is the
 * choice whenever it is the only option or the deployment has not said the app was audited;
 * otherwise public when the creator offers it.
 */
export function choosePrivacy(options: string[], isAudited: boolean): string {
  if (!isAudited || (options.length === 1 && options[0] === "SELF_ONLY")) return "SELF_ONLY";
  if (options.includes("PUBLIC_TO_EVERYONE")) return "PUBLIC_TO_EVERYONE";
  return options[0] ?? "SELF_ONLY";
}

/** FILE_UPLOAD's chunking (media transfer guide): whole under two chunks, else count = floor(size / chunk), the remainder riding on the last. */
export function chunkPlan(size: number, chunk = TIKTOK_CHUNK_BYTES) {
  const count = Math.max(1, Math.floor(size / chunk));
  const chunkSize = count === 1 ? size : chunk;
  const ranges: [number, number][] = [];
  for (let i = 0; i < count; i++) ranges.push([i * chunkSize, i === count - 1 ? size : (i + 1) * chunkSize]);
  return { chunkSize, count, ranges };
}

/**
 * An MP4/MOV's duration in seconds from its `moov/mvhd` box (ISO/IEC 14496-12), or null when
 * the file has none we can read: TikTok refuses videos longer than the creator's
 * max_video_post_duration_sec, and telling the user before uploading saves the upload.
 */
export function mp4DurationSeconds(buffer: ArrayBuffer): number | null {
  const view = new DataView(buffer);
  const box = (start: number, end: number, type: string): [number, number] | null => {
    let at = start;
    while (at + 8 <= end) {
      let size = view.getUint32(at);
      let header = 8;
      if (size === 1) {
        if (at + 16 > end) return null;
        size = Number(view.getBigUint64(at + 8));
        header = 16;
      } else if (size === 0) size = end - at;
      if (size < header) return null;
      const name = String.fromCharCode(view.getUint8(at + 4), view.getUint8(at + 5), view.getUint8(at + 6), view.getUint8(at + 7));
      if (name === type) return [at + header, Math.min(end, at + size)];
      at += size;
    }
    return null;
  };
  const moov = box(0, buffer.byteLength, "moov");
  const mvhd = moov && box(moov[0], moov[1], "mvhd");
  if (!mvhd) return null;
  const [at, end] = mvhd;
  const version = view.getUint8(at);
  if (version === 1 && at + 32 <= end) {
    const scale = view.getUint32(at + 20);
    return scale ? Number(view.getBigUint64(at + 24)) / scale : null;
  }
  if (at + 20 > end) return null;
  const scale = view.getUint32(at + 12);
  return scale ? view.getUint32(at + 16) / scale : null;
}

const normalize = (text: string) => text.replace(/\s+/g, " ").trim().slice(0, MATCH_CHARS);
const caption = (post: OutgoingPost) => post.thread.join("\n\n").trim();
const photoTitle = (text: string) => Array.from((text.split("\n")[0] ?? "").trim()).slice(0, PHOTO_TITLE_MAX).join("");

/** The account's videos made since `notBefore`, newest first (Display API /v2/video/list/, cursor pages of 20). */
async function recentVideos(ctx: ProviderContext, account: ProviderAccount, notBefore: number, pages = 5): Promise<VideoObject[]> {
  const found: VideoObject[] = [];
  let cursor: number | undefined;
  for (let page = 0; page < pages; page++) {
    const answer = await apiPost<{ videos?: VideoObject[]; cursor?: number; has_more?: boolean }>(
      ctx,
      account,
      "/v2/video/list/?fields=id,title,video_description,create_time,share_url",
      { max_count: 20, ...(cursor === undefined ? {} : { cursor }) },
    );
    const failure = tiktokFailure(answer, ctx.now());
    if (failure) throw new Error(`TikTok did not list the account's videos: ${failure.message}`);
    const videos = answer.body?.data?.videos ?? [];
    for (const video of videos) if ((video.create_time ?? 0) * 1000 >= notBefore) found.push(video);
    const oldest = videos.at(-1)?.create_time;
    if (!answer.body?.data?.has_more || oldest === undefined || oldest * 1000 < notBefore) break;
    cursor = answer.body.data.cursor;
  }
  return found;
}

/** The account's post carrying this text since `notBefore`, matched on its title or description. */
async function findPost(ctx: ProviderContext, account: ProviderAccount, post: OutgoingPost): Promise<Published | null> {
  const text = caption(post);
  const expected = new Set([normalize(text), normalize(photoTitle(text))].filter(Boolean));
  const videos = await recentVideos(ctx, account, post.notBefore ?? ctx.now() - 24 * 60 * 60_000);
  const match = videos.find((video) => [video.title, video.video_description].some((field) => field && expected.has(normalize(field))));
  return match ? { id: match.id, url: match.share_url || tiktokVideoUrl(account.handle, match.id) } : null;
}

/**
 * Polls /v2/post/publish/status/fetch/ through ctx.sleep until PUBLISH_COMPLETE or FAILED.
 * Polling only reads, so a lost answer or a busy minute (30 reads a minute per token) is
 * polled again; if TikTok is still processing when the budget runs out the outcome is unknown
 * and `verify` looks for the post on the account later.
 */
async function awaitPublished(ctx: ProviderContext, account: ProviderAccount, post: OutgoingPost, publishId: string): Promise<PublishOutcome> {
  const started = ctx.now();
  let step = 0;
  let last = "TikTok had not answered yet";
  for (;;) {
    let answer: NetworkAnswer<TikTokBody<{ status?: string; fail_reason?: string }>> | null = null;
    try {
      answer = await apiPost(ctx, account, "/v2/post/publish/status/fetch/", { publish_id: publishId });
    } catch (error) {
      last = `the status request failed (${describe(error)})`;
    }
    if (answer) {
      const failure = tiktokFailure(answer, ctx.now());
      const data = answer.body?.data;
      if (!failure && data?.status === "PUBLISH_COMPLETE") return complete(ctx, account, post, publishId, answer.text);
      if (!failure && data?.status === "FAILED") {
        const reason = data.fail_reason || "unknown";
        return {
          ok: false,
          errorClass: "bad_body",
          message: `TikTok could not publish it: ${reason}`,
          hint: FAIL_HINTS[reason] ?? "Check the media against TikTok's requirements and publish again.",
        };
      }
      if (failure?.errorClass === "refresh_token" || failure?.errorClass === "disconnect") {
        return { ok: false, unknown: true, receipt: publishId, message: `TikTok stopped answering about the post (${failure.message}); it may still be published` };
      }
      last = failure ? failure.message : `TikTok is still processing it (${data?.status ?? "no status"})`;
    }
    const delay = POLL_STEPS_MS[Math.min(step++, POLL_STEPS_MS.length - 1)]!;
    if (ctx.now() - started + delay > TIKTOK_POLL_BUDGET_MS) {
      return { ok: false, unknown: true, receipt: publishId, message: `TikTok had not finished publishing after ${TIKTOK_POLL_BUDGET_MS / 60_000} minutes (${last})` };
    }
    await wait(ctx, delay);
  }
}

/**
 * PUBLISH_COMPLETE. `publicaly_available_post_id` (TikTok's spelling) is an array of int64,
 * beyond JavaScript's safe integers, so it is read from the text; a post only its owner sees
 * has none, and then the account's recent videos tell its id.
 */
async function complete(ctx: ProviderContext, account: ProviderAccount, post: OutgoingPost, publishId: string, text: string): Promise<PublishOutcome> {
  const id = /"publicaly_available_post_id"\s*:\s*\[\s*"?(\d+)/.exec(text)?.[1];
  if (id) return { ok: true, id, url: tiktokVideoUrl(account.handle, id) };
  const found = await findPost(ctx, account, post).catch(() => null);
  if (found) return { ok: true, ...found };
  // Published, but TikTok gives no id for it (yet): the profile is where it can be seen.
  return { ok: true, id: publishId, url: `https://www.tiktok.com/@${account.handle}` };
}

async function publishVideo(ctx: ProviderContext, account: ProviderAccount, post: OutgoingPost, video: OutgoingMedia, creator: CreatorInfo, privacy: string): Promise<PublishOutcome> {
  const text = caption(post);
  const postInfo = {
    title: Array.from(text).slice(0, VIDEO_TITLE_MAX).join(""),
    privacy_level: privacy,
    disable_duet: creator.duet_disabled ?? false,
    disable_comment: creator.comment_disabled ?? false,
    disable_stitch: creator.stitch_disabled ?? false,
  };
  const byUrl = pullFromUrl(ctx.env);
  let bytes: ArrayBuffer | null = null;
  if (!byUrl) {
    if (!ctx.readMedia) return { ok: false, errorClass: "bad_body", message: "This server cannot read the post's video to send it to TikTok" };
    try {
      bytes = await ctx.readMedia(video);
    } catch (error) {
      return { ok: false, errorClass: "retry", message: `The video could not be read from storage (${describe(error)})` };
    }
    const seconds = mp4DurationSeconds(bytes);
    const max = creator.max_video_post_duration_sec;
    if (seconds !== null && max && seconds > max) {
      return {
        ok: false,
        errorClass: "bad_body",
        message: `The video lasts ${Math.round(seconds)} seconds; this TikTok account may post videos of up to ${max} seconds`,
        hint: `Trim the video to ${max} seconds or less and schedule it again.`,
      };
    }
  }
  let sourceInfo: Record<string, unknown>;
  let plan: ReturnType<typeof chunkPlan> | null = null;
  if (byUrl) {
    if (!ctx.mediaUrl) return { ok: false, errorClass: "bad_body", message: "This server cannot give TikTok a link to the video" };
    sourceInfo = { source: "PULL_FROM_URL", video_url: await ctx.mediaUrl(video) };
  } else {
    plan = chunkPlan(bytes!.byteLength);
    sourceInfo = { source: "FILE_UPLOAD", video_size: bytes!.byteLength, chunk_size: plan.chunkSize, total_chunk_count: plan.count };
  }

  let init: NetworkAnswer<TikTokBody<{ publish_id?: string; upload_url?: string }>>;
  try {
    init = await apiPost(ctx, account, "/v2/post/publish/video/init/", { post_info: postInfo, source_info: sourceInfo });
  } catch (error) {
    // By URL, init is the call that creates the post. By upload, nothing is published until every byte arrived.
    if (byUrl) return { ok: false, unknown: true, message: `TikTok did not answer the post request (${describe(error)})` };
    return { ok: false, errorClass: "retry", message: `TikTok did not answer the upload request (${describe(error)})` };
  }
  const failure = tiktokFailure(init, ctx.now());
  if (failure) return failure;
  const publishId = init.body?.data?.publish_id;
  if (!publishId) return { ok: false, errorClass: "retry", message: "TikTok answered without a publish_id" };

  if (plan && bytes) {
    const uploadUrl = init.body?.data?.upload_url;
    if (!uploadUrl) return { ok: false, errorClass: "retry", message: "TikTok answered without an upload_url" };
    const total = bytes.byteLength;
    for (const [index, [start, end]] of plan.ranges.entries()) {
      const final = index === plan.ranges.length - 1;
      let answer: Response;
      try {
        answer = await send(ctx)(uploadUrl, {
          method: "PUT",
          headers: { "Content-Type": video.contentType, "Content-Range": `bytes ${start}-${end - 1}/${total}` },
          body: new Uint8Array(bytes, start, end - start),
          signal: AbortSignal.timeout(5 * 60_000),
        });
      } catch (error) {
        // The last chunk completes the upload: after it TikTok may be publishing.
        if (final) return awaitPublished(ctx, account, post, publishId);
        return { ok: false, errorClass: "retry", message: `The upload to TikTok was interrupted (${describe(error)})` };
      }
      const body = await answer.text();
      if (!answer.ok) {
        const words = `${answer.status} uploading chunk ${index + 1} of ${plan.count}: ${body.slice(0, 200) || answer.statusText}`;
        if (answer.status >= 500 || answer.status === 429 || answer.status === 408) return { ok: false, errorClass: "retry", message: words, retryAfterMs: retryAfterMs(answer, ctx.now()) };
        return { ok: false, errorClass: "bad_body", message: words, hint: "TikTok refused the video file. Check it plays, then schedule it again." };
      }
    }
  }
  return awaitPublished(ctx, account, post, publishId);
}

async function publishPhotos(ctx: ProviderContext, account: ProviderAccount, post: OutgoingPost, photos: OutgoingMedia[], creator: CreatorInfo, privacy: string): Promise<PublishOutcome> {
  // Photos have only PULL_FROM_URL (photo-post reference): TikTok fetches them from a verified domain.
  const mediaUrl = ctx.mediaUrl;
  if (!mediaUrl) return { ok: false, errorClass: "bad_body", message: "This server cannot give TikTok links to the photos" };
  let urls: string[];
  try {
    urls = await Promise.all(photos.map((photo) => mediaUrl(photo)));
  } catch (error) {
    return { ok: false, errorClass: "retry", message: `The photos' links could not be made (${describe(error)})` };
  }
  const text = caption(post);
  let answer: NetworkAnswer<TikTokBody<{ publish_id?: string }>>;
  try {
    answer = await apiPost(ctx, account, "/v2/post/publish/content/init/", {
      post_info: {
        title: photoTitle(text),
        description: Array.from(text).slice(0, PHOTO_DESCRIPTION_MAX).join(""),
        disable_comment: creator.comment_disabled ?? false,
        privacy_level: privacy,
        auto_add_music: true,
      },
      source_info: { source: "PULL_FROM_URL", photo_cover_index: 0, photo_images: urls },
      post_mode: "DIRECT_POST",
      media_type: "PHOTO",
    });
  } catch (error) {
    return { ok: false, unknown: true, message: `TikTok did not answer the post request (${describe(error)})` };
  }
  const failure = tiktokFailure(answer, ctx.now());
  if (failure) return failure;
  const publishId = answer.body?.data?.publish_id;
  if (!publishId) return { ok: false, unknown: true, message: "TikTok answered without a publish_id" };
  return awaitPublished(ctx, account, post, publishId);
}

async function exchangeCode(ctx: ProviderContext, req: ExchangeRequest): Promise<ConnectedAccount[]> {
  const token = await tokenRequest(
    ctx,
    `${apiBase(ctx.env)}/v2/oauth/token/`,
    { code: req.code, grant_type: "authorization_code", redirect_uri: req.redirectUri, code_verifier: req.codeVerifier },
    { app: req.app, auth: "body", clientFields: { id: "client_key", secret: "client_secret" } },
  );
  const answer = await call<TikTokBody<{ user?: { open_id?: string; union_id?: string; avatar_url?: string; display_name?: string; username?: string } }>>(
    ctx,
    `${apiBase(ctx.env)}/v2/user/info/?fields=open_id,union_id,avatar_url,display_name,username`,
    { headers: { Authorization: `Bearer ${token.access_token}` } },
  );
  const failure = tiktokFailure(answer, ctx.now());
  const user = answer.body?.data?.user;
  if (failure || !user?.open_id) throw new Error(`TikTok did not tell who connected: ${failure?.message ?? "no open_id"}`);
  const openId = user.open_id ?? (token.open_id as string | undefined);
  return [
    {
      externalId: openId,
      displayName: user.display_name || user.username || "TikTok account",
      handle: user.username || openId,
      avatarUrl: user.avatar_url || null,
      credentials: { accessToken: token.access_token, refreshToken: token.refresh_token ?? null, extra: { openId } },
      expiresAt: expiresAt(ctx, token.expires_in),
    },
  ];
}

export const tiktokProvider: Provider = {
  network: "tiktok",
  connectors: [
    {
      kind: "oauth",
      id: "tiktok",
      label: "TikTok",
      envPrefix: "TIKTOK",
      note: TIKTOK_NOTE,
      authorizeUrl(req, env) {
        // Login Kit for Web with PKCE: S256, base64url, as RFC 7636 (and arctic's TikTok client) send it;
        // only Login Kit for Desktop documents a hex challenge.
        const params = new URLSearchParams({
          client_key: req.app.clientId,
          scope: SCOPES.join(","),
          response_type: "code",
          redirect_uri: req.redirectUri,
          state: req.state,
          code_challenge: req.codeChallenge,
          code_challenge_method: "S256",
        });
        return `${authBase(env)}/v2/auth/authorize/?${params}`;
      },
      exchangeCode,
    },
  ],

  async publish(ctx, account, post) {
    const videos = post.media.filter((item) => item.kind === "video");
    const photos = post.media.filter((item) => item.kind === "image");
    if (!videos.length && !photos.length) {
      return { ok: false, errorClass: "bad_body", message: "TikTok posts need a video or photos", hint: "Add a video, or up to 35 photos, and schedule it again." };
    }
    if (videos.length > 1 || (videos.length && photos.length)) {
      return { ok: false, errorClass: "bad_body", message: "A TikTok post holds one video or photos, not both", hint: "Keep one video, or only photos, and schedule it again." };
    }
    if (photos.length > MAX_PHOTOS) {
      return { ok: false, errorClass: "bad_body", message: `A TikTok photo post holds up to ${MAX_PHOTOS} photos`, hint: `Remove ${photos.length - MAX_PHOTOS} photos and schedule it again.` };
    }
    // Direct Post starts with the creator's current options (direct-post reference, step 1).
    let creatorAnswer: NetworkAnswer<TikTokBody<CreatorInfo>>;
    try {
      creatorAnswer = await apiPost<CreatorInfo>(ctx, account, "/v2/post/publish/creator_info/query/");
    } catch (error) {
      return { ok: false, errorClass: "retry", message: `TikTok did not answer (${describe(error)})` };
    }
    const failure = tiktokFailure(creatorAnswer, ctx.now());
    if (failure) return failure;
    const creator = creatorAnswer.body?.data ?? {};
    const privacy = choosePrivacy(creator.privacy_level_options ?? [], audited(ctx.env));
    return videos.length ? publishVideo(ctx, account, post, videos[0]!, creator, privacy) : publishPhotos(ctx, account, post, photos, creator, privacy);
  },

  async verify(ctx, account, post) {
    // A send whose publish_id we kept is asked about by that id: a private post (an unaudited
    // app's) is not in the public video list, so the list alone could miss it.
    if (post.receipt) {
      const answer = await apiPost<{ status?: string }>(ctx, account, "/v2/post/publish/status/fetch/", { publish_id: post.receipt });
      const failure = tiktokFailure(answer, ctx.now());
      if (failure) throw new Error(`TikTok could not say what became of the post: ${failure.message}`);
      const status = answer.body?.data?.status;
      if (status === "PUBLISH_COMPLETE") {
        const done = await complete(ctx, account, post, post.receipt, answer.text);
        return done.ok ? { id: done.id, url: done.url } : null;
      }
      if (status === "FAILED") return null;
      // Still processing: not published yet, and not to be sent again; asked again later.
      throw new Error(`TikTok is still processing the post (${status ?? "no status"})`);
    }
    return findPost(ctx, account, post);
  },

  async refresh(ctx, account) {
    const app = oauthApp(ctx.env, "TIKTOK");
    if (!app) return { ok: false, message: "TikTok is not configured on this server (TIKTOK_CLIENT_ID and TIKTOK_CLIENT_SECRET)" };
    if (!account.credentials.refreshToken) return { ok: false, message: "No refresh token: reconnect the TikTok account" };
    // Access tokens last 24 hours, refresh tokens 365 days; TikTok may answer a new refresh token.
    return refreshTokenGrant(ctx, `${apiBase(ctx.env)}/v2/oauth/token/`, account.credentials, { app, auth: "body", clientFields: { id: "client_key", secret: "client_secret" } });
  },

  async metrics(ctx, account, ids) {
    const figures: Record<string, { views?: number; likes?: number; comments?: number; shares?: number }> = {};
    const numeric = ids.filter((id) => /^\d+$/.test(id));
    // /v2/video/query/ takes up to 20 video ids a request.
    for (let i = 0; i < numeric.length; i += 20) {
      const answer = await apiPost<{ videos?: VideoObject[] }>(ctx, account, "/v2/video/query/?fields=id,view_count,like_count,comment_count,share_count", {
        filters: { video_ids: numeric.slice(i, i + 20) },
      });
      const failure = tiktokFailure(answer, ctx.now());
      if (failure) throw refusedFigures(failure, "TikTok did not give the videos' figures");
      for (const video of answer.body?.data?.videos ?? []) {
        figures[video.id] = { views: video.view_count, likes: video.like_count, comments: video.comment_count, shares: video.share_count };
      }
    }
    return figures;
  },

  async revoke(ctx, account) {
    const app = oauthApp(ctx.env, "TIKTOK");
    if (!app) return;
    const form = new URLSearchParams({ client_key: app.clientId, client_secret: app.clientSecret, token: account.credentials.accessToken });
    await call(ctx, `${apiBase(ctx.env)}/v2/oauth/revoke/`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: form.toString() });
  },
};
