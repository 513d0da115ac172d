/**
 * Bench scenario "markdown to the editor model and back": the document converter
 * (core/document/markdown) on a 1 MB file, beside markdown-it's parse of the same text in the
 * same run, and the CPU time for the 2 MB a document may hold. Bounded in time: each size runs in
 * a child process that is stopped when the budget runs out; then the largest size that finished is
 * reported and the rest is extrapolated from the growth between two measured sizes (the output says so).
 *
 * The baseline and the round trip are measured alike, in the same child process: each warmed up
 * once on the same text, then the fastest of a few runs, taken in turns so a busy neighbour
 * slows both the same way.
 */
import { spawn } from "node:child_process";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import MarkdownIt from "markdown-it";
import { documentToMarkdown, markdownToDocument } from "../../core/document/markdown";

const KB = 1024;
const MB = 1024 * KB;

/** About `bytes` of varied markdown: headings, marked-up paragraphs, nested lists, task lists, tables, code. */
export function sampleMarkdown(bytes: number): string {
  const sections: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const section = `## Section ${i}: the spring campaign

Our **new** range lands in *April*, with [the brief](https://example.com/brief/${i}) and \`code ${i}\` for the team.
It reaches ~~10,000~~ 12,000 readers across email, social and search.

- Write the launch post
  - with the product team
  - and with legal
- [x] Book the studio
- [ ] Send the invites

1. Draft
2. Review
3. Publish

> A quote from a happy customer, number ${i}.

| Channel | Budget | Owner |
| ------- | ------ | ----- |
| Email   | ${i}   | Ada   |
| Social  | ${i * 2} | Bo  |

\`\`\`ts
const launch = ${i};
\`\`\`

`;
    sections.push(section);
    size += section.length;
  }
  return sections.join("");
}

/** Wall and CPU milliseconds of one call (the converter is synchronous, so the two agree on an idle core). */
function once<T>(run: () => T): { ms: number; cpuMs: number; result: T } {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const result = run();
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000, result };
}

/** Runs per size after the warm-up: the fastest counts (CPU time), for the baseline and the round trip alike. */
const REPEAT = 3;

function roundTrip(markdown: string) {
  const toDocument = once(() => markdownToDocument(markdown));
  const back = once(() => documentToMarkdown(toDocument.result.document));
  return { toDocument, back, ms: toDocument.ms + back.ms, cpuMs: toDocument.cpuMs + back.cpuMs, blocks: toDocument.result.document.root.children.length };
}

interface SizeRun {
  bytes: number;
  /** markdown-it's parse alone, on the same text in the same process. */
  parseMs: number;
  parseCpuMs: number;
  ms: number;
  cpuMs: number;
  toMs: number;
  backMs: number;
  toCpuMs: number;
  backCpuMs: number;
  blocks: number;
}

/**
 * One size's round trip in a child process, so a size that grows past the budget can be stopped
 * (the converter is synchronous: in this process nothing could interrupt it). Resolves null when killed.
 */
function runSize(bytes: number, timeoutMs: number): Promise<SizeRun | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), String(bytes)], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      if (signal === "SIGKILL") return resolve(null);
      if (code !== 0) return reject(new Error(`the ${bytes}-byte round trip exited with ${code}: ${err.trim().split("\n").slice(-3).join(" ")}`));
      resolve(JSON.parse(out.trim().split("\n").at(-1)!) as SizeRun);
    });
  });
}

export interface MarkdownBenchOptions {
  /** The size the issue asks for (1 MB), and the maximum a document may hold (2 MB). */
  targetBytes?: number;
  maxBytes?: number;
  /** Wall-clock budget for all sizes together; the size running when it ends is stopped. */
  budgetSeconds?: number;
  /** The sizes to try, smallest first. */
  sizes?: number[];
}

export async function measureMarkdown({ targetBytes = MB, maxBytes = 2 * MB, budgetSeconds = 120, sizes = [64 * KB, 256 * KB, MB, 2 * MB] }: MarkdownBenchOptions = {}) {
  const deadline = performance.now() + budgetSeconds * 1000;
  const measured: SizeRun[] = [];
  let stopped: number | null = null;
  for (const size of sizes) {
    const left = deadline - performance.now();
    if (left < 1000) {
      stopped = size;
      break;
    }
    const run = await runSize(size, left);
    if (!run) {
      stopped = size;
      break;
    }
    measured.push(run);
  }
  if (measured.length === 0) throw new Error(`not even ${Math.round(sizes[0]! / KB)} KB converted within the ${budgetSeconds} s budget`);

  // The size the throughput is reported at: the target if it was measured, else the largest that fitted.
  const at = measured.filter((m) => m.bytes <= targetBytes * 1.01).at(-1) ?? measured[0]!;
  const parseOnly = { ms: at.parseMs, cpuMs: at.parseCpuMs };
  const megabytes = at.bytes / MB;

  // CPU time at the maximum document size: measured if it fitted, else extrapolated with the
  // growth exponent between the two largest sizes measured (never below linear).
  const direct = measured.find((m) => m.bytes >= maxBytes * 0.99);
  const [a, b] = measured.length >= 2 ? measured.slice(-2) : [undefined, measured[0]!];
  const exponent = a && b ? Math.max(1, Math.log(b.cpuMs / a.cpuMs) / Math.log(b.bytes / a.bytes)) : 1;
  const maxCpuMs = direct?.cpuMs ?? b!.cpuMs * (maxBytes / b!.bytes) ** exponent;
  const sizesTried = measured.map((m) => `${Math.round(m.bytes / KB)} KB`).join(", ");

  const extrapolated = at.bytes < targetBytes * 0.99;
  return {
    megabytes,
    blocks: at.blocks,
    note: extrapolated
      ? `measured at ${(at.bytes / KB).toFixed(0)} KB (${stopped !== null ? `${Math.round(stopped / KB)} KB did not finish within the ${budgetSeconds} s budget` : "the largest size tried"}); MB/s is that size's throughput`
      : null,
    sizes: [
      ...measured.map((m) => ({
        KB: String(Math.round(m.bytes / KB)),
        "round trip ms": String(Math.round(m.ms)),
        "CPU ms": String(Math.round(m.cpuMs)),
        "MB/s (CPU)": (m.bytes / MB / (m.cpuMs / 1000)).toFixed(3),
        "× markdown-it parse": (m.parseCpuMs / m.cpuMs).toFixed(2),
      })),
      ...(stopped === null
        ? []
        : [{ KB: String(Math.round(stopped / KB)), "round trip ms": "stopped: over the budget", "CPU ms": "", "MB/s (CPU)": "", "× markdown-it parse": "" }]),
    ],
    // MB/s from CPU time (the process's, so V8's GC threads count too), not wall time: the
    // machine is shared, and a busy neighbour would otherwise decide the ratio.
    rows: [
      { step: "markdown-it parse alone (baseline)", ms: parseOnly.ms, cpuMs: parseOnly.cpuMs, mbPerS: megabytes / (parseOnly.cpuMs / 1000) },
      { step: "markdown → document", ms: at.toMs, cpuMs: at.toCpuMs, mbPerS: megabytes / (at.toCpuMs / 1000) },
      { step: "document → markdown", ms: at.backMs, cpuMs: at.backCpuMs, mbPerS: megabytes / (at.backCpuMs / 1000) },
      { step: "round trip", ms: at.ms, cpuMs: at.cpuMs, mbPerS: megabytes / (at.cpuMs / 1000) },
    ],
    ratio: parseOnly.cpuMs / at.cpuMs,
    max: {
      megabytes: maxBytes / MB,
      cpuMs: maxCpuMs,
      how: direct ? "measured" : `extrapolated from ${sizesTried}, growth exponent ${exponent.toFixed(2)}${stopped !== null ? `; ${Math.round(stopped / KB)} KB was stopped at the budget` : ""}`,
    },
  };
}

// Child mode (see runSize): `tsx tests/bench/markdown.ts <bytes>` prints one size's round trip and
// markdown-it's parse of the same text as JSON.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const markdown = sampleMarkdown(Number(process.argv[2]));
  const md = new MarkdownIt();
  // One warm-up run each, so neither figure is a JIT or heap-growth measurement.
  md.parse(markdown, {});
  roundTrip(markdown);
  let parse = once(() => md.parse(markdown, {}));
  let run = roundTrip(markdown);
  for (let i = 1; i < REPEAT; i++) {
    const nextParse = once(() => md.parse(markdown, {}));
    if (nextParse.cpuMs < parse.cpuMs) parse = nextParse;
    const next = roundTrip(markdown);
    if (next.cpuMs < run.cpuMs) run = next;
  }
  const result: SizeRun = {
    bytes: Buffer.byteLength(markdown),
    parseMs: parse.ms,
    parseCpuMs: parse.cpuMs,
    ms: run.ms,
    cpuMs: run.cpuMs,
    toMs: run.toDocument.ms,
    backMs: run.back.ms,
    toCpuMs: run.toDocument.cpuMs,
    backCpuMs: run.back.cpuMs,
    blocks: run.blocks,
  };
  console.log(JSON.stringify(result));
}
