import { expect, test, type Page } from "./fixtures";
import { auth, createOwner, openAs } from "./helpers";

// The Content-Security-Policy must not break the app: a page that the policy blocks anything on
// (a script without the nonce, a websocket to PartyKit, a style, an image, an embed) fails here.

/** Records every CSP violation the page reports, from before its first script runs. */
async function watchViolations(page: Page) {
  const console: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  return async () => {
    const events = await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
    return [...events, ...console];
  };
}

const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

test("the home page and a live document page run under the Content-Security-Policy with no violation", async ({ page, request }) => {
  test.setTimeout(90_000);
  const { owner, workspace } = await createOwner(request, "Csp");
  const violations = await watchViolations(page);

  await openAs(page, owner, "/");
  await expect(page.getByRole("navigation").first()).toBeVisible();
  const home = await page.request.get("/", { headers: { Cookie: (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ") } });
  const policy = home.headers()["content-security-policy"] ?? "";
  expect(policy).toMatch(/script-src 'self' 'nonce-/);
  expect(policy).toContain("frame-ancestors 'none'");
  expect(await violations()).toEqual([]);

  // A document with code (Prism highlighting), an uploaded image (served by the Worker from R2)
  // and a sandboxed embed, opened in the editor with its live room (PartyKit websocket).
  const link = await request.post("/v1/files/upload_url", {
    headers: auth(owner, workspace.id),
    data: { filename: "dot.png", content_type: "image/png", size: PNG_1X1.length, workspace_id: workspace.id },
  });
  expect(link.status(), await link.text()).toBeLessThan(300);
  const target = (await link.json()).data as { id: number; upload_url: string; method: string; headers: Record<string, string> };
  const sent = await request.fetch(target.upload_url, { method: target.method, headers: target.headers, data: PNG_1X1 });
  expect(sent.status(), await sent.text()).toBeLessThan(300);
  const markdown = [
    "# Launch notes",
    "",
    "Some **bold** words and a [link](https://example.com).",
    "",
    "```js",
    "const answer = 42;",
    "```",
    "",
    `![A dot](/files/${target.id})`,
    "",
  ].join("\n");
  const created = await request.post(`/v1/w/${workspace.id}/articles`, {
    headers: auth(owner, workspace.id),
    data: { article: { title: "CSP check", markdown, private: true } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const article = (await created.json()).data as { slug: string };

  await page.goto(`/docs/${article.slug}`);
  await expect(page.getByRole("status").filter({ hasText: "Live" })).toBeVisible({ timeout: 20_000 });
  const editor = page.getByRole("textbox", { name: "Document body" });
  await expect(editor.getByText("const answer = 42;")).toBeVisible();
  await editor.click();
  await page.keyboard.press("Control+End");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Typed under the policy.");
  await expect(editor.getByText("Typed under the policy.")).toBeVisible();
  expect(await violations()).toEqual([]);
});

test("the sign-in page runs under the policy with no violation", async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto("/login_or_signup");
  await expect(page.getByRole("button", { name: "Continue with email" })).toBeVisible();
  await page.getByLabel("Email").fill("someone@example.com");
  await page.getByRole("button", { name: "Continue with email" }).click();
  await expect(page.getByRole("heading", { name: "Enter your password" })).toBeVisible();
  expect(await violations()).toEqual([]);
});

test("static assets are never sniffed: the app's scripts and styles carry nosniff", async ({ request }) => {
  const html = await (await request.get("/login_or_signup")).text();
  const assets = [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!))];
  expect(assets.length).toBeGreaterThan(0);
  for (const asset of assets.slice(0, 5)) {
    const response = await request.get(asset);
    expect(response.status(), asset).toBe(200);
    expect(response.headers()["x-content-type-options"], asset).toBe("nosniff");
  }
});
