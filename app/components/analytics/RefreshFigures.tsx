import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { AnalyticsOut, AnalyticsQuery } from "../../../core/contracts/analytics";
import { count } from "../../../core/counting";
import { api, ApiError } from "~/lib/api";
import { formatAgo } from "./format";
import { searchOf } from "./query";

/** How long the page waits for the queue to bring the figures in before it shows what it has. */
const WAIT_MS = 45_000;
const POLL_MS = 2_000;

type State = { step: "idle" } | { step: "collecting"; queued: number } | { step: "done"; message: string } | { step: "failed"; message: string };

/**
 * "Figures updated 5 minutes ago" and "Refresh figures": asks for the due figures now (POST
 * …/analytics/collect queues them), watches the report until newer figures arrive, then
 * reloads the page's data.
 */
export function RefreshFigures({ workspaceId, query, updatedAt, now }: { workspaceId: number; query: AnalyticsQuery; updatedAt: string | null; now: string }) {
  const revalidator = useRevalidator();
  const [state, setState] = useState<State>({ step: "idle" });
  // The server's clock first (so the first paint matches), then the browser's, minute by minute.
  const [clock, setClock] = useState(() => Date.parse(now));
  useEffect(() => {
    setClock(Date.now());
    const timer = setInterval(() => setClock(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, [updatedAt]);
  // Leaving the page stops the wait.
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  async function refresh() {
    setState({ step: "collecting", queued: 0 });
    try {
      const { data } = await api.post<{ data: { queued: number } }>(`/w/${workspaceId}/analytics/collect`);
      setState({ step: "collecting", queued: data.queued });
      if (data.queued > 0) await newerThan(updatedAt);
      if (!alive.current) return;
      revalidator.revalidate();
      setState({
        step: "done",
        message: data.queued > 0 ? `Collected figures for ${count(data.queued, "post")}.` : "Nothing was due: figures are collected hourly on a post's first day, then daily for 30 days.",
      });
    } catch (failure) {
      setState({ step: "failed", message: failure instanceof ApiError ? failure.problem.message : "Refreshing failed. Try again in a moment." });
    }
  }

  /** Reads the report until its figures are newer than `before` (or the wait is over). */
  async function newerThan(before: string | null) {
    const search = Object.fromEntries(searchOf(query));
    for (const started = Date.now(); Date.now() - started < WAIT_MS && alive.current; ) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      const { data } = await api.get<{ data: AnalyticsOut }>(`/w/${workspaceId}/analytics`, { query: search });
      if (data.updated_at && (!before || data.updated_at > before)) return;
    }
  }

  const busy = state.step === "collecting";
  return (
    <div className="analytics-refresh">
      <p className="analytics-refresh__when" data-testid="figures-updated">
        {updatedAt ? `Figures updated ${formatAgo(updatedAt, clock)}` : "No figures yet"}
      </p>
      <button type="button" className="button" onClick={() => void refresh()} disabled={busy} aria-busy={busy || undefined}>
        {busy ? "Refreshing…" : "Refresh figures"}
      </button>
      <div role="status" className="analytics-refresh__status">
        {busy ? (
          <>
            <progress className="analytics-refresh__progress" aria-label="Collecting figures" />
            <span>{state.queued ? `Collecting figures for ${count(state.queued, "post")}…` : "Asking the networks for figures…"}</span>
          </>
        ) : state.step === "done" ? (
          state.message
        ) : null}
      </div>
      {state.step === "failed" ? (
        <p role="alert" className="field__error">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
