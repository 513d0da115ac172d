import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { AUTH_COOKIE_NAME, authStateFor, encodeAuthState } from "../../app/lib/auth-cookie";
import { billingAccounts, type User } from "../../worker/db/schema";
import worker from "../../worker/index";
import { buildMember, buildUser, buildWorkspace, db, tokenFor } from "../factories";

const DAY_MS = 24 * 60 * 60 * 1000;
const configured: Env = {
  ...env,
  STRIPE_SECRET_KEY: "sk_test_pages",
  STRIPE_WEBHOOK_SECRET: "whsec_pages",
  STRIPE_PRICE_PRO_MONTHLY: "price_pro_monthly",
  STRIPE_PRICE_PRO_ANNUAL: "price_pro_annual",
  STRIPE_PRICE_TEAM: "price_team",
};

/** A page as the browser gets it, signed in with `token`'s session cookie, on a server with or without Stripe. */
async function page(path: string, token: string, withEnv: Env = env) {
  const ctx = createExecutionContext();
  const request = new Request(`https://app.test${path}`, { headers: { Cookie: `${AUTH_COOKIE_NAME}=${encodeAuthState(authStateFor(`Bearer ${token}`))}` }, redirect: "manual" });
  const response = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, withEnv, ctx);
  await waitOnExecutionContext(ctx);
  // Text as a reader sees it: tags and React's comment markers gone, entities read.
  const html = await response.text();
  const text = html
    .replace(/<!--.*?-->/g, "")
    .replace(/<script[\s\S]*?<\/script>/g, "")
    // Inline elements run on with their sentence; block ones end a phrase.
    .replace(/<\/?(strong|span|code|a|em)\b[^>]*>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
  return { status: response.status, html, text };
}

async function ownerOf(name: string) {
  const owner = await buildUser({ firstName: name, lastName: "Owner" });
  const { workspace } = await buildWorkspace({ owner });
  return { owner, workspace, token: await tokenFor(owner as User) };
}

describe("the billing pages", () => {
  it("without Stripe: says billing is not configured, shows the default plan with real usage and offers nothing to buy", async () => {
    const { workspace, token } = await ownerOf("Uma");
    const billing = await page(`/workspaces/${workspace.id}/billing`, token);
    expect(billing.status).toBe(200);
    expect(billing.text).toContain("Billing is not configured on this server");
    expect(billing.text).toContain("Every workspace here has the Pro plan");
    expect(billing.text).toMatch(/Seats\s*1 of 10/);
    expect(billing.text).toMatch(/resets on 1 \w+/);
    expect(billing.text).not.toContain("Start free trial");
    expect(billing.text).not.toContain("Invoices");

    const plans = await page(`/workspaces/${workspace.id}/plans`, token);
    expect(plans.text).toContain("Billing is not configured on this server: every workspace here has the Pro plan");
    expect(plans.text).toContain("Everyone's plan here");
    expect(plans.html).not.toMatch(/>Choose</);

    const annual = await page(`/workspaces/${workspace.id}/annual-upgrade`, token);
    expect(annual.text).toContain("there is nothing to pay");
  });

  it("a Free workspace: the admin may start the trial and choose a plan; a member reads it and is told whom to ask", async () => {
    const { workspace, token } = await ownerOf("Fay");
    const member = await buildMember(workspace, "member");
    const admin = await page(`/workspaces/${workspace.id}/billing`, token, configured);
    expect(admin.text).toContain("You're on the Free plan. Try Pro free for 14 days, no card needed");
    expect(admin.html).toMatch(/<button[^>]*>Start free trial<\/button>/);
    expect(admin.text).toMatch(/Brand kits\s*0 of 1/);
    // Invoices come with the page (its loader), not after it: none yet, and it says what will appear.
    expect(admin.text).toContain("No invoices yet. Each payment's invoice appears here");

    const read = await page(`/workspaces/${workspace.id}/billing`, member.token, configured);
    expect(read.status).toBe(200);
    expect(read.text).toContain("Only workspace admins can change the plan: ask Fay Owner.");
    expect(read.text).not.toContain("Start free trial");
    expect(read.text).not.toContain("Invoices");

    const plans = await page(`/workspaces/${workspace.id}/plans`, token, configured);
    expect(plans.text).toMatch(/Free\s*Current plan/);
    expect(plans.html).toContain(`href="/workspaces/${workspace.id}/plans?choose=pro_monthly"`);
    expect(plans.text).toContain("Two months free: $290 a year instead of $348 paid monthly.");
    const memberPlans = await page(`/workspaces/${workspace.id}/plans`, member.token, configured);
    expect(memberPlans.html).not.toContain("?choose=");

    // The Payment flow opens by URL: seats default to the people in the workspace (two), with the total.
    const choose = await page(`/workspaces/${workspace.id}/plans?choose=team`, token, configured);
    expect(choose.text).toContain("Choose Team");
    expect(choose.html).toMatch(/<input[^>]*value="2"/);
    expect(choose.text).toContain("Total: $118 per month for 2 seats");

    const annual = await page(`/workspaces/${workspace.id}/annual-upgrade`, token, configured);
    expect(annual.text).toContain("Switching to annual is for workspaces paying for Pro monthly");
  });

  it("a failed payment: the plan holds until the grace period's end, the page and every page's banner say to update the card", async () => {
    const { workspace, token } = await ownerOf("Pia");
    const since = new Date(Date.now() - 2 * DAY_MS);
    await db.insert(billingAccounts).values({
      workspaceId: workspace.id,
      stripeCustomerId: `cus_pages_${workspace.id}`,
      stripeSubscriptionId: `sub_pages_${workspace.id}`,
      plan: "pro_monthly",
      status: "past_due",
      seats: 3,
      currentPeriodEnd: new Date(Date.now() + 20 * DAY_MS),
      pastDueSince: since,
      cardBrand: "visa",
      cardLast4: "4242",
      cardExpMonth: 4,
      cardExpYear: 2030,
    });
    const billing = await page(`/workspaces/${workspace.id}/billing`, token, configured);
    expect(billing.text).toContain("Payment failed");
    expect(billing.text).toMatch(/A payment failed\. Pro stays until \d+ \w+ \d{4}: update your card before then to keep it\. Nothing is deleted either way\./);
    expect(billing.text).toContain("Visa ••4242 expires 04/2030");
    expect(billing.html).toContain(`href="/workspaces/${workspace.id}/billing?update_card=1"`);
    expect(billing.text).toContain("Seats 3 seats bought");

    const home = await page(`/workspaces/${workspace.id}/members`, token, configured);
    expect(home.text).toMatch(/A payment failed: your plan stays until \d+ \w+ \d{4}\. Update your card/);
    // Not told to members, who cannot fix it.
    const member = await buildMember(workspace, "member");
    expect((await page(`/workspaces/${workspace.id}/members`, member.token, configured)).text).not.toContain("A payment failed");
  });

  it("answers a guest 403 and another workspace's user 404", async () => {
    const { workspace } = await ownerOf("Gil");
    const guest = await buildMember(workspace, "guest");
    const stranger = await ownerOf("Sol");
    for (const path of ["billing", "plans", "annual-upgrade"]) {
      expect((await page(`/workspaces/${workspace.id}/${path}`, guest.token, configured)).status, path).toBe(403);
      expect((await page(`/workspaces/${workspace.id}/${path}`, stranger.token, configured)).status, path).toBe(404);
    }
  });

  it("the sign-up's free-trial step promises the 14-day Pro trial only where billing is on", async () => {
    const { token } = await ownerOf("Ned");
    const on = await page("/login_or_signup?step=start_free_trial", token, configured);
    expect(on.status).toBe(200);
    expect(on.text).toContain("It starts with a 14-day Pro trial, no card needed.");
    const off = await page("/login_or_signup?step=start_free_trial", token);
    expect(off.status).toBe(200);
    expect(off.text).not.toContain("Pro trial");
  });
});
