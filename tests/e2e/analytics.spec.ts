import { readFile } from "node:fs/promises";
import { expect, test, type APIRequestContext } from "./fixtures";
import { auth, createOwner, expectNoHorizontalOverflow, openAs } from "./helpers";
import { layoutProblems } from "./layout";

/** What the minute cron does (the local ticker runs it too); called here so the test need not wait for the minute. */
const tick = (request: APIRequestContext) => request.get(`/__scheduled?cron=${encodeURIComponent("* * * * *")}`);

test("two published Sandbox posts show in analytics with totals, a chart, top posts and a CSV, on a phone too, and a campaign shows its own", async ({ page, request }) => {
  test.setTimeout(120_000);
  const { owner, workspace } = await createOwner(request, "Figures");
  const headers = auth(owner, workspace.id);
  const connected = await request.post(`/v1/w/${workspace.id}/social_accounts`, { headers, data: { network: "sandbox", display_name: "Fernhill Main" } });
  expect(connected.status(), await connected.text()).toBe(201);
  const account = (await connected.json()).data as { id: number };

  // The second post is a campaign's piece, so the campaign's page has its own rollup.
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const made = await request.post(`/v1/w/${workspace.id}/campaigns`, {
    headers,
    data: { name: "Bakery weekends", brief: "Tell locals our sourdough is back on Saturdays, baked before dawn.", goal: "Sell out the Saturday bake", starts_on: day(0), ends_on: day(7), channels: ["instagram"], strategy: "PyramidStrategy", per_channel: 1 },
  });
  expect(made.status(), await made.text()).toBe(201);
  const campaign = (await made.json()).data as { id: number; items?: { id: number; channel: string | null }[] };
  const items = campaign.items ?? ((await (await request.get(`/v1/campaigns/${campaign.id}`, { headers })).json()).data.items as { id: number; channel: string | null }[]);
  const piece = items.find((item) => item.channel)!;
  await request.post(`/v1/campaign_items/${piece.id}/approve`, { headers });

  const texts = ["Oat-milk cold brew lands today #analytics-one", "Sourdough Saturdays are back #analytics-two"];
  const posts: number[] = [];
  for (const [index, text] of texts.entries()) {
    const created = await request.post(`/v1/w/${workspace.id}/posts`, {
      headers,
      data: { text, targets: [{ account_id: account.id }], publish_at: new Date(Date.now() - 1_000).toISOString(), ...(index === 1 && { campaign_item_id: piece.id }) },
    });
    expect(created.status(), await created.text()).toBe(201);
    posts.push(((await created.json()).data as { id: number }).id);
  }
  // Published by the cron's pass, then figures collected on demand (the page's "Refresh figures" does the same call).
  await expect
    .poll(
      async () => {
        await tick(request);
        const states = await Promise.all(posts.map(async (id) => (await (await request.get(`/v1/posts/${id}`, { headers })).json()).data.targets[0].state));
        return states.join(" ");
      },
      { timeout: 40_000, intervals: [2_000] },
    )
    .toBe("published published");
  await expect
    .poll(
      async () => {
        await request.post(`/v1/w/${workspace.id}/analytics/collect`, { headers });
        const report = (await (await request.get(`/v1/w/${workspace.id}/analytics?tz=UTC`, { headers })).json()).data;
        return report.updated_at !== null && report.top_posts.length === 2 && report.totals.impressions.value > 0;
      },
      { timeout: 40_000, intervals: [2_000] },
    )
    .toBe(true);

  // A hydration mismatch (dates, zones) or a chart refused by the CSP shows here.
  const consoleErrors: string[] = [];
  page.on("console", (message) => message.type() === "error" && consoleErrors.push(message.text()));
  page.on("pageerror", (error) => consoleErrors.push(error.message));
  await openAs(page, owner, `/workspaces/${workspace.id}/analytics`);
  await expect(page.getByRole("main").getByRole("heading", { name: "Analytics", level: 1 })).toBeVisible();
  const published = page.locator('[data-total="posts"]');
  await expect(published.locator(".analytics-total__value")).toHaveText("2");
  // Nothing was published in the 28 days before: the change says so in words.
  await expect(published.getByText("no earlier data to compare with")).toBeAttached();
  await expect(page.locator('[data-total="impressions"] .analytics-total__value')).not.toHaveText("0");
  await expect(page.getByTestId("figures-updated")).toHaveText(/^Figures updated (just now|\d+ minutes? ago)$/);

  await expect(page.getByTestId("series-chart").locator(".recharts-line-curve")).toHaveCount(2);
  await page.getByText("Show as a table").first().click();
  await expect(page.getByRole("region", { name: "Figures per day" }).getByRole("row")).toHaveCount(29);

  const top = page.getByRole("region", { name: "Top posts" });
  for (const text of texts) await expect(top.getByText(text)).toBeVisible();
  await expect(top.getByRole("link", { name: "Open in the calendar" }).first()).toHaveAttribute("href", new RegExp(`/scheduled-posts\\?post=(${posts.join("|")})$`));
  await expect(page.getByRole("region", { name: "By network", exact: true }).getByRole("rowheader", { name: "Sandbox" })).toBeVisible();
  await expect(page.getByRole("region", { name: "By campaign", exact: true }).getByRole("rowheader", { name: "Bakery weekends" })).toBeVisible();
  // Fresh Sandbox posts may have no engagement yet: the summary then says so instead of naming a best time.
  await expect(page.getByRole("region", { name: "Best days and hours to post" }).getByText(/^(Best: \w+days \d+–\d+|No engagements yet to tell the best time from\.)$/)).toBeVisible();

  // Another preset: the URL is the view, and the back button returns to the one before.
  await page.getByLabel("Period", { exact: true }).selectOption("last_7_days");
  await expect(page).toHaveURL(/preset=last_7_days/);
  await expect(page.getByRole("region", { name: "Figures per day" }).getByRole("row")).toHaveCount(8);
  await expect(published.locator(".analytics-total__value")).toHaveText("2");

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV of the top posts" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^analytics-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}-top-posts\.csv$/);
  const lines = (await readFile((await download.path())!, "utf8")).trim().split("\r\n");
  expect(lines[0]!.replaceAll('"', "")).toBe("published_at,network,account,handle,campaign,text,url,impressions,reach,engagements,engagement_rate,clicks");
  expect(lines).toHaveLength(3);
  expect(lines.some((line) => line.includes('"sandbox","Fernhill Main"') && line.includes(`"${texts[0]}"`))).toBe(true);

  await page.goBack();
  await expect(page).not.toHaveURL(/preset=last_7_days/);

  // "Refresh figures" asks again through the page, shows its progress, then reloads the figures.
  await page.getByRole("button", { name: "Refresh figures" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^(Collected figures for 2 posts\.|Nothing was due: .*)$/ })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole("button", { name: "Refresh figures" })).toBeEnabled();

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByTestId("series-chart").locator(".recharts-line-curve")).toHaveCount(2);
  await expectNoHorizontalOverflow(page);
  expect(await layoutProblems(page)).toEqual([]);

  // The campaign's page shows its own rollup, and leads to analytics filtered to it.
  await page.goto(`/workspaces/${workspace.id}/campaigns/${campaign.id}`);
  const performance = page.getByRole("region", { name: "Performance" });
  await expect(performance.locator('[data-total="posts"] .analytics-total__value')).toHaveText("1");
  await expectNoHorizontalOverflow(page);
  await performance.getByRole("link", { name: "See this campaign in Analytics" }).click();
  await expect(page).toHaveURL(new RegExp(`campaign_ids=${campaign.id}`));
  await expect(page.getByText("Campaigns: Bakery weekends")).toBeVisible();
  await expect(published.locator(".analytics-total__value")).toHaveText("1");
  expect(consoleErrors, "console errors").toEqual([]);
});
