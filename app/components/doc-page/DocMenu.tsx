import { Link, useNavigate } from "@remix-run/react";
import { api } from "~/lib/api";
import { ArchiveIcon, ChartIcon, ClockIcon, CopyIcon, DocIcon, FolderIcon, GlobeIcon, LockIcon, PeopleIcon, PulseIcon, SearchIcon } from "../ui/icons";
import { Menu, MenuSeparator } from "../ui/Menu";
import type { DocDialog } from "./dialogs";
import type { Article } from "./types";
import { useApiAction } from "./useApiAction";

interface DocMenuProps {
  article: Article;
  /** A member or guest of the document's workspace (visitors holding the link cannot copy or move). */
  inWorkspace: boolean;
  password: string | null;
  /** `?name` links that open the menu's dialogs on this page. */
  dialogHref: (name: DocDialog) => string;
}

/**
 * The "⋯" menu. What it offers comes from `article.policies` as the API presents them, never
 * guessed here; exports are plain links (a download and the PDF route).
 */
export function DocMenu({ article, inWorkspace, password, dialogHref }: DocMenuProps) {
  const can = (action: string) => Boolean(article.policies[action]);
  const navigate = useNavigate();
  const duplicate = useApiAction();

  const makeCopy = async () => {
    const copy = await duplicate.run(() =>
      api.post<{ data: Article }>(`/articles/${article.id}/duplicate`, {}, { articlePassword: password }),
    );
    if (copy) navigate(`/docs/${copy.data.slug}`);
  };

  return (
    <>
      <Menu label="More actions" sheet>
        {inWorkspace ? (
          <button type="button" className="menu__item" onClick={makeCopy} disabled={duplicate.busy}>
            <CopyIcon aria-hidden="true" /> {duplicate.busy ? "Duplicating…" : "Duplicate"}
          </button>
        ) : null}
        {can("articles.update") ? (
          <Link to={dialogHref("move")} replace preventScrollReset className="menu__item">
            <FolderIcon aria-hidden="true" /> Move to folder…
          </Link>
        ) : null}
        {inWorkspace || can("articles.update") ? <MenuSeparator /> : null}
        {inWorkspace && can("posts.schedule") ? (
          <Link to={`/workspaces/${article.workspace_id}/scheduled-posts?compose=next&article=${article.id}`} className="menu__item">
            <ClockIcon aria-hidden="true" /> Schedule a post
          </Link>
        ) : null}
        {can("insights.read") ? (
          <Link to={`/docs/${article.slug}/insights`} className="menu__item">
            <ChartIcon aria-hidden="true" /> Insights
          </Link>
        ) : null}
        {can("history.read") ? (
          <>
            <Link to={`/docs/${article.slug}/history`} className="menu__item">
              <ClockIcon aria-hidden="true" /> History
            </Link>
            <Link to={`/docs/${article.slug}/activity`} className="menu__item">
              <PulseIcon aria-hidden="true" /> Activity
            </Link>
          </>
        ) : null}
        <Link to={dialogHref("seo")} replace preventScrollReset className="menu__item">
          <SearchIcon aria-hidden="true" /> SEO analysis…
        </Link>
        <a href={`/docs/${article.slug}/markdown`} download className="menu__item">
          <DocIcon aria-hidden="true" /> Export markdown
        </a>
        <a href={`/docs/${article.slug}/pdf`} className="menu__item">
          <DocIcon aria-hidden="true" /> Export PDF
        </a>
        {can("articles.publish") || can("articles.protect") || can("articles.transfer") || can("site_posts.publish") ? <MenuSeparator /> : null}
        {can("articles.publish") ? (
          <Link to={dialogHref("publish")} replace preventScrollReset className="menu__item">
            <GlobeIcon aria-hidden="true" /> {article.is_public ? "Public link / Make private…" : "Publish to web…"}
          </Link>
        ) : null}
        {inWorkspace && can("site_posts.publish") ? (
          <Link to={dialogHref("website")} replace preventScrollReset className="menu__item">
            <GlobeIcon aria-hidden="true" /> Publish to website…
          </Link>
        ) : null}
        {can("articles.protect") ? (
          <Link to={dialogHref("password")} replace preventScrollReset className="menu__item">
            <LockIcon aria-hidden="true" /> {article.has_password ? "Change password…" : "Password protect…"}
          </Link>
        ) : null}
        {can("articles.transfer") ? (
          <Link to={dialogHref("transfer")} replace preventScrollReset className="menu__item">
            <PeopleIcon aria-hidden="true" /> Transfer ownership…
          </Link>
        ) : null}
        {can("articles.archive") && !article.archived_at ? (
          <>
            <MenuSeparator />
            <Link to={dialogHref("archive")} replace preventScrollReset className="menu__item menu__item--danger">
              <ArchiveIcon aria-hidden="true" /> Archive…
            </Link>
          </>
        ) : null}
      </Menu>
      {duplicate.error ? (
        <p className="doc-header__error" role="alert">
          {duplicate.error}
        </p>
      ) : null}
    </>
  );
}
