import { expect, test } from "./fixtures";
import { auth, createOwner, openAs } from "./helpers";

test.use({ viewport: { width: 1440, height: 900 } });

test("the shell follows the workspace in the URL: switcher, sidebar and search, and it becomes the last one used", async ({ page, request }) => {
  const { owner, workspace: first } = await createOwner(request, "Ula");
  const created = await request.post("/v1/w", { headers: auth(owner), data: { company: { name: `Second Shop ${Date.now().toString(36)}` } } });
  expect(created.status(), await created.text()).toBe(201);
  const second = (await created.json()).data as { id: number; name: string };

  const expectShellFor = async (workspace: { id: number; name: string }) => {
    await expect(page.getByRole("button", { name: `Workspace: ${workspace.name}. Switch workspace` })).toBeVisible();
    await expect(page.getByRole("link", { name: "Members", exact: true })).toHaveAttribute("href", `/workspaces/${workspace.id}/members`);
    await expect(page.getByRole("link", { name: /^Search/ })).toHaveAttribute("href", `/workspaces/${workspace.id}/search`);
  };

  await openAs(page, owner, `/workspaces/${first.id}/members`);
  await expectShellFor(first);
  // The second workspace by URL while the first was the last used: the URL wins.
  await page.goto(`/workspaces/${second.id}/members`);
  await expect(page.getByRole("heading", { name: `People in ${second.name}` })).toBeVisible();
  await expectShellFor(second);
  // …and is now the last one used: the plain home opens it, and so does the account elsewhere.
  await page.goto("/");
  await expectShellFor(second);
  const me = await (await request.get("/v1/users/self", { headers: auth(owner) })).json();
  expect(me.data.last_workspace_id).toBe(second.id);

  await page.goto(`/workspaces/${first.id}/members`);
  await expectShellFor(first);
});
