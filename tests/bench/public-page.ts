/**
 * Bench scenario "public page served from cache vs rendered": signs in as the seeded demo
 * user, publishes a document, and returns the page's two addresses: the canonical one (the
 * edge cache answers after the first request) and a query-string variant that the Worker
 * always renders and never stores (`X-Cache: BYPASS`), which is what a miss costs.
 */
import { DEMO } from "../../scripts/seed";

async function call(base: string, path: string, init: RequestInit & { token?: string; workspaceId?: number } = {}) {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json");
  if (init.token) headers.set("Authorization", init.token);
  if (init.workspaceId) headers.set("X-Workspace-Id", String(init.workspaceId));
  const response = await fetch(`${base}/v1${path}`, { ...init, headers });
  if (!response.ok) throw new Error(`${init.method ?? "GET"} ${path} answered ${response.status}: ${await response.text()}`);
  return response;
}

export async function publishBenchPage(base: string) {
  const signIn = await call(base, "/users/sign_in", {
    method: "POST",
    body: JSON.stringify({ user: { email: DEMO.email, password: DEMO.password } }),
  });
  const token = signIn.headers.get("Authorization")!;
  const workspaces = (await (await call(base, "/w", { token })).json()) as { data: { id: number }[] };
  const workspaceId = workspaces.data[0]!.id;
  const paragraphs = Array.from({ length: 30 }, (_, i) => `Paragraph ${i + 1}: ship the **launch** early, then watch the numbers.`);
  const created = (await (
    await call(base, `/w/${workspaceId}/articles`, {
      method: "POST",
      token,
      workspaceId,
      body: JSON.stringify({ article: { title: `Bench public page ${Date.now()}`, markdown: `## Launch notes\n\n${paragraphs.join("\n\n")}` } }),
    })
  ).json()) as { data: { id: number } };
  const published = (await (
    await call(base, `/articles/${created.data.id}/make_public`, { method: "PUT", token, workspaceId, body: "{}" })
  ).json()) as { data: { public_path: string } };
  const cached = `${base}${published.data.public_path}`;
  // Warm the cache and check that the two paths behave as the scenario says.
  await fetch(cached);
  const [hit, miss] = await Promise.all([fetch(cached), fetch(`${cached}?bench=render`)]);
  const outcomes = [hit.headers.get("X-Cache"), miss.headers.get("X-Cache")];
  if (outcomes[0] !== "HIT" || outcomes[1] !== "BYPASS") throw new Error(`public page cache is not behaving: ${outcomes.join(", ")}`);
  return { cached, rendered: `${cached}?bench=render` };
}
