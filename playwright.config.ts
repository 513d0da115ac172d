import { defineConfig } from "@playwright/test";

// End-to-end tests drive Debian's Chromium (Playwright's own browser download cannot work
// here) against the real stack that tests/e2e/global-setup.ts starts on free ports.
export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  workers: 2,
  // One retry: a test that passes only on it is reported as flaky in the summary (scripts/test-summary.mjs),
  // so a rare restart of the local Worker under a loaded two-core machine doesn't block a landing unseen.
  retries: 1,
  forbidOnly: true,
  // Multi-page tests (two browsers, emails, a dozen loads) took 30–32 s beside the accessibility
  // pass on two cores: a limit at their edge failed them without a fault. Waits stay 10 s each.
  timeout: 60_000,
  // Two Chromiums, the Worker and PartyKit share two cores here: 5 s assertions flake under that load.
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    browserName: "chromium",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-quic",
        "--no-first-run",
      ],
    },
  },
});
