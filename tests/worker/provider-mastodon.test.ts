import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { instanceOrigin, mastodonProvider } from "../../worker/services/publishing/providers/mastodon";
import { providerFor } from "../../worker/services/publishing/providers";
import type { Connector, OutgoingMedia, OutgoingPost, ProviderAccount, ProviderContext } from "../../worker/services/publishing/providers/types";
import { bytesOf, fakeNetwork, reply, type FakeNetwork } from "../fake-network";
import { db } from "../factories";

/**
 * Mastodon against a fake instance that checks each request as docs.joinmastodon.org documents
 * it (apps, OAuth with PKCE, statuses with Idempotency-Key, v2 media, revoke) and answers with
 * its documented entities and `{ error }` bodies. Every call to the instance goes through
 * safe-fetch, so the fake also answers the DNS lookups it makes.
 */

const NOW = Date.parse("2026-03-01T12:00:00Z");
const INSTANCE = "https://mastodon.social";
const REDIRECT = "https://app.example/integrations/mastodon/callback";
const APP = { clientId: "mastodon-client", clientSecret: "mastodon-secret" };

let net: FakeNetwork;
let slept: number[];
let media: Record<number, ArrayBuffer>;

beforeEach(() => {
  net = fakeNetwork({ "mastodon.social": ["93.184.216.34", "2606:4700::6810:84e5"], "intranet.example.com": ["192.168.1.20"] });
  slept = [];
  media = {};
});
afterEach(() => expect(net.unexpected).toEqual([]));

const context = (): ProviderContext => ({ db, env, now: () => NOW, fetch: net.fetch, sleep: async (ms) => void slept.push(ms), readMedia: async (item) => media[item.uploadId]! });
const account: ProviderAccount = {
  externalId: "109384@mastodon.social",
  handle: "brand@mastodon.social",
  credentials: { accessToken: "masto-token", extra: { instance: INSTANCE, accountId: "109384", clientId: APP.clientId, clientSecret: APP.clientSecret } },
};
const post = (thread: string[], extra: Partial<OutgoingPost> = {}): OutgoingPost => ({ thread, media: [], idempotencyKey: "5f0c1a9e-key", notBefore: NOW - 60_000, ...extra });
const oauth = () => mastodonProvider.connectors[0] as Extract<Connector, { kind: "oauth" }>;

/** A Status entity, as POST /api/v1/statuses and the timelines answer it. */
const status = (id: string, content: string, extra: Record<string, unknown> = {}) => ({
  id,
  created_at: "2026-03-01T12:00:01.000Z",
  in_reply_to_id: null,
  visibility: "public",
  content,
  url: `${INSTANCE}/@brand/${id}`,
  uri: `${INSTANCE}/users/brand/statuses/${id}`,
  favourites_count: 0,
  reblogs_count: 0,
  replies_count: 0,
  ...extra,
});

describe("connecting a Mastodon account", () => {
  it("asks for the person's server first and registers its app there", () => {
    expect(oauth()).toMatchObject({ kind: "oauth", id: "mastodon", envPrefix: null, instanceField: { name: "instance", placeholder: "mastodon.social" } });
    expect(providerFor("mastodon")).toBe(mastodonProvider);
  });

  it("understands the server however it is typed", () => {
    expect(["mastodon.social", "https://mastodon.social/", " Mastodon.Social", "@brand@mastodon.social"].map(instanceOrigin)).toEqual(Array(4).fill(INSTANCE));
    expect(() => instanceOrigin("http://mastodon.social")).toThrow("https");
    expect(() => instanceOrigin("localhost")).toThrow("server address");
  });

  it("registers Brandwork with the instance through POST /api/v1/apps", async () => {
    net.on("POST", `${INSTANCE}/api/v1/apps`, () =>
      reply(200, { id: "563419", name: "Brandwork", website: "https://app.example", scopes: ["read", "write:statuses", "write:media"], redirect_uris: [REDIRECT], client_id: APP.clientId, client_secret: APP.clientSecret, client_secret_expires_at: 0 }),
    );
    const app = await oauth().registerApp!(context(), "mastodon.social", REDIRECT);
    expect(app).toEqual(APP);
    const [request] = net.requests;
    expect(request!.json).toEqual({ client_name: "Brandwork", redirect_uris: REDIRECT, scopes: "read write:statuses write:media", website: "https://app.example" });
    // Safe-fetch looked the instance up (and found it public) before calling it.
    expect(net.lookups).toContain("mastodon.social");
  });

  it("refuses an instance on a private network without sending it anything", async () => {
    await expect(oauth().registerApp!(context(), "intranet.example.com", REDIRECT)).rejects.toMatchObject({ status: 400, details: { fields: { instance: ["points to a private network address"] } } });
    expect(net.requests).toEqual([]);
  });

  it("names the instance field when the server does not answer", async () => {
    net.on("POST", `${INSTANCE}/api/v1/apps`, () => {
      throw new TypeError("Network connection lost.");
    });
    await expect(oauth().registerApp!(context(), "mastodon.social", REDIRECT)).rejects.toMatchObject({ status: 400, details: { fields: { instance: ["did not answer"] } } });
  });

  it("refuses a literal private address as the instance", async () => {
    await expect(oauth().registerApp!(context(), "https://10.0.0.5", REDIRECT)).rejects.toMatchObject({ status: 400, details: { fields: { instance: ["points to a private network address"] } } });
    expect(net.requests).toEqual([]);
  });

  it("sends the person to their instance's consent screen with PKCE (S256)", () => {
    const url = new URL(oauth().authorizeUrl({ app: APP, redirectUri: REDIRECT, state: "signed.state", codeChallenge: "challenge123", instance: "mastodon.social" }, env));
    expect(`${url.origin}${url.pathname}`).toBe(`${INSTANCE}/oauth/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: "code",
      client_id: APP.clientId,
      redirect_uri: REDIRECT,
      scope: "read write:statuses write:media",
      state: "signed.state",
      code_challenge: "challenge123",
      code_challenge_method: "S256",
    });
  });

  it("exchanges the code, names the account, and keeps the instance's character limit", async () => {
    net.on("POST", `${INSTANCE}/oauth/token`, () => reply(200, { access_token: "masto-token", token_type: "Bearer", scope: "read write:statuses write:media", created_at: 1740000000 }));
    net.on("GET", `${INSTANCE}/api/v1/accounts/verify_credentials`, () =>
      reply(200, { id: "109384", username: "brand", acct: "brand", display_name: "Brand Studio", avatar: `${INSTANCE}/avatars/original/missing.png`, url: `${INSTANCE}/@brand` }),
    );
    net.on("GET", `${INSTANCE}/api/v2/instance`, () => reply(200, { domain: "mastodon.social", configuration: { statuses: { max_characters: 500, max_media_attachments: 4 } } }));
    const accounts = await oauth().exchangeCode(context(), { app: APP, code: "the-code", codeVerifier: "the-verifier", redirectUri: REDIRECT, instance: "mastodon.social" });

    const token = net.to("POST", `${INSTANCE}/oauth/token`)[0]!;
    expect(Object.fromEntries(token.form!)).toEqual({
      grant_type: "authorization_code",
      code: "the-code",
      redirect_uri: REDIRECT,
      code_verifier: "the-verifier",
      scope: "read write:statuses write:media",
      client_id: APP.clientId,
      client_secret: APP.clientSecret,
    });
    expect(net.to("GET", `${INSTANCE}/api/v1/accounts/verify_credentials`)[0]!.headers.get("authorization")).toBe("Bearer masto-token");
    expect(accounts).toEqual([
      {
        externalId: "109384@mastodon.social",
        displayName: "Brand Studio",
        handle: "brand@mastodon.social",
        avatarUrl: `${INSTANCE}/avatars/original/missing.png`,
        url: `${INSTANCE}/@brand`,
        credentials: { accessToken: "masto-token", extra: { instance: INSTANCE, accountId: "109384", clientId: APP.clientId, clientSecret: APP.clientSecret, maxCharacters: "500" } },
        expiresAt: null,
      },
    ]);
  });
});

describe("publishing to Mastodon", () => {
  it("publishes a status with the post's idempotency key", async () => {
    net.on("POST", `${INSTANCE}/api/v1/statuses`, () => reply(200, status("111", "<p>Spring is here</p>")));
    const outcome = await mastodonProvider.publish(context(), account, post(["Spring is here"]));
    expect(outcome).toEqual({ ok: true, id: "111", url: `${INSTANCE}/@brand/111` });
    const [request] = net.requests;
    expect(request!.headers.get("authorization")).toBe("Bearer masto-token");
    expect(request!.headers.get("idempotency-key")).toBe("5f0c1a9e-key");
    expect(request!.json).toEqual({ status: "Spring is here" });
  });

  it("uploads media, waits while the instance processes it, and attaches it", async () => {
    media[1] = bytesOf(2_000);
    const item: OutgoingMedia = { uploadId: 1, url: "/files/1", kind: "video", contentType: "video/mp4", name: "Teaser clip.mp4", bytes: 2_000 };
    net.on("POST", `${INSTANCE}/api/v2/media`, () => reply(202, { id: "22", type: "unknown", url: null, preview_url: null, description: "Teaser clip.mp4" }));
    net.on("GET", `${INSTANCE}/api/v1/media/22`, () => reply(206, { id: "22", type: "video", url: null }));
    net.on("GET", `${INSTANCE}/api/v1/media/22`, () => reply(200, { id: "22", type: "video", url: `${INSTANCE}/media/22.mp4` }));
    net.on("POST", `${INSTANCE}/api/v1/statuses`, () => reply(200, status("112", "<p>Watch</p>")));
    const outcome = await mastodonProvider.publish(context(), account, post(["Watch"], { media: [item] }));
    expect(outcome).toMatchObject({ ok: true, id: "112" });

    const upload = net.to("POST", `${INSTANCE}/api/v2/media`)[0]!;
    const file = upload.multipart!.get("file") as File;
    expect([file.name, file.type, file.size]).toEqual(["Teaser clip.mp4", "video/mp4", 2_000]);
    expect(upload.multipart!.get("description")).toBe("Teaser clip.mp4");
    expect(slept).toEqual([2_000, 2_000]);
    expect(net.to("POST", `${INSTANCE}/api/v1/statuses`)[0]!.json).toEqual({ status: "Watch", media_ids: ["22"] });
  });

  it("posts a thread as replies, each part with its own idempotency key", async () => {
    net.on("POST", `${INSTANCE}/api/v1/statuses`, () => reply(200, status("201", "<p>One</p>")));
    net.on("POST", `${INSTANCE}/api/v1/statuses`, () => reply(200, status("202", "<p>Two</p>", { in_reply_to_id: "201" })));
    const outcome = await mastodonProvider.publish(context(), account, post(["One", "Two"]));
    expect(outcome).toEqual({ ok: true, id: "201", url: `${INSTANCE}/@brand/201` });
    const sent = net.to("POST", `${INSTANCE}/api/v1/statuses`);
    expect(sent.map((request) => [request.headers.get("idempotency-key"), request.json])).toEqual([
      ["5f0c1a9e-key", { status: "One" }],
      ["5f0c1a9e-key-2", { status: "Two", in_reply_to_id: "201" }],
    ]);
  });

  it("refuses to call an instance that now resolves to a private address", async () => {
    const moved: ProviderAccount = { ...account, credentials: { ...account.credentials, extra: { ...account.credentials.extra, instance: "https://intranet.example.com" } } };
    const outcome = await mastodonProvider.publish(context(), moved, post(["Hello"]));
    expect(outcome).toMatchObject({ ok: false, errorClass: "bad_body", message: "The server's address was refused: That address is on a private network" });
    expect(net.requests).toEqual([]);
  });
});

describe("Mastodon's failures, as the publisher's four classes", () => {
  const attempt = async (answer: Response) => {
    net.on("POST", `${INSTANCE}/api/v1/statuses`, () => answer);
    return mastodonProvider.publish(context(), account, post(["Hello"]));
  };

  it("asks for the account to be reconnected on 401: Mastodon tokens do not refresh", async () => {
    expect(await attempt(reply(401, { error: "The access token is invalid" }))).toEqual({
      ok: false,
      errorClass: "disconnect",
      message: "401 The access token is invalid: mastodon.social no longer accepts this app's access; reconnect the account",
    });
  });

  it("fails with the instance's own message when it refuses the status", async () => {
    expect(await attempt(reply(422, { error: "Validation failed: Text character limit of 500 exceeded" }))).toEqual({
      ok: false,
      errorClass: "bad_body",
      message: "422 Validation failed: Text character limit of 500 exceeded",
      hint: "Change the post as the server asks and schedule it again.",
    });
  });

  it("retries at the rate limit's reset time", async () => {
    const outcome = await attempt(reply(429, { error: "Too many requests" }, { "X-RateLimit-Limit": "300", "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "2026-03-01T12:05:00.000Z" }));
    expect(outcome).toEqual({ ok: false, errorClass: "retry", message: "429 Too many requests", retryAfterMs: 300_000 });
  });

  it("retries when the instance has a server error", async () => {
    expect(await attempt(new Response("<html>503 Service Unavailable</html>", { status: 503 }))).toMatchObject({ ok: false, errorClass: "retry" });
  });

  it("reports an unknown outcome when the create gets no answer", async () => {
    net.on("POST", `${INSTANCE}/api/v1/statuses`, () => {
      throw new DOMException("The operation was aborted due to timeout", "TimeoutError");
    });
    expect(await mastodonProvider.publish(context(), account, post(["Hello"]))).toMatchObject({ ok: false, unknown: true });
  });
});

describe("keeping a Mastodon connection", () => {
  it("has nothing to refresh: a working token stays as it is", async () => {
    net.on("GET", `${INSTANCE}/api/v1/accounts/verify_credentials`, () => reply(200, { id: "109384", username: "brand", acct: "brand" }));
    expect(await mastodonProvider.refresh(context(), account)).toEqual({ ok: true, credentials: account.credentials, expiresAt: null });
  });

  it("says a revoked token needs the account reconnected", async () => {
    net.on("GET", `${INSTANCE}/api/v1/accounts/verify_credentials`, () => reply(401, { error: "The access token was revoked" }));
    expect(await mastodonProvider.refresh(context(), account)).toEqual({ ok: false, message: "The access token was revoked: Mastodon tokens cannot be refreshed; reconnect the account", transient: false });
  });

  it("revokes the token at the instance on disconnect", async () => {
    net.on("POST", `${INSTANCE}/oauth/revoke`, () => reply(200, {}));
    await mastodonProvider.revoke!(context(), account);
    expect(Object.fromEntries(net.requests[0]!.form!)).toEqual({ client_id: APP.clientId, client_secret: APP.clientSecret, token: "masto-token" });
  });

  it("reads favourites, boosts and replies for published statuses", async () => {
    net.on("GET", `${INSTANCE}/api/v1/statuses/111`, () => reply(200, status("111", "<p>x</p>", { favourites_count: 9, reblogs_count: 4, replies_count: 2 })));
    net.on("GET", `${INSTANCE}/api/v1/statuses/112`, () => reply(404, { error: "Record not found" }));
    expect(await mastodonProvider.metrics!(context(), account, ["111", "112"])).toEqual({ "111": { likes: 9, shares: 4, comments: 2 } });
  });
});

describe("verifying an unknown outcome on Mastodon", () => {
  const timeline = (statuses: unknown[]) =>
    net.on("GET", `${INSTANCE}/api/v1/accounts/109384/statuses`, (request) => {
      expect(Object.fromEntries(request.url.searchParams)).toEqual({ limit: "40", exclude_reblogs: "true" });
      return reply(200, statuses);
    });

  it("finds the status by its text in the account's recent statuses, HTML and shortened links notwithstanding", async () => {
    timeline([
      status("300", "<p>Older post</p>", { created_at: "2026-03-01T10:00:00.000Z" }),
      status("301", '<p>Shop &amp; save <a href="https://shop.example/spring-sale" rel="nofollow noopener" target="_blank"><span class="invisible">https://</span><span class="ellipsis">shop.example/spring-s</span><span class="invisible">ale</span></a> <a href="https://mastodon.social/tags/spring" class="mention hashtag" rel="tag">#<span>spring</span></a></p>'),
    ]);
    expect(await mastodonProvider.verify(context(), account, post(["Shop & save https://shop.example/spring-sale #spring"]))).toEqual({ id: "301", url: `${INSTANCE}/@brand/301` });
  });

  it("answers not found when nothing since the attempt has the text", async () => {
    timeline([status("300", "<p>Shop &amp; save</p>", { created_at: "2026-03-01T10:00:00.000Z" })]);
    expect(await mastodonProvider.verify(context(), account, post(["Shop & save"]))).toBeNull();
  });

  it("answers not found for a thread cut short, so the resend (same keys) completes it", async () => {
    timeline([status("401", "<p>One</p>")]);
    expect(await mastodonProvider.verify(context(), account, post(["One", "Two"]))).toBeNull();
  });
});
