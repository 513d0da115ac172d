import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { auth, createColleague, createOwner, expectNoHorizontalOverflow, signIn, uniqueEmail, type NewUser } from "./helpers";

test.use({ viewport: { width: 1280, height: 900 } });

interface ArticleJson {
  id: number;
  slug: string;
  title: string;
}

async function createFolder(request: APIRequestContext, owner: NewUser, workspaceId: number, name: string) {
  const response = await request.post(`/v1/w/${workspaceId}/folders`, { headers: auth(owner, workspaceId), data: { folder: { name } } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data as { id: number; slug: string; name: string };
}

async function createArticle(
  request: APIRequestContext,
  owner: NewUser,
  workspaceId: number,
  article: { title: string; markdown?: string; private?: boolean; folder_id?: number },
) {
  const response = await request.post(`/v1/w/${workspaceId}/articles`, { headers: auth(owner, workspaceId), data: { article } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data as ArticleJson;
}

/** The invitation link in the newest email to `email`, as a path on this server. */
async function invitationPath(page: Page, email: string) {
  await page.goto(`/dev/outbox?to=${encodeURIComponent(email)}`);
  const mail = page.getByRole("listitem").filter({ hasText: email }).first();
  const href = await mail.getByRole("link", { name: /\/invitations\// }).getAttribute("href");
  return new URL(href!).pathname;
}

async function openMenuItem(page: Page, item: string) {
  await page.getByLabel("More actions").first().click();
  await page.locator(".action-menu[open]").getByRole("link", { name: item }).click();
}

test("an owner writes a document in a folder, shares it by email for comments, publishes it and makes it private again", async ({
  browser,
  page,
  request,
}) => {
  const { owner, workspace } = await createOwner(request, "Olive");
  const folder = await createFolder(request, owner, workspace.id, "Spring campaign");
  const guestEmail = uniqueEmail("guest");

  // A new document from the folder's page.
  await signIn(page, owner.email, owner.password);
  await page.goto(`/folders/${folder.slug}`);
  await page.getByRole("button", { name: "New document" }).first().click();
  await expect(page).toHaveURL(/\/docs\/untitled-\d+$/);
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("link", { name: workspace.name })).toBeVisible();
  await expect(crumbs.getByRole("link", { name: "Spring campaign" })).toBeVisible();

  // The title saves itself and the address follows it; Enter moves on to the body.
  await page.getByLabel("Title").fill("Launch plan");
  await page.getByLabel("Title").press("Enter");
  await expect(page).toHaveURL(/\/docs\/launch-plan-\d+$/);
  const slug = page.url().split("/docs/")[1]!;
  const body = page.getByLabel("Document text (markdown)");
  await expect(body).toBeFocused();
  await body.fill("## Goals\n\nReach 10,000 readers ");
  await body.press("End");
  // Ctrl+B inserts bold markers with a placeholder selected; typing replaces it.
  await body.press("Control+b");
  await page.keyboard.type("before May");
  await expect(body).toHaveValue("## Goals\n\nReach 10,000 readers **before May**");
  await expect(page.locator(".doc-editor .save-status")).toHaveText("Saved");

  await page.getByRole("tab", { name: "Preview" }).click();
  const preview = page.getByRole("tabpanel", { name: "Preview" });
  await expect(preview.getByRole("heading", { name: "Goals" })).toBeVisible();
  await expect(preview.locator("strong")).toHaveText("before May");

  // It is kept: a reload shows the same text.
  await page.reload();
  await expect(page.getByLabel("Document text (markdown)")).toHaveValue(/Reach 10,000 readers \*\*before May\*\*/);

  // Shared by email with someone outside the workspace, for comments.
  await page.getByRole("link", { name: "Share", exact: true }).click();
  const share = page.getByRole("dialog", { name: "Share “Launch plan”" });
  await share.getByLabel("Add people, groups or emails").fill(guestEmail);
  await share.getByLabel("Add people, groups or emails").press("Enter");
  await expect(share.getByRole("list", { name: "Chosen" })).toContainText(guestEmail);
  await share.getByLabel("Access level").selectOption("comment");
  await share.getByLabel("Message").fill("Have a look before Friday");
  await share.getByRole("button", { name: "Share", exact: true }).click();
  await expect(share).toContainText(`Shared with ${guestEmail}.`);
  const row = share.locator(".share-row").filter({ hasText: guestEmail });
  await expect(row).toContainText("Invited, hasn't joined yet");
  await expect(row.getByLabel(`Access for ${guestEmail}`)).toHaveValue("comment");

  // The guest joins from the email and can read, not edit or share.
  const path = await invitationPath(page, guestEmail);
  const guestContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const guest = await guestContext.newPage();
  await guest.goto(path);
  await guest.getByLabel("First name").fill("Gus");
  await guest.getByLabel("Last name").fill("Guest");
  await guest.getByLabel("Password").fill("a-good-long-password");
  await guest.getByRole("button", { name: "Accept and join" }).click();
  await expect(guest).not.toHaveURL(/\/invitations\//);
  await guest.goto(`/docs/${slug}`);
  await expect(guest.getByRole("heading", { name: "Launch plan" })).toBeVisible();
  await expect(guest.getByRole("heading", { name: "Goals" })).toBeVisible();
  await expect(guest.locator(".document-view strong")).toHaveText("before May");
  await expect(guest.getByLabel("Document text (markdown)")).toHaveCount(0);
  await expect(guest.getByLabel("Title")).toHaveCount(0);
  await expect(guest.getByRole("link", { name: "Share", exact: true })).toHaveCount(0);
  await expect(guest.locator(".doc-status")).toHaveText("Draft");
  await guestContext.close();

  // Published: a signed-out visitor reads the public page.
  await page.goto(`/docs/${slug}`);
  await openMenuItem(page, "Publish to web…");
  await page.getByRole("dialog", { name: "Publish to the web" }).getByRole("button", { name: "Publish" }).click();
  const published = page.getByRole("dialog", { name: "Published to the web" });
  await expect(published.getByLabel("Public link")).toHaveValue(new RegExp(`/p/${slug}$`));
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const opened = await visitor.goto(`/p/${slug}`);
  expect(opened?.status()).toBe(200);
  await expect(visitor.getByRole("heading", { name: "Launch plan" })).toBeVisible();

  // Made private: the same visitor's reload finds nothing.
  await published.getByRole("button", { name: "Make private" }).click();
  await expect(published).toHaveCount(0);
  await expect(page.locator(".doc-badge--public")).toHaveCount(0);
  const gone = await visitor.reload();
  expect(gone?.status()).toBe(404);
  await visitorContext.close();
});

test("a colleague without access asks for it from the AccessBlocked screen and the owner accepts", async ({ browser, page, request }) => {
  const { owner, workspace } = await createOwner(request, "Priya");
  const colleague = await createColleague(request, owner, workspace.id, "Cole");
  const article = await createArticle(request, owner, workspace.id, { title: "Board memo", markdown: "Numbers for the board.", private: true });

  const colleagueContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const asker = await colleagueContext.newPage();
  await signIn(asker, colleague.email, colleague.password);
  await asker.goto(`/docs/${article.slug}`);
  await expect(asker.getByRole("heading", { name: "You need access to this document" })).toBeVisible();
  await expect(asker.getByText("Board memo")).toHaveCount(0);
  for (const label of ["Request Edit Access", "Request Comment Access", "Request Read Access"]) {
    await expect(asker.getByRole("button", { name: new RegExp(`^${label}`) })).toBeVisible();
  }
  await asker.getByRole("button", { name: /^Request Comment Access/ }).click();
  await expect(asker.getByRole("heading", { name: "Request sent" })).toBeVisible();
  await expect(asker.getByText("You asked for comment access.")).toBeVisible();
  await asker.reload();
  await expect(asker.getByRole("heading", { name: "Request sent" })).toBeVisible();

  await signIn(page, owner.email, owner.password);
  await page.goto(`/docs/${article.slug}?share`);
  const share = page.getByRole("dialog", { name: "Share “Board memo”" });
  const waiting = share.getByRole("region", { name: /Waiting for access/ });
  await expect(waiting).toContainText("Cole Colleague asks to comment on it");
  await waiting.getByRole("button", { name: /^Accept/ }).click();
  await expect(share.getByRole("region", { name: /Waiting for access/ })).toHaveCount(0);
  await expect(share.getByLabel("Access for Cole Colleague")).toHaveValue("comment");

  await asker.reload();
  await expect(asker.getByRole("heading", { name: "Board memo" })).toBeVisible();
  await expect(asker.getByText("Numbers for the board.")).toBeVisible();
  await expect(asker.getByLabel("Document text (markdown)")).toHaveCount(0);
  await colleagueContext.close();
});

test("anyone with the link reads it signed out, behind its password once it has one", async ({ browser, page, request }) => {
  const { owner, workspace } = await createOwner(request, "Lena");
  const linked = await createArticle(request, owner, workspace.id, { title: "Press kit", markdown: "Logos and **boilerplate**." });
  const closed = await createArticle(request, owner, workspace.id, { title: "Salaries", markdown: "Private.", private: true });

  await signIn(page, owner.email, owner.password);
  await page.goto(`/docs/${linked.slug}?share`);
  const share = page.getByRole("dialog", { name: "Share “Press kit”" });
  await share.getByLabel("Anyone with the link").selectOption("read");
  await expect(share.getByText("Anyone who has the link can read it, signed in or not.")).toBeVisible();

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/docs/${linked.slug}`);
  await expect(visitor).toHaveURL(new RegExp(`/docs/${linked.slug}/shared$`));
  await expect(visitor.getByRole("heading", { name: "Press kit" })).toBeVisible();
  await expect(visitor.locator(".document-view strong")).toHaveText("boilerplate");

  // A document nobody shared by link sends the visitor to sign in, and back afterwards.
  await visitor.goto(`/docs/${closed.slug}`);
  await expect(visitor).toHaveURL(new RegExp(`/login_or_signup\\?redirect_to=${encodeURIComponent(`/docs/${closed.slug}`)}`));

  // The owner adds a password: the visitor is asked for it.
  await page.goto(`/docs/${linked.slug}`);
  await openMenuItem(page, "Password protect…");
  const protect = page.getByRole("dialog", { name: "Protect with a password" });
  await protect.getByLabel("Password").fill("open-sesame");
  await protect.getByRole("button", { name: "Set password" }).click();
  await expect(protect).toHaveCount(0);
  await expect(page.locator(".doc-badge").filter({ hasText: "Password" })).toBeVisible();

  await visitor.goto(`/docs/${linked.slug}`);
  await expect(visitor.getByRole("heading", { name: "This document is password protected" })).toBeVisible();
  await visitor.getByLabel("Password").fill("wrong-guess");
  await visitor.getByRole("button", { name: "Open document" }).click();
  await expect(visitor.getByRole("alert")).toContainText("That password is not right");
  await visitor.getByLabel("Password").fill("open-sesame");
  await visitor.getByRole("button", { name: "Open document" }).click();
  await expect(visitor.getByRole("heading", { name: "Press kit" })).toBeVisible();
  await visitorContext.close();
});

test("on a phone the header wraps, the menu is a sheet and nothing overflows", async ({ page, request }) => {
  const { owner, workspace } = await createOwner(request, "Milo");
  const article = await createArticle(request, owner, workspace.id, { title: "A rather long title for a small screen", markdown: "Short body." });
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, owner.email, owner.password);
  await page.goto(`/docs/${article.slug}`);
  await expect(page.getByLabel("Document text (markdown)")).toHaveValue(/Short body\./);
  await expectNoHorizontalOverflow(page);
  await page.getByLabel("More actions").first().click();
  const sheet = page.locator(".action-menu[open] .action-menu__panel");
  await expect(sheet.getByRole("link", { name: "Move to folder…" })).toBeVisible();
  const box = await sheet.boundingBox();
  expect(box!.x).toBeLessThanOrEqual(1);
  expect(Math.round(box!.y + box!.height)).toBeGreaterThanOrEqual(843);
  await page.keyboard.press("Escape");
  await expect(page.locator(".action-menu[open]")).toHaveCount(0);
});
