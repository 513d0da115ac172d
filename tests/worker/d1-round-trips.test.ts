import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api as app } from "../../worker/api";
import { buildArticle, buildMember, buildWorkspace, json } from "../factories";

/**
 * How many times a request waits on D1 (a statement run, or one batch). Locally each wait is a
 * call into the D1 simulator, and in production a network hop to a replica, so this count is
 * what a read route costs beside the bench's one-SELECT floor. Pinned here so a change that
 * adds a round trip to the hottest reads is seen.
 */
function countingDb(d1: D1Database) {
  let trips = 0;
  const real = new WeakMap<object, D1PreparedStatement>();
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const counted = {
      bind: (...values: unknown[]) => wrap(statement.bind(...values)),
      first: (column?: string) => (trips++, column === undefined ? statement.first() : statement.first(column)),
      all: () => (trips++, statement.all()),
      run: () => (trips++, statement.run()),
      raw: (options?: { columnNames?: boolean }) => (trips++, statement.raw(options as { columnNames: true })),
    } as unknown as D1PreparedStatement;
    real.set(counted, statement);
    return counted;
  };
  const session = (inner: D1DatabaseSession): D1DatabaseSession =>
    ({
      prepare: (query: string) => wrap(inner.prepare(query)),
      batch: (statements: D1PreparedStatement[]) => (trips++, inner.batch(statements.map((statement) => real.get(statement) ?? statement))),
      getBookmark: () => inner.getBookmark(),
    }) as D1DatabaseSession;
  const db = { withSession: (constraint?: string) => session(d1.withSession(constraint)) } as unknown as D1Database;
  return { db, trips: () => trips };
}

async function tripsFor(path: string, token: string) {
  const counter = countingDb(env.DB);
  const request = new Request(`https://app.test/v1${path}`, { headers: { Authorization: `Bearer ${token}` } });
  const response = await app.fetch(request, { ...env, DB: counter.db }, { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext);
  expect(response.status, await response.clone().text()).toBe(200);
  return { trips: counter.trips(), body: await json(response) };
}

describe("D1 round trips of the hottest reads", () => {
  it("health asks D1 once; a signed-in document read, a document list and a search stay within their counts", async () => {
    const { workspace } = await buildWorkspace();
    const member = await buildMember(workspace, "member");
    const article = await buildArticle(workspace, member.user, { title: "Counted" });

    expect((await tripsFor("/health", member.token)).trips).toBe(1);
    const read = await tripsFor(`/articles/${article.id}`, member.token);
    expect(read.body.data.id).toBe(article.id);
    expect(read.trips).toBeLessThanOrEqual(READ_TRIPS);
    const list = await tripsFor(`/w/${workspace.id}/articles`, member.token);
    expect(list.body.data.map((item: { id: number }) => item.id)).toContain(article.id);
    expect(list.trips).toBeLessThanOrEqual(LIST_TRIPS);
    const search = await tripsFor(`/w/${workspace.id}/search?q=counted`, member.token);
    expect(search.body.data.map((item: { id: number }) => item.id)).toEqual([article.id]);
    expect(search.trips).toBeLessThanOrEqual(SEARCH_TRIPS);
  });
});

/**
 * Today's counts. The signed-in reads' ratio to the bench's one-SELECT floor follows them
 * (README, The benchmark); lowering one means batching more of the route's reads together.
 */
const READ_TRIPS = 5;
const LIST_TRIPS = 4;
/** The session and workspace, the one query that finds, checks and highlights the page, and hydrate's one batch. */
const SEARCH_TRIPS = 4;
