// The floors the bench measures our routes against, run beside ours on the same machine:
//   /               a Worker that answers "ok" (the bare Worker)
//   /d1             the same plus one D1 SELECT by primary key (the floor for routes that read the database)
//   /cache/<bytes>  a body of <bytes> bytes answered from caches.default (the cache-hit floor)
//   /assets/*       served by [assets] from build/client before the Worker runs (the assets floor)
let ready;

function setup(db) {
  ready ??= db.batch([
    db.prepare("CREATE TABLE IF NOT EXISTS bench (id INTEGER PRIMARY KEY, name TEXT NOT NULL)"),
    db.prepare("INSERT OR IGNORE INTO bench (id, name) VALUES (1, 'floor')"),
  ]);
  return ready;
}

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.pathname === "/d1") {
      await setup(env.DB);
      const row = await env.DB.prepare("SELECT id, name FROM bench WHERE id = ?").bind(1).first();
      return Response.json(row);
    }
    if (url.pathname.startsWith("/cache/")) {
      const hit = await caches.default.match(request);
      if (hit) return hit;
      const bytes = Math.min(1_000_000, Number(url.pathname.slice("/cache/".length)) || 2);
      const response = new Response("x".repeat(bytes), {
        headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, s-maxage=60" },
      });
      ctx.waitUntil(caches.default.put(request, response.clone()));
      return response;
    }
    // Anything else is a mistake in the bench (a route whose setup failed): it must not count as "ok".
    if (url.pathname !== "/") return new Response("no such floor", { status: 404 });
    return new Response("ok");
  },
};
