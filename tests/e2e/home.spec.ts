import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { auth, createColleague, createOwner, expectNoHorizontalOverflow, openAs, uniqueEmail, type NewUser } from "./helpers";

test.use({ viewport: { width: 1440, height: 900 } });

async function createDocument(request: APIRequestContext, user: NewUser, workspaceId: number, title: string) {
  const response = await request.post(`/v1/w/${workspaceId}/articles`, { headers: auth(user, workspaceId), data: { article: { title } } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data as { id: number; slug: string };
}

const row = (page: Page, list: string, title: string) =>
  page.getByRole("list", { name: list }).getByRole("listitem").filter({ has: page.getByRole("link", { name: new RegExp(`^${title}`) }) });

test("a new account starts from an empty home, creates a document there and finds it in recent, all docs and favorites", async ({ page }) => {
  await page.goto("/login_or_signup?step=create_account");
  await page.getByLabel("First name").fill("Hana");
  await page.getByLabel("Last name").fill("Home");
  await page.getByLabel("Work email").fill(uniqueEmail("home"));
  await page.getByLabel("Password").fill("first-document-please");
  await page.getByLabel("Company").fill("Homebase Marketing");
  await page.getByRole("button", { name: "Create account" }).click();
  // Signing up lands on the new workspace's home.
  await expect(page).toHaveURL(/\/workspaces\/\d+\/home$/);

  await page.locator('a[href^="/workspaces/"][href$="/home"]').click();
  await expect(page).toHaveURL(/\/workspaces\/\d+\/home$/);
  const base = new URL(page.url()).pathname.replace(/\/home$/, "");
  await expect(page.getByRole("heading", { name: "Nothing here yet" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Import files" })).toBeVisible();

  await page.getByRole("button", { name: "Create your first document" }).click();
  await expect(page).toHaveURL(/\/docs\/untitled-\d+$/);
  const slug = new URL(page.url()).pathname.split("/").pop()!;

  await page.goto(`${base}/recent`);
  await expect(row(page, "Recent files", "Untitled")).toBeVisible();
  await expect(row(page, "Recent files", "Untitled").getByRole("link", { name: /^Untitled/ })).toHaveAttribute("href", `/docs/${slug}`);
  await expect(row(page, "Recent files", "Untitled")).toContainText("Owner");

  await page.goto(`${base}/home`);
  await expect(page.getByRole("heading", { name: "Nothing here yet" })).toHaveCount(0);
  await expect(row(page, "Recent files", "Untitled")).toBeVisible();

  await page.goto(`${base}/all_docs`);
  const docRow = row(page, "All documents", "Untitled");
  await expect(docRow).toBeVisible();
  const star = docRow.getByRole("button", { name: "Favorite Untitled" });
  await expect(star).toHaveAttribute("aria-pressed", "false");
  await star.click();
  await expect(star).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("status").filter({ hasText: "Added to favorites." })).toBeVisible();

  await page.getByRole("link", { name: "Favorites" }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/favorites$`));
  await expect(row(page, "Favorites", "Untitled")).toBeVisible();
  await row(page, "Favorites", "Untitled").getByRole("button", { name: "Favorite Untitled" }).click();
  await expect(page.getByRole("heading", { name: "No favorites yet" })).toBeVisible();
});

test("a document archived from its row waits in the archive, comes back with Restore and goes with Delete forever", async ({ page, request }) => {
  const { owner, workspace } = await createOwner(request, "Arlo");
  await createDocument(request, owner, workspace.id, "Brand voice");
  await createDocument(request, owner, workspace.id, "Old campaign");
  await openAs(page, owner);
  const base = `/workspaces/${workspace.id}`;

  await page.goto(`${base}/all_docs`);
  await row(page, "All documents", "Brand voice").getByLabel("More actions for Brand voice").click();
  await page.getByRole("button", { name: "Archive" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Moved to the archive." })).toBeVisible();
  await expect(row(page, "All documents", "Brand voice")).toHaveCount(0);

  await page.getByRole("link", { name: "Archive" }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/archive$`));
  await expect(row(page, "Archived files", "Brand voice")).toContainText("Archived");
  await page.getByRole("button", { name: "Restore Brand voice" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Restored." })).toBeVisible();
  await expect(page.getByRole("heading", { name: "The archive is empty" })).toBeVisible();
  await page.goto(`${base}/all_docs`);
  await expect(row(page, "All documents", "Brand voice")).toBeVisible();

  // Delete forever asks first.
  await row(page, "All documents", "Old campaign").getByLabel("More actions for Old campaign").click();
  await page.getByRole("button", { name: "Archive" }).click();
  await expect(row(page, "All documents", "Old campaign")).toHaveCount(0);
  await page.goto(`${base}/archive`);
  await page.getByRole("link", { name: "Delete Old campaign forever" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this document forever?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole("link", { name: "Delete Old campaign forever" }).click();
  await dialog.getByRole("button", { name: "Delete forever" }).click();
  await expect(page.getByText("Deleted “Old campaign” forever.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "The archive is empty" })).toBeVisible();
});

test("all docs sorts and fits a phone screen", async ({ page, request }) => {
  const { owner, workspace } = await createOwner(request, "Sol");
  for (const title of ["Beta brief", "Alpha plan", "Gamma notes"]) await createDocument(request, owner, workspace.id, title);
  await openAs(page, owner);
  await page.goto(`/workspaces/${workspace.id}/all_docs`);
  const titles = page.getByRole("list", { name: "All documents" }).locator(".file-row__title");
  await expect(titles).toHaveText([/^Alpha plan/, /^Beta brief/, /^Gamma notes/]);
  await page.getByLabel("Sort by").selectOption("name_desc");
  await expect(page).toHaveURL(/sort=name_desc/);
  await expect(titles).toHaveText([/^Gamma notes/, /^Beta brief/, /^Alpha plan/]);

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalOverflow(page);
  await page.goto(`/workspaces/${workspace.id}/home`);
  await expect(page.getByRole("list", { name: "Recently updated documents" })).toBeVisible();
  await expectNoHorizontalOverflow(page);
});

test("In review on the home lists only documents someone is reviewing, survives a reload, and says what to do when there are none", async ({ page, request }) => {
  const { owner, workspace } = await createOwner(request, "Rea");
  const ben = await createColleague(request, owner, workspace.id, "Ben");
  const reviewed = await createDocument(request, owner, workspace.id, "Spring launch post");
  await createDocument(request, owner, workspace.id, "Office playlist");
  await openAs(page, owner);
  await page.goto(`/workspaces/${workspace.id}/home`);
  const views = page.getByRole("navigation", { name: "Home views" });
  await expect(views.getByRole("link", { name: "Everything" })).toHaveAttribute("aria-current", "page");

  await views.getByRole("link", { name: "In review" }).click();
  await expect(page).toHaveURL(/\/home\?filter=in_review$/);
  await expect(views.getByRole("link", { name: "In review" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("No documents are in review.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Recently updated documents" })).toHaveCount(0);

  const members = (await (await request.get(`/v1/w/${workspace.id}/members`, { headers: auth(owner, workspace.id), params: { per_page: 100 } })).json()).data as { id: number; email: string }[];
  const benId = members.find((member) => member.email === ben.email)!.id;
  const asked = await request.post(`/v1/articles/${reviewed.id}/reviews`, { headers: auth(owner, workspace.id), data: { kind: "approval", user_ids: [benId] } });
  expect(asked.status(), await asked.text()).toBe(201);

  await page.reload();
  await expect(views.getByRole("link", { name: "In review" })).toHaveAttribute("aria-current", "page");
  const titles = page.getByRole("list", { name: "Documents in review" }).locator(".file-row__title");
  await expect(titles).toHaveText([/^Spring launch post/]);

  await views.getByRole("link", { name: "Everything" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("list", { name: "Recent files" }).locator(".file-row__title")).toHaveCount(2);
});
