import { useEffect, useRef, type RefObject } from "react";
import type { Scene } from "../../../../core/designs/scene";
import { canvasKeyAction, keyBelongsToFocus } from "./canvas-keys";
import { duplicateNodes, moveNodes, removeNodes } from "./scene-edits";

export interface CanvasKeysOptions {
  /** The scene as the editor shows it (the history's present). */
  scene: Scene;
  selectedIds: string[];
  /** The history's `set`: a held arrow key is one step (`commit: false` while held, `true` on release). */
  onChange(next: Scene, options?: { commit?: boolean }): void;
  onSelect(ids: string[]): void;
  undo(): void;
  redo(): void;
  /** false while the editor is read-only or a dialog is open. Default true. */
  enabled?: boolean;
  /** Only while focus is inside this element (the editor); absent: anywhere on the page. */
  within?: RefObject<HTMLElement | null>;
}

/**
 * The design editor's keys: arrows nudge the selection 1px (Shift: 10px), Delete/Backspace
 * removes it, Ctrl/⌘+Z undoes, Ctrl/⌘+Shift+Z and Ctrl+Y redo, Ctrl/⌘+D duplicates, Escape
 * deselects. Keys typed into a field (or a tab list's or slider's arrows) are left alone;
 * locked layers neither move nor go with Delete (the layers panel deletes them).
 */
export function useCanvasKeys(options: CanvasKeysOptions) {
  // The listener stays put; what it acts on is always the latest render's.
  const latest = useRef(options);
  latest.current = options;
  const nudging = useRef(false);
  const enabled = options.enabled ?? true;
  const within = options.within;

  useEffect(() => {
    if (!enabled) return;
    const inScope = (event: KeyboardEvent) => !within || (within.current !== null && event.target instanceof Node && within.current.contains(event.target));

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || !inScope(event)) return;
      const action = canvasKeyAction(event);
      if (!action || keyBelongsToFocus(document.activeElement as HTMLElement | null, action)) return;
      const { scene, selectedIds, onChange, onSelect, undo, redo } = latest.current;
      const selected = scene.nodes.filter((node) => selectedIds.includes(node.id));
      switch (action.type) {
        case "undo":
          event.preventDefault();
          undo();
          return;
        case "redo":
          event.preventDefault();
          redo();
          return;
        case "deselect":
          if (selected.length) onSelect([]);
          return;
        case "nudge": {
          const movable = selected.filter((node) => !node.locked).map((node) => node.id);
          if (!movable.length) return;
          event.preventDefault();
          nudging.current = true;
          onChange(moveNodes(scene, movable, action.dx, action.dy), { commit: false });
          return;
        }
        case "delete": {
          const removable = selected.filter((node) => !node.locked).map((node) => node.id);
          if (!removable.length) return;
          event.preventDefault();
          onChange(removeNodes(scene, removable), { commit: true });
          onSelect(selectedIds.filter((id) => !removable.includes(id)));
          return;
        }
        case "duplicate": {
          // Ctrl+D is also the browser's bookmark key: taken only when there is something to copy.
          if (!selected.length) return;
          event.preventDefault();
          const copied = duplicateNodes(scene, selected.map((node) => node.id));
          if (!copied.ids.length) return;
          onChange(copied.scene, { commit: true });
          onSelect(copied.ids);
          return;
        }
      }
    };

    const endNudge = () => {
      if (!nudging.current) return;
      nudging.current = false;
      latest.current.onChange(latest.current.scene, { commit: true });
    };
    const onKeyUp = (event: KeyboardEvent) => {
      if (event.key.startsWith("Arrow")) endNudge();
    };

    window.addEventListener("keydown", onKeyDown);
    window.addEventListener("keyup", onKeyUp);
    window.addEventListener("blur", endNudge);
    return () => {
      window.removeEventListener("keydown", onKeyDown);
      window.removeEventListener("keyup", onKeyUp);
      window.removeEventListener("blur", endNudge);
      endNudge();
    };
  }, [enabled, within]);
}
