import { NETWORK_LIMITS } from "../../../../core/publishing/limits";
import { expiresAt, TokenRequestFailed } from "./http";
import { facebookDialogUrl, facebookPages, facebookUser } from "./facebook";
import {
  findByText,
  GRAPH_API_VERSION,
  GraphClient,
  GraphFailed,
  insightValues,
  metaHosts,
  metaTokenRequest,
  publishing,
  sinceSeconds,
  tokenIn,
  waitForContainer,
  withQuery,
  type GraphFailureContext,
  type InsightsAnswer,
  refreshLongLivedToken,
} from "./meta-graph";
import type { ConnectedAccount, PostMetrics, Provider, ProviderAccount, ProviderContext, PublishOutcome } from "./types";

/**
 * Instagram professional accounts, two ways in (developers.facebook.com/docs/instagram-platform):
 * - through Facebook Login (connector "instagram", the Facebook app): each Page the person
 *   grants that has an Instagram business account brings that account, called on
 *   graph.facebook.com with the Page's token (the platform overview lists "Facebook User or Page"
 *   tokens; a Page token does not expire, so a refused one means reconnecting);
 * - through Instagram Login (connector "instagram_login", the Instagram app): no Page needed,
 *   a 60-day token refreshed before it runs out, called on graph.instagram.com.
 * The credentials record which (`extra.graph`). Publishing is the same on both hosts: a
 * container, its status polled until FINISHED, then `media_publish`.
 */

/** Facebook Login: the Content Publishing guide's permissions (pages_read_engagement included, which it requires). */
export const INSTAGRAM_FACEBOOK_SCOPES = ["instagram_basic", "instagram_content_publish", "pages_show_list", "pages_read_engagement", "business_management", "instagram_manage_insights"] as const;
/** Instagram Login (Business Login for Instagram): the `instagram_business_*` scopes that replaced `business_*` in January 2025. */
export const INSTAGRAM_LOGIN_SCOPES = ["instagram_business_basic", "instagram_business_content_publish", "instagram_business_manage_insights"] as const;

type Host = "facebook" | "instagram";
const hostOf = (account: ProviderAccount): Host => (account.credentials.extra?.graph === "instagram" ? "instagram" : "facebook");

const failuresFor = (host: Host): GraphFailureContext =>
  host === "instagram"
    ? { label: "Instagram", expiredToken: "refresh_token", scopes: INSTAGRAM_LOGIN_SCOPES }
    : { label: "Instagram", expiredToken: "disconnect", scopes: INSTAGRAM_FACEBOOK_SCOPES };

const graphBase = (env: Env, host: Host) => `${host === "instagram" ? metaHosts(env).instagramGraph : metaHosts(env).facebookGraph}/${GRAPH_API_VERSION}`;
const client = (ctx: ProviderContext, account: ProviderAccount) => {
  const host = hostOf(account);
  return new GraphClient(ctx, graphBase(ctx.env, host), account.credentials.accessToken, failuresFor(host));
};
const profileUrl = (handle: string) => `https://www.instagram.com/${encodeURIComponent(handle)}/`;

interface ContainerAnswer {
  status_code?: string;
  status?: string;
}

interface PublishingLimit {
  data?: { quota_usage?: number; config?: { quota_total?: number; quota_duration?: number } }[];
}

/**
 * The account's API publishing allowance, read before every publish
 * (`GET /{ig-user-id}/content_publishing_limit`). The limits table's quota is the documented
 * default the scheduler counts against; the figure Instagram reports here wins at send time,
 * whatever it has become. Used up: retry once the oldest post of the rolling window leaves it.
 */
async function quotaUsedUp(ctx: ProviderContext, graph: GraphClient, igUserId: string): Promise<PublishOutcome | null> {
  const { data } = await graph.get<PublishingLimit>(`${igUserId}/content_publishing_limit`, { fields: "quota_usage,config" });
  const usage = data?.[0];
  const documented = NETWORK_LIMITS.instagram.quota!;
  const total = usage?.config?.quota_total ?? documented.posts;
  const windowMs = (usage?.config?.quota_duration ?? documented.windowMinutes * 60) * 1000;
  if ((usage?.quota_usage ?? 0) < total) return null;
  return {
    ok: false,
    errorClass: "retry",
    message: `Instagram's publishing limit is used up: ${usage?.quota_usage} of ${total} posts in ${Math.round(windowMs / 3_600_000)} hours`,
    retryAfterMs: await windowFreesIn(ctx, graph, igUserId, windowMs),
  };
}

/**
 * When the rolling window frees a place: when its oldest post leaves it. Instagram does not say,
 * so the account's posts in the window are read; posts made in the app count among them but not
 * in the quota, so this is the earliest the place can free (a retry then reads the limit again).
 */
async function windowFreesIn(ctx: ProviderContext, graph: GraphClient, igUserId: string, windowMs: number): Promise<number> {
  const start = ctx.now() - windowMs;
  try {
    const { data = [] } = await graph.get<{ data?: { timestamp?: string }[] }>(`${igUserId}/media`, { fields: "timestamp", since: String(Math.floor(start / 1000)), limit: "100" });
    const times = data.map((item) => Date.parse(item.timestamp ?? "")).filter((at) => Number.isFinite(at) && at >= start);
    if (times.length) return Math.max(60_000, Math.min(...times) + windowMs - ctx.now());
  } catch {
    // Unknown: try again in an hour.
  }
  return 60 * 60_000;
}

const containerStatus = (graph: GraphClient, id: string) => async () => {
  const answer = await graph.get<ContainerAnswer>(id, { fields: "status_code,status" });
  return { state: answer.status_code ?? "IN_PROGRESS", detail: answer.status };
};

export const instagramProvider: Provider = {
  network: "instagram",
  // Long-lived tokens (60 days) can be refreshed only while they still work: a week ahead.
  refreshAheadMs: 7 * 24 * 60 * 60 * 1000,
  connectors: [
    {
      kind: "oauth",
      id: "instagram",
      label: "Instagram (through a Facebook Page)",
      envPrefix: "FACEBOOK",
      note: "The Instagram account must be a business or creator account linked to a Facebook Page you manage.",
      // Facebook Login has no PKCE in its classic code flow; the signed state binds the answer.
      authorizeUrl: (req, env) => facebookDialogUrl(env, req.app, req.redirectUri, req.state, INSTAGRAM_FACEBOOK_SCOPES),
      async exchangeCode(ctx, req) {
        const user = await facebookUser(ctx, req);
        const pages = await facebookPages(ctx, user, "id,name,access_token,instagram_business_account{id,username,name,profile_picture_url}");
        const accounts: ConnectedAccount[] = pages
          .filter((page) => page.instagram_business_account && page.access_token)
          .map((page) => {
            const ig = page.instagram_business_account!;
            return {
              externalId: ig.id,
              displayName: ig.name || ig.username || page.name,
              handle: ig.username ?? ig.id,
              avatarUrl: ig.profile_picture_url ?? null,
              credentials: { accessToken: page.access_token!, extra: { graph: "facebook", pageId: page.id } },
              expiresAt: null,
              network: "instagram",
              ownerExternalId: user.id,
            };
          });
        if (!accounts.length) {
          throw new TokenRequestFailed("None of the Pages you chose has an Instagram business account: link one to a Page in Instagram's settings, or use Instagram Login", false);
        }
        return accounts;
      },
    },
    {
      kind: "oauth",
      id: "instagram_login",
      label: "Instagram (Instagram Login)",
      envPrefix: "INSTAGRAM",
      note: "For an Instagram business or creator account; no Facebook Page needed.",
      // Business Login for Instagram: no PKCE in its documented flow; the signed state binds the answer.
      authorizeUrl: (req, env) =>
        withQuery(`${metaHosts(env).instagramAuth}/oauth/authorize`, {
          client_id: req.app.clientId,
          redirect_uri: req.redirectUri,
          response_type: "code",
          scope: INSTAGRAM_LOGIN_SCOPES.join(","),
          state: req.state,
        }),
      async exchangeCode(ctx, req) {
        const hosts = metaHosts(ctx.env);
        // The code for a one-hour token (a form POST), that for a 60-day one (ig_exchange_token).
        const short = tokenIn(
          await metaTokenRequest(ctx, `${hosts.instagramApi}/oauth/access_token`, "POST", {
            client_id: req.app.clientId,
            client_secret: req.app.clientSecret,
            grant_type: "authorization_code",
            redirect_uri: req.redirectUri,
            code: req.code,
          }),
        );
        const long = tokenIn(await metaTokenRequest(ctx, `${hosts.instagramGraph}/access_token`, "GET", { grant_type: "ig_exchange_token", client_secret: req.app.clientSecret, access_token: short.accessToken }));
        const graph = new GraphClient(ctx, graphBase(ctx.env, "instagram"), long.accessToken, failuresFor("instagram"));
        // `user_id` is the professional account's id (the one /media takes); `id` the app-scoped user.
        const me = await graph.get<{ id?: string; user_id?: string; username?: string; name?: string; profile_picture_url?: string }>("me", { fields: "user_id,username,name,profile_picture_url" }).catch((error: unknown) => {
          if (error instanceof GraphFailed) throw new TokenRequestFailed(`Instagram refused: ${error.outcome.message}`, error.outcome.errorClass === "retry");
          throw error;
        });
        const externalId = me.user_id ?? me.id;
        if (!externalId) throw new TokenRequestFailed("Instagram did not say which account this is", false);
        return [
          {
            externalId: String(externalId),
            displayName: me.name || me.username || String(externalId),
            handle: me.username ?? String(externalId),
            avatarUrl: me.profile_picture_url ?? null,
            credentials: { accessToken: long.accessToken, extra: { graph: "instagram" } },
            expiresAt: expiresAt(ctx, long.expiresIn),
            network: "instagram",
            // The app-scoped user (what the deauthorize callback sends): /me's `id` since v21.0, the
            // code exchange's `user_id` too, which may come as a JSON number too long to keep exact.
            ownerExternalId: me.id ?? short.userId,
          },
        ];
      },
    },
  ],

  async publish(ctx, account, post) {
    const media = post.media;
    if (!media.length) {
      return { ok: false, errorClass: "bad_body", message: "Instagram does not publish text on its own: a post needs an image or a video", hint: "Add an image or a video to the post and schedule it again." };
    }
    if (media.length > 10) return { ok: false, errorClass: "bad_body", message: `An Instagram carousel holds up to 10 images or videos; this post has ${media.length}`, hint: "Remove some media and schedule it again." };
    if (!ctx.mediaUrl) return { ok: false, errorClass: "bad_body", message: "This server cannot hand media to Instagram (no public media URLs)" };
    const igUserId = account.externalId;
    const graph = client(ctx, account);
    const caption = post.thread.join("\n\n");

    return publishing("Instagram", async (final) => {
      const limited = await quotaUsedUp(ctx, graph, igUserId);
      if (limited) return limited;

      let creationId: string;
      if (media.length === 1) {
        const item = media[0]!;
        const url = await ctx.mediaUrl!(item);
        // A single video is published as a reel (feed videos became reels in July 2023).
        const params = item.kind === "video" ? { media_type: "REELS", video_url: url, caption } : { image_url: url, caption };
        creationId = (await graph.post<{ id: string }>(`${igUserId}/media`, params)).id;
      } else {
        // A carousel: a container per item, then the CAROUSEL container naming them.
        const children: string[] = [];
        for (const item of media) {
          const url = await ctx.mediaUrl!(item);
          const params = item.kind === "video" ? { media_type: "VIDEO", video_url: url, is_carousel_item: "true" } : { image_url: url, is_carousel_item: "true" };
          const { id } = await graph.post<{ id: string }>(`${igUserId}/media`, params);
          // A video item is processed before the carousel may name it.
          if (item.kind === "video") await waitForContainer(ctx, "Instagram", containerStatus(graph, id));
          children.push(id);
        }
        creationId = (await graph.post<{ id: string }>(`${igUserId}/media`, { media_type: "CAROUSEL", children: children.join(","), caption })).id;
      }
      await waitForContainer(ctx, "Instagram", containerStatus(graph, creationId));
      const { id } = await final(() => graph.post<{ id: string }>(`${igUserId}/media_publish`, { creation_id: creationId }));
      // The post is live: its permalink is a nicety, never a reason to fail.
      const permalink = await graph
        .get<{ permalink?: string }>(id, { fields: "permalink" })
        .then((answer) => answer.permalink)
        .catch(() => undefined);
      return { ok: true, id, url: permalink ?? profileUrl(account.handle) };
    });
  },

  async verify(ctx, account, post) {
    const { data = [] } = await client(ctx, account).get<{ data?: { id: string; caption?: string; timestamp?: string; permalink?: string }[] }>(`${account.externalId}/media`, {
      fields: "id,caption,timestamp,permalink",
      since: sinceSeconds(post.notBefore),
      limit: "50",
    });
    return findByText(data, post.thread.join("\n\n"), (item) => item.caption, (item) => ({ id: item.id, url: item.permalink ?? profileUrl(account.handle) }));
  },

  async refresh(ctx, account) {
    const graph = client(ctx, account);
    if (hostOf(account) === "facebook") {
      // A Page token does not expire: asking for the account tells whether it still works.
      try {
        await graph.get(account.externalId, { fields: "id" });
        return { ok: true, credentials: account.credentials, expiresAt: null };
      } catch (error) {
        if (error instanceof GraphFailed) return { ok: false, message: `${error.outcome.message}: reconnect the account`, transient: error.outcome.errorClass === "retry" };
        return { ok: false, message: `Instagram could not be reached (${error instanceof Error ? error.message : String(error)})`, transient: true };
      }
    }
    // A long-lived Instagram Login token, at least a day old and not expired, extends by 60 days.
    return refreshLongLivedToken(ctx, account, metaHosts(ctx.env).instagramGraph, "ig_refresh_token");
  },

  async metrics(ctx, account, ids) {
    const graph = client(ctx, account);
    const figures: Record<string, PostMetrics> = {};
    for (const id of ids) {
      try {
        // `views` replaced `impressions` (and `plays`) in Graph v22.0.
        const values = insightValues(await graph.get<InsightsAnswer>(`${id}/insights`, { metric: "views,likes,comments,saved,shares" }));
        figures[id] = { views: values.views, likes: values.likes, comments: values.comments, saves: values.saved, shares: values.shares };
      } catch (error) {
        if (!(error instanceof GraphFailed)) throw error;
      }
    }
    return figures;
  },
};
