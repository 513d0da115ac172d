/**
 * `npm run bench`: throughput and latency of the built Worker under wrangler dev (workerd)
 * beside a bare "ok" Worker on the same machine, plus bundle and first-page JS sizes.
 * Targets: Worker bundle < 1 MB gzip, first-page client JS < 200 KB gzip.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { prepareDatabase, run, startStack } from "../../scripts/local-stack";
import { measurePropagation, PROPAGATION_EDITS } from "./collab";
import { measureFirstByte, measureOfflineWriter } from "./content";
import { measureDocumentOpen, measureMarkdown, OPEN_BENCH_BLOCKS } from "./editor";
import { publishBenchPage } from "./public-page";
import { measureSearch, SEARCH_BENCH_DOCUMENTS, seedSearchDocuments } from "./search";

const root = path.resolve(import.meta.dirname, "../..");
const wrangler = path.join(root, "node_modules/.bin/wrangler");
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function serve(args: string[], port: number): Promise<ChildProcess> {
  const child = spawn(wrangler, ["dev", ...args, "--port", String(port), "--ip", "127.0.0.1", "--show-interactive-dev-session=false", "--log-level", "error"], {
    cwd: root,
    stdio: "ignore",
    detached: true,
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).status > 0) return child;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`wrangler dev on ${port} did not start`);
}

async function load(url: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const gzipKb = (bytes: Buffer | string) => (gzipSync(bytes).length / 1024).toFixed(1);

await run("build", "npm", ["run", "build", "--silent"], false);
// Measured before the stack starts: the parser runs for a while on this thread, and idle
// keep-alive connections to the Worker would not survive the wait.
const markdown = measureMarkdown();
const persistTo = await mkdtemp(path.join(tmpdir(), "brandwork-bench-"));
await prepareDatabase({ persistTo, logs: false });
await seedSearchDocuments(persistTo);
const [appPort, partyPort, barePort] = [await freePort(), await freePort(), await freePort()];
// The app runs as `npm start` runs it: the Worker and the PartyKit server, on one state directory.
const stack = await startStack({ port: appPort, partyPort, persistTo, logs: false });
const bare = await serve(["--config", "tests/bench/bare/wrangler.toml"], barePort);

try {
  const base = `http://127.0.0.1:${appPort}`;
  const html = await (await fetch(`${base}/`)).text();
  const asset = html.match(/href="(\/assets\/[^"]+\.css)"/)?.[1];
  if (!asset) throw new Error("no stylesheet found on the home page");

  const baseline = await load(`http://127.0.0.1:${barePort}/`);
  const rows: [string, Awaited<ReturnType<typeof load>>][] = [["bare worker (ok)", baseline]];
  const publicPage = await publishBenchPage(base);
  for (const [name, url] of [
    ["GET /v1/health", `${base}/v1/health`],
    ["GET / (SSR)", `${base}/`],
    [`GET ${asset} (static)`, `${base}${asset}`],
    ["GET /p/:slug (edge cache HIT)", publicPage.cached],
    ["GET /p/:slug?bench=render (rendered)", publicPage.rendered],
  ] as const) {
    rows.push([name, await load(url)]);
  }

  console.log(`\nThroughput and latency (${CONNECTIONS} connections, ${DURATION_S}s each, wrangler dev on this machine)\n`);
  console.table(
    rows.map(([name, r]) => ({
      route: name,
      "req/s": Math.round(r.rps),
      "p50 ms": r.p50,
      "p99 ms": r.p99,
      "vs bare": `${((r.rps / baseline.rps) * 100).toFixed(0)}%`,
      errors: r.errors,
    })),
  );

  const [cachedPage, renderedPage] = [rows.find(([n]) => n.includes("HIT"))![1], rows.find(([n]) => n.includes("rendered"))![1]];
  console.log(
    `\nPublic page served from cache vs rendered: ${(cachedPage.rps / renderedPage.rps).toFixed(2)}x the requests/second ` +
      `(${Math.round(cachedPage.rps)} vs ${Math.round(renderedPage.rps)}; p50 ${cachedPage.p50} ms vs ${renderedPage.p50} ms)`,
  );

  const search = await measureSearch(base);
  console.log(`\nSearch latency over ${SEARCH_BENCH_DOCUMENTS.toLocaleString("en")} documents (${search.requests} requests, one at a time)\n`);
  console.table([{ "p50 ms": search.p50.toFixed(1), "p95 ms": search.p95.toFixed(1), "p99 ms": search.p99.toFixed(1) }]);
  console.log("Matches the demo user may read, per query:", search.matches);

  console.log(`\nMarkdown to document and back: ${markdown.megabytes.toFixed(2)} MB of markdown, ${markdown.blocks.toLocaleString("en")} blocks\n`);
  console.table(markdown.rows.map((row) => ({ step: row.step, ms: row.ms.toFixed(0), "MB/s": row.mbPerS.toFixed(2) })));

  const open = await measureDocumentOpen(base);
  console.log(`\nOpening a ${OPEN_BENCH_BLOCKS.toLocaleString("en")}-block document in Chromium (navigation to the last block in the live editor)\n`);
  console.table([
    { open: "first (the room seeds itself from D1)", ms: Math.round(open.first) },
    { open: "again (the room's stored state)", ms: Math.round(open.second) },
  ]);

  const propagation = await measurePropagation(base);
  console.log(`\nEdit propagation between two clients through the document's room (${PROPAGATION_EDITS.toLocaleString("en")} edits, one at a time)\n`);
  console.table([{ "p50 ms": propagation.p50.toFixed(1), "p99 ms": propagation.p99.toFixed(1), "max ms": propagation.max.toFixed(1) }]);

  const writer = measureOfflineWriter();
  const firstByte = await measureFirstByte(base);
  console.log("\nContent engine (the offline writer; a configured AI provider adds its own latency)\n");
  console.table([
    { measure: "offline writer: blog outline + medium draft", value: `${writer.perSecond.toFixed(0)} /s`, detail: `${writer.averageCharacters.toLocaleString("en")} characters each` },
    { measure: "time to first streamed text (POST /generations)", value: `p50 ${firstByte.p50.toFixed(1)} ms`, detail: `p99 ${firstByte.p99.toFixed(1)} ms over ${firstByte.runs} runs` },
  ]);

  const outdir = await mkdtemp(path.join(tmpdir(), "brandwork-bundle-"));
  await run("build", wrangler, ["deploy", "--dry-run", "--outdir", outdir], false);
  const bundle = await readFile(path.join(outdir, "index.js"));
  await rm(outdir, { recursive: true, force: true });

  const scripts = [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!))];
  const clientJs = Buffer.concat(await Promise.all(scripts.map((s) => readFile(path.join(root, "build/client", s)))));

  console.log("\nSizes (gzip)\n");
  console.table([
    { what: "Worker bundle", "KB gzip": gzipKb(bundle), target: "< 1024" },
    { what: `First-page client JS (${scripts.length} files)`, "KB gzip": gzipKb(clientJs), target: "< 200" },
  ]);
} finally {
  try {
    process.kill(-bare.pid!, "SIGTERM");
  } catch {
    bare.kill();
  }
  await stack.stop();
  await rm(persistTo, { recursive: true, force: true });
}
