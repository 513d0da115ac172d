import AxeBuilder from "@axe-core/playwright";
import type { TestInfo } from "@playwright/test";
import { expect, test, type Page } from "./fixtures";
import { DEMO_USER, openAs } from "./helpers";
import { attachScreenshot, layoutProblems } from "./layout";

// Every screen the navigation reaches, in the demo workspace (which has something on each), at
// the desktop and phone widths, in both colour schemes: no WCAG 2 A/AA violation that axe finds,
// no page wider than the window and no field that cuts off its placeholder or chosen option
// (tests/e2e/layout.ts); each screen that does not fit is attached to the report as a screenshot.
const WIDTHS = { desktop: { width: 1440, height: 900 }, phone: { width: 375, height: 812 } } as const;
const SECTIONS = ["home", "recent", "shared_with_me", "favorites", "all_docs", "all_files", "inbox", "todos", "campaigns", "scheduled-posts", "paid-ads", "paid-ads/wizard", "sandbox", "analytics", "brand-kits", "brain", "article_style", "handbooks", "templates", "uploads", "import", "archive", "members", "groups", "billing", "plans", "settings"];

async function screens(page: Page) {
  await page.goto("/");
  const members = await page.getByRole("link", { name: "Members", exact: true }).first().getAttribute("href");
  const base = members!.replace(/\/members$/, "");
  await page.goto(`${base}/all_docs`);
  const doc = await page.locator('main a[href^="/docs/"]').first().getAttribute("href");
  // A document, and its past and readership (the screens of its ⋯ menu).
  const documentScreens = [doc!, ...["history", "activity", "compare", "insights"].map((sub) => `${doc}/${sub}`)];
  return ["/", ...SECTIONS.map((section) => `${base}/${section}`), ...documentScreens, "/create/blog-post", "/directory", "/status"];
}

/**
 * Which axe rules each pass runs. The structure (names, labels, roles) is checked at both widths,
 * where the DOM differs (drawers, menus); colour contrast in both schemes, where the colours
 * differ. Contrast does not change with width and structure does not change with scheme, so the
 * fourth pairing (phone, dark) would repeat the others: skipping it halves the suite's longest part.
 */
const PASSES = [
  { name: "desktop width in the light scheme", viewport: WIDTHS.desktop, colorScheme: "light", rules: "all" },
  { name: "phone width in the light scheme (structure)", viewport: WIDTHS.phone, colorScheme: "light", rules: "structure" },
  { name: "desktop width in the dark scheme (contrast)", viewport: WIDTHS.desktop, colorScheme: "dark", rules: "contrast" },
] as const;

// Each pass in two halves, so the two Playwright workers share the screens.
for (const pass of PASSES) {
  for (const half of [0, 1]) {
    test(`signed-in screens (part ${half + 1} of 2) pass axe and fit at ${pass.name}`, async ({ page }, testInfo) => {
      // About a dozen screens, each a render and an axe pass (2–3 s alone, twice that with the other worker busy).
      test.setTimeout(240_000);
      // The sidebar (where the workspace's links are read) is a closed drawer on a phone.
      await page.setViewportSize(WIDTHS.desktop);
      await openAs(page, DEMO_USER);
      const all = await screens(page);
      const paths = all.filter((_, index) => index % 2 === half);
      await page.setViewportSize(pass.viewport);
      await page.emulateMedia({ colorScheme: pass.colorScheme });
      const found: string[] = [];
      for (const path of paths) {
        await page.goto(path);
        await expect(page.getByRole("main")).toBeVisible();
        // A document is checked as people work in it: the live editor, once its room has opened
        // (before, the pass met the stored copy or the editor depending on timing).
        if (/^\/docs\/[^/]+$/.test(path)) await expect(page.getByRole("status").filter({ hasText: "Live." })).toBeVisible({ timeout: 20_000 });
        let axe = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]);
        if (pass.rules === "contrast") axe = axe.withRules(["color-contrast"]);
        if (pass.rules === "structure") axe = axe.disableRules(["color-contrast"]);
        const { violations } = await axe.analyze();
        for (const violation of violations) found.push(`${path}: ${violation.id} (${violation.nodes.map((node) => node.target.join(" ")).slice(0, 3).join("; ")})`);
        await checkFit(page, testInfo, `${path} at ${pass.viewport.width}px`, found);
      }
      expect(found).toEqual([]);
    });
  }
}

/** Adds what does not fit on the screen now to `found`, with a screenshot in the report. */
async function checkFit(page: Page, testInfo: TestInfo, where: string, found: string[]) {
  const problems = await layoutProblems(page);
  if (problems.length === 0) return;
  found.push(...problems.map((problem) => `${where}: ${problem}`));
  await attachScreenshot(page, testInfo, `${where} does not fit`);
}

test("the signed-out screens pass axe and fit on a phone and a desktop", async ({ page }, testInfo) => {
  // Ten screens, each a render and an axe pass.
  test.setTimeout(90_000);
  const found: string[] = [];
  for (const viewport of Object.values(WIDTHS)) {
    await page.setViewportSize(viewport);
    for (const path of ["/login_or_signup", "/login_or_signup?step=sign_in", "/directory", "/privacy", "/terms"]) {
      await page.goto(path);
      const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
      for (const violation of violations) found.push(`${path} @${viewport.width}: ${violation.id} (${violation.nodes.map((node) => node.target.join(" ")).slice(0, 3).join("; ")})`);
      await checkFit(page, testInfo, `${path} at ${viewport.width}px`, found);
    }
  }
  expect(found).toEqual([]);
});
