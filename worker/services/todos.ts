import { and, asc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { ListTodosQuery, TodoFilter } from "../../core/contracts/todos";
import type { AccessLevel } from "../../core/enums";
import { inList } from "../db/batching";
import type { Database } from "../db/client";
import { memberships, todos, users, type Article, type Todo, type User } from "../db/schema";
import { NotFound } from "../lib/errors";
import { articleAccess, levelOfRank, readableArticlesSql, type Viewer } from "./access";
import { hydrate, type ArticleListItem } from "./article-lists";

/** One todo by id, or 404; a todo whose item left the document is gone for everything but delete. */
export async function findTodo(db: Database, id: number, { removedToo = false } = {}) {
  const [todo] = await db.select().from(todos).where(eq(todos.id, id));
  if (!todo || (todo.removedAt && !removedToo)) throw new NotFound("Todo not found");
  return todo;
}

/** A document's todos whose items are in it, oldest first (the editor shows who and when beside each item). */
export function todosOfArticle(db: Database, articleId: number) {
  return db
    .select()
    .from(todos)
    .where(and(eq(todos.articleId, articleId), isNull(todos.removedAt)))
    .orderBy(asc(todos.id));
}

/** The assignees, creators and completers a list of todos names, by id. */
export async function peopleOfTodos(db: Database, rows: Todo[]): Promise<Map<number, User>> {
  const ids = [...new Set(rows.flatMap((row) => [row.assigneeId, row.creatorId, row.doneById]).filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map();
  return new Map((await db.select().from(users).where(inList(users.id, ids))).map((user) => [user.id, user]));
}

/**
 * Who may be given a todo on this document: active people of its workspace (members,
 * admins and guests) who can open it. At most `limit` people are looked at, admins and
 * members first; a workspace larger than that names the rest by id.
 */
export async function assignableOn(db: Database, article: Article, { userIds, limit = 200 }: { userIds?: number[]; limit?: number } = {}) {
  const rows = await db
    .select({ user: users, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.workspaceId, article.workspaceId),
        eq(memberships.status, "active"),
        userIds ? inList(memberships.userId, userIds) : undefined,
      ),
    )
    .orderBy(sql`${memberships.role} = 'guest'`, asc(users.firstName), asc(users.lastName))
    .limit(limit);
  const levels = await Promise.all(
    rows.map(async (row) => ({
      ...row,
      level: (await articleAccess(db, { userId: row.user.id, workspaceId: article.workspaceId, role: row.role }, article)).level,
    })),
  );
  return levels.filter((entry): entry is typeof entry & { level: AccessLevel } => entry.level !== null);
}

/** Whether `userId` may be given a todo on the document: in its workspace and able to open it. */
export async function mayBeAssigned(db: Database, article: Article, userId: number) {
  return (await assignableOn(db, article, { userIds: [userId], limit: 1 })).length > 0;
}

/** Each tab's condition on `t` (todos) for the viewer. */
const filterSql = (filter: TodoFilter, me: number): SQL => {
  switch (filter) {
    case "mine":
      return sql`t.done = 0 AND t.assignee_id = ${me}`;
    case "assigned_by_me":
      return sql`t.done = 0 AND t.creator_id = ${me} AND (t.assignee_id IS NULL OR t.assignee_id <> ${me})`;
    case "all":
      return sql`t.done = 0`;
    case "done":
      return sql`t.done = 1`;
  }
};

/** Open todos by their day (undated last), then oldest first; done ones latest first. */
const orderSql = (filter: TodoFilter): SQL =>
  filter === "done" ? sql`t.done_at DESC, t.id DESC` : sql`t.due_on IS NULL, t.due_on ASC, t.created_at ASC, t.id ASC`;

/** Todos the viewer may see: on live documents of the workspace they can open, items still in them. */
const visibleFrom = (viewer: Viewer) => sql`
  FROM todos t
  JOIN articles a ON a.id = t.article_id
  JOIN (${readableArticlesSql(viewer)}) r ON r.article_id = t.article_id
  WHERE t.workspace_id = ${viewer.workspaceId} AND t.removed_at IS NULL AND a.archived_at IS NULL AND a.kind = 'document'`;

export interface TodoListEntry {
  todo: Todo;
  /** Its document as lists show it (locked behind a password: title only). */
  doc: ArticleListItem;
}

/**
 * One tab of the todos page: the permission filter, the tab, the order and the page all run
 * in D1 (the readable set joined in), then rows, documents and people are read by id. Counts
 * of every tab come beside it for the tab labels.
 */
export async function listTodos(db: Database, viewer: Viewer & { userId: number }, query: ListTodosQuery) {
  const me = viewer.userId;
  const limit = query.per_page;
  const offset = (query.page - 1) * query.per_page;
  const [page, [counts]] = await Promise.all([
    db.all<{ id: number; rank: number; total: number }>(sql`
      SELECT t.id AS id, r.rank AS rank, count(*) OVER () AS total
      ${visibleFrom(viewer)} AND ${filterSql(query.filter, me)}
      ORDER BY ${orderSql(query.filter)}
      LIMIT ${limit} OFFSET ${offset}`),
    db.all<Record<TodoFilter, number | null>>(sql`
      SELECT
        SUM(CASE WHEN ${filterSql("mine", me)} THEN 1 ELSE 0 END) AS mine,
        SUM(CASE WHEN ${filterSql("assigned_by_me", me)} THEN 1 ELSE 0 END) AS assigned_by_me,
        SUM(CASE WHEN ${filterSql("all", me)} THEN 1 ELSE 0 END) AS "all",
        SUM(CASE WHEN ${filterSql("done", me)} THEN 1 ELSE 0 END) AS done
      ${visibleFrom(viewer)}`),
  ]);
  const rows = page.length ? await db.select().from(todos).where(inList(todos.id, page.map((row) => row.id))) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const levels = new Map<number, AccessLevel>();
  for (const row of page) levels.set(byId.get(row.id)!.articleId, levelOfRank(row.rank));
  const docs = new Map((await hydrate(db, [...levels].map(([id, level]) => ({ id, level })))).map((doc) => [doc.article.id, doc]));
  const entries: TodoListEntry[] = page.flatMap((row) => {
    const todo = byId.get(row.id);
    const doc = todo && docs.get(todo.articleId);
    return todo && doc ? [{ todo, doc }] : [];
  });
  const count = (filter: TodoFilter) => Number(counts?.[filter] ?? 0);
  return {
    entries,
    people: await peopleOfTodos(db, rows),
    total: page[0]?.total ?? 0,
    counts: { mine: count("mine"), assigned_by_me: count("assigned_by_me"), all: count("all"), done: count("done") },
  };
}
