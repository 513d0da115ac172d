import { expect, test, type APIRequestContext } from "./fixtures";
import { auth, createOwner, expectNoHorizontalOverflow, openAs, PNG_1X1, uploadFile, type NewUser } from "./helpers";
import { clippedInDialogs, layoutProblems } from "./layout";

/** What the minute cron does (the local ticker runs it too); called here so tests need not wait for the minute. */
const tick = (request: APIRequestContext) => request.get(`/__scheduled?cron=${encodeURIComponent("* * * * *")}`);

/** Now, as the composer's datetime-local wants it, in the browser's zone (UTC in the test browser). */
const nowLocal = () => new Date().toISOString().slice(0, 16);

test("a post for two Sandbox accounts turns published on the open calendar and appears once on the sandbox timeline", async ({ page, request }) => {
  test.setTimeout(60_000);
  const { owner, workspace } = await createOwner(request, "Sched");
  await openAs(page, owner, `/workspaces/${workspace.id}/scheduled-posts`);
  await expect(page.getByRole("heading", { name: "Connect an account to start scheduling" })).toBeVisible();

  for (const name of ["Fernhill Main", "Fernhill Deals"]) {
    await page.getByLabel("Sandbox account name").fill(name);
    await page.getByRole("button", { name: "Connect Sandbox" }).click();
    await expect(page.getByText(`${name} is connected.`)).toBeVisible();
  }
  await expect(page.getByText("Live", { exact: true })).toBeVisible();

  await page.getByRole("link", { name: "New post" }).click();
  const dialog = page.getByRole("dialog", { name: "New post" });
  for (const name of [/Fernhill Main/, /Fernhill Deals/]) await dialog.getByRole("checkbox", { name }).check();
  await dialog.getByLabel("Text", { exact: true }).fill("Oat-milk cold brew lands today. #ColdBrew");
  await expect(dialog.getByRole("region", { name: "Preview for Fernhill Main" }).getByText("41 / 500")).toBeVisible();
  await dialog.getByLabel(/^When/).fill(nowLocal());
  await dialog.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(page.getByText("Post scheduled.")).toBeVisible();

  const details = page.getByRole("dialog", { name: "Post" });
  await expect(details.getByText("Scheduled")).toHaveCount(2);
  await tick(request);
  // No reload: the publisher's changes arrive over the live channel.
  await expect(details.getByText("Published", { exact: true })).toHaveCount(2, { timeout: 20_000 });
  await expect(details.getByRole("link", { name: "View on the sandbox timeline" })).toHaveCount(2);
  await page.keyboard.press("Escape");
  await expect(page.locator(".upcoming__item").first().getByText("Published")).toBeVisible();

  await page.getByRole("link", { name: "Sandbox timeline" }).click();
  const timeline = page.getByRole("list", { name: "Sandbox timeline" });
  await expect(timeline.getByText("Oat-milk cold brew lands today. #ColdBrew")).toHaveCount(2);
  await expect(timeline.locator(".sandbox-entry--post").filter({ hasText: "Fernhill Main" })).toHaveCount(1);

  await page.setViewportSize({ width: 390, height: 800 });
  await expectNoHorizontalOverflow(page);
});

test("a revoked account shows a reconnect banner, holds its post, and reconnecting publishes it", async ({ page, request }) => {
  test.setTimeout(60_000);
  const { owner, workspace } = await createOwner(request, "Reauth");
  await openAs(page, owner, `/workspaces/${workspace.id}/scheduled-posts`);
  await page.getByLabel("Sandbox account name").fill("Fernhill Main");
  await page.getByRole("button", { name: "Connect Sandbox" }).click();
  await expect(page.getByText("Fernhill Main is connected.")).toBeVisible();
  await expect(page.getByText("Live", { exact: true })).toBeVisible();

  await page.getByRole("link", { name: "New post" }).click();
  const dialog = page.getByRole("dialog", { name: "New post" });
  await dialog.getByLabel("Text", { exact: true }).fill("This one meets a revoked token #sandbox-reauth");
  await dialog.getByLabel(/^When/).fill(nowLocal());
  await dialog.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(page.getByText("Post scheduled.")).toBeVisible();
  await tick(request);

  const banner = page.getByRole("alert").filter({ hasText: "Fernhill Main needs reconnecting." });
  await expect(banner).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("dialog", { name: "Post" }).getByText(/needs to be reconnected/)).toBeVisible();
  await page.keyboard.press("Escape");
  await banner.getByRole("button", { name: "Reconnect Fernhill Main" }).click();
  await expect(page.getByText("Fernhill Main is connected again")).toBeVisible();
  await expect(banner).toBeHidden();
  await page.goto(`/workspaces/${workspace.id}/sandbox`);
  await expect(page.getByRole("list", { name: "Sandbox timeline" }).getByText("This one meets a revoked token #sandbox-reauth")).toBeVisible({ timeout: 20_000 });
});

/** A Sandbox account through the API (the first tests connect through the page). */
async function connectSandbox(request: APIRequestContext, owner: NewUser, workspaceId: number, name: string) {
  const response = await request.post(`/v1/w/${workspaceId}/social_accounts`, { headers: auth(owner, workspaceId), data: { network: "sandbox", display_name: name } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data as { id: number };
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test("a #sandbox-500 post shows its retry and then goes out; a post dragged to another day moves there", async ({ page, request }) => {
  test.setTimeout(120_000);
  const { owner, workspace } = await createOwner(request, "Retry");
  const account = await connectSandbox(request, owner, workspace.id, "Fernhill Main");
  const headers = auth(owner, workspace.id);
  const create = async (text: string, publishAt: string) => {
    const response = await request.post(`/v1/w/${workspace.id}/posts`, { headers, data: { text, targets: [{ account_id: account.id }], publish_at: publishAt } });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()).data as { id: number };
  };
  const flaky = await create("The sandbox hiccups on this one #sandbox-500", new Date(Date.now() - 1_000).toISOString());
  const mover = await create("Move me a day later", `${day(1)}T10:00:00Z`);

  await openAs(page, owner, `/workspaces/${workspace.id}/scheduled-posts?post=${flaky.id}`);
  await expect(page.getByText("Live", { exact: true })).toBeVisible();
  const details = page.getByRole("dialog", { name: "Post" });
  await tick(request);
  await expect(details.getByText(/Retrying automatically \(attempt 2 of 5\)/)).toBeVisible({ timeout: 20_000 });
  await page.keyboard.press("Escape");

  // While the retry waits its backoff (about 30 s): drag the other post one day on.
  const event = page.getByRole("button", { name: /Move me a day later/ });
  // The month grid's day cells are named by their date ("November 27, 2026 …").
  const longDate = new Date(`${day(2)}T12:00:00Z`).toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
  const target = page.getByRole("cell", { name: new RegExp(`^${longDate}`) });
  await event.hover();
  await page.mouse.down();
  const box = (await target.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 12 });
  await page.mouse.up();
  await expect(page.getByText(/^Moved to /)).toBeVisible();
  const moved = await (await request.get(`/v1/posts/${mover.id}`, { headers })).json();
  expect(moved.data.publish_at).toBe(`${day(2)}T10:00:00.000Z`);

  // The retry goes out at its time: the local cron is ticked until it is due.
  await page.goto(`/workspaces/${workspace.id}/scheduled-posts?post=${flaky.id}`);
  await expect(page.getByText("Live", { exact: true })).toBeVisible();
  await expect
    .poll(
      async () => {
        await tick(request);
        return (await (await request.get(`/v1/posts/${flaky.id}`, { headers })).json()).data.targets[0].state;
      },
      // Well under 5 s: after a 5 s wait the next request went out on a keep-alive connection
      // the dev server was closing as idle, and failed with ECONNRESET (it never reached the Worker).
      { timeout: 60_000, intervals: [2_000] },
    )
    .toBe("published");
  await expect(details.getByText("Published", { exact: true })).toBeVisible();
  await expect(details.getByText(/after 2 attempts/)).toBeVisible();
});

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1440, height: 900 };

test("on a phone the calendar comes first, as the week's list, with the accounts and filters folded away", async ({ page, request }) => {
  const { owner, workspace } = await createOwner(request, "Phone");
  const main = await connectSandbox(request, owner, workspace.id, "Fernhill Main");
  await connectSandbox(request, owner, workspace.id, "Fernhill Deals");
  // A draft at the start of today (UTC, the test browser's zone): always in this week's list, never sent.
  const created = await request.post(`/v1/w/${workspace.id}/posts`, { headers: auth(owner, workspace.id), data: { text: "Thumb-sized news: oat flat whites all week", targets: [{ account_id: main.id }], publish_at: `${day(0)}T00:01:00Z`, draft: true } });
  expect(created.status(), await created.text()).toBe(201);
  const late = await request.post(`/v1/w/${workspace.id}/posts`, { headers: auth(owner, workspace.id), data: { text: "Late-night roast notes", targets: [{ account_id: main.id }], publish_at: `${day(0)}T23:30:00Z`, draft: true } });
  expect(late.status(), await late.text()).toBe(201);

  await page.setViewportSize(PHONE);
  await openAs(page, owner, `/workspaces/${workspace.id}/scheduled-posts`);
  await expect(page.getByRole("tab", { name: "List view" })).toHaveAttribute("aria-selected", "true");
  // The post, its words whole, on the first screen: not under the accounts and four filters.
  await expect(page.getByRole("button", { name: /Thumb-sized news: oat flat whites all week/ })).toBeInViewport({ ratio: 1 });
  // Drawn an hour long, a post at 23:30 is listed on its own day only (unless that day ends the week).
  await expect(page.getByRole("button", { name: /Late-night roast notes/ })).toHaveCount(1);
  expect(await layoutProblems(page)).toEqual([]);

  const filters = page.getByRole("group", { name: "Filters" });
  await expect(filters).toBeHidden();
  await page.getByRole("button", { name: "Filters" }).click();
  await filters.getByLabel("State").selectOption("draft");
  await expect(page.getByRole("button", { name: "Filters (1 on)" })).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("button", { name: /Thumb-sized news/ })).toBeVisible();
  await page.getByRole("button", { name: "Accounts (2)" }).click();
  await expect(filters).toBeHidden();
  await expect(page.getByRole("region", { name: "Accounts" }).getByText("Fernhill Deals")).toBeVisible();
  expect(await layoutProblems(page)).toEqual([]);

  // Widened past the phone breakpoint: the month, with the filters and accounts shown.
  await page.setViewportSize(DESKTOP);
  await expect(page.getByRole("tab", { name: "Month view" })).toHaveAttribute("aria-selected", "true");
  await expect(filters).toBeVisible();
  await expect(page.getByRole("button", { name: "Filters (1 on)" })).toBeHidden();
});

test("the post and composer dialogs show all of a post's text, at 1440 px and on a phone", async ({ page, request }) => {
  const { owner, workspace } = await createOwner(request, "Dialogs");
  const account = await connectSandbox(request, owner, workspace.id, "Fernhill Main");
  const text = "Our sourdough is now delivered warm to their door: order by nine, and the bakers put your loaf in the oven so it reaches you within the hour. Buns, focaccia and the seeded rye come too.";
  const created = await request.post(`/v1/w/${workspace.id}/posts`, { headers: auth(owner, workspace.id), data: { text, targets: [{ account_id: account.id }], publish_at: `${day(3)}T10:00:00Z` } });
  expect(created.status(), await created.text()).toBe(201);
  const post = (await created.json()).data as { id: number };

  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await openAs(page, owner, `/workspaces/${workspace.id}/scheduled-posts?post=${post.id}`);
    const details = page.getByRole("dialog", { name: "Post" });
    await expect(details.getByText(text)).toBeVisible();
    expect(await clippedInDialogs(page), `the post dialog at ${viewport.width}px`).toEqual([]);
    await details.getByRole("button", { name: "Edit" }).click();
    const composer = page.getByRole("dialog", { name: "Edit post" });
    await expect(composer.getByRole("textbox", { name: "Text", exact: true })).toHaveValue(text);
    expect(await clippedInDialogs(page), `the composer at ${viewport.width}px`).toEqual([]);
    expect(await layoutProblems(page), `the composer at ${viewport.width}px`).toEqual([]);
  }
});

test("an empty Scheduled posts page explains the Sandbox before it asks for an account name, whose example fits", async ({ page, request }) => {
  const { owner, workspace } = await createOwner(request, "Empty");
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await openAs(page, owner, `/workspaces/${workspace.id}/scheduled-posts`);
    const field = page.getByRole("textbox", { name: "Sandbox account name" });
    await expect(field).toHaveAttribute("placeholder", /Fernhill Coffee/);
    const explanation = page.getByText("The Sandbox network needs no keys");
    const [explained, asked] = [(await explanation.boundingBox())!, (await field.boundingBox())!];
    expect(explained.y + explained.height, `at ${viewport.width}px`).toBeLessThanOrEqual(asked.y);
    expect(await layoutProblems(page), `at ${viewport.width}px`).toEqual([]);
  }
});

test("a document becomes a post with an image from uploads, in the person's own time zone", async ({ page, request }) => {
  test.setTimeout(90_000);
  const { owner, workspace } = await createOwner(request, "Docpost");
  await connectSandbox(request, owner, workspace.id, "Fernhill Main");
  const headers = auth(owner, workspace.id);
  const article = await request.post(`/v1/w/${workspace.id}/articles`, {
    headers,
    data: { article: { title: "Cold brew is back", markdown: "Our oat-milk cold brew returns on Monday. It costs £3.20 in every café.\n\nA second paragraph about beans." } },
  });
  expect(article.status(), await article.text()).toBe(201);
  const doc = (await article.json()).data as { id: number; slug: string };
  await uploadFile(request, owner, workspace.id, { name: "cold-brew.png", mimeType: "image/png", buffer: PNG_1X1 });

  await openAs(page, owner, `/docs/${doc.slug}`);
  await page.getByLabel("More actions").first().click();
  await page.getByRole("link", { name: "Schedule a post" }).click();
  const dialog = page.getByRole("dialog", { name: "New post" });
  // By role: the label's own text includes a server-rendered textarea's first value.
  await expect(dialog.getByRole("textbox", { name: "Text", exact: true })).toHaveValue(/^Cold brew is back\n\nOur oat-milk cold brew returns on Monday\./);
  await expect(page.getByText("Starting from “Cold brew is back”")).toBeVisible();

  await dialog.getByRole("button", { name: "Add images or videos" }).click();
  const option = dialog.getByRole("group", { name: "Uploaded images and videos" }).getByRole("button", { name: /cold-brew\.png/ });
  await option.click();
  await expect(option).toHaveAttribute("aria-pressed", "true");
  await dialog.getByRole("button", { name: "Done choosing" }).click();
  await expect(dialog.getByRole("button", { name: "Remove cold-brew.png" })).toBeVisible();
  // The workspace's rule (on by default) holds back documents that are not approved.
  await dialog.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(dialog.getByRole("alert")).toContainText('"Cold brew is back" must be approved before it is scheduled');
  const rule = await request.put(`/v1/w/${workspace.id}/settings/workspace`, { headers, data: { statuses: { require_approval: { scheduled_posts: false } } } });
  expect(rule.status(), await rule.text()).toBe(200);
  await dialog.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(page.getByText("Post scheduled.")).toBeVisible();
  const posts = await (await request.get(`/v1/w/${workspace.id}/posts?from=${day(-1)}T00:00:00Z&to=${day(3)}T00:00:00Z`, { headers })).json();
  expect(posts.data).toEqual([expect.objectContaining({ article_id: doc.id, media: [expect.any(Number)] })]);

  // Times follow the person's own zone once they choose one.
  await page.keyboard.press("Escape");
  await page.getByLabel("Your time zone").selectOption("Asia/Tokyo");
  await expect(page.getByText("Times now show in Asia/Tokyo.")).toBeVisible();
  const me = await (await request.get("/v1/users/self", { headers })).json();
  expect(me.data.profile.timezone).toBe("Asia/Tokyo");
  await expect(page.getByLabel("Your time zone")).toHaveValue("Asia/Tokyo");
});

test("an admin adds a webhook, sees its secret once, and sets the workspace's zone and late window", async ({ page, request }) => {
  const { owner, workspace } = await createOwner(request, "Hooks");
  await openAs(page, owner, `/workspaces/${workspace.id}/settings/publish`);
  await page.getByLabel("Publish late posts for up to (minutes)").fill("30");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByLabel("Publish late posts for up to (minutes)")).toHaveValue("30");
  await page.getByRole("link", { name: "webhooks" }).click();

  await expect(page.getByRole("main").getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
  await expect(page.getByText("No endpoints yet.")).toBeVisible();
  await page.getByLabel("URL").fill("http://hooks.example.com/in");
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await expect(page.getByText("must be an https URL").first()).toBeVisible();
  await page.getByLabel("URL").fill("https://hooks.example.com/in");
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await expect(page.getByText("Its signing secret is shown this once")).toBeVisible();
  await expect(page.getByRole("status").locator("code")).toHaveText(/^whsec_/);
  await expect(page.getByRole("listitem").filter({ hasText: "https://hooks.example.com/in" })).toContainText("Nothing sent yet.");
  await page.reload();
  await expect(page.getByText(/whsec_/)).toHaveCount(0);

  await page.goto(`/workspaces/${workspace.id}/settings/preferences`);
  await page.getByLabel("Time zone").selectOption("Europe/Paris");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByLabel("Time zone")).toHaveValue("Europe/Paris");

  page.on("dialog", (dialog) => void dialog.accept());
  await page.goto(`/workspaces/${workspace.id}/webhooks`);
  await page.getByRole("button", { name: "Remove https://hooks.example.com/in" }).click();
  await expect(page.getByText("No endpoints yet.")).toBeVisible();
});
