import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { uniqueEmail } from "./helpers";

/**
 * Issue 40: a newcomer's way from sign-up to a first published post, taken the way a person
 * takes it: only the first page is opened by its address; every later step is found on the
 * screen, by its visible label or role. It fails on a console error, and on text cut off in
 * a dialog (an element inside one, holding text, whose content is wider than its box).
 */

/** What the minute cron does; the one step a person would wait a minute for (as scheduling.spec.ts does). */
const tick = (request: APIRequestContext) => request.get(`/__scheduled?cron=${encodeURIComponent("* * * * *")}`);
/**
 * Now, as the composer's datetime-local wants it (to the minute), in the browser's zone (UTC in the
 * test browser). The server takes a time up to a minute old; a minute cut to 09:55 at 09:55:50 was
 * over it by the time a loaded machine saved it, so late in a minute this waits for the next one.
 */
async function nowLocal() {
  const seconds = new Date().getUTCSeconds();
  if (seconds > 30) await new Promise((resolve) => setTimeout(resolve, (61 - seconds) * 1000));
  return new Date().toISOString().slice(0, 16);
}

/** Elements in an open dialog whose text runs past their box, as "tag.class: text". */
async function expectNoClippedText(page: Page) {
  const clipped = await page.evaluate(() =>
    [...document.querySelectorAll("dialog[open] *, [role=dialog] *")]
      .filter((element) => {
        if (element.matches("input, textarea, select") || element.closest(".visually-hidden")) return false;
        // Text: an element holding words of its own (a close button's margin spilling out of its header is no text cut off).
        if (![...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim())) return false;
        // A scrolling area shows the rest when scrolled; only content cut off (or spilling out) counts.
        if (/(auto|scroll)/.test(getComputedStyle(element).overflowX)) return false;
        return element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0;
      })
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}: ${(element.textContent ?? "").trim().slice(0, 60)}`),
  );
  expect(clipped, "text cut off in a dialog").toEqual([]);
}

/** A sidebar link: on a phone the sidebar is a drawer, opened first. */
async function goTo(page: Page, name: string) {
  const menu = page.getByRole("button", { name: "Open sidebar" });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("complementary", { name: "Workspace" }).getByRole("link", { name, exact: true }).click();
}

for (const { label, width, height } of [
  { label: "desktop", width: 1440, height: 900 },
  { label: "phone", width: 390, height: 844 },
]) {
  test(`a newcomer goes from sign-up to a published Sandbox post by what the screens show (${label}, ${width} px)`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height });
    const consoleErrors: string[] = [];
    page.on("console", (message) => message.type() === "error" && consoleErrors.push(message.text()));
    page.on("pageerror", (error) => consoleErrors.push(error.message));
    const company = `Nora's Bakery ${Date.now().toString(36)}`;

    // Sign up.
    await page.goto("/login_or_signup");
    await page.getByRole("link", { name: "Create an account" }).click();
    await page.getByLabel("First name").fill("Nora");
    await page.getByLabel("Last name").fill("Baker");
    await page.getByLabel("Work email").fill(uniqueEmail("newcomer"));
    await page.getByLabel("Password").fill("warm-bread-daily");
    await page.getByLabel("Company").fill(company);
    await page.getByRole("button", { name: "Create account" }).click();

    // A first visit is greeted as one, and the home says what to do first.
    await expect(page.getByRole("heading", { name: `Welcome to ${company}` })).toBeVisible();
    await expect(page.getByText("Welcome, Nora", { exact: true })).toBeVisible();
    await expect(page.getByText("Welcome back")).toHaveCount(0);
    const steps = page.getByRole("region", { name: "Get started" });
    await expect(steps.getByText("0 of 5 done")).toBeVisible();

    // 1. The brand kit.
    await steps.getByRole("link", { name: "Set up the brand kit" }).click();
    await page.getByRole("link", { name: "New brand kit" }).first().click();
    const kitDialog = page.getByRole("dialog", { name: "New brand kit" });
    await kitDialog.getByLabel("Name").fill("Nora's Bakery");
    await expectNoClippedText(page);
    await kitDialog.getByRole("button", { name: "Create brand kit" }).click();
    await expect(page.getByLabel("Default kit")).toBeChecked();

    // 2. An account to post from: Scheduled posts says to connect one before "New post".
    await goTo(page, "Home");
    await expect(steps.getByText("1 of 5 done")).toBeVisible();
    await steps.getByRole("link", { name: "Connect an account" }).click();
    await expect(page.getByRole("link", { name: "Connect an account first" })).toBeVisible();
    await expect(page.getByRole("link", { name: "New post" })).toHaveCount(0);
    await page.getByLabel("Sandbox account name").fill("Nora's Bakery");
    await page.getByRole("button", { name: "Connect Sandbox" }).click();
    await expect(page.getByText("Nora's Bakery is connected.")).toBeVisible();

    // 3. The post, written in the brand's voice from Create, its brand kit already chosen.
    await goTo(page, "Create");
    for (const kind of ["Social post", "Blog post", "Campaign", "Nurture email sequence", "Promo email sequence"]) await expect(page.getByRole("link", { name: kind, exact: true })).toBeVisible();
    await page.getByRole("link", { name: "Social post", exact: true }).click();
    await expect(page.getByLabel("Brand kit")).toHaveValue(/^\d+$/);
    await page.getByLabel("Topic").fill("Our sourdough is now delivered warm to your door");
    await page.getByRole("button", { name: "Write the post" }).click();
    await expect(page.getByRole("heading", { name: "Your X (Twitter) post" })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByLabel("Post text")).not.toHaveValue("");
    const text = await page.getByLabel("Post text").inputValue();
    await page.getByRole("button", { name: "Save as a draft post" }).click();
    await expect(page.getByText("Saved as a draft post.")).toBeVisible();

    // 4. Scheduled, from the draft: now, so the next minute's run publishes it.
    await page.getByRole("link", { name: "Schedule it" }).click();
    const editor = page.getByRole("dialog", { name: "Edit post" });
    await expect(editor.getByRole("textbox", { name: "Text", exact: true })).toHaveValue(text);
    await editor.getByLabel(/^When/).fill(await nowLocal());
    await expectNoClippedText(page);
    await editor.getByRole("button", { name: "Save and schedule" }).click();
    const details = page.getByRole("dialog", { name: "Post" });
    // Due now: the suite's minute cron may publish it before this looks (it did once, in CI),
    // so the post is seen scheduled or already gone out; step 5 then waits for "Published".
    await expect(details.getByText("Scheduled", { exact: true }).or(details.getByText("Published", { exact: true }))).toBeVisible();
    await expectNoClippedText(page);

    // 5. Published, live on the open calendar, and there on the Sandbox timeline.
    await tick(request);
    await expect(details.getByText("Published", { exact: true })).toBeVisible({ timeout: 20_000 });
    await expectNoClippedText(page);
    await details.getByRole("link", { name: "View on the sandbox timeline" }).click();
    const firstLine = text.split("\n")[0]!.trim();
    await expect(page.getByRole("list", { name: "Sandbox timeline" }).getByText(firstLine.slice(0, 40), { exact: false }).first()).toBeVisible();

    // The home knows what was done.
    await goTo(page, "Home");
    await expect(page.getByText("Welcome back, Nora", { exact: true })).toBeVisible();
    await expect(steps.getByText("4 of 5 done")).toBeVisible();
    await expect(steps.getByRole("link", { name: "Plan a campaign" })).toBeVisible();

    expect(consoleErrors, "console errors").toEqual([]);
  });
}
