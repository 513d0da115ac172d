import { expiresAt, partialThread, TokenRequestFailed } from "./http";
import {
  findByText,
  GraphClient,
  GraphFailed,
  insightValues,
  metaHosts,
  metaTokenRequest,
  publishing,
  sinceSeconds,
  THREADS_API_VERSION,
  tokenIn,
  waitForContainer,
  withQuery,
  type GraphFailureContext,
  type InsightsAnswer,
  refreshLongLivedToken,
} from "./meta-graph";
import type { OutgoingMedia, PostMetrics, Provider, ProviderAccount, ProviderContext } from "./types";

/**
 * Threads (developers.facebook.com/docs/threads): Threads' own login and app, a 60-day token
 * refreshed before it runs out. Publishing is a container (`POST /{user-id}/threads`) whose
 * status is polled until FINISHED, then `threads_publish`; a long text goes out as a chain of
 * replies, each `reply_to_id` the one before.
 */

export const THREADS_SCOPES = ["threads_basic", "threads_content_publish", "threads_manage_insights"] as const;

const failures: GraphFailureContext = { label: "Threads", expiredToken: "refresh_token", scopes: THREADS_SCOPES };

const graphBase = (env: Env) => `${metaHosts(env).threadsGraph}/${THREADS_API_VERSION}`;
const client = (ctx: ProviderContext, account: ProviderAccount) => new GraphClient(ctx, graphBase(ctx.env), account.credentials.accessToken, failures);
const profileUrl = (handle: string) => `https://www.threads.net/@${encodeURIComponent(handle)}`;

interface ContainerAnswer {
  status?: string;
  error_message?: string;
}

const containerStatus = (graph: GraphClient, id: string) => async () => {
  const answer = await graph.get<ContainerAnswer>(id, { fields: "status,error_message" });
  return { state: answer.status ?? "IN_PROGRESS", detail: answer.error_message };
};

const mediaParams = (item: OutgoingMedia, url: string) => (item.kind === "video" ? { media_type: "VIDEO", video_url: url } : { media_type: "IMAGE", image_url: url });

/**
 * The container of one post of the thread: text alone, one image or video, or a carousel whose
 * items are containers of their own (`is_carousel_item`), each processed before the carousel names it.
 */
async function createContainer(ctx: ProviderContext, graph: GraphClient, userId: string, text: string, media: OutgoingMedia[], replyTo?: string): Promise<string> {
  const reply = replyTo ? { reply_to_id: replyTo } : {};
  if (!media.length) return (await graph.post<{ id: string }>(`${userId}/threads`, { media_type: "TEXT", text, ...reply })).id;
  if (media.length === 1) {
    const item = media[0]!;
    return (await graph.post<{ id: string }>(`${userId}/threads`, { ...mediaParams(item, await ctx.mediaUrl!(item)), text, ...reply })).id;
  }
  const children: string[] = [];
  for (const item of media) {
    const { id } = await graph.post<{ id: string }>(`${userId}/threads`, { ...mediaParams(item, await ctx.mediaUrl!(item)), is_carousel_item: "true" });
    await waitForContainer(ctx, "Threads", containerStatus(graph, id));
    children.push(id);
  }
  return (await graph.post<{ id: string }>(`${userId}/threads`, { media_type: "CAROUSEL", children: children.join(","), text, ...reply })).id;
}

export const threadsProvider: Provider = {
  network: "threads",
  // Long-lived tokens (60 days) can be refreshed only while they still work: a week ahead.
  refreshAheadMs: 7 * 24 * 60 * 60 * 1000,
  connectors: [
    {
      kind: "oauth",
      id: "threads",
      label: "Threads",
      envPrefix: "THREADS",
      // Threads' authorization window has no PKCE in its documented flow; the signed state binds the answer.
      authorizeUrl: (req, env) =>
        withQuery(`${metaHosts(env).threadsAuth}/oauth/authorize`, {
          client_id: req.app.clientId,
          redirect_uri: req.redirectUri,
          scope: THREADS_SCOPES.join(","),
          response_type: "code",
          state: req.state,
        }),
      async exchangeCode(ctx, req) {
        const hosts = metaHosts(ctx.env);
        // The code for a one-hour token (form POST), that for a 60-day one (th_exchange_token).
        const short = tokenIn(
          await metaTokenRequest(ctx, `${hosts.threadsGraph}/oauth/access_token`, "POST", {
            client_id: req.app.clientId,
            client_secret: req.app.clientSecret,
            code: req.code,
            grant_type: "authorization_code",
            redirect_uri: req.redirectUri,
          }),
        );
        const long = tokenIn(await metaTokenRequest(ctx, `${hosts.threadsGraph}/access_token`, "GET", { grant_type: "th_exchange_token", client_secret: req.app.clientSecret, access_token: short.accessToken }));
        const me = await new GraphClient(ctx, graphBase(ctx.env), long.accessToken, failures)
          .get<{ id: string; username?: string; name?: string; threads_profile_picture_url?: string }>("me", { fields: "id,username,name,threads_profile_picture_url" })
          .catch((error: unknown) => {
            if (error instanceof GraphFailed) throw new TokenRequestFailed(`Threads refused: ${error.outcome.message}`, error.outcome.errorClass === "retry");
            throw error;
          });
        return [
          {
            externalId: me.id,
            displayName: me.name || me.username || me.id,
            handle: me.username ?? me.id,
            avatarUrl: me.threads_profile_picture_url ?? null,
            credentials: { accessToken: long.accessToken },
            expiresAt: expiresAt(ctx, long.expiresIn),
            // The Threads user (what its deauthorize callback sends). The code exchange names it too,
            // but as a JSON number past 2^53 that loses its last digits; /me gives it as a string.
            ownerExternalId: me.id ?? short.userId,
          },
        ];
      },
    },
  ],

  async publish(ctx, account, post) {
    if (post.media.length && !ctx.mediaUrl) return { ok: false, errorClass: "bad_body", message: "This server cannot hand media to Threads (no public media URLs)" };
    const userId = account.externalId;
    const graph = client(ctx, account);
    const [first = "", ...replies] = post.thread;

    return publishing("Threads", async (final) => {
      const container = await createContainer(ctx, graph, userId, first, post.media);
      await waitForContainer(ctx, "Threads", containerStatus(graph, container));
      const { id } = await final(() => graph.post<{ id: string }>(`${userId}/threads_publish`, { creation_id: container }));

      // The first post is live from here: a reply that fails ends it as a definite failure naming
      // what is out (Threads has no idempotency key, so a resend would repeat the first post).
      const firstUrl = async () =>
        (await graph
          .get<{ permalink?: string }>(id, { fields: "permalink" })
          .then((answer) => answer.permalink)
          .catch(() => undefined)) ?? profileUrl(account.handle);
      let previous = id;
      for (const [index, text] of replies.entries()) {
        try {
          const reply = await createContainer(ctx, graph, userId, text, [], previous);
          await waitForContainer(ctx, "Threads", containerStatus(graph, reply));
          previous = (await graph.post<{ id: string }>(`${userId}/threads_publish`, { creation_id: reply })).id;
        } catch (error) {
          return partialThread("Threads", await firstUrl(), index + 1, post.thread.length, error instanceof Error ? error.message : String(error));
        }
      }
      return { ok: true, id, url: await firstUrl() };
    });
  },

  async verify(ctx, account, post) {
    const { data = [] } = await client(ctx, account).get<{ data?: { id: string; text?: string; timestamp?: string; permalink?: string }[] }>(`${account.externalId}/threads`, {
      fields: "id,text,timestamp,permalink",
      since: sinceSeconds(post.notBefore),
      limit: "50",
    });
    return findByText(data, post.thread[0] ?? "", (item) => item.text, (item) => ({ id: item.id, url: item.permalink ?? profileUrl(account.handle) }));
  },

  async refresh(ctx, account) {
    // A long-lived token, at least a day old and not expired, extends by 60 days.
    return refreshLongLivedToken(ctx, account, metaHosts(ctx.env).threadsGraph, "th_refresh_token");
  },

  async metrics(ctx, account, ids) {
    const graph = client(ctx, account);
    const figures: Record<string, PostMetrics> = {};
    for (const id of ids) {
      try {
        const values = insightValues(await graph.get<InsightsAnswer>(`${id}/insights`, { metric: "views,likes,replies,reposts,quotes" }));
        figures[id] = { views: values.views, likes: values.likes, comments: values.replies, shares: (values.reposts ?? 0) + (values.quotes ?? 0) };
      } catch (error) {
        if (!(error instanceof GraphFailed)) throw error;
      }
    }
    return figures;
  },
};
