import { expect, test } from "./fixtures";
import { DEMO, DEMO_PEOPLE } from "../../scripts/seed";
import { apiSignIn, auth, createOwner, openAs } from "./helpers";
import { layoutProblems } from "./layout";

test.use({ viewport: { width: 1280, height: 900 } });

test("an editor sees two versions, compares them word by word, restores the older one and the activity shows it", async ({ page, request }) => {
  const { owner: ana, workspace } = await createOwner(request, "Ana");
  const headers = auth(ana, workspace.id);
  const created = await request.post(`/v1/w/${workspace.id}/articles`, { headers, data: { article: { title: "Fox notes", markdown: "The quick brown fox jumps." } } });
  expect(created.status(), await created.text()).toBe(201);
  const doc = (await created.json()).data as { id: number; slug: string };
  // Each status change keeps a version: the first with the first text, the second with the new one.
  const first = await request.put(`/v1/articles/${doc.id}`, { headers, data: { article: { status: "in_review" } } });
  expect(first.status(), await first.text()).toBe(200);
  const second = await request.put(`/v1/articles/${doc.id}`, { headers, data: { article: { markdown: "The quick red fox jumps.", status: "approved" } } });
  expect(second.status(), await second.text()).toBe(200);

  // The document's menu leads editors to its history.
  await openAs(page, ana, `/docs/${doc.slug}`);
  await page.getByLabel("More actions").first().click();
  await page.getByRole("link", { name: "History" }).click();
  await expect(page).toHaveURL(new RegExp(`/docs/${doc.slug}/history$`));
  const versions = page.getByTestId("versions").getByRole("link", { name: /^Status changed/ });
  await expect(versions).toHaveCount(2);
  // The newest is open, read-only, as the document reads.
  await expect(page.getByTestId("version-body")).toContainText("The quick red fox jumps.");
  await versions.last().click();
  await expect(page.getByTestId("version-body")).toContainText("The quick brown fox jumps.");

  // Compared with the current document: "brown" went, "red" came, marked for screen readers too.
  await page.getByRole("link", { name: "Compare with current" }).click();
  const diff = page.getByTestId("diff");
  await expect(diff.locator("del", { hasText: "brown" })).toContainText("removed:");
  await expect(diff.locator("ins", { hasText: "red" })).toContainText("added:");
  await expect(diff.getByText("1 block changed")).toBeVisible();

  // The comparison page on a phone: pickers, no sideways scroll.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole("link", { name: "Open the full comparison" }).click();
  await expect(page.getByRole("main").getByRole("heading", { name: "Compare versions" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "To", exact: true })).toHaveValue("current");
  await expect(page.getByTestId("diff").locator("ins", { hasText: "red" })).toBeVisible();
  expect(await layoutProblems(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Restore the older one: the dialog says what it does, then the document has the old text.
  await page.getByRole("link", { name: "Open the earlier version" }).click();
  await page.getByRole("link", { name: "Restore this version" }).click();
  const dialog = page.getByRole("dialog", { name: "Restore this version?" });
  await expect(dialog).toContainText("including people editing it right now");
  await expect(dialog).toContainText("the current text stays in the history");
  await dialog.getByRole("button", { name: "Restore this version" }).click();
  await expect(page).toHaveURL(new RegExp(`/docs/${doc.slug}\\?restored=\\d+$`));
  await expect(page.getByTestId("restored-notice")).toBeVisible();
  await expect(page.locator(".doc-body")).toContainText("The quick brown fox jumps.");

  // The activity lists the restore, linked to the version it made.
  await page.goto(`/docs/${doc.slug}/activity`);
  const restore = page.getByTestId("timeline").getByRole("listitem").filter({ hasText: "restored an earlier version" });
  await expect(restore).toBeVisible();
  await expect(restore.getByRole("link", { name: "See this version" })).toBeVisible();
  // An entry's own address opens the timeline on it.
  await restore.getByRole("link", { name: /restored an earlier version/ }).click();
  await expect(page).toHaveURL(new RegExp(`/docs/${doc.slug}/activity/\\d+$`));
  await expect(page.locator(".timeline__entry[aria-current]")).toContainText("restored an earlier version");
});

test("a reader finds no history in the menu and is told only editors can see it", async ({ page }) => {
  // The demo's guest reads the wholesale guide (scripts/demo/build-demo.ts): members edit workspace documents.
  await openAs(page, DEMO_PEOPLE.guest);
  const authorization = await apiSignIn(DEMO.email, DEMO.password);
  const workspaces = (await (await page.request.get("/v1/w", { headers: { Authorization: authorization } })).json()).data as { id: number; key: string }[];
  const ws = workspaces.find((workspace) => workspace.key === DEMO.workspaceKey)!.id;
  await page.goto(`/workspaces/${ws}/shared_with_me`);
  await page.getByRole("main").getByRole("link", { name: "Wholesale partner guide" }).first().click();
  await expect(page).toHaveURL(/\/docs\/wholesale-partner-guide-\d+$/);
  const slug = new URL(page.url()).pathname.split("/")[2];
  await page.getByLabel("More actions").first().click();
  await expect(page.getByRole("link", { name: "Export PDF" })).toBeVisible();
  await expect(page.getByRole("link", { name: "History" })).toHaveCount(0);
  await page.goto(`/docs/${slug}/history`);
  await expect(page.getByTestId("forbidden")).toContainText("Only editors can see this document's history");
  await expect(page.getByRole("link", { name: "Back to the document" })).toHaveAttribute("href", `/docs/${slug}`);
});
