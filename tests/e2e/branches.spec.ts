import { expect, test } from "./fixtures";
import { auth, createColleague, createOwner, expectNoHorizontalOverflow, openAs, selectText } from "./helpers";

test.use({ viewport: { width: 1280, height: 900 } });

test("A edits a published document on a branch while B reads main unchanged; B approves; A merges; main has the change and the history a merge", async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(45_000);
  const { owner: ana, workspace } = await createOwner(request, "Ana");
  const ben = await createColleague(request, ana, workspace.id, "Ben");
  const headers = auth(ana, workspace.id);

  // Version control on for the workspace (settings → preferences), then a published document.
  const settings = (await (await request.get(`/v1/w/${workspace.id}/settings/workspace`, { headers })).json()).data;
  const turnedOn = await request.put(`/v1/w/${workspace.id}/settings/workspace`, {
    headers,
    data: { preferences: { ...settings.preferences, version_control_mode: "branches" } },
  });
  expect(turnedOn.status(), await turnedOn.text()).toBe(200);
  const created = await request.post(`/v1/w/${workspace.id}/articles`, {
    headers,
    data: { article: { title: "Cold brew returns", markdown: "Our cold brew returns on Monday." } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const doc = (await created.json()).data as { id: number; slug: string };
  const categories = (await (await request.get("/v1/categories")).json()).data as { id: number }[];
  const published = await request.put(`/v1/articles/${doc.id}/make_public`, { headers, data: { category_id: categories[0]!.id } });
  expect(published.status(), await published.text()).toBe(200);

  // Ana, an editor, is offered a branch instead of editing main, and starts one.
  await openAs(page, ana, `/docs/${doc.slug}`);
  await page.getByRole("link", { name: "Edit on a branch" }).click();
  await expect(page.getByTestId("branch-parent")).toContainText("The current version");
  await page.getByLabel("Branch name").fill("Price update");
  await page.getByRole("button", { name: "Create branch" }).click();
  await expect(page).toHaveURL(new RegExp(`/docs/${doc.slug}\\?branch=\\d+$`));
  const branchId = Number(new URL(page.url()).searchParams.get("branch"));
  const banner = page.getByRole("region", { name: "Branch" });
  await expect(banner).toContainText("You're editing branch ‘Price update’ — readers still see the published version");
  await expect(banner.getByTestId("branch-status")).toHaveText("Open");

  // She writes on the branch in the live editor (the branch's own room).
  await expect(page.getByRole("status").filter({ hasText: "Live." })).toBeVisible({ timeout: 20_000 });
  const body = page.getByRole("textbox", { name: "Document body" });
  await selectText(page, "on Monday.", { caret: true });
  await body.focus();
  await page.keyboard.type(" It costs £3.50.");
  await expect(body).toContainText("Our cold brew returns on Monday. It costs £3.50.");
  await expect
    .poll(async () => JSON.stringify((await (await request.get(`/v1/branches/${branchId}`, { headers })).json()).data.body), { timeout: 20_000 })
    .toContain("£3.50");

  // Ben, in his own browser, reads main: unchanged.
  const benContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const benPage = await benContext.newPage();
  await openAs(benPage, ben, `/docs/${doc.slug}`);
  await expect(benPage.locator(".doc-body")).toContainText("Our cold brew returns on Monday.");
  await expect(benPage.locator(".doc-body")).not.toContainText("£3.50");

  // Ana submits the branch to Ben; it is in review.
  await banner.getByRole("link", { name: "Submit for review" }).click();
  await page.getByLabel("Ben Colleague").check();
  await page.getByLabel("Message (optional)").fill("New price for Monday.");
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(page).toHaveURL(new RegExp(`/docs/${doc.slug}\\?branch=${branchId}$`));
  await expect(banner.getByTestId("branch-status")).toHaveText("In review");
  const reviewHref = await banner.getByRole("link", { name: "Open the review" }).getAttribute("href");

  // Ben approves it from the review page.
  await benPage.goto(reviewHref!);
  await benPage.getByRole("button", { name: "Approve" }).click();
  await expect(benPage.getByRole("button", { name: "Approve" })).toHaveCount(0);

  // Ana merges: a clean merge, its changes listed; on a phone-sized screen nothing scrolls sideways.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/docs/${doc.slug}/close?branch=${branchId}`);
  await expect(page.getByText("No conflicts: the branch merges cleanly.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Changes to main" })).toContainText("£3.50");
  await expectNoHorizontalOverflow(page);
  await page.getByRole("button", { name: "Merge into main" }).click();
  await expect(page).toHaveURL(new RegExp(`/docs/${doc.slug}/ended\\?branch=${branchId}$`));
  await expect(page.getByTestId("branch-status")).toHaveText("Merged");
  await expect(page.getByRole("status").filter({ hasText: "Merged into main" })).toBeVisible();

  // Main now has the change, for Ben too; the merge is a version of the document's history.
  await benPage.goto(`/docs/${doc.slug}`);
  await expect(benPage.locator(".doc-body")).toContainText("Our cold brew returns on Monday. It costs £3.50.");
  const merged = (await (await request.get(`/v1/branches/${branchId}`, { headers })).json()).data as { merged_version_id: number | null };
  expect(merged.merged_version_id).toEqual(expect.any(Number));
  const versions = (await (await request.get(`/v1/articles/${doc.id}/versions`, { headers })).json()).data as { id: number; kind: string; branch_id: number | null }[];
  expect(versions).toContainEqual(expect.objectContaining({ id: merged.merged_version_id, kind: "merge", branch_id: branchId }));
  await expect(page.getByRole("link", { name: `version ${merged.merged_version_id} in the history` })).toHaveAttribute(
    "href",
    `/docs/${doc.slug}/history/${merged.merged_version_id}`,
  );
  await benContext.close();
});
