import { expect, test } from "./fixtures";
import { auth, createColleague, createOwner, openAs, openWithInbox, selectText } from "./helpers";

test.use({ viewport: { width: 1440, height: 900 } });

test("A asks B to approve; B comments and suggests; A accepts and resolves live; B approves; the document can be scheduled", async ({ browser, page, request }) => {
  test.setTimeout(150_000);
  const { owner: ana, workspace } = await createOwner(request, "Ana");
  const ben = await createColleague(request, ana, workspace.id, "Ben");
  const headers = auth(ana, workspace.id);
  const created = await request.post(`/v1/w/${workspace.id}/articles`, {
    headers,
    data: { article: { title: "Cold brew returns", markdown: "Our cold brew returns on Monday. It costs £3.20 in every café.", private: true } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const doc = (await created.json()).data as { id: number; slug: string };
  const shared = await request.post(`/v1/articles/${doc.id}/accesses`, { headers, data: { email_accesses: [{ email: ben.email, permission: "comment" }] } });
  expect(shared.status(), await shared.text()).toBeLessThan(300);
  const account = await request.post(`/v1/w/${workspace.id}/social_accounts`, { headers, data: { network: "sandbox", display_name: "Fernhill Main" } });
  expect(account.status(), await account.text()).toBe(201);
  const accountId = (await account.json()).data.id as number;

  // Before any review, the workspace's rule holds the document back from scheduling.
  const post = () =>
    request.post(`/v1/w/${workspace.id}/posts`, {
      headers,
      data: { text: "Cold brew returns on Monday.", targets: [{ account_id: accountId }], publish_at: new Date(Date.now() + 86_400_000).toISOString(), article_id: doc.id },
    });
  const early = await post();
  expect(early.status()).toBe(422);
  expect(await early.text()).toContain("must be approved");

  // Ben is elsewhere in the app with his inbox socket open.
  const benContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const benPage = await benContext.newPage();
  const benInbox = await openWithInbox(benPage, ben, `/workspaces/${workspace.id}/home`);
  // Being given comment access is already one unread item.
  await expect(benInbox).toHaveAccessibleName("Inbox, 1 unread");

  // Ana asks Ben to approve.
  await openAs(page, ana, `/docs/${doc.slug}`);
  await page.getByRole("link", { name: "Request review" }).click();
  await page.getByLabel(/^Approval/).check();
  await page.getByLabel("Ben Colleague").check();
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page).toHaveURL(new RegExp(`/docs/${doc.slug}/reviews/\\d+$`));
  const reviewPath = new URL(page.url()).pathname;
  await expect(page.getByTestId("document-status")).toHaveText("In review");

  // Ben's count goes up without a reload.
  await expect(benInbox).toHaveAccessibleName("Inbox, 2 unread");

  // Ana goes back to the document; Ben opens it, comments on a sentence and suggests a change.
  await page.goto(`/docs/${doc.slug}`);
  await expect(page.getByRole("status").filter({ hasText: "Live." })).toBeVisible({ timeout: 20_000 });
  await benPage.goto(`/docs/${doc.slug}`);
  const benBody = benPage.getByRole("textbox", { name: "Document body" });
  await expect(benBody).toContainText("costs £3.20");
  await selectText(benPage, "costs £3.20");
  const benComments = benPage.getByRole("complementary", { name: /Comments/ });
  await benComments.getByRole("button", { name: "Comment on selection" }).click();
  await benComments.getByLabel("Your comment on the selected text").fill("Is this the London price too?");
  await benComments.getByRole("button", { name: "Comment", exact: true }).click();
  await benPage.getByRole("button", { name: "Suggest edits" }).click();
  await selectText(benPage, "Our cold brew", { caret: true });
  await benBody.focus();
  await benPage.keyboard.type(", made with oat milk,");

  // Ana sees both live, accepts the suggestion and resolves the comment.
  const anaComments = page.getByRole("complementary", { name: /Comments/ });
  const thread = anaComments.getByRole("listitem").filter({ hasText: "Is this the London price too?" });
  await expect(thread).toBeVisible({ timeout: 20_000 });
  const suggestion = page.getByRole("region", { name: /Changes/ }).getByRole("listitem").filter({ hasText: "made with oat milk" });
  await expect(suggestion).toContainText("Ben", { timeout: 20_000 });
  await suggestion.getByRole("button", { name: /^Accept/ }).click();
  await expect(page.getByRole("textbox", { name: "Document body" })).toContainText("Our cold brew, made with oat milk, returns on Monday.");
  await thread.getByRole("button", { name: "Resolve" }).click();
  await expect(anaComments.getByText("No open comments: the resolved ones are under Resolved.")).toBeVisible();

  // Ben approves from the review; the document is approved for both, live.
  await benPage.goto(reviewPath);
  await benPage.getByRole("button", { name: "Approve" }).click();
  await expect(benPage.getByTestId("document-status")).toHaveText("Approved");
  await page.goto(reviewPath);
  await expect(page.getByTestId("document-status")).toHaveText("Approved");

  // And now it can be scheduled, with the accepted words saved in it.
  await expect
    .poll(async () => JSON.stringify((await (await request.get(`/v1/articles/${doc.id}`, { headers })).json()).data.body), { timeout: 30_000 })
    .toContain("made with oat milk");
  const scheduled = await post();
  expect(scheduled.status(), await scheduled.text()).toBe(201);
  await benContext.close();
});
