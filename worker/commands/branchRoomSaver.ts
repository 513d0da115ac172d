import type { RoomPush } from "../../core/collab";
import type { SerializedDocument } from "../../core/document/types";
import { onlyCommentMarksDiffer } from "../../core/editor/comment-marks";
import type { Database } from "../db/client";
import { articleBody } from "../services/article-bodies";
import { branchIsOpen } from "../services/branches/load";
import { branchRevision, branchRoomRule, loadRoomBranch } from "../services/branches/room";
import { writersOf } from "../services/collab";
import { onlySuggestionsBy } from "../services/suggestions";
import { branchUpdater } from "./branchUpdater";

export interface RoomSaveAnswer {
  saved: boolean;
  stale?: boolean;
  revision?: number;
  updated_at?: string;
  warnings?: string[];
}

/**
 * A branch room's save, judged as a document room's is (worker/api/collab.ts): a push that grew
 * from an older body is stale and stores nothing; what nobody who may still write pushed is
 * not stored; a save by the branch's suggesters alone must hold only their tracked changes;
 * comment marks alone are stored under nobody's name. An ended branch takes nothing.
 */
export async function branchRoomSaver(db: Database, branchId: number, push: RoomPush): Promise<RoomSaveAnswer> {
  const { branch, article } = await loadRoomBranch(db, branchId);
  const revision = branchRevision(branch);
  if (push.base_revision !== undefined && push.base_revision !== revision) return { saved: false, stale: true, revision };
  if (!branchIsOpen(branch) || article.archivedAt) return { saved: false };
  const { editors, suggesters } = await writersOf(db, article, push.editor_ids, branchRoomRule(db, article, branch));
  const content = articleBody({ body: push.body as unknown as SerializedDocument });
  const annotationOnly = editors.length === 0 && suggesters.length === 0 && push.annotated_by !== undefined && onlyCommentMarksDiffer(branch.body, content.body);
  if (!annotationOnly) {
    if (editors.length === 0 && suggesters.length === 0) return { saved: false };
    if (editors.length === 0 && !onlySuggestionsBy(branch.body, content.body, suggesters.map((actor) => actor.userId))) return { saved: false };
  }
  const updated = await branchUpdater(db, { branch, changes: { content } });
  if (!updated) return { saved: false, stale: true, revision: branchRevision((await loadRoomBranch(db, branchId)).branch) };
  return { saved: true, revision: branchRevision(updated), updated_at: updated.updatedAt.toISOString(), warnings: content.warnings };
}
