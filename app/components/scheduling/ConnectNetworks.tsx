import { useState } from "react";
import type { PresentedConnector } from "../../../worker/presenters/connections";
import { api, ApiError } from "~/lib/api";
import { PlanLimitLink } from "~/components/ui/Field";

/**
 * The ways to connect every other network (the Sandbox has its own form above): an OAuth
 * connector is a link to the connect flow (`/integrations/<id>/connect`), one without its keys
 * on this server is shown disabled with the reason (as the sign-in page's social buttons), one
 * that needs a server first (Mastodon) asks for it in a small form, and a form connector
 * (Bluesky's app password) is its own form. All work from the keyboard and fit a phone.
 */

export interface ConnectableNetwork {
  network: string;
  label: string;
  connectors: PresentedConnector[];
}

export const connectHref = (connectorId: string, workspaceId: number, extra: Record<string, string> = {}) =>
  `/integrations/${encodeURIComponent(connectorId)}/connect?${new URLSearchParams({ workspace: String(workspaceId), ...extra })}`;

export function ConnectNetworks({ workspaceId, networks, onConnected, open, summary = "Connect another network" }: { workspaceId: number; networks: ConnectableNetwork[]; onConnected: (name: string) => void; open?: boolean; summary?: string }) {
  const others = networks.filter((network) => network.network !== "sandbox" && network.connectors.length > 0);
  if (others.length === 0) return null;
  return (
    <details className="connect-networks" open={open}>
      <summary className="connect-networks__summary">{summary}</summary>
      <ul className="connect-networks__list">
        {others.flatMap((network) =>
          network.connectors.map((connector) => (
            <li key={connector.id} className="connect-networks__item">
              <ConnectorControl workspaceId={workspaceId} network={network} connector={connector} onConnected={onConnected} />
              {connector.note ? <p className="connect-networks__note muted">{connector.note}</p> : null}
            </li>
          )),
        )}
      </ul>
    </details>
  );
}

function ConnectorControl({ workspaceId, network, connector, onConnected }: { workspaceId: number; network: ConnectableNetwork; connector: PresentedConnector; onConnected: (name: string) => void }) {
  const label = connector.label || network.label;
  if (!connector.configured) {
    const reasonId = `connector-${connector.id}-reason`;
    return (
      <button type="button" className="button button--connector" disabled aria-describedby={reasonId}>
        <span className="button--connector__label">Connect {label}</span>
        <span id={reasonId} className="button--connector__reason">
          Not configured on this server
        </span>
      </button>
    );
  }
  if (connector.kind === "form") return <FormConnector workspaceId={workspaceId} connector={connector} label={label} onConnected={onConnected} />;
  if (connector.instance_field) {
    // A plain GET form: the connect route asks the chosen server, with or without JavaScript.
    const field = connector.instance_field;
    return (
      <form className="connect-networks__form" method="get" action={`/integrations/${encodeURIComponent(connector.id)}/connect`}>
        <input type="hidden" name="workspace" value={workspaceId} />
        <label className="field">
          <span className="field__label">{field.label}</span>
          <input className="input" name="instance" type="text" inputMode="url" placeholder={field.placeholder ?? undefined} autoComplete="url" required />
          {field.help ? <span className="field__hint">{field.help}</span> : null}
        </label>
        <button type="submit" className="button">
          Connect {label}
        </button>
      </form>
    );
  }
  return (
    <a className="button button--connector" href={connectHref(connector.id, workspaceId)}>
      Connect {label}
    </a>
  );
}

function FormConnector({ workspaceId, connector, label, onConnected }: { workspaceId: number; connector: PresentedConnector; label: string; onConnected: (name: string) => void }) {
  const empty = Object.fromEntries(connector.fields.map((field) => [field.name, ""]));
  const [values, setValues] = useState<Record<string, string>>(empty);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; fields: Record<string, string[]> } | null>(null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { data } = await api.post<{ data: { accounts: { display_name: string }[]; integrations: { display_name: string }[] } }>(`/w/${workspaceId}/connections/${encodeURIComponent(connector.id)}`, values);
      const names = [...data.accounts, ...data.integrations].map((item) => item.display_name).join(", ");
      setValues(empty);
      onConnected(names || label);
    } catch (failure) {
      setError(failure instanceof ApiError ? { message: failure.problem.message, fields: failure.problem.fields } : { message: `Connecting ${label} failed. Try again.`, fields: {} });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="connect-networks__form" onSubmit={(event) => void submit(event)} aria-label={`Connect ${label}`}>
      {connector.fields.map((field) => {
        const id = `connector-${connector.id}-${field.name}`;
        const problem = error?.fields[field.name]?.join(", ");
        return (
          <label key={field.name} className="field" htmlFor={id}>
            <span className="field__label">{field.label}</span>
            <input
              id={id}
              className="input"
              type={field.type}
              value={values[field.name] ?? ""}
              onChange={(event) => setValues({ ...values, [field.name]: event.target.value })}
              placeholder={field.placeholder ?? undefined}
              autoComplete={field.type === "password" ? "off" : undefined}
              aria-invalid={problem ? true : undefined}
              required
            />
            {field.help ? <span className="field__hint">{field.help}</span> : null}
            {problem ? <span className="field__error">{problem}</span> : null}
          </label>
        );
      })}
      <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
        {busy ? "Connecting…" : `Connect ${label}`}
      </button>
      {error ? (
        <span className="field__error" role="alert">
          {error.message}
          <PlanLimitLink message={error.message} />
        </span>
      ) : null}
    </form>
  );
}
