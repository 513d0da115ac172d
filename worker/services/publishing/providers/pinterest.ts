import { baseUrl, call, classifyFailure, expiresAt, oauthApp, tokenRequest, type NetworkAnswer, refreshTokenGrant , StepFailed, step, wait, refusedFigures } from "./http";
import type { ConnectedAccount, OutgoingMedia, OutgoingPost, PostMetrics, Provider, ProviderContext, PublishOutcome } from "./types";

/**
 * Pinterest (API v5, developers.pinterest.com/docs/api/v5): a pin lives on a board, so one
 * sign-in answers one account per board and the person chooses the boards to post to. Images
 * are fetched by Pinterest from a signed URL; a video is uploaded first (register, upload to
 * the given form, wait until processed), then pinned by its media id.
 */

const SCOPES = "boards:read,pins:read,pins:write,user_accounts:read";
const TITLE_MAX = 100;
const DESCRIPTION_MAX = 500;
const CAROUSEL_MAX = 5;
const MEDIA_POLL_MS = 3_000;
const MEDIA_POLL_TIMES = 40;
const BOARD_PAGES_MAX = 20;
/** Pin analytics reach back 90 days. */
const ANALYTICS_DAYS = 90;

const authBase = (env: Env) => baseUrl(env, "PINTEREST_AUTH_BASE", "https://www.pinterest.com");
const apiBase = (env: Env) => `${baseUrl(env, "PINTEREST_API_BASE", "https://api.pinterest.com")}/v5`;

export const pinterestPinUrl = (id: string) => `https://www.pinterest.com/pin/${id}/`;

interface PinterestError {
  code?: number;
  message?: string;
}

const bearer = (accessToken: string, json = false): Record<string, string> => ({
  Authorization: `Bearer ${accessToken}`,
  ...(json ? { "Content-Type": "application/json" } : {}),
});

const words = (answer: NetworkAnswer) => (answer.body as PinterestError | null)?.message ?? (answer.text.slice(0, 300) || answer.response.statusText);

/** Pinterest's `{code, message}` as one of our classes. */
export function pinterestFailure(answer: NetworkAnswer): Extract<PublishOutcome, { errorClass: unknown }> {
  const message = words(answer);
  // Pinterest's spam throttle and its failing to fetch our media pass with time (as Postiz treats them).
  if (/combat spam|could not fetch the image|unable to reach the url/i.test(message)) {
    return { ok: false, errorClass: "retry", message: `${answer.response.status} ${message}` };
  }
  if (/board not found/i.test(message)) return { ok: false, errorClass: "bad_body", message: `${answer.response.status} ${message}`, hint: "The board is gone from Pinterest: connect the board again or choose another one." };
  return classifyFailure(answer, message, "Edit the pin and schedule it again.");
}

/** `start_date` and `end_date` (YYYY-MM-DD, UTC) of the last 90 days up to `now`, as pin analytics take them. */
export function analyticsDates(now: number) {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { start_date: day(now - (ANALYTICS_DAYS - 1) * 86_400_000), end_date: day(now) };
}

/** The pin's title (the post's, or its text's first line) and description, within Pinterest's lengths. */
export function pinText(post: Pick<OutgoingPost, "thread" | "title">) {
  const text = post.thread.join("\n\n").trim();
  const title = (post.title?.trim() || text.split("\n")[0]!.trim()).slice(0, TITLE_MAX);
  const link = text.match(/https?:\/\/[^\s<>"]+/)?.[0]?.replace(/[.,;:!?)]+$/, "");
  return { title, description: text.slice(0, DESCRIPTION_MAX), ...(link ? { link } : {}) };
}

const networkStep = <T>(ctx: ProviderContext, what: string, url: string, init: RequestInit) => step<T>(ctx, "Pinterest", what, url, init, pinterestFailure);


async function publicUrl(ctx: ProviderContext, item: OutgoingMedia) {
  if (!ctx.mediaUrl) throw new StepFailed({ ok: false, errorClass: "bad_body", message: `This server cannot give Pinterest a public link to ${item.name}` });
  return ctx.mediaUrl(item);
}

/**
 * A video pin's media: register the upload (`POST /v5/media`), POST the file to `upload_url`
 * with every `upload_parameters` field (an S3 form: the file goes last), then poll
 * `GET /v5/media/{id}` until `succeeded`.
 */
async function uploadVideo(ctx: ProviderContext, token: string, item: OutgoingMedia) {
  if (!ctx.readMedia) throw new StepFailed({ ok: false, errorClass: "bad_body", message: `${item.name} could not be read from storage on this server` });
  const bytes = await ctx.readMedia(item);
  const api = apiBase(ctx.env);
  const registered = await networkStep<{ media_id?: string; upload_url?: string; upload_parameters?: Record<string, string> }>(ctx, `preparing ${item.name}`, `${api}/media`, {
    method: "POST",
    headers: bearer(token, true),
    body: JSON.stringify({ media_type: "video" }),
  });
  const { media_id: mediaId, upload_url: uploadUrl, upload_parameters: fields = {} } = registered.body ?? {};
  if (!mediaId || !uploadUrl) throw new StepFailed({ ok: false, errorClass: "retry", message: "Pinterest gave no upload URL for the video" });
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file", new Blob([bytes], { type: item.contentType }), item.name);
  await networkStep(ctx, `uploading ${item.name}`, uploadUrl, { method: "POST", body: form });
  for (let polled = 0; polled < MEDIA_POLL_TIMES; polled++) {
    const answer = await networkStep<{ status?: string }>(ctx, `processing ${item.name}`, `${api}/media/${encodeURIComponent(mediaId)}`, { headers: bearer(token) });
    const status = answer.body?.status;
    if (status === "succeeded") return mediaId;
    if (status === "failed") throw new StepFailed({ ok: false, errorClass: "bad_body", message: `Pinterest could not process ${item.name}`, hint: "Check the video (MP4, MOV or M4V, 4 s to 15 min) and schedule it again." });
    await wait(ctx, MEDIA_POLL_MS);
  }
  throw new StepFailed({ ok: false, errorClass: "retry", message: `Pinterest is still processing ${item.name}` });
}

async function mediaSource(ctx: ProviderContext, token: string, media: OutgoingMedia[]) {
  const images = media.filter((item) => item.kind === "image");
  const videos = media.filter((item) => item.kind === "video");
  if (videos.length > 1) throw new StepFailed({ ok: false, errorClass: "bad_body", message: "A pin takes one video", hint: "Keep one video." });
  if (videos.length) {
    const mediaId = await uploadVideo(ctx, token, videos[0]!);
    // The cover: the post's first image, else the video's first frame.
    return images.length
      ? { source_type: "video_id", media_id: mediaId, cover_image_url: await publicUrl(ctx, images[0]!) }
      : { source_type: "video_id", media_id: mediaId, cover_image_key_frame_time: 0 };
  }
  if (!images.length) throw new StepFailed({ ok: false, errorClass: "bad_body", message: "A pin needs an image or a video", hint: "Add an image or a video to the post and schedule it again." });
  if (images.length > CAROUSEL_MAX) throw new StepFailed({ ok: false, errorClass: "bad_body", message: `A pin carousel takes ${CAROUSEL_MAX} images at most`, hint: `Keep ${CAROUSEL_MAX} images or fewer.` });
  if (images.length === 1) return { source_type: "image_url", url: await publicUrl(ctx, images[0]!) };
  const items: { url: string }[] = [];
  for (const image of images) items.push({ url: await publicUrl(ctx, image) });
  return { source_type: "multiple_image_urls", items };
}

interface BoardPage {
  items?: { id: string; name: string }[];
  bookmark?: string | null;
}

/** The account's board: its external id is `<user id>:<board id>`. */
const boardOf = (externalId: string) => externalId.slice(externalId.indexOf(":") + 1);

/** Pinterest's times are UTC without a zone ("2024-05-01T10:00:00"). */
const parseTime = (value: string | undefined) => (value ? Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`) : 0);

async function tokens(ctx: ProviderContext, params: Record<string, string>, app: { clientId: string; clientSecret: string }) {
  return tokenRequest(ctx, `${apiBase(ctx.env)}/oauth/token`, params, { app, auth: "basic" });
}

export const pinterestProvider: Provider = {
  network: "pinterest",
  connectors: [
    {
      kind: "oauth",
      id: "pinterest",
      label: "Pinterest",
      envPrefix: "PINTEREST",
      // Pinterest's v5 OAuth documents no PKCE: the challenge is not sent; the signed state binds the answer.
      authorizeUrl(req, env) {
        const query = new URLSearchParams({ client_id: req.app.clientId, redirect_uri: req.redirectUri, response_type: "code", scope: SCOPES, state: req.state });
        return `${authBase(env)}/oauth/?${query}`;
      },
      async exchangeCode(ctx, req) {
        // continuous_refresh: every refresh answers a new refresh token (60 days, renewed each
        // time); Pinterest retired the legacy 365-day tokens that never rotated.
        const answer = await tokens(ctx, { grant_type: "authorization_code", code: req.code, redirect_uri: req.redirectUri, continuous_refresh: "true" }, req.app);
        const credentials = { accessToken: answer.access_token, ...(answer.refresh_token ? { refreshToken: answer.refresh_token } : {}) };
        const expires = expiresAt(ctx, answer.expires_in);
        const api = apiBase(ctx.env);
        const me = await call<{ id?: string; username?: string; profile_image?: string }>(ctx, `${api}/user_account`, { headers: bearer(answer.access_token) });
        if (!me.response.ok || !me.body?.username) throw new Error(`Pinterest did not say who you are: ${me.response.status} ${words(me)}`);
        const username = me.body.username;
        const userId = me.body.id ?? username;
        const boards: { id: string; name: string }[] = [];
        let bookmark: string | null = null;
        for (let page = 0; page < BOARD_PAGES_MAX; page++) {
          const query: URLSearchParams = new URLSearchParams({ page_size: "250", ...(bookmark ? { bookmark } : {}) });
          const list: NetworkAnswer<BoardPage> = await call<BoardPage>(ctx, `${api}/boards?${query}`, { headers: bearer(answer.access_token) });
          if (!list.response.ok) throw new Error(`Pinterest refused to list your boards: ${list.response.status} ${words(list)}`);
          boards.push(...(list.body?.items ?? []));
          bookmark = list.body?.bookmark ?? null;
          if (!bookmark) break;
        }
        if (!boards.length) throw new Error("Your Pinterest account has no boards yet: pins are saved to a board, so create one on Pinterest and connect again.");
        return boards.map(
          (board): ConnectedAccount => ({
            externalId: `${userId}:${board.id}`,
            displayName: `${username} · ${board.name}`,
            handle: username,
            avatarUrl: me.body?.profile_image ?? null,
            credentials,
            expiresAt: expires,
            ownerExternalId: userId,
            url: `https://www.pinterest.com/${username}/`,
          }),
        );
      },
    },
  ],

  async publish(ctx, account, post) {
    const token = account.credentials.accessToken;
    let source: Awaited<ReturnType<typeof mediaSource>>;
    try {
      source = await mediaSource(ctx, token, post.media);
    } catch (error) {
      if (error instanceof StepFailed) return error.outcome;
      throw error;
    }
    const body = { board_id: boardOf(account.externalId), ...pinText(post), media_source: source };
    let answer: NetworkAnswer<{ id?: string }>;
    try {
      answer = await call(ctx, `${apiBase(ctx.env)}/pins`, { method: "POST", headers: bearer(token, true), body: JSON.stringify(body) });
    } catch (error) {
      return { ok: false, unknown: true, message: `Pinterest did not answer (${error instanceof Error ? error.message : String(error)})` };
    }
    if (!answer.response.ok) return pinterestFailure(answer);
    const id = answer.body?.id;
    if (!id) return { ok: false, unknown: true, message: "Pinterest accepted the pin without naming it" };
    return { ok: true, id, url: pinterestPinUrl(id) };
  },

  async verify(ctx, account, post) {
    const board = boardOf(account.externalId);
    const answer = await call<{ items?: { id: string; description?: string | null; created_at?: string }[] }>(ctx, `${apiBase(ctx.env)}/boards/${encodeURIComponent(board)}/pins?page_size=25`, {
      headers: bearer(account.credentials.accessToken),
    });
    if (!answer.response.ok) throw new Error(`Pinterest could not list the board's pins: ${answer.response.status} ${words(answer)}`);
    const { description } = pinText(post);
    const since = post.notBefore ?? 0;
    const found = (answer.body?.items ?? []).find((pin) => parseTime(pin.created_at) >= since && (pin.description ?? "").trim() === description.trim());
    return found ? { id: found.id, url: pinterestPinUrl(found.id) } : null;
  },

  async refresh(ctx, account) {
    const { refreshToken } = account.credentials;
    if (!refreshToken) return { ok: false, message: "Pinterest gave no refresh token for this account: reconnect it" };
    const app = oauthApp(ctx.env, "PINTEREST");
    if (!app) return { ok: false, message: "Pinterest is not configured on this server (PINTEREST_CLIENT_ID and PINTEREST_CLIENT_SECRET)" };
    // A continuous refresh token is replaced by the one answered; a legacy one stays.
    return refreshTokenGrant(ctx, `${apiBase(ctx.env)}/oauth/token`, account.credentials, { app, auth: "basic", refused: (words) => `Pinterest refused to renew access: ${words}` });
  },

  async metrics(ctx, account, ids) {
    const figures: Record<string, PostMetrics> = {};
    const { start_date, end_date } = analyticsDates(ctx.now());
    const query = `start_date=${start_date}&end_date=${end_date}&metric_types=IMPRESSION,SAVE,PIN_CLICK,OUTBOUND_CLICK`;
    for (const id of ids) {
      const answer = await call<{ all?: { summary_metrics?: Record<string, number> } }>(ctx, `${apiBase(ctx.env)}/pins/${encodeURIComponent(id)}/analytics?${query}`, {
        headers: bearer(account.credentials.accessToken),
      });
      // A pin deleted on Pinterest, or one it keeps no figures for: no figures.
      if (answer.response.status === 404) continue;
      if (!answer.response.ok) throw refusedFigures(pinterestFailure(answer), "Pinterest refused the pin's analytics");
      const summary = answer.body?.all?.summary_metrics;
      if (!summary) continue;
      const clicks = (summary.PIN_CLICK ?? 0) + (summary.OUTBOUND_CLICK ?? 0);
      figures[id] = { impressions: summary.IMPRESSION, saves: summary.SAVE, clicks };
    }
    return figures;
  },
};
