import { describe, expect, it } from "vitest";
import { NETWORK_LIMITS } from "../../core/publishing/limits";
import { providerFor } from "../../worker/services/publishing/providers";
import { instagramProvider } from "../../worker/services/publishing/providers/instagram";
import type { Connector } from "../../worker/services/publishing/providers/types";
import { accountOf, APP, contextWith, fakeGraph, graphError, image, mediaUrlOf, NOW, postOf, REDIRECT, SINCE, video, type Step } from "./meta-fake";

const FB_GRAPH = "https://graph.facebook.com/v24.0";
const IG_GRAPH = "https://graph.instagram.com/v24.0";
const IG_ID = "17841400008460056";
const PAGE_TOKEN = "EAAPageTokenFernhill";
const IG_TOKEN = "IGAALongLivedToken";

/** Connected through a Facebook Page: graph.facebook.com with the Page's token. */
const viaPage = accountOf(IG_ID, "fernhillbakery", PAGE_TOKEN, { graph: "facebook", pageId: "1040" });
/** Connected with Instagram Login: graph.instagram.com with its own token. */
const viaLogin = accountOf(IG_ID, "fernhillbakery", IG_TOKEN, { graph: "instagram" });

const [throughPage, instagramLogin] = instagramProvider.connectors as Extract<Connector, { kind: "oauth" }>[];

const limitStep = (graph: string, token: string, usage: number, total = 100): Step => ({
  request: `GET ${graph}/${IG_ID}/content_publishing_limit`,
  query: { fields: "quota_usage,config", access_token: token },
  body: { data: [{ quota_usage: usage, config: { quota_total: total, quota_duration: 86400 } }] },
});
const statusStep = (graph: string, token: string, container: string, code: string, status?: string): Step => ({
  request: `GET ${graph}/${container}`,
  query: { fields: "status_code,status", access_token: token },
  body: { status_code: code, ...(status ? { status } : {}), id: container },
});
const publishStep = (graph: string, token: string, container: string, media = "18027000000000001"): Step => ({
  request: `POST ${graph}/${IG_ID}/media_publish`,
  form: { creation_id: container, access_token: token },
  body: { id: media },
});
const permalinkStep = (graph: string, token: string, media = "18027000000000001"): Step => ({
  request: `GET ${graph}/${media}`,
  query: { fields: "permalink", access_token: token },
  body: { permalink: "https://www.instagram.com/p/DBx1a2b3c4d/", id: media },
});

describe("Instagram: connecting", () => {
  it("is registered for the instagram network with two connectors: through a Facebook Page (Facebook's app) and Instagram Login (Instagram's app)", () => {
    expect(providerFor("instagram")).toBe(instagramProvider);
    expect(throughPage).toMatchObject({ kind: "oauth", id: "instagram", envPrefix: "FACEBOOK" });
    expect(instagramLogin).toMatchObject({ kind: "oauth", id: "instagram_login", envPrefix: "INSTAGRAM" });
  });

  it("through a Facebook Page: asks Facebook Login for the Instagram publishing scopes", () => {
    const { ctx } = contextWith(fakeGraph([]).fetch);
    const url = new URL(throughPage!.authorizeUrl({ app: APP, redirectUri: REDIRECT, state: "signed-state", codeChallenge: "challenge" }, ctx.env));
    expect(`${url.origin}${url.pathname}`).toBe("https://www.facebook.com/v24.0/dialog/oauth");
    expect(url.searchParams.get("scope")).toBe("instagram_basic,instagram_content_publish,pages_show_list,pages_read_engagement,business_management,instagram_manage_insights");
    expect(url.searchParams.get("state")).toBe("signed-state");
  });

  it("through a Facebook Page: offers each granted Page's Instagram business account, with the Page's token and the person's app-scoped id", async () => {
    const graph = fakeGraph([
      {
        request: `GET ${FB_GRAPH}/oauth/access_token`,
        query: { client_id: "meta-app-id", redirect_uri: REDIRECT, client_secret: "meta-app-secret", code: "the-code" },
        body: { access_token: "short-user-token", token_type: "bearer", expires_in: 5183 },
      },
      {
        request: `GET ${FB_GRAPH}/oauth/access_token`,
        query: { grant_type: "fb_exchange_token", client_id: "meta-app-id", client_secret: "meta-app-secret", fb_exchange_token: "short-user-token" },
        body: { access_token: "long-user-token", token_type: "bearer", expires_in: 5183944 },
      },
      { request: `GET ${FB_GRAPH}/me`, query: { fields: "id,name", access_token: "long-user-token" }, body: { id: "10229384756", name: "Ada Baker" } },
      {
        request: `GET ${FB_GRAPH}/me/accounts`,
        query: { fields: "id,name,access_token,instagram_business_account{id,username,name,profile_picture_url}", limit: "100", access_token: "long-user-token" },
        body: {
          data: [
            {
              id: "1040",
              name: "Fernhill Bakery",
              access_token: PAGE_TOKEN,
              instagram_business_account: { id: IG_ID, username: "fernhillbakery", name: "Fernhill", profile_picture_url: "https://scontent.test/ig.jpg" },
            },
            { id: "2080", name: "A Page without Instagram", access_token: "page-token-2080" },
          ],
          paging: { cursors: { before: "a", after: "b" } },
        },
      },
    ]);
    const { ctx } = contextWith(graph.fetch);
    const accounts = await throughPage!.exchangeCode(ctx, { app: APP, code: "the-code", codeVerifier: "verifier", redirectUri: REDIRECT });
    graph.done();
    expect(accounts).toEqual([
      {
        externalId: IG_ID,
        displayName: "Fernhill",
        handle: "fernhillbakery",
        avatarUrl: "https://scontent.test/ig.jpg",
        credentials: { accessToken: PAGE_TOKEN, extra: { graph: "facebook", pageId: "1040" } },
        expiresAt: null,
        network: "instagram",
        ownerExternalId: "10229384756",
      },
    ]);
  });

  it("with Instagram Login: sends the person to instagram.com's authorization window with the business scopes", () => {
    const { ctx } = contextWith(fakeGraph([]).fetch);
    const url = new URL(instagramLogin!.authorizeUrl({ app: APP, redirectUri: REDIRECT, state: "signed-state", codeChallenge: "challenge" }, ctx.env));
    expect(`${url.origin}${url.pathname}`).toBe("https://www.instagram.com/oauth/authorize");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: "meta-app-id",
      redirect_uri: REDIRECT,
      response_type: "code",
      scope: "instagram_business_basic,instagram_business_content_publish,instagram_business_manage_insights",
      state: "signed-state",
    });
  });

  it("with Instagram Login: trades the code for a one-hour token, that for a 60-day one, and names the professional account", async () => {
    const graph = fakeGraph([
      {
        request: "POST https://api.instagram.com/oauth/access_token",
        form: { client_id: "meta-app-id", client_secret: "meta-app-secret", grant_type: "authorization_code", redirect_uri: REDIRECT, code: "ig-code" },
        // The shape Business Login for Instagram documents: the token wrapped in `data`.
        body: { data: [{ access_token: "IGAAShortToken", user_id: "9001234", permissions: "instagram_business_basic,instagram_business_content_publish,instagram_business_manage_insights" }] },
      },
      {
        request: "GET https://graph.instagram.com/access_token",
        query: { grant_type: "ig_exchange_token", client_secret: "meta-app-secret", access_token: "IGAAShortToken" },
        body: { access_token: IG_TOKEN, token_type: "bearer", expires_in: 5183944 },
      },
      {
        request: `GET ${IG_GRAPH}/me`,
        query: { fields: "user_id,username,name,profile_picture_url", access_token: IG_TOKEN },
        body: { user_id: IG_ID, username: "fernhillbakery", name: "Fernhill", profile_picture_url: "https://scontent.test/ig.jpg", id: "9001234" },
      },
    ]);
    const { ctx } = contextWith(graph.fetch);
    const accounts = await instagramLogin!.exchangeCode(ctx, { app: APP, code: "ig-code", codeVerifier: "verifier", redirectUri: REDIRECT });
    graph.done();
    expect(accounts).toEqual([
      {
        externalId: IG_ID,
        displayName: "Fernhill",
        handle: "fernhillbakery",
        avatarUrl: "https://scontent.test/ig.jpg",
        credentials: { accessToken: IG_TOKEN, extra: { graph: "instagram" } },
        expiresAt: NOW + 5183944 * 1000,
        network: "instagram",
        ownerExternalId: "9001234",
      },
    ]);
  });

  it("with Instagram Login: says what Instagram said when the code is refused", async () => {
    const graph = fakeGraph([
      {
        request: "POST https://api.instagram.com/oauth/access_token",
        form: { client_id: "meta-app-id", client_secret: "meta-app-secret", grant_type: "authorization_code", redirect_uri: REDIRECT, code: "old-code" },
        status: 400,
        body: { error_type: "OAuthException", code: 400, error_message: "This authorization code has expired" },
      },
    ]);
    const { ctx } = contextWith(graph.fetch);
    await expect(instagramLogin!.exchangeCode(ctx, { app: APP, code: "old-code", codeVerifier: "verifier", redirectUri: REDIRECT })).rejects.toThrow("This authorization code has expired");
    graph.done();
  });
});

describe("Instagram: publishing", () => {
  it("refuses a post with no image or video before calling Instagram, saying to add one", async () => {
    const graph = fakeGraph([]);
    const { ctx } = contextWith(graph.fetch);
    expect(await instagramProvider.publish(ctx, viaLogin, postOf(["Just words"]))).toMatchObject({ ok: false, errorClass: "bad_body", hint: expect.stringContaining("Add an image or a video") });
    graph.done();
  });

  it("publishes an image with Instagram Login: reads the limit, makes the container, waits until it is FINISHED, publishes and links the permalink", async () => {
    const photo = image(31);
    const graph = fakeGraph([
      limitStep(IG_GRAPH, IG_TOKEN, 3),
      { request: `POST ${IG_GRAPH}/${IG_ID}/media`, form: { image_url: mediaUrlOf(photo), caption: "Fresh rye #bread", access_token: IG_TOKEN }, body: { id: "17889000000000001" } },
      statusStep(IG_GRAPH, IG_TOKEN, "17889000000000001", "IN_PROGRESS"),
      statusStep(IG_GRAPH, IG_TOKEN, "17889000000000001", "FINISHED"),
      publishStep(IG_GRAPH, IG_TOKEN, "17889000000000001"),
      permalinkStep(IG_GRAPH, IG_TOKEN),
    ]);
    const { ctx, slept } = contextWith(graph.fetch);
    expect(await instagramProvider.publish(ctx, viaLogin, postOf(["Fresh rye #bread"], [photo]))).toEqual({ ok: true, id: "18027000000000001", url: "https://www.instagram.com/p/DBx1a2b3c4d/" });
    expect(slept).toEqual([5_000]);
    graph.done();
  });

  it("publishes a carousel through the Page: an item container each (the video's processed first), then the CAROUSEL container", async () => {
    const items = [image(41), video(42)];
    const graph = fakeGraph([
      limitStep(FB_GRAPH, PAGE_TOKEN, 0),
      { request: `POST ${FB_GRAPH}/${IG_ID}/media`, form: { image_url: mediaUrlOf(items[0]!), is_carousel_item: "true", access_token: PAGE_TOKEN }, body: { id: "child-1" } },
      { request: `POST ${FB_GRAPH}/${IG_ID}/media`, form: { media_type: "VIDEO", video_url: mediaUrlOf(items[1]!), is_carousel_item: "true", access_token: PAGE_TOKEN }, body: { id: "child-2" } },
      statusStep(FB_GRAPH, PAGE_TOKEN, "child-2", "IN_PROGRESS"),
      statusStep(FB_GRAPH, PAGE_TOKEN, "child-2", "FINISHED"),
      { request: `POST ${FB_GRAPH}/${IG_ID}/media`, form: { media_type: "CAROUSEL", children: "child-1,child-2", caption: "Our week", access_token: PAGE_TOKEN }, body: { id: "carousel-1" } },
      statusStep(FB_GRAPH, PAGE_TOKEN, "carousel-1", "FINISHED"),
      publishStep(FB_GRAPH, PAGE_TOKEN, "carousel-1"),
      permalinkStep(FB_GRAPH, PAGE_TOKEN),
    ]);
    const { ctx, slept } = contextWith(graph.fetch);
    expect(await instagramProvider.publish(ctx, viaPage, postOf(["Our week"], items))).toMatchObject({ ok: true, id: "18027000000000001" });
    expect(slept).toEqual([5_000]);
    graph.done();
  });

  it("publishes one video as a reel, polling its status through ctx.sleep until it is processed", async () => {
    const clip = video(51);
    const graph = fakeGraph([
      limitStep(IG_GRAPH, IG_TOKEN, 10),
      { request: `POST ${IG_GRAPH}/${IG_ID}/media`, form: { media_type: "REELS", video_url: mediaUrlOf(clip), caption: "Behind the counter", access_token: IG_TOKEN }, body: { id: "reel-1" } },
      statusStep(IG_GRAPH, IG_TOKEN, "reel-1", "IN_PROGRESS"),
      statusStep(IG_GRAPH, IG_TOKEN, "reel-1", "IN_PROGRESS"),
      statusStep(IG_GRAPH, IG_TOKEN, "reel-1", "IN_PROGRESS"),
      statusStep(IG_GRAPH, IG_TOKEN, "reel-1", "FINISHED"),
      publishStep(IG_GRAPH, IG_TOKEN, "reel-1"),
      { ...permalinkStep(IG_GRAPH, IG_TOKEN), status: 500, body: graphError(2, "Service temporarily unavailable", { is_transient: true }) },
    ]);
    const { ctx, slept } = contextWith(graph.fetch);
    // The reel is live; a permalink that cannot be read leaves the profile's link, never a failure.
    expect(await instagramProvider.publish(ctx, viaLogin, postOf(["Behind the counter"], [clip]))).toEqual({ ok: true, id: "18027000000000001", url: "https://www.instagram.com/fernhillbakery/" });
    expect(slept).toEqual([5_000, 10_000, 15_000]);
    graph.done();
  });

  it("fails with Instagram's status when the container ends in ERROR, and publishes nothing", async () => {
    const clip = video(52);
    const graph = fakeGraph([
      limitStep(IG_GRAPH, IG_TOKEN, 10),
      { request: `POST ${IG_GRAPH}/${IG_ID}/media`, form: { media_type: "REELS", video_url: mediaUrlOf(clip), caption: "Too long", access_token: IG_TOKEN }, body: { id: "reel-2" } },
      statusStep(IG_GRAPH, IG_TOKEN, "reel-2", "ERROR", "Error: 2207026: The video format is not supported."),
    ]);
    const { ctx } = contextWith(graph.fetch);
    expect(await instagramProvider.publish(ctx, viaLogin, postOf(["Too long"], [clip]))).toMatchObject({
      ok: false,
      errorClass: "bad_body",
      message: "Instagram could not process the media: ERROR (Error: 2207026: The video format is not supported.)",
    });
    graph.done();
  });

  it("waits, without publishing, when the day's API publishing limit is used up: until the oldest post leaves the 24-hour window", async () => {
    const graph = fakeGraph([
      limitStep(IG_GRAPH, IG_TOKEN, 100),
      {
        request: `GET ${IG_GRAPH}/${IG_ID}/media`,
        query: { fields: "timestamp", since: String(Math.floor((NOW - 86_400_000) / 1000)), limit: "100", access_token: IG_TOKEN },
        body: { data: [{ timestamp: "2026-12-02T09:00:00+0000", id: "m2" }, { timestamp: "2026-12-01T11:30:00+0000", id: "m1" }] },
      },
    ]);
    const { ctx } = contextWith(graph.fetch);
    expect(await instagramProvider.publish(ctx, viaLogin, postOf(["One more"], [image(1)]))).toMatchObject({
      ok: false,
      errorClass: "retry",
      message: "Instagram's publishing limit is used up: 100 of 100 posts in 24 hours",
      // 2026-12-01 11:30 + 24 h is 1.5 hours after 2026-12-02 10:00.
      retryAfterMs: 90 * 60_000,
    });
    graph.done();
  });

  it("takes the limit Instagram reports over the table's documented default", async () => {
    expect(NETWORK_LIMITS.instagram.quota).toEqual({ posts: 100, windowMinutes: 24 * 60 });
    const graph = fakeGraph([
      limitStep(IG_GRAPH, IG_TOKEN, 50, 50),
      { request: `GET ${IG_GRAPH}/${IG_ID}/media`, query: { fields: "timestamp", since: String(Math.floor((NOW - 86_400_000) / 1000)), limit: "100", access_token: IG_TOKEN }, body: { data: [] } },
    ]);
    const { ctx } = contextWith(graph.fetch);
    expect(await instagramProvider.publish(ctx, viaLogin, postOf(["Over"], [image(1)]))).toMatchObject({ ok: false, errorClass: "retry", retryAfterMs: 60 * 60_000 });
    graph.done();
  });

  it("reports an unknown outcome when media_publish's answer is lost", async () => {
    const photo = image(61);
    const graph = fakeGraph([
      limitStep(IG_GRAPH, IG_TOKEN, 1),
      { request: `POST ${IG_GRAPH}/${IG_ID}/media`, form: { image_url: mediaUrlOf(photo), caption: "Lost", access_token: IG_TOKEN }, body: { id: "c-lost" } },
      statusStep(IG_GRAPH, IG_TOKEN, "c-lost", "FINISHED"),
      { ...publishStep(IG_GRAPH, IG_TOKEN, "c-lost"), lost: true },
    ]);
    const { ctx } = contextWith(graph.fetch);
    expect(await instagramProvider.publish(ctx, viaLogin, postOf(["Lost"], [photo]))).toMatchObject({ ok: false, unknown: true });
    graph.done();
  });

  const refused = (graphHost: string, token: string, status: number, body: unknown, headers?: Record<string, string>): Step[] => [
    limitStep(graphHost, token, 1),
    { request: `POST ${graphHost}/${IG_ID}/media`, form: { image_url: mediaUrlOf(image(71)), caption: "Hello", access_token: token }, status, body, headers },
  ];

  it.each([
    {
      what: "an expired Instagram Login token (190) asks for a refresh",
      account: viaLogin,
      steps: refused(IG_GRAPH, IG_TOKEN, 401, graphError(190, "Error validating access token: Session has expired on Tuesday.", { error_subcode: 463 })),
      expected: { errorClass: "refresh_token", message: expect.stringContaining("Session has expired") },
    },
    {
      what: "a refused Page token (190) disconnects the account: only reconnecting replaces it",
      account: viaPage,
      steps: refused(FB_GRAPH, PAGE_TOKEN, 400, graphError(190, "Error validating access token: The user has not authorized application 123.", { error_subcode: 458 })),
      expected: { errorClass: "disconnect", hint: expect.stringContaining("Reconnect") },
    },
    {
      what: "app throttling (4) retries",
      account: viaLogin,
      steps: refused(IG_GRAPH, IG_TOKEN, 400, graphError(4, "Application request limit reached", { is_transient: true })),
      expected: { errorClass: "retry", retryAfterMs: 10 * 60_000 },
    },
    {
      what: "a user's rate limit (17) retries after Retry-After",
      account: viaLogin,
      steps: refused(IG_GRAPH, IG_TOKEN, 429, graphError(17, "User request limit reached"), { "Retry-After": "300" }),
      expected: { errorClass: "retry", retryAfterMs: 300_000 },
    },
    {
      what: "media Instagram refuses (100) fails with its words",
      account: viaLogin,
      steps: refused(IG_GRAPH, IG_TOKEN, 400, graphError(100, "The aspect ratio is not supported.", { error_subcode: 2207009, error_user_title: "Cannot Post Image", error_user_msg: "The submitted image with aspect ratio ('0.5') cannot be published." })),
      expected: { errorClass: "bad_body", message: expect.stringContaining("The aspect ratio is not supported. The submitted image with aspect ratio ('0.5') cannot be published. (code 100, subcode 2207009)") },
    },
    {
      what: "Instagram's own error (503) retries",
      account: viaLogin,
      steps: refused(IG_GRAPH, IG_TOKEN, 503, graphError(2, "Service temporarily unavailable", { is_transient: true })),
      expected: { errorClass: "retry" },
    },
  ])("$what", async ({ account, steps, expected }) => {
    const graph = fakeGraph(steps);
    const { ctx } = contextWith(graph.fetch);
    expect(await instagramProvider.publish(ctx, account, postOf(["Hello"], [image(71)]))).toMatchObject({ ok: false, ...expected });
    graph.done();
  });
});

describe("Instagram: refresh, verify, metrics", () => {
  it("extends an Instagram Login token by another 60 days", async () => {
    const graph = fakeGraph([
      { request: "GET https://graph.instagram.com/refresh_access_token", query: { grant_type: "ig_refresh_token", access_token: IG_TOKEN }, body: { access_token: "IGAARefreshed", token_type: "bearer", expires_in: 5183944 } },
    ]);
    const { ctx } = contextWith(graph.fetch);
    expect(await instagramProvider.refresh(ctx, viaLogin)).toEqual({ ok: true, credentials: { accessToken: "IGAARefreshed", extra: { graph: "instagram" } }, expiresAt: NOW + 5183944 * 1000 });
    graph.done();
  });

  it("reports a refused refresh with Instagram's words, so the account is marked for reconnecting", async () => {
    const graph = fakeGraph([
      {
        request: "GET https://graph.instagram.com/refresh_access_token",
        query: { grant_type: "ig_refresh_token", access_token: IG_TOKEN },
        status: 400,
        body: graphError(190, "Error validating access token: Session has expired on Monday, 30-Nov-26.", { error_subcode: 463 }),
      },
    ]);
    const { ctx } = contextWith(graph.fetch);
    expect(await instagramProvider.refresh(ctx, viaLogin)).toEqual({ ok: false, message: "Error validating access token: Session has expired on Monday, 30-Nov-26.", transient: false });
    graph.done();
  });

  it("keeps a Page token that still works, and asks for a reconnect once it does not", async () => {
    const graph = fakeGraph([
      { request: `GET ${FB_GRAPH}/${IG_ID}`, query: { fields: "id", access_token: PAGE_TOKEN }, body: { id: IG_ID } },
      { request: `GET ${FB_GRAPH}/${IG_ID}`, query: { fields: "id", access_token: PAGE_TOKEN }, status: 400, body: graphError(190, "Error validating access token: The session was invalidated.", { error_subcode: 460 }) },
    ]);
    const { ctx } = contextWith(graph.fetch);
    expect(await instagramProvider.refresh(ctx, viaPage)).toEqual({ ok: true, credentials: viaPage.credentials, expiresAt: null });
    expect(await instagramProvider.refresh(ctx, viaPage)).toMatchObject({ ok: false, transient: false, message: expect.stringContaining("reconnect") });
    graph.done();
  });

  const mediaQuery = { fields: "id,caption,timestamp,permalink", since: SINCE, limit: "50", access_token: IG_TOKEN };

  it("finds a post an earlier attempt published, by its caption among the account's media since", async () => {
    const graph = fakeGraph([
      {
        request: `GET ${IG_GRAPH}/${IG_ID}/media`,
        query: mediaQuery,
        body: { data: [{ id: "m9", caption: "Fresh rye #bread", timestamp: "2026-12-02T09:57:00+0000", permalink: "https://www.instagram.com/p/AAA/" }, { id: "m8", caption: "Older" }] },
      },
    ]);
    const { ctx } = contextWith(graph.fetch);
    expect(await instagramProvider.verify(ctx, viaLogin, postOf(["Fresh rye #bread"], [image(1)]))).toEqual({ id: "m9", url: "https://www.instagram.com/p/AAA/" });
    graph.done();
  });

  it("answers nothing when no recent media has the caption", async () => {
    const graph = fakeGraph([{ request: `GET ${IG_GRAPH}/${IG_ID}/media`, query: mediaQuery, body: { data: [] } }]);
    const { ctx } = contextWith(graph.fetch);
    expect(await instagramProvider.verify(ctx, viaLogin, postOf(["Fresh rye #bread"], [image(1)]))).toBeNull();
    graph.done();
  });

  it("reads each post's views, likes, comments, saves and shares; a post without insights is left out", async () => {
    const graph = fakeGraph([
      {
        request: `GET ${IG_GRAPH}/m9/insights`,
        query: { metric: "views,likes,comments,saved,shares", access_token: IG_TOKEN },
        body: {
          data: [
            { name: "views", period: "lifetime", values: [{ value: 1200 }], title: "Views", id: "m9/insights/views/lifetime" },
            { name: "likes", period: "lifetime", values: [{ value: 88 }] },
            { name: "comments", period: "lifetime", values: [{ value: 7 }] },
            { name: "saved", period: "lifetime", values: [{ value: 12 }] },
            { name: "shares", period: "lifetime", values: [{ value: 3 }] },
          ],
        },
      },
      { request: `GET ${IG_GRAPH}/m8/insights`, query: { metric: "views,likes,comments,saved,shares", access_token: IG_TOKEN }, status: 400, body: graphError(100, "Media posted before business account conversion") },
    ]);
    const { ctx } = contextWith(graph.fetch);
    expect(await instagramProvider.metrics!(ctx, viaLogin, ["m9", "m8"])).toEqual({ m9: { views: 1200, likes: 88, comments: 7, saves: 12, shares: 3 } });
    graph.done();
  });
});
