import { describe, expect, it } from "vitest";
import { TokenRequestFailed } from "../../worker/services/publishing/providers/http";
import { facebookProvider } from "../../worker/services/publishing/providers/facebook";
import { providerFor } from "../../worker/services/publishing/providers";
import type { Connector } from "../../worker/services/publishing/providers/types";
import { accountOf, APP, contextWith, fakeGraph, graphError, image, mediaUrlOf, postOf, REDIRECT, SINCE, video } from "./meta-fake";

const GRAPH = "https://graph.facebook.com/v24.0";
const PAGE_TOKEN = "EAAPageTokenFernhill";
const page = accountOf("1040", "fernhillbakery", PAGE_TOKEN);
const connector = facebookProvider.connectors[0] as Extract<Connector, { kind: "oauth" }>;

const feedPost = (form: Record<string, string>, id = "1040_5501") => ({ request: `POST ${GRAPH}/1040/feed`, form: { ...form, access_token: PAGE_TOKEN }, body: { id } });

describe("Facebook Pages: connecting", () => {
  it("is registered for the facebook network with its connector reading FACEBOOK_CLIENT_ID", () => {
    expect(providerFor("facebook")).toBe(facebookProvider);
    expect(connector).toMatchObject({ kind: "oauth", id: "facebook", envPrefix: "FACEBOOK" });
  });

  it("sends the person to Facebook's Login dialog of the pinned version with the Page scopes and the signed state", () => {
    const { ctx } = contextWith(fakeGraph([]).fetch);
    const url = new URL(connector.authorizeUrl({ app: APP, redirectUri: REDIRECT, state: "signed-state", codeChallenge: "challenge" }, ctx.env));
    expect(`${url.origin}${url.pathname}`).toBe("https://www.facebook.com/v24.0/dialog/oauth");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: "meta-app-id",
      redirect_uri: REDIRECT,
      state: "signed-state",
      response_type: "code",
      scope: "pages_show_list,pages_manage_posts,pages_read_engagement,business_management,read_insights",
    });
  });

  it("trades the code for a long-lived user token and offers every Page granted, each with its never-expiring Page token and the person's app-scoped id", async () => {
    const next = `${GRAPH}/me/accounts?fields=id%2Cname%2Cusername%2Caccess_token%2Cpicture%7Burl%7D&limit=100&access_token=long-user-token&after=QVFIUm`;
    const graph = fakeGraph([
      {
        request: `GET ${GRAPH}/oauth/access_token`,
        query: { client_id: "meta-app-id", redirect_uri: REDIRECT, client_secret: "meta-app-secret", code: "the-code" },
        body: { access_token: "short-user-token", token_type: "bearer", expires_in: 5183 },
      },
      {
        request: `GET ${GRAPH}/oauth/access_token`,
        query: { grant_type: "fb_exchange_token", client_id: "meta-app-id", client_secret: "meta-app-secret", fb_exchange_token: "short-user-token" },
        body: { access_token: "long-user-token", token_type: "bearer", expires_in: 5183944 },
      },
      { request: `GET ${GRAPH}/me`, query: { fields: "id,name", access_token: "long-user-token" }, body: { id: "10229384756", name: "Ada Baker" } },
      {
        request: `GET ${GRAPH}/me/accounts`,
        query: { fields: "id,name,username,access_token,picture{url}", limit: "100", access_token: "long-user-token" },
        body: {
          data: [{ id: "1040", name: "Fernhill Bakery", username: "fernhillbakery", access_token: "page-token-1040", picture: { data: { url: "https://scontent.test/1040.jpg" } }, tasks: ["CREATE_CONTENT"] }],
          paging: { cursors: { after: "QVFIUm" }, next },
        },
      },
      {
        request: `GET ${GRAPH}/me/accounts`,
        query: { fields: "id,name,username,access_token,picture{url}", limit: "100", access_token: "long-user-token", after: "QVFIUm" },
        body: { data: [{ id: "2080", name: "Fernhill Café", access_token: "page-token-2080" }], paging: { cursors: { before: "QVFIUm" } } },
      },
    ]);
    const { ctx } = contextWith(graph.fetch);
    const accounts = await connector.exchangeCode(ctx, { app: APP, code: "the-code", codeVerifier: "verifier", redirectUri: REDIRECT });
    graph.done();
    expect(accounts).toEqual([
      {
        externalId: "1040",
        displayName: "Fernhill Bakery",
        handle: "fernhillbakery",
        avatarUrl: "https://scontent.test/1040.jpg",
        credentials: { accessToken: "page-token-1040" },
        expiresAt: null,
        ownerExternalId: "10229384756",
      },
      { externalId: "2080", displayName: "Fernhill Café", handle: "2080", avatarUrl: null, credentials: { accessToken: "page-token-2080" }, expiresAt: null, ownerExternalId: "10229384756" },
    ]);
  });

  it("says what Facebook said when the code is refused", async () => {
    const graph = fakeGraph([
      {
        request: `GET ${GRAPH}/oauth/access_token`,
        query: { client_id: "meta-app-id", redirect_uri: REDIRECT, client_secret: "meta-app-secret", code: "used-code" },
        status: 400,
        body: graphError(100, "This authorization code has been used.", { error_subcode: 36009 }),
      },
    ]);
    const { ctx } = contextWith(graph.fetch);
    const exchange = connector.exchangeCode(ctx, { app: APP, code: "used-code", codeVerifier: "verifier", redirectUri: REDIRECT });
    await expect(exchange).rejects.toThrow(TokenRequestFailed);
    await expect(exchange).rejects.toThrow("This authorization code has been used.");
    graph.done();
  });
});

describe("Facebook Pages: publishing", () => {
  it("publishes a text post (a link in it unfurls) to the Page's feed and links to it", async () => {
    const text = "Sourdough is back on Saturday https://fernhill.test/bread";
    const graph = fakeGraph([feedPost({ message: text })]);
    const { ctx } = contextWith(graph.fetch);
    expect(await facebookProvider.publish(ctx, page, postOf([text]))).toEqual({ ok: true, id: "1040_5501", url: "https://www.facebook.com/1040/posts/5501" });
    graph.done();
  });

  it("uploads each image unpublished from its signed URL, then attaches them all to one post", async () => {
    const photos = [image(11), image(12)];
    const graph = fakeGraph([
      { request: `POST ${GRAPH}/1040/photos`, form: { url: mediaUrlOf(photos[0]!), published: "false", access_token: PAGE_TOKEN }, body: { id: "90001" } },
      { request: `POST ${GRAPH}/1040/photos`, form: { url: mediaUrlOf(photos[1]!), published: "false", access_token: PAGE_TOKEN }, body: { id: "90002" } },
      feedPost({ message: "Two loaves", "attached_media[0]": '{"media_fbid":"90001"}', "attached_media[1]": '{"media_fbid":"90002"}' }),
    ]);
    const { ctx } = contextWith(graph.fetch);
    expect(mediaUrlOf(photos[0]!)).toBe("https://cdn.brandwork.test/media/11?sig=signed");
    expect(await facebookProvider.publish(ctx, page, postOf(["Two loaves"], photos))).toMatchObject({ ok: true, id: "1040_5501" });
    graph.done();
  });

  it("publishes one video from its URL with the text as its description", async () => {
    const clip = video(21);
    const graph = fakeGraph([{ request: `POST ${GRAPH}/1040/videos`, form: { file_url: mediaUrlOf(clip), description: "Shaping the loaves", access_token: PAGE_TOKEN }, body: { id: "77001" } }]);
    const { ctx } = contextWith(graph.fetch);
    expect(await facebookProvider.publish(ctx, page, postOf(["Shaping the loaves"], [clip]))).toEqual({ ok: true, id: "77001", url: "https://www.facebook.com/1040/videos/77001" });
    graph.done();
  });

  it("refuses a video mixed with images before calling Facebook", async () => {
    const graph = fakeGraph([]);
    const { ctx } = contextWith(graph.fetch);
    expect(await facebookProvider.publish(ctx, page, postOf(["Mixed"], [video(1), image(2)]))).toMatchObject({ ok: false, errorClass: "bad_body" });
    graph.done();
  });

  it("reports an unknown outcome, never a failure, when the feed post's answer is lost", async () => {
    const graph = fakeGraph([{ ...feedPost({ message: "Lost answer" }), lost: true }]);
    const { ctx } = contextWith(graph.fetch);
    const outcome = await facebookProvider.publish(ctx, page, postOf(["Lost answer"]));
    expect(outcome).toMatchObject({ ok: false, unknown: true });
    graph.done();
  });

  it("retries when a photo upload gets no answer: nothing was posted yet", async () => {
    const photo = image(11);
    const graph = fakeGraph([{ request: `POST ${GRAPH}/1040/photos`, form: { url: mediaUrlOf(photo), published: "false", access_token: PAGE_TOKEN }, lost: true }]);
    const { ctx } = contextWith(graph.fetch);
    const outcome = await facebookProvider.publish(ctx, page, postOf(["A photo"], [photo]));
    expect(outcome).toMatchObject({ ok: false, errorClass: "retry" });
    expect("unknown" in outcome).toBe(false);
    graph.done();
  });

  it.each([
    {
      what: "an expired or revoked Page token (190) disconnects the Page with a hint to reconnect: Page tokens cannot be refreshed",
      status: 400,
      body: graphError(190, "Error validating access token: The session has been invalidated because the user changed their password.", { error_subcode: 460 }),
      expected: { errorClass: "disconnect", message: expect.stringContaining("The session has been invalidated"), hint: expect.stringContaining("Reconnect") },
    },
    {
      what: "app throttling (4) retries after the time Facebook says access returns",
      status: 403,
      headers: { "X-Business-Use-Case-Usage": JSON.stringify({ "1040": [{ type: "pages", call_count: 100, total_cputime: 20, total_time: 30, estimated_time_to_regain_access: 7 }] }) },
      body: graphError(4, "(#4) Application request limit reached", { is_transient: true }),
      expected: { errorClass: "retry", retryAfterMs: 7 * 60_000 },
    },
    {
      what: "a user's rate limit (17) retries after Retry-After",
      status: 400,
      headers: { "Retry-After": "120" },
      body: graphError(17, "(#17) User request limit reached"),
      expected: { errorClass: "retry", retryAfterMs: 120_000 },
    },
    {
      what: "an invalid parameter (100) fails with Facebook's words",
      status: 400,
      body: graphError(100, "(#100) The parameter message is required but was empty", { error_user_msg: "Write something before posting." }),
      expected: { errorClass: "bad_body", message: expect.stringContaining("(#100) The parameter message is required but was empty Write something before posting.") },
    },
    {
      what: "a missing permission (200) asks to reconnect and grant it",
      status: 403,
      body: graphError(200, "(#200) The user hasn't authorized the application to perform this action"),
      expected: { errorClass: "disconnect", hint: expect.stringContaining("pages_manage_posts") },
    },
    {
      what: "a temporary policy block (368) fails with a hint of what to do",
      status: 400,
      body: graphError(368, "The action attempted has been deemed abusive or is otherwise disallowed", { error_subcode: 1390008 }),
      expected: { errorClass: "bad_body", hint: expect.stringContaining("temporarily blocked") },
    },
    { what: "Facebook's own error (500) retries", status: 500, body: graphError(2, "An unexpected error has occurred. Please retry your request later.", { is_transient: true }), expected: { errorClass: "retry" } },
  ])("$what", async ({ status, body, headers, expected }) => {
    const graph = fakeGraph([{ ...feedPost({ message: "Hello" }), status, body, headers }]);
    const { ctx } = contextWith(graph.fetch);
    expect(await facebookProvider.publish(ctx, page, postOf(["Hello"]))).toMatchObject({ ok: false, ...expected });
    graph.done();
  });
});

describe("Facebook Pages: refresh, verify, metrics", () => {
  it("keeps a Page token that still works (they do not expire)", async () => {
    const graph = fakeGraph([{ request: `GET ${GRAPH}/1040`, query: { fields: "id", access_token: PAGE_TOKEN }, body: { id: "1040" } }]);
    const { ctx } = contextWith(graph.fetch);
    expect(await facebookProvider.refresh(ctx, page)).toEqual({ ok: true, credentials: { accessToken: PAGE_TOKEN }, expiresAt: null });
    graph.done();
  });

  it("asks for a reconnect when Facebook no longer accepts the Page token", async () => {
    const graph = fakeGraph([
      { request: `GET ${GRAPH}/1040`, query: { fields: "id", access_token: PAGE_TOKEN }, status: 400, body: graphError(190, "Error validating access token: User 10229384756 has not authorized application 123.", { error_subcode: 458 }) },
    ]);
    const { ctx } = contextWith(graph.fetch);
    const outcome = await facebookProvider.refresh(ctx, page);
    expect(outcome).toMatchObject({ ok: false, transient: false, message: expect.stringContaining("reconnect the Page") });
    graph.done();
  });

  const feedQuery = { fields: "id,message,created_time,permalink_url", since: SINCE, limit: "100", access_token: PAGE_TOKEN };

  it("finds a post an earlier attempt published, by its message among the Page's posts since that attempt", async () => {
    const graph = fakeGraph([
      {
        request: `GET ${GRAPH}/1040/feed`,
        query: feedQuery,
        body: {
          data: [
            { id: "1040_7002", message: "Something else", created_time: "2026-12-02T09:58:00+0000", permalink_url: "https://www.facebook.com/1040/posts/7002" },
            { id: "1040_7001", message: "Sourdough  is back\n", created_time: "2026-12-02T09:56:00+0000", permalink_url: "https://www.facebook.com/1040/posts/7001" },
          ],
        },
      },
    ]);
    const { ctx } = contextWith(graph.fetch);
    expect(await facebookProvider.verify(ctx, page, postOf(["Sourdough is back"]))).toEqual({ id: "1040_7001", url: "https://www.facebook.com/1040/posts/7001" });
    graph.done();
  });

  it("answers nothing when the Page has no such post (the publisher may then send it)", async () => {
    const graph = fakeGraph([{ request: `GET ${GRAPH}/1040/feed`, query: feedQuery, body: { data: [{ id: "1040_7002", message: "Something else" }] } }]);
    const { ctx } = contextWith(graph.fetch);
    expect(await facebookProvider.verify(ctx, page, postOf(["Sourdough is back"]))).toBeNull();
    graph.done();
  });

  it("reads a post's reactions, comments, shares, views and clicks, and a video's views", async () => {
    const graph = fakeGraph([
      {
        request: `GET ${GRAPH}/1040_5501`,
        query: { fields: "shares,reactions.summary(total_count).limit(0),comments.summary(total_count).limit(0)", access_token: PAGE_TOKEN },
        body: { id: "1040_5501", shares: { count: 3 }, reactions: { data: [], summary: { total_count: 12 } }, comments: { data: [], summary: { total_count: 4, order: "ranked" } } },
      },
      {
        request: `GET ${GRAPH}/1040_5501/insights`,
        query: { metric: "post_media_view,post_clicks", access_token: PAGE_TOKEN },
        body: {
          data: [
            { name: "post_media_view", period: "lifetime", values: [{ value: 340 }], title: "Lifetime Post Media Views", id: "1040_5501/insights/post_media_view/lifetime" },
            { name: "post_clicks", period: "lifetime", values: [{ value: 9 }], id: "1040_5501/insights/post_clicks/lifetime" },
          ],
        },
      },
      {
        request: `GET ${GRAPH}/77001`,
        query: { fields: "reactions.summary(total_count).limit(0),comments.summary(total_count).limit(0)", access_token: PAGE_TOKEN },
        body: { id: "77001", reactions: { data: [], summary: { total_count: 5 } }, comments: { data: [], summary: { total_count: 1 } } },
      },
      { request: `GET ${GRAPH}/77001/video_insights`, query: { metric: "total_video_views", access_token: PAGE_TOKEN }, body: { data: [{ name: "total_video_views", period: "lifetime", values: [{ value: 800 }] }] } },
    ]);
    const { ctx } = contextWith(graph.fetch);
    expect(await facebookProvider.metrics!(ctx, page, ["1040_5501", "77001"])).toEqual({
      "1040_5501": { views: 340, clicks: 9, likes: 12, comments: 4, shares: 3 },
      "77001": { views: 800, likes: 5, comments: 1 },
    });
    graph.done();
  });
});
