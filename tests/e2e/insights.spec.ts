import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import { auth, createColleague, createOwner, expectNoHorizontalOverflow, openAs } from "./helpers";

test.use({ viewport: { width: 1280, height: 900 } });

test("an editor sees who read the document: views, the reader and their reading, a CSV of the days", async ({ browser, page, request }) => {
  const { owner: ana, workspace } = await createOwner(request, "Ana");
  const ben = await createColleague(request, ana, workspace.id, "Ben");
  const created = await request.post(`/v1/w/${workspace.id}/articles`, {
    headers: auth(ana, workspace.id),
    data: { article: { title: "Quarterly letter", markdown: "# Quarterly letter\n\n" + "A paragraph about the quarter.\n\n".repeat(40) } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const doc = (await created.json()).data as { id: number; slug: string };

  // Nobody has read it yet: the page says what to do about that.
  await openAs(page, ana, `/docs/${doc.slug}/insights`);
  await expect(page.getByTestId("insights-empty")).toContainText("Nobody has read it");
  await expect(page.getByRole("link", { name: "Share it…" })).toBeVisible();

  // Ben reads it for a couple of seconds, scrolls, and moves on.
  const benContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const benPage = await benContext.newPage();
  const viewed = benPage.waitForResponse((response) => response.url().endsWith("/v1/events") && response.request().postData()?.includes("articles.view") === true);
  await openAs(benPage, ben, `/docs/${doc.slug}`);
  expect((await viewed).status()).toBe(201);
  await benPage.mouse.wheel(0, 2000);
  await benPage.waitForTimeout(1_200);
  const progress = benPage.waitForResponse((response) => response.url().endsWith("/v1/events") && response.request().postData()?.includes("articles.read_progress") === true);
  // Leaving for another page of the app sends the reading so far.
  await benPage.getByRole("link", { name: "All docs" }).first().click();
  expect((await progress).status()).toBe(201);
  await benContext.close();

  // Ana finds Insights in the document's menu.
  const anaViewed = page.waitForResponse((response) => response.url().endsWith("/v1/events") && response.request().postData()?.includes("articles.view") === true);
  await page.goto(`/docs/${doc.slug}`);
  await anaViewed;
  await page.getByLabel("More actions").first().click();
  await page.locator(".menu[open]").getByRole("link", { name: "Insights" }).click();
  await expect(page).toHaveURL(new RegExp(`/docs/${doc.slug}/insights$`));
  await expect(page.locator("#main").getByRole("heading", { name: "Insights", level: 1 })).toBeVisible();
  // Ana's own visit to the document is a view too: two views, two readers, one of them Ben.
  await expect(page.getByTestId("tile-views")).toHaveText("2");
  await expect(page.getByTestId("tile-unique-readers")).toHaveText("2");
  await expect(page.getByTestId("tile-average-read-time")).toHaveText(/^\d+s$/);
  const readers = page.getByTestId("insights-readers");
  await expect(readers.getByRole("row", { name: /Ben Colleague/ })).toContainText("Not asked");
  await expect(page.getByTestId("insights-chart").locator(".recharts-area").first()).toBeVisible();

  // The period picker keeps the figures (everything happened today).
  await page.getByRole("link", { name: "Last 7 days" }).click();
  await expect(page).toHaveURL(/period=7d/);
  await expect(page.getByRole("link", { name: "Last 7 days" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("tile-views")).toHaveText("2");

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^quarterly-letter-${doc.id}-insights-\\d{4}-\\d{2}-\\d{2}-to-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const lines = (await readFile((await file.path())!, "utf8")).trim().split("\r\n");
  expect(lines[0]).toBe('"day","views","unique_readers","avg_read_seconds","avg_scroll_depth"');
  expect(lines).toHaveLength(8);
  expect(lines.at(-1)).toMatch(/^"\d{4}-\d{2}-\d{2}",2,2,\d+,(0|1|0\.\d+)$/);

  // A phone: no sideways scroll.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByTestId("insights-readers")).toBeVisible();
  await expectNoHorizontalOverflow(page);
});

test("a public page reports its visitors from the browser: anonymous views and where they came from", async ({ browser, page, request }) => {
  const { owner: ana, workspace } = await createOwner(request, "Ana");
  const created = await request.post(`/v1/w/${workspace.id}/articles`, {
    headers: auth(ana, workspace.id),
    data: { article: { title: "Open letter", markdown: "Thanks for reading." } },
  });
  const doc = (await created.json()).data as { id: number; slug: string };
  const published = await request.put(`/v1/articles/${doc.id}/make_public`, { headers: auth(ana, workspace.id), data: {} });
  expect(published.status(), await published.text()).toBe(200);
  const path = (await published.json()).data.public_path as string;

  // A visitor who is not signed in arrives from a news site (its full address never leaves the page;
  // http: the test stack is http, and browsers send no https referrer to an http page).
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  const viewed = visitorPage.waitForResponse((response) => response.url().endsWith("/v1/events") && response.request().method() === "POST");
  await visitorPage.goto(path, { referer: "http://news.example.com/story?id=7&session=secret" });
  const sent = await viewed;
  expect(sent.status()).toBe(201);
  expect(sent.request().postData()).not.toContain("session=secret");
  await visitor.close();

  await openAs(page, ana, `/docs/${doc.slug}/insights`);
  const section = page.getByRole("region", { name: "Public page" });
  await expect(section).toContainText("1 views by visitors who were not signed in");
  await expect(page.getByTestId("insights-referrers").getByRole("row", { name: /news\.example\.com/ })).toContainText("1");
});
