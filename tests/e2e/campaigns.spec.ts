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
  await page.getByRole("button", { name: "Create and write the campaign" }).click();

  await expect(page.getByRole("heading", { name: "Spring roast launch" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("0 of 7 approved")).toBeVisible();
  const pillar = page.getByRole("listitem", { name: "Pillar post, 2026-03-01" });
  await expect(pillar.getByLabel("Text")).toHaveValue(/^# /);

  const linkedin = page.getByRole("listitem", { name: /^LinkedIn, / }).first();
  await linkedin.getByRole("button", { name: "Rewrite" }).click();
  await expect(linkedin.getByRole("status")).toHaveText("Rewritten.");
  await linkedin.getByRole("button", { name: /^Approve LinkedIn/ }).click();
  await expect(page.getByText("1 of 7 approved")).toBeVisible();
  await expect(page.getByRole("listitem", { name: /^LinkedIn, / }).first().getByText("Approved", { exact: true })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 800 });
  await expectNoHorizontalOverflow(page);
});
