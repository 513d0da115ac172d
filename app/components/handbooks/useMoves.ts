import { useFetcher } from "@remix-run/react";
import { useMemo } from "react";
import { applyMove, type Placement } from "./tree";
import type { HandbookActionResult, HandbookItemJson } from "./types";

/** Every move (drag and drop or the menu) goes through this one fetcher, so the sidebar can show it at once. */
export const MOVE_FETCHER_KEY = "handbook-move";

/**
 * The sidebar's moves: `move` submits one; `tree` is the server's tree with a move in flight
 * already applied, so an item lands where it was dropped before the server answers.
 */
export function useMoves(tree: HandbookItemJson[], action: string) {
  const fetcher = useFetcher<HandbookActionResult>({ key: MOVE_FETCHER_KEY });
  const pending = fetcher.formData?.get("intent") === "move" ? fetcher.formData : null;
  const shown = useMemo(() => {
    if (!pending) return tree;
    const itemId = Number(pending.get("item_id"));
    const parentRaw = pending.get("parent_id");
    const parentId = parentRaw === null || parentRaw === "" ? null : Number(parentRaw);
    return applyMove(tree, itemId, { parentId, insertAt: Number(pending.get("insert_at")) });
  }, [tree, pending]);

  const move = (itemId: number, placement: Placement) =>
    fetcher.submit(
      { intent: "move", item_id: String(itemId), parent_id: placement.parentId === null ? "" : String(placement.parentId), insert_at: String(placement.insertAt) },
      { method: "post", action },
    );

  return { tree: shown, move, busy: fetcher.state !== "idle", error: fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null };
}
