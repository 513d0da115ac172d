import { expect, test, type Page } from "./fixtures";
import { DEMO_BRAND } from "../../scripts/demo/content";
import { DEMO, DEMO_PEOPLE } from "../../scripts/seed";
import { apiSignIn, DEMO_USER, openAs } from "./helpers";

// The demo workspace global-setup builds (scripts/demo), as a first-time visitor sees it.

async function demoWorkspaceId(page: Page) {
  const authorization = await apiSignIn(DEMO.email, DEMO.password);
  const workspaces = (await (await page.request.get("/v1/w", { headers: { Authorization: authorization } })).json()).data as { id: number; key: string }[];
  return workspaces.find((workspace) => workspace.key === DEMO.workspaceKey)!.id;
}

test("the demo owner finds the brand, the documents and a guidelines page using the editor's blocks", async ({ page }) => {
  await openAs(page, DEMO_USER);
  const ws = await demoWorkspaceId(page);
  await page.goto(`/workspaces/${ws}/brand-kits`);
  await expect(page.getByRole("main").getByText(DEMO_BRAND.name).first()).toBeVisible();

  await page.goto(`/workspaces/${ws}/all_docs`);
  await page.getByRole("link", { name: "Fernhill brand guidelines" }).first().click();
  // The guidelines are the demo's largest document, and the first to open its room in the run
  // (it seeds itself from D1): wait for the room as the other live-document tests do.
  await expect(page.getByRole("status").filter({ hasText: "Live" })).toBeVisible({ timeout: 20_000 });
  const body = page.getByRole("textbox", { name: "Document body" });
  await expect(body.getByRole("navigation", { name: "Table of contents" })).toBeVisible();
  await expect(body.locator("table").first()).toContainText("Fernhill green");
  await expect(body.locator("img[alt='Coffee cherries on the branch at harvest']")).toBeVisible();
  await expect(body.locator(".ed-toggle__summary")).toContainText("Why we never say");
  await expect(body.locator(".ed-code")).toContainText("--fernhill-green");
});

test("the demo guest signs in with the printed login and sees what was shared with them", async ({ page }) => {
  await openAs(page, DEMO_PEOPLE.guest);
  const ws = await demoWorkspaceId(page);
  await page.goto(`/workspaces/${ws}/shared_with_me`);
  await expect(page.getByRole("main").getByText("Wholesale partner guide").first()).toBeVisible();
});
