import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";
import { auth, createOwner, openAs } from "./helpers";
import { layoutProblems } from "./layout";

// The stack runs with billing on against the fake Stripe (tests/e2e/fakes/stripe.ts): a sign-up's
// workspace is on its Pro trial, a workspace made later starts on Free.
test("a Free workspace hits its brand-kit limit, starts the trial, subscribes through Checkout and switches to annual", async ({ page, request }) => {
  test.setTimeout(120_000);
  const { owner } = await createOwner(request, "Bill");
  const created = await request.post("/v1/w", { headers: auth(owner), data: { company: { name: `Second Shop ${Date.now().toString(36)}` } } });
  expect(created.status(), await created.text()).toBe(201);
  const shop = (await created.json()).data as { id: number; name: string };
  const kit = await request.post(`/v1/w/${shop.id}/brand_kits`, { headers: auth(owner, shop.id), data: { name: "First kit" } });
  expect(kit.status(), await kit.text()).toBe(201);

  // Free allows one brand kit: the second is refused with the words of the limit and a way to lift it.
  await openAs(page, owner, `/workspaces/${shop.id}/brand-kits?new`);
  const newKit = page.getByRole("dialog", { name: "New brand kit" });
  await newKit.getByLabel("Name").fill("Second kit");
  await newKit.getByRole("button", { name: "Create brand kit" }).click();
  const refusal = newKit.getByRole("alert");
  await expect(refusal).toContainText("This workspace has used 1 of 1 brand kit on the Free plan. Upgrade to Pro for 5 brand kits");
  await refusal.getByRole("link", { name: "See plans" }).click();
  await expect(page).toHaveURL(new RegExp(`/workspaces/${shop.id}/plans$`));
  await expect(page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Free" }) })).toContainText("Current plan");

  // The trial: Pro's limits at once, no card.
  await page.getByRole("link", { name: "Billing and usage" }).click();
  await expect(page.getByRole("heading", { name: "Free", level: 2 })).toBeVisible();
  await expect(page.getByText("1 of 1", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Start free trial" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your 14-day Pro trial has started" })).toBeVisible();
  await expect(page.getByText(/Pro trial: 14 days left/)).toBeVisible();
  await expect(page.getByText("1 of 5", { exact: true })).toBeVisible();
  await page.goto(`/workspaces/${shop.id}/brand-kits?new`);
  await newKit.getByLabel("Name").fill("Second kit");
  await newKit.getByRole("button", { name: "Create brand kit" }).click();
  await expect(page).toHaveURL(new RegExp(`/workspaces/${shop.id}/brand-kits/\\d+$`));

  // Choose Pro: the Payment flow, then the fake Stripe Checkout page, then back to billing.
  await page.goto(`/workspaces/${shop.id}/plans`);
  const pro = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Pro", exact: true }) });
  await expect(pro).toContainText("Your trial");
  await pro.getByRole("link", { name: "Choose Pro" }).click();
  const payment = page.getByRole("dialog", { name: "Choose Pro" });
  await expect(payment.getByLabel("Seats")).toHaveValue("1");
  await payment.getByLabel("Seats").fill("2");
  await expect(payment).toContainText("Total: $58 per month for 2 seats");
  await expect(payment).toContainText("nothing is charged until");
  await payment.getByRole("button", { name: "Continue to payment" }).click();

  await expect(page.getByRole("heading", { name: "Subscribe to Pro" })).toBeVisible();
  await page.getByLabel("Name on card").fill("Bill Owner");
  await page.getByRole("button", { name: "Pay" }).click();

  await expect(page).toHaveURL(new RegExp(`/workspaces/${shop.id}/billing\\?checkout=success$`));
  // Stripe's events arrive through the webhook and the queue; the page refreshes itself until they have.
  await expect(page.getByRole("status").filter({ hasText: "You're on Pro." })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Visa")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("••4242")).toBeVisible();
  // The invoice is written by its own event, which may be processed a moment after the others.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("table")).toContainText("Paid", { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });

  // UpdatePaymentMethod: it explains, then Stripe's portal takes the new card and comes back.
  await page.getByRole("link", { name: "Update payment method" }).click();
  const update = page.getByRole("dialog", { name: "Update payment method" });
  await expect(update).toContainText("never sees your card number");
  await update.getByRole("button", { name: "Continue to Stripe" }).click();
  await expect(page.getByRole("heading", { name: "Update your payment method" })).toBeVisible();
  await page.getByRole("button", { name: "Save card" }).click();
  await expect(page).toHaveURL(new RegExp(`/workspaces/${shop.id}/billing$`));
  await expect(async () => {
    await page.reload();
    await expect(page.getByText("••4444")).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByText("Mastercard")).toBeVisible();

  // At a phone's width the billing page fits and axe finds nothing.
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await layoutProblems(page)).toEqual([]);
  expect((await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze()).violations.map((violation) => violation.id)).toEqual([]);
  // …and in the dark scheme, where only the colours change.
  await page.emulateMedia({ colorScheme: "dark" });
  expect((await new AxeBuilder({ page }).withRules(["color-contrast"]).analyze()).violations.map((violation) => violation.id)).toEqual([]);
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto(`/workspaces/${shop.id}/plans?choose=team`);
  await expect(page.getByRole("dialog", { name: "Choose Team" })).toContainText("charged now");
  expect(await layoutProblems(page)).toEqual([]);
  expect((await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze()).violations.map((violation) => violation.id)).toEqual([]);
  await page.goto(`/workspaces/${shop.id}/billing`);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Monthly to annual: the prorated charge before confirming, then the annual plan.
  await page.getByRole("link", { name: "Switch to annual (two months free)" }).click();
  await expect(page).toHaveURL(new RegExp(`/workspaces/${shop.id}/annual-upgrade$`));
  const cost = page.getByLabel("What this change costs");
  await expect(cost).toContainText("charged now");
  await expect(cost).toContainText("2 seats of Pro (annual)");
  await expect(cost).toContainText("$580");
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await layoutProblems(page)).toEqual([]);
  await page.getByRole("button", { name: "Confirm and switch to annual" }).click();
  await expect(page.getByRole("status").filter({ hasText: "is on Pro (annual)" })).toBeVisible({ timeout: 30_000 });
  await page.goto(`/workspaces/${shop.id}/billing`);
  await expect(page.getByRole("heading", { name: "Pro (annual)", level: 2 })).toBeVisible();

  // Cancel says when the plan ends and that nothing is deleted; resuming takes it back.
  await page.getByRole("link", { name: "Cancel subscription" }).click();
  const cancel = page.getByRole("dialog", { name: "Cancel the subscription?" });
  await expect(cancel).toContainText("Nothing is deleted");
  await cancel.getByRole("button", { name: "Cancel subscription" }).click();
  await expect(page.getByRole("status").filter({ hasText: /Canceled\. Pro \(annual\) stays until \d+ \w+ \d{4}; nothing is deleted\./ })).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Resume subscription" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Resumed: your subscription renews on" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("link", { name: "Cancel subscription" })).toBeVisible();
});
