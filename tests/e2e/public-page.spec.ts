import { expect, test, type APIRequestContext } from "./fixtures";
import { auth, createOwner, expectNoHorizontalOverflow, type NewUser } from "./helpers";

const MARKDOWN = [
  "## Why we launch on Tuesdays",
  "",
  "Ship the **launch** early in the week, then *watch* the numbers. Read [the checklist](https://example.com/checklist).",
  "",
  "- Draft the announcement",
  "- Brief the sales team",
  "",
  "> Done is better than perfect.",
].join("\n");

async function publishDocument(request: APIRequestContext, owner: NewUser, workspaceId: number, title: string) {
  const created = await request.post(`/v1/w/${workspaceId}/articles`, {
    headers: auth(owner, workspaceId),
    data: { article: { title, markdown: MARKDOWN } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const article = (await created.json()).data as { id: number; slug: string };
  const categories = (await (await request.get("/v1/categories")).json()).data as { id: number; slug: string }[];
  const marketing = categories.find((category) => category.slug === "marketing")!;
  const published = await request.put(`/v1/articles/${article.id}/make_public`, {
    headers: auth(owner, workspaceId),
    data: { category_id: marketing.id },
  });
  expect(published.status(), await published.text()).toBe(200);
  return { ...article, path: (await published.json()).data.public_path as string };
}

test("a published document opens signed out, takes a reaction, and is gone once made private", async ({ browser, request }) => {
  const { owner, workspace } = await createOwner(request, "Pia");
  const title = `Tuesday launch playbook ${Date.now().toString(36)}`;
  const article = await publishDocument(request, owner, workspace.id, title);

  // A fresh context: no auth cookie, no stored identity, like a stranger following a link.
  const context = await browser.newContext();
  const page = await context.newPage();
  const first = await page.goto(article.path);
  expect(first?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Why we launch on Tuesdays" })).toBeVisible();
  await expect(page.locator(".document-view strong")).toHaveText("launch");
  await expect(page.getByRole("link", { name: "the checklist" })).toHaveAttribute("target", "_blank");
  await expect(page.getByRole("listitem").filter({ hasText: "Brief the sales team" })).toBeVisible();
  await expect(page.getByText("Done is better than perfect.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Marketing" })).toBeVisible();
  await expect(page.getByText("Pia Owner")).toBeVisible();

  const thumbs = page.getByTestId("reaction-👍");
  await expect(thumbs).toBeEnabled();
  await expect(thumbs).toHaveAttribute("aria-pressed", "false");
  await thumbs.click();
  await expect(thumbs).toHaveAttribute("aria-pressed", "true");
  await expect(thumbs).toContainText("1");

  // Served from the edge cache now, and the reaction is still this visitor's.
  const again = await page.reload();
  expect(again?.headers()["x-cache"]).toBe("HIT");
  await expect(thumbs).toHaveAttribute("aria-pressed", "true");
  await expect(thumbs).toContainText("1");

  const privateAgain = await request.put(`/v1/articles/${article.id}/make_private`, { headers: auth(owner, workspace.id) });
  expect(privateAgain.status()).toBe(200);
  const gone = await page.reload();
  expect(gone?.status()).toBe(404);
  await expect(page.getByTestId("not-found")).toBeVisible();
  await expect(page.getByRole("heading", { name: "This page isn't available" })).toBeVisible();
  await expect(page.getByText("Done is better than perfect.")).toHaveCount(0);
  await context.close();
});

test("the public directory lists a published page under its category, on a phone too", async ({ browser, request }) => {
  const { owner, workspace } = await createOwner(request, "Dev");
  const title = `Directory entry ${Date.now().toString(36)}`;
  const article = await publishDocument(request, owner, workspace.id, title);

  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await page.goto("/directory");
  await expect(page.getByRole("heading", { level: 1, name: "Published with Brandwork" })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.getByRole("link", { name: /^Marketing/ }).first().click();
  await expect(page).toHaveURL(/\/directory\/marketing$/);
  await expect(page.getByRole("heading", { level: 1, name: "Marketing" })).toBeVisible();
  await page.getByRole("link", { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`${article.path}$`));
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await context.close();
});
