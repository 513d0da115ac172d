import { expect, test } from "./fixtures";
import { createOwner, expectNoHorizontalOverflow, openAs } from "./helpers";

test("a Pyramid campaign for three channels is written, and a piece is rewritten and approved", async ({ page, request }) => {
  test.setTimeout(90_000);
  const { owner, workspace } = await createOwner(request, "Camp");
  await openAs(page, owner, `/workspaces/${workspace.id}/campaigns`);
  await expect(page.getByText("No campaigns yet.")).toBeVisible();

  await page.getByLabel("Name", { exact: true }).fill("Spring roast launch");
  await page.getByLabel("Brief", { exact: true }).fill("Our new spring roast is bright and floral. We want offices to order a tasting box.");
  await page.getByLabel("Starts").fill("2026-03-01");
  await page.getByLabel("Ends").fill("2026-03-15");
  for (const channel of ["X (Twitter)", "LinkedIn", "Instagram"]) await page.getByRole("checkbox", { name: channel, exact: true }).check();
  await page.getByRole("radio", { name: /^Pyramid/ }).check();
  // The form says how the default strategy dates the posts before anything is written.
  await expect(page.getByText("The pillar piece is dated on the start day; its social posts are spread over the days after it, up to the end date.")).toBeVisible();
  await page.getByRole("button", { name: "Create and write the campaign" }).click();

  await expect(page.getByRole("heading", { name: "Spring roast launch" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("0 of 7 approved")).toBeVisible();
  const pillar = page.getByRole("listitem", { name: "Pillar post, 2026-03-01" });
  await expect(pillar.getByLabel("Text")).toHaveValue(/^# /);

  // Nothing can be scheduled yet, and the page says why and how, rather than hiding the step.
  await expect(page.getByText(/^Connect an account first/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Connect an account" })).toHaveAttribute("href", `/workspaces/${workspace.id}/scheduled-posts`);
  const linkedin = page.getByRole("listitem", { name: /^LinkedIn, / }).first();
  await expect(linkedin.getByText("Approve this piece to schedule it.")).toBeVisible();
  await linkedin.getByRole("button", { name: "Rewrite" }).click();
  await expect(linkedin.getByRole("status")).toHaveText("Rewritten.");
  await linkedin.getByRole("button", { name: /^Approve LinkedIn/ }).click();
  await expect(page.getByText("1 of 7 approved")).toBeVisible();
  await expect(page.getByRole("listitem", { name: /^LinkedIn, / }).first().getByText("Approved", { exact: true })).toBeVisible();
  await expect(page.getByRole("listitem", { name: /^LinkedIn, / }).first().getByText("Approve this piece to schedule it.")).toHaveCount(0);

  // Back on the list, the campaign is first in view; the form waits behind "New campaign".
  await page.getByRole("link", { name: "← All campaigns" }).click();
  await expect(page.getByRole("link", { name: "Spring roast launch" })).toBeInViewport();
  await expect(page.getByRole("button", { name: "Create and write the campaign" })).toBeHidden();
  await page.getByText("New campaign", { exact: true }).click();
  await expect(page.getByRole("button", { name: "Create and write the campaign" })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 800 });
  await expectNoHorizontalOverflow(page);
});
