import type { Browser } from "@playwright/test";
import { expect, test, type APIRequestContext } from "./fixtures";
import { auth, createColleague, createOwner, openAs, selectText, type NewUser } from "./helpers";

test.use({ viewport: { width: 1440, height: 900 } });

/** Ana owns a private document holding `markdown`; Ben, her colleague, may comment on it. */
async function anaSharesWithBen(request: APIRequestContext, title: string, markdown: string) {
  const { owner: ana, workspace } = await createOwner(request, "Ana");
  const ben = await createColleague(request, ana, workspace.id, "Ben");
  const created = await request.post(`/v1/w/${workspace.id}/articles`, { headers: auth(ana, workspace.id), data: { article: { title, markdown, private: true } } });
  expect(created.status(), await created.text()).toBe(201);
  const doc = (await created.json()).data as { id: number; slug: string };
  const shared = await request.post(`/v1/articles/${doc.id}/accesses`, { headers: auth(ana, workspace.id), data: { email_accesses: [{ email: ben.email, permission: "comment" }] } });
  expect(shared.status(), await shared.text()).toBeLessThan(300);
  return { ana, ben, workspace, doc };
}

/** Ben opens the document in a browser of his own, waits for the live room and turns on Suggest edits. */
async function benSuggests(browser: Browser, ben: NewUser, slug: string) {
  const benContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const benPage = await benContext.newPage();
  await openAs(benPage, ben, `/docs/${slug}`);
  await expect(benPage.getByRole("status").filter({ hasText: "Live." })).toBeVisible({ timeout: 20_000 });
  await benPage.getByRole("button", { name: "Suggest edits" }).click();
  return { benContext, benPage };
}

test("track changes records an editor's edits for everyone; a commenter suggests; the editor accepts and rejects them live", async ({ browser, page, request }) => {
  test.setTimeout(120_000);
  const { ana, ben, workspace, doc } = await anaSharesWithBen(request, "Spring menu", "The cold brew launches in May.");

  // Ana turns track changes on and rewrites a word: the old one is struck through, not gone.
  await openAs(page, ana, `/docs/${doc.slug}`);
  const body = page.getByRole("textbox", { name: "Document body" });
  await expect(page.getByRole("status").filter({ hasText: "Live." })).toBeVisible({ timeout: 20_000 });
  await page.getByRole("switch", { name: /Track changes/ }).click();
  await selectText(page, "launches in May", { caret: true });
  await body.focus();
  await page.keyboard.press("Backspace");
  await page.keyboard.press("Backspace");
  await page.keyboard.press("Backspace");
  await page.keyboard.type("April");
  const anaChanges = page.getByRole("region", { name: /Changes/ });
  await expect(anaChanges.getByRole("listitem").filter({ hasText: "Deleted" })).toContainText("May");
  await expect(anaChanges.getByRole("listitem").filter({ hasText: "Added" })).toContainText("April");
  await expect(body.locator('mark[data-mark="deletion-mark"]')).toHaveText("May");

  // Ben (comment access) opens it: the switch is on for the document, and he can suggest.
  const benContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const benPage = await benContext.newPage();
  await openAs(benPage, ben, `/docs/${doc.slug}`);
  const benBody = benPage.getByRole("textbox", { name: "Document body" });
  await expect(benPage.getByRole("status").filter({ hasText: "Live." })).toBeVisible({ timeout: 20_000 });
  await expect(benBody).toContainText("April");
  await benPage.getByRole("button", { name: "Suggest edits" }).click();
  await expect(benPage.getByRole("button", { name: "Suggesting" })).toHaveAttribute("aria-pressed", "true");
  await selectText(benPage, "The cold brew", { caret: true });
  await benBody.focus();
  await benPage.keyboard.type(" with oat milk");
  const benChanges = benPage.getByRole("region", { name: /Changes/ });
  await expect(benChanges.getByRole("listitem").filter({ hasText: "with oat milk" })).toContainText("You");

  // Ana sees Ben's suggestion without reloading, with his name, and accepts it; she rejects her own deletion.
  const suggestion = anaChanges.getByRole("listitem").filter({ hasText: "with oat milk" });
  await expect(suggestion).toContainText("Ben", { timeout: 20_000 });
  // Once the room has saved it, it is Ben's open suggestion. Each action goes through the API and
  // the room, and the change leaves the list once the room has settled it; accepted through the
  // API, the suggestion is known to be merged (not read back from the bodies).
  const states = async () => ((await (await request.get(`/v1/articles/${doc.id}/suggestions`, { headers: auth(ana, workspace.id) })).json()).data as { state: string }[]).map((entry) => entry.state);
  await expect.poll(states, { timeout: 30_000 }).toEqual(["open"]);
  await suggestion.getByRole("button", { name: /^Accept/ }).click();
  await expect(suggestion).toHaveCount(0);
  await expect.poll(states).toEqual(["merged"]);
  const deleted = anaChanges.getByRole("listitem").filter({ hasText: "Deleted" });
  await deleted.getByRole("button", { name: /^Reject/ }).click();
  await expect(deleted).toHaveCount(0);
  await anaChanges.getByRole("listitem").filter({ hasText: "Added" }).getByRole("button", { name: /^Reject/ }).click();
  await expect(anaChanges.getByText(/No tracked changes/)).toBeVisible();
  await expect(body).toHaveText("The cold brew with oat milk launches in May.");

  // Ben's screen follows, and the saved document holds the result once the room saves it.
  await expect(benBody).toHaveText("The cold brew with oat milk launches in May.", { timeout: 20_000 });
  await expect
    .poll(async () => JSON.stringify((await (await request.get(`/v1/articles/${doc.id}`, { headers: auth(ana, workspace.id) })).json()).data.body), { timeout: 30_000 })
    .toContain("The cold brew with oat milk launches in May.");

  // Another suggestion, merged from its own page (where its inbox item leads) through the live room.
  await selectText(benPage, "launches in May", { caret: true });
  await benBody.focus();
  await benPage.keyboard.type(" in every café");
  await expect(anaChanges.getByRole("listitem").filter({ hasText: "in every café" })).toBeVisible({ timeout: 20_000 });
  const open = async () =>
    ((await (await request.get(`/v1/articles/${doc.id}/suggestions?state=open`, { headers: auth(ana, workspace.id) })).json()).data as { id: number; changes: { text: string }[] }[]).find((entry) =>
      entry.changes.some((change) => change.text.includes("in every café")),
    );
  await expect.poll(async () => (await open())?.id ?? null, { timeout: 30_000 }).not.toBeNull();
  await page.goto(`/docs/${doc.slug}/suggestions/${(await open())!.id}/merge`);
  await expect(page.getByRole("heading", { name: "Suggestion by Ben Colleague" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Adds" })).toContainText("in every café");
  await page.getByRole("button", { name: "Merge into the document" }).click();
  await expect(page).toHaveURL(new RegExp(`/docs/${doc.slug}$`));
  await expect(benBody).toHaveText("The cold brew with oat milk launches in May in every café.", { timeout: 20_000 });
  await expect(benPage.getByRole("region", { name: /Changes/ }).getByRole("listitem")).toHaveCount(0);
  await benContext.close();
});

test("with track changes on, a paragraph made Heading 2 is a tracked change: drawn, listed, and rejected back to the paragraph; a commenter suggests a heading from the keyboard", async ({ browser, page, request }) => {
  test.setTimeout(90_000);
  const { ana, ben, doc } = await anaSharesWithBen(request, "Autumn menu", "The pumpkin latte returns in October.");

  await openAs(page, ana, `/docs/${doc.slug}`);
  const body = page.getByRole("textbox", { name: "Document body" });
  await expect(page.getByRole("status").filter({ hasText: "Live." })).toBeVisible({ timeout: 20_000 });
  await page.getByRole("switch", { name: /Track changes/ }).click();
  await selectText(page, "pumpkin", { caret: true });
  await body.focus();
  await page.getByLabel("Block type").selectOption({ label: "Heading 2" });
  const heading = body.locator("h2");
  await expect(heading).toHaveText("The pumpkin latte returns in October.");
  await expect(heading).toHaveAttribute("data-change", "node_type_change");

  const change = page.getByRole("region", { name: /Changes/ }).getByRole("listitem").filter({ hasText: "Changed block type" });
  await expect(change).toContainText("The pumpkin latte returns in October.");
  await change.getByRole("button", { name: /^Reject/ }).click();
  await expect(heading).toHaveCount(0, { timeout: 20_000 });
  await expect(body.locator("p")).toHaveText("The pumpkin latte returns in October.");
  await expect(body.locator("[data-change]")).toHaveCount(0);
  await expect(page.getByRole("region", { name: /Changes/ }).getByText(/No tracked changes/)).toBeVisible();

  // Ben (comment access) suggests Heading 3 with its shortcut; Ana sees it live and accepts it.
  const { benContext, benPage } = await benSuggests(browser, ben, doc.slug);
  await selectText(benPage, "latte", { caret: true });
  await benPage.getByRole("textbox", { name: "Document body" }).focus();
  await benPage.keyboard.press("Control+Alt+3");
  await expect(benPage.getByRole("textbox", { name: "Document body" }).locator("h3")).toHaveAttribute("data-change", "node_type_change");
  const suggested = page.getByRole("region", { name: /Changes/ }).getByRole("listitem").filter({ hasText: "Changed block type" });
  await expect(suggested).toContainText("Ben", { timeout: 20_000 });
  await suggested.getByRole("button", { name: /^Accept/ }).click();
  await expect(body.locator("h3")).toHaveText("The pumpkin latte returns in October.", { timeout: 20_000 });
  await expect(body.locator("[data-change]")).toHaveCount(0);
  await expect(benPage.getByRole("textbox", { name: "Document body" }).locator("h3:not([data-change])")).toBeVisible({ timeout: 20_000 });
  await benContext.close();
});

test("with track changes on, centring a paragraph and making it a list are tracked changes that Reject undoes; a commenter's Tab indent is a suggestion the editor accepts", async ({ browser, page, request }) => {
  test.setTimeout(90_000);
  const { ana, ben, doc } = await anaSharesWithBen(request, "Winter menu", "The gingerbread flat white is back in December.");

  await openAs(page, ana, `/docs/${doc.slug}`);
  const body = page.getByRole("textbox", { name: "Document body" });
  const paragraph = body.locator("p").first();
  await expect(page.getByRole("status").filter({ hasText: "Live." })).toBeVisible({ timeout: 20_000 });
  await page.getByRole("switch", { name: /Track changes/ }).click();
  await selectText(page, "gingerbread", { caret: true });
  await body.focus();
  await page.getByRole("button", { name: "Centre" }).click();
  await expect(paragraph).toHaveCSS("text-align", "center");
  await expect(paragraph).toHaveAttribute("data-change", "node_type_change");
  const changes = page.getByRole("region", { name: /Changes/ });
  const centred = changes.getByRole("listitem").filter({ hasText: "Changed alignment" });
  await expect(centred).toContainText("The gingerbread flat white is back in December.");
  await centred.getByRole("button", { name: /^Reject/ }).click();
  await expect(paragraph).not.toHaveCSS("text-align", "center", { timeout: 20_000 });
  await expect(body.locator("[data-change]")).toHaveCount(0);
  await expect(changes.getByText(/No tracked changes/)).toBeVisible();

  // A bulleted list made of the paragraph (Mod+Shift+8) is tracked too: Reject puts the paragraph back.
  await selectText(page, "gingerbread", { caret: true });
  await body.focus();
  await page.keyboard.press("Control+Shift+8");
  await expect(body.locator("li")).toHaveAttribute("data-change", "node_type_change");
  await changes.getByRole("listitem").filter({ hasText: "Changed block type" }).getByRole("button", { name: /^Reject/ }).click();
  await expect(body.locator("ul")).toHaveCount(0, { timeout: 20_000 });
  await expect(paragraph).toHaveText("The gingerbread flat white is back in December.");
  await expect(changes.getByText(/No tracked changes/)).toBeVisible();

  // Ben (comment access) suggests an indent with Tab; Ana sees it live and accepts it.
  const { benContext, benPage } = await benSuggests(browser, ben, doc.slug);
  // Tab at a paragraph's start indents it (elsewhere it would type a tab, which a commenter cannot).
  await selectText(benPage, "The gingerbread");
  await benPage.getByRole("textbox", { name: "Document body" }).focus();
  await benPage.keyboard.press("Tab");
  await expect(benPage.getByRole("textbox", { name: "Document body" }).locator("p").first()).toHaveAttribute("data-change", "node_type_change");
  const indented = changes.getByRole("listitem").filter({ hasText: "Changed indent" });
  await expect(indented).toContainText("Ben", { timeout: 20_000 });
  await indented.getByRole("button", { name: /^Accept/ }).click();
  await expect(body.locator("[data-change]")).toHaveCount(0, { timeout: 20_000 });
  await expect(paragraph).not.toHaveCSS("padding-inline-start", "0px");
  await benContext.close();
});

test("with track changes on, Enter mid-sentence is a new-paragraph change that Reject joins back; a commenter's Enter and joined paragraphs are suggestions the editor accepts", async ({ browser, page, request }) => {
  test.setTimeout(90_000);
  const { ana, ben, doc } = await anaSharesWithBen(request, "Winter menu", "The cold brew launches in May.");

  await openAs(page, ana, `/docs/${doc.slug}`);
  const body = page.getByRole("textbox", { name: "Document body" });
  const panel = page.getByRole("region", { name: /Changes/ });
  await expect(page.getByRole("status").filter({ hasText: "Live." })).toBeVisible({ timeout: 20_000 });
  await page.getByRole("switch", { name: /Track changes/ }).click();
  await selectText(page, "The cold brew", { caret: true });
  await body.focus();
  await page.keyboard.press("Enter");
  await expect(body.locator("p")).toHaveText(["The cold brew", "launches in May."]);
  await expect(body.locator("p").nth(1)).toHaveAttribute("data-change", "split");
  const split = panel.getByRole("listitem").filter({ hasText: "New paragraph" });
  await expect(split).toContainText("launches in May.");
  await split.getByRole("button", { name: /^Reject/ }).click();
  await expect(body.locator("p")).toHaveText(["The cold brew launches in May."], { timeout: 20_000 });
  await expect(body.locator("[data-change]")).toHaveCount(0);

  // Ben (comment access) starts a new paragraph, then joins it again; the room takes both as his.
  const { benContext, benPage } = await benSuggests(browser, ben, doc.slug);
  const benBody = benPage.getByRole("textbox", { name: "Document body" });
  await selectText(benPage, "The cold brew", { caret: true });
  await benBody.focus();
  await benPage.keyboard.press("Enter");
  await expect(benBody.locator("p").nth(1)).toHaveAttribute("data-change", "split");
  const suggested = panel.getByRole("listitem").filter({ hasText: "New paragraph" });
  await expect(suggested).toContainText("Ben", { timeout: 20_000 });
  await suggested.getByRole("button", { name: /^Accept/ }).click();
  await expect(body.locator("p")).toHaveText(["The cold brew", "launches in May."], { timeout: 20_000 });
  await expect(benBody.locator("[data-change]")).toHaveCount(0, { timeout: 20_000 });

  await selectText(benPage, "The cold brew", { caret: true });
  await benBody.focus();
  await benPage.keyboard.press("Delete");
  await expect(benBody.locator("p").nth(1)).toHaveAttribute("data-change", "join");
  const joined = panel.getByRole("listitem").filter({ hasText: "Joined paragraphs" });
  await expect(joined).toContainText("Ben", { timeout: 20_000 });
  await joined.getByRole("button", { name: /^Accept/ }).click();
  await expect(body.locator("p")).toHaveText(["The cold brew launches in May."], { timeout: 20_000 });
  await expect(benBody.locator("p")).toHaveText(["The cold brew launches in May."], { timeout: 20_000 });
  await benContext.close();
});

test("an editor asks for a rewrite in the brand voice from the selection toolbar; it waits in Changes as the AI writer's, and accepting it changes the words", async ({ page, request }) => {
  test.setTimeout(90_000);
  const { owner: ana, workspace } = await createOwner(request, "Ana");
  // The house style prefers "customers" to "users": the offline writer swaps them, and nothing else here.
  const style = await request.put(`/v1/w/${workspace.id}/article_style`, { headers: auth(ana, workspace.id), data: { prefer_words: ["customers instead of users"] } });
  expect(style.status(), await style.text()).toBe(200);
  const created = await request.post(`/v1/w/${workspace.id}/articles`, {
    headers: auth(ana, workspace.id),
    data: { article: { title: "Launch notes", markdown: "Our users love the cold brew.\n\nAsk for a sample.", private: true } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const doc = (await created.json()).data as { id: number; slug: string };

  await openAs(page, ana, `/docs/${doc.slug}`);
  const body = page.getByRole("textbox", { name: "Document body" });
  const panel = page.getByRole("region", { name: /Changes/ });
  await expect(page.getByRole("status").filter({ hasText: "Live." })).toBeVisible({ timeout: 20_000 });

  // Words the brand voice would not change: the API's answer is shown, nothing is suggested.
  await selectText(page, "Ask for a sample.");
  await body.focus();
  await page.getByRole("button", { name: "Rewrite in brand voice" }).click();
  const dialog = page.getByRole("dialog", { name: "Rewrite in brand voice" });
  await expect(dialog.getByLabel("Instruction (optional)")).toBeFocused();
  await dialog.getByRole("button", { name: "Rewrite", exact: true }).click();
  await expect(dialog.getByRole("alert")).toContainText("found nothing to change");
  // Escape closes the panel and gives the keyboard back to the toolbar.
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Rewrite in brand voice" })).toBeFocused();

  // Words it rewrites, with an instruction sent by Enter.
  await selectText(page, "Our users love the cold brew.");
  await body.focus();
  await page.getByRole("button", { name: "Rewrite in brand voice" }).click();
  await dialog.getByLabel("Instruction (optional)").fill("Warmer");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "The rewrite is waiting in Changes" })).toBeVisible({ timeout: 20_000 });
  const deleted = panel.getByRole("listitem").filter({ hasText: "Deleted" });
  const added = panel.getByRole("listitem").filter({ hasText: "Added" });
  await expect(deleted).toContainText("Our users love the cold brew.", { timeout: 20_000 });
  await expect(deleted).toContainText("AI writer");
  await expect(added).toContainText("Our customers love the cold brew.");
  await expect(added).toContainText("AI writer");

  await panel.getByRole("button", { name: "Accept all" }).click();
  await expect(panel.getByText(/No tracked changes/)).toBeVisible({ timeout: 20_000 });
  await expect(body.locator("p")).toHaveText(["Our customers love the cold brew.", "Ask for a sample."]);
});
