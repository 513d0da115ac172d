import { useEffect, useRef, useState } from "react";
import { ApiError } from "~/lib/api";
import { createSaveQueue, type SaveSnapshot } from "./saveQueue";

/** How an autosave failure reads beside the editor. */
export function describeSaveError(error: unknown): string {
  if (error instanceof ApiError) return error.problem.message;
  return "Something went wrong. Check your connection and retry.";
}

/**
 * The editor's and title's autosave: `change` on every keystroke, `flush` on blur and
 * Ctrl+S. The latest `save` and `onSaved` are always used; the queue lives as long as the
 * component. Leaving the page with unsaved text asks first.
 */
export function useAutosave<T, R>(save: (value: T) => Promise<R>, options: { delay: number; onSaved?: (result: R) => void }) {
  const [snapshot, setSnapshot] = useState<SaveSnapshot>({ status: "idle", error: null });
  const saveRef = useRef(save);
  const onSavedRef = useRef(options.onSaved);
  saveRef.current = save;
  onSavedRef.current = options.onSaved;
  const [queue] = useState(() =>
    createSaveQueue<T, R>({
      save: (value) => saveRef.current(value),
      delay: options.delay,
      onChange: setSnapshot,
      onSaved: (result) => onSavedRef.current?.(result),
      describeError: describeSaveError,
    }),
  );

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!queue.hasUnsaved()) return;
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => {
      window.removeEventListener("beforeunload", warn);
      // Leaving the screen inside the app: save what is left rather than drop it.
      if (queue.hasUnsaved()) void queue.flush();
      queue.dispose();
    };
  }, [queue]);

  return { snapshot, queue };
}
