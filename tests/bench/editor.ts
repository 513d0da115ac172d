/**
 * Bench scenario "opening a long document": creates a document of `blocks` paragraphs through
 * /v1, then opens it in Chromium twice, signed in through the auth cookie the app itself writes.
 * The first open seeds the document's room, the second reads the room's stored state. Each time
 * is navigation start to the last block in the live editor.
 */
import { performance } from "node:perf_hooks";
import { chromium } from "@playwright/test";
import { type BenchSession, devFetch } from "./session";

export async function measureDocumentOpen(base: string, session: BenchSession, blocks: number) {
  // Plain paragraphs: with a bold run in each, 5,000 of them serialize past the 1.9 MB a document may hold.
  const markdown = Array.from({ length: blocks }, (_, i) => `Paragraph ${i + 1} of the long document, with some words.`).join("\n\n");
  const created = await devFetch(`${base}/v1/w/${session.workspaceId}/articles`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...session.headers },
    body: JSON.stringify({ article: { title: `${blocks} blocks`, markdown } }),
  });
  if (created.status !== 201) throw new Error(`create answered ${created.status}: ${await created.text()}`);
  const { data: article } = (await created.json()) as { data: { slug: string } };

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    const context = await browser.newContext();
    await context.addCookies([{ name: session.cookie.name, value: session.cookie.value, url: base }]);
    const page = await context.newPage();
    const openOnce = async () => {
      const start = performance.now();
      await page.goto(`${base}/docs/${article.slug}`);
      await page.locator(`.editor__content > :nth-child(${blocks})`).waitFor({ state: "attached", timeout: 120_000 });
      return performance.now() - start;
    };
    const first = await openOnce();
    const second = await openOnce();
    return { first, second };
  } finally {
    await browser.close();
  }
}
