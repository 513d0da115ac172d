import { and, eq, sql } from "drizzle-orm";
import { documentToPlainText } from "../../core/document/text";
import { runBatch } from "../db/batching";
import type { Database } from "../db/client";
import { articleBranches, articleVersions, type Article, type ArticleBranch } from "../db/schema";
import type { StoredVersion } from "../services/branches/load";
import { eventStatement, type CommandContext } from "./events";

/**
 * Starts a branch of a document (version-control mode): a copy of `version`'s title and body,
 * or of the current ones, which are first kept as a `branch_base` version so that every
 * branch's base (the three-way merge's common ancestor) is a stored version. The version, the
 * branch and the event land together.
 */
export async function branchCreator(
  db: Database,
  { context, article, version, name }: { context: CommandContext; article: Article; version: StoredVersion | null; name?: string },
): Promise<ArticleBranch> {
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)` })
    .from(articleBranches)
    .where(eq(articleBranches.articleId, article.id));
  const source = version ?? { body: article.body, title: article.title };
  // Ids made earlier in the same batch (a transaction): the newest of this document's rows.
  const newestVersion = sql`(SELECT max(${articleVersions.id}) FROM ${articleVersions} WHERE ${articleVersions.articleId} = ${article.id})`;
  const newestBranch = sql`(SELECT max(${articleBranches.id}) FROM ${articleBranches} WHERE ${articleBranches.articleId} = ${article.id})`;
  const baseVersionId = version ? sql`${version.id}` : newestVersion;
  const results = await runBatch(db, [
    ...(version
      ? []
      : [db.insert(articleVersions).values({ articleId: article.id, body: article.body, title: article.title, createdById: context.actor.userId || null, kind: "branch_base" })]),
    db
      .insert(articleBranches)
      .values({
        workspaceId: article.workspaceId,
        articleId: article.id,
        authorId: context.actor.userId || null,
        name: name || `Branch ${Number(count) + 1}`,
        baseVersionId: baseVersionId,
        title: source.title,
        body: source.body,
        bodyText: documentToPlainText(source.body),
      })
      .returning(),
    ...(version
      ? []
      : [db.update(articleVersions).set({ branchId: newestBranch }).where(and(eq(articleVersions.articleId, article.id), eq(articleVersions.id, newestVersion)))]),
    eventStatement(db, context, "branches.create", {
      articleId: article.id,
      properties: sql`json_object('branch_id', ${newestBranch}, 'version_id', ${baseVersionId})`,
    }),
  ]);
  const inserted = results[version ? 0 : 1] as unknown as ArticleBranch[];
  return inserted[0]!;
}
