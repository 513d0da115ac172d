import type { VersionRef } from "../../../core/contracts/history";
import { diffDocuments } from "../../../core/history/diff";
import type { DocumentDiff } from "../../../core/history/types";
import type { Database } from "../../db/client";
import type { Article } from "../../db/schema";
import { bodyOf, loadVersion, type VersionOrCurrent } from "./versions";

/**
 * Two of a document's versions (or one and the document as it is) and how the second differs
 * from the first, block by block and word by word (core/history/diff, on the document model).
 * Both must be this document's: another document's version is not found.
 */
export async function compareVersions(db: Database, article: Article, refs: { from: VersionRef; to: VersionRef }): Promise<{ from: VersionOrCurrent; to: VersionOrCurrent; diff: DocumentDiff }> {
  const [from, to] = await Promise.all([loadVersion(db, article, refs.from), loadVersion(db, article, refs.to)]);
  return { from, to, diff: diffDocuments(bodyOf(from), bodyOf(to)) };
}
