/**
 * Bench scenario "markdown to the editor model and back": the document converter
 * (core/document/markdown) on a 1 MB file, beside markdown-it's parse of the same text in the
 * same run, and the CPU time for the 2 MB a document may hold. Bounded in time: when the round
 * trip is too slow to run at full size within the budget, the largest size that fits is measured
 * and the rest is extrapolated from the growth between two measured sizes (the table says so).
 */
import { performance } from "node:perf_hooks";
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

/** The fastest of `repeat` runs, after one warm-up run. */
function best<T>(run: () => T, repeat: number) {
  once(run);
  let fastest = once(run);
  for (let i = 1; i < repeat; i++) {
    const next = once(run);
    if (next.ms < fastest.ms) fastest = next;
  }
  return fastest;
}

function roundTrip(markdown: string) {
  const toDocument = once(() => markdownToDocument(markdown));
  const back = once(() => documentToMarkdown(toDocument.result.document));
  return { toDocument, back, ms: toDocument.ms + back.ms, cpuMs: toDocument.cpuMs + back.cpuMs, blocks: toDocument.result.document.root.children.length };
}

export interface MarkdownBenchOptions {
  /** The size the issue asks for (1 MB), and the maximum a document may hold (2 MB). */
  targetBytes?: number;
  maxBytes?: number;
  /** Measure a size only when the previous one projects to fit in this many seconds. */
  budgetSeconds?: number;
  /** The sizes to try, smallest first; the largest that fits the budget is the one reported. */
  sizes?: number[];
}

export function measureMarkdown({ targetBytes = MB, maxBytes = 2 * MB, budgetSeconds = 45, sizes = [64 * KB, 256 * KB, MB, 2 * MB] }: MarkdownBenchOptions = {}) {
  const budgetMs = budgetSeconds * 1000;
  const spent = performance.now();
  // Warm the converter's code paths on a small file first, so the first measured size is not a JIT measurement.
  roundTrip(sampleMarkdown(16 * KB));

  const measured: { bytes: number; ms: number; cpuMs: number; toMs: number; backMs: number; blocks: number }[] = [];
  for (const size of sizes) {
    const last = measured.at(-1);
    if (last) {
      // Project this size from the growth seen so far (at least linear), and stop if it would overrun.
      const previous = measured.at(-2);
      const exponent = previous ? Math.max(1, Math.log(last.ms / previous.ms) / Math.log(last.bytes / previous.bytes)) : 1;
      const projected = last.ms * (size / last.bytes) ** exponent;
      if (performance.now() - spent + projected > budgetMs) break;
    }
    const markdown = sampleMarkdown(size);
    const run = roundTrip(markdown);
    measured.push({ bytes: Buffer.byteLength(markdown), ms: run.ms, cpuMs: run.cpuMs, toMs: run.toDocument.ms, backMs: run.back.ms, blocks: run.blocks });
  }
  if (measured.length === 0) throw new Error("no markdown size fits the time budget");

  // The size the throughput is reported at: the target if it was measured, else the largest that fitted.
  const at = measured.filter((m) => m.bytes <= targetBytes * 1.01).at(-1) ?? measured[0]!;
  const text = sampleMarkdown(at.bytes);
  const md = new MarkdownIt({ html: false, linkify: false });
  const parseOnly = best(() => md.parse(text, {}), 5);
  const megabytes = at.bytes / MB;

  // CPU time at the maximum document size: measured if it fitted, else extrapolated with the
  // growth exponent between the two largest sizes measured (never below linear).
  const direct = measured.find((m) => m.bytes >= maxBytes * 0.99);
  const [a, b] = measured.length >= 2 ? measured.slice(-2) : [undefined, measured[0]!];
  const exponent = a && b ? Math.max(1, Math.log(b.cpuMs / a.cpuMs) / Math.log(b.bytes / a.bytes)) : 1;
  const maxCpuMs = direct?.cpuMs ?? b!.cpuMs * (maxBytes / b!.bytes) ** exponent;

  const extrapolated = at.bytes < targetBytes * 0.99;
  return {
    megabytes,
    blocks: at.blocks,
    extrapolated,
    note: extrapolated
      ? `measured at ${(at.bytes / KB).toFixed(0)} KB (${sizes.some((s) => s >= targetBytes) ? `1 MB would overrun the ${budgetSeconds} s budget` : "quick mode"}); MB/s is that size's throughput`
      : null,
    sizes: measured.map((m) => ({ KB: Math.round(m.bytes / KB), "round trip ms": Math.round(m.ms), "MB/s": (m.bytes / MB / (m.ms / 1000)).toFixed(3) })),
    rows: [
      { step: "markdown-it parse alone (baseline)", ms: parseOnly.ms, mbPerS: megabytes / (parseOnly.ms / 1000) },
      { step: "markdown → document", ms: at.toMs, mbPerS: megabytes / (at.toMs / 1000) },
      { step: "document → markdown", ms: at.backMs, mbPerS: megabytes / (at.backMs / 1000) },
      { step: "round trip", ms: at.ms, mbPerS: megabytes / (at.ms / 1000) },
    ],
    ratio: parseOnly.ms / at.ms,
    max: { megabytes: maxBytes / MB, cpuMs: maxCpuMs, how: direct ? "measured" : `extrapolated from ${measured.map((m) => `${Math.round(m.bytes / KB)} KB`).join(", ")} (growth exponent ${exponent.toFixed(2)})` },
  };
}
