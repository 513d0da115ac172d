import { useCallback, useMemo, useReducer } from "react";
import type { Scene } from "../../../../core/designs/scene";
import { historyReducer, initialHistory, type HistoryAction, type HistoryState } from "./history";

/**
 * The scene being edited, with undo and redo (at most 100 steps). `set(next, { commit: false })`
 * is a change in progress (a drag): later sets replace it until one with `commit: true` (the
 * default) ends it, so the whole gesture is one step. `reset` starts over without history (a
 * design loaded from the server).
 */
export function useSceneHistory(initial: Scene) {
  const [state, dispatch] = useReducer(
    historyReducer as (state: HistoryState<Scene>, action: HistoryAction<Scene>) => HistoryState<Scene>,
    initial,
    initialHistory,
  );
  const set = useCallback((next: Scene, options?: { commit?: boolean }) => dispatch({ type: "set", value: next, commit: options?.commit ?? true }), []);
  const reset = useCallback((scene: Scene) => dispatch({ type: "reset", value: scene }), []);
  const undo = useCallback(() => dispatch({ type: "undo" }), []);
  const redo = useCallback(() => dispatch({ type: "redo" }), []);
  const canUndo = state.past.length > 0;
  const canRedo = state.future.length > 0;
  return useMemo(() => ({ scene: state.present, set, reset, undo, redo, canUndo, canRedo }), [state.present, set, reset, undo, redo, canUndo, canRedo]);
}
