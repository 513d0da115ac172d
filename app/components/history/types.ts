import type { TimelinePerson, VersionSummary } from "../../../core/contracts/history";

/** The document as it is now, where a version could be named (the API's `current`). */
export interface CurrentVersion {
  id: "current";
  kind: "current";
  title: string;
  created_at: string;
  creator: TimelinePerson | null;
  branch_id: null;
}

/** A kept version, or the current document. */
export type ShownVersion = VersionSummary | CurrentVersion;
