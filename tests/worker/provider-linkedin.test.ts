import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { escapeLittleText, LINKEDIN_VERSION, linkedinProvider, unescapeLittleText } from "../../worker/services/publishing/providers/linkedin";
import type { OutgoingMedia, OutgoingPost, ProviderAccount, ProviderContext } from "../../worker/services/publishing/providers/types";
import { db } from "../factories";
import { form, json, scriptedNetwork } from "./scripted-network";

const AUTH = "https://www.linkedin.com";
const API = "https://api.linkedin.com";
const NOW = Date.UTC(2026, 11, 2, 9, 0);
const testEnv = { ...env, LINKEDIN_CLIENT_ID: "li-client", LINKEDIN_CLIENT_SECRET: "li-secret" } as Env;

const connector = linkedinProvider.connectors[0]!;
if (connector.kind !== "oauth") throw new Error("LinkedIn connects through OAuth");

const PERSON = "urn:li:person:aBc123";
const ORG = "urn:li:organization:2414183";
const person: ProviderAccount = { externalId: PERSON, handle: "Ada Lovelace", credentials: { accessToken: "AQV-access", refreshToken: "AQX-refresh" } };
const page: ProviderAccount = { externalId: ORG, handle: "fernhill", credentials: { accessToken: "AQV-access" } };

function context(network: ReturnType<typeof scriptedNetwork>, extra: Partial<ProviderContext> = {}) {
  const slept: number[] = [];
  const ctx: ProviderContext = {
    db,
    env: testEnv,
    now: () => NOW,
    fetch: network.fetch,
    sleep: async (ms) => void slept.push(ms),
    readMedia: async (item) => new TextEncoder().encode(`bytes of ${item.name}`).buffer as ArrayBuffer,
    ...extra,
  };
  return { ctx, slept };
}

const post = (text: string, media: OutgoingMedia[] = [], notBefore = NOW - 60_000): OutgoingPost => ({ thread: [text], media, idempotencyKey: "key-1", notBefore });
const image = (n: number): OutgoingMedia => ({ uploadId: n, url: `/files/${n}`, kind: "image", contentType: "image/png", name: `photo-${n}.png`, bytes: 20 });
const video: OutgoingMedia = { uploadId: 9, url: "/files/9", kind: "video", contentType: "video/mp4", name: "clip.mp4", bytes: 18 };

/** The headers every REST call carries. */
function restHeaders(request: Request, token = "AQV-access") {
  expect(request.headers.get("authorization")).toBe(`Bearer ${token}`);
  expect(request.headers.get("linkedin-version")).toBe(LINKEDIN_VERSION);
  expect(request.headers.get("x-restli-protocol-version")).toBe("2.0.0");
}

const postBody = (author: string, commentary: string, content?: unknown) => ({
  author,
  commentary,
  visibility: "PUBLIC",
  distribution: { feedDistribution: "MAIN_FEED", targetEntities: [], thirdPartyDistributionChannels: [] },
  ...(content ? { content } : {}),
  lifecycleState: "PUBLISHED",
  isReshareDisabledByAuthor: false,
});

const created = (urn: string) => new Response(null, { status: 201, headers: { "x-restli-id": urn } });

describe("LinkedIn's little text", () => {
  it("escapes every reserved character so LinkedIn shows the whole post", () => {
    expect(escapeLittleText(String.raw`a\b|c{d}e@f[g]h(i)j<k>l*m_n~o`)).toBe(String.raw`a\\b\|c\{d\}e\@f\[g\]h\(i\)j\<k\>l\*m\_n\~o`);
  });

  it("keeps hashtags and links as they are, and escapes a # that is not a hashtag", () => {
    expect(escapeLittleText("Launch day (finally) #brand_work #2026launch: see https://fernhill.example/a_b?x=(1) — issue #42, C#")).toBe(
      String.raw`Launch day \(finally\) #brand_work #2026launch: see https://fernhill.example/a_b?x=(1) — issue \#42, C\#`,
    );
  });

  it("escapes the bracket that closes a sentence around a link, not the link", () => {
    expect(escapeLittleText("Menu (see https://fernhill.example/menu) today")).toBe(String.raw`Menu \(see https://fernhill.example/menu\) today`);
  });

  it("reads an escaped commentary back as the text that was written", () => {
    const text = "Mail me @ work (or not) #hiring <3 ~ *bold* [x] {y} a|b back\\slash";
    expect(unescapeLittleText(escapeLittleText(text))).toBe(text);
  });
});

describe("connecting LinkedIn", () => {
  it("sends the person to LinkedIn's consent page with member and page scopes, and no PKCE", () => {
    const url = new URL(connector.authorizeUrl({ app: { clientId: "li-client", clientSecret: "li-secret" }, redirectUri: "https://app.example/integrations/linkedin/callback", state: "signed-state", codeChallenge: "challenge" }, testEnv));
    expect(`${url.origin}${url.pathname}`).toBe(`${AUTH}/oauth/v2/authorization`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: "code",
      client_id: "li-client",
      redirect_uri: "https://app.example/integrations/linkedin/callback",
      state: "signed-state",
      scope: "openid profile w_member_social w_organization_social r_organization_admin r_organization_social",
    });
  });

  it("asks only for member scopes when the deployment turned pages off", () => {
    const url = new URL(connector.authorizeUrl({ app: { clientId: "li-client", clientSecret: "x" }, redirectUri: "https://app.example/cb", state: "s", codeChallenge: "c" }, { ...testEnv, LINKEDIN_PAGES: "false" } as Env));
    expect(url.searchParams.get("scope")).toBe("openid profile w_member_social");
  });

  it("answers the person and every page they administer, to choose from", async () => {
    const network = scriptedNetwork();
    network.expect(
      {
        method: "POST",
        url: `${AUTH}/oauth/v2/accessToken`,
        check: (request, body) => {
          expect(request.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
          expect(form(body)).toEqual({ grant_type: "authorization_code", code: "the-code", redirect_uri: "https://app.example/integrations/linkedin/callback", client_id: "li-client", client_secret: "li-secret" });
        },
        answer: json({ access_token: "AQV-access", expires_in: 5_184_000, refresh_token: "AQX-refresh", refresh_token_expires_in: 31_536_000, scope: "openid,profile,w_member_social,w_organization_social,r_organization_admin,r_organization_social" }),
      },
      {
        method: "GET",
        url: `${API}/v2/userinfo`,
        check: (request) => expect(request.headers.get("authorization")).toBe("Bearer AQV-access"),
        answer: json({ sub: "aBc123", name: "Ada Lovelace", given_name: "Ada", family_name: "Lovelace", picture: "https://media.licdn.com/ada.jpg", locale: { country: "GB", language: "en" } }),
      },
      {
        method: "GET",
        url: `${API}/rest/organizationAcls?q=roleAssignee&role=ADMINISTRATOR&state=APPROVED&start=0&count=100`,
        check: (request) => restHeaders(request),
        answer: json({
          paging: { start: 0, count: 100, links: [] },
          elements: [
            { roleAssignee: PERSON, state: "APPROVED", role: "ADMINISTRATOR", organization: ORG },
            { roleAssignee: PERSON, state: "APPROVED", role: "ADMINISTRATOR", organization: "urn:li:organization:777" },
          ],
        }),
      },
      { method: "GET", url: `${API}/rest/organizations/2414183`, check: (request) => restHeaders(request), answer: json({ id: 2414183, localizedName: "Fernhill Coffee", vanityName: "fernhill" }) },
      { method: "GET", url: `${API}/rest/organizations/777`, check: (request) => restHeaders(request), answer: json({ id: 777, localizedName: "Fernhill Labs" }) },
    );
    const { ctx } = context(network);
    const accounts = await connector.exchangeCode(ctx, { app: { clientId: "li-client", clientSecret: "li-secret" }, code: "the-code", codeVerifier: "unused", redirectUri: "https://app.example/integrations/linkedin/callback" });
    network.done();
    const credentials = { accessToken: "AQV-access", refreshToken: "AQX-refresh" };
    const expiresAt = NOW + 5_184_000_000;
    expect(accounts).toEqual([
      { externalId: PERSON, displayName: "Ada Lovelace", handle: "Ada Lovelace", avatarUrl: "https://media.licdn.com/ada.jpg", credentials, expiresAt, ownerExternalId: PERSON },
      { externalId: ORG, displayName: "Fernhill Coffee", handle: "fernhill", avatarUrl: null, credentials, expiresAt, ownerExternalId: PERSON, url: "https://www.linkedin.com/company/fernhill/" },
      { externalId: "urn:li:organization:777", displayName: "Fernhill Labs", handle: "Fernhill Labs", avatarUrl: null, credentials, expiresAt, ownerExternalId: PERSON, url: null },
    ]);
  });

  it("connects the person alone when LinkedIn granted no page scopes", async () => {
    const network = scriptedNetwork();
    network.expect(
      { method: "POST", url: `${AUTH}/oauth/v2/accessToken`, answer: json({ access_token: "AQV-member", expires_in: 5_184_000, scope: "openid,profile,w_member_social" }) },
      { method: "GET", url: `${API}/v2/userinfo`, answer: json({ sub: "aBc123", name: "Ada Lovelace" }) },
    );
    const { ctx } = context(network);
    const accounts = await connector.exchangeCode(ctx, { app: { clientId: "li-client", clientSecret: "li-secret" }, code: "c", codeVerifier: "v", redirectUri: "https://app.example/cb" });
    network.done();
    expect(accounts.map((account) => [account.externalId, account.credentials])).toEqual([[PERSON, { accessToken: "AQV-member" }]]);
  });

  it("refuses a code LinkedIn does not accept, with LinkedIn's words", async () => {
    const network = scriptedNetwork();
    network.expect({ method: "POST", url: `${AUTH}/oauth/v2/accessToken`, answer: json({ error: "invalid_request", error_description: "Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code" }, 400) });
    const { ctx } = context(network);
    await expect(connector.exchangeCode(ctx, { app: { clientId: "li-client", clientSecret: "li-secret" }, code: "old", codeVerifier: "v", redirectUri: "https://app.example/cb" })).rejects.toThrow(
      "appid/redirect uri/code verifier does not match",
    );
    network.done();
  });
});

describe("publishing to LinkedIn", () => {
  it("publishes a text post as the person, escaped, and links to it", async () => {
    const network = scriptedNetwork();
    network.expect({
      method: "POST",
      url: `${API}/rest/posts`,
      check: (request, body) => {
        restHeaders(request);
        expect(request.headers.get("content-type")).toBe("application/json");
        expect(JSON.parse(body)).toEqual(postBody(PERSON, String.raw`We're hiring \(remote\) #design`));
      },
      answer: created("urn:li:share:7012345678901234567"),
    });
    const { ctx } = context(network);
    const outcome = await linkedinProvider.publish(ctx, person, post("We're hiring (remote) #design"));
    network.done();
    expect(outcome).toEqual({ ok: true, id: "urn:li:share:7012345678901234567", url: "https://www.linkedin.com/feed/update/urn:li:share:7012345678901234567/" });
  });

  it("publishes a page's post with an image through the Images API", async () => {
    const network = scriptedNetwork();
    network.expect(
      {
        method: "POST",
        url: `${API}/rest/images?action=initializeUpload`,
        check: (request, body) => {
          restHeaders(request);
          expect(JSON.parse(body)).toEqual({ initializeUploadRequest: { owner: ORG } });
        },
        answer: json({ value: { uploadUrlExpiresAt: NOW + 86_400_000, uploadUrl: "https://www.linkedin.com/dms-uploads/sp/D4E10AQ/uploaded-image/0", image: "urn:li:image:C4E10AQFoyyAjHPMQuQ" } }),
      },
      {
        method: "PUT",
        url: "https://www.linkedin.com/dms-uploads/sp/D4E10AQ/uploaded-image/0",
        check: (request, body) => {
          expect(request.headers.get("authorization")).toBe("Bearer AQV-access");
          expect(body).toBe("bytes of photo-1.png");
        },
        answer: new Response(null, { status: 201 }),
      },
      {
        method: "POST",
        url: `${API}/rest/posts`,
        check: (_request, body) => expect(JSON.parse(body)).toEqual(postBody(ORG, "New roast", { media: { id: "urn:li:image:C4E10AQFoyyAjHPMQuQ" } })),
        answer: created("urn:li:share:1"),
      },
    );
    const { ctx } = context(network);
    const outcome = await linkedinProvider.publish(ctx, page, post("New roast", [image(1)]));
    network.done();
    expect(outcome).toMatchObject({ ok: true, id: "urn:li:share:1" });
  });

  it("publishes several images as one multi-image post", async () => {
    const network = scriptedNetwork();
    for (const n of [1, 2, 3]) {
      network.expect(
        { method: "POST", url: `${API}/rest/images?action=initializeUpload`, answer: json({ value: { uploadUrl: `https://www.linkedin.com/dms-uploads/${n}`, image: `urn:li:image:${n}` } }) },
        { method: "PUT", url: `https://www.linkedin.com/dms-uploads/${n}`, check: (_request, body) => expect(body).toBe(`bytes of photo-${n}.png`), answer: new Response(null, { status: 201 }) },
      );
    }
    network.expect({
      method: "POST",
      url: `${API}/rest/posts`,
      check: (_request, body) =>
        expect(JSON.parse(body)).toEqual(postBody(PERSON, "Three views", { multiImage: { images: [{ id: "urn:li:image:1" }, { id: "urn:li:image:2" }, { id: "urn:li:image:3" }] } })),
      answer: created("urn:li:share:3"),
    });
    const { ctx } = context(network);
    expect(await linkedinProvider.publish(ctx, person, post("Three views", [image(1), image(2), image(3)]))).toMatchObject({ ok: true, id: "urn:li:share:3" });
    network.done();
  });

  it("uploads a video in the parts LinkedIn asks for, finalizes it and waits until it is available", async () => {
    const network = scriptedNetwork();
    const bytes = "bytes of clip.mp4"; // 17 bytes: two parts, 0-9 and 10-16
    network.expect(
      {
        method: "POST",
        url: `${API}/rest/videos?action=initializeUpload`,
        check: (request, body) => {
          restHeaders(request);
          expect(JSON.parse(body)).toEqual({ initializeUploadRequest: { owner: PERSON, fileSizeBytes: bytes.length, uploadCaptions: false, uploadThumbnail: false } });
        },
        answer: json({
          value: {
            uploadUrlsExpireAt: NOW + 86_400_000,
            video: "urn:li:video:C5F10AQGKQg_6y2a4sQ",
            uploadInstructions: [
              { uploadUrl: "https://www.linkedin.com/dms-uploads/v/part0", firstByte: 0, lastByte: 9 },
              { uploadUrl: "https://www.linkedin.com/dms-uploads/v/part1", firstByte: 10, lastByte: 16 },
            ],
            uploadToken: "",
          },
        }),
      },
      { method: "PUT", url: "https://www.linkedin.com/dms-uploads/v/part0", check: (_request, body) => expect(body).toBe(bytes.slice(0, 10)), answer: new Response(null, { status: 200, headers: { etag: "/AQHtW7ebw-part0" } }) },
      { method: "PUT", url: "https://www.linkedin.com/dms-uploads/v/part1", check: (_request, body) => expect(body).toBe(bytes.slice(10)), answer: new Response(null, { status: 200, headers: { etag: "/AQHtW7ebw-part1" } }) },
      {
        method: "POST",
        url: `${API}/rest/videos?action=finalizeUpload`,
        check: (request, body) => {
          restHeaders(request);
          expect(JSON.parse(body)).toEqual({ finalizeUploadRequest: { video: "urn:li:video:C5F10AQGKQg_6y2a4sQ", uploadToken: "", uploadedPartIds: ["/AQHtW7ebw-part0", "/AQHtW7ebw-part1"] } });
        },
        answer: new Response(null, { status: 200 }),
      },
      { method: "GET", url: `${API}/rest/videos/urn%3Ali%3Avideo%3AC5F10AQGKQg_6y2a4sQ`, check: (request) => restHeaders(request), answer: json({ id: "urn:li:video:C5F10AQGKQg_6y2a4sQ", status: "PROCESSING" }) },
      { method: "GET", url: `${API}/rest/videos/urn%3Ali%3Avideo%3AC5F10AQGKQg_6y2a4sQ`, answer: json({ id: "urn:li:video:C5F10AQGKQg_6y2a4sQ", status: "AVAILABLE" }) },
      { method: "POST", url: `${API}/rest/posts`, check: (_request, body) => expect(JSON.parse(body).content).toEqual({ media: { id: "urn:li:video:C5F10AQGKQg_6y2a4sQ" } }), answer: created("urn:li:ugcPost:9") },
    );
    const { ctx, slept } = context(network);
    expect(await linkedinProvider.publish(ctx, person, post("Behind the scenes", [video]))).toMatchObject({ ok: true, id: "urn:li:ugcPost:9" });
    network.done();
    expect(slept).toEqual([3_000]);
  });

  it("fails a video LinkedIn could not process, without posting", async () => {
    const network = scriptedNetwork();
    network.expect(
      { method: "POST", url: `${API}/rest/videos?action=initializeUpload`, answer: json({ value: { video: "urn:li:video:1", uploadInstructions: [{ uploadUrl: "https://www.linkedin.com/dms-uploads/v/1", firstByte: 0, lastByte: 16 }], uploadToken: "" } }) },
      { method: "PUT", url: "https://www.linkedin.com/dms-uploads/v/1", answer: new Response(null, { status: 200, headers: { etag: "e1" } }) },
      { method: "POST", url: `${API}/rest/videos?action=finalizeUpload`, answer: new Response(null, { status: 200 }) },
      { method: "GET", url: `${API}/rest/videos/urn%3Ali%3Avideo%3A1`, answer: json({ status: "PROCESSING_FAILED" }) },
    );
    const { ctx } = context(network);
    expect(await linkedinProvider.publish(ctx, person, post("Broken clip", [video]))).toMatchObject({ ok: false, errorClass: "bad_body", message: "LinkedIn could not process clip.mp4" });
    network.done();
  });
});

describe("LinkedIn's errors", () => {
  async function refusedWith(answer: Response | "drop") {
    const network = scriptedNetwork();
    network.expect({ method: "POST", url: `${API}/rest/posts`, answer });
    const { ctx } = context(network);
    const outcome = await linkedinProvider.publish(ctx, person, post("Hello"));
    network.done();
    return outcome;
  }

  it("asks for a refresh when the access token has expired (401, 65600)", async () => {
    expect(await refusedWith(json({ status: 401, serviceErrorCode: 65600, code: "INVALID_ACCESS_TOKEN", message: "Invalid access token" }, 401))).toEqual({
      ok: false,
      errorClass: "refresh_token",
      message: "401 Invalid access token",
    });
  });

  it("disconnects the account when the member revoked the app (401, 65601)", async () => {
    expect(await refusedWith(json({ status: 401, serviceErrorCode: 65601, code: "REVOKED_ACCESS_TOKEN", message: "The token used in the request has been revoked by the user" }, 401))).toMatchObject({
      ok: false,
      errorClass: "disconnect",
    });
  });

  it("fails a duplicate post with LinkedIn's words and says what to do", async () => {
    const outcome = await refusedWith(json({ status: 422, message: "ERROR :: /commentary :: Content is a duplicate of urn:li:share:7000", serviceErrorCode: 0 }, 422));
    expect(outcome).toMatchObject({ ok: false, errorClass: "bad_body", message: "422 ERROR :: /commentary :: Content is a duplicate of urn:li:share:7000" });
    expect(outcome).toHaveProperty("hint", expect.stringContaining("identical to a recent one"));
  });

  it("fails a post LinkedIn refuses (400) with LinkedIn's message", async () => {
    expect(await refusedWith(json({ status: 400, serviceErrorCode: 100, message: "Field Value validation failed in REQUEST_BODY: Data Processing Exception while processing fields [/author]" }, 400))).toMatchObject({
      ok: false,
      errorClass: "bad_body",
      message: "400 Field Value validation failed in REQUEST_BODY: Data Processing Exception while processing fields [/author]",
    });
  });

  it("retries after LinkedIn's Retry-After when throttled (429)", async () => {
    expect(await refusedWith(json({ status: 429, message: "Resource level throttle APPLICATION DAY limit for calls to this resource is reached." }, 429, { "Retry-After": "120" }))).toMatchObject({
      ok: false,
      errorClass: "retry",
      retryAfterMs: 120_000,
    });
  });

  it("retries when LinkedIn has a server error (5xx)", async () => {
    expect(await refusedWith(json({ status: 503, message: "Service Unavailable" }, 503))).toMatchObject({ ok: false, errorClass: "retry", message: "503 Service Unavailable" });
  });

  it("reports an unknown outcome when the connection drops while creating the post, never a failure", async () => {
    expect(await refusedWith("drop")).toMatchObject({ ok: false, unknown: true });
  });

  it("retries (it is not unknown) when the connection drops during an image upload, before any post exists", async () => {
    const network = scriptedNetwork();
    network.expect(
      { method: "POST", url: `${API}/rest/images?action=initializeUpload`, answer: json({ value: { uploadUrl: "https://www.linkedin.com/dms-uploads/1", image: "urn:li:image:1" } }) },
      { method: "PUT", url: "https://www.linkedin.com/dms-uploads/1", answer: "drop" },
    );
    const { ctx } = context(network);
    expect(await linkedinProvider.publish(ctx, person, post("Photo", [image(1)]))).toMatchObject({ ok: false, errorClass: "retry" });
    network.done();
  });
});

describe("refreshing LinkedIn access", () => {
  it("renews the access token with the refresh token", async () => {
    const network = scriptedNetwork();
    network.expect({
      method: "POST",
      url: `${AUTH}/oauth/v2/accessToken`,
      check: (_request, body) => expect(form(body)).toEqual({ grant_type: "refresh_token", refresh_token: "AQX-refresh", client_id: "li-client", client_secret: "li-secret" }),
      answer: json({ access_token: "AQV-new", expires_in: 5_184_000, refresh_token: "AQX-refresh", refresh_token_expires_in: 30_000_000 }),
    });
    const { ctx } = context(network);
    expect(await linkedinProvider.refresh(ctx, person)).toEqual({ ok: true, credentials: { accessToken: "AQV-new", refreshToken: "AQX-refresh" }, expiresAt: NOW + 5_184_000_000 });
    network.done();
  });

  it("says to reconnect when LinkedIn refuses the refresh token", async () => {
    const network = scriptedNetwork();
    network.expect({ method: "POST", url: `${AUTH}/oauth/v2/accessToken`, answer: json({ error: "invalid_request", error_description: "The provided authorization grant or refresh token is invalid, expired or revoked." }, 400) });
    const { ctx } = context(network);
    expect(await linkedinProvider.refresh(ctx, person)).toEqual({
      ok: false,
      message: "LinkedIn refused to renew access: invalid_request: The provided authorization grant or refresh token is invalid, expired or revoked.",
      transient: false,
    });
    network.done();
  });

  it("asks the person to reconnect after 60 days when LinkedIn gave the app no refresh token", async () => {
    const network = scriptedNetwork();
    const { ctx } = context(network);
    const outcome = await linkedinProvider.refresh(ctx, page);
    expect(outcome).toMatchObject({ ok: false, message: expect.stringContaining("reconnect the LinkedIn account") });
    expect(outcome).not.toHaveProperty("transient", true);
    expect(network.seen).toEqual([]);
  });
});

describe("finding a LinkedIn post after an unknown outcome", () => {
  const listing = (elements: unknown[]) => ({
    method: "GET",
    url: `${API}/rest/posts?author=urn%3Ali%3Aorganization%3A2414183&q=author&count=20&sortBy=LAST_MODIFIED`,
    check: (request: Request) => restHeaders(request),
    answer: json({ paging: { start: 0, count: 20 }, elements }),
  });

  it("finds the post by its text among the account's recent posts", async () => {
    const network = scriptedNetwork();
    network.expect(
      listing([
        { id: "urn:li:share:2", author: ORG, commentary: "Something else", createdAt: NOW - 1_000 },
        { id: "urn:li:share:3", author: ORG, commentary: String.raw`Open \(today\) #coffee`, createdAt: NOW - 2_000, lifecycleState: "PUBLISHED" },
      ]),
    );
    const { ctx } = context(network);
    expect(await linkedinProvider.verify(ctx, page, post("Open (today) #coffee"))).toEqual({ id: "urn:li:share:3", url: "https://www.linkedin.com/feed/update/urn:li:share:3/" });
    network.done();
  });

  it("does not take a same-text post made before this one was first sent", async () => {
    const network = scriptedNetwork();
    network.expect(listing([{ id: "urn:li:share:1", author: ORG, commentary: "Open today", createdAt: NOW - 3_600_000 }]));
    const { ctx } = context(network);
    expect(await linkedinProvider.verify(ctx, page, post("Open today"))).toBeNull();
    network.done();
  });

  it("says not found when LinkedIn will not show a member their own posts (403), as LinkedIn refuses a duplicate resend anyway", async () => {
    const network = scriptedNetwork();
    network.expect({
      method: "GET",
      url: `${API}/rest/posts?author=urn%3Ali%3Aperson%3AaBc123&q=author&count=20&sortBy=LAST_MODIFIED`,
      answer: json({ status: 403, serviceErrorCode: 100, code: "ACCESS_DENIED", message: "Not enough permissions to access: partnerApiPostsExternal.FINDER-author.20260501" }, 403),
    });
    const { ctx } = context(network);
    expect(await linkedinProvider.verify(ctx, person, post("Open today"))).toBeNull();
    network.done();
  });

  it("throws when LinkedIn cannot be asked, instead of saying the post is not there", async () => {
    const network = scriptedNetwork();
    network.expect({ ...listing([]), answer: json({ status: 500, message: "Internal Server Error" }, 500) });
    const { ctx } = context(network);
    await expect(linkedinProvider.verify(ctx, page, post("Open today"))).rejects.toThrow("500 Internal Server Error");
    network.done();
  });
});

describe("LinkedIn metrics", () => {
  it("reads a page's posts' impressions, clicks, reactions, comments and reshares", async () => {
    const network = scriptedNetwork();
    network.expect({
      method: "GET",
      url: `${API}/rest/organizationalEntityShareStatistics?q=organizationalEntity&organizationalEntity=urn%3Ali%3Aorganization%3A2414183&shares=List(urn%3Ali%3Ashare%3A1)&ugcPosts=List(urn%3Ali%3AugcPost%3A9)`,
      check: (request) => restHeaders(request),
      answer: json({
        elements: [
          { share: "urn:li:share:1", organizationalEntity: ORG, totalShareStatistics: { uniqueImpressionsCount: 80, shareCount: 2, engagement: 0.1, clickCount: 7, likeCount: 11, impressionCount: 120, commentCount: 3 } },
          { ugcPost: "urn:li:ugcPost:9", organizationalEntity: ORG, totalShareStatistics: { shareCount: 0, clickCount: 1, likeCount: 4, impressionCount: 50, commentCount: 0 } },
        ],
      }),
    });
    const { ctx } = context(network);
    expect(await linkedinProvider.metrics!(ctx, page, ["urn:li:share:1", "urn:li:ugcPost:9"])).toEqual({
      "urn:li:share:1": { impressions: 120, clicks: 7, likes: 11, comments: 3, shares: 2 },
      "urn:li:ugcPost:9": { impressions: 50, clicks: 1, likes: 4, comments: 0, shares: 0 },
    });
    network.done();
  });

  it("reads a member's post's reactions and comments (LinkedIn gives no impressions for them)", async () => {
    const network = scriptedNetwork();
    network.expect({
      method: "GET",
      url: `${API}/rest/socialActions/urn%3Ali%3Ashare%3A5`,
      check: (request) => restHeaders(request),
      answer: json({ target: "urn:li:share:5", likesSummary: { totalLikes: 14, likedByCurrentUser: false, aggregatedTotalLikes: 14 }, commentsSummary: { totalFirstLevelComments: 2, aggregatedTotalComments: 3 } }),
    });
    const { ctx } = context(network);
    expect(await linkedinProvider.metrics!(ctx, person, ["urn:li:share:5"])).toEqual({ "urn:li:share:5": { likes: 14, comments: 3 } });
    network.done();
  });
});
