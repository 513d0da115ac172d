/**
 * Undo and redo for the design editor, as a pure reducer (`useSceneHistory` wraps it).
 * A change made with `commit: false` (a drag, a held arrow key) opens a step that later
 * changes replace, until one with `commit: true` closes it: however many frames a drag
 * draws, undo takes it back in one go. A step that ends where it began is dropped.
 */
export const HISTORY_LIMIT = 100;

export interface HistoryState<T> {
  /** Earlier states, oldest first (at most HISTORY_LIMIT). */
  past: T[];
  present: T;
  future: T[];
  /** A step is in progress: `present` is still changing and `past`'s last item is where it began. */
  open: boolean;
}

export type HistoryAction<T> =
  | { type: "set"; value: T; commit: boolean }
  | { type: "reset"; value: T }
  | { type: "undo" }
  | { type: "redo" };

export const initialHistory = <T>(value: T): HistoryState<T> => ({ past: [], present: value, future: [], open: false });

const same = <T>(a: T, b: T) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** Closes an open step, dropping it when it changed nothing. */
function close<T>(state: HistoryState<T>): HistoryState<T> {
  if (!state.open) return state;
  const base = state.past[state.past.length - 1];
  if (base !== undefined && same(base, state.present)) return { ...state, past: state.past.slice(0, -1), present: base, open: false };
  return { ...state, open: false };
}

export function historyReducer<T>(state: HistoryState<T>, action: HistoryAction<T>): HistoryState<T> {
  switch (action.type) {
    case "reset":
      return initialHistory(action.value);
    case "set": {
      if (state.open) {
        const next = { ...state, present: action.value };
        return action.commit ? close(next) : next;
      }
      if (same(state.present, action.value)) return state;
      const past = [...state.past, state.present].slice(-HISTORY_LIMIT);
      return { past, present: action.value, future: [], open: !action.commit };
    }
    case "undo": {
      const closed = close(state);
      const previous = closed.past[closed.past.length - 1];
      if (previous === undefined) return closed;
      return { past: closed.past.slice(0, -1), present: previous, future: [closed.present, ...closed.future], open: false };
    }
    case "redo": {
      const closed = close(state);
      const [next, ...future] = closed.future;
      if (next === undefined) return closed;
      return { past: [...closed.past, closed.present].slice(-HISTORY_LIMIT), present: next, future, open: false };
    }
  }
}
