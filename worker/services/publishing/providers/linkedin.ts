import { baseUrl, call, classifyFailure, expiresAt, oauthApp, tokenRequest, type NetworkAnswer, refreshTokenGrant , StepFailed, step, wait, refusedFigures } from "./http";
import type { ConnectedAccount, OutgoingMedia, PostMetrics, Provider, ProviderContext, PublishOutcome } from "./types";

/**
 * LinkedIn: a person (Share on LinkedIn) and the organisation pages they administer
 * (Community Management API), through the versioned REST API (learn.microsoft.com/linkedin,
 * "Posts API", "Images API", "Videos API"). One sign-in answers the person and every page, and
 * the person chooses which to connect; the account's external id is its URN, the post's author.
 */

/** The REST API version (YYYYMM). LinkedIn supports a version for a year: move it on before it is sunset. */
export const LINKEDIN_VERSION = "202605";

const MEMBER_SCOPES = ["openid", "profile", "w_member_social"];
const PAGE_SCOPES = ["w_organization_social", "r_organization_admin", "r_organization_social"];
/** Videos are processed after upload; a post may only name one that is AVAILABLE. */
const VIDEO_POLL_MS = 3_000;
const VIDEO_POLL_TIMES = 40;

const authBase = (env: Env) => baseUrl(env, "LINKEDIN_AUTH_BASE", "https://www.linkedin.com");
const apiBase = (env: Env) => baseUrl(env, "LINKEDIN_API_BASE", "https://api.linkedin.com");
/** Page scopes need the Community Management API product; `LINKEDIN_PAGES=false` connects people only. */
const pagesEnabled = (env: Env) => (env as unknown as Record<string, string | undefined>).LINKEDIN_PAGES?.trim().toLowerCase() !== "false";

export const linkedinPostUrl = (urn: string) => `https://www.linkedin.com/feed/update/${urn}/`;

// "little" text: these characters are markup in a post's commentary; unescaped, LinkedIn may cut
// the post off at the first one (learn.microsoft.com/linkedin/.../little-text-format).
const RESERVED = /[\\|{}@[\]()<>#*_~]/g;
// Kept as they are: links (escaping breaks their auto-linking) and hashtags meant as hashtags
// (a `#` not inside a word, followed by a word with at least one letter).
const KEPT = /https?:\/\/[^\s<>]+|(?<![\p{L}\p{N}_&#/\\])#[\p{L}\p{N}_]*\p{L}[\p{L}\p{N}_]*/gu;

/** A link without what closes the sentence around it: "(see https://x.example/a)" ends at "a", "https://x.example/a_(b)" does not. */
function linkEnd(link: string) {
  let end = link.length;
  for (;;) {
    const last = link[end - 1]!;
    const head = link.slice(0, end);
    const unbalanced = last === ")" && head.split("(").length < head.split(")").length;
    if (unbalanced || "]}>*_~|".includes(last)) end--;
    else return link.slice(0, end);
  }
}

/** A post's text as LinkedIn's commentary: reserved characters escaped, except in links and hashtags. */
export function escapeLittleText(text: string): string {
  let out = "";
  let from = 0;
  for (const match of text.matchAll(KEPT)) {
    const kept = match[0].startsWith("http") ? linkEnd(match[0]) : match[0];
    out += text.slice(from, match.index).replace(RESERVED, "\\$&") + kept;
    from = match.index + kept.length;
  }
  return out + text.slice(from).replace(RESERVED, "\\$&");
}

/** The text a commentary shows (LinkedIn answers commentary as it was sent, escapes included). */
export const unescapeLittleText = (commentary: string) => commentary.replace(/\\([\\|{}@[\]()<>#*_~])/g, "$1");

interface LinkedInError {
  status?: number;
  message?: string;
  serviceErrorCode?: number;
  code?: string;
}

const rest = (accessToken: string, json = false): Record<string, string> => ({
  Authorization: `Bearer ${accessToken}`,
  "LinkedIn-Version": LINKEDIN_VERSION,
  "X-Restli-Protocol-Version": "2.0.0",
  ...(json ? { "Content-Type": "application/json" } : {}),
});

const words = (answer: NetworkAnswer) => {
  const body = answer.body as LinkedInError | null;
  return body?.message ?? (answer.text.slice(0, 300) || answer.response.statusText);
};

/** LinkedIn's `{status, message, serviceErrorCode}` as one of our classes. */
export function linkedinFailure(answer: NetworkAnswer): Extract<PublishOutcome, { errorClass: unknown }> {
  const body = answer.body as LinkedInError | null;
  const message = words(answer);
  const { status } = answer.response;
  // 65601: the member revoked this app's access; only connecting again brings it back.
  if (status === 401 && body?.serviceErrorCode === 65601) return { ok: false, errorClass: "disconnect", message: `${status} ${message}` };
  if (status === 422 && /duplicate/i.test(message)) {
    return {
      ok: false,
      errorClass: "bad_body",
      message: `${status} ${message}`,
      hint: "LinkedIn refuses a post identical to a recent one. If an earlier attempt published it, it is already on LinkedIn; otherwise change the wording and schedule it again.",
    };
  }
  if (status === 403) return classifyFailure(answer, message, "LinkedIn refused the permission: check that you still administer this page, then reconnect the account.");
  return classifyFailure(answer, message, "Edit the post and schedule it again.");
}

const networkStep = <T>(ctx: ProviderContext, what: string, url: string, init: RequestInit) => step<T>(ctx, "LinkedIn", what, url, init, linkedinFailure);


async function bytesOf(ctx: ProviderContext, item: OutgoingMedia) {
  if (!ctx.readMedia) throw new StepFailed({ ok: false, errorClass: "bad_body", message: `${item.name} could not be read from storage on this server` });
  return ctx.readMedia(item);
}

/** Images API: initialize, then PUT the bytes to the upload URL; answers the image URN. */
async function uploadImage(ctx: ProviderContext, token: string, owner: string, item: OutgoingMedia) {
  const bytes = await bytesOf(ctx, item);
  const init = await networkStep<{ value?: { uploadUrl?: string; image?: string } }>(ctx, `preparing ${item.name}`, `${apiBase(ctx.env)}/rest/images?action=initializeUpload`, {
    method: "POST",
    headers: rest(token, true),
    body: JSON.stringify({ initializeUploadRequest: { owner } }),
  });
  const { uploadUrl, image } = init.body?.value ?? {};
  if (!uploadUrl || !image) throw new StepFailed({ ok: false, errorClass: "retry", message: "LinkedIn gave no upload URL for the image" });
  await networkStep(ctx, `uploading ${item.name}`, uploadUrl, { method: "PUT", headers: { Authorization: `Bearer ${token}` }, body: bytes });
  return image;
}

interface VideoUpload {
  video?: string;
  uploadToken?: string;
  uploadInstructions?: { uploadUrl: string; firstByte: number; lastByte: number }[];
}

/**
 * Videos API: initialize with the size, PUT each part LinkedIn asks for (firstByte..lastByte,
 * inclusive), finalize with the parts' ETags, then wait until the video is AVAILABLE.
 */
async function uploadVideo(ctx: ProviderContext, token: string, owner: string, item: OutgoingMedia) {
  const bytes = await bytesOf(ctx, item);
  const api = apiBase(ctx.env);
  const init = await networkStep<{ value?: VideoUpload }>(ctx, `preparing ${item.name}`, `${api}/rest/videos?action=initializeUpload`, {
    method: "POST",
    headers: rest(token, true),
    body: JSON.stringify({ initializeUploadRequest: { owner, fileSizeBytes: bytes.byteLength, uploadCaptions: false, uploadThumbnail: false } }),
  });
  const { video, uploadToken = "", uploadInstructions = [] } = init.body?.value ?? {};
  if (!video || !uploadInstructions.length) throw new StepFailed({ ok: false, errorClass: "retry", message: "LinkedIn gave no upload instructions for the video" });
  const etags: string[] = [];
  for (const part of uploadInstructions) {
    const answer = await networkStep(ctx, `uploading ${item.name}`, part.uploadUrl, {
      method: "PUT",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/octet-stream" },
      body: bytes.slice(part.firstByte, part.lastByte + 1),
    });
    const etag = answer.response.headers.get("etag");
    if (!etag) throw new StepFailed({ ok: false, errorClass: "retry", message: "LinkedIn did not acknowledge a part of the video (no ETag)" });
    etags.push(etag);
  }
  await networkStep(ctx, `finishing ${item.name}`, `${api}/rest/videos?action=finalizeUpload`, {
    method: "POST",
    headers: rest(token, true),
    body: JSON.stringify({ finalizeUploadRequest: { video, uploadToken, uploadedPartIds: etags } }),
  });
  for (let polled = 0; polled < VIDEO_POLL_TIMES; polled++) {
    const answer = await networkStep<{ status?: string }>(ctx, `processing ${item.name}`, `${api}/rest/videos/${encodeURIComponent(video)}`, { headers: rest(token) });
    const status = answer.body?.status;
    if (status === "AVAILABLE") return video;
    if (status === "PROCESSING_FAILED") throw new StepFailed({ ok: false, errorClass: "bad_body", message: `LinkedIn could not process ${item.name}`, hint: "Check the video's format (MP4, 3 s to 30 min) and schedule it again." });
    await wait(ctx, VIDEO_POLL_MS);
  }
  throw new StepFailed({ ok: false, errorClass: "retry", message: `LinkedIn is still processing ${item.name}` });
}

async function mediaContent(ctx: ProviderContext, token: string, owner: string, media: OutgoingMedia[]) {
  const videos = media.filter((item) => item.kind === "video");
  const images = media.filter((item) => item.kind === "image");
  if (videos.length > 1 || (videos.length && images.length)) {
    throw new StepFailed({ ok: false, errorClass: "bad_body", message: "LinkedIn takes one video, or images, per post", hint: "Keep one video, or only images." });
  }
  if (videos.length) return { media: { id: await uploadVideo(ctx, token, owner, videos[0]!) } };
  const ids: string[] = [];
  for (const image of images) ids.push(await uploadImage(ctx, token, owner, image));
  if (ids.length === 1) return { media: { id: ids[0]! } };
  if (ids.length > 1) return { multiImage: { images: ids.map((id) => ({ id })) } };
  return null;
}

interface LinkedInPost {
  id: string;
  commentary?: string;
  createdAt?: number;
  publishedAt?: number;
}

/** Every organisation the person administers, with its name (pages need the Community Management API). */
async function administeredOrganizations(ctx: ProviderContext, token: string) {
  const api = apiBase(ctx.env);
  const urns: string[] = [];
  for (let start = 0; start < 1_000; start += 100) {
    const answer = await call<{ elements?: { organization?: string; organizationalTarget?: string }[] }>(
      ctx,
      `${api}/rest/organizationAcls?q=roleAssignee&role=ADMINISTRATOR&state=APPROVED&start=${start}&count=100`,
      { headers: rest(token) },
    );
    // No page permission granted (an app without the product): the person alone is connected.
    if (answer.response.status === 403) return [];
    if (!answer.response.ok) throw new Error(`LinkedIn refused to list your pages: ${answer.response.status} ${words(answer)}`);
    const elements = answer.body?.elements ?? [];
    for (const acl of elements) {
      const urn = acl.organization ?? acl.organizationalTarget;
      if (urn && !urns.includes(urn)) urns.push(urn);
    }
    if (elements.length < 100) break;
  }
  const organizations: { urn: string; name: string; vanityName: string | null }[] = [];
  for (const urn of urns) {
    const id = urn.split(":").pop()!;
    const answer = await call<{ localizedName?: string; vanityName?: string }>(ctx, `${api}/rest/organizations/${id}`, { headers: rest(token) });
    if (!answer.response.ok) throw new Error(`LinkedIn refused to read page ${id}: ${answer.response.status} ${words(answer)}`);
    organizations.push({ urn, name: answer.body?.localizedName ?? `Page ${id}`, vanityName: answer.body?.vanityName ?? null });
  }
  return organizations;
}

const appOf = (env: Env) => oauthApp(env, "LINKEDIN");

async function statistics(ctx: ProviderContext, token: string, organization: string, ids: string[]) {
  const list = (urns: string[]) => `List(${urns.map(encodeURIComponent).join(",")})`;
  const shares = ids.filter((id) => id.startsWith("urn:li:share:"));
  const ugcPosts = ids.filter((id) => id.startsWith("urn:li:ugcPost:"));
  if (!shares.length && !ugcPosts.length) return {};
  const query = [
    "q=organizationalEntity",
    `organizationalEntity=${encodeURIComponent(organization)}`,
    ...(shares.length ? [`shares=${list(shares)}`] : []),
    ...(ugcPosts.length ? [`ugcPosts=${list(ugcPosts)}`] : []),
  ].join("&");
  const answer = await call<{
    elements?: { share?: string; ugcPost?: string; totalShareStatistics?: { impressionCount?: number; clickCount?: number; likeCount?: number; commentCount?: number; shareCount?: number } }[];
  }>(ctx, `${apiBase(ctx.env)}/rest/organizationalEntityShareStatistics?${query}`, { headers: rest(token) });
  if (!answer.response.ok) throw new Error(`LinkedIn refused the page's statistics: ${answer.response.status} ${words(answer)}`);
  const figures: Record<string, PostMetrics> = {};
  for (const element of answer.body?.elements ?? []) {
    const id = element.share ?? element.ugcPost;
    const stats = element.totalShareStatistics;
    if (!id || !stats) continue;
    figures[id] = { impressions: stats.impressionCount, clicks: stats.clickCount, likes: stats.likeCount, comments: stats.commentCount, shares: stats.shareCount };
  }
  return figures;
}

export const linkedinProvider: Provider = {
  network: "linkedin",
  connectors: [
    {
      kind: "oauth",
      id: "linkedin",
      label: "LinkedIn",
      envPrefix: "LINKEDIN",
      // LinkedIn's authorization-code flow for these products takes no PKCE (it is offered only
      // to native apps on request): the challenge is not sent; the signed state binds the answer.
      authorizeUrl(req, env) {
        const scopes = [...MEMBER_SCOPES, ...(pagesEnabled(env) ? PAGE_SCOPES : [])];
        const query = new URLSearchParams({ response_type: "code", client_id: req.app.clientId, redirect_uri: req.redirectUri, state: req.state, scope: scopes.join(" ") });
        return `${authBase(env)}/oauth/v2/authorization?${query}`;
      },
      async exchangeCode(ctx, req) {
        const tokens = await tokenRequest(
          ctx,
          `${authBase(ctx.env)}/oauth/v2/accessToken`,
          { grant_type: "authorization_code", code: req.code, redirect_uri: req.redirectUri },
          { app: req.app, auth: "body" },
        );
        const credentials = { accessToken: tokens.access_token, ...(tokens.refresh_token ? { refreshToken: tokens.refresh_token } : {}) };
        const expires = expiresAt(ctx, tokens.expires_in);
        const me = await call<{ sub?: string; name?: string; picture?: string }>(ctx, `${apiBase(ctx.env)}/v2/userinfo`, { headers: { Authorization: `Bearer ${tokens.access_token}` } });
        if (!me.response.ok || !me.body?.sub) throw new Error(`LinkedIn did not say who you are: ${me.response.status} ${words(me)}`);
        const person = `urn:li:person:${me.body.sub}`;
        const name = me.body.name ?? "LinkedIn member";
        const accounts: ConnectedAccount[] = [
          { externalId: person, displayName: name, handle: name, avatarUrl: me.body.picture ?? null, credentials, expiresAt: expires, ownerExternalId: person },
        ];
        const granted = (tokens.scope ?? "").split(/[\s,]+/);
        if (granted.includes("r_organization_admin")) {
          for (const organization of await administeredOrganizations(ctx, tokens.access_token)) {
            accounts.push({
              externalId: organization.urn,
              displayName: organization.name,
              handle: organization.vanityName ?? organization.name,
              avatarUrl: null,
              credentials,
              expiresAt: expires,
              ownerExternalId: person,
              url: organization.vanityName ? `https://www.linkedin.com/company/${organization.vanityName}/` : null,
            });
          }
        }
        return accounts;
      },
    },
  ],

  async publish(ctx, account, post) {
    const token = account.credentials.accessToken;
    const author = account.externalId;
    let content: Awaited<ReturnType<typeof mediaContent>>;
    try {
      content = await mediaContent(ctx, token, author, post.media);
    } catch (error) {
      if (error instanceof StepFailed) return error.outcome;
      throw error;
    }
    const body = {
      author,
      commentary: escapeLittleText(post.thread.join("\n\n")),
      visibility: "PUBLIC",
      distribution: { feedDistribution: "MAIN_FEED", targetEntities: [], thirdPartyDistributionChannels: [] },
      ...(content ? { content } : {}),
      lifecycleState: "PUBLISHED",
      isReshareDisabledByAuthor: false,
    };
    let answer: NetworkAnswer;
    try {
      answer = await call(ctx, `${apiBase(ctx.env)}/rest/posts`, { method: "POST", headers: rest(token, true), body: JSON.stringify(body) });
    } catch (error) {
      return { ok: false, unknown: true, message: `LinkedIn did not answer (${error instanceof Error ? error.message : String(error)})` };
    }
    if (!answer.response.ok) return linkedinFailure(answer);
    const id = answer.response.headers.get("x-restli-id");
    // Created, but the answer lost its id: only `verify` can find it.
    if (!id) return { ok: false, unknown: true, message: "LinkedIn accepted the post without naming it" };
    return { ok: true, id, url: linkedinPostUrl(id) };
  },

  async verify(ctx, account, post) {
    const query = `author=${encodeURIComponent(account.externalId)}&q=author&count=20&sortBy=LAST_MODIFIED`;
    const answer = await call<{ elements?: LinkedInPost[] }>(ctx, `${apiBase(ctx.env)}/rest/posts?${query}`, { headers: rest(account.credentials.accessToken) });
    // Reading a member's own posts takes r_member_social, which LinkedIn grants few apps. Without
    // it nobody can look; a resend is then safe because LinkedIn refuses the same commentary from
    // the same author as a duplicate (422) instead of posting it twice.
    if (answer.response.status === 403 && account.externalId.startsWith("urn:li:person:")) return null;
    if (!answer.response.ok) throw new Error(`LinkedIn could not list the account's posts: ${answer.response.status} ${words(answer)}`);
    const text = post.thread.join("\n\n").trim();
    const since = post.notBefore ?? 0;
    const found = (answer.body?.elements ?? []).find(
      (element) => (element.createdAt ?? element.publishedAt ?? 0) >= since && element.commentary !== undefined && unescapeLittleText(element.commentary).trim() === text,
    );
    return found ? { id: found.id, url: linkedinPostUrl(found.id) } : null;
  },

  async refresh(ctx, account) {
    const { refreshToken } = account.credentials;
    if (!refreshToken) {
      // LinkedIn issues refresh tokens only to apps it approved for them; the others' tokens last 60 days.
      return { ok: false, message: "LinkedIn's access has expired after 60 days and LinkedIn gives this app no way to renew it: reconnect the LinkedIn account" };
    }
    const app = appOf(ctx.env);
    if (!app) return { ok: false, message: "LinkedIn is not configured on this server (LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET)" };
    // LinkedIn keeps the refresh token (its one-year life does not restart); a new one replaces it when sent.
    return refreshTokenGrant(ctx, `${authBase(ctx.env)}/oauth/v2/accessToken`, account.credentials, { app, auth: "body", refused: (words) => `LinkedIn refused to renew access: ${words}` });
  },

  async metrics(ctx, account, ids) {
    const token = account.credentials.accessToken;
    if (!ids.length) return {};
    if (account.externalId.startsWith("urn:li:organization:")) return statistics(ctx, token, account.externalId, ids);
    // A member's post has no share statistics through the API: reactions and comments only.
    const figures: Record<string, PostMetrics> = {};
    for (const id of ids) {
      const answer = await call<{ likesSummary?: { totalLikes?: number }; commentsSummary?: { aggregatedTotalComments?: number; totalFirstLevelComments?: number } }>(
        ctx,
        `${apiBase(ctx.env)}/rest/socialActions/${encodeURIComponent(id)}`,
        { headers: rest(token) },
      );
      if (answer.response.status === 403 || answer.response.status === 404) continue;
      if (!answer.response.ok) throw refusedFigures(linkedinFailure(answer), "LinkedIn refused the post's reactions");
      const { likesSummary, commentsSummary } = answer.body ?? {};
      figures[id] = { likes: likesSummary?.totalLikes, comments: commentsSummary?.aggregatedTotalComments ?? commentsSummary?.totalFirstLevelComments };
    }
    return figures;
  },

  // No `revoke`: the person and every page they connected share one token, so revoking it for
  // one account would cut off the others. Access is removed at linkedin.com (Settings → Data privacy → Permitted services).
};
