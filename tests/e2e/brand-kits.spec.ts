import { expect, test } from "./fixtures";
import { createOwner, expectNoHorizontalOverflow, openAs, PNG_1X1 } from "./helpers";


test("a marketer creates a brand kit: logo, colours, fonts and a voice drafted from a sample", async ({ page, request }) => {
  test.setTimeout(60_000);
  const { owner, workspace } = await createOwner(request, "Kit");
  await openAs(page, owner, `/workspaces/${workspace.id}/brand-kits`);

  await expect(page.getByRole("heading", { name: "No brand kit yet" })).toBeVisible();
  await page.getByRole("link", { name: "New brand kit" }).first().click();
  const dialog = page.getByRole("dialog", { name: "New brand kit" });
  await dialog.getByLabel("Name").fill("Acme");
  await dialog.getByRole("button", { name: "Create brand kit" }).click();
  await expect(page).toHaveURL(new RegExp(`/workspaces/${workspace.id}/brand-kits/\\d+$`));
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Acme");
  await expect(page.getByLabel("Default kit")).toBeChecked();

  // A colour that is not a colour is refused with the reason.
  await page.getByLabel("Colour 1 name").fill("Primary");
  await page.getByLabel("Colour 1 value").fill("red");
  await page.getByRole("button", { name: "Save brand kit" }).click();
  await expect(page.getByRole("alert")).toContainText("must be a hex colour");
  await page.getByLabel("Colour 1 value").fill("#2F5EBC");

  await page.getByRole("combobox", { name: "Titles", exact: true }).selectOption("Inter");
  await page.getByLabel("Sample text").fill("You're busy, so we keep it short. Meal prep saves you hours. With meal prep you cook once and eat well all week. You'll wonder why you waited!");
  await page.getByRole("button", { name: "Draft voice notes" }).click();
  await expect(page.getByText(/Drafted from \d+ words/)).toBeVisible();
  await expect(page.getByLabel("Voice and tone")).toHaveValue(/speaks directly to the reader/);
  await expect(page.getByLabel("Keywords")).toHaveValue(/meal prep/);
  await page.getByLabel("Words to avoid").fill("cheap, synergy");
  await page.getByRole("button", { name: "Save brand kit" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Brand kit saved." })).toBeVisible();

  // The logo goes to R2 and shows in its slot.
  await page.getByLabel("Upload the Original logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG_1X1 });
  await expect(page.getByRole("img", { name: "Original logo" })).toBeVisible({ timeout: 15_000 });

  await page.reload();
  await expect(page.getByLabel("Words to avoid")).toHaveValue("cheap, synergy");
  await expect(page.getByRole("combobox", { name: "Titles", exact: true })).toHaveValue("Inter");

  await page.getByRole("link", { name: "← All brand kits" }).click();
  const card = page.getByRole("link", { name: /Acme/ });
  await expect(card).toContainText("Default");
  await expect(card).toContainText("Inter");
  await expect(card.getByRole("list", { name: "Colours" }).getByRole("listitem")).toHaveCount(1);

  // On a phone the list and the editor fit the screen.
  await page.setViewportSize({ width: 390, height: 800 });
  await expectNoHorizontalOverflow(page);
  await card.click();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Acme");
  await expectNoHorizontalOverflow(page);
});

test("the brain keeps what the team knows and finds it for a brief", async ({ page, request }) => {
  const { owner, workspace } = await createOwner(request, "Brainy");
  await openAs(page, owner, `/workspaces/${workspace.id}/brain`);
  await expect(page.getByText("No sources yet.")).toBeVisible();
  await page.getByLabel("Title").fill("Loyalty programme");
  await page.getByRole("textbox", { name: "Text", exact: true }).fill("Every tenth coffee is free for members of the loyalty programme. Members also get early access to new roasts.");
  await page.getByRole("button", { name: "Add text" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Source added." })).toBeVisible();
  await expect(page.getByText(/^1 passage ·/)).toBeVisible();

  await page.getByLabel("A brief or question").fill("How does the loyalty programme work?");
  await page.getByRole("button", { name: "Find passages" }).click();
  await expect(page.getByRole("list", { name: "Matching passages" })).toContainText("Every tenth coffee is free");

  await page.getByRole("button", { name: "Remove Loyalty programme" }).click();
  await expect(page.getByText("No sources yet.")).toBeVisible();
});

test("an admin sets the house style and it is kept", async ({ page, request }) => {
  const { owner, workspace } = await createOwner(request, "Styler");
  await openAs(page, owner, `/workspaces/${workspace.id}/article_style`);
  await page.getByLabel("Tone").fill("Friendly and plain");
  await page.getByLabel("Reading level").selectOption("simple");
  await page.getByLabel("Words to avoid").fill("leverage, synergy");
  await page.getByRole("button", { name: "Save house style" }).click();
  await expect(page.getByRole("status").filter({ hasText: "House style saved." })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Words to avoid")).toHaveValue("leverage, synergy");
  await expect(page.getByLabel("Reading level")).toHaveValue("simple");
});
