import { useCallback, useEffect, useState } from "react";
import type { ApiKeyCallOut } from "../../../core/contracts/api-keys";
import type { ListMeta } from "../../../core/contracts/pagination";
import { formatWhen } from "~/components/scheduling/types";
import { api, ApiError } from "~/lib/api";

const PAGE = 10;

/** A key's latest calls from the audit trail, newest first, ten at a time ("Show older" follows the cursor). */
export function KeyCalls({ path, name, zone }: { path: string; name: string; zone: string }) {
  const [calls, setCalls] = useState<ApiKeyCallOut[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [state, setState] = useState<"loading" | "idle" | "error">("loading");
  const [problem, setProblem] = useState<string | null>(null);

  const load = useCallback(
    async (cursor: string | null) => {
      setState("loading");
      try {
        const query = new URLSearchParams({ limit: String(PAGE), ...(cursor ? { cursor } : {}) });
        const answer = await api.get<{ data: ApiKeyCallOut[]; meta: ListMeta }>(`${path}?${query}`);
        setCalls((shown) => (cursor ? [...shown, ...answer.data] : answer.data));
        setNext(answer.meta.next_cursor);
        setState("idle");
      } catch (failure) {
        setProblem(failure instanceof ApiError ? failure.problem.message : "Loading the calls failed.");
        setState("error");
      }
    },
    [path],
  );
  useEffect(() => void load(null), [load]);

  return (
    <div className="api-keys__calls" aria-busy={state === "loading" || undefined}>
      {state === "error" ? (
        <p role="alert" className="api-keys__calls-problem">
          {problem}{" "}
          <button type="button" className="link-button" onClick={() => void load(null)}>
            Try again
          </button>
        </p>
      ) : null}
      {state !== "error" && calls.length === 0 ? (
        <p className="muted" role="status">
          {state === "loading" ? "Loading calls…" : "No calls yet. Each request made with it will be listed here."}
        </p>
      ) : null}
      {calls.length ? (
        <table className="api-keys__calls-table">
          <caption className="visually-hidden">Recent calls made with {name}</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Request</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {calls.map((call) => (
              <tr key={call.id}>
                <td>{formatWhen(call.at, zone)}</td>
                <td>
                  <code>
                    {call.method} {call.route}
                  </code>
                </td>
                <td className={call.status >= 400 ? "api-keys__status--failed" : undefined}>{call.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {next && state !== "error" ? (
        <button type="button" className="button button--small" onClick={() => void load(next)} disabled={state === "loading"}>
          {state === "loading" ? "Loading…" : "Show older calls"}
        </button>
      ) : null}
    </div>
  );
}
