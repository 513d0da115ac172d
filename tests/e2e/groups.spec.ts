import { expect, test, type APIRequestContext } from "./fixtures";
import {
  auth,
  createColleague,
  createOwner,
  expectNoHorizontalOverflow,
  openAs,
  uniqueEmail,
  type NewUser,
} from "./helpers";

test.use({ viewport: { width: 1440, height: 900 } });

async function createGroup(
  request: APIRequestContext,
  user: NewUser,
  workspaceId: number,
  channel: { name: string; description?: string; visibility: "public" | "closed" | "private" | "shared" },
) {
  const response = await request.post(`/v1/w/${workspaceId}/channels`, { headers: auth(user, workspaceId), data: { channel } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data as { id: number; name: string };
}

/** Asks to join (closed group) or joins (public group) through the API, as `user`. */
async function askToJoin(request: APIRequestContext, user: NewUser, groupId: number) {
  const self = await (await request.get("/v1/users/self", { headers: auth(user) })).json();
  return request.post(`/v1/channels/${groupId}/join`, { headers: auth(user), data: { user_id: self.data.id } });
}

test("an owner creates a public group and adds people by email; an unknown address gets an invitation", async ({ page, request }) => {
  const { owner, workspace } = await createOwner(request, "Olive");
  const colleague = await createColleague(request, owner, workspace.id, "Cass");
  const newcomer = uniqueEmail("newcomer");

  await openAs(page, owner);
  await page.getByRole("link", { name: "Groups" }).click();
  await expect(page).toHaveURL(new RegExp(`/workspaces/${workspace.id}/groups$`));
  await expect(page.getByRole("heading", { name: "No groups yet" })).toBeVisible();

  await page.getByRole("link", { name: "New group" }).first().click();
  const dialog = page.getByRole("dialog", { name: "New group" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Name")).toBeFocused();
  await expect(dialog.getByText("Everyone in the workspace can find it; its owners approve who joins.")).toBeVisible();
  await dialog.getByLabel("Name").fill("Launch team");
  await dialog.getByLabel("Description").fill("Everything for the Q3 launch");
  await expect(dialog.getByLabel(/^Public/)).toBeChecked();
  await dialog.getByRole("button", { name: "Create group" }).click();

  await expect(page).toHaveURL(new RegExp(`/workspaces/${workspace.id}/groups/\\d+\\?created=1$`));
  await expect(page.getByRole("heading", { name: "Launch team" })).toBeVisible();
  await expect(page.getByText("Group created.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Members" })).toContainText("Olive Owner");

  await page.getByLabel("Email addresses").fill(`${colleague.email},\n${newcomer}`);
  await page.getByRole("button", { name: "Add to group" }).click();
  const results = page.locator(".add-results");
  await expect(results).toContainText("1 added, 1 invited.");
  await expect(results.getByRole("listitem").filter({ hasText: colleague.email })).toContainText("Added");
  await expect(results.getByRole("listitem").filter({ hasText: newcomer })).toContainText("Invited");
  await expect(page.getByLabel("Email addresses")).toHaveValue("");
  await expect(page.getByRole("list", { name: "Members" })).toContainText("Cass Colleague");
  await expect(page.getByRole("list", { name: "Members" })).toContainText(newcomer);

  // Adding the same person again says so instead of failing.
  await page.getByLabel("Email addresses").fill(colleague.email);
  await page.getByRole("button", { name: "Add to group" }).click();
  await expect(results).toContainText("1 already in the group.");
  await expect(results.getByRole("listitem").filter({ hasText: colleague.email })).toContainText("Already in");

  await page.goto(`/dev/outbox?to=${encodeURIComponent(newcomer)}`);
  const mail = page.getByRole("listitem").filter({ hasText: newcomer }).first();
  await expect(mail).toContainText("You have been added to the group Launch team.");
  await expect(mail.getByRole("link", { name: /\/invitations\// })).toBeVisible();
});

test("a bad address comes back as an error naming it, and nothing is added", async ({ page, request }) => {
  const { owner, workspace } = await createOwner(request, "Otto");
  const group = await createGroup(request, owner, workspace.id, { name: "Typos", visibility: "public" });
  await openAs(page, owner, `/workspaces/${workspace.id}/groups/${group.id}`);
  await page.getByLabel("Email addresses").fill("ok@example.com not-an-email");
  await page.getByRole("button", { name: "Add to group" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "“not-an-email” is not a valid email address" })).toBeVisible();
  await expect(page.getByLabel("Email addresses")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("list", { name: "Members" }).getByRole("listitem")).toHaveCount(1);
});

test("a colleague joins a public group from the list", async ({ page, request }) => {
  const { owner, workspace } = await createOwner(request, "Odette");
  await createGroup(request, owner, workspace.id, { name: "Design crew", description: "Brand and visuals", visibility: "public" });
  await createGroup(request, owner, workspace.id, { name: "Secret project", visibility: "private" });
  const colleague = await createColleague(request, owner, workspace.id, "Jules");

  await openAs(page, colleague, `/workspaces/${workspace.id}/groups`);
  await expect(page.getByText("You're not in any group yet.")).toBeVisible();
  const joinable = page.getByRole("region", { name: /Groups you can join/ });
  await expect(joinable.getByRole("listitem")).toHaveCount(1);
  await expect(page.getByText("Secret project")).toHaveCount(0);
  const card = joinable.getByRole("listitem").filter({ hasText: "Design crew" });
  await expect(card).toContainText("Public");
  await expect(card).toContainText("1 member");

  await card.getByRole("button", { name: "Join Design crew" }).click();
  const mine = page.getByRole("region", { name: /Your groups/ });
  const joined = mine.getByRole("listitem").filter({ hasText: "Design crew" });
  await expect(joined).toContainText("You joined this group.");
  await expect(joined).toContainText("2 members");
  await joined.getByRole("link", { name: "Open Design crew" }).click();

  await expect(page.getByRole("heading", { name: "Design crew" })).toBeVisible();
  await expect(page.getByText("You're a member")).toBeVisible();
  await expect(page.getByRole("list", { name: "Members" })).toContainText("Jules Colleague (you)");
  // Only managers add people or delete the group.
  await expect(page.getByLabel("Email addresses")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Delete group…" })).toHaveCount(0);
});

test("a closed group's join request is accepted by its owner through the emailed link", async ({ browser, page, request }) => {
  // Two browsers, an email and a dozen page loads: it ran past 30 s beside the accessibility pass.
  test.setTimeout(60_000);
  const { owner, workspace } = await createOwner(request, "Orla");
  const group = await createGroup(request, owner, workspace.id, { name: "Inner circle", visibility: "closed" });
  const asker = await createColleague(request, owner, workspace.id, "Rory");

  await openAs(page, asker, `/workspaces/${workspace.id}/groups`);
  const card = page.getByRole("listitem").filter({ hasText: "Inner circle" });
  await expect(card).toContainText("Closed");
  await card.getByRole("button", { name: "Request to join Inner circle" }).click();
  await expect(card).toContainText("Request sent.");
  await expect(card.getByText("Requested", { exact: true })).toBeVisible();

  await page.goto(`/workspaces/${workspace.id}/groups/${group.id}`);
  await expect(page.getByText("Request sent", { exact: true })).toBeVisible();
  await expect(page.getByText("You'll see who's in it once one of its owners accepts your request.")).toBeVisible();

  const ownerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const ownerPage = await ownerContext.newPage();
  await openAs(ownerPage, owner);
  await ownerPage.goto(`/dev/outbox?to=${encodeURIComponent(owner.email)}`);
  const mail = ownerPage.getByRole("listitem").filter({ hasText: "Rory Colleague asked to join Inner circle" }).first();
  const link = await mail.getByRole("link", { name: /join_request=/ }).getAttribute("href");
  const url = new URL(link!);
  expect(url.pathname).toBe(`/workspaces/${workspace.id}/groups/${group.id}`);
  await ownerPage.goto(`${url.pathname}${url.search}`);

  const panel = ownerPage.getByRole("region", { name: "Request to join" });
  await expect(panel).toContainText("Rory Colleague");
  await expect(panel).toContainText("asked to join this group");
  const pending = ownerPage.getByRole("region", { name: /Requests to join/ });
  await expect(pending).toContainText(asker.email);
  await panel.getByRole("button", { name: "Accept Rory Colleague" }).click();
  await expect(panel).toContainText("Accepted: Rory Colleague is now a member.");
  await expect(panel).toContainText("Rory Colleague's request was accepted by you");
  await expect(ownerPage.getByRole("list", { name: "Members" })).toContainText("Rory Colleague");
  await expect(pending).toContainText("No one is waiting.");
  await ownerContext.close();

  await page.reload();
  await expect(page.getByText("You're a member")).toBeVisible();
  await expect(page.getByRole("list", { name: "Members" })).toContainText("Rory Colleague (you)");
});

test("an owner denies a request from the group page", async ({ page, request }) => {
  const { owner, workspace } = await createOwner(request, "Oscar");
  const group = await createGroup(request, owner, workspace.id, { name: "Board", visibility: "closed" });
  const asker = await createColleague(request, owner, workspace.id, "Dora");
  expect((await askToJoin(request, asker, group.id)).status()).toBe(202);

  await openAs(page, owner, `/workspaces/${workspace.id}/groups/${group.id}`);
  const pending = page.getByRole("region", { name: /Requests to join/ });
  await expect(pending).toContainText("Dora Colleague");
  await expect(pending.getByRole("button", { name: "Accept Dora Colleague" })).toHaveCount(0);
  await pending.getByRole("button", { name: "Deny Dora Colleague" }).click();
  await expect(pending).toContainText("Denied Dora Colleague's request.");
  await expect(pending).toContainText("No one is waiting.");
});

test("a stranger from another workspace gets the not-found page for a group and the list", async ({ page, request }) => {
  const { owner, workspace } = await createOwner(request, "Opal");
  const group = await createGroup(request, owner, workspace.id, { name: "Not yours", visibility: "public" });
  const { owner: stranger } = await createOwner(request, "Sid");

  await openAs(page, stranger);
  const response = await page.goto(`/workspaces/${workspace.id}/groups/${group.id}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "We couldn't find this group" })).toBeVisible();
  await expect(page.getByText("Not yours")).toHaveCount(0);

  expect((await page.goto(`/workspaces/${workspace.id}/groups`))?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "We couldn't find this workspace" })).toBeVisible();
  // A group of another workspace under one's own workspace's URL is simply not there.
  const own = (await (await request.get("/v1/w", { headers: auth(stranger) })).json()).data[0] as { id: number };
  expect((await page.goto(`/workspaces/${own.id}/groups/${group.id}`))?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "We couldn't find this group" })).toBeVisible();
  await expect(page.getByRole("link", { name: "See all groups" })).toHaveAttribute("href", `/workspaces/${own.id}/groups`);
});

test("the new-group dialog works from the keyboard and Escape closes it", async ({ page, request }) => {
  const { owner, workspace } = await createOwner(request, "Kit");
  await openAs(page, owner, `/workspaces/${workspace.id}/groups`);
  await page.getByRole("link", { name: "New group" }).first().focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "New group" });
  await expect(dialog.getByLabel("Name")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/workspaces/${workspace.id}/groups$`));

  await page.getByRole("link", { name: "New group" }).first().click();
  await expect(dialog.getByLabel("Name")).toBeFocused();
  await page.keyboard.type("Keyboard people");
  await page.keyboard.press("Tab"); // description
  await page.keyboard.press("Tab"); // visibility: Public
  await page.keyboard.press("ArrowDown"); // Closed
  await expect(dialog.getByLabel(/^Closed/)).toBeChecked();
  await page.keyboard.press("Tab"); // Cancel
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Create group" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Keyboard people" })).toBeVisible();
  await expect(page.locator(".group-header")).toContainText("Closed");
});

test("an owner deletes a group after confirming", async ({ page, request }) => {
  const { owner, workspace } = await createOwner(request, "Uma");
  const group = await createGroup(request, owner, workspace.id, { name: "Short lived", visibility: "public" });
  await openAs(page, owner, `/workspaces/${workspace.id}/groups/${group.id}`);
  await page.getByRole("link", { name: "Delete group…" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete Short lived?" });
  await expect(dialog).toContainText("This can't be undone.");
  await dialog.getByRole("button", { name: "Cancel" }).or(dialog.getByRole("link", { name: "Cancel" })).click();
  await expect(dialog).toHaveCount(0);

  await page.getByRole("link", { name: "Delete group…" }).click();
  await dialog.getByLabel("Yes, delete this group for everyone").check();
  await dialog.getByRole("button", { name: "Delete group" }).click();
  await expect(page).toHaveURL(new RegExp(`/workspaces/${workspace.id}/groups\\?deleted=`));
  await expect(page.getByRole("status").filter({ hasText: "Deleted the group “Short lived”." })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No groups yet" })).toBeVisible();
  expect((await page.goto(`/workspaces/${workspace.id}/groups/${group.id}`))?.status()).toBe(404);
});

test("creating a group, adding members and deleting work without JavaScript", async ({ browser, page, request }) => {
  const { owner, workspace } = await createOwner(request, "Nora");
  await openAs(page, owner);
  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const plain = await noScript.newPage();

  await plain.goto(`/workspaces/${workspace.id}/groups`);
  await plain.getByRole("link", { name: "New group" }).first().click();
  await expect(plain).toHaveURL(/\?new$/);
  await plain.getByLabel("Name").fill("   ");
  await plain.getByRole("button", { name: "Create group" }).click();
  await expect(plain.getByText("Name can't be blank")).toBeVisible();
  await plain.getByLabel("Name").fill("No script club");
  await plain.getByLabel(/^Shared/).check();
  await plain.getByRole("button", { name: "Create group" }).click();
  await expect(plain.getByRole("heading", { name: "No script club" })).toBeVisible();
  await expect(plain.locator(".group-header")).toContainText("Shared");

  const invitee = uniqueEmail("plain");
  await plain.getByLabel("Email addresses").fill(invitee);
  await plain.getByRole("button", { name: "Add to group" }).click();
  await expect(plain.locator(".add-results")).toContainText("1 invited.");
  await expect(plain.getByRole("list", { name: "Members" })).toContainText(invitee);

  await plain.getByRole("link", { name: "Delete group…" }).click();
  await plain.getByLabel("Yes, delete this group for everyone").check();
  await plain.getByRole("button", { name: "Delete group" }).click();
  await expect(plain.getByText("Deleted the group “No script club”.")).toBeVisible();
  await noScript.close();
});

test.describe("on a 375px phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the list, a group's page and the dialogs fit without sideways scrolling", async ({ page, request }) => {
    const { owner, workspace } = await createOwner(request, "Mo");
    const longName = "Quarterly cross-functional go-to-market launch coordination";
    const group = await createGroup(request, owner, workspace.id, {
      name: longName,
      description: "A very long description without many breaks: https://example.com/a/really/long/url/that/should/wrap/nicely",
      visibility: "closed",
    });
    await createGroup(request, owner, workspace.id, { name: "Small", visibility: "public" });
    const asker = await createColleague(request, owner, workspace.id, "Maximiliana-Alexandrina");
    expect((await askToJoin(request, asker, group.id)).status()).toBe(202);

    await openAs(page, owner, `/workspaces/${workspace.id}/groups`);
    await expect(page.getByRole("region", { name: /Your groups/ }).getByRole("listitem")).toHaveCount(2);
    await expectNoHorizontalOverflow(page);

    await page.getByRole("link", { name: "New group" }).click();
    await expect(page.getByRole("dialog", { name: "New group" })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await page.keyboard.press("Escape");

    await page.goto(`/workspaces/${workspace.id}/groups/${group.id}`);
    await expect(page.getByRole("heading", { name: longName })).toBeVisible();
    await expect(page.getByRole("region", { name: /Requests to join/ })).toContainText("Maximiliana-Alexandrina");
    await page.getByLabel("Email addresses").fill(`${uniqueEmail("a-rather-long-address-for-a-small-screen")}`);
    await page.getByRole("button", { name: "Add to group" }).click();
    await expect(page.locator(".add-results")).toContainText("invited");
    await expectNoHorizontalOverflow(page);

    await page.getByRole("link", { name: "Delete group…" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoHorizontalOverflow(page);
  });
});
