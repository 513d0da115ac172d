import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { createDb } from "../../worker/db/client";
import { checkHealth } from "../../worker/services/health";
import type { ShellHandle } from "./_shell";

export const handle: ShellHandle = { title: "System status" };

export const meta: MetaFunction = () => [{ title: "System status · Brandwork" }];

export async function loader({ context }: LoaderFunctionArgs) {
  return checkHealth(createDb(context.cloudflare.env.DB));
}

function formatTime(iso: string | null) {
  return iso ? new Date(iso).toLocaleString() : "Not yet run";
}

export default function Status() {
  const report = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const { d1, cron } = report.checks;
  return (
    <div className="page">
      <div className="page__header">
        <p className={`badge badge--${report.status === "ok" ? "ok" : "warn"}`} role="status">
          {report.status === "ok" ? "All systems operational" : "Some systems are degraded"}
        </p>
        <button
          type="button"
          className="button"
          onClick={() => revalidator.revalidate()}
          disabled={revalidator.state === "loading"}
        >
          {revalidator.state === "loading" ? "Checking…" : "Check again"}
        </button>
      </div>
      <dl className="status-list">
        <div>
          <dt>Database (D1)</dt>
          <dd>{d1.ok ? `Answering in ${d1.latency_ms} ms` : `Not answering: ${d1.error}`}</dd>
        </div>
        <div>
          <dt>Scheduled jobs</dt>
          <dd>
            {formatTime(cron.last_run_at)}
            {cron.last_status ? ` (${cron.last_status})` : ""}
          </dd>
        </div>
        <div>
          <dt>Version</dt>
          <dd>{report.version}</dd>
        </div>
      </dl>
    </div>
  );
}
