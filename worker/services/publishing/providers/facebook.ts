import { call, TokenRequestFailed, type NetworkAnswer } from "./http";
import {
  findByText,
  GRAPH_API_VERSION,
  GraphClient,
  GraphFailed,
  graphErrorOf,
  graphFailure,
  insightValues,
  metaHosts,
  metaTokenRequest,
  publishing,
  sinceSeconds,
  tokenIn,
  withQuery,
  type GraphFailureContext,
  type InsightsAnswer,
} from "./meta-graph";
import type { ConnectedAccount, ExchangeRequest, OAuthApp, PostMetrics, Provider, ProviderAccount, ProviderContext } from "./types";

/**
 * Facebook Pages through Facebook Login (developers.facebook.com/docs/pages-api). Connecting
 * trades the code for a user token, that for a long-lived one, and lists the person's Pages with
 * their Page tokens: a Page token got from a long-lived user token does not expire, so there is
 * nothing to refresh; when Facebook stops accepting it (a changed password, the app removed) the
 * person reconnects. One connected account per Page; the chooser lets the person pick.
 */

export const FACEBOOK_SCOPES = ["pages_show_list", "pages_manage_posts", "pages_read_engagement", "business_management", "read_insights"] as const;

const failures: GraphFailureContext = { label: "Facebook", expiredToken: "disconnect", scopes: FACEBOOK_SCOPES };

export const facebookGraph = (env: Env) => `${metaHosts(env).facebookGraph}/${GRAPH_API_VERSION}`;

/** The Login dialog (docs/facebook-login/guides/advanced/manual-flow): the code comes back to the redirect URI. */
export function facebookDialogUrl(env: Env, app: OAuthApp, redirectUri: string, state: string, scopes: readonly string[]) {
  return withQuery(`${metaHosts(env).facebookAuth}/${GRAPH_API_VERSION}/dialog/oauth`, {
    client_id: app.clientId,
    redirect_uri: redirectUri,
    state,
    response_type: "code",
    scope: scopes.join(","),
  });
}

export interface FacebookUser {
  /** The app-scoped user id: what Meta's deauthorize and data-deletion callbacks name. */
  id: string;
  name?: string;
  /** Long-lived (about 60 days); the Pages' tokens got with it do not expire. */
  accessToken: string;
}

/**
 * The code for a short-lived user token, that for a long-lived one (`fb_exchange_token`), then
 * who the person is (docs/facebook-login/guides/access-tokens/get-long-lived).
 */
export async function facebookUser(ctx: ProviderContext, req: ExchangeRequest): Promise<FacebookUser> {
  const tokenUrl = `${facebookGraph(ctx.env)}/oauth/access_token`;
  const short = tokenIn(
    await metaTokenRequest(ctx, tokenUrl, "GET", { client_id: req.app.clientId, redirect_uri: req.redirectUri, client_secret: req.app.clientSecret, code: req.code }),
  );
  const long = tokenIn(
    await metaTokenRequest(ctx, tokenUrl, "GET", { grant_type: "fb_exchange_token", client_id: req.app.clientId, client_secret: req.app.clientSecret, fb_exchange_token: short.accessToken }),
  );
  const me = await new GraphClient(ctx, facebookGraph(ctx.env), long.accessToken, failures).get<{ id: string; name?: string }>("me", { fields: "id,name" }).catch(connectFailed);
  return { id: me.id, name: me.name, accessToken: long.accessToken };
}

export interface FacebookPage {
  id: string;
  name: string;
  username?: string;
  access_token?: string;
  picture?: { data?: { url?: string } };
  instagram_business_account?: { id: string; username?: string; name?: string; profile_picture_url?: string };
}

/** Every Page the person granted, following `paging.next` (`GET /me/accounts`, 100 at a time). */
export async function facebookPages(ctx: ProviderContext, user: FacebookUser, fields: string): Promise<FacebookPage[]> {
  const pages: FacebookPage[] = [];
  let url: string | undefined = withQuery(`${facebookGraph(ctx.env)}/me/accounts`, { fields, limit: "100", access_token: user.accessToken });
  for (let page = 0; url && page < 20; page++) {
    const answer: NetworkAnswer<{ data?: FacebookPage[]; paging?: { next?: string } }> = await call(ctx, url);
    if (!answer.response.ok || !answer.body || graphErrorOf(answer.body)) connectFailed(new GraphFailed(graphFailure(answer, failures)));
    pages.push(...(answer.body?.data ?? []));
    url = answer.body?.paging?.next;
  }
  return pages;
}

/** A connect step Facebook refused: the connect flow shows the message. */
function connectFailed(error: unknown): never {
  if (error instanceof GraphFailed) throw new TokenRequestFailed(`Facebook refused: ${error.outcome.message}`, error.outcome.errorClass === "retry");
  throw error;
}

const postUrl = (pageId: string, id: string) => {
  // Feed posts are `<page id>_<post id>`; a video is its own id.
  const [owner, post] = id.includes("_") ? id.split("_", 2) : [pageId, null];
  return post ? `https://www.facebook.com/${owner}/posts/${post}` : `https://www.facebook.com/${pageId}/videos/${id}`;
};

const client = (ctx: ProviderContext, account: ProviderAccount) => new GraphClient(ctx, facebookGraph(ctx.env), account.credentials.accessToken, failures);

export const facebookProvider: Provider = {
  network: "facebook",
  connectors: [
    {
      kind: "oauth",
      id: "facebook",
      label: "Facebook Page",
      envPrefix: "FACEBOOK",
      // Facebook's classic code flow has no PKCE (only its OIDC flow, still in testing); the signed state binds the answer.
      authorizeUrl: (req, env) => facebookDialogUrl(env, req.app, req.redirectUri, req.state, FACEBOOK_SCOPES),
      async exchangeCode(ctx, req) {
        const user = await facebookUser(ctx, req);
        const pages = await facebookPages(ctx, user, "id,name,username,access_token,picture{url}");
        const accounts: ConnectedAccount[] = pages
          .filter((page) => page.access_token)
          .map((page) => ({
            externalId: page.id,
            displayName: page.name,
            handle: page.username ?? page.id,
            avatarUrl: page.picture?.data?.url ?? null,
            credentials: { accessToken: page.access_token! },
            // Page tokens got from a long-lived user token do not expire.
            expiresAt: null,
            ownerExternalId: user.id,
          }));
        if (!accounts.length) throw new TokenRequestFailed("Facebook gave access to no Page: connect again and choose at least one Page you can post to", false);
        return accounts;
      },
    },
  ],

  async publish(ctx, account, post) {
    const pageId = account.externalId;
    const message = post.thread.join("\n\n");
    const videos = post.media.filter((item) => item.kind === "video");
    const images = post.media.filter((item) => item.kind === "image");
    if (videos.length > 1 || (videos.length && images.length)) {
      return { ok: false, errorClass: "bad_body", message: "A Facebook post takes one video, or up to 10 images, not both", hint: "Keep one video, or only images, and schedule it again." };
    }
    if (post.media.length && !ctx.mediaUrl) return { ok: false, errorClass: "bad_body", message: "This server cannot hand media to Facebook (no public media URLs)" };
    const graph = client(ctx, account);

    return publishing("Facebook", async (final) => {
      const video = videos[0];
      if (video) {
        // One call uploads and publishes: Facebook fetches the file from the URL (Page /videos, file_url).
        const fileUrl = await ctx.mediaUrl!(video);
        const { id } = await final(() => graph.post<{ id: string }>(`${pageId}/videos`, { file_url: fileUrl, description: message }));
        return { ok: true, id, url: postUrl(pageId, id) };
      }
      // Photos are uploaded unpublished, then attached to one feed post (Pages API "Publish a multi-photo post").
      const attached: string[] = [];
      for (const image of images) {
        const { id } = await graph.post<{ id: string }>(`${pageId}/photos`, { url: await ctx.mediaUrl!(image), published: "false" });
        attached.push(id);
      }
      const params: Record<string, string> = { message };
      attached.forEach((id, index) => (params[`attached_media[${index}]`] = JSON.stringify({ media_fbid: id })));
      const { id } = await final(() => graph.post<{ id: string }>(`${pageId}/feed`, params));
      return { ok: true, id, url: postUrl(pageId, id) };
    });
  },

  async verify(ctx, account, post) {
    // No idempotency key on Facebook: the Page's posts since the first attempt, matched on the message.
    const { data = [] } = await client(ctx, account).get<{ data?: { id: string; message?: string; permalink_url?: string }[] }>(`${account.externalId}/feed`, {
      fields: "id,message,created_time,permalink_url",
      since: sinceSeconds(post.notBefore),
      limit: "100",
    });
    return findByText(data, post.thread.join("\n\n"), (item) => item.message, (item) => ({ id: item.id, url: item.permalink_url ?? postUrl(account.externalId, item.id) }));
  },

  async refresh(ctx, account) {
    // Nothing to refresh: a Page token does not expire. Asking for the Page tells whether it still works.
    try {
      await client(ctx, account).get(account.externalId, { fields: "id" });
      return { ok: true, credentials: account.credentials, expiresAt: null };
    } catch (error) {
      if (error instanceof GraphFailed) {
        return { ok: false, message: `${error.outcome.message}: reconnect the Page`, transient: error.outcome.errorClass === "retry" };
      }
      return { ok: false, message: `Facebook could not be reached (${error instanceof Error ? error.message : String(error)})`, transient: true };
    }
  },

  async metrics(ctx, account, ids) {
    const graph = client(ctx, account);
    const figures: Record<string, PostMetrics> = {};
    for (const id of ids) {
      try {
        figures[id] = id.includes("_") ? await postMetrics(graph, id) : await videoMetrics(graph, id);
      } catch (error) {
        // One post's figures missing (deleted, too new for insights) leaves the others.
        if (!(error instanceof GraphFailed)) throw error;
      }
    }
    return figures;
  },
};

interface Counts {
  shares?: { count?: number };
  reactions?: { summary?: { total_count?: number } };
  comments?: { summary?: { total_count?: number } };
}

/**
 * A feed post: its reactions, comments and shares from the post itself, and its views and clicks
 * from post insights (`post_media_view` replaced `post_impressions` in November 2025).
 */
async function postMetrics(graph: GraphClient, id: string): Promise<PostMetrics> {
  const counts = await graph.get<Counts>(id, { fields: "shares,reactions.summary(total_count).limit(0),comments.summary(total_count).limit(0)" });
  const insights = await graph.get<InsightsAnswer>(`${id}/insights`, { metric: "post_media_view,post_clicks" }).catch(() => ({ data: [] }));
  const values = insightValues(insights);
  return {
    views: values.post_media_view,
    clicks: values.post_clicks,
    likes: counts.reactions?.summary?.total_count,
    comments: counts.comments?.summary?.total_count,
    shares: counts.shares?.count ?? 0,
  };
}

/** A video: reactions and comments from the video, views from its `video_insights`. */
async function videoMetrics(graph: GraphClient, id: string): Promise<PostMetrics> {
  const counts = await graph.get<Counts>(id, { fields: "reactions.summary(total_count).limit(0),comments.summary(total_count).limit(0)" });
  const insights = await graph.get<InsightsAnswer>(`${id}/video_insights`, { metric: "total_video_views" }).catch(() => ({ data: [] }));
  return { views: insightValues(insights).total_video_views, likes: counts.reactions?.summary?.total_count, comments: counts.comments?.summary?.total_count };
}
