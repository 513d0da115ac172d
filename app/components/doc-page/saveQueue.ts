/**
 * Autosave without losing keystrokes: changes wait `delay` ms after the last one, then one
 * save runs at a time; whatever changed meanwhile is saved right after. A failed save keeps
 * the change for `flush()` (the Retry button) or the next keystroke. No React here, so the
 * rules are tested with plain timers.
 */

export type SaveStatus = "idle" | "pending" | "saving" | "saved" | "failed";

export interface SaveSnapshot {
  status: SaveStatus;
  /** Why the last save failed (status "failed"). */
  error: string | null;
}

interface Timers {
  set: (run: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
}

export interface SaveQueueOptions<T, R> {
  save: (value: T) => Promise<R>;
  delay: number;
  onChange: (snapshot: SaveSnapshot) => void;
  onSaved?: (result: R, value: T) => void;
  describeError?: (error: unknown) => string;
  timers?: Timers;
}

const browserTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function createSaveQueue<T, R>(options: SaveQueueOptions<T, R>) {
  const timers = options.timers ?? browserTimers;
  /** The newest unsaved value; an object so typing the same text twice still counts as a change. */
  let pending: { value: T } | null = null;
  let chain: Promise<void> | null = null;
  let timer: unknown = null;
  let snapshot: SaveSnapshot = { status: "idle", error: null };

  const set = (next: SaveSnapshot) => {
    snapshot = next;
    options.onChange(next);
  };

  const cancelTimer = () => {
    if (timer !== null) timers.clear(timer);
    timer = null;
  };

  /** Saves until nothing is pending, or until typing resumes (its timer picks up from there). */
  function start(): Promise<void> {
    if (chain) return chain;
    if (!pending) return Promise.resolve();
    chain = (async () => {
      while (pending && timer === null) {
        const entry: { value: T } = pending;
        set({ status: "saving", error: null });
        try {
          const result = await options.save(entry.value);
          if (pending === entry) pending = null;
          options.onSaved?.(result, entry.value);
        } catch (error) {
          set({ status: "failed", error: options.describeError?.(error) ?? String(error) });
          return;
        }
      }
      set({ status: pending ? "pending" : "saved", error: null });
    })().finally(() => {
      chain = null;
    });
    return chain;
  }

  return {
    /** A new value: saved once typing pauses for `delay` ms. */
    change(value: T) {
      pending = { value };
      cancelTimer();
      if (!chain) set({ status: "pending", error: null });
      timer = timers.set(() => {
        timer = null;
        void start();
      }, options.delay);
    },
    /** Save now (blur, Ctrl+S, Retry); resolves when everything is saved or a save failed. */
    async flush() {
      cancelTimer();
      await start();
      // A chain that began before this flush may have stopped for a timer that is now cancelled.
      if (pending && snapshot.status !== "failed") await start();
    },
    /** Something typed is not saved yet (for the "leave page?" prompt). */
    hasUnsaved: () => pending !== null,
    snapshot: () => snapshot,
    dispose: cancelTimer,
  };
}

export type SaveQueue<T> = ReturnType<typeof createSaveQueue<T, unknown>>;

/** The status line beside the editor. */
export function saveStatusText(snapshot: SaveSnapshot): string {
  switch (snapshot.status) {
    case "pending":
      return "Unsaved changes";
    case "saving":
      return "Saving…";
    case "saved":
      return "Saved";
    case "failed":
      return "Couldn't save";
    default:
      return "";
  }
}
