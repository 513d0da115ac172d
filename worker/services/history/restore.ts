import { articleUpdater } from "../../commands/articleUpdater";
import type { CommandContext } from "../../commands/events";
import type { Database } from "../../db/client";
import type { Article } from "../../db/schema";
import { Unprocessable } from "../../lib/errors";
import { articleBody } from "../article-bodies";
import type { VersionOrCurrent } from "./versions";

/**
 * Makes a version's body and title current. It is an edit like any other (articleUpdater:
 * contributors, todos, suggestions, the public page), kept as a "restore" version with an
 * `articles.restore_version` event; a live room is told the stored body changed, loads it, and
 * a save it had pending meets the new revision as stale, so no open editor writes over it.
 * Restoring `current` changes nothing.
 */
export async function versionRestorer(db: Database, { context, article, shown }: { context: CommandContext; article: Article; shown: VersionOrCurrent }): Promise<Article> {
  if (article.archivedAt) throw new Unprocessable("This document is archived: restore it from the archive before bringing back a version", { id: ["is archived"] });
  if (shown.kind === "current") return article;
  const { version } = shown;
  // Stored bodies were sanitised when written; this also gives the search text.
  const content = articleBody({ body: version.body });
  // Version-control mode locks a published or approved main body to branches; a restore by an editor still goes through.
  return articleUpdater(db, { context, article, changes: { title: version.title, content }, restoredFrom: version.id, versionControl: "restore" });
}
