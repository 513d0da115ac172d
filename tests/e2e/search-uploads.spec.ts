import { expect, test } from "./fixtures";
import { auth, createOwner, expectNoHorizontalOverflow, openAs } from "./helpers";

test.use({ viewport: { width: 1440, height: 900 } });

// A 1×1 PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

test("Ctrl+K searches documents, highlights the match and Enter opens the document", async ({ page, request }) => {
  const { owner, workspace } = await createOwner(request, "Sasha");
  const word = `zephyr${Date.now().toString(36)}`;
  const created = await request.post(`/v1/w/${workspace.id}/articles`, {
    headers: auth(owner, workspace.id),
    data: { article: { title: "Spring <i>launch</i> plan", markdown: `The ${word} campaign starts in May.` } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const article = (await created.json()).data as { id: number; slug: string };

  await openAs(page, owner);
  const dialog = page.getByRole("dialog", { name: "Search documents" });
  // The shortcut works once the page is interactive.
  await expect(async () => {
    await page.keyboard.press("Control+K");
    await expect(dialog).toBeVisible({ timeout: 500 });
  }).toPass();
  const input = dialog.getByRole("combobox", { name: "Search documents" });
  await expect(input).toBeFocused();
  await expect(dialog.getByText("Type to search the titles and text")).toBeVisible();

  await input.fill("nothing-like-this-anywhere");
  await expect(dialog.getByText("No documents match “nothing-like-this-anywhere”")).toBeVisible();

  await input.fill(word.slice(0, -2));
  const option = dialog.getByRole("option").first();
  // The document's own markup is shown as text, never run as HTML.
  await expect(option).toContainText("Spring <i>launch</i> plan");
  await expect(option.locator("mark")).toHaveText(word);
  await expect(option).toHaveAttribute("aria-selected", "true");

  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/docs/${article.slug}$`));
  await expect(dialog).toBeHidden();

  // Esc closes it; the top bar's button opens it again.
  await page.getByRole("link", { name: /^Search/ }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("uploads an image on the uploads page, lists it and shows it in the gallery", async ({ page, request }) => {
  const { owner, workspace } = await createOwner(request, "Uma");
  await openAs(page, owner);
  await page.goto(`/workspaces/${workspace.id}/uploads`);
  await expect(page.getByRole("heading", { name: "No uploads yet" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Upload files" })).toBeEnabled();

  await page.locator('input[type="file"]').setInputFiles({ name: "pixel.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByRole("list", { name: "Uploads in progress" })).toContainText("Uploaded");
  const row = page.getByRole("row", { name: /pixel\.png/ });
  await expect(row).toBeVisible();
  await expect(row).toContainText("Image");

  // A type the API refuses fails on its own row, before anything is sent.
  await page.locator('input[type="file"]').setInputFiles({ name: "page.html", mimeType: "text/html", buffer: Buffer.from("<p>hi</p>") });
  await expect(page.getByRole("alert").filter({ hasText: "can't be uploaded" })).toBeVisible();

  await page.getByRole("link", { name: "Gallery" }).click();
  await expect(page).toHaveURL(new RegExp(`/workspaces/${workspace.id}/uploads/gallery_view$`));
  const image = page.getByRole("img", { name: "pixel.png" });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await expectNoHorizontalOverflow(page);

  await page.getByRole("link", { name: "Delete pixel.png" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete this file?" });
  await confirm.getByRole("button", { name: "Delete file" }).click();
  await expect(page.getByText("Deleted pixel.png.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "No uploads yet" })).toBeVisible();
});
