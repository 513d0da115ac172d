import { eq } from "drizzle-orm";
import type { HandbookSort } from "../../core/contracts/handbooks";
import { documentFromPlainText } from "../../core/document/text";
import type { Database } from "../db/client";
import { handbooks, type Handbook } from "../db/schema";
import { articleCreator } from "./articleCreator";
import { eventStatement, type CommandContext } from "./events";
import { newFolderKey } from "./folderCommands";

/** Handbook keys look like folder keys (a letter, then nine letters or digits): `/handbook/:key`. */
export const newHandbookKey = () => newFolderKey();

export interface HandbookCreatorInput {
  title: string;
  description: string;
  sort: HandbookSort;
  /** An existing document the caller has checked; null makes a new cover document. */
  coverDocId: number | null;
}

/**
 * Creates a handbook. Without a cover document, a new one titled like the handbook (its
 * description as the first paragraph) is created first, shared with the workspace like any
 * new top-level document, so the handbook's members can read it.
 */
export async function handbookCreator(db: Database, { context, input }: { context: CommandContext; input: HandbookCreatorInput }): Promise<Handbook> {
  let coverDocId = input.coverDocId;
  if (coverDocId === null) {
    const body = documentFromPlainText(input.description);
    const cover = await articleCreator(db, {
      context,
      input: { title: input.title, folderId: null, content: { body, bodyText: input.description, warnings: [] } },
    });
    coverDocId = cover.id;
  }
  const key = newHandbookKey();
  const [[handbook]] = await db.batch([
    db
      .insert(handbooks)
      .values({
        workspaceId: context.actor.workspaceId,
        key,
        title: input.title,
        description: input.description,
        coverDocId,
        sort: input.sort,
        ownerId: context.actor.userId,
      })
      .returning(),
    eventStatement(db, context, "handbooks.create", { articleId: coverDocId, properties: { handbook_key: key } }),
  ]);
  return handbook!;
}

export interface HandbookChanges {
  title?: string;
  description?: string;
  sort?: HandbookSort;
  coverDocId?: number | null;
  archived?: boolean;
}

export async function handbookUpdater(
  db: Database,
  { context, handbook, changes }: { context: CommandContext; handbook: Handbook; changes: HandbookChanges },
): Promise<Handbook> {
  const archiving = changes.archived === undefined ? {} : { archivedAt: changes.archived ? new Date() : null };
  const name = changes.archived === true ? "handbooks.archive" : changes.archived === false ? "handbooks.restore" : "handbooks.update";
  const [[updated]] = await db.batch([
    db
      .update(handbooks)
      .set({ title: changes.title, description: changes.description, sort: changes.sort, coverDocId: changes.coverDocId, ...archiving, updatedAt: new Date() })
      .where(eq(handbooks.id, handbook.id))
      .returning(),
    eventStatement(db, context, name, {
      articleId: changes.coverDocId ?? handbook.coverDocId,
      properties: { handbook_key: handbook.key, changed: Object.keys(changes) },
    }),
  ]);
  return updated!;
}

/** Deletes a handbook and its items (documents stay); nested references to it go too. */
export async function handbookDeleter(db: Database, { context, handbook }: { context: CommandContext; handbook: Handbook }) {
  await db.batch([
    db.delete(handbooks).where(eq(handbooks.id, handbook.id)),
    eventStatement(db, context, "handbooks.delete", { properties: { handbook_key: handbook.key, title: handbook.title } }),
  ]);
}
