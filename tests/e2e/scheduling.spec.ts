import { expect, test, type APIRequestContext } from "@playwright/test";
import { createOwner, expectNoHorizontalOverflow, openAs } from "./helpers";

/** What the minute cron does (the local ticker runs it too); called here so tests need not wait for the minute. */
const tick = (request: APIRequestContext) => request.get(`/__scheduled?cron=${encodeURIComponent("* * * * *")}`);

/** Now, as the composer's datetime-local wants it, in the browser's zone (UTC in the test browser). */
const nowLocal = () => new Date().toISOString().slice(0, 16);

test("a post for two Sandbox accounts turns published on the open calendar and appears once on the sandbox timeline", async ({ page, request }) => {
  test.setTimeout(60_000);
  const { owner, workspace } = await createOwner(request, "Sched");
  await openAs(page, owner, `/workspaces/${workspace.id}/scheduled-posts`);
  await expect(page.getByRole("heading", { name: "Connect an account to start scheduling" })).toBeVisible();

  for (const name of ["Fernhill Main", "Fernhill Deals"]) {
    await page.getByLabel("Sandbox account name").fill(name);
    await page.getByRole("button", { name: "Connect Sandbox" }).click();
    await expect(page.getByText(`${name} is connected.`)).toBeVisible();
  }
  await expect(page.getByText("Live", { exact: true })).toBeVisible();

  await page.getByRole("link", { name: "New post" }).click();
  const dialog = page.getByRole("dialog", { name: "New post" });
  for (const name of [/Fernhill Main/, /Fernhill Deals/]) await dialog.getByRole("checkbox", { name }).check();
  await dialog.getByLabel("Text", { exact: true }).fill("Oat-milk cold brew lands today. #ColdBrew");
  await expect(dialog.getByRole("region", { name: "Preview for Fernhill Main" }).getByText("41 / 500")).toBeVisible();
  await dialog.getByLabel(/^When/).fill(nowLocal());
  await dialog.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(page.getByText("Post scheduled.")).toBeVisible();

  const details = page.getByRole("dialog", { name: "Post" });
  await expect(details.getByText("Scheduled")).toHaveCount(2);
  await tick(request);
  // No reload: the publisher's changes arrive over the live channel.
  await expect(details.getByText("Published", { exact: true })).toHaveCount(2, { timeout: 20_000 });
  await expect(details.getByRole("link", { name: "View on the sandbox timeline" })).toHaveCount(2);
  await page.keyboard.press("Escape");
  await expect(page.locator(".upcoming__item").first().getByText("Published")).toBeVisible();

  await page.getByRole("link", { name: "Sandbox timeline" }).click();
  const timeline = page.getByRole("list", { name: "Sandbox timeline" });
  await expect(timeline.getByText("Oat-milk cold brew lands today. #ColdBrew")).toHaveCount(2);
  await expect(timeline.locator(".sandbox-entry--post").filter({ hasText: "Fernhill Main" })).toHaveCount(1);

  await page.setViewportSize({ width: 390, height: 800 });
  await expectNoHorizontalOverflow(page);
});

test("a revoked account shows a reconnect banner, holds its post, and reconnecting publishes it", async ({ page, request }) => {
  test.setTimeout(60_000);
  const { owner, workspace } = await createOwner(request, "Reauth");
  await openAs(page, owner, `/workspaces/${workspace.id}/scheduled-posts`);
  await page.getByLabel("Sandbox account name").fill("Fernhill Main");
  await page.getByRole("button", { name: "Connect Sandbox" }).click();
  await expect(page.getByText("Fernhill Main is connected.")).toBeVisible();
  await expect(page.getByText("Live", { exact: true })).toBeVisible();

  await page.getByRole("link", { name: "New post" }).click();
  const dialog = page.getByRole("dialog", { name: "New post" });
  await dialog.getByLabel("Text", { exact: true }).fill("This one meets a revoked token #sandbox-reauth");
  await dialog.getByLabel(/^When/).fill(nowLocal());
  await dialog.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(page.getByText("Post scheduled.")).toBeVisible();
  await tick(request);

  const banner = page.getByRole("alert").filter({ hasText: "Fernhill Main needs reconnecting." });
  await expect(banner).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("dialog", { name: "Post" }).getByText(/needs to be reconnected/)).toBeVisible();
  await page.keyboard.press("Escape");
  await banner.getByRole("button", { name: "Reconnect Fernhill Main" }).click();
  await expect(page.getByText("Fernhill Main is connected again")).toBeVisible();
  await expect(banner).toBeHidden();
  await page.goto(`/workspaces/${workspace.id}/sandbox`);
  await expect(page.getByRole("list", { name: "Sandbox timeline" }).getByText("This one meets a revoked token #sandbox-reauth")).toBeVisible({ timeout: 20_000 });
});
