import { Link } from "@remix-run/react";
import { integrationsPath } from "../integrations/types";
import { useEffect, useState } from "react";
import { formatNumber } from "../../../core/counting";
import { api, ApiError } from "~/lib/api";

interface Figures {
  clicks: number;
  impressions: number;
  ctr: number;
  position: number;
}

type Performance =
  | { connected: false; properties: [] }
  | {
      connected: true;
      property: { id: number; site_url: string; display_name: string; state: string };
      scope: "page" | "site";
      page: string | null;
      start_date: string;
      end_date: string;
      has_data: boolean;
      totals: Figures;
      queries: ({ query: string } & Figures)[];
    };

const percent = (ctr: number) => `${formatNumber(Math.round(ctr * 1000) / 10)}%`;
const place = (position: number) => formatNumber(Math.round(position * 10) / 10);

/**
 * "Search performance" beside the SEO analysis: Google Search Console's last 28 days for the
 * document's public page when the connected property covers it, else the site's top queries.
 */
export function SearchPerformance({ workspaceId, publicPath }: { workspaceId: number; publicPath: string | null }) {
  const [state, setState] = useState<{ loading: true } | { loading: false; data: Performance | null; problem: string | null }>({ loading: true });
  useEffect(() => {
    let live = true;
    const page = publicPath ? new URL(publicPath, window.location.origin).toString() : null;
    const query = page ? `?page=${encodeURIComponent(page)}` : "";
    api.get<{ data: Performance }>(`/w/${workspaceId}/search_console/performance${query}`).then(
      ({ data }) => live && setState({ loading: false, data, problem: null }),
      (failure) => live && setState({ loading: false, data: null, problem: failure instanceof ApiError ? failure.problem.message : "Search Console could not be read. Try again later." }),
    );
    return () => void (live = false);
  }, [workspaceId, publicPath]);

  return (
    <section className="seo-search" aria-labelledby="seo-search-title" aria-busy={state.loading || undefined}>
      <h3 className="seo__title" id="seo-search-title">
        Search performance
      </h3>
      {state.loading ? (
        <p role="status" className="muted">
          Asking Google Search Console…
        </p>
      ) : state.problem ? (
        <p role="alert" className="seo-search__problem">
          {state.problem}{" "}
          <Link to={integrationsPath(workspaceId)}>Integrations</Link>
        </p>
      ) : !state.data?.connected ? (
        <p className="muted">
          Connect Google Search Console to see how people find your site in Google: clicks, impressions, click-through rate and position.{" "}
          <Link to={integrationsPath(workspaceId)}>Connect Search Console</Link>
        </p>
      ) : (
        <>
          <p className="muted">
            {state.data.scope === "page" ? "This page" : `${state.data.property.display_name}, the whole site`}, {state.data.start_date} to {state.data.end_date} (last 28 days).
          </p>
          {!state.data.has_data ? (
            <p>Google has no search data for {state.data.scope === "page" ? "this page" : "this site"} yet. New pages and properties take a few days to show up.</p>
          ) : (
            <>
              <dl className="seo__figures">
                <div>
                  <dt>Clicks</dt>
                  <dd>{formatNumber(state.data.totals.clicks)}</dd>
                </div>
                <div>
                  <dt>Impressions</dt>
                  <dd>{formatNumber(state.data.totals.impressions)}</dd>
                </div>
                <div>
                  <dt>CTR</dt>
                  <dd>{percent(state.data.totals.ctr)}</dd>
                </div>
                <div>
                  <dt>Position</dt>
                  <dd>{place(state.data.totals.position)}</dd>
                </div>
              </dl>
              {state.data.queries.length ? (
                <div className="seo-search__table">
                  <table className="seo__keywords">
                    <caption>Top queries</caption>
                    <thead>
                      <tr>
                        <th scope="col">Query</th>
                        <th scope="col">Clicks</th>
                        <th scope="col">Impr.</th>
                        <th scope="col">CTR</th>
                        <th scope="col">Pos.</th>
                      </tr>
                    </thead>
                    <tbody>
                      {state.data.queries.map((row) => (
                        <tr key={row.query}>
                          <th scope="row">{row.query}</th>
                          <td>{formatNumber(row.clicks)}</td>
                          <td>{formatNumber(row.impressions)}</td>
                          <td>{percent(row.ctr)}</td>
                          <td>{place(row.position)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              ) : null}
            </>
          )}
        </>
      )}
    </section>
  );
}
