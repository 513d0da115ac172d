import { expect, test } from "@playwright/test";
import { auth, createOwner, signIn } from "./helpers";

test("a marketer writes a blog post from a brief: outline, edited, then a streamed draft that opens as a document", async ({ page, request }) => {
  test.setTimeout(90_000);
  const { owner, workspace } = await createOwner(request, "Writer");
  await request.post(`/v1/w/${workspace.id}/brand_kits`, {
    headers: auth(owner, workspace.id),
    data: { name: "Beanery", notes: { product_or_service_description: "Beanery roasts coffee for offices every week.", avoid_list: "cheap" } },
  });
  await signIn(page, owner.email, owner.password, "/create/blog-post");

  await expect(page.getByText("Written by Offline writer")).toBeVisible();
  await page.getByLabel("Topic").fill("Better coffee breaks at the office");
  await page.getByLabel("Keywords").fill("office coffee, team rituals");
  await page.getByLabel("Audience").fill("office managers");
  await page.getByLabel("Short (about 600 words)").check();
  await expect(page.getByLabel("Brand kit")).toHaveValue(/\d+/);
  await page.getByRole("button", { name: "Write the outline" }).click();

  // The outline arrives, and the writer edits it before the draft.
  await expect(page.getByRole("heading", { name: "Outline for “Better coffee breaks at the office”" })).toBeVisible();
  await expect(page.getByLabel("Section 1", { exact: true })).not.toHaveValue("", { timeout: 20_000 });
  const sections = page.getByRole("textbox", { name: /^Section \d+$/ });
  const before = await sections.count();
  await expect(page.getByLabel(`Section ${before}`, { exact: true })).toHaveValue("How Beanery helps");
  await page.getByLabel("Section 1", { exact: true }).fill("Why the coffee break matters");
  await page.getByRole("button", { name: "Add a section" }).click();
  await page.getByLabel(`Section ${before + 1}`, { exact: true }).fill("A weekly tasting ritual");

  await page.getByRole("button", { name: "Write the draft" }).click();
  // Text streams in, with a live count and a Stop button, before the draft is ready.
  await expect(page.getByRole("status").filter({ hasText: /Writing the draft… (starting|\d+ words so far)/ }).or(page.getByRole("heading", { name: "Your draft is ready" }))).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your draft is ready" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel("Text written so far")).toContainText("## Why the coffee break matters");
  await expect(page.getByLabel("Text written so far")).toContainText("## A weekly tasting ritual");

  await page.getByRole("link", { name: "Open the document" }).click();
  await expect(page).toHaveURL(/\/docs\/better-coffee-breaks-at-the-office-\d+$/);
  await expect(page.getByRole("status").filter({ hasText: "Live" })).toBeVisible({ timeout: 20_000 });
  const body = page.getByRole("textbox", { name: "Document body" });
  await expect(body.getByRole("heading", { name: "A weekly tasting ritual" })).toBeVisible();
  await expect(body).not.toContainText("cheap");
});

test("a brief needs a topic, and going back from the outline keeps the brief", async ({ page, request }) => {
  const { owner } = await createOwner(request, "Stopper");
  await signIn(page, owner.email, owner.password, "/create/blog-post");
  await expect(page.getByRole("button", { name: "Write the outline" })).toBeDisabled();
  await page.getByLabel("Topic").fill("Quarterly planning that people enjoy");
  await page.getByLabel("Long (about 2,000 words)").check();
  await page.getByRole("button", { name: "Write the outline" }).click();
  await expect(page.getByLabel("Section 1", { exact: true })).not.toHaveValue("", { timeout: 20_000 });
  await page.getByRole("button", { name: "Back to the brief" }).click();
  await expect(page.getByLabel("Topic")).toHaveValue("Quarterly planning that people enjoy");
});
