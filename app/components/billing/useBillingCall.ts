import { useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { api, ApiError } from "~/lib/api";

/**
 * One billing write from the browser, through the API client: which one is running, and the
 * refusal in words. The page's data is reloaded after a success (the loader reads what the
 * Stripe events wrote).
 */
export function useBillingCall() {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const run = useCallback(
    async <T>(name: string, call: () => Promise<T>, failure: string): Promise<T | null> => {
      setBusy(name);
      setProblem(null);
      try {
        const result = await call();
        revalidator.revalidate();
        return result;
      } catch (error) {
        setProblem(error instanceof ApiError ? error.problem.message : failure);
        return null;
      } finally {
        setBusy(null);
      }
    },
    [revalidator],
  );
  return { busy, problem, setProblem, run, api };
}

/**
 * Reloads the page's data every `everyMs` while `waiting` (at most `forMs`): the plan changes
 * when Stripe's event arrives, a moment after the browser comes back. Returns whether it gave up.
 */
export function useRefreshUntil(waiting: boolean, { everyMs = 2_000, forMs = 120_000 } = {}) {
  const revalidator = useRevalidator();
  // The timer reads the latest revalidator (it changes on every state change) without restarting.
  const latest = useRef(revalidator);
  latest.current = revalidator;
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (!waiting) return;
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started > forMs) {
        clearInterval(timer);
        setGaveUp(true);
        return;
      }
      if (latest.current.state === "idle") latest.current.revalidate();
    }, everyMs);
    return () => clearInterval(timer);
  }, [waiting, everyMs, forMs]);
  return gaveUp;
}

/** The current page with `param` set, to open the dialog it names (Dialog closes to the page without it). */
export function withParam(location: { pathname: string; search: string }, param: string, value = "1") {
  const query = new URLSearchParams(location.search);
  query.set(param, value);
  return `${location.pathname}?${query}`;
}
