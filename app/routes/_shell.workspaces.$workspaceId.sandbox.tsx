import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { SANDBOX_TAGS } from "../../core/publishing/sandbox";
import { sandboxPage } from "~/components/scheduling/scheduling.server";
import { useLiveUpdates } from "~/components/scheduling/useLiveUpdates";
import styles from "~/styles/scheduling.css?url";
import type { ShellHandle } from "./_shell";

export const handle: ShellHandle = { title: "Sandbox timeline" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Sandbox timeline · ${data.workspace.name} · Brandwork` : "Sandbox timeline · Brandwork" }];
export const loader = ({ request, context, params }: LoaderFunctionArgs) => sandboxPage(request, context, params.workspaceId);

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "medium" }) : "");

/** What the Sandbox network "published": each post once, with its id, and the faults it answered with. */
export default function SandboxTimeline() {
  const { workspace, accounts, entries } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  useLiveUpdates(workspace.id, () => revalidator.state === "idle" && revalidator.revalidate());
  return (
    <div className="page scheduling-page">
      <header className="scheduling-page__header">
        <div>
          <h1 className="page__title">Sandbox timeline</h1>
          <p className="muted">The Sandbox is a network inside Brandwork: nothing here left this app. A tag in a post's text makes it fail on purpose (the first time, or as many times as its count says):</p>
          <ul className="sandbox-tags" aria-label="Sandbox fault tags">
            {SANDBOX_TAGS.map(({ tag, effect }) => (
              <li key={tag}>
                <code>{tag}</code> <span className="muted">{effect}</span>
              </li>
            ))}
          </ul>
        </div>
        <Link className="button" to={`/workspaces/${workspace.id}/scheduled-posts`}>
          Back to the calendar
        </Link>
      </header>
      {accounts.length === 0 ? (
        <section className="empty-state">
          <h2>No sandbox account yet</h2>
          <p>
            Connect one on the <Link to={`/workspaces/${workspace.id}/scheduled-posts`}>scheduled posts</Link> page, schedule a post, and it appears here when it is published.
          </p>
        </section>
      ) : entries.length === 0 ? (
        <p className="muted">Nothing published yet. Scheduled posts appear here the minute they go out.</p>
      ) : (
        <ol className="sandbox-timeline" aria-label="Sandbox timeline">
          {entries.map((entry) => (
            <li key={entry.id} id={entry.external_id ? `post-${entry.external_id}` : undefined} className={`sandbox-entry sandbox-entry--${entry.kind}`} data-external-id={entry.external_id ?? undefined}>
              <header>
                <strong>{entry.account_name}</strong> <span className="muted">@{entry.handle}</span> <time dateTime={entry.at ?? undefined}>{when(entry.at)}</time>
              </header>
              {entry.kind === "post" ? (
                <>
                  <p className="sandbox-entry__text">{entry.text}</p>
                  <p className="muted">Post id {entry.external_id}</p>
                </>
              ) : (
                <p className="field__error">The sandbox answered with a simulated fault: {entry.fault}</p>
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
