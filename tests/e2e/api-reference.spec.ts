import { expect, test } from "./fixtures";

// /v1/docs renders /v1/openapi.json with Redoc from this site's own static assets, under its CSP.
test("the API reference renders the document, with nothing blocked but Redocly's footer logo", async ({ page }) => {
  // Redoc lays out every operation of the document in the page: 50 s beside another test on two cores.
  test.setTimeout(120_000);
  const blocked: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text()) && !message.text().includes("cdn.redoc.ly")) blocked.push(message.text());
  });
  await page.goto("/v1/docs");
  // Redoc parses and lays out the whole document in the page before its first heading: beside the
  // accessibility pass on two loaded cores that took over 15 s once (still "Loading ..."), not a fault.
  await expect(page.getByRole("heading", { name: /Brandwork API/ })).toBeVisible({ timeout: 45_000 });
  // Redoc names each section's heading with its anchor too ("tag/Posts Posts"), which carries the operationId.
  await expect(page.getByRole("heading", { name: /\bPosts$/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: "tag/Posts/operation/getPost Get a post" })).toBeVisible();
  expect(blocked).toEqual([]);
});
