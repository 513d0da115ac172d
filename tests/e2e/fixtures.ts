import { test as base } from "@playwright/test";

export { expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";

/**
 * Waits while the stack refuses connections or fails its health check: global-setup starts a stack that stopped answering
 * again (about 20 s), and a test that begins meanwhile waits for it instead of failing at once,
 * its retry with it. A stack that is only slow counts as answering.
 */
async function untilStackAnswers(url: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (Date.now() > deadline) return;
    try {
      const response = await fetch(`${url}/v1/health`);
      await response.body?.cancel();
      if (response.status < 500) return;
    } catch (error) {
      if (!String((error as { cause?: unknown }).cause ?? error).includes("ECONNREFUSED")) return;
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** Playwright's `test`, with every test starting on a stack that answers. */
export const test = base.extend<{ stackAnswers: void }>({
  stackAnswers: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await untilStackAnswers(process.env.E2E_BASE_URL!);
      await use();
    },
    { auto: true },
  ],
});
