import { expect, test } from "./fixtures";
import { createUser, signIn } from "./helpers";

test.use({ viewport: { width: 1440, height: 900 } });

test("a workspace link lets a signed-in person join, and the switcher moves between workspaces", async ({ page, request }) => {
  const owner = await createUser(request, { company: `Shared Studio ${Date.now().toString(36)}` });
  const workspaces = await request.get("/v1/w", { headers: { Authorization: owner.authorization } });
  const [workspace] = (await workspaces.json()).data as { id: number; name: string }[];
  const link = await request.get(`/v1/w/${workspace!.id}/invitation_link`, {
    headers: { Authorization: owner.authorization, "X-Workspace-Id": String(workspace!.id) },
  });
  expect(link.status()).toBe(200);
  const joinPath = new URL((await link.json()).data.url).pathname;

  const member = await createUser(request, { company: "Own Company" });

  // Signed out, the link goes through sign-in and comes back.
  await page.goto(joinPath);
  await expect(page).toHaveURL(new RegExp(`/login_or_signup\\?redirect_to=${encodeURIComponent(joinPath)}`));
  await signIn(page, member.email, member.password, joinPath);
  await expect(page.getByRole("heading", { name: "Join your team's workspace" })).toBeVisible();
  await page.getByRole("button", { name: "Join workspace" }).click();

  await expect(page).toHaveURL(/\/workspaces\/\d+\/home$/);
  await expect(page.getByRole("button", { name: `Workspace: ${workspace!.name}. Switch workspace` })).toBeVisible();

  // Switch back to their own workspace with the keyboard: the list opens focused, Enter picks.
  await page.getByRole("button", { name: /Switch workspace/ }).focus();
  await page.keyboard.press("Enter");
  const own = page.getByRole("button", { name: /^Own Company/ });
  await expect(own).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Workspace: Own Company. Switch workspace" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "Workspace: Own Company. Switch workspace" })).toBeVisible();
});

test("a link that no longer works says so", async ({ page, request }) => {
  const user = await createUser(request);
  await signIn(page, user.email, user.password, "/join/not-a-real-token");
  await page.getByRole("button", { name: "Join workspace" }).click();
  await expect(page.getByRole("alert")).toContainText("no longer valid");
});
