import { articleSlug } from "../../core/slug";
import type { Article, User } from "../db/schema";
import type { Category, PublicArticleCard } from "../services/public-directory";
import type { PublicPage } from "../services/public-pages";
import type { ReactionCount } from "../services/reactions";
import { iso } from "./users";

// What strangers see: never an email address, a workspace id or anything about access.

/** Social images must be web addresses (they land in og:image and <img src>). */
const webImage = (url: string | null) => (url && /^https?:\/\//i.test(url) ? url : null);

export const publicPath = (article: Pick<Article, "id" | "title">) => `/p/${articleSlug(article.title, article.id)}`;

/** An author as readers see them. */
export function presentPublicAuthor(author: Pick<User, "firstName" | "lastName" | "profile"> | null) {
  if (!author) return null;
  const name = `${author.firstName} ${author.lastName}`.trim();
  return {
    name: name || "A Brandwork author",
    avatar_url: author.profile?.avatar_url ?? null,
    job_title: author.profile?.job_title ?? null,
  };
}

export function presentCategory(category: Category, articleCount?: number) {
  return {
    id: category.id,
    slug: category.slug,
    name: category.name,
    description: category.description,
    for_templates: category.forTemplates,
    ...(articleCount === undefined ? {} : { article_count: articleCount }),
  };
}

/** A public article in a directory list. */
export function presentPublicArticleCard(card: PublicArticleCard) {
  return {
    id: card.id,
    slug: articleSlug(card.title, card.id),
    title: card.title,
    kind: card.kind,
    excerpt: card.metaDescription ?? card.excerpt,
    image_url: webImage(card.metaImageUrl),
    path: publicPath(card),
    category_id: card.categoryId,
    company: { name: card.companyName },
    author: card.authorFirstName === null ? null : presentPublicAuthor({ firstName: card.authorFirstName, lastName: card.authorLastName ?? "", profile: card.authorProfile ?? {} }),
    published_at: iso(card.publishedAt),
    updated_at: iso(card.updatedAt),
    ...(card.headline === undefined ? {} : { headline: card.headline }),
  };
}

/** The whole public page: what `/p/:slug` renders. */
export function presentPublicPage({ article, companyName, author, category }: PublicPage) {
  return {
    id: article.id,
    slug: articleSlug(article.title, article.id),
    title: article.title,
    kind: article.kind,
    body: article.body,
    path: publicPath(article),
    company: { name: companyName },
    author: presentPublicAuthor(author),
    category: category ? presentCategory(category) : null,
    published_at: iso(article.publishedAt),
    updated_at: iso(article.editedAt ?? article.updatedAt),
    meta: presentMetaFields(article),
  };
}

/** SEO and social fields, with sensible fallbacks from the document itself. */
function presentMetaFields(article: Article) {
  const text = article.bodyText.replace(/\s+/g, " ").trim();
  return {
    title: article.metaTitle || article.title,
    description: article.metaDescription || (text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text),
    image_url: webImage(article.metaImageUrl),
  };
}

/** GET /articles/:id/meta: what a link preview shows. */
export function presentArticleMeta(article: Article, { author, companyName, origin }: { author: User | null; companyName: string; origin: string }) {
  return {
    id: article.id,
    ...presentMetaFields(article),
    author: presentPublicAuthor(author),
    company: { name: companyName },
    is_public: article.isPublic,
    published_at: iso(article.publishedAt),
    updated_at: iso(article.editedAt ?? article.updatedAt),
    url: article.isPublic ? `${origin}${publicPath(article)}` : null,
  };
}

export function presentReactions(counts: ReactionCount[]) {
  return {
    reactions: counts,
    total: counts.reduce((sum, reaction) => sum + reaction.count, 0),
  };
}

export type PublicPageJson = ReturnType<typeof presentPublicPage>;
export type PublicArticleCardJson = ReturnType<typeof presentPublicArticleCard>;
export type CategoryJson = ReturnType<typeof presentCategory>;
export type ReactionsJson = ReturnType<typeof presentReactions>;
