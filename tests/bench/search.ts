/**
 * Bench scenario "search latency over 10,000 documents": seeds a workspace with 10,000
 * documents straight into the local D1 (multi-row INSERTs in one SQL file, before the Worker
 * starts; the FTS triggers index them), then times search requests as the demo user, who may
 * read about 70% of them (their own, and a colleague's shared ones; the rest are private).
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { emptyDocument } from "../../core/document/types";
import { run } from "../../scripts/local-stack";
import { DEMO } from "../../scripts/seed";
import { type BenchSession, workspaceNamed } from "./session";
import { percentile } from "./stats";

export const SEARCH_BENCH_DOCUMENTS = 10_000;
const WORKSPACE = { key: "bench-search", name: "Search bench" };
const COLLEAGUE = "bench-colleague@example.com";
// D1 refuses a statement over 100 KB; 100 rows of ~700 bytes stay well under it.
const ROWS_PER_INSERT = 100;

const WORDS = (
  "brand voice campaign launch social email newsletter audience persona funnel budget calendar " +
  "roadmap pricing packaging headline tagline story video podcast webinar partner retail holiday " +
  "spring summer autumn winter review approval draft agency client creative brief keyword search " +
  "organic paid conversion retention loyalty referral community event booth press release blog"
).split(" ");

const quote = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** Deterministic pseudo-random words, so every run searches the same corpus. */
function words(seed: number, count: number) {
  let state = seed * 2654435761 % 2 ** 32;
  return Array.from({ length: count }, () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32;
    return WORDS[state % WORDS.length]!;
  });
}

function seedSql(count: number) {
  const user = (email: string) => `(SELECT id FROM users WHERE email = ${quote(email)})`;
  const workspace = `(SELECT id FROM workspaces WHERE key = ${quote(WORKSPACE.key)})`;
  const body = quote(JSON.stringify(emptyDocument()));
  const statements = [
    `INSERT INTO users (email, first_name, last_name) VALUES (${quote(COLLEAGUE)}, 'Casey', 'Colleague') ON CONFLICT (email) DO NOTHING;`,
    `INSERT INTO workspaces (key, name, company_size, team_type, invitation_token)
       VALUES (${quote(WORKSPACE.key)}, ${quote(WORKSPACE.name)}, '1-10', 'marketing', lower(hex(randomblob(24)))) ON CONFLICT (key) DO NOTHING;`,
    `INSERT INTO memberships (workspace_id, user_id, role) VALUES (${workspace}, ${user(DEMO.email)}, 'admin'), (${workspace}, ${user(COLLEAGUE)}, 'member')
       ON CONFLICT (workspace_id, user_id) DO NOTHING;`,
  ];
  for (let start = 0; start < count; start += ROWS_PER_INSERT) {
    const rows = [];
    for (let i = start; i < Math.min(count, start + ROWS_PER_INSERT); i++) {
      const title = `${words(i, 3).join(" ")} ${i}`;
      const text = `${words(i + 7, 60).join(" ")}.`;
      // 40% the demo user's own, 60% the colleague's (half of which are shared below).
      const owner = i % 5 < 2 ? user(DEMO.email) : user(COLLEAGUE);
      rows.push(`(${workspace}, ${quote(title)}, ${body}, ${quote(text)}, ${owner})`);
    }
    statements.push(`INSERT INTO articles (workspace_id, title, body, body_text, owner_id) VALUES\n${rows.join(",\n")};`);
  }
  statements.push(`INSERT INTO accesses (workspace_id, article_id, target_type, permission)
    SELECT workspace_id, id, 'EveryoneAtWorkspace', 'read' FROM articles
    WHERE workspace_id = ${workspace} AND owner_id = ${user(COLLEAGUE)} AND id % 2 = 0;`);
  return statements.join("\n");
}

/** Writes the documents into the local D1 at `persistTo` (run after the migrations, before the Worker starts). */
export async function seedSearchDocuments(persistTo: string, count = SEARCH_BENCH_DOCUMENTS) {
  const dir = await mkdtemp(path.join(tmpdir(), "brandwork-search-bench-"));
  const file = path.join(dir, "search.sql");
  await writeFile(file, seedSql(count));
  try {
    const wrangler = path.resolve(import.meta.dirname, "../../node_modules/.bin/wrangler");
    await run("db", wrangler, ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", file], false);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const QUERIES = ["launch", "brand voice", "pri", "holiday campaign budget", "webinar partner", "roadmap 42", "zzzz nothing"];


/** Times `requests` searches one after another (a person typing), cycling through a few kinds of query. */
export async function measureSearch(base: string, session: BenchSession, requests = 300) {
  const workspaceId = await workspaceNamed(base, session, WORKSPACE.name);
  const headers = { Authorization: session.authorization, "X-Workspace-Id": String(workspaceId) };
  const search = async (q: string) => {
    const started = performance.now();
    const response = await fetch(`${base}/v1/w/${workspaceId}/search?q=${encodeURIComponent(q)}&per_page=20`, { headers });
    const body = (await response.json()) as { meta?: { total: number } };
    if (!response.ok) throw new Error(`search for "${q}" answered ${response.status}: ${JSON.stringify(body)}`);
    return { ms: performance.now() - started, total: body.meta!.total };
  };

  for (const q of QUERIES) await search(q); // warm up
  const timings: number[] = [];
  const totals = new Map<string, number>();
  for (let i = 0; i < requests; i++) {
    const q = QUERIES[i % QUERIES.length]!;
    const { ms, total } = await search(q);
    timings.push(ms);
    totals.set(q, total);
  }
  timings.sort((a, b) => a - b);
  return {
    requests,
    p50: percentile(timings, 50),
    p95: percentile(timings, 95),
    p99: percentile(timings, 99),
    matches: Object.fromEntries(totals),
  };
}
