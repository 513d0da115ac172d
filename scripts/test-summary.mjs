// Prints each suite's counts and duration (with a warning past its budget), names every test
// that passed only on its retry, and closes with one "N passed, N failed" line for the run.
import { existsSync, readFileSync } from "node:fs";

const [vitestFile, playwrightFile] = process.argv.slice(2);
const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null);
const seconds = (name) => (process.env[name] ? Number(process.env[name]) : null);

// Budgets from issue 17, on this 2-core machine: a runner past its budget is a regression to look at.
const BUDGETS = { worker: 300, e2e: 480, "bench (quick)": 90, total: 900 };

const suites = [];
const vitest = read(vitestFile);
suites.push({
  name: "worker",
  passed: vitest?.numPassedTests ?? 0,
  failed: vitest ? vitest.numFailedTests + (vitest.numFailedTestSuites ?? 0) : 1,
  skipped: (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0),
  seconds: seconds("WORKER_SECONDS"),
  flaky: [],
});

/** Playwright tests that failed first and passed on the retry (playwright.config.ts allows one). */
function flakyTests(report) {
  const names = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) if (test.status === "flaky") names.push(`${file}:${spec.line} › ${spec.title}`);
    }
    for (const child of suite.suites ?? []) walk(child, file ?? child.file);
  };
  for (const suite of report?.suites ?? []) walk(suite, suite.file);
  return names;
}

const playwright = read(playwrightFile);
suites.push({
  name: "e2e",
  passed: playwright?.stats.expected ?? 0,
  failed: playwright ? playwright.stats.unexpected + (playwright.errors?.length ?? 0) : 1,
  skipped: playwright?.stats.skipped ?? 0,
  seconds: seconds("E2E_SECONDS"),
  flaky: flakyTests(playwright),
});

// The quick bench (scripts/test.sh stage 3) is one pass/fail: it exits non-zero when any step broke.
if (process.env.BENCH_STATUS !== undefined) {
  const ok = process.env.BENCH_STATUS === "0";
  suites.push({ name: "bench (quick)", passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0, seconds: seconds("BENCH_SECONDS"), flaky: [] });
}

const warnings = [];
for (const s of suites) {
  const time = s.seconds === null ? "" : ` in ${s.seconds} s`;
  console.log(`${s.name}: ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped${s.flaky.length ? `, ${s.flaky.length} passed only on retry` : ""}${time}`);
  for (const name of s.flaky) console.log(`  retried: ${name}`);
  if (s.seconds !== null && s.seconds > BUDGETS[s.name]) warnings.push(`${s.name} took ${s.seconds} s, over its ${BUDGETS[s.name]} s budget`);
}
const totalSeconds = seconds("TOTAL_SECONDS");
if (totalSeconds !== null) {
  console.log(`whole command: ${totalSeconds} s`);
  if (totalSeconds > BUDGETS.total) warnings.push(`the whole command took ${totalSeconds} s, over its ${BUDGETS.total} s budget`);
}
// tests/e2e/global-setup.ts starts the stack again when it stops answering, and says so here.
const restarts = existsSync("test-results/e2e-stack-restarts.log") ? readFileSync("test-results/e2e-stack-restarts.log", "utf8") : "";
if (restarts) {
  warnings.push(`the local stack stopped answering during the browser suite and was started again (test-results/e2e-stack-restarts.log):\n${restarts.trim()}`);
}
for (const warning of warnings) console.log(`⚠ ${warning}`);

const total = suites.reduce((t, s) => ({ passed: t.passed + s.passed, failed: t.failed + s.failed, skipped: t.skipped + s.skipped }), { passed: 0, failed: 0, skipped: 0 });
console.log(`total: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 || total.passed === 0 ? 1 : 0);
