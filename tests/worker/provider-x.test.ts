import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TokenRequestFailed } from "../../worker/services/publishing/providers/http";
import { providerFor } from "../../worker/services/publishing/providers";
import type { OutgoingMedia, OutgoingPost, ProviderAccount, ProviderContext } from "../../worker/services/publishing/providers/types";
import { xProvider } from "../../worker/services/publishing/providers/x";
import { bytesOf, fakeNetwork, reply, type FakeNetwork } from "../fake-network";
import { db } from "../factories";

/**
 * X against a fake of api.x.com that checks each request as docs.x.com documents it (OAuth 2.0
 * with PKCE, POST /2/tweets, the v2 media upload, the users' timelines and tweet lookup) and
 * answers with X's documented responses and RFC 7807 problems.
 */

const NOW = Date.parse("2026-03-01T12:00:00Z");
const API = "https://api.x.com";
const BASIC = `Basic ${btoa("x-client:x-secret")}`;

let net: FakeNetwork;
let slept: number[];
let media: Record<number, ArrayBuffer>;

beforeEach(() => {
  net = fakeNetwork();
  slept = [];
  media = {};
});
afterEach(() => expect(net.unexpected).toEqual([]));

const context = (): ProviderContext => ({
  db,
  env: { ...env, X_CLIENT_ID: "x-client", X_CLIENT_SECRET: "x-secret" } as Env,
  now: () => NOW,
  fetch: net.fetch,
  sleep: async (ms) => void slept.push(ms),
  readMedia: async (item) => media[item.uploadId]!,
});

const account: ProviderAccount = { externalId: "2244994945", handle: "brandwork", credentials: { accessToken: "x-access", refreshToken: "x-refresh" } };
const post = (thread: string[], extra: Partial<OutgoingPost> = {}): OutgoingPost => ({ thread, media: [], idempotencyKey: "key-1", notBefore: NOW - 60_000, ...extra });
const image = (uploadId: number, bytes: number, contentType = "image/png"): OutgoingMedia => ({ uploadId, url: `/files/${uploadId}`, kind: "image", contentType, name: `photo-${uploadId}.png`, bytes });

/** X's answer to POST /2/tweets (201 Created). */
const created = (id: string, text: string) => reply(201, { data: { id, text, edit_history_tweet_ids: [id] } });

describe("connecting an X account", () => {
  it("sends the person to X's consent screen with PKCE (S256), the scopes and the signed state", () => {
    const connector = xProvider.connectors[0]!;
    expect(connector).toMatchObject({ kind: "oauth", id: "x", envPrefix: "X" });
    if (connector.kind !== "oauth") throw new Error("oauth expected");
    const url = new URL(
      connector.authorizeUrl({ app: { clientId: "x-client", clientSecret: "x-secret" }, redirectUri: "https://app.example/integrations/x/callback", state: "signed.state", codeChallenge: "challenge123" }, env),
    );
    expect(`${url.origin}${url.pathname}`).toBe("https://x.com/i/oauth2/authorize");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: "code",
      client_id: "x-client",
      redirect_uri: "https://app.example/integrations/x/callback",
      scope: "tweet.read tweet.write users.read offline.access media.write",
      state: "signed.state",
      code_challenge: "challenge123",
      code_challenge_method: "S256",
    });
    // Spaces as %20, as X's documentation writes the scope list.
    expect(url.search).toContain("scope=tweet.read%20tweet.write");
  });

  it("exchanges the code with HTTP Basic client authentication and names the account from /2/users/me", async () => {
    net.on("POST", `${API}/2/oauth2/token`, () => reply(200, { token_type: "bearer", expires_in: 7200, access_token: "new-access", scope: "tweet.read tweet.write users.read offline.access media.write", refresh_token: "new-refresh" }));
    net.on("GET", `${API}/2/users/me`, () => reply(200, { data: { id: "2244994945", name: "Brandwork", username: "brandwork", profile_image_url: "https://pbs.twimg.com/profile_images/1/a_normal.jpg" } }));
    const connector = xProvider.connectors[0]!;
    if (connector.kind !== "oauth") throw new Error("oauth expected");
    const accounts = await connector.exchangeCode(context(), { app: { clientId: "x-client", clientSecret: "x-secret" }, code: "the-code", codeVerifier: "the-verifier", redirectUri: "https://app.example/integrations/x/callback" });

    const [token, me] = net.requests;
    expect(token!.headers.get("authorization")).toBe(BASIC);
    expect(token!.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(token!.form!)).toEqual({ grant_type: "authorization_code", code: "the-code", redirect_uri: "https://app.example/integrations/x/callback", code_verifier: "the-verifier" });
    expect(me!.headers.get("authorization")).toBe("Bearer new-access");
    expect(me!.url.searchParams.get("user.fields")).toBe("profile_image_url");
    expect(accounts).toEqual([
      {
        externalId: "2244994945",
        displayName: "Brandwork",
        handle: "brandwork",
        avatarUrl: "https://pbs.twimg.com/profile_images/1/a_normal.jpg",
        credentials: { accessToken: "new-access", refreshToken: "new-refresh" },
        expiresAt: NOW + 7_200_000,
      },
    ]);
  });

  it("refuses a code X does not accept, in X's words", async () => {
    net.on("POST", `${API}/2/oauth2/token`, () => reply(400, { error: "invalid_request", error_description: "Value passed for the authorization code was invalid." }));
    const connector = xProvider.connectors[0]!;
    if (connector.kind !== "oauth") throw new Error("oauth expected");
    const exchange = connector.exchangeCode(context(), { app: { clientId: "x-client", clientSecret: "x-secret" }, code: "stale", codeVerifier: "v", redirectUri: "https://app.example/integrations/x/callback" });
    await expect(exchange).rejects.toBeInstanceOf(TokenRequestFailed);
    await expect(exchange).rejects.toThrow("Value passed for the authorization code was invalid.");
  });

  it("is the provider the publisher finds for X", () => {
    expect(providerFor("x")).toBe(xProvider);
  });
});

describe("publishing to X", () => {
  it("publishes a text as one post and answers its id and its address on x.com", async () => {
    net.on("POST", `${API}/2/tweets`, () => created("1880000000000000001", "Spring collection is here"));
    const outcome = await xProvider.publish(context(), account, post(["Spring collection is here"]));
    expect(outcome).toEqual({ ok: true, id: "1880000000000000001", url: "https://x.com/brandwork/status/1880000000000000001" });
    const [request] = net.requests;
    expect(request!.headers.get("authorization")).toBe("Bearer x-access");
    expect(request!.headers.get("content-type")).toBe("application/json");
    expect(request!.json).toEqual({ text: "Spring collection is here" });
  });

  it("uploads an image and a video through the v2 upload, waits for the video's processing, and attaches both", async () => {
    media[1] = bytesOf(1_000);
    media[2] = bytesOf(4 * 1024 * 1024 + 10);
    const video: OutgoingMedia = { uploadId: 2, url: "/files/2", kind: "video", contentType: "video/mp4", name: "teaser.mp4", bytes: 4 * 1024 * 1024 + 10 };
    net.on("POST", `${API}/2/media/upload/initialize`, () => reply(200, { data: { id: "710511363345354753", media_key: "3_710511363345354753", expires_after_secs: 86400 } }));
    net.always("POST", `${API}/2/media/upload/710511363345354753/append`, () => reply(200, { data: { expires_at: 1740000000 } }));
    net.on("POST", `${API}/2/media/upload/710511363345354753/finalize`, () => reply(200, { data: { id: "710511363345354753", media_key: "3_710511363345354753", size: 1000, expires_after_secs: 86400 } }));
    net.on("POST", `${API}/2/media/upload/initialize`, () => reply(200, { data: { id: "710511363345354754", media_key: "7_710511363345354754", expires_after_secs: 86400 } }));
    net.always("POST", `${API}/2/media/upload/710511363345354754/append`, () => reply(200, { data: { expires_at: 1740000000 } }));
    net.on("POST", `${API}/2/media/upload/710511363345354754/finalize`, () =>
      reply(200, { data: { id: "710511363345354754", media_key: "7_710511363345354754", processing_info: { state: "pending", check_after_secs: 3 } } }),
    );
    net.on("GET", `${API}/2/media/upload`, () => reply(200, { data: { id: "710511363345354754", processing_info: { state: "in_progress", check_after_secs: 5, progress_percent: 40 } } }));
    net.on("GET", `${API}/2/media/upload`, () => reply(200, { data: { id: "710511363345354754", processing_info: { state: "succeeded", progress_percent: 100 } } }));
    net.on("POST", `${API}/2/tweets`, () => created("1880000000000000002", "New season"));

    const outcome = await xProvider.publish(context(), account, post(["New season"], { media: [image(1, 1_000), video] }));
    expect(outcome).toMatchObject({ ok: true, id: "1880000000000000002" });

    const inits = net.to("POST", `${API}/2/media/upload/initialize`);
    expect(inits.map((r) => r.json)).toEqual([
      { media_type: "image/png", total_bytes: 1_000, media_category: "tweet_image" },
      { media_type: "video/mp4", total_bytes: 4 * 1024 * 1024 + 10, media_category: "tweet_video" },
    ]);
    const appends = net.to("POST", `${API}/2/media/upload/710511363345354754/append`);
    expect(appends.map((r) => r.multipart!.get("segment_index"))).toEqual(["0", "1"]);
    expect(((appends[0]!.multipart!.get("media") as File).size)).toBe(4 * 1024 * 1024);
    expect(((appends[1]!.multipart!.get("media") as File).size)).toBe(10);
    expect(appends[0]!.headers.get("authorization")).toBe("Bearer x-access");
    const statuses = net.to("GET", `${API}/2/media/upload`);
    expect(statuses.map((r) => Object.fromEntries(r.url.searchParams))).toEqual([
      { command: "STATUS", media_id: "710511363345354754" },
      { command: "STATUS", media_id: "710511363345354754" },
    ]);
    // As X asks: check_after_secs, then again.
    expect(slept).toEqual([3_000, 5_000]);
    expect(net.to("POST", `${API}/2/tweets`)[0]!.json).toEqual({ text: "New season", media: { media_ids: ["710511363345354753", "710511363345354754"] } });
  });

  it("fails with X's words when X cannot process the video, and posts nothing", async () => {
    media[2] = bytesOf(100);
    net.on("POST", `${API}/2/media/upload/initialize`, () => reply(200, { data: { id: "99", media_key: "7_99" } }));
    net.on("POST", `${API}/2/media/upload/99/append`, () => reply(200, { data: {} }));
    net.on("POST", `${API}/2/media/upload/99/finalize`, () => reply(200, { data: { id: "99", processing_info: { state: "pending", check_after_secs: 1 } } }));
    net.on("GET", `${API}/2/media/upload`, () => reply(200, { data: { id: "99", processing_info: { state: "failed", error: { code: 1, name: "InvalidMedia", message: "Unsupported video format" } } } }));
    const video: OutgoingMedia = { uploadId: 2, url: "/files/2", kind: "video", contentType: "video/mp4", name: "teaser.mp4", bytes: 100 };
    const outcome = await xProvider.publish(context(), account, post(["Watch"], { media: [video] }));
    expect(outcome).toMatchObject({ ok: false, errorClass: "bad_body", message: "X could not process teaser.mp4: Unsupported video format" });
    expect(net.to("POST", `${API}/2/tweets`)).toEqual([]);
  });

  it("posts a thread as replies, each to the part before", async () => {
    net.on("POST", `${API}/2/tweets`, () => created("101", "One"));
    net.on("POST", `${API}/2/tweets`, () => created("102", "Two"));
    net.on("POST", `${API}/2/tweets`, () => created("103", "Three"));
    const outcome = await xProvider.publish(context(), account, post(["One", "Two", "Three"]));
    expect(outcome).toEqual({ ok: true, id: "101", url: "https://x.com/brandwork/status/101" });
    expect(net.to("POST", `${API}/2/tweets`).map((r) => r.json)).toEqual([
      { text: "One" },
      { text: "Two", reply: { in_reply_to_tweet_id: "101" } },
      { text: "Three", reply: { in_reply_to_tweet_id: "102" } },
    ]);
  });

  it("says which parts of a thread are live when X refuses a later part, and does not resend them", async () => {
    net.on("POST", `${API}/2/tweets`, () => created("101", "One"));
    net.on("POST", `${API}/2/tweets`, () => reply(429, { title: "Too Many Requests", detail: "Too Many Requests", type: "about:blank", status: 429 }, { "x-rate-limit-reset": String(NOW / 1000 + 60) }));
    const outcome = await xProvider.publish(context(), account, post(["One", "Two", "Three"]));
    expect(outcome).toMatchObject({
      ok: false,
      errorClass: "bad_body",
      message: "only 1 of the 3 parts of the thread were published (https://x.com/brandwork/status/101); part 2 failed: 429 Too Many Requests",
      hint: "Finish the thread on X by replying to its last part, or delete it there and publish again.",
    });
    expect(net.to("POST", `${API}/2/tweets`)).toHaveLength(2);
  });
});

describe("X's failures, as the publisher's four classes", () => {
  const attempt = async (answer: Response) => {
    net.on("POST", `${API}/2/tweets`, () => answer);
    return xProvider.publish(context(), account, post(["Hello"]));
  };

  it("asks for a refresh when X answers 401", async () => {
    expect(await attempt(reply(401, { title: "Unauthorized", type: "about:blank", status: 401, detail: "Unauthorized" }))).toEqual({ ok: false, errorClass: "refresh_token", message: "401 Unauthorized" });
  });

  it("fails with X's own message on an invalid request", async () => {
    const outcome = await attempt(
      reply(400, {
        errors: [{ parameters: { text: ["x".repeat(300)] }, message: "The `text` field is too long." }],
        title: "Invalid Request",
        detail: "One or more parameters to your request was invalid.",
        type: "https://api.twitter.com/2/problems/invalid-request",
      }),
    );
    expect(outcome).toEqual({ ok: false, errorClass: "bad_body", message: "400 The `text` field is too long." });
  });

  it("refuses a duplicate post with a hint to change the text", async () => {
    const outcome = await attempt(reply(403, { detail: "You are not allowed to create a Tweet with duplicate content.", type: "about:blank", title: "Forbidden", status: 403 }));
    expect(outcome).toEqual({
      ok: false,
      errorClass: "bad_body",
      message: "403 You are not allowed to create a Tweet with duplicate content.",
      hint: "X refuses a post identical to one already on the account: change the text and schedule it again.",
    });
  });

  it("retries after X's rate-limit reset on 429", async () => {
    const outcome = await attempt(reply(429, { title: "Too Many Requests", detail: "Too Many Requests", type: "about:blank", status: 429 }, { "x-rate-limit-reset": String(NOW / 1000 + 900) }));
    expect(outcome).toEqual({ ok: false, errorClass: "retry", message: "429 Too Many Requests", retryAfterMs: 900_000 });
  });

  it("retries when X has a server error", async () => {
    expect(await attempt(reply(503, { title: "Service Unavailable", detail: "Service Unavailable", type: "about:blank", status: 503 }))).toMatchObject({ ok: false, errorClass: "retry", message: "503 Service Unavailable" });
  });

  it("reports an unknown outcome, never a failure, when the create gets no answer", async () => {
    net.on("POST", `${API}/2/tweets`, () => {
      throw new DOMException("The operation was aborted due to timeout", "TimeoutError");
    });
    const outcome = await xProvider.publish(context(), account, post(["Hello"]));
    expect(outcome).toMatchObject({ ok: false, unknown: true });
  });

  it("retries, without creating anything, when a media upload gets no answer", async () => {
    media[1] = bytesOf(10);
    net.on("POST", `${API}/2/media/upload/initialize`, () => {
      throw new TypeError("Network connection lost.");
    });
    const outcome = await xProvider.publish(context(), account, post(["Hello"], { media: [image(1, 10)] }));
    expect(outcome).toMatchObject({ ok: false, errorClass: "retry", message: "X did not answer while starting the upload of photo-1.png (Network connection lost.)" });
    expect(net.to("POST", `${API}/2/tweets`)).toEqual([]);
  });
});

describe("refreshing X tokens", () => {
  it("trades the refresh token for new, rotated tokens", async () => {
    net.on("POST", `${API}/2/oauth2/token`, () => reply(200, { token_type: "bearer", expires_in: 7200, access_token: "access-2", scope: "tweet.read", refresh_token: "refresh-2" }));
    const outcome = await xProvider.refresh(context(), account);
    expect(outcome).toEqual({ ok: true, credentials: { accessToken: "access-2", refreshToken: "refresh-2" }, expiresAt: NOW + 7_200_000 });
    const [request] = net.requests;
    expect(request!.headers.get("authorization")).toBe(BASIC);
    expect(Object.fromEntries(request!.form!)).toEqual({ grant_type: "refresh_token", refresh_token: "x-refresh" });
  });

  it("reports a refused refresh (the person revoked the app) so the account asks to be reconnected", async () => {
    net.on("POST", `${API}/2/oauth2/token`, () => reply(400, { error: "invalid_request", error_description: "Value passed for the token was invalid." }));
    expect(await xProvider.refresh(context(), account)).toEqual({ ok: false, message: "invalid_request: Value passed for the token was invalid.", transient: false });
  });

  it("keeps the tokens when X cannot be reached", async () => {
    net.on("POST", `${API}/2/oauth2/token`, () => reply(503, { title: "Service Unavailable" }));
    expect(await xProvider.refresh(context(), account)).toMatchObject({ ok: false, transient: true });
  });
});

describe("verifying an unknown outcome on X", () => {
  it("finds the post among the account's posts since the attempt, even with X's t.co links and escapes", async () => {
    net.on("GET", `${API}/2/users/2244994945/tweets`, () =>
      reply(200, {
        data: [
          { id: "1880000000000000009", text: "Something else", edit_history_tweet_ids: ["1880000000000000009"] },
          { id: "1880000000000000010", text: "Shop &amp; save: https://t.co/AbCdEf https://t.co/media1", edit_history_tweet_ids: ["1880000000000000010"] },
        ],
        meta: { result_count: 2, newest_id: "1880000000000000010", oldest_id: "1880000000000000009" },
      }),
    );
    const found = await xProvider.verify(context(), account, post(["Shop & save: https://brandwork.example/spring"]));
    expect(found).toEqual({ id: "1880000000000000010", url: "https://x.com/brandwork/status/1880000000000000010" });
    const [request] = net.requests;
    expect(request!.headers.get("authorization")).toBe("Bearer x-access");
    expect(request!.url.searchParams.get("start_time")).toBe("2026-03-01T11:59:00Z");
  });

  it("answers not found when no post since the attempt has the text", async () => {
    net.on("GET", `${API}/2/users/2244994945/tweets`, () => reply(200, { data: [{ id: "1", text: "Another post" }], meta: { result_count: 1 } }));
    expect(await xProvider.verify(context(), account, post(["Shop & save"]))).toBeNull();
  });

  it("does not call a post missing when X would not list the timeline", async () => {
    net.on("GET", `${API}/2/users/2244994945/tweets`, () => reply(503, { title: "Service Unavailable" }));
    await expect(xProvider.verify(context(), account, post(["Shop & save"]))).rejects.toThrow("X could not list the account's posts");
  });
});

describe("X metrics and revocation", () => {
  it("reads impressions, likes, replies, reposts with quotes and bookmarks for published posts", async () => {
    net.on("GET", `${API}/2/tweets`, () =>
      reply(200, {
        data: [
          { id: "101", text: "One", public_metrics: { retweet_count: 3, reply_count: 2, like_count: 40, quote_count: 1, bookmark_count: 5, impression_count: 1200 } },
          { id: "102", text: "Two", public_metrics: { retweet_count: 0, reply_count: 0, like_count: 1, quote_count: 0, bookmark_count: 0, impression_count: 30 } },
        ],
      }),
    );
    const figures = await xProvider.metrics!(context(), account, ["101", "102"]);
    expect(figures).toEqual({ "101": { impressions: 1200, likes: 40, comments: 2, shares: 4, saves: 5 }, "102": { impressions: 30, likes: 1, comments: 0, shares: 0, saves: 0 } });
    expect(Object.fromEntries(net.requests[0]!.url.searchParams)).toEqual({ ids: "101,102", "tweet.fields": "public_metrics" });
  });

  it("revokes the access and refresh tokens at X on disconnect", async () => {
    net.always("POST", `${API}/2/oauth2/revoke`, () => reply(200, { revoked: true }));
    await xProvider.revoke!(context(), account);
    const calls = net.to("POST", `${API}/2/oauth2/revoke`);
    expect(calls.map((r) => Object.fromEntries(r.form!))).toEqual([
      { token: "x-access", token_type_hint: "access_token" },
      { token: "x-refresh", token_type_hint: "refresh_token" },
    ]);
    expect(calls.every((r) => r.headers.get("authorization") === BASIC)).toBe(true);
  });
});
