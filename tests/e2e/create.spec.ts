import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import { auth, createOwner, openAs } from "./helpers";

test("a marketer writes a blog post from a brief: outline, edited, then a streamed draft that opens as a document", async ({ page, request }) => {
  test.setTimeout(90_000);
  const { owner, workspace } = await createOwner(request, "Writer");
  await request.post(`/v1/w/${workspace.id}/brand_kits`, {
    headers: auth(owner, workspace.id),
    data: { name: "Beanery", notes: { product_or_service_description: "Beanery roasts coffee for offices every week.", avoid_list: "cheap" } },
  });
  await openAs(page, owner, "/create/blog-post");

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
  // The draft shows as it will look: headings and bold words, not markdown's # and **.
  const draft = page.getByRole("region", { name: "Your draft", exact: true });
  await expect(draft.getByRole("heading", { name: "Why the coffee break matters" })).toBeVisible();
  await expect(draft.getByRole("heading", { name: "A weekly tasting ritual" })).toBeVisible();
  await expect(draft.locator("strong").first()).toBeVisible();
  await expect(draft).not.toContainText("##");
  await expect(draft).not.toContainText("**");

  await page.getByRole("link", { name: "Open the document" }).click();
  // The writer titles the draft from the brief's subject, in one of its title shapes ("Better
  // coffee breaks: a practical guide", "What works for better coffee breaks"): which one
  // depends on the job's seed, and every other generation in the run moves that.
  await expect(page).toHaveURL(/\/docs\/[a-z0-9-]*better-coffee-breaks[a-z0-9-]*-\d+$/);
  await expect(page.getByRole("status").filter({ hasText: "Live" })).toBeVisible({ timeout: 20_000 });
  const body = page.getByRole("textbox", { name: "Document body" });
  await expect(body.getByRole("heading", { name: "A weekly tasting ritual" })).toBeVisible();
  await expect(body).not.toContainText("cheap");

  // The SEO analysis reads the same document.
  await page.getByLabel("More actions").first().click();
  await page.locator(".menu[open]").getByRole("link", { name: "SEO analysis…" }).click();
  const seo = page.getByRole("dialog", { name: "SEO analysis" });
  await seo.getByLabel("Keywords to check").fill("office coffee");
  await expect(seo.getByText("Reading ease")).toBeVisible();
  await expect(seo.getByRole("row", { name: /office coffee/ })).toBeVisible();
  await expect(seo.getByText("Write a meta description: a sentence or two that makes people want to click.")).toBeVisible();
});

test("a promo email sequence is written, edited, saved and exported as HTML", async ({ page, request }) => {
  test.setTimeout(60_000);
  const { owner } = await createOwner(request, "Promo");
  await openAs(page, owner, "/create/promo-email-sequence");
  await page.getByLabel("Topic").fill("Winter coats");
  await page.getByLabel("Offer").fill("30% off every coat");
  await page.getByLabel("Number of emails").fill("3");
  await page.getByLabel("Days between emails").fill("2");
  await page.getByRole("button", { name: "Write the emails" }).click();
  await expect(page.getByRole("heading", { name: "3 emails for “Winter coats”" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Email 3 · day 4")).toBeVisible();
  const subject = page.getByLabel("Subject").first();
  await subject.fill("Coats for the cold, 30% off");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export HTML" }).first().click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("coats-for-the-cold-30-off.html");
  const html = await readFile((await file.path())!, "utf8");
  expect(html).toContain("<title>Coats for the cold, 30% off</title>");
  expect(html).toContain("max-width:600px");
});

test("a brief needs a topic, and going back from the outline keeps the brief", async ({ page, request }) => {
  const { owner } = await createOwner(request, "Stopper");
  await openAs(page, owner, "/create/blog-post");
  await expect(page.getByRole("button", { name: "Write the outline" })).toBeDisabled();
  await page.getByLabel("Topic").fill("Quarterly planning that people enjoy");
  await page.getByLabel("Long (about 2,000 words)").check();
  await page.getByRole("button", { name: "Write the outline" }).click();
  await expect(page.getByLabel("Section 1", { exact: true })).not.toHaveValue("", { timeout: 20_000 });
  await page.getByRole("button", { name: "Back to the brief" }).click();
  await expect(page.getByLabel("Topic")).toHaveValue("Quarterly planning that people enjoy");
});
