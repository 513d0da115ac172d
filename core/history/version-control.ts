import type { DocumentStatus } from "../enums";
import type { WorkspaceSettings } from "../contracts/workspaces";

/** What the version-control rule reads of a document (the API's article and the stored row both fit). */
export interface VersionControlledDocument {
  status: DocumentStatus;
  /** Published: on the public site (`is_public`; unpublishing clears it and `published_at` alike). */
  isPublic?: boolean;
  is_public?: boolean;
}

/** Whether the workspace works with branches (settings → preferences → "Version control"). */
export const branchesEnabled = (settings: Pick<WorkspaceSettings, "preferences"> | null | undefined) =>
  settings?.preferences?.version_control_mode === "branches";

/**
 * Version-control mode's one rule: with branches on, an approved or published document's main
 * body is no longer edited in place (API saves, its live room, todo ticks, settled suggestions,
 * AI revisions); changes reach it by merging a branch (or restoring a version). The Worker
 * refuses such writes with 409 and the editor opens main read-only; the UI offers a branch.
 */
export function editsGoThroughBranches(settings: Pick<WorkspaceSettings, "preferences"> | null | undefined, document: VersionControlledDocument): boolean {
  if (!branchesEnabled(settings)) return false;
  if (document.status === "approved") return true;
  return Boolean(document.isPublic ?? document.is_public);
}

/** What the Worker answers (409) to an edit of a locked main body. */
export const LOCKED_MAIN_MESSAGE = "This document is under version control: edit it on a branch";
