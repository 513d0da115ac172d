import { count } from "../../core/counting";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { brainAction, brainPage, type BrainActionResult } from "~/components/brain/brain.server";
import { FormAlert } from "~/components/ui/Field";
import styles from "~/styles/brain.css?url";
import type { ShellHandle } from "./_shell";

export const handle: ShellHandle = { title: "Brain" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Brain · ${data.workspace.name} · Brandwork` : "Brain · Brandwork" }];
export const loader = ({ request, context, params }: LoaderFunctionArgs) => brainPage(request, context, params.workspaceId);
export const action = ({ request, context, params }: ActionFunctionArgs) => brainAction(request, context, params.workspaceId);

const TYPE_LABELS: Record<string, string> = { text: "Text", article: "Document", url: "Web page", file: "File" };

/** `/workspaces/:id/brain`: what the workspace knows, which generation draws on and cites. */
export default function Brain() {
  const { sources, q, matches, canManage } = useLoaderData<typeof loader>();
  const actionData = useActionData<BrainActionResult>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<"text" | "url">("text");
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const failure = actionData && !actionData.ok ? actionData : null;

  return (
    <div className="page brain-page">
      <p className="brain-page__lead">Facts, product notes and pages your team wants every piece of content to get right. Generation finds the passages that fit a brief and cites them.</p>
      {params.has("added") ? (
        <p className="badge badge--ok" role="status">
          Source added.
        </p>
      ) : null}
      {actionData?.ok ? (
        <p className="badge badge--ok" role="status">
          {actionData.message}
        </p>
      ) : null}

      {canManage ? (
        <section className="brain-card" aria-labelledby="add-title">
          <h2 id="add-title" className="brain-card__title">
            Add knowledge
          </h2>
          <div className="brain-tabs" role="radiogroup" aria-label="Kind of source">
            <label>
              <input type="radio" name="mode" checked={mode === "text"} onChange={() => setMode("text")} /> Text
            </label>
            <label>
              <input type="radio" name="mode" checked={mode === "url"} onChange={() => setMode("url")} /> Web page
            </label>
          </div>
          <Form method="post" className="brain-form">
            <FormAlert message={failure ? `${failure.message}${failure.fields ? ` (${Object.values(failure.fields).flat().join(", ")})` : ""}` : null} />
            {mode === "text" ? (
              <>
                <input type="hidden" name="intent" value="add-text" />
                <label className="field">
                  <span className="field__label">Title</span>
                  <input className="input" name="title" maxLength={200} placeholder="e.g. Pricing and plans" />
                </label>
                <label className="field">
                  <span className="field__label">Text</span>
                  <textarea className="input" name="text" rows={6} required minLength={20} placeholder="Paste facts, FAQs, product notes…" />
                </label>
                <button type="submit" className="button button--primary" disabled={busy("add-text")}>
                  {busy("add-text") ? "Adding…" : "Add text"}
                </button>
              </>
            ) : (
              <>
                <input type="hidden" name="intent" value="add-url" />
                <label className="field">
                  <span className="field__label">Page address</span>
                  <input className="input" name="url" type="url" required placeholder="https://yourbrand.com/about" />
                </label>
                <button type="submit" className="button button--primary" disabled={busy("add-url")}>
                  {busy("add-url") ? "Reading the page…" : "Add page"}
                </button>
              </>
            )}
          </Form>
        </section>
      ) : null}

      <section className="brain-card" aria-labelledby="search-title">
        <h2 id="search-title" className="brain-card__title">
          Try a brief
        </h2>
        <Form method="get" className="brain-search" role="search">
          <label className="visually-hidden" htmlFor="brain-q">
            A brief or question
          </label>
          <input id="brain-q" className="input" name="q" defaultValue={q} placeholder="e.g. How does loyalty work?" />
          <button type="submit" className="button">
            Find passages
          </button>
        </Form>
        {q ? (
          matches.length ? (
            <ol className="brain-matches" aria-label="Matching passages">
              {matches.map((m) => (
                <li key={m.id}>
                  <p>{m.text}</p>
                  <span className="brain-matches__source">{m.source}</span>
                </li>
              ))}
            </ol>
          ) : (
            <p className="brain-empty">Nothing in the brain matches “{q}” yet.</p>
          )
        ) : null}
      </section>

      <section className="brain-card" aria-labelledby="sources-title">
        <h2 id="sources-title" className="brain-card__title">
          Sources ({sources.length})
        </h2>
        {sources.length ? (
          <ul className="brain-sources">
            {sources.map((source) => (
              <li key={source.id} className="brain-source">
                <span className="brain-source__type">{TYPE_LABELS[source.type] ?? source.type}</span>
                <span className="brain-source__title">{source.url ? <a href={source.url} target="_blank" rel="noopener noreferrer">{source.title}</a> : source.title}</span>
                <span className="brain-source__meta">
                  {count(source.passages ?? 0, "passage")} · {count(source.characters, "character")}
                </span>
                {canManage ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="source_id" value={source.id} />
                    <button type="submit" className="button button--small" aria-label={`Remove ${source.title}`}>
                      Remove
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="brain-empty">No sources yet. Add your product notes, FAQs or your website's pages, and generated content will use them.</p>
        )}
      </section>
    </div>
  );
}
