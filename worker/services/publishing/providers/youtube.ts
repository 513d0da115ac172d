import { baseUrl, call, classifyFailure, expiresAt, oauthApp, read, retryAfterMs, send, tokenRequest, type NetworkAnswer, refreshTokenGrant , wait, refusedFigures } from "./http";
import type { ConnectedAccount, ExchangeRequest, OutgoingMedia, OutgoingPost, Provider, ProviderAccount, ProviderContext, PublishOutcome, Published } from "./types";

/**
 * YouTube: Google OAuth 2.0 (offline access, PKCE S256), the Data API v3's resumable upload
 * (developers.google.com/youtube/v3/guides/using_resumable_upload_protocol): a POST with the
 * video's metadata opens an upload session (its URI in `Location`), the bytes go in PUTs of
 * multiples of 256 KiB answered 308 with the `Range` received so far, and a broken connection
 * asks the session where it stands (`Content-Range: bytes *\/<total>`) and carries on from there
 * instead of starting over. Verify reads the channel's uploads playlist (1 quota unit a page,
 * where search costs 100), metrics read videos.list's statistics.
 *
 * Quota: a project has 10,000 units a day by default and an upload has cost 1,600 of them, so
 * one project uploads 6 videos a day; the limits table counts that per account as the safe
 * figure. Quotas reset at midnight Pacific time: a quota error waits until then.
 */

const SCOPES = ["https://www.googleapis.com/auth/youtube.upload", "https://www.googleapis.com/auth/youtube.readonly"];

const KIB = 1024;
/** Chunks must be multiples of 256 KiB (except the last); 8 MiB keeps requests few and memory small. */
export const YOUTUBE_CHUNK_BYTES = 32 * 256 * KIB;
const TITLE_MAX = 100;
const DESCRIPTION_MAX_BYTES = 5_000;
const TAGS_MAX_CHARS = 500;
/** How many times a broken upload asks its session where it stands before giving up. */
const RESUME_TRIES = 4;

const authBase = (env: Env) => baseUrl(env, "YOUTUBE_AUTH_BASE", "https://accounts.google.com");
const tokenUrl = (env: Env) => baseUrl(env, "YOUTUBE_TOKEN_URL", "https://oauth2.googleapis.com/token");
const revokeUrl = (env: Env) => baseUrl(env, "YOUTUBE_REVOKE_URL", "https://oauth2.googleapis.com/revoke");
const apiBase = (env: Env) => baseUrl(env, "YOUTUBE_API_BASE", "https://www.googleapis.com");
const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const youtubeVideoUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`;

/** The privacy status uploads get: YOUTUBE_PRIVACY (private or unlisted), public otherwise. */
export function privacyStatus(env: Env): "public" | "private" | "unlisted" {
  const value = read(env, "YOUTUBE_PRIVACY");
  return value === "private" || value === "unlisted" ? value : "public";
}

/**
 * When the day's quota starts again: the next midnight in America/Los_Angeles (PST, UTC-8; PDT,
 * UTC-7 from the second Sunday of March to the first Sunday of November, switching at 2:00).
 * The midnight of a date belongs to daylight time when the date is after the March switch and
 * on or before the November one.
 */
export function nextQuotaReset(now: number): number {
  const day = 24 * 60 * 60_000;
  const nthSunday = (year: number, month: number, n: number) => {
    const first = new Date(Date.UTC(year, month, 1)).getUTCDay();
    return 1 + ((7 - first) % 7) + (n - 1) * 7;
  };
  const midnightUtc = (dateMs: number) => {
    const date = new Date(dateMs);
    const year = date.getUTCFullYear();
    const march = Date.UTC(year, 2, nthSunday(year, 2, 2));
    const november = Date.UTC(year, 10, nthSunday(year, 10, 1));
    const daylight = dateMs > march && dateMs <= november;
    return dateMs + (daylight ? 7 : 8) * 60 * 60_000;
  };
  const today = Math.floor(now / day) * day;
  for (let offset = -1; offset <= 2; offset++) {
    const reset = midnightUtc(today + offset * day);
    if (reset > now) return reset;
  }
  return midnightUtc(today + 2 * day);
}

/** Google's error body: `{ error: { code, message, errors: [{ reason, message }] } }`. */
interface GoogleBody {
  error?: { code?: number; message?: string; status?: string; errors?: { reason?: string; message?: string }[] };
}

const BAD_BODY_HINTS: Record<string, string> = {
  invalidTitle: "YouTube refused the title: keep it under 100 characters, without < or >, and schedule it again.",
  invalidDescription: "YouTube refused the description: keep it under 5,000 bytes, without < or >, and schedule it again.",
  invalidTags: "YouTube refused the tags (the hashtags): use fewer or shorter ones and schedule it again.",
  invalidCategoryId: "YouTube refused the video's category. Schedule it again; if it persists, tell your administrator.",
  mediaBodyRequired: "YouTube received no video. Schedule it again.",
  invalidVideoMetadata: "YouTube refused the video's details. Edit the title and text and schedule it again.",
  forbidden: "YouTube does not let this channel upload through the API: check the channel in YouTube Studio (a verified phone number, no strikes), then schedule it again.",
  youtubeSignupRequired: "This Google account has no YouTube channel. Create one at youtube.com, then reconnect.",
  uploadLimitExceeded: "The channel reached YouTube's upload limit for the day.",
};

/** A Google API answer that is not a success, as one of our classes. */
export function youtubeFailure(answer: NetworkAnswer<GoogleBody>, now = Date.now()): Extract<PublishOutcome, { errorClass: unknown }> {
  const error = answer.body?.error;
  const reasons = (error?.errors ?? []).map((item) => item.reason ?? "").filter(Boolean);
  const message = `${reasons.length ? `${reasons.join(", ")}: ` : ""}${error?.message ?? (answer.text.slice(0, 200) || answer.response.statusText)}`;
  const status = answer.response.status;
  if (reasons.some((reason) => reason === "quotaExceeded" || reason === "dailyLimitExceeded" || reason === "uploadLimitExceeded")) {
    // The day's quota (the project's, or the channel's uploads) is spent: nothing helps before it resets.
    return { ok: false, errorClass: "retry", message: `${status} ${message}`, retryAfterMs: Math.max(retryAfterMs(answer.response, now) ?? 0, nextQuotaReset(now) - now) };
  }
  if (reasons.includes("rateLimitExceeded") || reasons.includes("userRateLimitExceeded")) {
    return { ok: false, errorClass: "retry", message: `${status} ${message}`, retryAfterMs: retryAfterMs(answer.response, now) ?? 60_000 };
  }
  if (status === 401) return { ok: false, errorClass: "refresh_token", message: `${status} ${message}` };
  if (status === 403 && reasons.includes("insufficientPermissions")) {
    return { ok: false, errorClass: "disconnect", message: `${status} ${message}`, hint: "Reconnect the YouTube channel and allow uploading videos." };
  }
  const known = reasons.find((reason) => BAD_BODY_HINTS[reason]);
  if (known && status < 500) return { ok: false, errorClass: "bad_body", message: `${status} ${message}`, hint: BAD_BODY_HINTS[known] };
  return classifyFailure(answer, message);
}

const authorized = (account: ProviderAccount) => ({ Authorization: `Bearer ${account.credentials.accessToken}` });

const withoutAngles = (text: string) => text.replace(/[<>]/g, "");

/** The title: the post's own, else the text's first line; at most 100 characters, no < or > (videos.insert). */
export function youtubeTitle(post: OutgoingPost, video?: OutgoingMedia): string {
  const text = post.thread.join("\n\n");
  const firstLine = text.split("\n").find((line) => line.trim()) ?? "";
  const fromFile = video?.name.replace(/\.[^.]+$/, "") ?? "";
  const title = withoutAngles(post.title?.trim() || firstLine.trim() || fromFile).replace(/\s+/g, " ").trim();
  return Array.from(title).slice(0, TITLE_MAX).join("").trim() || "Video";
}

/** The description: the whole text, at most 5,000 bytes of UTF-8, cut at a character, no < or >. */
export function youtubeDescription(post: OutgoingPost): string {
  let description = withoutAngles(post.thread.join("\n\n").trim());
  const encoder = new TextEncoder();
  if (encoder.encode(description).length <= DESCRIPTION_MAX_BYTES) return description;
  const characters = Array.from(description);
  let bytes = 0;
  let end = 0;
  for (; end < characters.length; end++) {
    const size = encoder.encode(characters[end]!).length;
    if (bytes + size > DESCRIPTION_MAX_BYTES) break;
    bytes += size;
  }
  description = characters.slice(0, end).join("");
  return description;
}

/** Tags from the text's hashtags, without '#', each once, within YouTube's 500 characters for all tags. */
export function youtubeTags(post: OutgoingPost): string[] {
  const tags: string[] = [];
  let length = 0;
  for (const [, tag] of post.thread.join("\n").matchAll(/(?:^|\s)#([\p{L}\p{N}_]+)/gu)) {
    if (!tag || tags.some((known) => known.toLowerCase() === tag.toLowerCase())) continue;
    // YouTube counts a comma between tags.
    if (length + tag.length + (tags.length ? 1 : 0) > TAGS_MAX_CHARS) break;
    length += tag.length + (tags.length ? 1 : 0);
    tags.push(tag);
  }
  return tags;
}

interface VideoResource {
  id?: string;
  status?: { uploadStatus?: string; failureReason?: string; rejectionReason?: string };
}

type UploadStep =
  | { done: true; response: Response; text: string }
  | { done: false; next: number };

/** Reads a 308's `Range: bytes=0-N`: the next byte to send (0 when the session has none yet). */
const nextByte = (response: Response) => {
  const range = /bytes=(\d+)-(\d+)/.exec(response.headers.get("range") ?? "");
  return range ? Number(range[2]) + 1 : 0;
};

/** A finished upload's answer, as the outcome: the video resource, or the reason YouTube refused it. */
function finished(response: Response, text: string, now: number): PublishOutcome {
  let video: VideoResource | null = null;
  try {
    video = JSON.parse(text) as VideoResource;
  } catch {
    video = null;
  }
  if (!response.ok) return youtubeFailure({ response, body: video as GoogleBody | null, text }, now);
  if (!video?.id) return { ok: false, unknown: true, message: "YouTube finished the upload without naming the video" };
  const status = video.status?.uploadStatus;
  if (status === "rejected" || status === "failed") {
    const reason = video.status?.rejectionReason ?? video.status?.failureReason ?? status;
    return { ok: false, errorClass: "bad_body", message: `YouTube ${status} the video: ${reason}`, hint: "Check the video against YouTube's rules and formats, then schedule it again." };
  }
  return { ok: true, id: video.id, url: youtubeVideoUrl(video.id) };
}

async function upload(ctx: ProviderContext, account: ProviderAccount, session: string, bytes: ArrayBuffer, contentType: string): Promise<PublishOutcome> {
  const total = bytes.byteLength;
  const chunked = total > YOUTUBE_CHUNK_BYTES;
  let offset = 0;
  let broken = 0;
  for (;;) {
    const end = chunked ? Math.min(total, offset + YOUTUBE_CHUNK_BYTES) : total;
    const headers: Record<string, string> = { ...authorized(account), "Content-Type": contentType };
    // A whole file goes in one PUT; a chunk, or a resumed remainder, names its bytes.
    if (chunked || offset > 0) headers["Content-Range"] = `bytes ${offset}-${end - 1}/${total}`;
    let step: UploadStep | null = null;
    try {
      const response = await send(ctx)(session, { method: "PUT", headers, body: new Uint8Array(bytes, offset, end - offset), signal: AbortSignal.timeout(10 * 60_000) });
      const text = await response.text();
      if (response.status === 404 || response.status === 410) return { ok: false, errorClass: "retry", message: "The YouTube upload session expired before the video was complete" };
      if (response.status === 308) step = { done: false, next: nextByte(response) };
      else if (response.status >= 500) step = null; // The guide: on 500, 502, 503 or 504, ask where the upload stands and resume.
      else step = { done: true, response, text };
    } catch {
      step = null;
    }
    if (step?.done) return finished(step.response, step.text, ctx.now());
    if (step) {
      // A 308 that took nothing in is a stall: after a few, give up for now.
      if (step.next <= offset && ++broken >= RESUME_TRIES) return { ok: false, errorClass: "retry", message: "YouTube stopped taking the video's bytes" };
      if (step.next > offset) broken = 0;
      offset = step.next;
      continue;
    }
    // Interrupted: ask the session how much it has, with backoff, and carry on from there.
    const sentFinal = end === total;
    let status: UploadStep | "expired" | null = null;
    while (status === null && broken < RESUME_TRIES) {
      await wait(ctx, 1_000 * 2 ** broken++);
      try {
        const response = await send(ctx)(session, { method: "PUT", headers: { ...authorized(account), "Content-Range": `bytes */${total}` }, signal: AbortSignal.timeout(60_000) });
        const text = await response.text();
        if (response.status === 308) status = { done: false, next: nextByte(response) };
        else if (response.status === 404 || response.status === 410) status = "expired";
        else if (response.status < 500) status = { done: true, response, text };
      } catch {
        status = null;
      }
    }
    if (status === "expired") return { ok: false, errorClass: "retry", message: "The YouTube upload session expired before the video was complete" };
    if (status === null) {
      // Until the last byte is in, no video exists; after it, only YouTube knows.
      if (sentFinal) return { ok: false, unknown: true, message: "The connection to YouTube broke as the upload finished, and YouTube could not be asked how it ended" };
      return { ok: false, errorClass: "retry", message: "The connection to YouTube broke during the upload" };
    }
    if (status.done) return finished(status.response, status.text, ctx.now());
    offset = status.next;
  }
}

async function channelsOf(ctx: ProviderContext, accessToken: string) {
  const answer = await call<GoogleBody & {
    items?: { id: string; snippet?: { title?: string; customUrl?: string; thumbnails?: Record<string, { url?: string }> }; contentDetails?: { relatedPlaylists?: { uploads?: string } } }[];
  }>(ctx, `${apiBase(ctx.env)}/youtube/v3/channels?part=snippet,contentDetails&mine=true`, { headers: { Authorization: `Bearer ${accessToken}` } });
  if (!answer.response.ok) throw new Error(`YouTube did not list the channels: ${youtubeFailure(answer, ctx.now()).message}`);
  return answer.body?.items ?? [];
}

async function exchangeCode(ctx: ProviderContext, req: ExchangeRequest): Promise<ConnectedAccount[]> {
  const token = await tokenRequest(
    ctx,
    tokenUrl(ctx.env),
    { code: req.code, grant_type: "authorization_code", redirect_uri: req.redirectUri, code_verifier: req.codeVerifier },
    { app: req.app, auth: "body" },
  );
  const channels = await channelsOf(ctx, token.access_token);
  if (!channels.length) throw new Error("This Google account has no YouTube channel: create one at youtube.com, then connect again");
  return channels.map((channel) => ({
    externalId: channel.id,
    displayName: channel.snippet?.title || channel.id,
    handle: channel.snippet?.customUrl?.replace(/^@/, "") || channel.id,
    avatarUrl: channel.snippet?.thumbnails?.default?.url ?? null,
    credentials: {
      accessToken: token.access_token,
      refreshToken: token.refresh_token ?? null,
      extra: { channelId: channel.id, ...(channel.contentDetails?.relatedPlaylists?.uploads ? { uploadsPlaylistId: channel.contentDetails.relatedPlaylists.uploads } : {}) },
    },
    expiresAt: expiresAt(ctx, token.expires_in),
    url: `https://www.youtube.com/channel/${channel.id}`,
  }));
}

/** The channel's uploads since `notBefore` with this title (the uploads playlist, newest first). */
async function findUpload(ctx: ProviderContext, account: ProviderAccount, post: OutgoingPost): Promise<Published | null> {
  let playlist = account.credentials.extra?.uploadsPlaylistId;
  if (!playlist) {
    const channels = await channelsOf(ctx, account.credentials.accessToken);
    playlist = channels.find((channel) => channel.id === account.externalId)?.contentDetails?.relatedPlaylists?.uploads ?? channels[0]?.contentDetails?.relatedPlaylists?.uploads;
    if (!playlist) return null;
  }
  const title = youtubeTitle(post, post.media.find((item) => item.kind === "video"));
  const notBefore = post.notBefore ?? ctx.now() - 24 * 60 * 60_000;
  let pageToken: string | undefined;
  for (let page = 0; page < 3; page++) {
    const query = new URLSearchParams({ part: "snippet", playlistId: playlist, maxResults: "50", ...(pageToken ? { pageToken } : {}) });
    const answer = await call<GoogleBody & { nextPageToken?: string; items?: { snippet?: { title?: string; publishedAt?: string; resourceId?: { videoId?: string } } }[] }>(
      ctx,
      `${apiBase(ctx.env)}/youtube/v3/playlistItems?${query}`,
      { headers: authorized(account) },
    );
    if (!answer.response.ok) throw new Error(`YouTube did not list the channel's uploads: ${youtubeFailure(answer, ctx.now()).message}`);
    const items = answer.body?.items ?? [];
    for (const item of items) {
      const published = Date.parse(item.snippet?.publishedAt ?? "");
      const id = item.snippet?.resourceId?.videoId;
      if (id && published >= notBefore && item.snippet?.title === title) return { id, url: youtubeVideoUrl(id) };
    }
    const oldest = Date.parse(items.at(-1)?.snippet?.publishedAt ?? "");
    pageToken = answer.body?.nextPageToken;
    if (!pageToken || !(oldest >= notBefore)) break;
  }
  return null;
}

export const youtubeProvider: Provider = {
  network: "youtube",
  connectors: [
    {
      kind: "oauth",
      id: "youtube",
      label: "YouTube",
      envPrefix: "YOUTUBE",
      authorizeUrl(req, env) {
        // access_type=offline with prompt=consent: Google answers a refresh token every time, not only the first.
        const params = new URLSearchParams({
          client_id: req.app.clientId,
          redirect_uri: req.redirectUri,
          response_type: "code",
          scope: SCOPES.join(" "),
          access_type: "offline",
          prompt: "consent",
          include_granted_scopes: "true",
          state: req.state,
          code_challenge: req.codeChallenge,
          code_challenge_method: "S256",
        });
        return `${authBase(env)}/o/oauth2/v2/auth?${params}`;
      },
      exchangeCode,
    },
  ],

  async publish(ctx, account, post) {
    const videos = post.media.filter((item) => item.kind === "video");
    if (!videos.length) {
      return { ok: false, errorClass: "bad_body", message: "YouTube posts need a video", hint: "Add a video to the post; YouTube publishes videos, not text or photos." };
    }
    if (videos.length > 1 || post.media.length > 1) {
      return { ok: false, errorClass: "bad_body", message: "A YouTube post holds one video", hint: "Keep one video and schedule it again." };
    }
    const video = videos[0]!;
    if (!ctx.readMedia) return { ok: false, errorClass: "bad_body", message: "This server cannot read the post's video to send it to YouTube" };
    let bytes: ArrayBuffer;
    try {
      bytes = await ctx.readMedia(video);
    } catch (error) {
      return { ok: false, errorClass: "retry", message: `The video could not be read from storage (${describe(error)})` };
    }
    const tags = youtubeTags(post);
    const metadata = {
      snippet: { title: youtubeTitle(post, video), description: youtubeDescription(post), ...(tags.length ? { tags } : {}), categoryId: "22" },
      status: { privacyStatus: privacyStatus(ctx.env), selfDeclaredMadeForKids: false },
    };
    let start: NetworkAnswer<GoogleBody>;
    try {
      start = await call<GoogleBody>(ctx, `${apiBase(ctx.env)}/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status`, {
        method: "POST",
        headers: {
          ...authorized(account),
          "Content-Type": "application/json; charset=UTF-8",
          "X-Upload-Content-Length": String(bytes.byteLength),
          "X-Upload-Content-Type": video.contentType,
        },
        body: JSON.stringify(metadata),
      });
    } catch (error) {
      // Opening a session creates nothing: no video exists before its bytes are in.
      return { ok: false, errorClass: "retry", message: `YouTube did not answer the upload request (${describe(error)})` };
    }
    if (!start.response.ok) return youtubeFailure(start, ctx.now());
    const session = start.response.headers.get("location");
    if (!session) return { ok: false, errorClass: "retry", message: "YouTube opened no upload session (no Location header)" };
    return upload(ctx, account, session, bytes, video.contentType);
  },

  verify(ctx, account, post) {
    return findUpload(ctx, account, post);
  },

  async refresh(ctx, account) {
    const app = oauthApp(ctx.env, "YOUTUBE");
    if (!app) return { ok: false, message: "YouTube is not configured on this server (YOUTUBE_CLIENT_ID and YOUTUBE_CLIENT_SECRET)" };
    if (!account.credentials.refreshToken) return { ok: false, message: "No refresh token: reconnect the YouTube channel" };
    // Google keeps the refresh token (it answers none); invalid_grant means access was revoked or expired.
    return refreshTokenGrant(ctx, tokenUrl(ctx.env), account.credentials, { app, auth: "body" });
  },

  async metrics(ctx, account, ids) {
    const figures: Record<string, { views?: number; likes?: number; comments?: number }> = {};
    const number = (value: string | undefined) => (value === undefined ? undefined : Number(value));
    // videos.list takes up to 50 ids a request, 1 quota unit each.
    for (let i = 0; i < ids.length; i += 50) {
      const query = new URLSearchParams({ part: "statistics", id: ids.slice(i, i + 50).join(",") });
      const answer = await call<GoogleBody & { items?: { id: string; statistics?: { viewCount?: string; likeCount?: string; commentCount?: string } }[] }>(
        ctx,
        `${apiBase(ctx.env)}/youtube/v3/videos?${query}`,
        { headers: authorized(account) },
      );
      if (!answer.response.ok) throw refusedFigures(youtubeFailure(answer, ctx.now()), "YouTube did not give the videos' figures");
      for (const item of answer.body?.items ?? []) {
        figures[item.id] = { views: number(item.statistics?.viewCount), likes: number(item.statistics?.likeCount), comments: number(item.statistics?.commentCount) };
      }
    }
    return figures;
  },

  async revoke(ctx, account) {
    // Revoking the refresh token revokes the whole grant (Google's OAuth 2.0 for web server apps).
    const token = account.credentials.refreshToken || account.credentials.accessToken;
    await call(ctx, revokeUrl(ctx.env), { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ token }).toString() });
  },
};
