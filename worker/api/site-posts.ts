import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import { articleRefParam } from "../../core/contracts/articles";
import { publishSitePostSchema } from "../../core/contracts/integrations";
import { sitePostPublisher } from "../commands/sitePostPublisher";
import type { Database } from "../db/client";
import { sitePosts } from "../db/schema";
import { createApp, type AppEnv } from "../lib/create-app";
import { validate } from "../lib/validate";
import { optionalSession, requireSession } from "../middleware/session";
import { authorize } from "../policies";
import { presentIntegrationCard, presentSitePost } from "../presenters/integrations";
import { workspaceIntegration, workspaceIntegrations } from "../services/integrations";
import { commandContext, loaded } from "./articles";

/** What the integrations' calls need: the outbound fetch looked up per call (tests replace it). */
export const integrationContext = (c: { get(key: "db"): Database; env: Env }) => ({ db: c.get("db"), env: c.env, now: Date.now, fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, init) });

async function sitesOf(c: Context<AppEnv>, workspaceId: number, articleId: number) {
  const db = c.get("db");
  const [integrations, posts] = await Promise.all([
    workspaceIntegrations(db, workspaceId, "site_builder"),
    db.select().from(sitePosts).where(and(eq(sitePosts.articleId, articleId), eq(sitePosts.workspaceId, workspaceId))),
  ]);
  return integrations.map((integration) => {
    const post = posts.find((p) => p.integrationId === integration.id);
    return { integration: presentIntegrationCard(integration), post: post ? presentSitePost(post) : null };
  });
}

/**
 * A document on the workspace's connected sites (WordPress, Webflow): where it is, and
 * publishing it (again). The document is loaded exactly as `GET /articles/:id` loads it,
 * password lock included; the integration must be the document's workspace's.
 */
export const sitePostsApi = createApp()
  .get("/articles/:id/site_posts", optionalSession, validate("param", articleRefParam), async (c) => {
    const { actor, article, resource } = await loaded(c, c.req.valid("param").id);
    authorize(actor, "articles.read", resource);
    authorize(actor, "site_posts.read", resource);
    return c.json({ data: await sitesOf(c, article.workspaceId, article.id) });
  })

  .post("/articles/:id/site_posts", requireSession, validate("param", articleRefParam), validate("json", publishSitePostSchema), async (c) => {
    const { actor, article, resource } = await loaded(c, c.req.valid("param").id);
    authorize(actor, "articles.read", resource);
    authorize(actor, "site_posts.publish", resource, "Only members who may edit this document can publish it to a website");
    const input = c.req.valid("json");
    const integration = await workspaceIntegration(c.get("db"), article.workspaceId, input.integration_id, "site_builder");
    const { post, recreated } = await sitePostPublisher(c.get("db"), {
      context: commandContext(c, actor),
      provider: integrationContext(c),
      article,
      integration,
      status: input.status,
      origin: new URL(c.req.url).origin,
    });
    return c.json({ data: { integration: presentIntegrationCard(integration), post: presentSitePost(post) }, recreated });
  });
