import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { accesses, articleContributors, articles, type Article } from "../db/schema";
import { assertStorableBody, type ArticleBody } from "../services/article-bodies";
import { eventStatement, type CommandContext } from "./events";

export interface ArticleCreatorInput {
  title: string;
  folderId: number | null;
  content: ArticleBody;
  kind?: "document" | "template";
  templateId?: number | null;
  /**
   * Top-level documents are shared with the workspace (members may edit) unless private;
   * inside a folder they take the folder's access instead.
   */
  isPrivate?: boolean;
}

/**
 * Creates a document owned by the actor, its default workspace grant, the actor as its
 * first contributor and the event, in one batch. Later statements find the new row through
 * `last_insert_rowid()` of the article insert, captured before other inserts change it.
 */
export async function articleCreator(db: Database, { context, input }: { context: CommandContext; input: ArticleCreatorInput }): Promise<Article> {
  assertStorableBody(input.content);
  const { actor } = context;
  const now = new Date();
  const newArticleId = sql`(SELECT max(id) FROM articles WHERE owner_id = ${actor.userId} AND workspace_id = ${actor.workspaceId})`;
  const shareWithWorkspace = !input.isPrivate && input.folderId === null;
  const [[article]] = await db.batch([
    db
      .insert(articles)
      .values({
        workspaceId: actor.workspaceId,
        folderId: input.folderId,
        kind: input.kind ?? "document",
        title: input.title,
        body: input.content.body,
        bodyText: input.content.bodyText,
        ownerId: actor.userId,
        lastEditorId: actor.userId,
        templateId: input.templateId ?? null,
        editedAt: now,
      })
      .returning(),
    db.insert(articleContributors).values({ articleId: newArticleId, userId: actor.userId, lastEditedAt: now }),
    ...(shareWithWorkspace
      ? [
          db.insert(accesses).values({
            workspaceId: actor.workspaceId,
            articleId: newArticleId,
            targetType: "EveryoneAtWorkspace" as const,
            permission: "edit" as const,
            createdById: actor.userId,
          }),
        ]
      : []),
    eventStatement(db, context, "articles.create", { articleId: newArticleId, properties: { kind: input.kind ?? "document" } }),
  ]);
  return article!;
}
