import { eq, sql } from "drizzle-orm";
import type { VersionKind } from "../../core/contracts/history";
import type { DocumentStatus } from "../../core/enums";
import { hashPassword } from "../auth/password";
import type { Database } from "../db/client";
import { articleContributors, articles, articleVersions, type Article } from "../db/schema";
import { assertStorableBody, type ArticleBody } from "../services/article-bodies";
import { eventStatement, type CommandContext } from "./events";
import { suggestionSyncer } from "./suggestionSyncer";
import { todoSyncer } from "./todoCommands";
import { nextPublicVersion } from "../services/public-cache";
import { assertMainEditable } from "../services/branches/lock";

export interface ArticleChanges {
  title?: string;
  content?: ArticleBody;
  status?: DocumentStatus;
  /** A new password, or null to remove it. */
  password?: string | null;
  metaTitle?: string | null;
  metaDescription?: string | null;
  metaImageUrl?: string | null;
}

/**
 * Applies a document's changes, records the editor as a contributor when the body changed,
 * and bumps the public version so a published page is never served stale.
 */
export async function articleUpdater(
  db: Database,
  {
    context,
    article,
    changes,
    recordVersion = false,
    suggestionOnly = false,
    restoredFrom,
    versionControl,
  }: {
    context: CommandContext;
    article: Article;
    changes: ArticleChanges;
    /** Also keep the new body as a version snapshot for history (live editing does, periodically). */
    recordVersion?: boolean;
    /**
     * The new body only adds, changes or takes back the actor's own tracked changes (a
     * commenter's save): not an edit of theirs, so no contributor row (which could widen their
     * access through "people who edited it" grants) and no last editor.
     */
    suggestionOnly?: boolean;
    /** The version whose body and title these changes bring back (history's restore): kept as a "restore" version. */
    restoredFrom?: number;
    /**
     * The body changes by a branch merge or a history restore: the two writes version-control
     * mode lets reach a locked main body (services/branches/lock.ts); any other is refused.
     */
    versionControl?: "merge" | "restore";
  },
): Promise<Article> {
  if (changes.content && !versionControl) assertMainEditable(context.actor, article);
  if (changes.content) assertStorableBody(changes.content);
  const now = new Date();
  const { actor } = context;
  const set: Partial<typeof articles.$inferInsert> = { publicVersion: nextPublicVersion };
  if (changes.title !== undefined) set.title = changes.title || "Untitled";
  if (changes.status !== undefined) set.status = changes.status;
  if (changes.metaTitle !== undefined) set.metaTitle = changes.metaTitle;
  if (changes.metaDescription !== undefined) set.metaDescription = changes.metaDescription;
  if (changes.metaImageUrl !== undefined) set.metaImageUrl = changes.metaImageUrl;
  if (changes.password !== undefined) set.passwordHash = changes.password === null ? null : await hashPassword(changes.password);
  if (changes.content) {
    set.body = changes.content.body;
    set.bodyText = changes.content.bodyText;
    set.editedAt = now;
    if (!suggestionOnly) set.lastEditorId = actor.userId;
  }
  // History keeps a version at every status change and restore, and periodically while people edit.
  const statusChanged = changes.status !== undefined && changes.status !== article.status;
  const versionKind: VersionKind | null = restoredFrom !== undefined ? "restore" : statusChanged ? "status" : changes.content && recordVersion ? "edit" : null;
  const properties: Record<string, unknown> = {
    fields: Object.keys(changes).filter((key) => key !== "password"),
    password_changed: changes.password !== undefined,
    ...(statusChanged ? { from: article.status, to: changes.status } : {}),
    ...(restoredFrom !== undefined ? { restored_version_id: restoredFrom } : {}),
  };
  const eventName = restoredFrom !== undefined ? "articles.restore_version" : changes.content ? (suggestionOnly ? "articles.suggest" : "articles.edit") : "articles.update";
  const [[updated]] = await db.batch([
    db.update(articles).set(set).where(eq(articles.id, article.id)).returning(),
    ...(changes.content && !suggestionOnly
      ? [
          db
            .insert(articleContributors)
            .values({ articleId: article.id, userId: actor.userId, lastEditedAt: now })
            .onConflictDoUpdate({ target: [articleContributors.articleId, articleContributors.userId], set: { lastEditedAt: now } }),
        ]
      : []),
    ...(versionKind
      ? [
          db.insert(articleVersions).values({
            articleId: article.id,
            body: changes.content?.body ?? article.body,
            title: set.title ?? article.title,
            createdById: actor.userId || null,
            kind: versionKind,
          }),
        ]
      : []),
    // Right after the version's insert, so the event names it (the timeline links to it).
    eventStatement(db, context, eventName, {
      articleId: article.id,
      properties: versionKind ? sql`json_set(${JSON.stringify(properties)}, '$.version_id', last_insert_rowid())` : properties,
    }),
  ]);
  // The body's check-list items keep their todos in step (done, text, still there).
  if (changes.content) await todoSyncer(db, { context, article, body: changes.content.body });
  // Commenters' tracked changes are their suggestions: opened, kept in step, closed; the status follows.
  const followed = changes.content ? await suggestionSyncer(db, { context, article, body: changes.content.body }) : null;
  // Bodies written outside the room reach its live document; the room's own saves carry no notices.
  if (changes.content) context.rooms?.documentChanged(article);
  if (changes.password !== undefined) context.rooms?.passwordChanged(article);
  // Its cached page goes whatever the change (entries are keyed by id, so an old slug's too).
  await context.publicPages?.purge([article.id]);
  return followed?.status ? { ...updated!, status: followed.status } : updated!;
}
