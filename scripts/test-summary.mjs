// Prints each suite's counts and one closing "N passed, N failed" line for the whole run.
import { existsSync, readFileSync } from "node:fs";

const [vitestFile, playwrightFile] = process.argv.slice(2);
const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null);

const suites = [];
const vitest = read(vitestFile);
suites.push({
  name: "worker",
  passed: vitest?.numPassedTests ?? 0,
  failed: vitest ? vitest.numFailedTests + (vitest.numFailedTestSuites ?? 0) : 1,
  skipped: (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0),
});
const playwright = read(playwrightFile);
suites.push({
  name: "e2e",
  passed: playwright?.stats.expected ?? 0,
  failed: playwright ? playwright.stats.unexpected + (playwright.errors?.length ?? 0) : 1,
  skipped: playwright?.stats.skipped ?? 0,
  // Passed only on their one retry (playwright.config.ts): listed so they get looked at, not hidden.
  flaky: playwright?.stats.flaky ?? 0,
});

for (const s of suites) console.log(`${s.name}: ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped${s.flaky ? `, ${s.flaky} flaky (passed on retry)` : ""}`);
const total = suites.reduce((t, s) => ({ passed: t.passed + s.passed, failed: t.failed + s.failed, skipped: t.skipped + s.skipped }), { passed: 0, failed: 0, skipped: 0 });
console.log(`total: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 || total.passed === 0 ? 1 : 0);
