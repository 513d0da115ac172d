import type { ArticleJson } from "../../../worker/presenters/articles";

/** A document as the API answers it (GET and PUT /v1/articles/:id). */
export type Article = ArticleJson;

/** PUT /v1/articles/:id: the saved document, and what the markdown import had to leave out. */
export interface ArticleSaved {
  data: Article;
  warnings: string[];
}

export const STATUS_LABELS = {
  draft: "Draft",
  in_review: "In review",
  reviewed: "Reviewed",
  approved: "Approved",
  suggestions: "Suggestions",
} as const satisfies Record<Article["status"], string>;

/** One step of the document's breadcrumbs; no link where the viewer may not open that folder. */
export interface Crumb {
  name: string;
  href: string | null;
}
