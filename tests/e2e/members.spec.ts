import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import {
  auth,
  createColleague,
  createOwner,
  createUser,
  expectNoHorizontalOverflow,
  openAs,
  uniqueEmail,
  type NewUser,
} from "./helpers";

test.use({ viewport: { width: 1440, height: 900 } });

const LAST_ADMIN_MESSAGE = "A workspace needs at least one active admin. Make someone else an admin before changing this one.";

/** Invites `email` through the API, as `inviter`. */
async function invite(request: APIRequestContext, inviter: NewUser, workspaceId: number, email: string, role: "member" | "admin" | "guest") {
  const response = await request.post(`/v1/w/${workspaceId}/settings/members`, { headers: auth(inviter, workspaceId), data: { email, role } });
  expect(response.status(), await response.text()).toBe(201);
}

const membersPath = (workspaceId: number) => `/workspaces/${workspaceId}/members`;
const row = (page: Page, text: string) => page.getByRole("table").getByRole("row").filter({ hasText: text });
const notice = (page: Page) => page.locator(".members-notice");

/** Opens a row's "⋯" menu and chooses an item from it. */
async function choose(page: Page, who: string, item: string) {
  await page.getByLabel(`Actions for ${who}`).click();
  await page.locator(".menu[open]").getByRole(/…$/.test(item) ? "link" : "button", { name: item, exact: true }).click();
}

/** The invitation link in the newest email to `email`, as a path on this server. */
async function invitationPath(page: Page, email: string) {
  await page.goto(`/dev/outbox?to=${encodeURIComponent(email)}`);
  const mail = page.getByRole("listitem").filter({ hasText: email }).first();
  const href = await mail.getByRole("link", { name: /\/invitations\// }).getAttribute("href");
  return new URL(href!).pathname;
}

test("an admin invites a new member who accepts and appears in the list; their role changes, they are deactivated and reactivated", async ({
  browser,
  page,
  request,
}) => {
  const { owner, workspace } = await createOwner(request, "Ada");
  const newcomer = uniqueEmail("newcomer");

  await openAs(page, owner);
  await page.getByRole("link", { name: "Members", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${membersPath(workspace.id)}$`));
  await expect(page.getByRole("heading", { name: `People in ${workspace.name}` })).toBeVisible();
  await expect(row(page, owner.email)).toContainText("Ada Owner (you)");
  await expect(row(page, owner.email)).toContainText("Admin");

  await page.getByRole("link", { name: "Invite people" }).click();
  const dialog = page.getByRole("dialog", { name: `Invite people to ${workspace.name}` });
  await expect(dialog.getByLabel("Email addresses")).toBeFocused();
  await expect(dialog.getByLabel(/^Member/)).toBeChecked();
  await expect(dialog.getByLabel(/^Admin/)).toBeVisible();
  await dialog.getByLabel("Email addresses").fill(newcomer);
  await dialog.getByLabel("Personal message").fill("Welcome to the launch crew!");
  await dialog.getByLabel("Reason for inviting").fill("Runs the spring campaign");
  await dialog.getByRole("button", { name: "Send invitations" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(notice(page)).toContainText(`Invited ${newcomer}. They'll get an email with a link to join.`);
  await expect(row(page, newcomer)).toContainText("Invited");
  await expect(row(page, newcomer)).toContainText("by Ada Owner");
  await expect(row(page, newcomer)).toContainText("Runs the spring campaign");

  // The email carries the note and the link; a fresh browser follows it.
  const path = await invitationPath(page, newcomer);
  await expect(page.getByRole("listitem").filter({ hasText: newcomer }).first()).toContainText("Welcome to the launch crew!");
  const guestContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const invitee = await guestContext.newPage();
  await invitee.goto(path);
  await expect(invitee.getByRole("heading", { name: `Join ${workspace.name}` })).toBeVisible();
  await expect(invitee.getByText("Ada Owner invited")).toBeVisible();
  await expect(invitee.getByText("Welcome to the launch crew!")).toBeVisible();
  await invitee.getByLabel("First name").fill("Nia");
  await invitee.getByLabel("Last name").fill("Newcomer");
  await invitee.getByLabel("Password").fill("short");
  // The browser refuses a short password before it is sent; the API would too (422).
  expect(await invitee.getByLabel("Password").evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(false);
  await invitee.getByLabel("Password").fill("a-good-long-password");
  await invitee.getByRole("button", { name: "Accept and join" }).click();
  await expect(invitee).toHaveURL(/\/workspaces\/\d+\/home$/);
  await expect(invitee.getByRole("button", { name: `Workspace: ${workspace.name}. Switch workspace` })).toBeVisible();
  await expect(invitee.getByText("You are a member here.")).toBeVisible();
  // The link works once.
  await invitee.goto(path);
  await expect(invitee.getByRole("heading", { name: "This invitation can't be used" })).toBeVisible();

  await page.goto(membersPath(workspace.id));
  await expect(row(page, newcomer)).toContainText("Nia Newcomer");
  await expect(row(page, newcomer)).toContainText("Active");
  await expect(row(page, newcomer)).toContainText("Member");
  await expect(row(page, newcomer)).toContainText(/Joined \d{1,2} \w{3} \d{4}/);

  await choose(page, "Nia Newcomer", "Make admin");
  await expect(notice(page)).toContainText("Nia Newcomer is now an admin.");
  await expect(row(page, newcomer).getByText("Admin", { exact: true })).toBeVisible();
  // The keyboard stays on the row's menu button.
  await expect(page.getByLabel("Actions for Nia Newcomer")).toBeFocused();
  await choose(page, "Nia Newcomer", "Make member");
  await expect(notice(page)).toContainText("Nia Newcomer is now a member.");
  await expect(row(page, newcomer).getByText("Member", { exact: true })).toBeVisible();

  await choose(page, "Nia Newcomer", "Deactivate…");
  const deactivate = page.getByRole("dialog", { name: "Deactivate Nia Newcomer?" });
  await expect(deactivate).toContainText(`can't open ${workspace.name}`);
  await deactivate.getByRole("button", { name: "Deactivate" }).click();
  await expect(deactivate).toHaveCount(0);
  await expect(notice(page)).toContainText("Deactivated Nia Newcomer.");
  await expect(row(page, newcomer)).toContainText("Deactivated");

  // Deactivated, they lose the workspace: it is not there for them any more.
  expect((await invitee.goto(membersPath(workspace.id)))?.status()).toBe(404);

  await choose(page, "Nia Newcomer", "Reactivate…");
  const reactivate = page.getByRole("dialog", { name: "Reactivate Nia Newcomer" });
  await expect(reactivate.getByLabel(/^Member/)).toBeChecked();
  await reactivate.getByLabel(/^Admin/).check();
  await reactivate.getByRole("button", { name: "Reactivate" }).click();
  await expect(notice(page)).toContainText("Reactivated Nia Newcomer as an admin.");
  await expect(row(page, newcomer)).toContainText("Active");
  await expect(row(page, newcomer).getByText("Admin", { exact: true })).toBeVisible();
  expect((await invitee.goto(membersPath(workspace.id)))?.status()).toBe(200);
  await guestContext.close();
});

test("an invitation opened while signed in as someone else: sign out, sign in as the invitee and accept", async ({ page, request }) => {
  const { owner, workspace } = await createOwner(request, "Ines");
  const existing = await createUser(request, { firstName: "Eli", lastName: "Existing" });
  await invite(request, owner, workspace.id, existing.email, "admin");
  await openAs(page, owner);
  const path = await invitationPath(page, existing.email);

  await page.goto(path);
  await expect(page.getByText(`You're signed in as ${owner.email}, but this invitation is for ${existing.email}.`)).toBeVisible();
  await page.getByRole("button", { name: "Sign out and continue" }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByText("You already have a Brandwork account. Sign in to accept.")).toBeVisible();
  await page.getByRole("link", { name: "Sign in to accept" }).click();
  await page.getByLabel("Password", { exact: true }).fill(existing.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await page.getByRole("button", { name: `Accept and open ${workspace.name}` }).click();
  await expect(page).toHaveURL(/\/workspaces\/\d+\/home$/);
  await expect(page.getByRole("button", { name: `Workspace: ${workspace.name}. Switch workspace` })).toBeVisible();
  await expect(page.getByText("You are an admin here.")).toBeVisible();
  // They keep their own name.
  await page.goto(membersPath(workspace.id));
  await expect(row(page, existing.email)).toContainText("Eli Existing (you)");
  await expect(row(page, existing.email).getByText("Admin", { exact: true })).toBeVisible();
});

test("the last admin cannot demote themself, and is told why", async ({ page, request }) => {
  const { owner, workspace } = await createOwner(request, "Lena");
  await createColleague(request, owner, workspace.id, "Milo");
  await openAs(page, owner, membersPath(workspace.id));

  await page.getByLabel("Actions for Lena Owner").click();
  const menu = page.locator(".menu[open]");
  // One's own row offers no way to lock oneself out.
  await expect(menu.getByRole("link", { name: "Deactivate…" })).toHaveCount(0);
  await expect(menu.getByRole("link", { name: "Remove from workspace…" })).toHaveCount(0);
  await menu.getByRole("button", { name: "Make member" }).click();
  await expect(page.getByRole("alert").filter({ hasText: LAST_ADMIN_MESSAGE })).toBeVisible();
  await expect(row(page, owner.email).getByText("Admin", { exact: true })).toBeVisible();

  // With a second admin, stepping down works and the page turns read-only.
  await choose(page, "Milo Colleague", "Make admin");
  await expect(notice(page)).toContainText("Milo Colleague is now an admin.");
  await choose(page, "Lena Owner", "Make member");
  await expect(notice(page)).toContainText("Lena Owner is now a member.");
  await expect(page.getByLabel(/^Actions for/)).toHaveCount(0);
  await expect(page.getByText("Only admins can change roles, deactivate or remove people.")).toBeVisible();
});

test("the row menu works from the keyboard", async ({ page, request }) => {
  const { owner, workspace } = await createOwner(request, "Kai");
  await createColleague(request, owner, workspace.id, "Tove");
  await openAs(page, owner, membersPath(workspace.id));

  const toggle = page.getByLabel("Actions for Tove Colleague");
  await toggle.focus();
  await page.keyboard.press("ArrowDown");
  const menu = page.locator(".menu[open]");
  await expect(menu.getByRole("button", { name: "Make admin" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("link", { name: "Deactivate…" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  await expect(toggle).toBeFocused();

  await page.keyboard.press("Enter");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("link", { name: "Remove from workspace…" })).toBeFocused();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: `Remove Tove Colleague from ${workspace.name}?` });
  await expect(dialog.getByRole("link", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(row(page, "Tove Colleague")).toHaveCount(1);

  await choose(page, "Tove Colleague", "Remove from workspace…");
  await dialog.getByRole("button", { name: "Remove from workspace" }).click();
  await expect(notice(page)).toContainText(`Removed Tove Colleague from ${workspace.name}.`);
  await expect(row(page, "Tove Colleague")).toHaveCount(0);
});

test("inviting reports each address: a bad one and someone already here come back to fix, the rest are sent", async ({ page, request }) => {
  const { owner, workspace } = await createOwner(request, "Ivo");
  const colleague = await createColleague(request, owner, workspace.id, "Pia");
  const fresh = uniqueEmail("fresh");
  await openAs(page, owner, `${membersPath(workspace.id)}?invite=guest`);

  const dialog = page.getByRole("dialog", { name: /^Invite people/ });
  await expect(dialog.getByLabel(/^Guest/)).toBeChecked();
  await dialog.getByLabel(/^Member/).check();
  await dialog.getByLabel("Email addresses").fill(`${fresh}, not-an-email\n${colleague.email}`);
  await dialog.getByLabel("Personal message").fill("Hello there");
  await dialog.getByRole("button", { name: "Send invitations" }).click();

  await expect(dialog.getByRole("alert")).toContainText("Invited 1 of 3. Fix the addresses below and try again.");
  const outcomes = dialog.getByRole("list", { name: "What happened to each address" });
  await expect(outcomes.getByRole("listitem").filter({ hasText: fresh })).toContainText("Invited");
  await expect(outcomes.getByRole("listitem").filter({ hasText: "not-an-email" })).toContainText("not-an-email is not a valid email address.");
  await expect(outcomes.getByRole("listitem").filter({ hasText: colleague.email })).toContainText("is already a member of this workspace");
  await expect(dialog.getByLabel("Email addresses")).toHaveValue(`not-an-email\n${colleague.email}`);
  await expect(dialog.getByLabel(/^Member/)).toBeChecked();
  await expect(dialog.getByLabel("Personal message")).toHaveValue("Hello there");
  await expect(row(page, fresh)).toContainText("Invited");

  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);

  // Resending replaces the link.
  await choose(page, fresh, "Resend invitation");
  await expect(notice(page)).toContainText(`Sent a new invitation to ${fresh}. The link in the earlier email no longer works.`);
  // Withdrawing takes the row away.
  await choose(page, fresh, "Withdraw invitation…");
  await page.getByRole("dialog", { name: `Withdraw the invitation to ${fresh}?` }).getByRole("button", { name: "Withdraw invitation" }).click();
  await expect(notice(page)).toContainText(`Withdrew the invitation to ${fresh}.`);
  await expect(row(page, fresh)).toHaveCount(0);
});

test("guests: an admin upgrades one to member and removes another", async ({ page, request }) => {
  const { owner, workspace } = await createOwner(request, "Gus");
  const upgraded = uniqueEmail("guest-up");
  const removed = uniqueEmail("guest-out");
  await invite(request, owner, workspace.id, upgraded, "guest");
  await invite(request, owner, workspace.id, removed, "guest");
  await openAs(page, owner, membersPath(workspace.id));

  await expect(row(page, upgraded)).toHaveCount(0);
  await page.getByRole("link", { name: /^Guests/ }).click();
  await expect(page).toHaveURL(/\?tab=guests$/);
  await expect(page.getByRole("table", { name: "Guests" }).getByRole("row")).toHaveCount(3);
  await choose(page, upgraded, "Upgrade to member");
  await expect(notice(page)).toContainText(`${upgraded} is now a member.`);
  await expect(row(page, upgraded)).toHaveCount(0);

  await choose(page, removed, "Withdraw invitation…");
  await page.getByRole("dialog", { name: `Withdraw the invitation to ${removed}?` }).getByRole("button", { name: "Withdraw invitation" }).click();
  await expect(notice(page)).toContainText(`Removed ${removed}'s access`);
  await expect(page.getByRole("heading", { name: "No guests yet" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Invite a guest" })).toBeVisible();

  await page.locator(".members-tabs").getByRole("link", { name: /^Members/ }).click();
  await expect(row(page, upgraded)).toContainText("Member");
});

test("an active guest is deactivated or removed, as the admin chooses", async ({ browser, page, request }) => {
  const { owner, workspace } = await createOwner(request, "Hal");
  const guestEmail = uniqueEmail("guest");
  await invite(request, owner, workspace.id, guestEmail, "guest");
  await openAs(page, owner);
  const guestContext = await browser.newContext();
  const guestPage = await guestContext.newPage();
  await guestPage.goto(await invitationPath(page, guestEmail));
  await guestPage.getByLabel("First name").fill("Gia");
  await guestPage.getByLabel("Last name").fill("Guest");
  await guestPage.getByLabel("Password").fill("a-good-long-password");
  await guestPage.getByRole("button", { name: "Accept and join" }).click();
  await expect(guestPage).toHaveURL(/\/workspaces\/\d+\/home$/);

  // Guests see the member list only where the workspace allows it.
  const blocked = await guestPage.goto(membersPath(workspace.id));
  expect(blocked?.status()).toBe(403);
  await expect(guestPage.getByRole("heading", { name: "You don't have access to this page" })).toBeVisible();
  await expect(guestPage.getByText("members only")).toBeVisible();

  await page.goto(`${membersPath(workspace.id)}?tab=guests`);
  await expect(row(page, guestEmail)).toContainText("Active");
  await choose(page, "Gia Guest", "Remove from workspace…");
  const dialog = page.getByRole("dialog", { name: "Remove Gia Guest?" });
  await expect(dialog.getByLabel(/^Deactivate/)).toBeChecked();
  await dialog.getByRole("button", { name: "Remove guest" }).click();
  await expect(notice(page)).toContainText("Deactivated Gia Guest.");
  await expect(row(page, guestEmail)).toContainText("Deactivated");

  await choose(page, "Gia Guest", "Remove access…");
  await page.getByRole("dialog", { name: "Remove Gia Guest?" }).getByRole("button", { name: "Remove access" }).click();
  await expect(notice(page)).toContainText(`Removed Gia Guest's access to ${workspace.name}.`);
  await expect(row(page, guestEmail)).toHaveCount(0);
  await guestContext.close();
});

test("a long list can be searched by name or email", async ({ page, request }) => {
  const { owner, workspace } = await createOwner(request, "Finn");
  const names = ["Ayla", "Bram", "Cora", "Dev", "Elin", "Femi", "Goran", "Hana"];
  await Promise.all(names.map((name) => createColleague(request, owner, workspace.id, name, "Searchable")));
  await openAs(page, owner, membersPath(workspace.id));

  const table = page.getByRole("table", { name: "Members" });
  await expect(table.getByRole("row")).toHaveCount(10);
  const search = page.getByRole("searchbox", { name: "Find a member" });
  await search.fill("cora");
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText("Cora Searchable");
  await search.fill(owner.email.slice(0, 12));
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText("Finn Owner");
  await search.fill("nobody-like-this");
  await expect(page.getByText("Nobody matches “nobody-like-this”.")).toBeVisible();
  await page.getByRole("link", { name: "Show everyone" }).click();
  await expect(search).toHaveValue("");
  await expect(table.getByRole("row")).toHaveCount(10);
});

test("a plain member sees the list without role controls, and no invite once only admins may", async ({ page, request }) => {
  const { owner, workspace } = await createOwner(request, "Rhea");
  const member = await createColleague(request, owner, workspace.id, "Paz");
  await openAs(page, member, membersPath(workspace.id));

  await expect(row(page, owner.email)).toContainText("Admin");
  await expect(row(page, member.email)).toContainText("Paz Colleague (you)");
  await expect(page.getByLabel(/^Actions for/)).toHaveCount(0);
  await expect(page.getByText("Only admins can change roles, deactivate or remove people. You can invite people.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Get a new link…" })).toHaveCount(0);
  await expect(page.getByText("Provisioning (SCIM)")).toHaveCount(0);
  await page.getByRole("link", { name: "Invite people" }).click();
  const dialog = page.getByRole("dialog", { name: /^Invite people/ });
  await expect(dialog.getByLabel(/^Member/)).toBeChecked();
  await expect(dialog.getByLabel(/^Admin/)).toHaveCount(0);
  await page.keyboard.press("Escape");

  const off = await request.put(`/v1/w/${workspace.id}/settings/workspace`, {
    headers: auth(owner, workspace.id),
    data: { preferences: { members_can_invite: false } },
  });
  expect(off.status(), await off.text()).toBe(200);
  await page.reload();
  await expect(row(page, owner.email)).toBeVisible();
  await expect(page.getByRole("link", { name: "Invite people" })).toHaveCount(0);
  await expect(page.getByText("Invite with a link")).toHaveCount(0);
  await expect(page.getByText("To add someone, ask an admin to invite them.")).toBeVisible();
  // Opening the dialog by its address does nothing either.
  await page.goto(`${membersPath(workspace.id)}?invite`);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("a stranger gets the not-found page, as for a workspace that does not exist", async ({ page, request }) => {
  const { workspace } = await createOwner(request, "Opal");
  const { owner: stranger } = await createOwner(request, "Sid");
  await openAs(page, stranger);
  const response = await page.goto(membersPath(workspace.id));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "We couldn't find this workspace" })).toBeVisible();
  await expect(page.getByText("Opal Owner")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Go to the home page" })).toBeVisible();
  expect((await page.goto("/workspaces/999999999/members"))?.status()).toBe(404);
});

test("the invitation link is copied, and an admin replaces it", async ({ context, page, request }) => {
  const { owner, workspace } = await createOwner(request, "Cleo");
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openAs(page, owner, membersPath(workspace.id));

  const field = page.getByLabel("Invitation link", { exact: true });
  const before = await field.inputValue();
  expect(before).toMatch(/\/join\/[\w-]+$/);
  await page.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(before);

  await page.getByRole("link", { name: "Get a new link…" }).click();
  await page.getByRole("dialog", { name: "Get a new invitation link?" }).getByRole("button", { name: "Get a new link" }).click();
  await expect(notice(page)).toContainText("Created a new invitation link. The old one no longer works.");
  await expect(field).not.toHaveValue(before);
  const stale = await request.post(`/v1/w/join/${before.split("/join/")[1]}`, { headers: auth(await createUser(request)) });
  expect(stale.status()).toBe(404);
});

test("a SCIM token is shown once, works for the identity provider, and stops working when revoked", async ({ page, request, baseURL }) => {
  const { owner, workspace } = await createOwner(request, "Sami");
  await openAs(page, owner, membersPath(workspace.id));

  const section = page.locator("details.scim");
  await expect(section).not.toHaveAttribute("open", "");
  await section.getByText("Provisioning (SCIM)").click();
  await expect(section.getByLabel("SCIM base URL")).toHaveValue(`${baseURL}/v1/scim/v2`);
  await expect(section.getByText("No tokens yet.")).toBeVisible();
  await section.getByLabel("Token name").fill("Okta");
  await section.getByRole("button", { name: "Create token" }).click();

  const tokenField = section.getByLabel("New SCIM token");
  await expect(tokenField).toBeFocused();
  const token = await tokenField.inputValue();
  expect(token).toMatch(/^scim_/);
  await expect(section.getByText("it is shown only this once")).toBeVisible();
  await expect(section.getByLabel("Token name")).toHaveValue("");
  await expect(section.getByRole("listitem").filter({ hasText: "Okta" })).toContainText("Never used");

  const users = await request.get("/v1/scim/v2/Users", { headers: { Authorization: `Bearer ${token}` } });
  expect(users.status()).toBe(200);
  expect((await users.json()).Resources.map((user: { userName: string }) => user.userName)).toContain(owner.email);

  await page.reload();
  await expect(page.getByLabel("New SCIM token")).toHaveCount(0);
  expect(await page.content()).not.toContain(token);
  await page.getByText("Provisioning (SCIM)").click();
  const listed = section.getByRole("listitem").filter({ hasText: "Okta" });
  await expect(listed).toContainText(/Last used \d{1,2} \w{3} \d{4}/);
  await expect(listed).toContainText("by Sami Owner");

  await listed.getByRole("link", { name: "Revoke…" }).click();
  await page.getByRole("dialog", { name: "Revoke “Okta”?" }).getByRole("button", { name: "Revoke token" }).click();
  await expect(notice(page)).toContainText("Revoked “Okta”.");
  await expect(section.getByRole("listitem").filter({ hasText: "Okta" })).toContainText("Revoked");
  expect((await request.get("/v1/scim/v2/Users", { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(401);
});

test("inviting, changing a role and deactivating work without JavaScript", async ({ browser, page, request }) => {
  const { owner, workspace } = await createOwner(request, "Noor");
  await createColleague(request, owner, workspace.id, "Remy");
  await openAs(page, owner);
  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const plain = await noScript.newPage();

  await plain.goto(membersPath(workspace.id));
  await plain.getByRole("link", { name: "Invite people" }).click();
  await expect(plain).toHaveURL(/\?invite=$/);
  const invitee = uniqueEmail("plain");
  await plain.getByLabel("Email addresses").fill(invitee);
  await plain.getByLabel(/^Guest/).check();
  await plain.getByRole("button", { name: "Send invitations" }).click();
  await expect(plain.getByText(`Invited ${invitee}.`)).toBeVisible();
  await plain.getByRole("link", { name: /^Guests/ }).click();
  await expect(row(plain, invitee)).toContainText("Invited");
  await plain.locator(".members-tabs").getByRole("link", { name: /^Members/ }).click();

  // The row menu is a disclosure: it opens and posts without scripts.
  await plain.getByLabel("Actions for Remy Colleague").click();
  await plain.getByRole("button", { name: "Make admin" }).click();
  await expect(plain.getByText("Remy Colleague is now an admin.")).toBeVisible();
  await expect(row(plain, "Remy Colleague").getByText("Admin", { exact: true })).toBeVisible();

  await plain.getByLabel("Actions for Remy Colleague").click();
  await plain.getByRole("link", { name: "Deactivate…" }).click();
  await plain.getByRole("button", { name: "Deactivate" }).click();
  await expect(plain.getByText("Deactivated Remy Colleague.")).toBeVisible();
  await expect(row(plain, "Remy Colleague")).toContainText("Deactivated");

  // A refusal shows where the person is looking.
  await plain.getByLabel("Actions for Noor Owner").click();
  await plain.getByRole("button", { name: "Make member" }).click();
  await expect(plain.getByRole("alert").filter({ hasText: LAST_ADMIN_MESSAGE })).toBeVisible();
  await noScript.close();
});

test.describe("on a 375px phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the list, its menus, the dialogs and provisioning fit without sideways scrolling", async ({ page, request }) => {
    const { owner, workspace } = await createOwner(request, "Mo");
    await createColleague(request, owner, workspace.id, "Maximiliana-Alexandrina", "Featherstonehaugh-Cholmondeley");
    await invite(request, owner, workspace.id, uniqueEmail("a-rather-long-address-for-a-small-screen"), "member");
    await openAs(page, owner, membersPath(workspace.id));

    const table = page.getByRole("table", { name: "Members" });
    await expect(table.getByRole("row")).toHaveCount(4);
    await expectNoHorizontalOverflow(page);

    await page.getByLabel("Actions for Maximiliana-Alexandrina Featherstonehaugh-Cholmondeley").click();
    await expect(page.locator(".menu[open] .menu__panel")).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await page.keyboard.press("Escape");

    await page.getByRole("link", { name: "Invite people" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await page.keyboard.press("Escape");

    await page.getByText("Provisioning (SCIM)").click();
    await page.getByLabel("Token name").fill("Microsoft Entra ID provisioning connector");
    await page.getByRole("button", { name: "Create token" }).click();
    await expect(page.getByLabel("New SCIM token")).toBeVisible();
    await expectNoHorizontalOverflow(page);
  });
});
