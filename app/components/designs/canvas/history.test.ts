import { describe, expect, it } from "vitest";
import { HISTORY_LIMIT, historyReducer, initialHistory, type HistoryAction, type HistoryState } from "./history";

type Doc = { x: number };
const run = (state: HistoryState<Doc>, ...actions: HistoryAction<Doc>[]) => actions.reduce(historyReducer<Doc>, state);
const set = (x: number, commit = true): HistoryAction<Doc> => ({ type: "set", value: { x }, commit });
const undo: HistoryAction<Doc> = { type: "undo" };
const redo: HistoryAction<Doc> = { type: "redo" };

describe("the design editor's undo history", () => {
  it("undoes and redoes committed changes one at a time", () => {
    let state = run(initialHistory({ x: 0 }), set(1), set(2));
    state = run(state, undo);
    expect(state.present).toEqual({ x: 1 });
    state = run(state, undo);
    expect(state.present).toEqual({ x: 0 });
    expect(state.past).toHaveLength(0);
    state = run(state, redo, redo);
    expect(state.present).toEqual({ x: 2 });
    expect(state.future).toHaveLength(0);
  });

  it("takes back a whole drag (many uncommitted frames and the commit) in one undo", () => {
    let state = run(initialHistory({ x: 0 }), set(5), set(6, false), set(7, false), set(8, false), set(9, true));
    expect(state.present).toEqual({ x: 9 });
    state = run(state, undo);
    expect(state.present).toEqual({ x: 5 });
    state = run(state, undo);
    expect(state.present).toEqual({ x: 0 });
  });

  it("undoes a drag still under way back to where it began", () => {
    const state = run(initialHistory({ x: 0 }), set(1), set(2, false), set(3, false), undo);
    expect(state.present).toEqual({ x: 1 });
    expect(state.future).toEqual([{ x: 3 }]);
  });

  it("adds no step for a drag that ends where it began, nor for setting what is already there", () => {
    let state = run(initialHistory({ x: 0 }), set(1), set(2, false), set(1, true));
    expect(state.past).toEqual([{ x: 0 }]);
    state = run(state, set(1));
    expect(state.past).toEqual([{ x: 0 }]);
  });

  it("forgets what was undone once something new is done", () => {
    const state = run(initialHistory({ x: 0 }), set(1), set(2), undo, set(3));
    expect(state.future).toHaveLength(0);
    expect(run(state, redo).present).toEqual({ x: 3 });
  });

  it(`keeps at most ${HISTORY_LIMIT} steps`, () => {
    let state = initialHistory({ x: 0 });
    for (let x = 1; x <= HISTORY_LIMIT + 20; x++) state = run(state, set(x));
    expect(state.past).toHaveLength(HISTORY_LIMIT);
    for (let n = 0; n < HISTORY_LIMIT + 5; n++) state = run(state, undo);
    expect(state.present).toEqual({ x: 20 });
  });

  it("starts over on reset", () => {
    const state = run(initialHistory({ x: 0 }), set(1), set(2), undo, { type: "reset", value: { x: 9 } });
    expect(state).toEqual({ past: [], present: { x: 9 }, future: [], open: false });
  });
});
