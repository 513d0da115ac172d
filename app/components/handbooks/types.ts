import type { HandbookSort } from "../../../core/contracts/handbooks";
import type { HandbookDetailJson, HandbookItemJson, HandbookJson } from "../../../worker/presenters/handbooks";

export type { HandbookDetailJson, HandbookItemJson, HandbookJson, HandbookSort };

/** What a handbook page's action answers: which form it was, and what went wrong if anything. */
export interface HandbookActionResult {
  intent: string;
  ok: boolean;
  message?: string;
  fields?: Record<string, string[]>;
}

/** What each order of a handbook's sidebar (core/enums `handbookSorts`) is called. */
export const HANDBOOK_SORT_LABELS: Record<HandbookSort, string> = {
  custom: "Custom order",
  newest: "Newest first",
  oldest: "Oldest first",
  name_asc: "Name (A–Z)",
  name_descending: "Name (Z–A)",
};
