import { Link } from "@remix-run/react";
import type { PublicArticleCardJson } from "../../../worker/presenters/public-pages";
import { longDate } from "./dates";

/** A published article in the directory. */
export function ArticleCard({ article }: { article: PublicArticleCardJson }) {
  return (
    <article className="article-card">
      {article.image_url ? <img className="article-card__image" src={article.image_url} alt="" loading="lazy" /> : null}
      <div className="article-card__body">
        {article.headline ? <p className="article-card__headline">{article.headline}</p> : null}
        <h3 className="article-card__title">
          <Link to={article.path} reloadDocument>
            {article.title}
          </Link>
        </h3>
        {article.excerpt ? <p className="article-card__excerpt">{article.excerpt}</p> : null}
        <p className="article-card__meta">
          {[article.author?.name, article.company.name, longDate(article.published_at)].filter(Boolean).join(" · ")}
        </p>
      </div>
    </article>
  );
}
