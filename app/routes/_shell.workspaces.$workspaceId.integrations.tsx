import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRevalidator, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { integrationsPage } from "~/components/scheduling/scheduling.server";
import { ConnectNetworks } from "~/components/scheduling/ConnectNetworks";
import { FormAlert } from "~/components/ui/Field";
import { api, ApiError } from "~/lib/api";
import styles from "~/styles/scheduling.css?url";
import type { ShellHandle } from "./_shell";

export const handle: ShellHandle = { title: "Integrations" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Integrations · ${data.workspace.name} · Brandwork` : "Integrations · Brandwork" }];
export const loader = ({ request, context, params }: LoaderFunctionArgs) => integrationsPage(request, context, params.workspaceId);

const STATE_LABELS: Record<string, string> = { active: "Connected", needs_reauth: "Needs reconnecting", disconnected: "Disconnected" };

/** Services beside the social networks (a site builder, email marketing, a CRM): the connect flow lands here for them. */
export default function Integrations() {
  const { workspace, integrations, services, canManage } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const revalidator = useRevalidator();
  const [notice, setNotice] = useState<string | null>(params.get("connect_notice"));
  const [problem, setProblem] = useState<string | null>(params.get("connect_error"));

  async function disconnect(id: number, name: string) {
    setProblem(null);
    try {
      await api.delete(`/integrations/${id}`);
      setNotice(`${name} is disconnected.`);
      revalidator.revalidate();
    } catch (failure) {
      setProblem(failure instanceof ApiError ? failure.problem.message : "Disconnecting failed. Try again.");
    }
  }

  return (
    <div className="page scheduling-page">
      <h1 className="page__title">Integrations</h1>
      {notice ? <FormAlert message={notice} tone="info" /> : null}
      {problem ? <FormAlert message={problem} /> : null}
      <section aria-labelledby="connected-heading">
        <h2 id="connected-heading">Connected</h2>
        {integrations.length === 0 ? (
          <p className="muted">
            Nothing connected yet. Connect a site to publish documents to it, Mailchimp to send email sequences as campaign drafts, HubSpot to import contacts, or
            Search Console to see search figures beside the SEO analysis.{canManage ? "" : " Ask a workspace member who manages integrations to connect one."}
          </p>
        ) : (
          <ul className="accounts-bar__list">
            {integrations.map((item) => (
              <li key={item.id} className={`account-chip account-chip--${item.state}`}>
                <strong>{item.display_name}</strong> <small>{item.provider} · {STATE_LABELS[item.state] ?? item.state}</small>
                {canManage && item.state !== "disconnected" ? (
                  <button type="button" className="button account-chip__reconnect" onClick={() => void disconnect(item.id, item.display_name)}>
                    Disconnect
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      {canManage ? (
        services.length ? (
          <ConnectNetworks workspaceId={workspace.id} networks={services} summary="Connect a service" onConnected={(name) => (setNotice(`${name} is connected.`), revalidator.revalidate())} open />
        ) : (
          <p className="muted">No integration service is available on this server yet.</p>
        )
      ) : null}
    </div>
  );
}
