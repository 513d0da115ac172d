import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { auth, createColleague, createOwner, expectNoHorizontalOverflow, openAs, uniqueEmail, type NewUser } from "./helpers";

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

/** The paths of the links in the newest email to `email` whose text includes `subject`. */
async function emailLink(page: Page, email: string, subject: string, link: RegExp) {
  await page.goto(`/dev/outbox?to=${encodeURIComponent(email)}`);
  const mail = page.getByRole("listitem").filter({ hasText: subject }).first();
  const href = await mail.getByRole("link", { name: link }).first().getAttribute("href");
  return new URL(href!).pathname;
}

async function openMenuItem(page: Page, item: string) {
  await page.getByLabel("More actions").first().click();
  await page.locator(".menu[open]").getByRole("link", { name: item }).click();
}

test("an owner writes a document in a folder, shares it by email for comments, publishes it and makes it private again", async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { owner, workspace } = await createOwner(request, "Olive");
  const folder = await createFolder(request, owner, workspace.id, "Spring campaign");
  const guestEmail = uniqueEmail("guest");

  // A new document from the folder's page.
  await openAs(page, owner);
  await page.goto(`/folders/${folder.slug}`);
  await page.getByRole("button", { name: "New document" }).first().click();
  await expect(page).toHaveURL(/\/docs\/untitled-\d+$/);
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("link", { name: workspace.name })).toBeVisible();
  await expect(crumbs.getByRole("link", { name: "Spring campaign" })).toBeVisible();

  // The title saves itself and the address follows it; Enter moves on to the body.
  await page.getByLabel("Title", { exact: true }).fill("Launch plan");
  await page.getByLabel("Title", { exact: true }).press("Enter");
  await expect(page).toHaveURL(/\/docs\/launch-plan-\d+$/);
  const slug = page.url().split("/docs/")[1]!;
  const body = page.getByRole("textbox", { name: "Document body" });
  await expect(body).toBeFocused();
  // Markdown shortcuts and Ctrl+B work as in any editor; the document saves itself through its room.
  await page.keyboard.type("## Goals");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Reach 10,000 readers ");
  await page.keyboard.press("Control+b");
  await page.keyboard.type("before May");
  await expect(body.getByRole("heading", { name: "Goals" })).toBeVisible();
  await expect(body.locator("strong")).toHaveText("before May");
  await expect(page.getByRole("status").filter({ hasText: "Live" })).toBeVisible();
  await expect
    .poll(async () => JSON.stringify((await (await request.get(`/v1/articles/${slug}`, { headers: auth(owner) })).json()).data.body), {
      timeout: 20_000,
    })
    .toContain("before May");

  // It is kept: a reload shows the same text.
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Document body" }).locator("strong")).toHaveText("before May");

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
  // Two emails: the document was shared with them, and (first) an invitation into the workspace.
  const documentPath = await emailLink(page, guestEmail, 'shared "Launch plan" with you', /\/docs\//);
  expect(documentPath).toBe(`/docs/${slug}`);
  const path = await emailLink(page, guestEmail, "invited you to", /\/invitations\//);
  const guestContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const guest = await guestContext.newPage();
  await guest.goto(path);
  await guest.getByLabel("First name").fill("Gus");
  await guest.getByLabel("Last name").fill("Guest");
  await guest.getByLabel("Password").fill("a-good-long-password");
  await guest.getByRole("button", { name: "Accept and join" }).click();
  await expect(guest).not.toHaveURL(/\/invitations\//);
  await guest.goto(documentPath);
  await expect(guest.getByRole("heading", { name: "Launch plan" })).toBeVisible();
  await expect(guest.getByRole("heading", { name: "Goals" })).toBeVisible();
  await expect(guest.locator(".editor__content strong")).toHaveText("before May");
  await expect(guest.locator('[contenteditable="true"]')).toHaveCount(0);
  await expect(guest.getByLabel("Title", { exact: true })).toHaveCount(0);
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
  test.setTimeout(60_000);
  const { owner, workspace } = await createOwner(request, "Priya");
  const colleague = await createColleague(request, owner, workspace.id, "Cole");
  const article = await createArticle(request, owner, workspace.id, { title: "Board memo", markdown: "Numbers for the board.", private: true });

  const colleagueContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const asker = await colleagueContext.newPage();
  await openAs(asker, colleague);
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

  await openAs(page, owner);
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
  // Two browsers, a share, a password and three visits.
  test.setTimeout(60_000);
  const { owner, workspace } = await createOwner(request, "Lena");
  const linked = await createArticle(request, owner, workspace.id, { title: "Press kit", markdown: "Logos and **boilerplate**." });
  const closed = await createArticle(request, owner, workspace.id, { title: "Salaries", markdown: "Private.", private: true });

  await openAs(page, owner);
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
  await protect.getByLabel("Password", { exact: true }).fill("open-sesame");
  await protect.getByRole("button", { name: "Set password" }).click();
  await expect(protect).toHaveCount(0);
  await expect(page.locator(".doc-badge").filter({ hasText: "Password" })).toBeVisible();

  await visitor.goto(`/docs/${linked.slug}`);
  await expect(visitor.getByRole("heading", { name: "This document is password protected" })).toBeVisible();
  await visitor.getByLabel("Password", { exact: true }).fill("wrong-guess");
  await visitor.getByRole("button", { name: "Open document" }).click();
  await expect(visitor.getByRole("alert")).toContainText("That password is not right");
  await visitor.getByLabel("Password", { exact: true }).fill("open-sesame");
  await visitor.getByRole("button", { name: "Open document" }).click();
  await expect(visitor.getByRole("heading", { name: "Press kit" })).toBeVisible();
  await visitorContext.close();
});

test("the header and its menu: status, star, markdown export, duplicate, move, transfer ownership, archive and restore", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { owner, workspace } = await createOwner(request, "Theo");
  await createColleague(request, owner, workspace.id, "Cole");
  const drafts = await createFolder(request, owner, workspace.id, "Drafts");
  await createFolder(request, owner, workspace.id, "Final");
  const article = await createArticle(request, owner, workspace.id, { title: "Status report", markdown: "Body text.", folder_id: drafts.id });

  await openAs(page, owner);
  await page.goto(`/docs/${article.slug}`);

  const statusSaved = page.waitForResponse((response) => response.url().endsWith(`/v1/articles/${article.id}`) && response.request().method() === "PUT");
  await page.getByLabel("Status").selectOption("in_review");
  expect((await statusSaved).status()).toBe(200);
  const starred = page.waitForResponse((response) => response.url().endsWith(`/v1/articles/${article.id}/favorite`));
  await page.getByRole("button", { name: "Add to favorites" }).click();
  await expect(page.getByRole("button", { name: "Remove from favorites" })).toHaveAttribute("aria-pressed", "true");
  expect((await starred).status()).toBe(201);
  await page.reload();
  await expect(page.getByLabel("Status")).toHaveValue("in_review");
  await expect(page.getByRole("button", { name: "Remove from favorites" })).toBeVisible();

  await page.getByLabel("More actions").first().click();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export markdown" }).click()]);
  expect(download.suggestedFilename()).toBe(`${article.slug}.md`);
  const { readFile } = await import("node:fs/promises");
  expect(await readFile((await download.path())!, "utf8")).toContain("# Status report\n\nBody text.");

  // Moved to another folder: the breadcrumbs follow.
  await openMenuItem(page, "Move to folder…");
  const move = page.getByRole("dialog", { name: "Move “Status report”" });
  await move.getByLabel("Final").check();
  await move.getByRole("button", { name: "Move here" }).click();
  await expect(move).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Final" })).toBeVisible();

  // Handed to a colleague (the former owner still holds the folder, so keeps full access here).
  await openMenuItem(page, "Transfer ownership…");
  const transfer = page.getByRole("dialog", { name: "Transfer ownership" });
  await transfer.getByLabel(/Cole Colleague/).check();
  await transfer.getByRole("button", { name: "Make Cole Colleague the owner" }).click();
  await expect(transfer).toHaveCount(0);
  await expect(page.locator(".doc-meta")).toContainText("Owned by Cole Colleague");

  // A copy opens at its own address.
  await page.getByLabel("More actions").first().click();
  await page.locator(".menu[open]").getByRole("button", { name: "Duplicate" }).click();
  await expect(page).toHaveURL(/\/docs\/status-report-copy-\d+$/);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Status report (copy)");
  const copyPath = new URL(page.url()).pathname;

  // Archived, then restored from the document itself.
  await openMenuItem(page, "Archive…");
  await page.getByRole("dialog", { name: "Archive “Status report (copy)”?" }).getByRole("button", { name: "Archive" }).click();
  await expect(page).toHaveURL(new RegExp(`/workspaces/${workspace.id}/home\\?archived=`));
  await page.goto(copyPath);
  await expect(page.getByText("This document is archived")).toBeVisible();
  await expect(page.locator(".editor__content")).toHaveAttribute("contenteditable", "false");
  await page.getByRole("button", { name: "Restore" }).click();
  await expect(page.getByText("This document is archived")).toHaveCount(0);
  await expect(page.locator(".editor__content")).toHaveAttribute("contenteditable", "true");
});

test("on a phone the header wraps, the menu is a sheet and nothing overflows", async ({ page, request }) => {
  const { owner, workspace } = await createOwner(request, "Milo");
  const article = await createArticle(request, owner, workspace.id, { title: "A rather long title for a small screen", markdown: "Short body." });
  await page.setViewportSize({ width: 390, height: 844 });
  await openAs(page, owner);
  await page.goto(`/docs/${article.slug}`);
  await expect(page.locator(".editor__content")).toContainText("Short body.");
  await expectNoHorizontalOverflow(page);
  await page.getByLabel("More actions").first().click();
  const sheet = page.locator(".menu[open] .menu__panel");
  await expect(sheet.getByRole("link", { name: "Move to folder…" })).toBeVisible();
  const box = await sheet.boundingBox();
  expect(box!.x).toBeLessThanOrEqual(1);
  expect(Math.round(box!.y + box!.height)).toBeGreaterThanOrEqual(843);
  await page.keyboard.press("Escape");
  await expect(page.locator(".menu[open]")).toHaveCount(0);
});
