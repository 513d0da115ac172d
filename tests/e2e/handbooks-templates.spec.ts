import { expect, test } from "./fixtures";
import { auth, createOwner, expectNoHorizontalOverflow, openAs } from "./helpers";

test.use({ viewport: { width: 1440, height: 900 } });

test("a handbook with a section and a document, reordered from the keyboard, stays that way", async ({ page, request }) => {
  test.slow();
  const { owner, workspace } = await createOwner(request, "Hana");
  const created = await request.post(`/v1/w/${workspace.id}/articles`, {
    headers: auth(owner, workspace.id),
    data: { article: { title: "Tone of voice", markdown: "We write like we talk: **plainly**." } },
  });
  expect(created.status(), await created.text()).toBe(201);
  await openAs(page, owner);

  // Create it from the list.
  await page.goto(`/workspaces/${workspace.id}/handbooks`);
  await expect(page.getByRole("heading", { name: "No handbooks yet" })).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "New handbook" }).first().click();
  const dialog = page.getByRole("dialog", { name: "New handbook" });
  await expect(dialog.getByLabel("Title")).toBeFocused();
  await dialog.getByLabel("Title").fill("Brand book");
  await dialog.getByLabel("Description").fill("How we look and sound.");
  await dialog.getByRole("button", { name: "Create handbook" }).click();
  await expect(page).toHaveURL(/\/handbook\/[a-z][a-z0-9]{9}$/);
  const handbookUrl = page.url();
  const reader = page.locator(".hb-reader");
  await expect(reader.getByRole("heading", { level: 1, name: "Brand book" })).toBeVisible();
  await expect(reader.getByText("How we look and sound.").first()).toBeVisible();
  const sidebar = page.getByRole("navigation", { name: "Brand book contents" });

  // A section, then the document (picked by searching), from the "Add to handbook" dialog.
  await sidebar.getByRole("link", { name: "Add to handbook" }).click();
  const add = page.getByRole("dialog", { name: "Add to handbook" });
  await add.getByRole("link", { name: "Section" }).click();
  await add.getByLabel("Section name").fill("Basics");
  await add.getByRole("button", { name: "Add section" }).click();
  await expect(add).toBeHidden();
  await expect(sidebar.getByText("Basics")).toBeVisible();

  await sidebar.getByRole("link", { name: "Add to handbook" }).click();
  await expect(add.getByRole("link", { name: "Document" })).toHaveAttribute("aria-current", "true");
  await add.getByLabel("Find a document").fill("Tone");
  await add.getByLabel("Tone of voice").check();
  await add.getByRole("button", { name: "Add document" }).click();
  await expect(add).toBeHidden();
  const docLink = sidebar.getByRole("link", { name: "Tone of voice" });
  await expect(docLink).toBeVisible();
  const order = () => sidebar.locator(".hb-tree > li > .hb-row .hb-row__label").allTextContents();
  expect(await order()).toEqual(["Basics", "Tone of voice"]);

  // The keyboard alternative to dragging: the item's menu, opened and used from the keyboard.
  const toggle = sidebar.getByLabel("Actions for Tone of voice").first();
  const menu = sidebar.locator(".menu[open]");
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(menu.getByRole("button", { name: "Move up" })).toBeVisible();
  await menu.getByRole("button", { name: "Move up" }).focus();
  await page.keyboard.press("Enter");
  await expect.poll(order).toEqual(["Tone of voice", "Basics"]);
  await expect(sidebar).not.toHaveAttribute("aria-busy");

  // Into the section, from the same menu.
  await toggle.click();
  await menu.getByRole("button", { name: "Move into “Basics”" }).click();
  await expect.poll(order).toEqual(["Basics"]);
  await expect(sidebar.locator(".hb-tree__children").getByRole("link", { name: "Tone of voice" })).toBeVisible();

  // It persists (once the move is saved): reload, and read the document inside the handbook.
  await expect(sidebar).not.toHaveAttribute("aria-busy");
  await page.reload();
  expect(await order()).toEqual(["Basics"]);
  await sidebar.getByRole("link", { name: "Tone of voice" }).click();
  await expect(page).toHaveURL(/\/handbook\/[a-z0-9]+\/tone-of-voice-\d+$/);
  await expect(reader.getByRole("heading", { level: 1, name: "Tone of voice" })).toBeVisible();
  await expect(reader.getByText("plainly")).toBeVisible();
  await expect(reader.getByRole("link", { name: "Open in editor" })).toHaveAttribute("href", /\/docs\/tone-of-voice-\d+$/);

  // The list shows it; on a phone the page still fits.
  await page.goto(`/workspaces/${workspace.id}/handbooks`);
  await expect(page.getByRole("link", { name: "Brand book" })).toHaveAttribute("href", new URL(handbookUrl).pathname);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(handbookUrl);
  await expect(sidebar).toBeVisible();
  await expectNoHorizontalOverflow(page);
});

test("using a built-in template lands in a new document with its content", async ({ page, request }) => {
  const { owner, workspace } = await createOwner(request, "Theo");
  await openAs(page, owner);

  await page.goto(`/workspaces/${workspace.id}/templates`);
  await expect(page.getByRole("heading", { name: /Starter templates/ })).toBeVisible();
  // Filter by a category chip, then preview one.
  await page.getByRole("navigation", { name: "Template categories" }).getByRole("link", { name: "Meeting notes" }).click();
  await expect(page).toHaveURL(/category=\d+/);
  await expect(page.getByRole("link", { name: "Press release" })).toHaveCount(0);
  await page.getByRole("navigation", { name: "Template categories" }).getByRole("link", { name: "All" }).click();
  await page.getByRole("link", { name: "Press release" }).click();
  await expect(page).toHaveURL(new RegExp(`/workspaces/${workspace.id}/templates/press-release`));
  const preview = page.getByRole("complementary", { name: "Press release" });
  await expect(preview.getByText("Media contact")).toBeVisible();

  await preview.getByRole("button", { name: "Use template" }).click();
  await expect(page).toHaveURL(/\/docs\/press-release-\d+$/);
  const slug = new URL(page.url()).pathname.split("/docs/")[1]!;
  const document = (await (await request.get(`/v1/articles/${slug}`, { headers: auth(owner) })).json()).data;
  expect(document).toMatchObject({ title: "Press release", kind: "document" });
  expect(JSON.stringify(document.body)).toContain("Media contact");
});

test("dragging sidebar items reorders them and drops them into sections", async ({ page, request }) => {
  const { owner, workspace } = await createOwner(request, "Dora");
  const headers = auth(owner, workspace.id);
  const handbook = (await (await request.post(`/v1/w/${workspace.id}/handbooks`, { headers, data: { title: "Playbook" } })).json()).data;
  for (const title of ["One", "Two", "Three"]) {
    const added = await request.post(`/v1/handbooks/${handbook.key}/items`, { headers, data: { type: "section", title } });
    expect(added.status(), await added.text()).toBe(201);
  }
  await openAs(page, owner);
  await page.goto(`/handbook/${handbook.key}`);
  const sidebar = page.getByRole("navigation", { name: "Playbook contents" });
  const order = () => sidebar.locator(".hb-tree > li > .hb-row .hb-row__label").allTextContents();
  const row = (title: string) => sidebar.locator(".hb-row", { has: page.locator(".hb-row__label", { hasText: new RegExp(`^${title}$`) }) });

  // The top edge of a row drops before it; the middle of a section drops inside it.
  await row("Three").dragTo(row("One"), { targetPosition: { x: 40, y: 2 } });
  await expect.poll(order).toEqual(["Three", "One", "Two"]);
  // The tree takes no drop while it saves the last one (aria-busy); wait for it as a person would.
  await expect(sidebar).not.toHaveAttribute("aria-busy");
  await row("Two").dragTo(row("Three"), { targetPosition: { x: 40, y: 18 } });
  await expect.poll(() => sidebar.locator(".hb-tree__children .hb-row__label").allTextContents()).toEqual(["Two"]);
  await expect(sidebar).not.toHaveAttribute("aria-busy");
  await page.reload();
  await expect.poll(order).toEqual(["Three", "One"]);
});
