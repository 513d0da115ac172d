import { expect, test } from "@playwright/test";
import { createColleague, createOwner, createUser, signIn } from "./helpers";

test("an admin renames the workspace and changes its branding from settings", async ({ page, request }) => {
  const admin = await createUser(request, { company: "Settings Test Co" });
  await signIn(page, admin.email, admin.password);
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

test("a member who is not an admin gets the no-access page for settings", async ({ page, request }) => {
  const { owner, workspace } = await createOwner(request, "Settings");
  const workspaceId = workspace.id;
  const member = await createColleague(request, owner, workspaceId, "Plain");

  await signIn(page, member.email, member.password);
  const response = await page.goto(`/workspaces/${workspaceId}/settings`);
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "You don't have access to this page" })).toBeVisible();
});

test("a stranger cannot open another workspace's settings", async ({ page, request }) => {
  const owner = await createUser(request, { company: "Private Settings Co" });
  const workspaces = await (await request.get("/v1/w", { headers: { Authorization: owner.authorization } })).json();
  const stranger = await createUser(request, { company: "Elsewhere" });
  await signIn(page, stranger.email, stranger.password);
  const response = await page.goto(`/workspaces/${workspaces.data[0].id}/settings/general`);
  expect(response?.status()).toBe(403);
});
