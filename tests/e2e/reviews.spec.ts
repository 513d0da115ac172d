import { expect, test } from "./fixtures";
import { auth, createColleague, createOwner, openAs, openWithInbox } from "./helpers";

test.use({ viewport: { width: 1440, height: 900 } });

test("A asks B to approve; B's inbox count goes up without a reload; B approves; A sees the document approved", async ({ browser, page, request }) => {
  const { owner: ana, workspace } = await createOwner(request, "Ana");
  const ben = await createColleague(request, ana, workspace.id, "Ben");
  const created = await request.post(`/v1/w/${workspace.id}/articles`, {
    headers: auth(ana, workspace.id),
    data: { article: { title: "Autumn launch post" } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const doc = (await created.json()).data as { id: number; slug: string };

  // Ben works elsewhere in the app with his inbox socket open.
  const benContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const benPage = await benContext.newPage();
  const benInbox = await openWithInbox(benPage, ben, `/workspaces/${workspace.id}/home`);
  await expect(benInbox).toHaveAccessibleName("Inbox");

  // Ana asks from the document.
  await openAs(page, ana, `/docs/${doc.slug}`);
  await page.getByRole("link", { name: "Request review" }).click();
  await expect(page.getByRole("heading", { name: /Ask for a review of/ })).toBeVisible();
  await page.getByLabel(/^Approval/).check();
  await page.getByLabel("Ben Colleague").check();
  await page.getByLabel("Message (optional)").fill("Good to go out on Friday?");
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page).toHaveURL(new RegExp(`/docs/${doc.slug}/reviews/\\d+$`));
  await expect(page.getByTestId("document-status")).toHaveText("In review");
  await expect(page.getByTestId("review-status")).toContainText("0 of 1 answered");

  // Ben's count goes up live, and the panel leads him to the review.
  await expect(benInbox).toHaveAccessibleName("Inbox, 1 unread");
  await benInbox.click();
  const panel = benPage.getByRole("dialog", { name: "Inbox" });
  // The panel filters by type, as the inbox page does (the same control, with unread counts).
  const type = panel.getByLabel("Type");
  await expect(type.locator('option[value="Review"]')).toHaveText("Reviews (1)");
  await type.selectOption("Comment");
  await expect(panel.getByText(/Nothing under “Comments”/)).toBeVisible();
  await type.selectOption("Review");
  await panel.getByRole("link", { name: /Ana Owner asked you to approve "Autumn launch post"/ }).click();
  await expect(benPage).toHaveURL(new RegExp(`/docs/${doc.slug}/reviews/\\d+$`));
  await expect(benPage.getByText("Good to go out on Friday?")).toBeVisible();
  await benPage.getByRole("button", { name: "Approve" }).click();
  await expect(benPage.getByTestId("document-status")).toHaveText("Approved");
  // Following the item read it.
  await expect(benInbox).toHaveAccessibleName("Inbox");

  // Ana's page follows without a reload: the answer reached her inbox hub.
  await expect(page.getByTestId("document-status")).toHaveText("Approved");
  await expect(page.getByTestId("review-status")).toContainText("1 of 1 answered");
  await expect(page.getByRole("button", { name: /^Inbox, 1 unread/ })).toBeVisible();
  await benContext.close();
});
