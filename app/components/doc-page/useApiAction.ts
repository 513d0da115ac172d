import { useCallback, useState } from "react";
import { ApiError } from "~/lib/api";

/** One API call behind a button: busy while it runs, its error as a sentence, its result on success. */
export function useApiAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(async <T,>(call: () => Promise<T>): Promise<T | null> => {
    setBusy(true);
    setError(null);
    try {
      return await call();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.problem.message : "Something went wrong. Try again.");
      return null;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, setError, run };
}
