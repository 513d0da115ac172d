import type { ArticleOut, ArticleSummaryOut } from "../../core/contracts/articles";
import type { AccessLevel } from "../../core/enums";
import { articleSlug } from "../../core/slug";
import type { Article, User } from "../db/schema";
import { presentPolicies, type Action, type Actor } from "../policies";
import { iso, presentUserCard } from "./users";

/** What a document screen needs to know it may offer. */
const ARTICLE_ACTIONS: Action[] = [
  "articles.read",
  "articles.comment",
  "articles.update",
  "articles.archive",
  "articles.delete",
  "articles.share",
  "articles.publish",
  "articles.protect",
  "articles.transfer",
  // "Schedule a post" from the document (members; the composer checks the document again).
  "posts.schedule",
  // "Publish to website" (a connected WordPress or Webflow site).
  "site_posts.publish",
  // "Rewrite in brand voice" in the editor (members who may suggest).
  "ai_revisions.create",
  // "Insights" in the document's menu (its editors).
  "insights.read",
  // "History" and "Activity" in the menu; "Restore this version" there.
  "history.read",
  "history.restore",
];

export interface ArticlePeople {
  owner?: User | null;
  lastEditor?: User | null;
}

/** A document in a list: no body. */
export function presentArticleSummary(article: Article, level: AccessLevel | null, people: ArticlePeople = {}): ArticleSummaryOut {
  return {
    id: article.id,
    slug: articleSlug(article.title, article.id),
    title: article.title,
    kind: article.kind,
    status: article.status,
    workspace_id: article.workspaceId,
    folder_id: article.folderId,
    owner_id: article.ownerId,
    owner: people.owner ? presentUserCard(people.owner) : null,
    last_editor: people.lastEditor ? presentUserCard(people.lastEditor) : null,
    access_level: level,
    is_public: article.isPublic,
    has_password: article.passwordHash !== null,
    excerpt: article.bodyText.slice(0, 200),
    created_at: iso(article.createdAt),
    updated_at: iso(article.updatedAt),
    edited_at: iso(article.editedAt),
    archived_at: iso(article.archivedAt),
  };
}

/** A document opened: body, publishing and meta, and what this actor may do with it. */
export function presentArticle(actor: Actor, article: Article, level: AccessLevel | null, people: ArticlePeople = {}): ArticleOut {
  return {
    ...presentArticleSummary(article, level, people),
    body: article.body,
    template_id: article.templateId,
    category_id: article.categoryId,
    published_at: iso(article.publishedAt),
    public_path: article.isPublic ? `/p/${articleSlug(article.title, article.id)}` : null,
    meta: {
      title: article.metaTitle,
      description: article.metaDescription,
      image_url: article.metaImageUrl,
    },
    policies: presentPolicies(actor, ARTICLE_ACTIONS, { level }),
  };
}

export type ArticleSummaryJson = ArticleSummaryOut;
export type ArticleJson = ArticleOut;
