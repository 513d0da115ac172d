import { expect, test, type Page } from "./fixtures";
import { createColleague, createOwner, createUser, openAs } from "./helpers";

/** Relative luminance (0 black … 1 white) of a computed CSS colour of `selector`. */
async function luminance(page: Page, selector: string, property: "backgroundColor" | "color") {
  return page.locator(selector).evaluate((element, name) => {
    const [r, g, b] = getComputedStyle(element)[name].match(/[\d.]+/g)!.map(Number);
    const linear = (channel: number) => {
      const c = channel / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);
  }, property);
}

async function saveColourScheme(page: Page, label: string) {
  await page.getByRole("radio", { name: label }).check();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
}

test("an admin renames the workspace and changes its branding from settings", async ({ page, request }) => {
  const admin = await createUser(request, { company: "Settings Test Co" });
  await openAs(page, admin);
  await page.getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { name: "General" })).toBeVisible();

  await page.getByLabel("Workspace name").fill("Renamed From Settings");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await expect(page.getByLabel("Workspace name")).toHaveValue("Renamed From Settings");

  await page.getByRole("link", { name: "Branding" }).click();
  await page.getByLabel("Dark").check();
  await page.getByLabel("Accent").fill("#12345");
  // The browser refuses a malformed colour before it is sent.
  expect(await page.getByLabel("Accent").evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(false);
  await page.getByLabel("Accent").fill("#123456");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Dark")).toBeChecked();
  await expect(page.getByLabel("Accent")).toHaveValue("#123456");
});

test("the dark colour scheme darkens the whole shell, and following the device tracks its setting", async ({ page, request }) => {
  const admin = await createUser(request, { company: "Night Owl Co" });
  await page.emulateMedia({ colorScheme: "light" });
  await openAs(page, admin);
  await page.getByRole("link", { name: "Settings" }).click();
  await page.getByRole("link", { name: "Branding" }).click();
  expect(await luminance(page, ".theme-root", "backgroundColor")).toBeGreaterThan(0.8);

  await saveColourScheme(page, "Dark");
  await expect(page.locator("html")).toHaveAttribute("data-color-scheme", "dark");
  expect(await luminance(page, ".theme-root", "backgroundColor")).toBeLessThan(0.05);
  expect(await luminance(page, ".settings__form", "backgroundColor")).toBeLessThan(0.05);
  // Text stays readable on it: light on dark.
  expect(await luminance(page, ".settings__heading", "color")).toBeGreaterThan(0.6);
  await page.reload();
  expect(await luminance(page, ".theme-root", "backgroundColor")).toBeLessThan(0.05);

  await saveColourScheme(page, "Follow the device");
  await expect(page.locator("html")).toHaveAttribute("data-color-scheme", "system");
  expect(await luminance(page, ".theme-root", "backgroundColor")).toBeGreaterThan(0.8);
  await page.emulateMedia({ colorScheme: "dark" });
  expect(await luminance(page, ".theme-root", "backgroundColor")).toBeLessThan(0.05);
});

test("a member who is not an admin gets the no-access page for settings", async ({ page, request }) => {
  const { owner, workspace } = await createOwner(request, "Settings");
  const workspaceId = workspace.id;
  const member = await createColleague(request, owner, workspaceId, "Plain");

  await openAs(page, member);
  const response = await page.goto(`/workspaces/${workspaceId}/settings`);
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "You don't have access to this page" })).toBeVisible();
});

test("a stranger cannot open another workspace's settings", async ({ page, request }) => {
  const owner = await createUser(request, { company: "Private Settings Co" });
  const workspaces = await (await request.get("/v1/w", { headers: { Authorization: owner.authorization } })).json();
  const stranger = await createUser(request, { company: "Elsewhere" });
  await openAs(page, stranger);
  const response = await page.goto(`/workspaces/${workspaces.data[0].id}/settings/general`);
  // Not there for them, exactly like a workspace that does not exist.
  expect(response?.status()).toBe(404);
});
