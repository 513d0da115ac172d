import { expect, test, type APIRequestContext } from "./fixtures";
import { auth, createColleague, createOwner, expectNoHorizontalOverflow, openAs, type NewUser } from "./helpers";

test.use({ viewport: { width: 1440, height: 900 } });

async function createDocument(request: APIRequestContext, user: NewUser, workspaceId: number, folderId: number, title: string) {
  const response = await request.post(`/v1/w/${workspaceId}/articles`, {
    headers: auth(user, workspaceId),
    data: { article: { title, folder_id: folderId } },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test("a folder with a subfolder and documents, shown in each view, with a board move that persists", async ({ page, request }) => {
  test.slow(); // one long journey through every view
  const { owner, workspace } = await createOwner(request, "Fern");
  await openAs(page, owner);

  // A top-level folder from the sidebar's "+".
  const tree = page.getByRole("tree", { name: "Folders" });
  await page.getByRole("complementary").getByRole("link", { name: "New folder" }).click();
  const dialog = page.getByRole("dialog", { name: "New folder" });
  await expect(dialog.getByLabel("Name")).toBeFocused();
  await dialog.getByLabel("Name").fill("Campaigns");
  await dialog.getByRole("button", { name: "Create folder" }).click();
  await expect(page).toHaveURL(/\/folders\/campaigns-[a-z][a-z0-9]{9}$/);
  await expect(page.getByRole("heading", { level: 2, name: "Campaigns" })).toBeVisible();
  await expect(page.getByText("This folder is empty — create a document or a subfolder")).toBeVisible();
  await expect(tree.getByRole("treeitem", { name: "Campaigns" })).toBeVisible();
  const campaignsUrl = page.url();

  // A subfolder from the folder's own "New folder".
  await page.getByRole("main").getByRole("link", { name: "New folder" }).first().click();
  const subDialog = page.getByRole("dialog", { name: "New subfolder" });
  await subDialog.getByLabel("Name").fill("Q3 launch");
  await subDialog.getByRole("button", { name: "Create folder" }).click();
  await expect(page).toHaveURL(/\/folders\/q3-launch-[a-z0-9]{10}$/);
  await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Campaigns" })).toBeVisible();

  // A document from the "New document" button opens it; two more through the API.
  await page.goto(campaignsUrl);
  await page.getByRole("main").getByRole("button", { name: "New document" }).first().click();
  await expect(page).toHaveURL(/\/docs\/untitled-\d+$/);
  const folder = (await (await request.get(`/v1/folders/${campaignsUrl.split("/folders/")[1]}`, { headers: auth(owner) })).json()).data;
  await createDocument(request, owner, workspace.id, folder.id, "Blog post");
  await createDocument(request, owner, workspace.id, folder.id, "Email sequence");

  // List (the default), with the subfolder first.
  await page.goto(campaignsUrl);
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Q3 launch" })).toBeVisible();
  await expect(main.getByRole("link", { name: "Blog post" })).toBeVisible();
  await expect(main.getByRole("link", { name: "Email sequence" })).toBeVisible();
  await page.getByLabel("Sort").selectOption("name_desc");
  await expect(page).toHaveURL(/sort=name_desc/);
  const titles = await main.locator(".folder-list__title a").allTextContents();
  expect(titles.slice(1)).toEqual(["Untitled", "Email sequence", "Blog post"]);

  // Board: a keyboard move ("Move to" menu) and a drag.
  await page.getByRole("navigation", { name: "Views" }).getByRole("link", { name: "Board" }).click();
  await expect(page).toHaveURL(/\/views\/board_view/);
  const draft = page.getByTestId("board-column-draft");
  await expect(draft.getByRole("link", { name: "Blog post" })).toBeVisible();
  const saved = page.waitForResponse((response) => /\/v1\/articles\/\d+$/.test(response.url()) && response.request().method() === "PUT");
  await page.getByLabel("Move “Blog post” to").selectOption("in_review");
  expect((await saved).status()).toBe(200);
  await expect(page.getByTestId("board-column-in_review").getByRole("link", { name: "Blog post" })).toBeVisible();

  const dragged = page.waitForResponse((response) => /\/v1\/articles\/\d+$/.test(response.url()) && response.request().method() === "PUT");
  await page
    .locator(".board-card", { hasText: "Email sequence" })
    .dragTo(page.getByTestId("board-column-approved"), { sourcePosition: { x: 6, y: 6 } });
  expect((await dragged).status()).toBe(200);
  await expect(page.getByTestId("board-column-approved").getByRole("link", { name: "Email sequence" })).toBeVisible();

  await page.reload();
  await expect(page.getByTestId("board-column-in_review").getByRole("link", { name: "Blog post" })).toBeVisible();
  await expect(page.getByTestId("board-column-approved").getByRole("link", { name: "Email sequence" })).toBeVisible();

  // Table and calendar show the same documents.
  await page.getByRole("navigation", { name: "Views" }).getByRole("link", { name: "Table" }).click();
  await expect(page.getByRole("columnheader", { name: "Status" })).toBeVisible();
  await expect(page.getByRole("rowheader", { name: "Blog post" })).toBeVisible();
  await expect(page.getByLabel("Status of “Blog post”")).toHaveValue("in_review");

  await page.getByRole("navigation", { name: "Views" }).getByRole("link", { name: "Calendar" }).click();
  await expect(page.getByRole("grid")).toBeVisible();
  await expect(page.getByRole("grid").getByRole("link", { name: "Email sequence" })).toBeVisible();
  await page.getByRole("link", { name: "Week" }).click();
  await expect(page).toHaveURL(/mode=week_view/);
  await expect(page.getByRole("grid").getByRole("link", { name: "Blog post" })).toBeVisible();

  // The editor's last view is the folder's view from now on.
  await page.goto(campaignsUrl);
  await expect(page.getByRole("navigation", { name: "Views" }).getByRole("link", { name: "Calendar" })).toHaveAttribute("aria-current", "page");
});

test("the sidebar tree shows folders, opens with the keyboard and remembers it", async ({ page, request }) => {
  const { owner, workspace } = await createOwner(request, "Hazel");
  const headers = auth(owner, workspace.id);
  const top = (await (await request.post(`/v1/w/${workspace.id}/folders`, { headers, data: { folder: { name: "Brand" } } })).json()).data;
  await request.post(`/v1/w/${workspace.id}/folders`, { headers, data: { folder: { name: "Logos", parent_id: top.id } } });
  await openAs(page, owner);

  const tree = page.getByRole("tree", { name: "Folders" });
  const brand = tree.getByRole("treeitem", { name: "Brand" });
  await expect(brand).toHaveAttribute("aria-expanded", "false");
  await expect(tree.getByRole("treeitem", { name: "Logos" })).toHaveCount(0);
  await brand.focus();
  await page.keyboard.press("ArrowRight");
  await expect(brand).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("ArrowDown");
  await expect(tree.getByRole("treeitem", { name: "Logos" })).toBeFocused();
  await page.reload();
  await expect(tree.getByRole("treeitem", { name: "Logos" })).toBeVisible();
  await tree.getByRole("treeitem", { name: "Logos" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/folders\/logos-/);
  await expect(page.getByRole("heading", { level: 2, name: "Logos" })).toBeVisible();

  // The Favorites tab is remembered too, and says what to do when empty.
  await page.getByRole("tab", { name: "Favorites" }).click();
  await expect(page.getByText(/No favorites yet|Loading favorites/)).toBeVisible();
  await page.reload();
  await expect(page.getByRole("tab", { name: "Favorites" })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("tab", { name: "Workspace" }).click();
  await expect(tree).toBeVisible();
});

test("folder views fit a 390px phone", async ({ page, request }) => {
  const { owner, workspace } = await createOwner(request, "Iris");
  const headers = auth(owner, workspace.id);
  const folder = (await (await request.post(`/v1/w/${workspace.id}/folders`, { headers, data: { folder: { name: "A folder with quite a long name for a phone" } } })).json()).data;
  await request.post(`/v1/folders/${folder.id}/properties`, { headers, data: { property: { name: "Channel", type: "select", options: ["Blog", "Email"] } } });
  for (const title of ["Spring launch announcement for every channel", "Newsletter"]) {
    await createDocument(request, owner, workspace.id, folder.id, title);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await openAs(page, owner);

  for (const view of ["list_view", "table_view", "gallery_view", "folder_view", "calendar_view"]) {
    await page.goto(`/folders/${folder.slug}/views/${view}`);
    await expect(page.getByRole("main").getByRole("link", { name: "Newsletter" }).first()).toBeVisible();
    await expectNoHorizontalOverflow(page);
  }
  await page.goto(`/folders/${folder.slug}/views/calendar_view?mode=week_view`);
  await expect(page.getByRole("grid").getByRole("link", { name: "Newsletter" })).toBeVisible();
  await expectNoHorizontalOverflow(page);

  // The board scrolls sideways inside itself; the page does not.
  await page.goto(`/folders/${folder.slug}/views/board_view`);
  await expect(page.getByTestId("board-column-draft")).toBeVisible();
  const board = page.locator(".board");
  expect(await board.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.querySelector("main")!.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
});

test("a password-protected folder asks for its password; a private one says who has access", async ({ page, request }) => {
  const { owner, workspace } = await createOwner(request, "Juno");
  const colleague = await createColleague(request, owner, workspace.id, "Kit");
  const headers = auth(owner, workspace.id);
  const guarded = (await (await request.post(`/v1/w/${workspace.id}/folders`, { headers, data: { folder: { name: "Payroll briefs" } } })).json()).data;
  const locked = await request.put(`/v1/folders/${guarded.id}`, { headers, data: { folder: { password: "open sesame" } } });
  expect(locked.status(), await locked.text()).toBe(200);
  await createDocument(request, owner, workspace.id, guarded.id, "Salary bands");
  const hidden = (await (await request.post(`/v1/w/${workspace.id}/folders`, { headers, data: { folder: { name: "Owner only", private: true } } })).json()).data;

  await openAs(page, colleague);
  await page.goto(`/folders/${guarded.slug}`);
  await expect(page.getByRole("heading", { name: "This folder is password protected" })).toBeVisible();
  await expect(page.getByRole("main").getByText("Salary bands")).toHaveCount(0);
  await page.getByLabel("Folder password").fill("wrong guess");
  await page.getByRole("button", { name: "Open folder" }).click();
  await expect(page.getByRole("alert")).toContainText("That password is not right");
  await page.getByLabel("Folder password").fill("open sesame");
  await page.getByRole("button", { name: "Open folder" }).click();
  await expect(page.getByRole("main").getByRole("link", { name: "Salary bands" })).toBeVisible();
  // Remembered for the next visit.
  await page.reload();
  await expect(page.getByRole("main").getByRole("link", { name: "Salary bands" })).toBeVisible();

  const response = await page.goto(`/folders/${hidden.slug}`);
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "You don't have access to this folder" })).toBeVisible();
});
