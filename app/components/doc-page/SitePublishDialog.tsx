import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { api, ApiError } from "~/lib/api";
import { formatMoment } from "~/lib/format";
import { integrationsPath, type IntegrationCard, type SitePostJson } from "../integrations/types";
import { Dialog } from "../ui/Dialog";
import { FormAlert } from "../ui/Field";
import type { Article } from "./types";

interface Site {
  integration: IntegrationCard;
  post: SitePostJson | null;
}

interface SitePublishDialogProps {
  open: boolean;
  closeTo: string;
  article: Pick<Article, "id" | "workspace_id">;
  password: string | null;
}

/**
 * "Publish to website": the workspace's connected sites (WordPress, Webflow), where this
 * document already is on each (when, the link), and a button per site that publishes it or
 * updates it there. Failures are the site's own words, kept until the next success.
 */
export function SitePublishDialog({ open, closeTo, article, password }: SitePublishDialogProps) {
  return (
    <Dialog open={open} closeTo={closeTo} title="Publish to website" description="Send this document to a site the workspace connected. Publishing again updates the same post.">
      {open ? <SiteList article={article} password={password} /> : null}
    </Dialog>
  );
}

function SiteList({ article, password }: Omit<SitePublishDialogProps, "open" | "closeTo">) {
  const [sites, setSites] = useState<Site[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const options = { articlePassword: password };

  useEffect(() => {
    api
      .get<{ data: Site[] }>(`/articles/${article.id}/site_posts`, { articlePassword: password })
      .then((answer) => setSites(answer.data))
      .catch((error: unknown) => setLoadError(error instanceof ApiError ? error.problem.message : "Couldn't load the connected sites."));
  }, [article.id, password]);

  if (loadError) return <FormAlert message={loadError} />;
  if (!sites) return <p className="muted" role="status">Loading the connected sites…</p>;
  if (sites.length === 0) {
    return (
      <div className="dialog__form">
        <p>No website is connected to this workspace yet.</p>
        <p>
          <Link to={integrationsPath(article.workspace_id)} className="button button--primary">
            Connect WordPress or Webflow
          </Link>
        </p>
      </div>
    );
  }
  const replace = (site: Site) => setSites((list) => list?.map((s) => (s.integration.id === site.integration.id ? site : s)) ?? null);
  return (
    <ul className="site-list">
      {sites.map((site) => (
        <SiteRow key={site.integration.id} site={site} articleId={article.id} workspaceId={article.workspace_id} options={options} onChange={replace} />
      ))}
    </ul>
  );
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

function SiteRow({ site, articleId, workspaceId, options, onChange }: { site: Site; articleId: number; workspaceId: number; options: { articlePassword: string | null }; onChange: (site: Site) => void }) {
  const { integration, post } = site;
  const [status, setStatus] = useState<"publish" | "draft">(post?.status ?? "publish");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const name = `${integration.label}: ${integration.display_name}`;
  const published = Boolean(post?.remote_id);

  const publish = async () => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const answer = await api.post<{ data: Site; recreated: boolean }>(`/articles/${articleId}/site_posts`, { integration_id: integration.id, status }, options);
      onChange(answer.data);
      setNotice(answer.recreated ? `The post was gone from ${integration.display_name}, so it was published again as a new post.` : status === "draft" ? "Saved as a draft on the site." : "Published.");
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.problem.message : "Something went wrong. Try again.");
      if (failure instanceof ApiError && failure.status === 409) onChange({ integration: { ...integration, state: "needs_reauth" }, post });
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="site-list__item">
      <div className="site-list__name">
        <strong>{integration.label}</strong> · {integration.display_name}
        {integration.url ? (
          <>
            {" "}
            <a href={integration.url} target="_blank" rel="noreferrer" className="muted">
              {hostOf(integration.url)}
            </a>
          </>
        ) : null}
      </div>
      {published ? (
        <p className="site-list__state">
          {post!.status === "draft" ? "Saved as a draft" : "Published"} {formatMoment(post!.published_at)}
          {post!.url ? (
            <>
              {" · "}
              <a href={post!.url} target="_blank" rel="noreferrer">
                View on {integration.label}
              </a>
            </>
          ) : null}
        </p>
      ) : (
        <p className="site-list__state muted">Not published there yet.</p>
      )}
      {integration.state === "needs_reauth" ? (
        <FormAlert message={`${name} must be connected again before publishing.`} />
      ) : null}
      {post?.last_error && !error && !notice ? <FormAlert message={`Last try: ${post.last_error}`} /> : null}
      <FormAlert message={error} />
      {notice ? <FormAlert tone="info" message={notice} /> : null}
      <div className="site-list__actions">
        {integration.state === "needs_reauth" ? (
          <Link to={integrationsPath(workspaceId)} className="button">
            Connect again
          </Link>
        ) : (
          <>
            <label className="visually-hidden" htmlFor={`site-status-${integration.id}`}>
              Publish as
            </label>
            <select id={`site-status-${integration.id}`} className="input input--compact" value={status} onChange={(event) => setStatus(event.target.value as "publish" | "draft")}>
              <option value="publish">Published</option>
              <option value="draft">Draft</option>
            </select>
            <button type="button" className="button button--primary" disabled={busy} aria-busy={busy || undefined} onClick={() => void publish()}>
              {busy ? "Sending…" : published ? `Update on ${integration.display_name}` : `Publish to ${integration.display_name}`}
            </button>
          </>
        )}
      </div>
    </li>
  );
}
