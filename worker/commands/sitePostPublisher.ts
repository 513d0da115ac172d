import { and, eq, sql } from "drizzle-orm";
import { articleSlug } from "../../core/slug";
import type { SerializedDocument } from "../../core/document/types";
import { runBatch } from "../db/batching";
import type { Database } from "../db/client";
import { articleVersions, sitePosts, type Article, type SitePost, type ThirdPartyIntegration } from "../db/schema";
import { NotFound } from "../lib/errors";
import { documentHtml } from "../services/document-html";
import { IntegrationFailed } from "../services/integrations/failures";
import { integrationService, markNeedsReconnect, openIntegration } from "../services/integrations";
import type { ProviderContext } from "../services/publishing/providers/types";
import { eventStatement, type CommandContext } from "./events";

export interface SitePostPublisherProps {
  context: CommandContext;
  provider: ProviderContext;
  article: Article;
  integration: ThirdPartyIntegration;
  status: "publish" | "draft";
  /** This app's origin, for the document's own links and images. */
  origin: string;
}

/**
 * Publishes a document to a connected site, or updates the post it made there before; the
 * remote id, link and time are kept (with the event) in one batch. A failure is kept in
 * words on the row, with whatever the site did make (a Webflow item saved but not
 * published), and thrown; credentials the site refuses mark the integration `needs_reauth`.
 */
export async function sitePostPublisher(db: Database, { context, provider, article, integration, status, origin }: SitePostPublisherProps): Promise<{ post: SitePost; recreated: boolean }> {
  const site = integrationService(integration.provider)?.site;
  if (!site) throw new NotFound("Integration not found");
  const [existing] = await db.select().from(sitePosts).where(and(eq(sitePosts.articleId, article.id), eq(sitePosts.integrationId, integration.id)));
  const keep = (values: Partial<typeof sitePosts.$inferInsert>) =>
    db
      .insert(sitePosts)
      .values({ workspaceId: article.workspaceId, articleId: article.id, integrationId: integration.id, status, ...values })
      .onConflictDoUpdate({ target: [sitePosts.articleId, sitePosts.integrationId], set: { status, ...values, updatedAt: new Date() } })
      .returning();

  try {
    const connected = await openIntegration(provider.env, integration);
    const document = { title: article.title || "Untitled", html: documentHtml(article.body as SerializedDocument, origin), slug: articleSlug(article.title, article.id), status };
    let remoteId = existing?.remoteId ?? null;
    // The last create got no answer: it may have made the post. Look before making another.
    if (!remoteId && existing?.unknownSince) remoteId = (await site.find(provider, connected, document))?.id ?? null;
    const published = await site.publish(provider, connected, document, remoteId);
    const [[post]] = await runBatch(db, [
      keep({ remoteId: published.id, url: published.url, publishedAt: provider.now(), publishedById: context.actor.userId, lastError: null, unknownSince: null }),
      // History keeps a version of what went live on the site (a draft sent there is no publish).
      ...(status === "publish"
        ? [db.insert(articleVersions).values({ articleId: article.id, body: article.body, title: article.title, createdById: context.actor.userId || null, kind: "publish" as const })]
        : []),
      eventStatement(db, context, "site_posts.publish", {
        articleId: article.id,
        properties: sql`json_set(${JSON.stringify({ integration_id: integration.id, provider: integration.provider, remote_id: published.id, status, recreated: published.recreated, update: Boolean(existing?.remoteId) })}, '$.version_id', ${status === "publish" ? sql`last_insert_rowid()` : null})`,
      }),
    ]) as [SitePost[], unknown];
    return { post: post!, recreated: published.recreated };
  } catch (error) {
    if (!(error instanceof IntegrationFailed)) throw error;
    // Only a refusal by the service marks it; one already waiting to be connected again keeps its reason.
    if (error.kind === "reconnect" && integration.state === "active") await markNeedsReconnect(db, integration, error.message);
    await keep({
      lastError: error.message,
      ...(error.kind === "no_answer" && !existing?.remoteId ? { unknownSince: provider.now() } : {}),
      ...(error.remote ? { remoteId: error.remote.id, url: error.remote.url } : {}),
    });
    throw error;
  }
}
