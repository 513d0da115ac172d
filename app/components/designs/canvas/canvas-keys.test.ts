import { describe, expect, it } from "vitest";
import { canvasKeyAction, keyBelongsToFocus, type KeyPress } from "./canvas-keys";

const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({ key, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, ...mods });
const element = (tagName: string, role?: string, isContentEditable = false) => ({ tagName, isContentEditable, getAttribute: (name: string) => (name === "role" ? (role ?? null) : null) });

describe("the design editor's keys", () => {
  it("nudge by 1px with the arrows and by 10px with Shift", () => {
    expect(canvasKeyAction(press("ArrowLeft"))).toEqual({ type: "nudge", dx: -1, dy: 0 });
    expect(canvasKeyAction(press("ArrowDown"))).toEqual({ type: "nudge", dx: 0, dy: 1 });
    expect(canvasKeyAction(press("ArrowUp", { shiftKey: true }))).toEqual({ type: "nudge", dx: 0, dy: -10 });
    expect(canvasKeyAction(press("ArrowRight", { shiftKey: true }))).toEqual({ type: "nudge", dx: 10, dy: 0 });
  });

  it("undo, redo and duplicate with Ctrl or ⌘", () => {
    expect(canvasKeyAction(press("z", { ctrlKey: true }))).toEqual({ type: "undo" });
    expect(canvasKeyAction(press("z", { metaKey: true }))).toEqual({ type: "undo" });
    expect(canvasKeyAction(press("Z", { ctrlKey: true, shiftKey: true }))).toEqual({ type: "redo" });
    expect(canvasKeyAction(press("z", { metaKey: true, shiftKey: true }))).toEqual({ type: "redo" });
    expect(canvasKeyAction(press("y", { ctrlKey: true }))).toEqual({ type: "redo" });
    expect(canvasKeyAction(press("d", { ctrlKey: true }))).toEqual({ type: "duplicate" });
  });

  it("delete with Delete or Backspace and deselect with Escape", () => {
    expect(canvasKeyAction(press("Delete"))).toEqual({ type: "delete" });
    expect(canvasKeyAction(press("Backspace"))).toEqual({ type: "delete" });
    expect(canvasKeyAction(press("Escape"))).toEqual({ type: "deselect" });
  });

  it("leave other keys and Alt combinations to the browser", () => {
    expect(canvasKeyAction(press("a"))).toBeNull();
    expect(canvasKeyAction(press("z"))).toBeNull();
    expect(canvasKeyAction(press("c", { ctrlKey: true }))).toBeNull();
    expect(canvasKeyAction(press("ArrowLeft", { altKey: true }))).toBeNull();
  });

  it("are not taken from a field being typed in, nor arrows from a widget that uses them", () => {
    const nudge = { type: "nudge", dx: 1, dy: 0 } as const;
    const remove = { type: "delete" } as const;
    expect(keyBelongsToFocus(element("INPUT"), remove)).toBe(true);
    expect(keyBelongsToFocus(element("TEXTAREA"), nudge)).toBe(true);
    expect(keyBelongsToFocus(element("SELECT"), nudge)).toBe(true);
    expect(keyBelongsToFocus(element("DIV", undefined, true), remove)).toBe(true);
    expect(keyBelongsToFocus(element("BUTTON", "tab"), nudge)).toBe(true);
    expect(keyBelongsToFocus(element("BUTTON", "tab"), remove)).toBe(false);
    expect(keyBelongsToFocus(element("BUTTON"), nudge)).toBe(false);
    expect(keyBelongsToFocus(element("DIV", "region"), nudge)).toBe(false);
    expect(keyBelongsToFocus(null, nudge)).toBe(false);
  });
});
