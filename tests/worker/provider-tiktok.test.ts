import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { providerFor } from "../../worker/services/publishing/providers";
import {
  chunkPlan,
  choosePrivacy,
  mp4DurationSeconds,
  TIKTOK_CHUNK_BYTES,
  TIKTOK_NOTE,
  TIKTOK_POLL_BUDGET_MS,
  tiktokProvider,
} from "../../worker/services/publishing/providers/tiktok";
import type { Connector, OutgoingMedia, OutgoingPost, ProviderAccount, ProviderContext } from "../../worker/services/publishing/providers/types";
import { db } from "../factories";

/**
 * TikTok against a fake of open.tiktokapis.com: each route checks the method, path, headers
 * and body as developers.tiktok.com documents them and answers TikTok's documented
 * `{ data, error: { code, message, log_id } }`; anything else fails the test.
 */

const API = "https://open.tiktokapis.test";
const AUTH = "https://www.tiktok.test";
const UPLOAD_URL = "https://open-upload.tiktokapis.test/video/?upload_id=67890&upload_token=Xza123";
const MB = 1024 * 1024;
const NOW = Date.UTC(2026, 11, 2, 10, 0, 0);

type Answer = Response | "lost";
type Handler = (request: Request, url: URL) => Answer | Promise<Answer>;

interface Seen {
  method: string;
  path: string;
  headers: Headers;
  body: string;
  bytes?: number;
}

/** A fake network: routes by "METHOD path"; a route given as a list answers each call with the next entry (the last one repeats). */
function fakeTikTok(routes: Record<string, Handler | Handler[]>) {
  const seen: Seen[] = [];
  const counts = new Map<string, number>();
  const fetch: typeof globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const key = `${request.method} ${url.origin === new URL(UPLOAD_URL).origin ? "upload" : url.pathname}`;
    const route = routes[key];
    if (!route) throw new Error(`The fake TikTok has no ${key} (${request.url})`);
    const n = counts.get(key) ?? 0;
    counts.set(key, n + 1);
    const handler = Array.isArray(route) ? route[Math.min(n, route.length - 1)]! : route;
    const raw = await request.clone().arrayBuffer();
    seen.push({ method: request.method, path: url.pathname + url.search, headers: request.headers, body: key === "PUT upload" ? "" : new TextDecoder().decode(raw), bytes: raw.byteLength });
    const answer = await handler(request, url);
    if (answer === "lost") throw new TypeError("Network connection lost.");
    return answer;
  }) as typeof globalThis.fetch;
  return { fetch, seen, calls: (key: string) => counts.get(key) ?? 0 };
}

const ok = (data: unknown) => Response.json({ data, error: { code: "ok", message: "", log_id: "202612021000LOG" } });
const fail = (status: number, code: string, message: string, headers: Record<string, string> = {}) =>
  Response.json({ error: { code, message, log_id: "202612021000ERR" } }, { status, headers });

/** Checks the bearer token and TikTok's JSON content type, then answers. */
const authed =
  (answer: Handler, token = "act.fernhill") =>
  async (request: Request, url: URL) => {
    expect(request.headers.get("authorization")).toBe(`Bearer ${token}`);
    if (request.method === "POST") expect(request.headers.get("content-type")).toBe("application/json; charset=UTF-8");
    return answer(request, url);
  };

const creatorInfo = (overrides: Record<string, unknown> = {}) =>
  authed(() =>
    ok({
      creator_avatar_url: "https://p16.tiktokcdn.test/avatar.jpeg",
      creator_username: "fernhill.bakery",
      creator_nickname: "Fernhill Bakery",
      privacy_level_options: ["PUBLIC_TO_EVERYONE", "MUTUAL_FOLLOW_FRIENDS", "FOLLOWER_OF_CREATOR", "SELF_ONLY"],
      comment_disabled: false,
      duet_disabled: true,
      stitch_disabled: false,
      max_video_post_duration_sec: 300,
      ...overrides,
    }),
  );

/** A status answer as TikTok sends it: the post id is an int64, written as a bare number. */
const status = (value: string, extra = "") =>
  authed(async (request) => {
    expect(await request.json()).toEqual({ publish_id: "v_pub_file~v2-1.7380080137" });
    return new Response(`{"data":{"status":"${value}"${extra}},"error":{"code":"ok","message":"","log_id":"202612021000LOG"}}`, {
      headers: { "content-type": "application/json" },
    });
  });
const complete = status("PUBLISH_COMPLETE", ',"publicaly_available_post_id":[7380080137682881835],"uploaded_bytes":1048576');

/** An MP4 of `seconds` (ftyp, moov/mvhd with a 1000 timescale, then mdat filling it to `bytes`). */
function mp4(seconds: number, bytes = 64 * 1024) {
  const buffer = new ArrayBuffer(bytes);
  const view = new DataView(buffer);
  const type = (at: number, name: string) => [...name].forEach((c, i) => view.setUint8(at + i, c.charCodeAt(0)));
  view.setUint32(0, 16);
  type(4, "ftyp");
  type(8, "isom");
  view.setUint32(16, 8 + 108);
  type(20, "moov");
  view.setUint32(24, 108);
  type(28, "mvhd");
  // version 0: flags, creation, modification, timescale, duration
  view.setUint32(44, 1000);
  view.setUint32(48, seconds * 1000);
  view.setUint32(132, bytes - 132);
  type(136, "mdat");
  return buffer;
}

const clip = (bytes: number, kind: "video" | "image" = "video", id = 41): OutgoingMedia => ({
  uploadId: id,
  url: `/files/${id}`,
  kind,
  contentType: kind === "video" ? "video/mp4" : "image/jpeg",
  name: kind === "video" ? "croissants.mp4" : `loaf-${id}.jpg`,
  bytes,
});

const account: ProviderAccount = {
  externalId: "-000ZqAgAbCdEfGhIjKlMnOp",
  handle: "fernhill.bakery",
  credentials: { accessToken: "act.fernhill", refreshToken: "rft.fernhill", extra: { openId: "-000ZqAgAbCdEfGhIjKlMnOp" } },
};

const outgoing = (media: OutgoingMedia[], text = "Fresh croissants every morning #bakery"): OutgoingPost => ({
  thread: [text],
  media,
  idempotencyKey: crypto.randomUUID(),
  notBefore: NOW - 60_000,
});

function context(fake: { fetch: typeof fetch }, overrides: Record<string, string> = {}, media: Record<number, ArrayBuffer> = {}) {
  let clock = NOW;
  const sleeps: number[] = [];
  const ctx: ProviderContext = {
    db,
    env: { ...env, TIKTOK_CLIENT_ID: "aw_fernhill_key", TIKTOK_CLIENT_SECRET: "fernhill-secret", TIKTOK_API_BASE: API, TIKTOK_AUTH_BASE: AUTH, ...overrides } as Env,
    now: () => clock,
    fetch: fake.fetch,
    sleep: async (ms) => {
      sleeps.push(ms);
      clock += ms;
    },
    readMedia: async (item) => media[item.uploadId] ?? mp4(30),
    mediaUrl: async (item) => `https://app.brandwork.test/media/${item.uploadId}?signature=s1`,
  };
  return { ctx, sleeps, elapsed: () => clock - NOW };
}

const connector = () => tiktokProvider.connectors[0] as Extract<Connector, { kind: "oauth" }>;

describe("connecting a TikTok account", () => {
  it("is registered as the TikTok network and warns that an unaudited app posts privately", () => {
    expect(providerFor("tiktok")).toBe(tiktokProvider);
    expect(connector()).toMatchObject({ id: "tiktok", envPrefix: "TIKTOK", label: "TikTok" });
    expect(connector().note).toBe(TIKTOK_NOTE);
    expect(TIKTOK_NOTE).toContain("Until TikTok audits this app, posts are visible only to the account owner");
  });

  it("sends the person to Login Kit for Web with client_key, the scopes, state and an S256 challenge", () => {
    const url = new URL(
      connector().authorizeUrl(
        { app: { clientId: "aw_fernhill_key", clientSecret: "s" }, redirectUri: "https://app.brandwork.test/integrations/tiktok/callback", state: "signed.state", codeChallenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM" },
        { ...env, TIKTOK_AUTH_BASE: AUTH } as Env,
      ),
    );
    expect(url.origin + url.pathname).toBe(`${AUTH}/v2/auth/authorize/`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_key: "aw_fernhill_key",
      scope: "user.info.basic,user.info.profile,video.publish,video.upload,video.list",
      response_type: "code",
      redirect_uri: "https://app.brandwork.test/integrations/tiktok/callback",
      state: "signed.state",
      code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      code_challenge_method: "S256",
    });
  });

  it("exchanges the code (with the PKCE verifier) and names the account from /v2/user/info/", async () => {
    const fake = fakeTikTok({
      "POST /v2/oauth/token/": async (request) => {
        expect(request.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
        expect(Object.fromEntries(await request.formData())).toEqual({
          client_key: "aw_fernhill_key",
          client_secret: "fernhill-secret",
          code: "code-from-tiktok",
          grant_type: "authorization_code",
          redirect_uri: "https://app.brandwork.test/integrations/tiktok/callback",
          code_verifier: "verifier-0123456789",
        });
        return Response.json({
          access_token: "act.fernhill",
          expires_in: 86400,
          open_id: "-000ZqAgAbCdEfGhIjKlMnOp",
          refresh_expires_in: 31536000,
          refresh_token: "rft.fernhill",
          scope: "user.info.basic,user.info.profile,video.publish,video.upload,video.list",
          token_type: "Bearer",
        });
      },
      "GET /v2/user/info/": authed((_request, url) => {
        expect(url.searchParams.get("fields")).toBe("open_id,union_id,avatar_url,display_name,username");
        return ok({ user: { open_id: "-000ZqAgAbCdEfGhIjKlMnOp", union_id: "c9c60f44-a68e", avatar_url: "https://p16.tiktokcdn.test/a.jpeg", display_name: "Fernhill Bakery", username: "fernhill.bakery" } });
      }),
    });
    const { ctx } = context(fake);
    const accounts = await connector().exchangeCode(ctx, {
      app: { clientId: "aw_fernhill_key", clientSecret: "fernhill-secret" },
      code: "code-from-tiktok",
      codeVerifier: "verifier-0123456789",
      redirectUri: "https://app.brandwork.test/integrations/tiktok/callback",
    });
    expect(accounts).toEqual([
      {
        externalId: "-000ZqAgAbCdEfGhIjKlMnOp",
        displayName: "Fernhill Bakery",
        handle: "fernhill.bakery",
        avatarUrl: "https://p16.tiktokcdn.test/a.jpeg",
        credentials: { accessToken: "act.fernhill", refreshToken: "rft.fernhill", extra: { openId: "-000ZqAgAbCdEfGhIjKlMnOp" } },
        expiresAt: NOW + 86_400_000,
      },
    ]);
  });

  it("refuses the connection with TikTok's words when the code is refused", async () => {
    const fake = fakeTikTok({
      "POST /v2/oauth/token/": () => Response.json({ error: "invalid_grant", error_description: "Authorization code is expired.", log_id: "L9" }, { status: 400 }),
    });
    const { ctx } = context(fake);
    await expect(
      connector().exchangeCode(ctx, { app: { clientId: "aw_fernhill_key", clientSecret: "fernhill-secret" }, code: "old", codeVerifier: "v", redirectUri: "https://app.brandwork.test/integrations/tiktok/callback" }),
    ).rejects.toThrow("invalid_grant: Authorization code is expired.");
  });
});

describe("publishing to TikTok", () => {
  it("refuses a text-only post: TikTok needs a video or photos", async () => {
    const fake = fakeTikTok({});
    const { ctx } = context(fake);
    const outcome = await tiktokProvider.publish(ctx, account, outgoing([]));
    expect(outcome).toMatchObject({ ok: false, errorClass: "bad_body", message: "TikTok posts need a video or photos" });
    expect(fake.seen).toHaveLength(0);
  });

  it("posts a video: creator info first, SELF_ONLY while unaudited, one chunk, then polls until it is published", async () => {
    const video = mp4(30, 2 * MB);
    const fake = fakeTikTok({
      "POST /v2/post/publish/creator_info/query/": creatorInfo(),
      "POST /v2/post/publish/video/init/": authed(async (request) => {
        expect(await request.json()).toEqual({
          post_info: { title: "Fresh croissants every morning #bakery", privacy_level: "SELF_ONLY", disable_duet: true, disable_comment: false, disable_stitch: false },
          source_info: { source: "FILE_UPLOAD", video_size: 2 * MB, chunk_size: 2 * MB, total_chunk_count: 1 },
        });
        return ok({ publish_id: "v_pub_file~v2-1.7380080137", upload_url: UPLOAD_URL });
      }),
      "PUT upload": async (request) => {
        expect(request.headers.get("content-type")).toBe("video/mp4");
        expect(request.headers.get("content-range")).toBe(`bytes 0-${2 * MB - 1}/${2 * MB}`);
        expect((await request.arrayBuffer()).byteLength).toBe(2 * MB);
        return new Response(null, { status: 201 });
      },
      "POST /v2/post/publish/status/fetch/": [status("PROCESSING_UPLOAD"), status("PROCESSING_UPLOAD"), complete],
    });
    const { ctx, sleeps } = context(fake, {}, { 41: video });
    const outcome = await tiktokProvider.publish(ctx, account, outgoing([clip(2 * MB)]));
    expect(outcome).toEqual({ ok: true, id: "7380080137682881835", url: "https://www.tiktok.com/@fernhill.bakery/video/7380080137682881835" });
    expect(fake.seen.map((call) => call.path)).toEqual([
      "/v2/post/publish/creator_info/query/",
      "/v2/post/publish/video/init/",
      "/video/?upload_id=67890&upload_token=Xza123",
      "/v2/post/publish/status/fetch/",
      "/v2/post/publish/status/fetch/",
      "/v2/post/publish/status/fetch/",
    ]);
    // It waited between polls through ctx.sleep, never in real time.
    expect(sleeps).toEqual([2_000, 3_000]);
  });

  it("uploads a big video in chunks of TikTok's sizes, the trailing bytes riding on the last chunk", async () => {
    const size = 2 * TIKTOK_CHUNK_BYTES + 3 * MB;
    const ranges: string[] = [];
    const fake = fakeTikTok({
      "POST /v2/post/publish/creator_info/query/": creatorInfo(),
      "POST /v2/post/publish/video/init/": authed(async (request) => {
        const body = (await request.json()) as { source_info: unknown };
        expect(body.source_info).toEqual({ source: "FILE_UPLOAD", video_size: size, chunk_size: TIKTOK_CHUNK_BYTES, total_chunk_count: 2 });
        return ok({ publish_id: "v_pub_file~v2-1.7380080137", upload_url: UPLOAD_URL });
      }),
      "PUT upload": async (request) => {
        ranges.push(`${request.headers.get("content-range")} (${(await request.arrayBuffer()).byteLength})`);
        return new Response(null, { status: ranges.length === 2 ? 201 : 206 });
      },
      "POST /v2/post/publish/status/fetch/": complete,
    });
    const { ctx } = context(fake, {}, { 41: mp4(45, size) });
    const outcome = await tiktokProvider.publish(ctx, account, outgoing([clip(size)]));
    expect(outcome).toMatchObject({ ok: true, id: "7380080137682881835" });
    expect(ranges).toEqual([`bytes 0-${TIKTOK_CHUNK_BYTES - 1}/${size} (${TIKTOK_CHUNK_BYTES})`, `bytes ${TIKTOK_CHUNK_BYTES}-${size - 1}/${size} (${TIKTOK_CHUNK_BYTES + 3 * MB})`]);
  });

  it("plans chunks as TikTok's transfer guide says", () => {
    expect(chunkPlan(3 * MB)).toMatchObject({ chunkSize: 3 * MB, count: 1 });
    expect(chunkPlan(19 * MB)).toMatchObject({ chunkSize: 19 * MB, count: 1 });
    const big = chunkPlan(1000 * MB);
    expect(big).toMatchObject({ chunkSize: 10 * MB, count: 100 });
    expect(big.ranges.at(-1)).toEqual([990 * MB, 1000 * MB]);
  });

  it("posts publicly once the deployment says the app was audited, and privately when the account offers nothing else", async () => {
    expect(choosePrivacy(["PUBLIC_TO_EVERYONE", "SELF_ONLY"], false)).toBe("SELF_ONLY");
    expect(choosePrivacy(["PUBLIC_TO_EVERYONE", "SELF_ONLY"], true)).toBe("PUBLIC_TO_EVERYONE");
    expect(choosePrivacy(["SELF_ONLY"], true)).toBe("SELF_ONLY");
    expect(choosePrivacy(["MUTUAL_FOLLOW_FRIENDS", "SELF_ONLY"], true)).toBe("MUTUAL_FOLLOW_FRIENDS");

    let privacy = "";
    const fake = fakeTikTok({
      "POST /v2/post/publish/creator_info/query/": creatorInfo(),
      "POST /v2/post/publish/video/init/": authed(async (request) => {
        privacy = ((await request.json()) as { post_info: { privacy_level: string } }).post_info.privacy_level;
        return ok({ publish_id: "v_pub_file~v2-1.7380080137", upload_url: UPLOAD_URL });
      }),
      "PUT upload": () => new Response(null, { status: 201 }),
      "POST /v2/post/publish/status/fetch/": complete,
    });
    const { ctx } = context(fake, { TIKTOK_AUDITED: "true" });
    await tiktokProvider.publish(ctx, account, outgoing([clip(64 * 1024)]));
    expect(privacy).toBe("PUBLIC_TO_EVERYONE");
  });

  it("refuses a video longer than the account may post, before uploading it", async () => {
    const fake = fakeTikTok({ "POST /v2/post/publish/creator_info/query/": creatorInfo({ max_video_post_duration_sec: 60 }) });
    const { ctx } = context(fake, {}, { 41: mp4(95) });
    const outcome = await tiktokProvider.publish(ctx, account, outgoing([clip(64 * 1024)]));
    expect(outcome).toMatchObject({ ok: false, errorClass: "bad_body", message: "The video lasts 95 seconds; this TikTok account may post videos of up to 60 seconds" });
    expect(outcome).toHaveProperty("hint", "Trim the video to 60 seconds or less and schedule it again.");
    expect(fake.calls("POST /v2/post/publish/video/init/")).toBe(0);
    expect(mp4DurationSeconds(mp4(95))).toBe(95);
    expect(mp4DurationSeconds(new ArrayBuffer(1024))).toBeNull();
  });

  it("lets TikTok pull the video from a signed link when TIKTOK_PULL_FROM_URL is set", async () => {
    const fake = fakeTikTok({
      "POST /v2/post/publish/creator_info/query/": creatorInfo(),
      "POST /v2/post/publish/video/init/": authed(async (request) => {
        expect(((await request.json()) as { source_info: unknown }).source_info).toEqual({ source: "PULL_FROM_URL", video_url: "https://app.brandwork.test/media/41?signature=s1" });
        return ok({ publish_id: "v_pub_file~v2-1.7380080137" });
      }),
      "POST /v2/post/publish/status/fetch/": [status("PROCESSING_DOWNLOAD"), complete],
    });
    const { ctx } = context(fake, { TIKTOK_PULL_FROM_URL: "true" });
    const outcome = await tiktokProvider.publish(ctx, account, outgoing([clip(8 * MB)]));
    expect(outcome).toMatchObject({ ok: true, id: "7380080137682881835" });
  });

  it("posts photos through content/init (PULL_FROM_URL) and finds the private post's id among the account's videos", async () => {
    const photos = [clip(200_000, "image", 51), clip(210_000, "image", 52), clip(220_000, "image", 53)];
    const fake = fakeTikTok({
      "POST /v2/post/publish/creator_info/query/": creatorInfo(),
      "POST /v2/post/publish/content/init/": authed(async (request) => {
        expect(await request.json()).toEqual({
          post_info: {
            title: "Three loaves for the weekend",
            description: "Three loaves for the weekend\nRye, spelt and a country sourdough",
            disable_comment: false,
            privacy_level: "SELF_ONLY",
            auto_add_music: true,
          },
          source_info: {
            source: "PULL_FROM_URL",
            photo_cover_index: 0,
            photo_images: ["https://app.brandwork.test/media/51?signature=s1", "https://app.brandwork.test/media/52?signature=s1", "https://app.brandwork.test/media/53?signature=s1"],
          },
          post_mode: "DIRECT_POST",
          media_type: "PHOTO",
        });
        return ok({ publish_id: "v_pub_file~v2-1.7380080137" });
      }),
      // A SELF_ONLY post has no publicly available id.
      "POST /v2/post/publish/status/fetch/": status("PUBLISH_COMPLETE"),
      "POST /v2/video/list/": authed(() =>
        ok({
          videos: [{ id: "7380099999999999999", title: "Three loaves for the weekend", create_time: NOW / 1000 + 30, share_url: "https://www.tiktok.com/@fernhill.bakery/photo/7380099999999999999" }],
          cursor: NOW,
          has_more: false,
        }),
      ),
    });
    const { ctx } = context(fake);
    const outcome = await tiktokProvider.publish(ctx, account, outgoing(photos, "Three loaves for the weekend\nRye, spelt and a country sourdough"));
    expect(outcome).toEqual({ ok: true, id: "7380099999999999999", url: "https://www.tiktok.com/@fernhill.bakery/photo/7380099999999999999" });
  });

  it("fails with TikTok's reason and a hint when processing fails", async () => {
    const fake = fakeTikTok({
      "POST /v2/post/publish/creator_info/query/": creatorInfo(),
      "POST /v2/post/publish/video/init/": authed(() => ok({ publish_id: "v_pub_file~v2-1.7380080137", upload_url: UPLOAD_URL })),
      "PUT upload": () => new Response(null, { status: 201 }),
      "POST /v2/post/publish/status/fetch/": [status("PROCESSING_UPLOAD"), status("FAILED", ',"fail_reason":"frame_rate_check_failed"')],
    });
    const { ctx } = context(fake);
    const outcome = await tiktokProvider.publish(ctx, account, outgoing([clip(64 * 1024)]));
    expect(outcome).toEqual({
      ok: false,
      errorClass: "bad_body",
      message: "TikTok could not publish it: frame_rate_check_failed",
      hint: "TikTok takes videos of 23 to 60 frames per second. Export it again and publish.",
    });
  });

  it("retries when the connection breaks before the upload is complete (nothing can be published yet)", async () => {
    const size = 2 * TIKTOK_CHUNK_BYTES;
    const fake = fakeTikTok({
      "POST /v2/post/publish/creator_info/query/": creatorInfo(),
      "POST /v2/post/publish/video/init/": authed(() => ok({ publish_id: "v_pub_file~v2-1.7380080137", upload_url: UPLOAD_URL })),
      "PUT upload": () => "lost",
    });
    const { ctx } = context(fake, {}, { 41: mp4(30, size) });
    const outcome = await tiktokProvider.publish(ctx, account, outgoing([clip(size)]));
    expect(outcome).toMatchObject({ ok: false, errorClass: "retry", message: "The upload to TikTok was interrupted (Network connection lost.)" });
    expect(fake.calls("POST /v2/post/publish/status/fetch/")).toBe(0);
  });

  it("asks TikTok how the post went when the answer to the last chunk is lost, instead of resending", async () => {
    const fake = fakeTikTok({
      "POST /v2/post/publish/creator_info/query/": creatorInfo(),
      "POST /v2/post/publish/video/init/": authed(() => ok({ publish_id: "v_pub_file~v2-1.7380080137", upload_url: UPLOAD_URL })),
      "PUT upload": () => "lost",
      "POST /v2/post/publish/status/fetch/": [() => "lost", complete],
    });
    const { ctx } = context(fake);
    const outcome = await tiktokProvider.publish(ctx, account, outgoing([clip(64 * 1024)]));
    expect(outcome).toMatchObject({ ok: true, id: "7380080137682881835" });
    expect(fake.calls("PUT upload")).toBe(1);
  });

  it("leaves the outcome unknown when TikTok is still processing after ten minutes", async () => {
    const fake = fakeTikTok({
      "POST /v2/post/publish/creator_info/query/": creatorInfo(),
      "POST /v2/post/publish/video/init/": authed(() => ok({ publish_id: "v_pub_file~v2-1.7380080137", upload_url: UPLOAD_URL })),
      "PUT upload": () => new Response(null, { status: 201 }),
      "POST /v2/post/publish/status/fetch/": status("PROCESSING_UPLOAD"),
    });
    const { ctx, elapsed } = context(fake);
    const outcome = await tiktokProvider.publish(ctx, account, outgoing([clip(64 * 1024)]));
    expect(outcome).toMatchObject({ ok: false, unknown: true, receipt: "v_pub_file~v2-1.7380080137" });
    expect((outcome as { message: string }).message).toContain("TikTok had not finished publishing after 10 minutes");
    expect(elapsed()).toBeLessThanOrEqual(TIKTOK_POLL_BUDGET_MS);
    expect(elapsed()).toBeGreaterThan(TIKTOK_POLL_BUDGET_MS - 20_000);
  });

  it("treats a lost answer to a pulled post's init as unknown: TikTok may have the post", async () => {
    const fake = fakeTikTok({ "POST /v2/post/publish/creator_info/query/": creatorInfo(), "POST /v2/post/publish/video/init/": () => "lost" });
    const { ctx } = context(fake, { TIKTOK_PULL_FROM_URL: "true" });
    const outcome = await tiktokProvider.publish(ctx, account, outgoing([clip(8 * MB)]));
    expect(outcome).toMatchObject({ ok: false, unknown: true });
  });
});

describe("TikTok's errors, as our classes", () => {
  const publishAnswering = async (answer: Handler) => {
    const fake = fakeTikTok({ "POST /v2/post/publish/creator_info/query/": creatorInfo(), "POST /v2/post/publish/video/init/": answer });
    const { ctx } = context(fake);
    return tiktokProvider.publish(ctx, account, outgoing([clip(64 * 1024)]));
  };

  it("asks for a refresh on access_token_invalid", async () => {
    const fake = fakeTikTok({ "POST /v2/post/publish/creator_info/query/": () => fail(401, "access_token_invalid", "The access token is invalid or not found in the request.") });
    const { ctx } = context(fake);
    expect(await tiktokProvider.publish(ctx, account, outgoing([clip(64 * 1024)]))).toEqual({
      ok: false,
      errorClass: "refresh_token",
      message: "access_token_invalid: The access token is invalid or not found in the request. (log_id 202612021000ERR)",
    });
  });

  it("retries on rate_limit_exceeded after Retry-After, or after TikTok's minute without it", async () => {
    expect(await publishAnswering(() => fail(429, "rate_limit_exceeded", "API rate limit was exceeded.", { "retry-after": "17" }))).toMatchObject({ errorClass: "retry", retryAfterMs: 17_000 });
    expect(await publishAnswering(() => fail(429, "rate_limit_exceeded", "API rate limit was exceeded."))).toMatchObject({ errorClass: "retry", retryAfterMs: 60_000 });
  });

  it("retries on TikTok's internal_error", async () => {
    expect(await publishAnswering(() => fail(500, "internal_error", "Something went wrong."))).toMatchObject({ ok: false, errorClass: "retry", message: "500 internal_error: Something went wrong. (log_id 202612021000ERR)" });
  });

  it("fails with TikTok's own message on invalid_params", async () => {
    expect(await publishAnswering(() => fail(400, "invalid_params", "The title exceeds 2200 characters."))).toMatchObject({
      ok: false,
      errorClass: "bad_body",
      message: "400 invalid_params: The title exceeds 2200 characters. (log_id 202612021000ERR)",
    });
  });

  it("fails with a hint on the spam and audit refusals", async () => {
    const tooMany = await publishAnswering(() => fail(403, "spam_risk_too_many_posts", "The user has reached the daily post cap."));
    expect(tooMany).toMatchObject({ errorClass: "bad_body", hint: "TikTok caps how many posts an account makes in a day. Schedule it for tomorrow." });
    const banned = await publishAnswering(() => fail(403, "spam_risk_user_banned_from_posting", "The user is banned from making new posts."));
    expect(banned).toMatchObject({ errorClass: "bad_body", message: expect.stringContaining("spam_risk_user_banned_from_posting"), hint: expect.stringContaining("stopped this account from posting") });
    const unaudited = await publishAnswering(() => fail(403, "unaudited_client_can_only_post_to_private_accounts", "Unaudited clients can only post to a private account."));
    expect(unaudited).toMatchObject({ errorClass: "bad_body", hint: expect.stringContaining("set the TikTok account to private") });
  });

  it("asks for reconnecting when a scope was not granted", async () => {
    expect(await publishAnswering(() => fail(401, "scope_not_authorized", "The user did not authorize the scope required."))).toMatchObject({ errorClass: "disconnect" });
  });

  it("retries when TikTok cannot be reached before the post exists", async () => {
    const fake = fakeTikTok({ "POST /v2/post/publish/creator_info/query/": () => "lost" });
    const { ctx } = context(fake);
    expect(await tiktokProvider.publish(ctx, account, outgoing([clip(64 * 1024)]))).toMatchObject({ ok: false, errorClass: "retry" });
  });
});

describe("TikTok tokens", () => {
  it("refreshes with the refresh_token grant, keeping what else the account holds", async () => {
    const fake = fakeTikTok({
      "POST /v2/oauth/token/": async (request) => {
        expect(Object.fromEntries(await request.formData())).toEqual({
          grant_type: "refresh_token",
          refresh_token: "rft.fernhill",
          client_key: "aw_fernhill_key",
          client_secret: "fernhill-secret",
        });
        return Response.json({ access_token: "act.second", expires_in: 86400, open_id: account.externalId, refresh_expires_in: 31536000, refresh_token: "rft.second", token_type: "Bearer" });
      },
    });
    const { ctx } = context(fake);
    expect(await tiktokProvider.refresh(ctx, account)).toEqual({
      ok: true,
      credentials: { accessToken: "act.second", refreshToken: "rft.second", extra: { openId: account.externalId } },
      expiresAt: NOW + 86_400_000,
    });
  });

  it("reports a refused refresh so the account is marked for reconnecting, and a network failure as transient", async () => {
    const refused = fakeTikTok({ "POST /v2/oauth/token/": () => Response.json({ error: "invalid_grant", error_description: "Refresh token is invalid or expired.", log_id: "L1" }, { status: 400 }) });
    expect(await tiktokProvider.refresh(context(refused).ctx, account)).toEqual({ ok: false, message: "invalid_grant: Refresh token is invalid or expired.", transient: false });
    const down = fakeTikTok({ "POST /v2/oauth/token/": () => "lost" });
    expect(await tiktokProvider.refresh(context(down).ctx, account)).toMatchObject({ ok: false, transient: true });
  });

  it("revokes the token at TikTok on disconnect", async () => {
    const fake = fakeTikTok({
      "POST /v2/oauth/revoke/": async (request) => {
        expect(Object.fromEntries(await request.formData())).toEqual({ client_key: "aw_fernhill_key", client_secret: "fernhill-secret", token: "act.fernhill" });
        return Response.json({});
      },
    });
    await tiktokProvider.revoke!(context(fake).ctx, account);
    expect(fake.calls("POST /v2/oauth/revoke/")).toBe(1);
  });
});

describe("verifying and measuring TikTok posts", () => {
  const listing = (videos: unknown[], hasMore = false) =>
    authed((_request, url) => {
      expect(url.searchParams.get("fields")).toBe("id,title,video_description,create_time,share_url");
      return ok({ videos, cursor: NOW - 3_600_000, has_more: hasMore });
    });

  it("finds a post made since the attempt by its caption", async () => {
    const fake = fakeTikTok({
      "POST /v2/video/list/": listing([
        { id: "7380000000000000002", title: "Something else", create_time: NOW / 1000 + 20 },
        { id: "7380000000000000001", title: "Fresh croissants every morning #bakery", create_time: NOW / 1000 + 10, share_url: "https://www.tiktok.com/@fernhill.bakery/video/7380000000000000001" },
      ]),
    });
    const found = await tiktokProvider.verify(context(fake).ctx, account, outgoing([clip(64 * 1024)]));
    expect(found).toEqual({ id: "7380000000000000001", url: "https://www.tiktok.com/@fernhill.bakery/video/7380000000000000001" });
    expect(JSON.parse(fake.seen[0]!.body)).toEqual({ max_count: 20 });
  });

  it("asks about a kept publish_id before the video list, so a private post is found too", async () => {
    const fake = fakeTikTok({ "POST /v2/post/publish/status/fetch/": complete });
    const found = await tiktokProvider.verify(context(fake).ctx, account, { ...outgoing([clip(64 * 1024)]), receipt: "v_pub_file~v2-1.7380080137" });
    expect(found).toEqual({ id: "7380080137682881835", url: "https://www.tiktok.com/@fernhill.bakery/video/7380080137682881835" });
    expect(fake.calls("POST /v2/video/list/")).toBe(0);
  });

  it("with a kept publish_id: FAILED is not published (safe to send), still processing is neither", async () => {
    const failed = fakeTikTok({ "POST /v2/post/publish/status/fetch/": status("FAILED", ',"fail_reason":"file_format_check_failed"') });
    expect(await tiktokProvider.verify(context(failed).ctx, account, { ...outgoing([clip(64 * 1024)]), receipt: "v_pub_file~v2-1.7380080137" })).toBeNull();
    const processing = fakeTikTok({ "POST /v2/post/publish/status/fetch/": status("PROCESSING_UPLOAD") });
    await expect(tiktokProvider.verify(context(processing).ctx, account, { ...outgoing([clip(64 * 1024)]), receipt: "v_pub_file~v2-1.7380080137" })).rejects.toThrow(/still processing/);
  });

  it("does not take an older post with the same caption for this one", async () => {
    const fake = fakeTikTok({ "POST /v2/video/list/": listing([{ id: "7370000000000000001", title: "Fresh croissants every morning #bakery", create_time: (NOW - 3_600_000) / 1000 }], true) });
    expect(await tiktokProvider.verify(context(fake).ctx, account, outgoing([clip(64 * 1024)]))).toBeNull();
    // The list is newest first: once past the attempt's time, it stops paging.
    expect(fake.calls("POST /v2/video/list/")).toBe(1);
  });

  it("reads views, likes, comments and shares from /v2/video/query/", async () => {
    const fake = fakeTikTok({
      "POST /v2/video/query/": authed(async (request, url) => {
        expect(url.searchParams.get("fields")).toBe("id,view_count,like_count,comment_count,share_count");
        expect(await request.json()).toEqual({ filters: { video_ids: ["7380080137682881835", "7380000000000000001"] } });
        return ok({
          videos: [
            { id: "7380080137682881835", view_count: 1520, like_count: 210, comment_count: 14, share_count: 9 },
            { id: "7380000000000000001", view_count: 48, like_count: 3, comment_count: 0, share_count: 0 },
          ],
        });
      }),
    });
    const figures = await tiktokProvider.metrics!(context(fake).ctx, account, ["7380080137682881835", "7380000000000000001", "v_pub_file~v2-1.1"]);
    expect(figures).toEqual({
      "7380080137682881835": { views: 1520, likes: 210, comments: 14, shares: 9 },
      "7380000000000000001": { views: 48, likes: 3, comments: 0, shares: 0 },
    });
  });
});
