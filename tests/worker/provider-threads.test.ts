import { describe, expect, it } from "vitest";
import { providerFor } from "../../worker/services/publishing/providers";
import { threadsProvider } from "../../worker/services/publishing/providers/threads";
import type { Connector } from "../../worker/services/publishing/providers/types";
import { accountOf, APP, contextWith, fakeGraph, graphError, image, mediaUrlOf, NOW, postOf, REDIRECT, SINCE, video, type Step } from "./meta-fake";

const GRAPH = "https://graph.threads.net/v1.0";
const USER = "25811200000000001";
const TOKEN = "THAALongLivedToken";
const account = accountOf(USER, "fernhillbakery", TOKEN);
const connector = threadsProvider.connectors[0] as Extract<Connector, { kind: "oauth" }>;

const containerStep = (form: Record<string, string>, id: string, graph = GRAPH): Step => ({ request: `POST ${graph}/${USER}/threads`, form: { ...form, access_token: TOKEN }, body: { id } });
const statusStep = (container: string, status: string, errorMessage?: string, graph = GRAPH): Step => ({
  request: `GET ${graph}/${container}`,
  query: { fields: "status,error_message", access_token: TOKEN },
  body: { status, id: container, ...(errorMessage ? { error_message: errorMessage } : {}) },
});
const publishStep = (container: string, id: string, graph = GRAPH): Step => ({ request: `POST ${graph}/${USER}/threads_publish`, form: { creation_id: container, access_token: TOKEN }, body: { id } });
const permalinkStep = (id: string, graph = GRAPH): Step => ({
  request: `GET ${graph}/${id}`,
  query: { fields: "permalink", access_token: TOKEN },
  body: { permalink: `https://www.threads.net/@fernhillbakery/post/C${id}`, id },
});

describe("Threads: connecting", () => {
  it("is registered for the threads network with its connector reading THREADS_CLIENT_ID", () => {
    expect(providerFor("threads")).toBe(threadsProvider);
    expect(connector).toMatchObject({ kind: "oauth", id: "threads", envPrefix: "THREADS" });
  });

  it("sends the person to Threads' authorization window with the publishing and insights scopes", () => {
    const { ctx } = contextWith(fakeGraph([]).fetch);
    const url = new URL(connector.authorizeUrl({ app: APP, redirectUri: REDIRECT, state: "signed-state", codeChallenge: "challenge" }, ctx.env));
    expect(`${url.origin}${url.pathname}`).toBe("https://threads.net/oauth/authorize");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: "meta-app-id",
      redirect_uri: REDIRECT,
      scope: "threads_basic,threads_content_publish,threads_manage_insights",
      response_type: "code",
      state: "signed-state",
    });
  });

  it("trades the code for a one-hour token, that for a 60-day one, and names the account and the person", async () => {
    const graph = fakeGraph([
      {
        request: "POST https://graph.threads.net/oauth/access_token",
        form: { client_id: "meta-app-id", client_secret: "meta-app-secret", code: "th-code", grant_type: "authorization_code", redirect_uri: REDIRECT },
        // As documented: the user id a bare JSON number (this one past 2^53, so it cannot be kept exactly).
        raw: '{"access_token":"THAAShortToken","user_id":25811200000000001}',
      },
      {
        request: "GET https://graph.threads.net/access_token",
        query: { grant_type: "th_exchange_token", client_secret: "meta-app-secret", access_token: "THAAShortToken" },
        body: { access_token: TOKEN, token_type: "bearer", expires_in: 5183944 },
      },
      {
        request: `GET ${GRAPH}/me`,
        query: { fields: "id,username,name,threads_profile_picture_url", access_token: TOKEN },
        body: { id: USER, username: "fernhillbakery", name: "Fernhill Bakery", threads_profile_picture_url: "https://scontent.test/th.jpg" },
      },
    ]);
    const { ctx } = contextWith(graph.fetch);
    expect(await connector.exchangeCode(ctx, { app: APP, code: "th-code", codeVerifier: "verifier", redirectUri: REDIRECT })).toEqual([
      {
        externalId: USER,
        displayName: "Fernhill Bakery",
        handle: "fernhillbakery",
        avatarUrl: "https://scontent.test/th.jpg",
        credentials: { accessToken: TOKEN },
        expiresAt: NOW + 5183944 * 1000,
        ownerExternalId: "25811200000000001",
      },
    ]);
    graph.done();
  });

  it("says what Threads said when the code is refused", async () => {
    const graph = fakeGraph([
      {
        request: "POST https://graph.threads.net/oauth/access_token",
        form: { client_id: "meta-app-id", client_secret: "meta-app-secret", code: "bad", grant_type: "authorization_code", redirect_uri: REDIRECT },
        status: 400,
        body: graphError(1, "Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request"),
      },
    ]);
    const { ctx } = contextWith(graph.fetch);
    await expect(connector.exchangeCode(ctx, { app: APP, code: "bad", codeVerifier: "verifier", redirectUri: REDIRECT })).rejects.toThrow("Error validating verification code");
    graph.done();
  });
});

describe("Threads: publishing", () => {
  it("publishes a text post: a TEXT container, FINISHED, threads_publish, its permalink", async () => {
    const graph = fakeGraph([
      containerStep({ media_type: "TEXT", text: "Rye is back #bread" }, "c-1"),
      statusStep("c-1", "FINISHED"),
      publishStep("c-1", "t-1"),
      permalinkStep("t-1"),
    ]);
    const { ctx, slept } = contextWith(graph.fetch);
    expect(await threadsProvider.publish(ctx, account, postOf(["Rye is back #bread"]))).toEqual({ ok: true, id: "t-1", url: "https://www.threads.net/@fernhillbakery/post/Ct-1" });
    expect(slept).toEqual([]);
    graph.done();
  });

  it("publishes an image from its signed URL", async () => {
    const photo = image(81);
    const graph = fakeGraph([containerStep({ media_type: "IMAGE", image_url: mediaUrlOf(photo), text: "Crumb shot" }, "c-2"), statusStep("c-2", "FINISHED"), publishStep("c-2", "t-2"), permalinkStep("t-2")]);
    const { ctx } = contextWith(graph.fetch);
    expect(await threadsProvider.publish(ctx, account, postOf(["Crumb shot"], [photo]))).toMatchObject({ ok: true, id: "t-2" });
    graph.done();
  });

  it("publishes a video once Threads has processed it, polling through ctx.sleep", async () => {
    const clip = video(82);
    const graph = fakeGraph([
      containerStep({ media_type: "VIDEO", video_url: mediaUrlOf(clip), text: "Oven timelapse" }, "c-3"),
      statusStep("c-3", "IN_PROGRESS"),
      statusStep("c-3", "IN_PROGRESS"),
      statusStep("c-3", "FINISHED"),
      publishStep("c-3", "t-3"),
      permalinkStep("t-3"),
    ]);
    const { ctx, slept } = contextWith(graph.fetch);
    expect(await threadsProvider.publish(ctx, account, postOf(["Oven timelapse"], [clip]))).toMatchObject({ ok: true, id: "t-3" });
    expect(slept).toEqual([5_000, 10_000]);
    graph.done();
  });

  it("publishes a carousel: an item container each, processed, then the CAROUSEL container", async () => {
    const items = [image(91), video(92)];
    const graph = fakeGraph([
      containerStep({ media_type: "IMAGE", image_url: mediaUrlOf(items[0]!), is_carousel_item: "true" }, "i-1"),
      statusStep("i-1", "FINISHED"),
      containerStep({ media_type: "VIDEO", video_url: mediaUrlOf(items[1]!), is_carousel_item: "true" }, "i-2"),
      statusStep("i-2", "IN_PROGRESS"),
      statusStep("i-2", "FINISHED"),
      containerStep({ media_type: "CAROUSEL", children: "i-1,i-2", text: "This week" }, "c-4"),
      statusStep("c-4", "FINISHED"),
      publishStep("c-4", "t-4"),
      permalinkStep("t-4"),
    ]);
    const { ctx } = contextWith(graph.fetch);
    expect(await threadsProvider.publish(ctx, account, postOf(["This week"], items))).toMatchObject({ ok: true, id: "t-4" });
    graph.done();
  });

  it("publishes a long text as a thread: each further post a reply to the one before", async () => {
    const graph = fakeGraph([
      containerStep({ media_type: "TEXT", text: "1/3 Why we proof overnight" }, "c-a"),
      statusStep("c-a", "FINISHED"),
      publishStep("c-a", "t-a"),
      containerStep({ media_type: "TEXT", text: "2/3 Flavour", reply_to_id: "t-a" }, "c-b"),
      statusStep("c-b", "FINISHED"),
      publishStep("c-b", "t-b"),
      containerStep({ media_type: "TEXT", text: "3/3 Crust", reply_to_id: "t-b" }, "c-c"),
      statusStep("c-c", "FINISHED"),
      publishStep("c-c", "t-c"),
      permalinkStep("t-a"),
    ]);
    const { ctx } = contextWith(graph.fetch);
    expect(await threadsProvider.publish(ctx, account, postOf(["1/3 Why we proof overnight", "2/3 Flavour", "3/3 Crust"]))).toEqual({
      ok: true,
      id: "t-a",
      url: "https://www.threads.net/@fernhillbakery/post/Ct-a",
    });
    graph.done();
  });

  it("says which parts are live when a reply fails after the first post went out, and is not retried", async () => {
    const graph = fakeGraph([
      containerStep({ media_type: "TEXT", text: "1/2 Why we proof overnight" }, "c-a"),
      statusStep("c-a", "FINISHED"),
      publishStep("c-a", "t-a"),
      { request: `POST ${GRAPH}/${USER}/threads`, form: { media_type: "TEXT", text: "2/2 Flavour", reply_to_id: "t-a", access_token: TOKEN }, status: 400, body: { error: { message: "Invalid parameter", type: "OAuthException", code: 100 } } },
      permalinkStep("t-a"),
    ]);
    const { ctx } = contextWith(graph.fetch);
    const outcome = await threadsProvider.publish(ctx, account, postOf(["1/2 Why we proof overnight", "2/2 Flavour"]));
    expect(outcome).toMatchObject({ ok: false, errorClass: "bad_body", hint: expect.stringContaining("Finish the thread on Threads") });
    expect(outcome.ok === false && outcome.message).toMatch(/^only 1 of the 2 parts of the thread were published \(https:\/\/www\.threads\.net\/@fernhillbakery\/post\/Ct-a\); part 2 failed: .*Invalid parameter/);
    graph.done();
  });

  it("fails with Threads' error message when the container ends in ERROR, and publishes nothing", async () => {
    const clip = video(83);
    const graph = fakeGraph([
      containerStep({ media_type: "VIDEO", video_url: mediaUrlOf(clip), text: "Broken" }, "c-5"),
      statusStep("c-5", "ERROR", "FAILED_DOWNLOADING_VIDEO"),
    ]);
    const { ctx } = contextWith(graph.fetch);
    expect(await threadsProvider.publish(ctx, account, postOf(["Broken"], [clip]))).toMatchObject({
      ok: false,
      errorClass: "bad_body",
      message: "Threads could not process the media: ERROR (FAILED_DOWNLOADING_VIDEO)",
    });
    graph.done();
  });

  it("reports an unknown outcome when threads_publish's answer is lost", async () => {
    const graph = fakeGraph([containerStep({ media_type: "TEXT", text: "Lost" }, "c-6"), statusStep("c-6", "FINISHED"), { ...publishStep("c-6", "t-6"), lost: true }]);
    const { ctx } = contextWith(graph.fetch);
    expect(await threadsProvider.publish(ctx, account, postOf(["Lost"]))).toMatchObject({ ok: false, unknown: true });
    graph.done();
  });

  it("calls the Threads host the environment names (THREADS_GRAPH_BASE)", async () => {
    const local = "http://threads.fake.test/v1.0";
    const graph = fakeGraph([containerStep({ media_type: "TEXT", text: "Local" }, "c-7", local), statusStep("c-7", "FINISHED", undefined, local), publishStep("c-7", "t-7", local), permalinkStep("t-7", local)]);
    const { ctx } = contextWith(graph.fetch, { THREADS_GRAPH_BASE: "http://threads.fake.test/" });
    expect(await threadsProvider.publish(ctx, account, postOf(["Local"]))).toMatchObject({ ok: true, id: "t-7" });
    graph.done();
  });

  it.each([
    {
      what: "an expired token (190) asks for a refresh",
      status: 401,
      body: graphError(190, "Error validating access token: Session has expired.", { error_subcode: 463 }),
      expected: { errorClass: "refresh_token", message: expect.stringContaining("Session has expired") },
    },
    { what: "throttling (4) retries", status: 400, body: graphError(4, "Application request limit reached"), expected: { errorClass: "retry", retryAfterMs: 10 * 60_000 } },
    {
      what: "a 429 with Retry-After retries after it",
      status: 429,
      headers: { "Retry-After": "45" },
      body: graphError(613, "Calls to this api have exceeded the rate limit."),
      expected: { errorClass: "retry", retryAfterMs: 45_000 },
    },
    {
      what: "a text Threads refuses (100) fails with its words",
      status: 400,
      body: graphError(100, "Param text must be at most 500 characters long.", { error_user_msg: "Shorten the post." }),
      expected: { errorClass: "bad_body", message: expect.stringContaining("Param text must be at most 500 characters long.") },
    },
    { what: "Threads' own error (500) retries", status: 500, body: graphError(1, "An unknown error has occurred."), expected: { errorClass: "retry" } },
  ])("$what", async ({ status, body, headers, expected }) => {
    const graph = fakeGraph([{ ...containerStep({ media_type: "TEXT", text: "Hello" }, "c-x"), status, body, headers }]);
    const { ctx } = contextWith(graph.fetch);
    expect(await threadsProvider.publish(ctx, account, postOf(["Hello"]))).toMatchObject({ ok: false, ...expected });
    graph.done();
  });
});

describe("Threads: refresh, verify, metrics", () => {
  it("extends the token by another 60 days", async () => {
    const graph = fakeGraph([
      { request: "GET https://graph.threads.net/refresh_access_token", query: { grant_type: "th_refresh_token", access_token: TOKEN }, body: { access_token: "THAARefreshed", token_type: "bearer", expires_in: 5183944 } },
    ]);
    const { ctx } = contextWith(graph.fetch);
    expect(await threadsProvider.refresh(ctx, account)).toEqual({ ok: true, credentials: { accessToken: "THAARefreshed" }, expiresAt: NOW + 5183944 * 1000 });
    graph.done();
  });

  it("reports a refused refresh with Threads' words; a Threads outage keeps the tokens for later", async () => {
    const graph = fakeGraph([
      { request: "GET https://graph.threads.net/refresh_access_token", query: { grant_type: "th_refresh_token", access_token: TOKEN }, status: 400, body: graphError(190, "Error validating access token: Session has expired.") },
      { request: "GET https://graph.threads.net/refresh_access_token", query: { grant_type: "th_refresh_token", access_token: TOKEN }, status: 503, body: graphError(2, "Service unavailable", { is_transient: true }) },
    ]);
    const { ctx } = contextWith(graph.fetch);
    expect(await threadsProvider.refresh(ctx, account)).toEqual({ ok: false, message: "Error validating access token: Session has expired.", transient: false });
    expect(await threadsProvider.refresh(ctx, account)).toEqual({ ok: false, message: "Service unavailable", transient: true });
    graph.done();
  });

  const threadsQuery = { fields: "id,text,timestamp,permalink", since: SINCE, limit: "50", access_token: TOKEN };

  it("finds a post an earlier attempt published, by the thread's first text", async () => {
    const graph = fakeGraph([
      {
        request: `GET ${GRAPH}/${USER}/threads`,
        query: threadsQuery,
        body: { data: [{ id: "t-9", text: "1/3 Why we proof overnight", timestamp: "2026-12-02T09:57:00+0000", permalink: "https://www.threads.net/@fernhillbakery/post/C9" }], paging: {} },
      },
    ]);
    const { ctx } = contextWith(graph.fetch);
    expect(await threadsProvider.verify(ctx, account, postOf(["1/3 Why we proof overnight", "2/3 Flavour"]))).toEqual({ id: "t-9", url: "https://www.threads.net/@fernhillbakery/post/C9" });
    graph.done();
  });

  it("answers nothing when the account has no such post", async () => {
    const graph = fakeGraph([{ request: `GET ${GRAPH}/${USER}/threads`, query: threadsQuery, body: { data: [{ id: "t-8", text: "Another" }] } }]);
    const { ctx } = contextWith(graph.fetch);
    expect(await threadsProvider.verify(ctx, account, postOf(["Rye is back"]))).toBeNull();
    graph.done();
  });

  it("reads views, likes, replies and reposts with quotes as shares", async () => {
    const graph = fakeGraph([
      {
        request: `GET ${GRAPH}/t-1/insights`,
        query: { metric: "views,likes,replies,reposts,quotes", access_token: TOKEN },
        body: {
          data: [
            { name: "views", period: "lifetime", values: [{ value: 950 }], title: "Views", id: "t-1/insights/views/lifetime" },
            { name: "likes", period: "lifetime", values: [{ value: 41 }] },
            { name: "replies", period: "lifetime", values: [{ value: 6 }] },
            { name: "reposts", period: "lifetime", values: [{ value: 4 }] },
            { name: "quotes", period: "lifetime", values: [{ value: 2 }] },
          ],
        },
      },
    ]);
    const { ctx } = contextWith(graph.fetch);
    expect(await threadsProvider.metrics!(ctx, account, ["t-1"])).toEqual({ "t-1": { views: 950, likes: 41, comments: 6, shares: 6 } });
    graph.done();
  });
});
