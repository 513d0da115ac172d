import { Link } from "@remix-run/react";
import { formatDistanceToNow } from "date-fns";
import { useEffect, useState, type ReactNode } from "react";
import { GlobeIcon, LockIcon, ShareIcon } from "../ui/icons";
import { StatusSelect } from "./StatusSelect";
import type { Article, Crumb } from "./types";

interface DocHeaderProps {
  article: Article;
  crumbs: { workspace: { name: string; href: string } | null; folders: Crumb[] };
  password: string | null;
  shareHref: string | null;
  /** The star and the "⋯" menu, which need the page's state. */
  star: ReactNode;
  menu: ReactNode;
}

/** "edited 5 minutes ago": relative once the page runs (the server's clock and the reader's may differ). */
function Ago({ iso }: { iso: string }) {
  const [text, setText] = useState(() => new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric" }));
  useEffect(() => {
    const update = () => setText(formatDistanceToNow(new Date(iso), { addSuffix: true }));
    update();
    const timer = setInterval(update, 60_000);
    return () => clearInterval(timer);
  }, [iso]);
  return (
    <time dateTime={iso} title={new Date(iso).toLocaleString()}>
      {text}
    </time>
  );
}

/** Breadcrumbs, status, who owns it and when it changed, and the actions on the document. */
export function DocHeader({ article, crumbs, password, shareHref, star, menu }: DocHeaderProps) {
  const edited = article.edited_at ?? article.updated_at;
  return (
    <header className="doc-header">
      <nav aria-label="Breadcrumb" className="doc-crumbs">
        <ol>
          {crumbs.workspace ? (
            <li>
              <Link to={crumbs.workspace.href}>{crumbs.workspace.name}</Link>
            </li>
          ) : null}
          {crumbs.folders.map((crumb, index) => (
            <li key={`${index}-${crumb.name}`}>{crumb.href ? <Link to={crumb.href}>{crumb.name}</Link> : <span>{crumb.name}</span>}</li>
          ))}
          <li>
            <span aria-current="page">{article.title || "Untitled"}</span>
          </li>
        </ol>
      </nav>
      <div className="doc-header__row">
        <div className="doc-meta">
          <StatusSelect articleId={article.id} status={article.status} editable={Boolean(article.policies["articles.update"])} password={password} />
          {article.is_public ? (
            <span className="doc-badge doc-badge--public">
              <GlobeIcon width={14} height={14} aria-hidden="true" /> Public
            </span>
          ) : null}
          {article.has_password ? (
            <span className="doc-badge">
              <LockIcon width={14} height={14} aria-hidden="true" /> Password
            </span>
          ) : null}
          <span className="doc-meta__text">
            {article.owner ? <>Owned by {article.owner.name} · </> : null}
            {edited ? (
              <>
                Edited <Ago iso={edited} />
                {article.last_editor ? <> by {article.last_editor.name}</> : null}
              </>
            ) : null}
          </span>
        </div>
        <div className="doc-actions">
          {star}
          {article.policies["articles.update"] ? (
            <Link to={`/docs/${article.slug}/reviews/new`} className="button doc-actions__review">
              Request review
            </Link>
          ) : null}
          {shareHref ? (
            <Link to={shareHref} replace preventScrollReset className="button button--primary doc-actions__share">
              <ShareIcon width={18} height={18} aria-hidden="true" /> Share
            </Link>
          ) : null}
          {menu}
        </div>
      </div>
    </header>
  );
}
