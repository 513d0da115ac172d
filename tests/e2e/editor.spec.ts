import { expect, test, type APIRequestContext, type Browser, type Page } from "./fixtures";
import { auth, createColleague, createOwner, openAs, type NewUser } from "./helpers";

async function createDocument(request: APIRequestContext, owner: NewUser, workspaceId: number, title: string, markdown: string) {
  const response = await request.post(`/v1/w/${workspaceId}/articles`, {
    headers: auth(owner, workspaceId),
    data: { article: { title, markdown, private: true } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data as { id: number; slug: string };
}

async function share(request: APIRequestContext, owner: NewUser, workspaceId: number, articleId: number, email: string, permission: string) {
  const response = await request.post(`/v1/articles/${articleId}/accesses`, {
    headers: auth(owner, workspaceId),
    data: { email_accesses: [{ email, permission }] },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

async function openInNewWindow(browser: Browser, user: NewUser, path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await openAs(page, user, path);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole("status").filter({ hasText: "Live" })).toBeVisible({ timeout: 20_000 });
  return page;
}

const body = (page: Page) => page.getByRole("textbox", { name: "Document body" });

async function typeAtEnd(page: Page, text: string) {
  await body(page).click();
  await page.keyboard.press("Control+End");
  await page.keyboard.press("Enter");
  await page.keyboard.type(text);
}

test("two people type in one document and see each other's words and cursors; the stored copy follows", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { owner, workspace } = await createOwner(request, "Ada");
  const colleague = await createColleague(request, owner, workspace.id, "Bo", "Writer");
  const article = await createDocument(request, owner, workspace.id, "Launch notes", "The launch starts here.");
  await share(request, owner, workspace.id, article.id, colleague.email, "edit");

  const ada = await openInNewWindow(browser, owner, `/docs/${article.slug}`);
  const bo = await openInNewWindow(browser, colleague, `/docs/${article.slug}`);

  // The room seeded itself once: both see the stored text exactly once.
  for (const page of [ada, bo]) {
    await expect(body(page).getByText("The launch starts here.")).toHaveCount(1);
  }

  await typeAtEnd(ada, "Ada writes the headline.");
  await typeAtEnd(bo, "Bo adds the budget.");
  for (const page of [ada, bo]) {
    await expect(body(page)).toContainText("Ada writes the headline.");
    await expect(body(page)).toContainText("Bo adds the budget.");
  }

  // Each sees the other here, and the other's named cursor.
  await expect(ada.locator(".collab-bar__people")).toContainText("Bo Writer");
  await expect(ada.locator(".ed-cursor__name")).toHaveText("Bo Writer");
  await expect(bo.locator(".ed-cursor__name")).toHaveText("Ada Owner");

  // The Worker's stored copy catches up with the room, then a reload shows the same text.
  await expect
    .poll(async () => (await (await request.get(`/v1/articles/${article.id}`, { headers: auth(owner) })).json()).data.excerpt as string, {
      timeout: 20_000,
    })
    .toContain("Bo adds the budget.");
  await ada.reload();
  await expect(body(ada)).toContainText("Ada writes the headline.");
  await expect(body(ada)).toContainText("Bo adds the budget.");
  await expect(body(ada).getByText("The launch starts here.")).toHaveCount(1);

  await ada.context().close();
  await bo.context().close();
});

test("someone with comment access follows the live document without editing controls", async ({ browser, request }) => {
  test.setTimeout(90_000);
  const { owner, workspace } = await createOwner(request, "Cy");
  const reader = await createColleague(request, owner, workspace.id, "Dee", "Reader");
  const article = await createDocument(request, owner, workspace.id, "Pricing", "Prices go up in May.");
  await share(request, owner, workspace.id, article.id, reader.email, "comment");

  const writer = await openInNewWindow(browser, owner, `/docs/${article.slug}`);
  const watcher = await openInNewWindow(browser, reader, `/docs/${article.slug}`);
  await expect(watcher.locator(".editor__content")).toHaveAttribute("contenteditable", "false");
  await expect(watcher.getByRole("toolbar")).toHaveCount(0);
  await expect(watcher.getByRole("status").filter({ hasText: "You're viewing" })).toBeVisible();

  // What the editor types appears for the reader as it is typed.
  await typeAtEnd(writer, "Except for schools.");
  await expect(body(watcher)).toContainText("Except for schools.");

  await writer.context().close();
  await watcher.context().close();
});
