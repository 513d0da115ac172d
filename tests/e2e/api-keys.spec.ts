import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";
import { createColleague, createOwner, openAs } from "./helpers";
import { layoutProblems } from "./layout";

test("an admin creates a workspace key, copies its secret once, sees it listed with its calls, and revokes it", async ({ page, request, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const { owner, workspace } = await createOwner(request, "Keys");
  await openAs(page, owner, `/workspaces/${workspace.id}/api-keys`);
  const section = page.getByRole("region", { name: "Workspace API keys" });
  await expect(section.getByText("No workspace keys yet")).toBeVisible();
  await expect(section.getByRole("link", { name: "API reference" })).toHaveAttribute("href", "/v1/docs");

  await section.getByText("Create a workspace key").click();
  await section.getByLabel("Name").fill("Zapier");
  await section.getByLabel(/^Publish/).check();
  await section.getByLabel("Expires").selectOption("90");
  await section.getByRole("button", { name: "Create workspace key" }).click();

  const secret = section.getByLabel("Secret of Zapier");
  await expect(secret).toHaveValue(/^bw_/);
  await expect(section.getByText("it will not be shown again")).toBeVisible();
  const token = await secret.inputValue();
  await section.getByRole("button", { name: "Copy secret" }).click();
  await expect(section.getByRole("button", { name: "Copied", exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

  // The key works, and its call is audited.
  const call = await request.get("/v1/posts/999999999", { headers: { Authorization: `Bearer ${token}` } });
  expect(call.status()).toBe(404);

  await section.getByRole("button", { name: "I have copied it" }).click();
  await expect(secret).toBeHidden();
  await page.reload();
  expect(await page.content()).not.toContain(token);
  const row = section.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Zapier" }) });
  await expect(row).toContainText(token.slice(0, 11));
  await expect(row).toContainText("Active");
  await expect(row.getByRole("list", { name: "Scopes" })).toHaveText(/Read\s*Publish/);

  await row.getByRole("button", { name: "Recent calls of Zapier" }).click();
  await expect(row.getByRole("table")).toContainText("GET /v1/posts/:id");
  await expect(row.getByRole("table")).toContainText("404");

  // At a phone's width, nothing runs off the side (the list, the calls) and axe finds nothing.
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await layoutProblems(page)).toEqual([]);
  expect((await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze()).violations.map((violation) => violation.id)).toEqual([]);

  page.once("dialog", (dialog) => void dialog.accept());
  await row.getByRole("button", { name: "Revoke Zapier" }).click();
  await expect(row).toContainText("Revoked");
  await expect(row.getByRole("button", { name: "Revoke Zapier" })).toBeHidden();
  expect((await request.get("/v1/posts/999999999", { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(401);
});

test("a member sees the workspace's keys read-only, with who can create them, and makes a personal token", async ({ page, request }) => {
  const { owner, workspace } = await createOwner(request, "Tokens");
  const member = await createColleague(request, owner, workspace.id, "Mia");
  await openAs(page, member, `/workspaces/${workspace.id}/api-keys`);
  const keys = page.getByRole("region", { name: "Workspace API keys" });
  await expect(keys.getByText("Only workspace admins can create, revoke and audit workspace keys: ask Tokens Owner.")).toBeVisible();
  await expect(keys.getByText("Create a workspace key")).toHaveCount(0);

  const tokens = page.getByRole("region", { name: "Your personal tokens" });
  await tokens.getByText("Create a personal token").click();
  await tokens.getByLabel("Name").fill("");
  await tokens.getByRole("button", { name: "Create personal token" }).click();
  await expect(tokens.getByText("Name can't be blank")).toBeVisible();
  await tokens.getByLabel("Name").fill("Laptop script");
  await tokens.getByRole("button", { name: "Create personal token" }).click();
  await expect(tokens.getByLabel("Secret of Laptop script")).toHaveValue(/^bw_/);
  await expect(tokens.getByRole("heading", { name: "Laptop script", exact: true })).toBeVisible();
});
