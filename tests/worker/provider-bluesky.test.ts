import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { blueskyProvider, recordKey } from "../../worker/services/publishing/providers/bluesky";
import { providerFor } from "../../worker/services/publishing/providers";
import type { Connector, OutgoingMedia, OutgoingPost, ProviderAccount, ProviderContext } from "../../worker/services/publishing/providers/types";
import { bytesOf, fakeNetwork, reply, type FakeNetwork } from "../fake-network";
import { db } from "../factories";

/**
 * Bluesky against a fake of its XRPC services (the bsky.social entryway, the PLC directory, the
 * public AppView, a self-hosted PDS), checking each request as the lexicons and docs.bsky.app
 * document it and answering with their documented bodies and `{error, message}` failures.
 */

const NOW = Date.parse("2026-03-01T12:00:00Z");
const SERVICE = "https://bsky.social";
const XRPC = `${SERVICE}/xrpc`;
const APPVIEW = "https://public.api.bsky.app/xrpc";
const DID = "did:plc:z72i7hdynmk6r22z27h6tvur";
const TID = /^[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}$/;

/** A JWT as the PDS issues it, expiring at `exp` (ms); the signature is not ours to check. */
const jwt = (exp: number) => `${btoa(JSON.stringify({ typ: "at+jwt", alg: "ES256K" }))}.${btoa(JSON.stringify({ scope: "com.atproto.appPass", sub: DID, exp: exp / 1000 })).replace(/=+$/, "")}.c2lnbmF0dXJl`;
const ACCESS = jwt(NOW + 2 * 60 * 60_000);
const REFRESH = jwt(NOW + 90 * 24 * 60 * 60_000);

let net: FakeNetwork;
let media: Record<number, ArrayBuffer>;

beforeEach(() => {
  net = fakeNetwork({ "pds.example.org": ["93.184.216.34"], "pds.internal-example.net": ["10.0.0.7"] });
  media = {};
});
afterEach(() => expect(net.unexpected).toEqual([]));

const context = (): ProviderContext => ({ db, env, now: () => NOW, fetch: net.fetch, sleep: async () => {}, readMedia: async (item) => media[item.uploadId]! });
const account = (accessToken = ACCESS, pds = SERVICE): ProviderAccount => ({ externalId: DID, handle: "brand.bsky.social", credentials: { accessToken, refreshToken: REFRESH, extra: { did: DID, pds } } });
const post = (thread: string[], extra: Partial<OutgoingPost> = {}): OutgoingPost => ({ thread, media: [], idempotencyKey: "target-key-1", notBefore: NOW - 60_000, ...extra });
const image = (uploadId: number, bytes: number): OutgoingMedia => ({ uploadId, url: `/files/${uploadId}`, kind: "image", contentType: "image/jpeg", name: `Spring window ${uploadId}.jpg`, bytes });
const form = () => blueskyProvider.connectors[0] as Extract<Connector, { kind: "form" }>;
const uri = (rkey: string) => `at://${DID}/app.bsky.feed.post/${rkey}`;

/** The entryway resolves the handle; the PLC directory's document names a Bluesky-run PDS unless told otherwise. */
function identity(handle = "brand.bsky.social", pds = "https://morel.us-east.host.bsky.network") {
  net.on("GET", `${XRPC}/com.atproto.identity.resolveHandle`, (request) => {
    expect(request.url.searchParams.get("handle")).toBe(handle);
    return reply(200, { did: DID });
  });
  net.on("GET", `https://plc.directory/${DID}`, () =>
    reply(200, {
      "@context": ["https://www.w3.org/ns/did/v1"],
      id: DID,
      alsoKnownAs: [`at://${handle}`],
      verificationMethod: [],
      service: [{ id: "#atproto_pds", type: "AtprotoPersonalDataServer", serviceEndpoint: pds }],
    }),
  );
}

const session = () => reply(200, { did: DID, handle: "brand.bsky.social", email: "hello@brand.example", accessJwt: ACCESS, refreshJwt: REFRESH, active: true });

describe("connecting a Bluesky account", () => {
  it("asks for the handle and an app password, saying where to create one", () => {
    expect(form()).toMatchObject({ kind: "form", id: "bluesky" });
    expect(form().fields.map((field) => [field.name, field.type])).toEqual([
      ["handle", "text"],
      ["app_password", "password"],
    ]);
    expect(form().fields[1]!.help).toContain("App passwords");
    expect(providerFor("bluesky")).toBe(blueskyProvider);
  });

  it("opens a session at the entryway with the app password and keeps the session, never the password", async () => {
    identity();
    net.on("POST", `${XRPC}/com.atproto.server.createSession`, () => session());
    net.on("GET", `${APPVIEW}/app.bsky.actor.getProfile`, () => reply(200, { did: DID, handle: "brand.bsky.social", displayName: "Brand Studio", avatar: "https://cdn.bsky.app/img/avatar/plain/a.jpg" }));
    const accounts = await form().connect(context(), { handle: "@Brand.bsky.social ", app_password: "abcd-efgh-ijkl-mnop" });

    const created = net.to("POST", `${XRPC}/com.atproto.server.createSession`)[0]!;
    expect(created.headers.get("content-type")).toBe("application/json");
    expect(created.json).toEqual({ identifier: "brand.bsky.social", password: "abcd-efgh-ijkl-mnop" });
    expect(net.to("GET", `${APPVIEW}/app.bsky.actor.getProfile`)[0]!.url.searchParams.get("actor")).toBe(DID);
    expect(accounts).toEqual([
      {
        externalId: DID,
        displayName: "Brand Studio",
        handle: "brand.bsky.social",
        avatarUrl: "https://cdn.bsky.app/img/avatar/plain/a.jpg",
        credentials: { accessToken: ACCESS, refreshToken: REFRESH, extra: { did: DID, pds: SERVICE } },
        expiresAt: NOW + 90 * 24 * 60 * 60_000,
      },
    ]);
    expect(JSON.stringify(accounts)).not.toContain("abcd-efgh");
  });

  it("says the app password was not accepted when Bluesky refuses it", async () => {
    identity();
    net.on("POST", `${XRPC}/com.atproto.server.createSession`, () => reply(401, { error: "AuthenticationRequired", message: "Invalid identifier or password" }));
    await expect(form().connect(context(), { handle: "brand.bsky.social", app_password: "abcd-efgh-ijkl-mnop" })).rejects.toMatchObject({
      status: 400,
      details: { fields: { app_password: ["was not accepted by Bluesky: check it, or create a new one"] } },
    });
  });

  it("refuses an account password before sending it anywhere", async () => {
    await expect(form().connect(context(), { handle: "brand.bsky.social", app_password: "my real password" })).rejects.toMatchObject({ status: 400, details: { fields: { app_password: [expect.stringContaining("app password")] } } });
    expect(net.requests).toEqual([]);
  });

  it("opens the session on a self-hosted PDS named by the DID document, through safe-fetch", async () => {
    identity("brand.example.org", "https://pds.example.org");
    net.on("POST", "https://pds.example.org/xrpc/com.atproto.server.createSession", () => session());
    net.on("GET", `${APPVIEW}/app.bsky.actor.getProfile`, () => reply(200, { did: DID, handle: "brand.bsky.social" }));
    const [connected] = await form().connect(context(), { handle: "brand.example.org", app_password: "abcd-efgh-ijkl-mnop" });
    expect(connected!.credentials.extra).toEqual({ did: DID, pds: "https://pds.example.org" });
    // The person's own host was looked up (and found public) before it was called.
    expect(net.lookups).toContain("pds.example.org");
  });

  it("refuses a PDS on a private network and sends it nothing", async () => {
    identity("brand.internal-example.net", "https://pds.internal-example.net");
    await expect(form().connect(context(), { handle: "brand.internal-example.net", app_password: "abcd-efgh-ijkl-mnop" })).rejects.toMatchObject({
      status: 400,
      details: { fields: { handle: ["points to a private network address"] } },
    });
    expect(net.requests.filter((request) => request.url.hostname === "pds.internal-example.net")).toEqual([]);
  });
});

describe("publishing to Bluesky", () => {
  it("writes a post under a record key from the idempotency key, with facets over UTF-8 bytes", async () => {
    const rkey = await recordKey("target-key-1", 0);
    expect(rkey).toMatch(TID);
    net.on("GET", `${XRPC}/com.atproto.identity.resolveHandle`, () => reply(200, { did: "did:plc:alice" }));
    net.on("POST", `${XRPC}/com.atproto.repo.createRecord`, () => reply(200, { uri: uri(rkey), cid: "bafyreib2rxk3rh6kzwq", commit: { cid: "bafyc", rev: "3l3qo2vutsw2b" }, validationStatus: "valid" }));
    const text = "Café 🌸 with @alice.bsky.social #SpringSale https://brand.example/été";
    const outcome = await blueskyProvider.publish(context(), account(), post([text]));
    expect(outcome).toEqual({ ok: true, id: uri(rkey), url: `https://bsky.app/profile/${DID}/post/${rkey}` });

    const created = net.to("POST", `${XRPC}/com.atproto.repo.createRecord`)[0]!;
    expect(created.headers.get("authorization")).toBe(`Bearer ${ACCESS}`);
    expect(created.json).toEqual({
      repo: DID,
      collection: "app.bsky.feed.post",
      rkey,
      record: {
        $type: "app.bsky.feed.post",
        text,
        createdAt: "2026-03-01T12:00:00.000Z",
        facets: [
          // "Café " is 6 bytes, "🌸 " 5 more, "with " 5: the mention starts at byte 16.
          { index: { byteStart: 16, byteEnd: 34 }, features: [{ $type: "app.bsky.richtext.facet#mention", did: "did:plc:alice" }] },
          { index: { byteStart: 35, byteEnd: 46 }, features: [{ $type: "app.bsky.richtext.facet#tag", tag: "SpringSale" }] },
          { index: { byteStart: 47, byteEnd: 74 }, features: [{ $type: "app.bsky.richtext.facet#link", uri: "https://brand.example/été" }] },
        ],
      },
    });
  });

  it("uploads images as blobs and embeds them with their names as alt text", async () => {
    media[1] = bytesOf(800_000);
    media[2] = bytesOf(1_000);
    const blob = (link: string, size: number) => ({ $type: "blob", ref: { $link: link }, mimeType: "image/jpeg", size });
    net.on("POST", `${XRPC}/com.atproto.repo.uploadBlob`, () => reply(200, { blob: blob("bafkreia", 800_000) }));
    net.on("POST", `${XRPC}/com.atproto.repo.uploadBlob`, () => reply(200, { blob: blob("bafkreib", 1_000) }));
    net.on("POST", `${XRPC}/com.atproto.repo.createRecord`, (request) => reply(200, { uri: uri((request.json as { rkey: string }).rkey), cid: "bafyrei1" }));
    const outcome = await blueskyProvider.publish(context(), account(), post(["New in store"], { media: [image(1, 800_000), image(2, 1_000)] }));
    expect(outcome.ok).toBe(true);

    const uploads = net.to("POST", `${XRPC}/com.atproto.repo.uploadBlob`);
    expect(uploads.map((request) => [request.headers.get("content-type"), request.bytes!.byteLength])).toEqual([
      ["image/jpeg", 800_000],
      ["image/jpeg", 1_000],
    ]);
    expect((net.to("POST", `${XRPC}/com.atproto.repo.createRecord`)[0]!.json as { record: { embed: unknown } }).record.embed).toEqual({
      $type: "app.bsky.embed.images",
      images: [
        { alt: "Spring window 1.jpg", image: blob("bafkreia", 800_000) },
        { alt: "Spring window 2.jpg", image: blob("bafkreib", 1_000) },
      ],
    });
  });

  it("refuses an image over 1 MB with a hint to shrink it, uploading nothing", async () => {
    media[1] = bytesOf(1_200_000);
    const outcome = await blueskyProvider.publish(context(), account(), post(["Big"], { media: [image(1, 1_200_000)] }));
    expect(outcome).toEqual({
      ok: false,
      errorClass: "bad_body",
      message: "Spring window 1.jpg is 1.2 MB; Bluesky takes images up to 1 MB",
      hint: "Resize or compress the image to under 1 MB and schedule it again.",
    });
    expect(net.requests).toEqual([]);
  });

  it("posts a thread as replies naming the root and the parent", async () => {
    const keys = await Promise.all([0, 1, 2].map((part) => recordKey("target-key-1", part)));
    expect(new Set(keys).size).toBe(3);
    net.always("POST", `${XRPC}/com.atproto.repo.createRecord`, (request) => {
      const { rkey } = request.json as { rkey: string };
      return reply(200, { uri: uri(rkey), cid: `cid-${rkey}` });
    });
    const outcome = await blueskyProvider.publish(context(), account(), post(["One", "Two", "Three"]));
    expect(outcome).toMatchObject({ ok: true, id: uri(keys[0]!) });
    const records = net.to("POST", `${XRPC}/com.atproto.repo.createRecord`).map((request) => request.json as { rkey: string; record: { text: string; reply?: unknown } });
    expect(records.map((r) => r.rkey)).toEqual(keys);
    const ref = (rkey: string) => ({ uri: uri(rkey), cid: `cid-${rkey}` });
    expect(records.map((r) => r.record.reply)).toEqual([undefined, { root: ref(keys[0]!), parent: ref(keys[0]!) }, { root: ref(keys[0]!), parent: ref(keys[1]!) }]);
  });

  it("recognises a part an earlier attempt already wrote, and writes only the rest of the thread", async () => {
    const keys = await Promise.all([0, 1].map((part) => recordKey("target-key-1", part)));
    // The PDS refuses a second create at a taken key (its repository already has a value there).
    net.on("POST", `${XRPC}/com.atproto.repo.createRecord`, () => reply(500, { error: "InternalServerError", message: "Internal Server Error" }));
    net.on("GET", `${XRPC}/com.atproto.repo.getRecord`, (request) => {
      expect(Object.fromEntries(request.url.searchParams)).toEqual({ repo: DID, collection: "app.bsky.feed.post", rkey: keys[0] });
      return reply(200, { uri: uri(keys[0]!), cid: "cid-first", value: { $type: "app.bsky.feed.post", text: "One" } });
    });
    net.on("POST", `${XRPC}/com.atproto.repo.createRecord`, () => reply(200, { uri: uri(keys[1]!), cid: "cid-second" }));
    const outcome = await blueskyProvider.publish(context(), account(), post(["One", "Two"]));
    expect(outcome).toMatchObject({ ok: true, id: uri(keys[0]!) });
    const second = net.to("POST", `${XRPC}/com.atproto.repo.createRecord`)[1]!.json as { record: { reply: unknown } };
    expect(second.record.reply).toEqual({ root: { uri: uri(keys[0]!), cid: "cid-first" }, parent: { uri: uri(keys[0]!), cid: "cid-first" } });
  });
});

describe("Bluesky's failures, as the publisher's four classes", () => {
  const attempt = async (answer: Response) => {
    net.on("POST", `${XRPC}/com.atproto.repo.createRecord`, () => answer);
    return blueskyProvider.publish(context(), account(), post(["Hello"]));
  };

  it("asks for a refresh when the access token has expired", async () => {
    expect(await attempt(reply(400, { error: "ExpiredToken", message: "Token has expired" }))).toEqual({ ok: false, errorClass: "refresh_token", message: "400 ExpiredToken: Token has expired" });
  });

  it("asks for a refresh without calling Bluesky when the session's access token is already past its time", async () => {
    const outcome = await blueskyProvider.publish(context(), account(jwt(NOW - 1_000)), post(["Hello"]));
    expect(outcome).toMatchObject({ ok: false, errorClass: "refresh_token" });
    expect(net.requests).toEqual([]);
  });

  it("fails with Bluesky's own message on an invalid record", async () => {
    expect(await attempt(reply(400, { error: "InvalidRequest", message: "Invalid app.bsky.feed.post record: Record/text must not be longer than 300 graphemes" }))).toEqual({
      ok: false,
      errorClass: "bad_body",
      message: "400 InvalidRequest: Invalid app.bsky.feed.post record: Record/text must not be longer than 300 graphemes",
    });
  });

  it("retries at the rate limit's reset", async () => {
    const outcome = await attempt(reply(429, { error: "RateLimitExceeded", message: "Rate Limit Exceeded" }, { "ratelimit-limit": "5000", "ratelimit-remaining": "0", "ratelimit-reset": String(NOW / 1000 + 1_800) }));
    expect(outcome).toEqual({ ok: false, errorClass: "retry", message: "429 RateLimitExceeded: Rate Limit Exceeded", retryAfterMs: 1_800_000 });
  });

  it("retries a server error once it has checked the record was not written", async () => {
    net.on("GET", `${XRPC}/com.atproto.repo.getRecord`, () => reply(400, { error: "RecordNotFound", message: "Could not locate record" }));
    expect(await attempt(reply(502, { error: "UpstreamFailure", message: "Upstream Failure" }))).toMatchObject({ ok: false, errorClass: "retry", message: "502 UpstreamFailure: Upstream Failure" });
  });

  it("refuses, sending nothing, when a self-hosted PDS now resolves to a private address", async () => {
    const outcome = await blueskyProvider.publish(context(), account(ACCESS, "https://pds.internal-example.net"), post(["Hello"]));
    expect(outcome).toMatchObject({ ok: false, errorClass: "bad_body", message: "The account's Bluesky server was refused: That address is on a private network" });
    expect(net.requests).toEqual([]);
  });

  it("reports an unknown outcome when the create gets no answer", async () => {
    net.on("POST", `${XRPC}/com.atproto.repo.createRecord`, () => {
      throw new DOMException("The operation was aborted due to timeout", "TimeoutError");
    });
    expect(await blueskyProvider.publish(context(), account(), post(["Hello"]))).toMatchObject({ ok: false, unknown: true });
  });
});

describe("refreshing a Bluesky session", () => {
  it("refreshes the session with the refresh token, which rotates", async () => {
    const next = { access: jwt(NOW + 4 * 60 * 60_000), refresh: jwt(NOW + 91 * 24 * 60 * 60_000) };
    net.on("POST", `${XRPC}/com.atproto.server.refreshSession`, () => reply(200, { did: DID, handle: "brand.bsky.social", accessJwt: next.access, refreshJwt: next.refresh, active: true }));
    const outcome = await blueskyProvider.refresh(context(), account());
    expect(outcome).toEqual({ ok: true, credentials: { accessToken: next.access, refreshToken: next.refresh, extra: { did: DID, pds: SERVICE } }, expiresAt: NOW + 91 * 24 * 60 * 60_000 });
    const [request] = net.requests;
    expect(request!.headers.get("authorization")).toBe(`Bearer ${REFRESH}`);
  });

  it("reports a refused refresh so the account asks for a new app password", async () => {
    net.on("POST", `${XRPC}/com.atproto.server.refreshSession`, () => reply(400, { error: "ExpiredToken", message: "Token has been revoked" }));
    expect(await blueskyProvider.refresh(context(), account())).toEqual({ ok: false, message: "ExpiredToken: Token has been revoked; reconnect the account with a new app password", transient: false });
  });
});

describe("verifying an unknown outcome on Bluesky", () => {
  it("reads the record back under its key", async () => {
    const rkey = await recordKey("target-key-1", 0);
    net.on("GET", `${XRPC}/com.atproto.repo.getRecord`, (request) => {
      expect(request.url.searchParams.get("rkey")).toBe(rkey);
      return reply(200, { uri: uri(rkey), cid: "bafyrei1", value: { $type: "app.bsky.feed.post", text: "Hello" } });
    });
    expect(await blueskyProvider.verify(context(), account(), post(["Hello"]))).toEqual({ id: uri(rkey), url: `https://bsky.app/profile/${DID}/post/${rkey}` });
  });

  it("answers not found when the record is not there", async () => {
    net.on("GET", `${XRPC}/com.atproto.repo.getRecord`, () => reply(400, { error: "RecordNotFound", message: "Could not locate record" }));
    expect(await blueskyProvider.verify(context(), account(), post(["Hello"]))).toBeNull();
  });

  it("answers not found for a thread cut short, so the resend finishes it", async () => {
    net.on("GET", `${XRPC}/com.atproto.repo.getRecord`, () => reply(200, { uri: uri("root"), cid: "c1", value: {} }));
    net.on("GET", `${XRPC}/com.atproto.repo.getRecord`, () => reply(400, { error: "RecordNotFound", message: "Could not locate record" }));
    expect(await blueskyProvider.verify(context(), account(), post(["One", "Two"]))).toBeNull();
  });
});

describe("Bluesky metrics and revocation", () => {
  it("reads likes, replies, and reposts with quotes from the public AppView", async () => {
    net.on("GET", `${APPVIEW}/app.bsky.feed.getPosts`, () =>
      reply(200, { posts: [{ uri: uri("a"), cid: "c", author: { did: DID }, record: {}, likeCount: 12, repostCount: 3, replyCount: 2, quoteCount: 1, indexedAt: "2026-03-01T12:00:00Z" }] }),
    );
    expect(await blueskyProvider.metrics!(context(), account(), [uri("a")])).toEqual({ [uri("a")]: { likes: 12, comments: 2, shares: 4 } });
    expect(net.requests[0]!.url.searchParams.getAll("uris")).toEqual([uri("a")]);
  });

  it("ends the session this app opened on disconnect", async () => {
    net.on("POST", `${XRPC}/com.atproto.server.deleteSession`, () => new Response(null, { status: 200 }));
    await blueskyProvider.revoke!(context(), account());
    expect(net.requests[0]!.headers.get("authorization")).toBe(`Bearer ${REFRESH}`);
  });
});
