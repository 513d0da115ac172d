import { expect, test } from "./fixtures";
import { auth, createColleague, createOwner, openAs, selectText } from "./helpers";

test.use({ viewport: { width: 1440, height: 900 } });

test("B comments on a sentence and mentions A; A sees it live, replies and resolves it; its mark follows edits to its words", async ({ browser, page, request }) => {
  test.setTimeout(90_000);
  const { owner: ana, workspace } = await createOwner(request, "Ana");
  const ben = await createColleague(request, ana, workspace.id, "Ben");
  const created = await request.post(`/v1/w/${workspace.id}/articles`, {
    headers: auth(ana, workspace.id),
    data: { article: { title: "Spring launch", markdown: "Our oat-milk cold brew is back in April. It costs £3.20 in every café." } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const doc = (await created.json()).data as { id: number; slug: string };
  const shared = await request.post(`/v1/articles/${doc.id}/accesses`, { headers: auth(ana, workspace.id), data: { email_accesses: [{ email: ben.email, permission: "comment" }] } });
  expect(shared.status(), await shared.text()).toBeLessThan(300);

  // Ana has the document open.
  await openAs(page, ana, `/docs/${doc.slug}`);
  const anaComments = page.getByRole("complementary", { name: /Comments/ });
  await expect(anaComments.getByText("Updates live", { exact: true })).toBeVisible();
  await expect(anaComments.getByText(/No comments yet/)).toBeVisible();

  // Ben, with comment access, comments on words he selects.
  const benContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const benPage = await benContext.newPage();
  await openAs(benPage, ben, `/docs/${doc.slug}`);
  const benComments = benPage.getByRole("complementary", { name: /Comments/ });
  await expect(benPage.getByRole("textbox", { name: "Document body" })).toContainText("cold brew");
  await selectText(benPage, "costs £3.20");
  await benComments.getByRole("button", { name: "Comment on selection" }).click();
  await expect(benComments.locator(".comment-composer__quote")).toHaveText("costs £3.20");
  const box = benComments.getByLabel("Your comment on the selected text");
  await box.fill("Is this the price in London too? @An");
  await benComments.getByRole("button", { name: "Ana Owner" }).click();
  await benComments.getByRole("button", { name: "Comment", exact: true }).click();
  await expect(benComments.getByRole("listitem").filter({ hasText: "Is this the price in London too?" })).toBeVisible();

  // Ana sees it without reloading, with the words it is about, and her inbox has the mention.
  const thread = anaComments.getByRole("listitem").filter({ hasText: "Is this the price in London too?" });
  await expect(thread).toBeVisible({ timeout: 20_000 });
  await expect(thread.getByRole("button", { name: /Show the text: costs £3.20/ })).toBeVisible();
  const inbox = await (await request.get(`/v1/w/${workspace.id}/inbox`, { headers: auth(ana, workspace.id) })).json();
  expect(JSON.stringify(inbox.data)).toContain("mentioned");

  await thread.getByRole("button", { name: "Reply" }).click();
  await thread.getByLabel(/^Reply to Ben/).fill("Yes, £3.20 everywhere.");
  await thread.getByRole("button", { name: "Reply", exact: true }).last().click();
  await expect(benComments.getByText("Yes, £3.20 everywhere.")).toBeVisible({ timeout: 20_000 });

  // Ana edits around the quoted words: the thread keeps its place.
  const body = page.getByRole("textbox", { name: "Document body" });
  await body.click();
  await page.keyboard.press("Control+Home");
  await page.keyboard.type("Big news! ");
  await expect(body).toContainText("Big news! Our oat-milk");
  await expect(thread.getByText("Text deleted")).toHaveCount(0);

  // The thread's words carry its comment mark in everyone's editor, placed live through the room.
  const mark = body.locator('mark[data-mark="comment-mark"]');
  await expect(mark).toHaveText("costs £3.20", { timeout: 20_000 });
  await expect(benPage.getByRole("textbox", { name: "Document body" }).locator('mark[data-mark="comment-mark"]')).toHaveText("costs £3.20");
  // Ana changes the very words the thread is on: its quote no longer matches, but its mark moves with them.
  await selectText(page, "3.2");
  await page.keyboard.type("3.4");
  await expect(mark).toHaveText("costs £3.40");
  await expect(thread.getByText("Text deleted")).toHaveCount(0);

  // Both have the thread active (its words highlighted); resolving it clears that for Ana, and live for Ben.
  const benThread = benComments.getByRole("listitem").filter({ hasText: "Is this the price in London too?" });
  await thread.getByRole("button", { name: /Show the text/ }).click();
  await benThread.getByRole("button", { name: /Show the text/ }).click();
  await expect(thread).toHaveClass(/comment-thread--active/);
  await expect(benThread).toHaveClass(/comment-thread--active/);
  const activeHighlight = (target: typeof page) => target.evaluate(() => (CSS as unknown as { highlights?: Map<string, unknown> }).highlights?.has("comment-active") ?? false);
  await expect.poll(() => activeHighlight(page)).toBe(true);

  await thread.getByRole("button", { name: "Resolve" }).click();
  await expect(mark).toHaveAttribute("data-resolved", "true", { timeout: 20_000 });
  await expect(anaComments.getByText("No open comments: the resolved ones are under Resolved.")).toBeVisible();
  await expect(benThread).toHaveCount(0, { timeout: 20_000 });
  await expect.poll(() => activeHighlight(page)).toBe(false);
  await expect.poll(() => activeHighlight(benPage)).toBe(false);
  await anaComments.getByRole("button", { name: "Resolved" }).click();
  await expect(thread).toBeVisible();
  await expect(thread).not.toHaveClass(/comment-thread--active/);
  await benComments.getByRole("button", { name: "Resolved" }).click();
  await expect(benThread).toContainText("Resolved by Ana Owner");
  await expect(benThread).not.toHaveClass(/comment-thread--active/);
  await benContext.close();
});
