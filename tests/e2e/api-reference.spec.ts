import { expect, test } from "./fixtures";

// /v1/docs renders /v1/openapi.json with Redoc from this site's own static assets, under its CSP.
test("the API reference renders the document, with nothing blocked but Redocly's footer logo", async ({ page }) => {
  const blocked: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text()) && !message.text().includes("cdn.redoc.ly")) blocked.push(message.text());
  });
  await page.goto("/v1/docs");
  await expect(page.getByRole("heading", { name: /Brandwork API/ })).toBeVisible({ timeout: 15_000 });
  // Redoc names each section's heading with its anchor too ("tag/Posts Posts"), which carries the operationId.
  await expect(page.getByRole("heading", { name: /\bPosts$/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: "tag/Posts/operation/getPost Get a post" })).toBeVisible();
  expect(blocked).toEqual([]);
});
