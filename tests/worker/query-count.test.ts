import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api as apiApp } from "../../worker/api/index";
import { buildArticle, buildMember, buildWorkspace } from "../factories";

/**
 * What one request asked D1: each statement run alone, and each batch, is one round trip.
 * Locally each is a call into the D1 simulator, and in production a network hop to a replica,
 * so their count is what a read route costs beside the bench's one-SELECT floor.
 */
interface Trip {
  sql: string[];
  params: unknown[][];
}

/** D1 (and its sessions) with every round trip written down. */
function countingD1(real: D1Database, trips: Trip[]): D1Database {
  const unwrap = new WeakMap<object, D1PreparedStatement>();
  const send = <T>(trip: Trip, go: () => Promise<T>) => {
    trips.push(trip);
    return go();
  };
  const statement = (inner: D1PreparedStatement, sql: string, params: unknown[]): D1PreparedStatement => {
    const run =
      (method: "all" | "raw" | "run" | "first") =>
      (...args: unknown[]) =>
        send({ sql: [sql], params: [params] }, () => (inner[method] as (...a: unknown[]) => Promise<unknown>).apply(inner, args));
    const wrapped = {
      bind: (...values: unknown[]) => statement(inner.bind(...values), sql, values),
      all: run("all"),
      raw: run("raw"),
      run: run("run"),
      first: run("first"),
    } as unknown as D1PreparedStatement;
    unwrap.set(wrapped, inner);
    (wrapped as unknown as { sql: string; params: unknown[] }).sql = sql;
    (wrapped as unknown as { sql: string; params: unknown[] }).params = params;
    return wrapped;
  };
  const session = (inner: D1Database | D1DatabaseSession) => ({
    prepare: (sql: string) => statement(inner.prepare(sql), sql, []),
    batch: (statements: D1PreparedStatement[]) => {
      const described = statements as unknown as { sql: string; params: unknown[] }[];
      return send({ sql: described.map((s) => s.sql), params: described.map((s) => s.params) }, () =>
        inner.batch(statements.map((s) => unwrap.get(s) ?? s)),
      );
    },
    getBookmark: () => ("getBookmark" in inner ? inner.getBookmark() : null),
  });
  return { ...session(real), withSession: (constraint?: string) => session(real.withSession(constraint)) } as unknown as D1Database;
}

async function tripsFor(path: string, headers: Record<string, string>) {
  const trips: Trip[] = [];
  const ctx = createExecutionContext();
  const response = await apiApp.request(path, { headers }, { ...env, DB: countingD1(env.DB, trips) }, ctx);
  await waitOnExecutionContext(ctx);
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
  return Object.assign(trips, { body: await response.json<{ data: { id: number } | { id: number }[] }>() });
}

/** The same statement with the same values asked twice in one request. */
function repeats(trips: Trip[]) {
  const seen = new Map<string, number>();
  for (const trip of trips) {
    trip.sql.forEach((sql, i) => {
      const key = `${sql} ${JSON.stringify(trip.params[i])}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
    });
  }
  return [...seen].filter(([, count]) => count > 1).map(([key]) => key);
}

describe("a signed-in API read", () => {
  async function member() {
    const { workspace } = await buildWorkspace();
    const { user, token } = await buildMember(workspace, "member");
    const article = await buildArticle(workspace, user);
    // What the browser client sends with every call (app/lib/api-rules.ts).
    const headers = { Authorization: `Bearer ${token}`, "X-Workspace-Id": String(workspace.id) };
    return { workspace, user, article, headers };
  }

  it("asks D1 nothing twice", async () => {
    const { workspace, article, headers } = await member();
    for (const path of [`/v1/w/${workspace.id}/articles`, `/v1/articles/${article.id}`, `/v1/users/self`]) {
      const trips = await tripsFor(path, headers);
      expect(repeats(trips), path).toEqual([]);
    }
  });

  it("reads the session and the workspace membership in one statement", async () => {
    const { workspace, article, headers } = await member();
    // A /w/:ws route (requireWorkspace) and a route that takes X-Workspace-Id (requireSession).
    for (const path of [`/v1/w/${workspace.id}/articles`, `/v1/articles/${article.id}/accesses`]) {
      const [first] = await tripsFor(path, headers);
      expect(first!.sql, path).toHaveLength(1);
      expect(first!.sql[0], path).toContain('from "sessions"');
      expect(first!.sql[0], path).toContain('"memberships"');
    }
  });

  it("keeps the hottest reads within their round trips: health 1, a document 3, a list 2, a search 3", async () => {
    const { workspace, user, headers } = await member();
    const article = await buildArticle(workspace, user, { title: "Counted" });
    expect(await tripsFor("/v1/health", {})).toHaveLength(1);
    // The session; the document with its workspace, the reader's membership and its people; the access facts.
    const read = await tripsFor(`/v1/articles/${article.id}`, headers);
    expect(read.body.data).toMatchObject({ id: article.id });
    expect(read).toHaveLength(3);
    // The session with the workspace; the one query that filters, orders and reads the page.
    const list = await tripsFor(`/v1/w/${workspace.id}/articles`, headers);
    expect((list.body.data as { id: number }[]).map((item) => item.id)).toContain(article.id);
    expect(list).toHaveLength(2);
    // The session with the workspace; the query that finds, checks and highlights; hydrate's one batch.
    const search = await tripsFor(`/v1/w/${workspace.id}/search?q=counted`, headers);
    expect((search.body.data as { id: number }[]).map((item) => item.id)).toEqual([article.id]);
    expect(search).toHaveLength(3);
  });

  it("reads a document's workspace once, for a member and for a signed-in outsider", async () => {
    const { article, headers } = await member();
    const outsider = await member();
    const workspaceReads = (trips: Trip[]) => trips.flatMap((trip) => trip.sql).filter((sql) => sql.includes('"workspaces"'));
    expect(workspaceReads(await tripsFor(`/v1/articles/${article.id}`, headers))).toHaveLength(1);
    // A stranger reaches a document only through a link grant; the read is the same.
    const trips: Trip[] = [];
    const ctx = createExecutionContext();
    const response = await apiApp.request(`/v1/articles/${article.id}`, { headers: outsider.headers }, { ...env, DB: countingD1(env.DB, trips) }, ctx);
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(404);
    expect(workspaceReads(trips)).toHaveLength(1);
  });
});
