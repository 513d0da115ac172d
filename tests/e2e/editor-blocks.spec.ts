import { expect, test, type Page } from "./fixtures";
import { auth, createOwner, openAs, PNG_1X1 } from "./helpers";

// One writer, alone in a document: the slash menu, tables, code highlighting, the toolbar's
// modes and an image upload, each checked where a writer would notice it.


const body = (page: Page) => page.getByRole("textbox", { name: "Document body" });

test("a writer builds a document from the slash menu, the toolbar and an uploaded image", async ({ page, request }) => {
  test.setTimeout(90_000);
  const { owner, workspace } = await createOwner(request, "Blake");
  const created = await request.post(`/v1/w/${workspace.id}/articles`, {
    headers: auth(owner, workspace.id),
    data: { article: { title: "Blocks", markdown: "Start here.", private: true } },
  });
  const article = (await created.json()).data as { id: number; slug: string };
  await openAs(page, owner, `/docs/${article.slug}`);
  await expect(page.getByRole("status").filter({ hasText: "Live" })).toBeVisible({ timeout: 20_000 });

  // The slash menu filters as you type and inserts with Enter.
  await body(page).click();
  await page.keyboard.press("Control+End");
  await page.keyboard.press("Enter");
  await page.keyboard.type("/tab");
  const menu = page.getByRole("listbox", { name: "Insert a block" });
  await expect(menu.getByRole("option").first()).toHaveText(/Table/);
  await expect(menu.getByRole("option", { selected: true })).toContainText("Table");
  await page.keyboard.press("Enter");
  await expect(body(page).locator("table")).toHaveCount(1);
  await expect(body(page).locator("th, td")).toHaveCount(9);
  await page.keyboard.type("Quarter");
  await expect(body(page).locator("th").first()).toHaveText("Quarter");

  // Nothing matches: the menu says so.
  await page.keyboard.press("Control+End");
  await body(page).locator("p").last().click();
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  await page.keyboard.type("/zzzz");
  await expect(page.getByText("No blocks match “zzzz”")).toBeVisible();
  for (let i = 0; i < 5; i++) await page.keyboard.press("Backspace");
  await expect(page.getByText("No blocks match “zzzz”")).toHaveCount(0);

  // A code block highlights its language. Enter once the menu offers it, as a person would:
  // pressed before the menu caught up, it used to leave "/c" in the block.
  await page.keyboard.type("/code");
  await expect(menu.getByRole("option")).toHaveCount(2); // "Code block" and "Code host": the menu has read "/code"
  await expect(menu.getByRole("option", { selected: true })).toContainText("Code block");
  await page.keyboard.press("Enter");
  await page.keyboard.type("const total = 1;");
  await expect(body(page).locator("code")).toHaveAttribute("data-language", "Plain text");
  await page.getByLabel("Code language").selectOption("javascript");
  await expect(body(page).locator("code .tok-keyword").first()).toHaveText("const");
  await expect(body(page).locator("code")).toHaveAttribute("data-language", "JavaScript");

  // The toolbar's modes follow SPEC section 4.
  const toolbar = page.getByRole("toolbar", { name: "Formatting" });
  await toolbar.getByRole("switch", { name: "Track changes" }).click();
  await expect(toolbar.getByRole("switch", { name: "Track changes" })).toHaveAttribute("aria-checked", "true");
  await expect(toolbar.getByRole("switch", { name: "Show changes" })).toHaveAttribute("aria-checked", "true");
  await toolbar.getByRole("button", { name: "Focus" }).click();
  await expect(page.locator(".editor")).toHaveAttribute("data-focus-mode", "on");
  await page.keyboard.press("Escape");
  await expect(page.locator(".editor")).not.toHaveAttribute("data-focus-mode", "on");

  // An image uploaded from the Insert menu lands in the document and in the stored copy.
  await toolbar.getByRole("button", { name: "+ Insert" }).click();
  await page.getByRole("menuitem", { name: /Image/ }).click();
  const dialog = page.getByRole("dialog", { name: "Add an image" });
  const chooser = page.waitForEvent("filechooser");
  await dialog.getByRole("button", { name: "Choose an image…" }).click();
  await (await chooser).setFiles({ name: "dot.png", mimeType: "image/png", buffer: PNG_1X1 });
  await expect(body(page).locator("img")).toHaveAttribute("src", /^\/files\/\d+$/, { timeout: 20_000 });
  await expect
    .poll(async () => JSON.stringify((await (await request.get(`/v1/articles/${article.id}`, { headers: auth(owner) })).json()).data.body), { timeout: 20_000 })
    .toMatch(/"type":"image".*"src":"\/files\/\d+"/);
});
