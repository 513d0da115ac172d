import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { providerFor } from "../../worker/services/publishing/providers";
import type { Connector, OutgoingMedia, OutgoingPost, ProviderAccount, ProviderContext } from "../../worker/services/publishing/providers/types";
import {
  nextQuotaReset,
  youtubeDescription,
  YOUTUBE_CHUNK_BYTES,
  youtubeProvider,
  youtubeTags,
  youtubeTitle,
} from "../../worker/services/publishing/providers/youtube";
import { db } from "../factories";

/**
 * YouTube against a fake of Google's OAuth server and the Data API v3: each route checks the
 * method, path, headers and body as Google documents them (the resumable upload protocol
 * included: a session that keeps the bytes it received and answers 308 with their Range) and
 * answers Google's documented resources and `{ error: { code, message, errors: [{ reason }] } }`.
 */

const API = "https://www.googleapis.test";
const TOKEN_URL = "https://oauth2.googleapis.test/token";
const REVOKE_URL = "https://oauth2.googleapis.test/revoke";
const SESSION = `${API}/upload/youtube/v3/videos?uploadType=resumable&upload_id=xa298sd_f&part=snippet,status`;
const MB = 1024 * 1024;
const NOW = Date.UTC(2026, 11, 2, 10, 0, 0);
const VIDEO_ID = "dQw4w9WgXcQ";

type Answer = Response | "lost";
type Handler = (request: Request, url: URL) => Answer | Promise<Answer>;

function fakeGoogle(routes: Record<string, Handler | Handler[]>) {
  const counts = new Map<string, number>();
  const fetch: typeof globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const key = `${request.method} ${url.origin}${url.pathname}`.replace(API, "").replace("https://oauth2.googleapis.test", "oauth2");
    const route = routes[key];
    if (!route) throw new Error(`The fake Google has no ${key} (${request.url})`);
    const n = counts.get(key) ?? 0;
    counts.set(key, n + 1);
    const handler = Array.isArray(route) ? route[Math.min(n, route.length - 1)]! : route;
    const answer = await handler(request, url);
    if (answer === "lost") throw new TypeError("Network connection lost.");
    return answer;
  }) as typeof globalThis.fetch;
  return { fetch, calls: (key: string) => counts.get(key) ?? 0 };
}

const googleError = (code: number, reason: string, message: string, headers: Record<string, string> = {}) =>
  Response.json({ error: { code, message, errors: [{ message, domain: "youtube.video", reason }] } }, { status: code, headers });

const authed =
  (answer: Handler, token = "ya29.fernhill") =>
  (request: Request, url: URL) => {
    expect(request.headers.get("authorization")).toBe(`Bearer ${token}`);
    return answer(request, url);
  };

const videoResource = (id = VIDEO_ID, uploadStatus = "uploaded") =>
  Response.json({ kind: "youtube#video", id, snippet: { title: "Fresh croissants every morning" }, status: { uploadStatus, privacyStatus: "public" } });

/**
 * A resumable session as Google runs one: it keeps what arrives, answers 308 with the Range it
 * holds until the last byte, then the video. `breakAfter` keeps that many bytes of one PUT and
 * then drops the connection without an answer.
 */
function uploadSession(total: number, options: { breakOn?: number; keep?: number; failStatusQueries?: number; contentType?: string } = {}) {
  const received = new Uint8Array(total);
  let have = 0;
  let puts = 0;
  let statusFailures = options.failStatusQueries ?? 0;
  const ranges: string[] = [];
  const handler = authed(async (request, url) => {
    expect(url.searchParams.get("upload_id")).toBe("xa298sd_f");
    const range = request.headers.get("content-range");
    const body = new Uint8Array(await request.arrayBuffer());
    if (range === `bytes */${total}`) {
      ranges.push(range);
      expect(body.byteLength).toBe(0);
      if (statusFailures > 0) {
        statusFailures--;
        return "lost";
      }
      if (have === total) return videoResource();
      return new Response(null, { status: 308, headers: have ? { range: `bytes=0-${have - 1}` } : {} });
    }
    ranges.push(range ?? `(whole ${body.byteLength})`);
    expect(request.headers.get("content-type")).toBe(options.contentType ?? "video/mp4");
    const match = range ? /^bytes (\d+)-(\d+)\/(\d+)$/.exec(range) : null;
    const first = match ? Number(match[1]) : 0;
    const last = match ? Number(match[2]) : body.byteLength - 1;
    if (match) expect(Number(match[3])).toBe(total);
    expect(last - first + 1).toBe(body.byteLength);
    expect(first).toBe(have);
    puts++;
    if (puts === options.breakOn) {
      const kept = options.keep ?? 0;
      received.set(body.subarray(0, kept), first);
      have = first + kept;
      return "lost";
    }
    received.set(body, first);
    have = last + 1;
    if (have === total) return videoResource();
    return new Response(null, { status: 308, headers: { range: `bytes=0-${have - 1}` } });
  });
  return { handler, received, ranges };
}

const clip = (bytes: number, id = 61): OutgoingMedia => ({ uploadId: id, url: `/files/${id}`, kind: "video", contentType: "video/mp4", name: "croissants.mp4", bytes });

const filled = (size: number) => {
  const buffer = new Uint8Array(size);
  for (let i = 0; i < size; i += 4096) buffer[i] = (i / 4096) % 251;
  return buffer.buffer;
};

/** Compares big byte arrays by their SHA-256 (a deep equality over megabytes exhausts the test runtime). */
const digest = async (bytes: ArrayBuffer | Uint8Array<ArrayBuffer>) => [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");

const account: ProviderAccount = {
  externalId: "UC_x5XG1OV2P6uZZ5FSM9Ttw",
  handle: "fernhillbakery",
  credentials: { accessToken: "ya29.fernhill", refreshToken: "1//0gFernhill", extra: { channelId: "UC_x5XG1OV2P6uZZ5FSM9Ttw", uploadsPlaylistId: "UU_x5XG1OV2P6uZZ5FSM9Ttw" } },
};

const outgoing = (media: OutgoingMedia[], text = "Fresh croissants every morning\nBaked at five, gone by nine. #bakery #croissant"): OutgoingPost => ({
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
    env: {
      ...env,
      YOUTUBE_CLIENT_ID: "1234-fernhill.apps.googleusercontent.com",
      YOUTUBE_CLIENT_SECRET: "GOCSPX-fernhill",
      YOUTUBE_API_BASE: API,
      YOUTUBE_TOKEN_URL: TOKEN_URL,
      YOUTUBE_REVOKE_URL: REVOKE_URL,
      YOUTUBE_AUTH_BASE: "https://accounts.google.test",
      ...overrides,
    } as Env,
    now: () => clock,
    fetch: fake.fetch,
    sleep: async (ms) => {
      sleeps.push(ms);
      clock += ms;
    },
    readMedia: async (item) => media[item.uploadId] ?? filled(item.bytes),
  };
  return { ctx, sleeps };
}

const connector = () => youtubeProvider.connectors[0] as Extract<Connector, { kind: "oauth" }>;

const startsSession = (check?: (metadata: Record<string, unknown>, request: Request) => void) =>
  authed(async (request, url) => {
    expect(url.searchParams.get("uploadType")).toBe("resumable");
    expect(url.searchParams.get("part")).toBe("snippet,status");
    expect(request.headers.get("content-type")).toBe("application/json; charset=UTF-8");
    const metadata = (await request.json()) as Record<string, unknown>;
    check?.(metadata, request);
    return new Response(null, { status: 200, headers: { location: SESSION } });
  });

describe("connecting a YouTube channel", () => {
  it("is registered as the YouTube network", () => {
    expect(providerFor("youtube")).toBe(youtubeProvider);
    expect(connector()).toMatchObject({ id: "youtube", envPrefix: "YOUTUBE", label: "YouTube" });
  });

  it("sends the person to Google with offline access, consent, the upload and read scopes and an S256 challenge", () => {
    const url = new URL(
      connector().authorizeUrl(
        { app: { clientId: "1234-fernhill.apps.googleusercontent.com", clientSecret: "s" }, redirectUri: "https://app.brandwork.test/integrations/youtube/callback", state: "signed.state", codeChallenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM" },
        { ...env } as Env,
      ),
    );
    expect(url.origin + url.pathname).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: "1234-fernhill.apps.googleusercontent.com",
      redirect_uri: "https://app.brandwork.test/integrations/youtube/callback",
      response_type: "code",
      scope: "https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly",
      access_type: "offline",
      prompt: "consent",
      include_granted_scopes: "true",
      state: "signed.state",
      code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      code_challenge_method: "S256",
    });
  });

  it("exchanges the code and answers one account per channel, remembering its uploads playlist", async () => {
    const fake = fakeGoogle({
      "POST oauth2/token": async (request) => {
        expect(request.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
        expect(Object.fromEntries(await request.formData())).toEqual({
          code: "4/0Adeu5BW",
          grant_type: "authorization_code",
          redirect_uri: "https://app.brandwork.test/integrations/youtube/callback",
          code_verifier: "verifier-0123456789",
          client_id: "1234-fernhill.apps.googleusercontent.com",
          client_secret: "GOCSPX-fernhill",
        });
        return Response.json({ access_token: "ya29.fernhill", expires_in: 3599, refresh_token: "1//0gFernhill", scope: "https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly", token_type: "Bearer" });
      },
      "GET /youtube/v3/channels": authed((_request, url) => {
        expect(url.searchParams.get("part")).toBe("snippet,contentDetails");
        expect(url.searchParams.get("mine")).toBe("true");
        return Response.json({
          kind: "youtube#channelListResponse",
          items: [
            {
              kind: "youtube#channel",
              id: "UC_x5XG1OV2P6uZZ5FSM9Ttw",
              snippet: { title: "Fernhill Bakery", customUrl: "@fernhillbakery", thumbnails: { default: { url: "https://yt3.ggpht.test/fernhill=s88" } } },
              contentDetails: { relatedPlaylists: { likes: "", uploads: "UU_x5XG1OV2P6uZZ5FSM9Ttw" } },
            },
          ],
        });
      }),
    });
    const { ctx } = context(fake);
    const accounts = await connector().exchangeCode(ctx, {
      app: { clientId: "1234-fernhill.apps.googleusercontent.com", clientSecret: "GOCSPX-fernhill" },
      code: "4/0Adeu5BW",
      codeVerifier: "verifier-0123456789",
      redirectUri: "https://app.brandwork.test/integrations/youtube/callback",
    });
    expect(accounts).toEqual([
      {
        externalId: "UC_x5XG1OV2P6uZZ5FSM9Ttw",
        displayName: "Fernhill Bakery",
        handle: "fernhillbakery",
        avatarUrl: "https://yt3.ggpht.test/fernhill=s88",
        credentials: { accessToken: "ya29.fernhill", refreshToken: "1//0gFernhill", extra: { channelId: "UC_x5XG1OV2P6uZZ5FSM9Ttw", uploadsPlaylistId: "UU_x5XG1OV2P6uZZ5FSM9Ttw" } },
        expiresAt: NOW + 3_599_000,
        url: "https://www.youtube.com/channel/UC_x5XG1OV2P6uZZ5FSM9Ttw",
      },
    ]);
  });

  it("refuses a Google account without a channel, saying what to do", async () => {
    const fake = fakeGoogle({
      "POST oauth2/token": () => Response.json({ access_token: "ya29.fernhill", expires_in: 3599, refresh_token: "1//0g", token_type: "Bearer" }),
      "GET /youtube/v3/channels": authed(() => Response.json({ kind: "youtube#channelListResponse", items: [] })),
    });
    await expect(
      connector().exchangeCode(context(fake).ctx, { app: { clientId: "c", clientSecret: "s" }, code: "4/0", codeVerifier: "v", redirectUri: "https://app.brandwork.test/integrations/youtube/callback" }),
    ).rejects.toThrow("This Google account has no YouTube channel");
  });
});

describe("publishing to YouTube", () => {
  it("refuses a post without a video", async () => {
    const fake = fakeGoogle({});
    const outcome = await youtubeProvider.publish(context(fake).ctx, account, outgoing([]));
    expect(outcome).toMatchObject({ ok: false, errorClass: "bad_body", message: "YouTube posts need a video", hint: expect.stringContaining("Add a video") });
  });

  it("uploads a small video in one PUT after opening a resumable session with its metadata", async () => {
    const size = 3 * MB;
    const session = uploadSession(size);
    const fake = fakeGoogle({
      "POST /upload/youtube/v3/videos": startsSession((metadata, request) => {
        expect(request.headers.get("x-upload-content-length")).toBe(String(size));
        expect(request.headers.get("x-upload-content-type")).toBe("video/mp4");
        expect(metadata).toEqual({
          snippet: {
            title: "Fresh croissants every morning",
            description: "Fresh croissants every morning\nBaked at five, gone by nine. #bakery #croissant",
            tags: ["bakery", "croissant"],
            categoryId: "22",
          },
          status: { privacyStatus: "public", selfDeclaredMadeForKids: false },
        });
      }),
      "PUT /upload/youtube/v3/videos": session.handler,
    });
    const outcome = await youtubeProvider.publish(context(fake).ctx, account, outgoing([clip(size)]));
    expect(outcome).toEqual({ ok: true, id: VIDEO_ID, url: `https://www.youtube.com/watch?v=${VIDEO_ID}` });
    expect(session.ranges).toEqual([`(whole ${size})`]);
  });

  it("uploads a big video in chunks of multiples of 256 KiB, following the Range of each 308", async () => {
    const size = YOUTUBE_CHUNK_BYTES + 3 * MB + 17;
    const source = filled(size);
    const session = uploadSession(size);
    const fake = fakeGoogle({ "POST /upload/youtube/v3/videos": startsSession(), "PUT /upload/youtube/v3/videos": session.handler });
    const outcome = await youtubeProvider.publish(context(fake, {}, { 61: source }).ctx, account, outgoing([clip(size)]));
    expect(outcome).toMatchObject({ ok: true, id: VIDEO_ID });
    expect(YOUTUBE_CHUNK_BYTES % (256 * 1024)).toBe(0);
    expect(session.ranges).toEqual([`bytes 0-${YOUTUBE_CHUNK_BYTES - 1}/${size}`, `bytes ${YOUTUBE_CHUNK_BYTES}-${size - 1}/${size}`]);
    expect(await digest(session.received)).toBe(await digest(source));
  });

  it("resumes an upload whose connection broke from the bytes YouTube holds, instead of starting over", async () => {
    const size = YOUTUBE_CHUNK_BYTES + 1 * MB;
    const source = filled(size);
    // The first chunk's connection drops after 4 MiB arrived.
    const session = uploadSession(size, { breakOn: 1, keep: 4 * MB });
    const fake = fakeGoogle({ "POST /upload/youtube/v3/videos": startsSession(), "PUT /upload/youtube/v3/videos": session.handler });
    const { ctx, sleeps } = context(fake, {}, { 61: source });
    const outcome = await youtubeProvider.publish(ctx, account, outgoing([clip(size)]));
    expect(outcome).toMatchObject({ ok: true, id: VIDEO_ID });
    expect(session.ranges).toEqual([`bytes 0-${YOUTUBE_CHUNK_BYTES - 1}/${size}`, `bytes */${size}`, `bytes ${4 * MB}-${size - 1}/${size}`]);
    expect(await digest(session.received)).toBe(await digest(source));
    expect(fake.calls("POST /upload/youtube/v3/videos")).toBe(1);
    expect(sleeps).toEqual([1_000]);
  });

  it("asks the session after a 503 and resumes where it stands", async () => {
    const size = 2 * MB;
    const session = uploadSession(size);
    const fake = fakeGoogle({
      "POST /upload/youtube/v3/videos": startsSession(),
      "PUT /upload/youtube/v3/videos": [authed(() => new Response("Service Unavailable", { status: 503 })), session.handler],
    });
    const outcome = await youtubeProvider.publish(context(fake).ctx, account, outgoing([clip(size)]));
    expect(outcome).toMatchObject({ ok: true, id: VIDEO_ID });
    expect(session.ranges).toEqual([`bytes */${size}`, `(whole ${size})`]);
  });

  it("takes the video when the answer to the last bytes is lost but the session says it is complete", async () => {
    const size = 2 * MB;
    const session = uploadSession(size, { breakOn: 1, keep: 2 * MB });
    const fake = fakeGoogle({ "POST /upload/youtube/v3/videos": startsSession(), "PUT /upload/youtube/v3/videos": session.handler });
    const outcome = await youtubeProvider.publish(context(fake).ctx, account, outgoing([clip(size)]));
    expect(outcome).toEqual({ ok: true, id: VIDEO_ID, url: `https://www.youtube.com/watch?v=${VIDEO_ID}` });
    expect(session.ranges).toEqual([`(whole ${size})`, `bytes */${size}`]);
  });

  it("leaves the outcome unknown when the last bytes went out and YouTube cannot be asked how it ended", async () => {
    const size = 2 * MB;
    const session = uploadSession(size, { breakOn: 1, keep: 2 * MB, failStatusQueries: 10 });
    const fake = fakeGoogle({ "POST /upload/youtube/v3/videos": startsSession(), "PUT /upload/youtube/v3/videos": session.handler });
    const { ctx, sleeps } = context(fake);
    const outcome = await youtubeProvider.publish(ctx, account, outgoing([clip(size)]));
    expect(outcome).toMatchObject({ ok: false, unknown: true });
    expect(sleeps).toEqual([1_000, 2_000, 4_000, 8_000]);
  });

  it("retries when the connection breaks mid-upload and the session cannot be reached (no video exists yet)", async () => {
    const size = YOUTUBE_CHUNK_BYTES + MB;
    const session = uploadSession(size, { breakOn: 1, keep: MB, failStatusQueries: 10 });
    const fake = fakeGoogle({ "POST /upload/youtube/v3/videos": startsSession(), "PUT /upload/youtube/v3/videos": session.handler });
    expect(await youtubeProvider.publish(context(fake).ctx, account, outgoing([clip(size)]))).toMatchObject({ ok: false, errorClass: "retry" });
  });

  it("retries from the start when the upload session has expired", async () => {
    const fake = fakeGoogle({ "POST /upload/youtube/v3/videos": startsSession(), "PUT /upload/youtube/v3/videos": authed(() => new Response("Not Found", { status: 404 })) });
    expect(await youtubeProvider.publish(context(fake).ctx, account, outgoing([clip(MB)]))).toMatchObject({ ok: false, errorClass: "retry", message: expect.stringContaining("session expired") });
  });

  it("uploads unlisted or private when YOUTUBE_PRIVACY says so", async () => {
    let privacy = "";
    const fake = fakeGoogle({
      "POST /upload/youtube/v3/videos": startsSession((metadata) => {
        privacy = (metadata.status as { privacyStatus: string }).privacyStatus;
      }),
      "PUT /upload/youtube/v3/videos": uploadSession(MB).handler,
    });
    await youtubeProvider.publish(context(fake, { YOUTUBE_PRIVACY: "unlisted" }).ctx, account, outgoing([clip(MB)]));
    expect(privacy).toBe("unlisted");
  });

  it("fails with YouTube's reason when it rejects the uploaded video", async () => {
    const fake = fakeGoogle({ "POST /upload/youtube/v3/videos": startsSession(), "PUT /upload/youtube/v3/videos": authed(() => videoResource(VIDEO_ID, "rejected")) });
    expect(await youtubeProvider.publish(context(fake).ctx, account, outgoing([clip(MB)]))).toMatchObject({ ok: false, errorClass: "bad_body", message: "YouTube rejected the video: rejected" });
  });
});

describe("YouTube's metadata rules", () => {
  it("makes a title of at most 100 characters from the post's title or first line, without < or >", () => {
    expect(youtubeTitle({ ...outgoing([]), title: "Our <best> croissants" })).toBe("Our best croissants");
    expect(youtubeTitle(outgoing([], "\n  First line wins\nsecond line"))).toBe("First line wins");
    const long = "é".repeat(150);
    expect(Array.from(youtubeTitle(outgoing([], long)))).toHaveLength(100);
    expect(youtubeTitle(outgoing([], "#"), clip(1))).toBe("#");
    expect(youtubeTitle(outgoing([], ""), clip(1))).toBe("croissants");
  });

  it("keeps the description within 5,000 bytes without cutting a character", () => {
    const description = youtubeDescription(outgoing([], "🥐".repeat(1_300)));
    expect(new TextEncoder().encode(description).length).toBe(5_000);
    expect(description).toBe("🥐".repeat(1_250));
  });

  it("makes tags of the hashtags, each once", () => {
    expect(youtubeTags(outgoing([], "#Bakery news #bakery and #croissant_day, not a#tag"))).toEqual(["Bakery", "croissant_day"]);
  });

  it("waits for the quota until midnight Pacific time, daylight saving included", () => {
    // 02:00 PST on 2 December: midnight PST is 08:00 UTC the next day.
    expect(new Date(nextQuotaReset(Date.UTC(2026, 11, 2, 10, 0))).toISOString()).toBe("2026-12-03T08:00:00.000Z");
    // 23:59 PDT on 30 June: a minute to go.
    expect(new Date(nextQuotaReset(Date.UTC(2026, 6, 1, 6, 59))).toISOString()).toBe("2026-07-01T07:00:00.000Z");
    // 01:00 PST on 8 March 2026, the day clocks go forward: the next midnight is in daylight time.
    expect(new Date(nextQuotaReset(Date.UTC(2026, 2, 8, 9, 0))).toISOString()).toBe("2026-03-09T07:00:00.000Z");
    // 01:30 on 1 November 2026, the day clocks go back: the next midnight is in standard time.
    expect(new Date(nextQuotaReset(Date.UTC(2026, 10, 1, 8, 30))).toISOString()).toBe("2026-11-02T08:00:00.000Z");
  });
});

describe("YouTube's errors, as our classes", () => {
  const publishAnswering = async (answer: Handler) => {
    const fake = fakeGoogle({ "POST /upload/youtube/v3/videos": answer });
    return youtubeProvider.publish(context(fake).ctx, account, outgoing([clip(MB)]));
  };

  it("asks for a refresh on 401 authError", async () => {
    expect(await publishAnswering(() => googleError(401, "authError", "Invalid Credentials"))).toEqual({ ok: false, errorClass: "refresh_token", message: "401 authError: Invalid Credentials" });
  });

  it("fails with YouTube's message on 400 invalidTitle and invalidDescription", async () => {
    expect(await publishAnswering(() => googleError(400, "invalidTitle", "The request metadata specifies an invalid video title."))).toMatchObject({
      errorClass: "bad_body",
      message: "400 invalidTitle: The request metadata specifies an invalid video title.",
      hint: expect.stringContaining("title"),
    });
    expect(await publishAnswering(() => googleError(400, "invalidDescription", "The request metadata specifies an invalid video description."))).toMatchObject({ errorClass: "bad_body" });
  });

  it("fails with a hint on 403 forbidden", async () => {
    expect(await publishAnswering(() => googleError(403, "forbidden", "Access forbidden. The request may not be properly authorized."))).toMatchObject({
      errorClass: "bad_body",
      hint: expect.stringContaining("YouTube Studio"),
    });
  });

  it("waits until the quota resets at midnight Pacific on quotaExceeded and uploadLimitExceeded", async () => {
    const reset = Date.UTC(2026, 11, 3, 8, 0) - NOW;
    expect(await publishAnswering(() => googleError(403, "quotaExceeded", "The request cannot be completed because you have exceeded your quota."))).toMatchObject({ errorClass: "retry", retryAfterMs: reset });
    expect(await publishAnswering(() => googleError(400, "uploadLimitExceeded", "The user has exceeded the number of videos they may upload."))).toMatchObject({ errorClass: "retry", retryAfterMs: reset });
  });

  it("retries after Retry-After on 429, and on 5xx", async () => {
    expect(await publishAnswering(() => googleError(429, "rateLimitExceeded", "Too many requests.", { "retry-after": "30" }))).toMatchObject({ errorClass: "retry", retryAfterMs: 30_000 });
    expect(await publishAnswering(() => googleError(503, "backendError", "Backend Error"))).toMatchObject({ errorClass: "retry", message: "503 backendError: Backend Error" });
  });

  it("retries when Google cannot be reached to open the session", async () => {
    expect(await publishAnswering(() => "lost")).toMatchObject({ ok: false, errorClass: "retry" });
  });
});

describe("YouTube tokens", () => {
  it("refreshes with the refresh_token grant and keeps the refresh token Google does not resend", async () => {
    const fake = fakeGoogle({
      "POST oauth2/token": async (request) => {
        expect(Object.fromEntries(await request.formData())).toEqual({
          grant_type: "refresh_token",
          refresh_token: "1//0gFernhill",
          client_id: "1234-fernhill.apps.googleusercontent.com",
          client_secret: "GOCSPX-fernhill",
        });
        return Response.json({ access_token: "ya29.second", expires_in: 3599, scope: "https://www.googleapis.com/auth/youtube.upload", token_type: "Bearer" });
      },
    });
    expect(await youtubeProvider.refresh(context(fake).ctx, account)).toEqual({
      ok: true,
      credentials: { ...account.credentials, accessToken: "ya29.second", refreshToken: "1//0gFernhill" },
      expiresAt: NOW + 3_599_000,
    });
  });

  it("reports invalid_grant as refused, so the channel needs reconnecting", async () => {
    const fake = fakeGoogle({ "POST oauth2/token": () => Response.json({ error: "invalid_grant", error_description: "Token has been expired or revoked." }, { status: 400 }) });
    expect(await youtubeProvider.refresh(context(fake).ctx, account)).toEqual({ ok: false, message: "invalid_grant: Token has been expired or revoked.", transient: false });
  });

  it("revokes the grant at Google on disconnect", async () => {
    const fake = fakeGoogle({
      "POST oauth2/revoke": async (request) => {
        expect(request.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
        expect(Object.fromEntries(await request.formData())).toEqual({ token: "1//0gFernhill" });
        return new Response(null, { status: 200 });
      },
    });
    await youtubeProvider.revoke!(context(fake).ctx, account);
    expect(fake.calls("POST oauth2/revoke")).toBe(1);
  });
});

describe("verifying and measuring YouTube uploads", () => {
  const uploads = (items: { title: string; publishedAt: string; videoId: string }[]) =>
    authed((_request, url) => {
      expect(Object.fromEntries(url.searchParams)).toEqual({ part: "snippet", playlistId: "UU_x5XG1OV2P6uZZ5FSM9Ttw", maxResults: "50" });
      return Response.json({
        kind: "youtube#playlistItemListResponse",
        items: items.map((item) => ({ kind: "youtube#playlistItem", snippet: { title: item.title, publishedAt: item.publishedAt, resourceId: { kind: "youtube#video", videoId: item.videoId } } })),
      });
    });

  it("finds the upload made since the attempt by its title", async () => {
    const fake = fakeGoogle({
      "GET /youtube/v3/playlistItems": uploads([
        { title: "Fresh croissants every morning", publishedAt: new Date(NOW + 45_000).toISOString(), videoId: VIDEO_ID },
        { title: "Sourdough starter", publishedAt: new Date(NOW - 86_400_000).toISOString(), videoId: "older000001" },
      ]),
    });
    expect(await youtubeProvider.verify(context(fake).ctx, account, outgoing([clip(MB)]))).toEqual({ id: VIDEO_ID, url: `https://www.youtube.com/watch?v=${VIDEO_ID}` });
  });

  it("does not take an older upload with the same title", async () => {
    const fake = fakeGoogle({ "GET /youtube/v3/playlistItems": uploads([{ title: "Fresh croissants every morning", publishedAt: new Date(NOW - 86_400_000).toISOString(), videoId: "older000001" }]) });
    expect(await youtubeProvider.verify(context(fake).ctx, account, outgoing([clip(MB)]))).toBeNull();
  });

  it("reads views, likes and comments from videos.list statistics", async () => {
    const fake = fakeGoogle({
      "GET /youtube/v3/videos": authed((_request, url) => {
        expect(Object.fromEntries(url.searchParams)).toEqual({ part: "statistics", id: `${VIDEO_ID},older000001` });
        return Response.json({
          kind: "youtube#videoListResponse",
          items: [
            { kind: "youtube#video", id: VIDEO_ID, statistics: { viewCount: "1520", likeCount: "98", favoriteCount: "0", commentCount: "12" } },
            { kind: "youtube#video", id: "older000001", statistics: { viewCount: "7", likeCount: "1", favoriteCount: "0", commentCount: "0" } },
          ],
        });
      }),
    });
    expect(await youtubeProvider.metrics!(context(fake).ctx, account, [VIDEO_ID, "older000001"])).toEqual({
      [VIDEO_ID]: { views: 1520, likes: 98, comments: 12 },
      older000001: { views: 7, likes: 1, comments: 0 },
    });
  });
});
