import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { analyticsDates, pinText, pinterestProvider } from "../../worker/services/publishing/providers/pinterest";
import type { OutgoingMedia, OutgoingPost, ProviderAccount, ProviderContext } from "../../worker/services/publishing/providers/types";
import { db } from "../factories";
import { form, json, scriptedNetwork } from "./scripted-network";

const API = "https://api.pinterest.com/v5";
const NOW = Date.UTC(2026, 11, 2, 9, 0);
const testEnv = { ...env, PINTEREST_CLIENT_ID: "pin-client", PINTEREST_CLIENT_SECRET: "pin-secret" } as Env;
const BASIC = `Basic ${btoa("pin-client:pin-secret")}`;

const connector = pinterestProvider.connectors[0]!;
if (connector.kind !== "oauth") throw new Error("Pinterest connects through OAuth");

const BOARD = "549755885175";
const account: ProviderAccount = { externalId: `1120590075:${BOARD}`, handle: "fernhill", credentials: { accessToken: "pina_access", refreshToken: "pinr_refresh" } };

function context(network: ReturnType<typeof scriptedNetwork>) {
  const slept: number[] = [];
  const ctx: ProviderContext = {
    db,
    env: testEnv,
    now: () => NOW,
    fetch: network.fetch,
    sleep: async (ms) => void slept.push(ms),
    readMedia: async (item) => new TextEncoder().encode(`bytes of ${item.name}`).buffer as ArrayBuffer,
    mediaUrl: async (item) => `https://media.brandwork.test${item.url}?sig=signed`,
  };
  return { ctx, slept };
}

const post = (text: string, media: OutgoingMedia[] = [], extra: Partial<OutgoingPost> = {}): OutgoingPost => ({ thread: [text], media, idempotencyKey: "key-1", notBefore: NOW - 60_000, ...extra });
const image = (n: number): OutgoingMedia => ({ uploadId: n, url: `/files/${n}`, kind: "image", contentType: "image/jpeg", name: `pin-${n}.jpg`, bytes: 20 });
const video: OutgoingMedia = { uploadId: 9, url: "/files/9", kind: "video", contentType: "video/mp4", name: "clip.mp4", bytes: 17 };

const bearer = (request: Request, token = "pina_access") => expect(request.headers.get("authorization")).toBe(`Bearer ${token}`);
const pinCreated = (id: string) => json({ id, created_at: "2026-12-02T09:00:01", board_id: BOARD, description: "…" }, 201);

describe("a pin's words", () => {
  it("takes the post's title, else its first line, within 100 characters, and the text as a 500-character description with its link", () => {
    const long = "x".repeat(600);
    expect(pinText({ thread: [`Autumn blend is here\nTaste it at https://fernhill.example/autumn. ${long}`] })).toEqual({
      title: "Autumn blend is here",
      description: `Autumn blend is here\nTaste it at https://fernhill.example/autumn. ${long}`.slice(0, 500),
      link: "https://fernhill.example/autumn",
    });
    expect(pinText({ thread: ["y".repeat(150)], title: "  Our pick  " })).toEqual({ title: "Our pick", description: "y".repeat(150) });
    expect(pinText({ thread: ["z".repeat(150)] }).title).toHaveLength(100);
  });

  it("asks for the last 90 days of analytics, in UTC dates, across a year's end too", () => {
    expect(analyticsDates(NOW)).toEqual({ start_date: "2026-09-04", end_date: "2026-12-02" });
    expect(analyticsDates(Date.UTC(2027, 0, 15, 23, 59))).toEqual({ start_date: "2026-10-18", end_date: "2027-01-15" });
  });
});

describe("connecting Pinterest", () => {
  it("sends the person to Pinterest's consent page with the pin scopes", () => {
    const url = new URL(connector.authorizeUrl({ app: { clientId: "pin-client", clientSecret: "pin-secret" }, redirectUri: "https://app.example/integrations/pinterest/callback", state: "signed-state", codeChallenge: "c" }, testEnv));
    expect(`${url.origin}${url.pathname}`).toBe("https://www.pinterest.com/oauth/");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: "pin-client",
      redirect_uri: "https://app.example/integrations/pinterest/callback",
      response_type: "code",
      scope: "boards:read,pins:read,pins:write,user_accounts:read",
      state: "signed-state",
    });
  });

  it("points at another Pinterest when the deployment configures one", () => {
    const url = connector.authorizeUrl({ app: { clientId: "a", clientSecret: "b" }, redirectUri: "https://app.example/cb", state: "s", codeChallenge: "c" }, { ...testEnv, PINTEREST_AUTH_BASE: "http://127.0.0.1:9876/" } as Env);
    expect(url.startsWith("http://127.0.0.1:9876/oauth/?")).toBe(true);
  });

  it("answers one account per board, across pages of boards, to choose the boards to pin to", async () => {
    const network = scriptedNetwork();
    network.expect(
      {
        method: "POST",
        url: `${API}/oauth/token`,
        check: (request, body) => {
          expect(request.headers.get("authorization")).toBe(BASIC);
          expect(request.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
          expect(form(body)).toEqual({ grant_type: "authorization_code", code: "the-code", redirect_uri: "https://app.example/integrations/pinterest/callback", continuous_refresh: "true" });
        },
        answer: json({ access_token: "pina_access", refresh_token: "pinr_refresh", response_type: "authorization_code", token_type: "bearer", expires_in: 2_592_000, refresh_token_expires_in: 5_184_000, scope: "boards:read,pins:read,pins:write,user_accounts:read" }),
      },
      { method: "GET", url: `${API}/user_account`, check: (request) => bearer(request), answer: json({ account_type: "BUSINESS", id: "1120590075", username: "fernhill", profile_image: "https://i.pinimg.com/fernhill.jpg", website_url: "https://fernhill.example" }) },
      { method: "GET", url: `${API}/boards?page_size=250`, check: (request) => bearer(request), answer: json({ items: [{ id: BOARD, name: "Recipes", privacy: "PUBLIC", owner: { username: "fernhill" } }], bookmark: "Y2JVSG81V2sxcmNHRlpWM1J5" }) },
      { method: "GET", url: `${API}/boards?page_size=250&bookmark=Y2JVSG81V2sxcmNHRlpWM1J5`, answer: json({ items: [{ id: "549755885176", name: "Shop", privacy: "PUBLIC" }], bookmark: null }) },
    );
    const { ctx } = context(network);
    const accounts = await connector.exchangeCode(ctx, { app: { clientId: "pin-client", clientSecret: "pin-secret" }, code: "the-code", codeVerifier: "unused", redirectUri: "https://app.example/integrations/pinterest/callback" });
    network.done();
    const shared = { handle: "fernhill", avatarUrl: "https://i.pinimg.com/fernhill.jpg", credentials: { accessToken: "pina_access", refreshToken: "pinr_refresh" }, expiresAt: NOW + 2_592_000_000, ownerExternalId: "1120590075", url: "https://www.pinterest.com/fernhill/" };
    expect(accounts).toEqual([
      { externalId: `1120590075:${BOARD}`, displayName: "fernhill · Recipes", ...shared },
      { externalId: "1120590075:549755885176", displayName: "fernhill · Shop", ...shared },
    ]);
  });

  it("tells the person to create a board first when they have none", async () => {
    const network = scriptedNetwork();
    network.expect(
      { method: "POST", url: `${API}/oauth/token`, answer: json({ access_token: "pina_access", refresh_token: "pinr_refresh", expires_in: 2_592_000 }) },
      { method: "GET", url: `${API}/user_account`, answer: json({ id: "1", username: "empty" }) },
      { method: "GET", url: `${API}/boards?page_size=250`, answer: json({ items: [], bookmark: null }) },
    );
    const { ctx } = context(network);
    await expect(connector.exchangeCode(ctx, { app: { clientId: "pin-client", clientSecret: "pin-secret" }, code: "c", codeVerifier: "v", redirectUri: "https://app.example/cb" })).rejects.toThrow("create one on Pinterest");
    network.done();
  });
});

describe("pinning", () => {
  it("refuses a pin without an image or a video, saying what to add, without calling Pinterest", async () => {
    const network = scriptedNetwork();
    const { ctx } = context(network);
    expect(await pinterestProvider.publish(ctx, account, post("Just words"))).toEqual({
      ok: false,
      errorClass: "bad_body",
      message: "A pin needs an image or a video",
      hint: "Add an image or a video to the post and schedule it again.",
    });
    expect(network.seen).toEqual([]);
  });

  it("pins an image on the account's board, with title, description and link, and links to the pin", async () => {
    const network = scriptedNetwork();
    network.expect({
      method: "POST",
      url: `${API}/pins`,
      check: (request, body) => {
        bearer(request);
        expect(request.headers.get("content-type")).toBe("application/json");
        expect(JSON.parse(body)).toEqual({
          board_id: BOARD,
          title: "Autumn blend",
          description: "Autumn blend\nOrder at https://fernhill.example/autumn",
          link: "https://fernhill.example/autumn",
          media_source: { source_type: "image_url", url: "https://media.brandwork.test/files/1?sig=signed" },
        });
      },
      answer: pinCreated("813744226420795884"),
    });
    const { ctx } = context(network);
    expect(await pinterestProvider.publish(ctx, account, post("Autumn blend\nOrder at https://fernhill.example/autumn", [image(1)]))).toEqual({
      ok: true,
      id: "813744226420795884",
      url: "https://www.pinterest.com/pin/813744226420795884/",
    });
    network.done();
  });

  it("pins several images as a carousel", async () => {
    const network = scriptedNetwork();
    network.expect({
      method: "POST",
      url: `${API}/pins`,
      check: (_request, body) =>
        expect(JSON.parse(body).media_source).toEqual({
          source_type: "multiple_image_urls",
          items: [1, 2, 3].map((n) => ({ url: `https://media.brandwork.test/files/${n}?sig=signed` })),
        }),
      answer: pinCreated("2"),
    });
    const { ctx } = context(network);
    expect(await pinterestProvider.publish(ctx, account, post("Three mugs", [image(1), image(2), image(3)], { title: "Mugs" }))).toMatchObject({ ok: true, id: "2" });
    network.done();
  });

  it("refuses a carousel of more than five images", async () => {
    const network = scriptedNetwork();
    const { ctx } = context(network);
    expect(await pinterestProvider.publish(ctx, account, post("Six", [1, 2, 3, 4, 5, 6].map(image)))).toMatchObject({ ok: false, errorClass: "bad_body", message: "A pin carousel takes 5 images at most" });
    expect(network.seen).toEqual([]);
  });

  function videoUpload(network: ReturnType<typeof scriptedNetwork>) {
    const fields = {
      "x-amz-date": "20261202T090000Z",
      "x-amz-signature": "3e8e4a6f",
      "x-amz-security-token": "IQoJb3JpZ2lu",
      "x-amz-algorithm": "AWS4-HMAC-SHA256",
      key: "uploads/12/34/clip",
      policy: "eyJleHBpcmF0aW9uIjoi",
      "x-amz-credential": "ASIA/20261202/us-east-1/s3/aws4_request",
      "Content-Type": "multipart/form-data",
    };
    network.expect(
      {
        method: "POST",
        url: `${API}/media`,
        check: (request, body) => {
          bearer(request);
          expect(JSON.parse(body)).toEqual({ media_type: "video" });
        },
        answer: json({ media_id: "5172380087", media_type: "video", upload_url: "https://pinterest-media-upload.s3-accelerate.amazonaws.com/", upload_parameters: fields }, 201),
      },
      {
        method: "POST",
        url: "https://pinterest-media-upload.s3-accelerate.amazonaws.com/",
        check: async (request) => {
          expect(request.headers.get("authorization")).toBeNull();
          const sent = await request.formData();
          expect([...sent.keys()]).toEqual([...Object.keys(fields), "file"]);
          for (const [name, value] of Object.entries(fields)) expect(sent.get(name)).toBe(value);
          const file = sent.get("file") as File;
          expect(await file.text()).toBe("bytes of clip.mp4");
        },
        answer: new Response(null, { status: 204 }),
      },
      { method: "GET", url: `${API}/media/5172380087`, check: (request) => bearer(request), answer: json({ media_id: "5172380087", media_type: "video", status: "registered" }) },
      { method: "GET", url: `${API}/media/5172380087`, answer: json({ media_id: "5172380087", media_type: "video", status: "processing" }) },
      { method: "GET", url: `${API}/media/5172380087`, answer: json({ media_id: "5172380087", media_type: "video", status: "succeeded" }) },
    );
  }

  it("uploads a video to the form Pinterest gives, waits until it is processed, then pins it from its first frame", async () => {
    const network = scriptedNetwork();
    videoUpload(network);
    network.expect({
      method: "POST",
      url: `${API}/pins`,
      check: (_request, body) => expect(JSON.parse(body).media_source).toEqual({ source_type: "video_id", media_id: "5172380087", cover_image_key_frame_time: 0 }),
      answer: pinCreated("3"),
    });
    const { ctx, slept } = context(network);
    expect(await pinterestProvider.publish(ctx, account, post("How we roast", [video]))).toMatchObject({ ok: true, id: "3" });
    network.done();
    expect(slept).toEqual([3_000, 3_000]);
  });

  it("covers a video pin with the post's image", async () => {
    const network = scriptedNetwork();
    videoUpload(network);
    network.expect({
      method: "POST",
      url: `${API}/pins`,
      check: (_request, body) => expect(JSON.parse(body).media_source).toEqual({ source_type: "video_id", media_id: "5172380087", cover_image_url: "https://media.brandwork.test/files/1?sig=signed" }),
      answer: pinCreated("4"),
    });
    const { ctx } = context(network);
    expect(await pinterestProvider.publish(ctx, account, post("How we roast", [video, image(1)]))).toMatchObject({ ok: true, id: "4" });
    network.done();
  });

  it("fails a video Pinterest could not process, without pinning", async () => {
    const network = scriptedNetwork();
    network.expect(
      { method: "POST", url: `${API}/media`, answer: json({ media_id: "7", upload_url: "https://pinterest-media-upload.s3-accelerate.amazonaws.com/", upload_parameters: { key: "k" } }, 201) },
      { method: "POST", url: "https://pinterest-media-upload.s3-accelerate.amazonaws.com/", answer: new Response(null, { status: 204 }) },
      { method: "GET", url: `${API}/media/7`, answer: json({ media_id: "7", status: "failed" }) },
    );
    const { ctx } = context(network);
    expect(await pinterestProvider.publish(ctx, account, post("Broken", [video]))).toMatchObject({ ok: false, errorClass: "bad_body", message: "Pinterest could not process clip.mp4" });
    network.done();
  });
});

describe("Pinterest's errors", () => {
  async function refusedWith(answer: Response | "drop") {
    const network = scriptedNetwork();
    network.expect({ method: "POST", url: `${API}/pins`, answer });
    const { ctx } = context(network);
    const outcome = await pinterestProvider.publish(ctx, account, post("A pin", [image(1)]));
    network.done();
    return outcome;
  }

  it("asks for a refresh when the token is no longer accepted (401)", async () => {
    expect(await refusedWith(json({ code: 2, message: "Authentication failed." }, 401))).toEqual({ ok: false, errorClass: "refresh_token", message: "401 Authentication failed." });
  });

  it("fails a pin Pinterest refuses (400) with Pinterest's message", async () => {
    expect(await refusedWith(json({ code: 1, message: "Invalid request: 'title' is too long" }, 400))).toMatchObject({ ok: false, errorClass: "bad_body", message: "400 Invalid request: 'title' is too long" });
  });

  it("fails a pin for a board that is gone, saying to choose another board", async () => {
    expect(await refusedWith(json({ code: 40, message: "Board not found." }, 404))).toMatchObject({ ok: false, errorClass: "bad_body", message: "404 Board not found.", hint: expect.stringContaining("board") });
  });

  it("retries after Pinterest's Retry-After when throttled (429)", async () => {
    expect(await refusedWith(json({ code: 8, message: "You have exceeded your rate limit. Try again later." }, 429, { "Retry-After": "60" }))).toMatchObject({ ok: false, errorClass: "retry", retryAfterMs: 60_000 });
  });

  it("retries when Pinterest's spam throttle blocks the pin for now", async () => {
    expect(await refusedWith(json({ code: 3, message: "Your request was blocked by a block (Pins) we have in place to combat spam." }, 403))).toMatchObject({ ok: false, errorClass: "retry" });
  });

  it("retries when Pinterest has a server error (5xx)", async () => {
    expect(await refusedWith(json({ code: 0, message: "Something went wrong on our end. Sorry about that." }, 500))).toMatchObject({ ok: false, errorClass: "retry" });
  });

  it("reports an unknown outcome when the connection drops while creating the pin", async () => {
    expect(await refusedWith("drop")).toMatchObject({ ok: false, unknown: true });
  });

  it("retries (it is not unknown) when the connection drops while uploading a video, before any pin exists", async () => {
    const network = scriptedNetwork();
    network.expect(
      { method: "POST", url: `${API}/media`, answer: json({ media_id: "7", upload_url: "https://pinterest-media-upload.s3-accelerate.amazonaws.com/", upload_parameters: {} }, 201) },
      { method: "POST", url: "https://pinterest-media-upload.s3-accelerate.amazonaws.com/", answer: "drop" },
    );
    const { ctx } = context(network);
    expect(await pinterestProvider.publish(ctx, account, post("Clip", [video]))).toMatchObject({ ok: false, errorClass: "retry" });
    network.done();
  });
});

describe("refreshing Pinterest access", () => {
  it("renews the tokens and keeps the new refresh token Pinterest answers", async () => {
    const network = scriptedNetwork();
    network.expect({
      method: "POST",
      url: `${API}/oauth/token`,
      check: (request, body) => {
        expect(request.headers.get("authorization")).toBe(BASIC);
        expect(form(body)).toEqual({ grant_type: "refresh_token", refresh_token: "pinr_refresh" });
      },
      answer: json({ access_token: "pina_new", refresh_token: "pinr_new", response_type: "refresh_token", token_type: "bearer", expires_in: 2_592_000, refresh_token_expires_in: 5_184_000, scope: "boards:read,pins:read,pins:write,user_accounts:read" }),
    });
    const { ctx } = context(network);
    expect(await pinterestProvider.refresh(ctx, account)).toEqual({ ok: true, credentials: { accessToken: "pina_new", refreshToken: "pinr_new" }, expiresAt: NOW + 2_592_000_000 });
    network.done();
  });

  it("keeps a refresh token Pinterest did not replace", async () => {
    const network = scriptedNetwork();
    network.expect({ method: "POST", url: `${API}/oauth/token`, answer: json({ access_token: "pina_new", token_type: "bearer", expires_in: 2_592_000 }) });
    const { ctx } = context(network);
    expect(await pinterestProvider.refresh(ctx, account)).toMatchObject({ ok: true, credentials: { accessToken: "pina_new", refreshToken: "pinr_refresh" } });
    network.done();
  });

  it("says to reconnect when Pinterest refuses the refresh token", async () => {
    const network = scriptedNetwork();
    network.expect({ method: "POST", url: `${API}/oauth/token`, answer: json({ code: 1, message: "Invalid refresh token." }, 400) });
    const { ctx } = context(network);
    expect(await pinterestProvider.refresh(ctx, account)).toEqual({ ok: false, message: "Pinterest refused to renew access: Invalid refresh token.", transient: false });
    network.done();
  });

  it("keeps the tokens for a later try when Pinterest is down", async () => {
    const network = scriptedNetwork();
    network.expect({ method: "POST", url: `${API}/oauth/token`, answer: json({ code: 0, message: "Service unavailable" }, 503) });
    const { ctx } = context(network);
    expect(await pinterestProvider.refresh(ctx, account)).toMatchObject({ ok: false, transient: true });
    network.done();
  });
});

describe("finding a pin after an unknown outcome", () => {
  const listing = (items: unknown[]) => ({ method: "GET", url: `${API}/boards/${BOARD}/pins?page_size=25`, check: (request: Request) => bearer(request), answer: json({ items, bookmark: null }) });

  it("finds the pin on the board by its description", async () => {
    const network = scriptedNetwork();
    network.expect(
      listing([
        { id: "10", description: "Another pin", created_at: "2026-12-02T08:59:50" },
        { id: "11", description: "Autumn blend\nOrder now", created_at: "2026-12-02T08:59:30", board_id: BOARD },
      ]),
    );
    const { ctx } = context(network);
    expect(await pinterestProvider.verify(ctx, account, post("Autumn blend\nOrder now", [image(1)]))).toEqual({ id: "11", url: "https://www.pinterest.com/pin/11/" });
    network.done();
  });

  it("does not take a same-text pin made before this one was first sent", async () => {
    const network = scriptedNetwork();
    network.expect(listing([{ id: "9", description: "Autumn blend", created_at: "2026-12-01T09:00:00" }]));
    const { ctx } = context(network);
    expect(await pinterestProvider.verify(ctx, account, post("Autumn blend", [image(1)]))).toBeNull();
    network.done();
  });

  it("throws when Pinterest cannot be asked, instead of saying the pin is not there", async () => {
    const network = scriptedNetwork();
    network.expect({ ...listing([]), answer: json({ code: 0, message: "Something went wrong on our end." }, 500) });
    const { ctx } = context(network);
    await expect(pinterestProvider.verify(ctx, account, post("Autumn blend", [image(1)]))).rejects.toThrow("500");
    network.done();
  });
});

describe("Pinterest metrics", () => {
  it("reads each pin's impressions, saves and clicks over the last 90 days", async () => {
    const network = scriptedNetwork();
    network.expect(
      {
        method: "GET",
        url: `${API}/pins/11/analytics?start_date=2026-09-04&end_date=2026-12-02&metric_types=IMPRESSION,SAVE,PIN_CLICK,OUTBOUND_CLICK`,
        check: (request) => bearer(request),
        answer: json({
          all: {
            daily_metrics: [{ date: "2026-12-01", data_status: "READY", metrics: { IMPRESSION: 40, SAVE: 2, PIN_CLICK: 3, OUTBOUND_CLICK: 1 } }],
            summary_metrics: { IMPRESSION: 120, SAVE: 9, PIN_CLICK: 14, OUTBOUND_CLICK: 6 },
            lifetime_metrics: { IMPRESSION: 120, SAVE: 9, PIN_CLICK: 14, OUTBOUND_CLICK: 6 },
          },
        }),
      },
      { method: "GET", url: `${API}/pins/12/analytics?start_date=2026-09-04&end_date=2026-12-02&metric_types=IMPRESSION,SAVE,PIN_CLICK,OUTBOUND_CLICK`, answer: json({ code: 50, message: "Pin not found." }, 404) },
    );
    const { ctx } = context(network);
    expect(await pinterestProvider.metrics!(ctx, account, ["11", "12"])).toEqual({ "11": { impressions: 120, saves: 9, clicks: 20 } });
    network.done();
  });
});
