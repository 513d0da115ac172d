import { and, eq, isNull, sql } from "drizzle-orm";
import type { ShareNetwork } from "../../core/contracts/publishing";
import { idFromSlug } from "../../core/slug";
import type { Database } from "../db/client";
import { articles, categories, users, workspaces, type Article, type User } from "../db/schema";

// What public pages and link previews read: a published article with its author, company and
// category. A page is public when the article is published, not archived, not behind a
// password (its own or a folder's) and its workspace is active.

/** True when the article or any folder above it has a password. */
export async function passwordGuarded(db: Database, article: Pick<Article, "folderId" | "passwordHash">): Promise<boolean> {
  if (article.passwordHash) return true;
  if (article.folderId === null) return false;
  const [row] = await db.all<{ locked: number }>(sql`
    WITH RECURSIVE chain(id, parent_id, password_hash, depth) AS (
      SELECT id, parent_id, password_hash, 0 FROM folders WHERE id = ${article.folderId}
      UNION ALL
      SELECT f.id, f.parent_id, f.password_hash, chain.depth + 1 FROM folders f JOIN chain ON f.id = chain.parent_id
      WHERE chain.depth < 100
    )
    SELECT EXISTS (SELECT 1 FROM chain WHERE password_hash IS NOT NULL) AS locked`);
  return Boolean(row?.locked);
}

export interface PublicPage {
  article: Article;
  companyName: string;
  author: User | null;
  category: typeof categories.$inferSelect | null;
}

/**
 * The published article a `/p/:slug` address names (by the id at its end), or null when
 * there is none or it is not public. The caller redirects stale slugs.
 */
export async function publicPageBySlug(db: Database, slug: string): Promise<PublicPage | null> {
  const id = idFromSlug(slug);
  if (id === null) return null;
  const [row] = await db
    .select({ article: articles, companyName: workspaces.name, author: users, category: categories })
    .from(articles)
    .innerJoin(workspaces, eq(workspaces.id, articles.workspaceId))
    .leftJoin(users, eq(users.id, articles.ownerId))
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .where(and(eq(articles.id, id), eq(articles.isPublic, true), isNull(articles.archivedAt), isNull(workspaces.deactivatedAt)));
  if (!row || (await passwordGuarded(db, row.article))) return null;
  return row;
}

/** The company an article belongs to, for link previews. */
export async function companyNameOf(db: Database, workspaceId: number): Promise<string> {
  const [row] = await db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, workspaceId));
  return row?.name ?? "";
}

/** The network's own "share this link" address for a public page. */
export function shareIntentUrl(network: ShareNetwork, pageUrl: string, title: string): string {
  const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
  switch (network) {
    case "linkedin":
      return `https://www.linkedin.com/sharing/share-offsite/?${q({ url: pageUrl })}`;
    case "twitter":
    case "x":
      return `https://x.com/intent/tweet?${q({ url: pageUrl, text: title })}`;
    case "facebook":
      return `https://www.facebook.com/sharer/sharer.php?${q({ u: pageUrl })}`;
    case "reddit":
      return `https://www.reddit.com/submit?${q({ url: pageUrl, title })}`;
    case "whatsapp":
      return `https://wa.me/?${q({ text: `${title} ${pageUrl}` })}`;
    case "email":
      // mailto wants %20 for spaces, not "+".
      return `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(pageUrl)}`;
  }
}
