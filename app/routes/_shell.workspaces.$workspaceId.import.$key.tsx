import { count } from "../../core/counting";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { importJobOf } from "../../worker/services/imports";
import { ImportErrorBoundary } from "~/components/imports/ImportErrorBoundary";
import { isRunning, JobStatusBadge } from "~/components/imports/JobStatusBadge";
import { requireWorkspaceActor, workspaceActionContext } from "~/lib/workspace.server";
import styles from "~/styles/imports.css?url";
import type { ShellHandle } from "./_shell";

export const handle: ShellHandle = { title: "Import" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = () => [{ title: "Import progress · Brandwork" }];

/** How often the page asks for progress while the import runs. */
const POLL_MS = 1_000;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { db, actor, workspace } = await requireWorkspaceActor(request, context, params.workspaceId);
  const job = await importJobOf(db, actor, params.key ?? "");
  if (!job) throw data("Import not found", { status: 404 });
  return { workspaceId: workspace.id, job };
}

/** Stop: the job finishes the file it is on and goes no further. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { call } = await workspaceActionContext(request, context, params.workspaceId);
  const result = await call("DELETE", `/imports/${params.key}`);
  return data({ ok: result.ok }, { status: result.ok ? 200 : result.status });
}

export default function ImportProgress() {
  const { workspaceId, job } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const running = isRunning(job.status);

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [running, revalidator]);

  const created = job.results.filter((result) => result.article_id !== null);
  const failed = job.results.filter((result) => result.error !== null && result.article_id === null);
  const percent = Math.round(job.progress * 100);

  return (
    <div className="page import-page">
      <div className="page__header">
        <div>
          <h1 className="page__title">Import</h1>
          <p className="page__lede">
            {count(job.total, "file")} · started {new Date(job.created_at!).toLocaleString()}
          </p>
        </div>
        <JobStatusBadge status={job.status} />
      </div>

      <div className="import-progress">
        <progress max={100} value={percent} aria-label="Import progress">
          {percent}%
        </progress>
        <p role="status" aria-live="polite">
          {running ? `Imported ${job.processed} of ${job.total}…` : `Imported ${created.length} of ${job.total}${failed.length ? `, ${failed.length} could not be imported` : ""}.`}
        </p>
        {running ? (
          <Form method="post">
            <button className="button" type="submit" disabled={navigation.state !== "idle"}>
              Stop import
            </button>
          </Form>
        ) : null}
      </div>

      {job.status === "expired" ? (
        <p className="form-alert form-alert--error" role="alert">
          This import stopped responding and timed out. The documents listed below were created; import the rest again.
        </p>
      ) : null}

      {job.results.length > 0 ? (
        <ul className="import-results" aria-label="Files">
          {job.results.map((result, index) => (
            <li key={`${result.name}-${index}`} className={result.article_id ? "import-result--ok" : "import-result--error"}>
              <span className="import-result__name">{result.name}</span>
              {result.article_id ? (
                <Link to={`/docs/${result.article_id}`}>Open document</Link>
              ) : (
                <span className="import-result__error">{result.error}</span>
              )}
              {result.article_id && result.error ? <span className="import-result__note">{result.error}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}

      <p>
        <Link to={`/workspaces/${workspaceId}/import`}>Import more files</Link>
      </p>
    </div>
  );
}

export { ImportErrorBoundary as ErrorBoundary };
