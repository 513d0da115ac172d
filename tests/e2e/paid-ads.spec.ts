import { expect, test, type APIRequestContext } from "./fixtures";
import { auth, createOwner, expectNoHorizontalOverflow, openAs } from "./helpers";

/** What the minute cron does (the local ticker runs it too); called here so the test need not wait for the minute. */
const tick = (request: APIRequestContext) => request.get(`/__scheduled?cron=${encodeURIComponent("* * * * *")}`);

/** Now in UTC (the Sandbox ads account's zone), as a datetime-local field wants it. */
const nowUtcLocal = () => new Date().toISOString().slice(0, 16);

test("a Sandbox ad campaign made through the wizard from a content campaign spends after a cron tick, and pauses", async ({ page, request }) => {
  test.setTimeout(120_000);
  const { owner, workspace } = await createOwner(request, "Ads");
  const made = await request.post(`/v1/w/${workspace.id}/campaigns`, {
    headers: auth(owner, workspace.id),
    data: { name: "Guji launch", brief: "Our single-origin Guji is back: peach and jasmine, roasted light.", starts_on: "2027-03-01", ends_on: "2027-03-10", channels: ["facebook"], strategy: "EvergreenStrategy" },
  });
  expect(made.status(), await made.text()).toBe(201);
  const campaign = (await made.json()).data as { id: number };

  await openAs(page, owner, `/workspaces/${workspace.id}/campaigns/${campaign.id}`);
  await page.getByRole("link", { name: "Promote with ads" }).click();
  await expect(page.getByText(/Sandbox ads account — simulated delivery, no money is spent/)).toBeVisible();
  await expect(page.getByLabel("Start from")).toHaveValue(String(campaign.id));
  await page.getByLabel("Ad campaign name").fill("Guji ads");
  await page.getByRole("button", { name: "Start the wizard" }).click();

  const steps = page.getByRole("navigation", { name: "Ad campaign steps" });
  const next = page.getByRole("button", { name: "Save and continue" });
  await expect(steps.getByRole("link", { name: /Objective/ })).toHaveAttribute("aria-current", "step");
  await page.getByRole("radio", { name: /^Traffic/ }).check();
  await next.click();

  await expect(page.getByRole("heading", { name: "Special ad categories" })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: /^None of these/ })).toBeChecked();
  await next.click();

  await expect(page.getByRole("heading", { name: "Audience" })).toBeVisible();
  await page.getByLabel("Place", { exact: true }).fill("United States");
  await page.getByLabel("Code", { exact: true }).fill("US");
  await page.getByRole("button", { name: "Add location" }).click();
  await next.click();

  await expect(page.getByRole("heading", { name: "Placements" })).toBeVisible();
  await next.click();

  // A budget under the network's minimum is refused beside the field, with focus moved to it.
  await expect(page.getByRole("heading", { name: "Budget and schedule" })).toBeVisible();
  const budget = page.getByLabel("Daily budget (USD)");
  await budget.fill("0.50");
  await page.getByLabel("Start (UTC)").fill(nowUtcLocal());
  await next.click();
  await expect(page.getByText("Daily budget must be at least $1.00 a day")).toBeVisible();
  await expect(budget).toBeFocused();
  // Spend accrues by the second; a large budget makes a few seconds show as cents.
  await budget.fill("100000");
  await next.click();

  await expect(page.getByRole("heading", { name: "Creatives" })).toBeVisible();
  const creative = page.getByRole("listitem", { name: "Creative 1" });
  await creative.getByLabel("Primary text").fill("Guji is back: peach, jasmine and a clean, tea-like finish. Roasted light on Thursday, in shops and online.");
  await creative.getByLabel("Headline").fill("Guji is back");
  await creative.getByLabel("Website address").fill("https://fernhill.example/guji");
  await expect(creative.getByRole("figure", { name: /^Preview in / })).toContainText("Guji is back");
  await expect(creative.getByText("106 / 2,200")).toBeVisible();

  // The wizard fits a phone.
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalOverflow(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await next.click();

  await expect(page.getByRole("heading", { name: "Review" })).toBeVisible();
  await page.getByRole("button", { name: "Create ad campaign (simulated)" }).click();

  await expect(page).toHaveURL(new RegExp(`/workspaces/${workspace.id}/paid-ads\\?launched=`));
  const item = page.getByRole("listitem", { name: "Guji ads" });
  await expect(item.getByText("Active", { exact: true })).toBeVisible();
  const spend = item.locator("dt", { hasText: "Spend" }).locator("+ dd");

  // Each cron tick brings a Sandbox campaign's delivery up to now: spend accrues.
  await expect(async () => {
    await tick(request);
    await page.reload();
    expect(await spend.textContent()).not.toBe("$0.00");
  }).toPass({ timeout: 30_000, intervals: [2_000, 3_000] });
  // "Refresh figures" syncs at once, as a tick does.
  await page.getByRole("button", { name: "Refresh figures" }).click();
  await expect(page.getByText(/^Figures brought up to date/)).toBeVisible();

  await item.getByRole("link", { name: "Pause Guji ads" }).click();
  const dialog = page.getByRole("dialog", { name: "Pause Guji ads?" });
  await expect(dialog.getByText(/nothing more is spent until you resume/)).toBeVisible();
  await dialog.getByRole("button", { name: "Pause ads" }).click();
  await expect(page.getByText(/^Paused: delivery has stopped/)).toBeVisible();
  await expect(item.getByText("Paused", { exact: true })).toBeVisible();
  await expect(item.getByRole("link", { name: "Resume Guji ads" })).toBeVisible();
});
