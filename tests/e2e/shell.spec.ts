import { expect, test } from "./fixtures";
import { DEMO } from "../../scripts/seed";
import { DEMO_USER, openAs } from "./helpers";

test.beforeEach(async ({ page }) => {
  await openAs(page, DEMO_USER);
});

test("the home page renders the app shell", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Home" })).toBeVisible();
  // "/" is the current workspace's home, which greets a returning person.
  await expect(page).toHaveURL(/\/workspaces\/\d+\/home$/);
  await expect(page.getByText(new RegExp(`Welcome( back)?, ${DEMO_USER.name.split(" ")[0]}`))).toBeVisible();
  await expect(page.getByRole("main")).toBeVisible();
});

test("the sidebar shows who is signed in and their workspace", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  await expect(page.getByTestId("signed-in-user")).toHaveText(DEMO_USER.name);
  await expect(page.getByRole("button", { name: `Workspace: ${DEMO.workspaceName}`, exact: false })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
});

test("the status page shows the API, the database and the version", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "System status" }).click();
  await expect(page).toHaveURL(/\/status$/);
  await expect(page.getByRole("status")).toHaveText("All systems operational");
  await expect(page.getByText(/Answering in \d+ ms/)).toBeVisible();
});

test("a missing page shows the 404 page with a way home", async ({ page }) => {
  const response = await page.goto("/this/page/does/not/exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "We couldn't find that page" })).toBeVisible();
  await page.getByRole("link", { name: "Go to the home page" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Home" })).toBeVisible();
});

test("hashed assets are served with immutable cache headers", async ({ page, request }) => {
  await page.goto("/");
  const stylesheet = await page.locator('link[rel="stylesheet"]').first().getAttribute("href");
  expect(stylesheet).toMatch(/^\/assets\//);
  const response = await request.get(stylesheet!);
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
});

test("no horizontal overflow at any breakpoint from 375 to 1920px", async ({ page }) => {
  // Each page loads once and is resized through the breakpoints (a resize re-lays it out as a
  // fresh load at that width would), instead of fifteen loads.
  for (const path of ["/", "/status", "/missing-page"]) {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(path);
    for (const width of [375, 800, 1024, 1440, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      const overflow = await page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(document.documentElement.scrollWidth - window.innerWidth))));
      expect(overflow, `${path} overflows by ${overflow}px at ${width}px`).toBeLessThanOrEqual(0);
    }
  }
});

test("on a phone the sidebar opens as a drawer and closes with Escape", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/");
  const sidebar = page.getByRole("complementary", { name: "Workspace" });
  await expect(sidebar).toBeHidden();
  await page.getByRole("button", { name: "Open sidebar" }).click();
  await expect(sidebar).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(sidebar).toBeHidden();
});

test("on a desktop the sidebar is always shown and the menu button is not", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  await expect(page.getByRole("complementary", { name: "Workspace" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Open sidebar" })).toBeHidden();
});

test("the sidebar can be resized from the keyboard, and keeps its width", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  const sidebar = page.getByRole("complementary", { name: "Workspace" });
  const before = (await sidebar.boundingBox())!.width;
  const handle = page.getByRole("separator", { name: "Resize sidebar" });
  await handle.focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect.poll(async () => (await sidebar.boundingBox())!.width).toBe(before + 32);
  await page.reload();
  await expect.poll(async () => (await sidebar.boundingBox())!.width).toBe(before + 32);
  await handle.focus();
  await page.keyboard.press("Enter");
  await expect.poll(async () => (await sidebar.boundingBox())!.width).toBe(256);
});

test("on a desktop the sidebar and the rail can be hidden, and stay hidden after a reload", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  const sidebar = page.getByRole("complementary", { name: "Workspace" });
  const rail = page.getByRole("navigation", { name: "Main" });

  await page.getByRole("button", { name: "Hide sidebar" }).click();
  await expect(sidebar).toBeHidden();
  await page.getByRole("button", { name: "Hide navigation rail" }).click();
  await expect(rail).toBeHidden();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await page.reload();
  await expect(sidebar).toBeHidden();
  await expect(rail).toBeHidden();

  await page.getByRole("button", { name: "Show navigation rail" }).click();
  await expect(rail).toBeVisible();
  await page.keyboard.press("Control+\\");
  await expect(sidebar).toBeVisible();
});
