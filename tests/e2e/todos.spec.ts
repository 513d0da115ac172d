import { expect, test } from "./fixtures";
import { auth, createColleague, createOwner, openAs } from "./helpers";

test.use({ viewport: { width: 1440, height: 900 } });

test("Ana makes a todo of a check-list item for Ben; Ben finds it under Mine, ticks it, and the document's box is ticked", async ({ browser, page, request }) => {
  test.setTimeout(90_000);
  const { owner: ana, workspace } = await createOwner(request, "Ana");
  const ben = await createColleague(request, ana, workspace.id, "Ben");
  const created = await request.post(`/v1/w/${workspace.id}/articles`, {
    headers: auth(ana, workspace.id),
    data: { article: { title: "Spring launch", markdown: "Before launch day:\n\n- [ ] Send the brief to the roaster\n- [ ] Book the photographer", private: true } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const doc = (await created.json()).data as { id: number; slug: string };
  // Ben may only read it: the assignee needs no more to tick a todo off.
  const shared = await request.post(`/v1/articles/${doc.id}/accesses`, { headers: auth(ana, workspace.id), data: { email_accesses: [{ email: ben.email, permission: "read" }] } });
  expect(shared.status(), await shared.text()).toBeLessThan(300);

  // Ana, in the live document, makes the first item a todo for Ben.
  await openAs(page, ana, `/docs/${doc.slug}`);
  const body = page.getByRole("textbox", { name: "Document body" });
  await expect(body).toContainText("Send the brief to the roaster");
  await body.getByText("Send the brief to the roaster").click();
  await page.getByRole("button", { name: "Make a todo" }).click();
  const form = page.getByRole("dialog", { name: /Make a todo/ });
  await form.getByLabel("Assignee").selectOption({ label: "Ben Colleague · can read" });
  await form.getByLabel("Due date (optional)").fill("2030-01-15");
  await form.getByRole("button", { name: "Make todo" }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole("button", { name: /Todo for Ben Colleague, due Tue, Jan 15/ })).toBeVisible();
  const item = body.locator("li", { hasText: "Send the brief to the roaster" });
  await expect(item).toHaveAttribute("aria-description", /Todo for Ben Colleague/);
  await expect(item).toHaveAttribute("aria-checked", "false");

  // Ben's todos page lists it under Mine, with its document and day; he ticks it off there.
  const benContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const benPage = await benContext.newPage();
  await openAs(benPage, ben, `/workspaces/${workspace.id}/todos`);
  await expect(benPage.getByRole("link", { name: /^Mine/ })).toHaveAttribute("aria-current", "page");
  const list = benPage.getByRole("list", { name: "Mine todos" });
  const row = list.getByRole("listitem").filter({ hasText: "Send the brief to the roaster" });
  await expect(row).toContainText("In Spring launch");
  await expect(row).toContainText("from Ana Owner");
  await expect(row.locator("time")).toHaveText("Tue, Jan 15");
  await row.getByRole("checkbox", { name: "Send the brief to the roaster" }).click();
  await expect(benPage.getByRole("status").filter({ hasText: "is done" })).toContainText("“Send the brief to the roaster” is done.");
  await expect(benPage.getByRole("heading", { name: "Nothing is waiting on you" })).toBeVisible();
  await benPage.getByRole("link", { name: /^Done/ }).click();
  await expect(benPage.getByRole("list", { name: "Done todos" }).getByRole("checkbox", { name: "Send the brief to the roaster" })).toBeChecked();

  // Ana's open document ticks the box without a reload; the stored body has it too.
  await expect(item).toHaveAttribute("aria-checked", "true", { timeout: 20_000 });
  await expect(body.locator("li", { hasText: "Book the photographer" })).toHaveAttribute("aria-checked", "false");
  await expect
    .poll(async () => {
      const stored = await (await request.get(`/v1/articles/${doc.id}`, { headers: auth(ana, workspace.id) })).json();
      return JSON.stringify(stored.data.body).match(/"checked":true/g)?.length ?? 0;
    }, { timeout: 20_000 })
    .toBe(1);
  // Ana hears that it was done.
  await expect
    .poll(async () => JSON.stringify((await (await request.get(`/v1/w/${workspace.id}/inbox`, { headers: auth(ana, workspace.id) })).json()).data), { timeout: 10_000 })
    .toContain("completed a todo");

  // Ben opens the document from the Done tab: its box is ticked there too.
  await benPage.getByRole("list", { name: "Done todos" }).getByRole("link", { name: "Send the brief to the roaster" }).click();
  await expect(benPage.getByRole("textbox", { name: "Document body" }).locator("li", { hasText: "Send the brief to the roaster" })).toHaveAttribute("aria-checked", "true");
  await benContext.close();
});

test("the todos page says what to do next when a tab is empty, and works on a phone", async ({ page, request }) => {
  const { owner, workspace } = await createOwner(request, "Cleo");
  await page.setViewportSize({ width: 375, height: 812 });
  await openAs(page, owner, `/workspaces/${workspace.id}/todos?filter=assigned_by_me`);
  await expect(page.getByRole("heading", { name: "You haven't given anyone a todo" })).toBeVisible();
  await expect(page.getByText(/then choose Make a todo beside an item/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Open your documents" })).toHaveAttribute("href", `/workspaces/${workspace.id}/all_docs`);
  // The tabs are links a keyboard reaches, each with its count.
  await page.getByRole("link", { name: /^Mine/ }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/workspaces/${workspace.id}/todos$`));
  await expect(page.getByRole("heading", { name: "Nothing is waiting on you" })).toBeVisible();
});
