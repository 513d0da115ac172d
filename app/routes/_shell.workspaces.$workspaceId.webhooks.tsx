import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
import { webhooksPage } from "~/components/scheduling/scheduling.server";
import { formatWhen } from "~/components/scheduling/types";
import { CopyButton } from "~/components/ui/CopyButton";
import { Field, FormAlert } from "~/components/ui/Field";
import { api, ApiError } from "~/lib/api";
import styles from "~/styles/scheduling.css?url";
import type { ShellHandle } from "./_shell";

export const handle: ShellHandle = { title: "Webhooks" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Webhooks · ${data.workspace.name} · Brandwork` : "Webhooks · Brandwork" }];
export const loader = ({ request, context, params }: LoaderFunctionArgs) => webhooksPage(request, context, params.workspaceId);

const EVENT_LABELS: Record<string, string> = {
  "post.published": "A post was published",
  "post.failed": "A post failed",
  "post.missed": "A post was missed",
  "account.needs_reauth": "An account needs reconnecting",
};

const DELIVERY_LABELS: Record<string, string> = { pending: "Retrying", delivered: "Delivered", failed: "Failed" };

/** Outbound webhooks: where publishing events go, the secret that signs them, and what each delivery got back. */
export default function Webhooks() {
  const { workspace, endpoints, deliveries, events } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // The server renders in UTC; the browser then shows its own zone (no hydration mismatch).
  const [zone, setZone] = useState("UTC");
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone), []);

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setProblem(null);
    setFieldErrors({});
    try {
      const { data } = await api.post<{ data: { url: string; secret: string } }>(`/w/${workspace.id}/webhooks`, {
        url: String(form.get("url") ?? "").trim(),
        events: form.getAll("events").map(String),
      });
      setCreated(data);
      (event.target as HTMLFormElement).reset();
      revalidator.revalidate();
    } catch (failure) {
      if (failure instanceof ApiError) {
        setProblem(failure.problem.message);
        setFieldErrors(failure.problem.fields ?? {});
      } else setProblem("Adding the webhook failed. Try again.");
    } finally {
      setBusy(false);
    }
  }

  async function remove(id: number, url: string) {
    if (!window.confirm(`Stop sending events to ${url}?`)) return;
    try {
      await api.delete(`/webhooks/${id}`);
      revalidator.revalidate();
    } catch (failure) {
      setProblem(failure instanceof ApiError ? failure.problem.message : "Removing the webhook failed. Try again.");
    }
  }

  return (
    <div className="page scheduling-page">
      <header className="scheduling-page__header">
        <div>
          <h1 className="page__title">Webhooks</h1>
          <p className="muted">
            Brandwork POSTs JSON to these addresses when posts are published, fail or are missed, and when an account needs reconnecting. Each request carries{" "}
            <code>Brandwork-Signature: t=…,v1=…</code>: the HMAC-SHA256 of <code>timestamp.body</code> under the endpoint&apos;s secret. Failed deliveries are retried for about an hour.
          </p>
        </div>
        <Link className="button" to={`/workspaces/${workspace.id}/settings/publish`}>
          Publish settings
        </Link>
      </header>

      <FormAlert message={problem} />
      {created ? (
        <div className="webhook-secret" role="status">
          <p>
            <strong>Added {created.url}.</strong> Its signing secret is shown this once; keep it where your receiver can read it.
          </p>
          <p className="webhook-secret__value">
            <code>{created.secret}</code> <CopyButton value={created.secret} label="Copy secret" />
          </p>
        </div>
      ) : null}

      <section aria-labelledby="webhook-add">
        <h2 id="webhook-add">Add an endpoint</h2>
        <form className="webhook-form" onSubmit={(event) => void add(event)} noValidate>
          <Field label="URL" name="url" type="url" placeholder="https://example.com/hooks/brandwork" required errors={fieldErrors.url} hint="Only https addresses on the public internet." />
          <fieldset className="checks">
            <legend>Events</legend>
            {events.map((name) => (
              <label className="check" key={name}>
                <input type="checkbox" name="events" value={name} defaultChecked />
                <span>
                  {EVENT_LABELS[name] ?? name} <code className="muted">{name}</code>
                </span>
              </label>
            ))}
            {fieldErrors.events ? <p className="field__error">Events {fieldErrors.events.join(", ")}</p> : null}
          </fieldset>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? "Adding…" : "Add endpoint"}
          </button>
        </form>
      </section>

      <section aria-labelledby="webhook-list">
        <h2 id="webhook-list">Endpoints</h2>
        {endpoints.length === 0 ? (
          <p className="muted">No endpoints yet. Add one above to hear about publishing in your own systems.</p>
        ) : (
          <ul className="webhook-list">
            {endpoints.map((endpoint) => {
              const own = deliveries.filter((delivery) => delivery.endpoint_id === endpoint.id).slice(0, 20);
              return (
                <li key={endpoint.id} className="webhook">
                  <div className="webhook__head">
                    <code className="webhook__url">{endpoint.url}</code>
                    <button type="button" className="button button--danger" onClick={() => void remove(endpoint.id, endpoint.url)}>
                      Remove<span className="visually-hidden"> {endpoint.url}</span>
                    </button>
                  </div>
                  <p className="muted">Sends {endpoint.events.join(", ")}</p>
                  {own.length === 0 ? (
                    <p className="muted">Nothing sent yet.</p>
                  ) : (
                    <table className="webhook__deliveries">
                      <caption className="visually-hidden">Latest deliveries to {endpoint.url}</caption>
                      <thead>
                        <tr>
                          <th scope="col">Event</th>
                          <th scope="col">Result</th>
                          <th scope="col">Tries</th>
                          <th scope="col">When</th>
                        </tr>
                      </thead>
                      <tbody>
                        {own.map((delivery) => (
                          <tr key={delivery.id}>
                            <td>{delivery.event}</td>
                            <td>
                              {DELIVERY_LABELS[delivery.status] ?? delivery.status}
                              {delivery.response_status ? ` (${delivery.response_status})` : ""}
                              {delivery.error && delivery.status !== "delivered" ? <span className="muted"> · {delivery.error}</span> : null}
                            </td>
                            <td>{delivery.attempts}</td>
                            <td>{formatWhen(delivery.delivered_at ?? delivery.created_at, zone)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
