import { and, count, eq } from "drizzle-orm";
import type { ListQuery } from "../../../core/contracts/pagination";
import type { VersionRef } from "../../../core/contracts/history";
import type { Database } from "../../db/client";
import { articleVersions, type Article } from "../../db/schema";
import { listPage } from "../../lib/list-page";
import { NotFound } from "../../lib/errors";

/** A version in a list: everything but its body (bodies are large and a list shows none). */
export type VersionRow = Pick<typeof articleVersions.$inferSelect, "id" | "kind" | "title" | "createdAt" | "createdById" | "branchId">;
export type ArticleVersion = typeof articleVersions.$inferSelect;

const listed = {
  id: articleVersions.id,
  kind: articleVersions.kind,
  title: articleVersions.title,
  createdAt: articleVersions.createdAt,
  createdById: articleVersions.createdById,
  branchId: articleVersions.branchId,
};

/** A document's versions, newest first, by page or by cursor. */
export function versionsPage(db: Database, article: Pick<Article, "id">, query: ListQuery) {
  const ofArticle = eq(articleVersions.articleId, article.id);
  return listPage<VersionRow>(
    {
      tag: `article_versions:${article.id}`,
      order: [
        { column: articleVersions.createdAt, direction: "desc" },
        { column: articleVersions.id, direction: "desc" },
      ],
      keyOf: (row) => [row.createdAt.getTime(), row.id],
      rows: ({ where, orderBy, limit, offset }) => db.select(listed).from(articleVersions).where(and(ofArticle, where)).orderBy(...orderBy).limit(limit).offset(offset),
      total: async () => (await db.select({ n: count() }).from(articleVersions).where(ofArticle))[0]?.n ?? 0,
    },
    query,
  );
}

/** What a version reference names: one of this document's versions, or the document as it is. */
export type VersionOrCurrent = { kind: "version"; version: ArticleVersion } | { kind: "current"; article: Article };

/** A version of `article` (another document's is not found), or the current document. */
export async function loadVersion(db: Database, article: Article, ref: VersionRef): Promise<VersionOrCurrent> {
  if (ref === "current") return { kind: "current", article };
  const [version] = await db
    .select()
    .from(articleVersions)
    .where(and(eq(articleVersions.id, ref), eq(articleVersions.articleId, article.id)));
  if (!version) throw new NotFound("Version not found");
  return { kind: "version", version };
}

export const titleOf = (shown: VersionOrCurrent) => (shown.kind === "current" ? shown.article.title : shown.version.title);
export const bodyOf = (shown: VersionOrCurrent) => (shown.kind === "current" ? shown.article.body : shown.version.body);
