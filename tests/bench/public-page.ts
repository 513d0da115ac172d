/**
 * Bench scenario "public page served from cache vs rendered": publishes a document as the
 * demo user and returns the page's two addresses: the canonical one (the edge cache answers
 * after the first request) and a query-string variant that the Worker always renders and never
 * stores (`X-Cache: BYPASS`), which is what a miss costs. The document doubles as the one the
 * signed-in document read (`GET /v1/articles/:id`) fetches.
 */
import { type BenchSession, devFetch } from "./session";

async function call(base: string, session: BenchSession, path: string, init: RequestInit = {}) {
  const response = await devFetch(`${base}/v1${path}`, { ...init, headers: { "Content-Type": "application/json", ...session.headers } });
  if (!response.ok) throw new Error(`${init.method ?? "GET"} ${path} answered ${response.status}: ${await response.text()}`);
  return response;
}

export async function publishBenchPage(base: string, session: BenchSession) {
  const paragraphs = Array.from({ length: 30 }, (_, i) => `Paragraph ${i + 1}: ship the **launch** early, then watch the numbers.`);
  const created = (await (
    await call(base, session, `/w/${session.workspaceId}/articles`, {
      method: "POST",
      body: JSON.stringify({ article: { title: `Bench public page ${Date.now()}`, markdown: `## Launch notes\n\n${paragraphs.join("\n\n")}` } }),
    })
  ).json()) as { data: { id: number } };
  const published = (await (
    await call(base, session, `/articles/${created.data.id}/make_public`, { method: "PUT", body: "{}" })
  ).json()) as { data: { public_path: string } };
  const cached = `${base}${published.data.public_path}`;
  // Warm the cache and check that the two paths behave as the scenario says.
  await (await fetch(cached)).arrayBuffer();
  const [hit, miss] = await Promise.all([fetch(cached), fetch(`${cached}?bench=render`)]);
  const outcomes = [hit.headers.get("X-Cache"), miss.headers.get("X-Cache")];
  const bytes = (await hit.arrayBuffer()).byteLength;
  await miss.arrayBuffer();
  if (outcomes[0] !== "HIT" || outcomes[1] !== "BYPASS") throw new Error(`public page cache is not behaving: X-Cache ${outcomes.join(", ")}`);
  return { articleId: created.data.id, cached, rendered: `${cached}?bench=render`, bytes };
}
