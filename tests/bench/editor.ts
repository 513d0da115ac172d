/**
 * Bench scenario "opening a long document": creates a document of `blocks` paragraphs through
 * /v1, then opens it in Chromium twice, signed in through the auth cookie the app itself writes.
 * The first open seeds the document's room, the second reads the room's stored state. Each time
 * is navigation start to the last block in the live editor. Then it types into the open
 * document and times each keystroke from its keydown to the next frame after the editor's DOM
 * shows it: what someone typing in a long document waits for.
 */
import { performance } from "node:perf_hooks";
import { chromium, type Page } from "@playwright/test";
import { type BenchSession, devFetch } from "./session";
import { figures } from "./stats";

export async function measureDocumentOpen(base: string, session: BenchSession, blocks: number, keystrokes: number) {
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
    return { first, second, typing: await measureTyping(page, keystrokes) };
  } finally {
    await browser.close();
  }
}

/** Keydown to the next frame after the editor's DOM changed, for each of `keystrokes` keys typed into the middle of the document. */
async function measureTyping(page: Page, keystrokes: number) {
  const editor = page.locator('.editor__content[contenteditable="true"]');
  await editor.waitFor({ timeout: 60_000 });
  await page.evaluate(() => {
    const root = document.querySelector(".editor__content")!;
    const samples: number[] = [];
    (window as unknown as { typingSamples: number[] }).typingSamples = samples;
    let keyAt: number | null = null;
    document.addEventListener("keydown", (event) => (keyAt = event.timeStamp), true);
    new MutationObserver(() => {
      if (keyAt === null) return;
      const start = keyAt;
      keyAt = null;
      requestAnimationFrame(() => samples.push(performance.now() - start));
    }).observe(root, { subtree: true, childList: true, characterData: true });
  });
  const middle = page.locator(".editor__content > p").nth(Math.floor((await page.locator(".editor__content > p").count()) / 2));
  await middle.scrollIntoViewIfNeeded();
  await middle.click();
  await page.keyboard.press("End");
  // One key at a time, with room between them, so each is timed alone.
  await page.keyboard.type("typed in a long document ".repeat(Math.ceil(keystrokes / 25)).slice(0, keystrokes), { delay: 40 });
  await page.waitForTimeout(200);
  const samples = await page.evaluate(() => (window as unknown as { typingSamples: number[] }).typingSamples);
  if (samples.length < keystrokes * 0.9) throw new Error(`only ${samples.length} of ${keystrokes} keystrokes changed the document`);
  return { keystrokes: samples.length, ...figures(samples) };
}
