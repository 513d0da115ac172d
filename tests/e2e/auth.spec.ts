import { AUTH_COOKIE_NAME, CLIENT_AUTH_COOKIE_NAME, decodeAuthState } from "../../app/lib/auth-cookie";
import { expect, test, type Page } from "./fixtures";
import { createUser, signIn, uniqueEmail } from "./helpers";

test.use({ viewport: { width: 1440, height: 900 } });

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login_or_signup$/);
}

test.describe("signing up", () => {
  test("a new account with a company lands signed in, in its workspace", async ({ page }) => {
    const email = uniqueEmail("signup");
    await page.goto("/login_or_signup");
    await page.getByRole("link", { name: "Create an account" }).click();
    await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
    await page.getByLabel("First name").fill("Ada");
    await page.getByLabel("Last name").fill("Lovelace");
    await page.getByLabel("Work email").fill(email);
    await page.getByLabel("Password").fill("analytical-engine");
    await page.getByLabel("Company").fill("Engine Marketing");
    await page.getByRole("button", { name: "Create account" }).click();

    await expect(page).toHaveURL(/\/workspaces\/\d+\/home$/);
    await expect(page.getByRole("heading", { level: 1, name: "Home" })).toBeVisible();
    await expect(page.getByTestId("signed-in-user")).toHaveText("Ada Lovelace");
    await expect(page.getByRole("button", { name: /Workspace: Engine Marketing/ })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Welcome to Engine Marketing" })).toBeVisible();
  });

  test("without a company, the free-trial step names the first workspace", async ({ page }) => {
    await page.goto("/login_or_signup?step=create_account");
    await page.getByLabel("First name").fill("Grace");
    await page.getByLabel("Last name").fill("Hopper");
    await page.getByLabel("Work email").fill(uniqueEmail("trial"));
    await page.getByLabel("Password").fill("cobol-forever-1959");
    await page.getByRole("button", { name: "Create account" }).click();

    await expect(page.getByRole("heading", { name: "Start your free trial" })).toBeVisible();
    await expect(page.getByText("Welcome, Grace!")).toBeVisible();
    await page.getByLabel("Company or workspace name").fill("Compiler Co");
    await page.getByLabel("Company size").selectOption("11-50");
    await page.getByRole("button", { name: "Start free trial" }).click();

    await expect(page).toHaveURL(/\/workspaces\/\d+\/home$/);
    await expect(page.getByRole("button", { name: /Workspace: Compiler Co/ })).toBeVisible();
  });

  test("an email that is taken is named on its field", async ({ page, request }) => {
    const existing = await createUser(request);
    await page.goto("/login_or_signup?step=create_account");
    await page.getByLabel("First name").fill("Someone");
    await page.getByLabel("Last name").fill("Else");
    await page.getByLabel("Work email").fill(existing.email);
    await page.getByLabel("Password").fill("another-password");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Work email has already been taken")).toBeVisible();
    await expect(page.getByLabel("Work email")).toHaveAttribute("aria-invalid", "true");
  });
});

test("signing out ends the session and protects the app again", async ({ page, request }) => {
  const user = await createUser(request);
  await signIn(page, user.email, user.password);
  await expect(page.getByTestId("signed-in-user")).toHaveText(`${user.firstName} ${user.lastName}`);
  await signOut(page);
  await page.goto("/status");
  await expect(page).toHaveURL(/\/login_or_signup\?redirect_to=%2Fstatus$/);
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === AUTH_COOKIE_NAME)).toBeUndefined();
  expect(cookies.find((c) => c.name === CLIENT_AUTH_COOKIE_NAME)).toBeUndefined();
});

test("after signing in through the page, no page script can read the session, and the page's API calls still work", async ({ page, request }) => {
  const user = await createUser(request);
  await signIn(page, user.email, user.password);
  const session = (await page.context().cookies()).find((c) => c.name === AUTH_COOKIE_NAME)!;
  expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax" });
  const days = (session.expires * 1000 - Date.now()) / 86_400_000;
  expect(Math.round(days)).toBe(30);
  const token = decodeAuthState(session.value)!.headers.Authorization.replace(/^Bearer /, "");

  const visible = await page.evaluate(() => document.cookie);
  expect(visible).not.toContain(`${AUTH_COOKIE_NAME}=`);
  expect(visible).not.toContain(session.value);
  expect(visible).not.toContain(token);
  expect(visible).toContain(`${CLIENT_AUTH_COOKIE_NAME}=`);

  // The page's own call (as app/lib/api.ts makes it: same origin, no Authorization) is signed in,
  // and no token comes back to the script.
  const self = await page.evaluate(async () => {
    const response = await fetch("/v1/users/self", { credentials: "same-origin" });
    return { status: response.status, body: await response.text(), authorization: response.headers.get("Authorization") };
  });
  expect(self.status).toBe(200);
  expect(JSON.parse(self.body).data.email).toBe(user.email);
  expect(self.authorization).toBeNull();
  expect(self.body).not.toContain(token);
});

test("signing in from a protected page comes back to it (redirect_to)", async ({ page, request }) => {
  const user = await createUser(request);
  await page.goto("/status?check=1");
  await expect(page).toHaveURL(/\/login_or_signup\?redirect_to=%2Fstatus%3Fcheck%3D1$/);

  // Continue with email, then the enter-password step.
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Continue with email" }).click();
  await expect(page.getByRole("heading", { name: "Enter your password" })).toBeVisible();
  await expect(page.getByText(user.email)).toBeVisible();
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();

  await expect(page).toHaveURL(/\/status\?check=1$/);
  await expect(page.getByRole("heading", { level: 1, name: "System status" })).toBeVisible();
});

test("redirect_to never leaves the site", async ({ page, request }) => {
  const user = await createUser(request);
  await signIn(page, user.email, user.password, "//evil.example/phish");
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
});

test("a wrong password shows the API's message and keeps the email", async ({ page, request }) => {
  const user = await createUser(request);
  await page.goto("/login_or_signup?step=sign_in");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill("not-the-password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid login credentials. Please try again.");
  await expect(page).toHaveURL(/\/login_or_signup/);
  await expect(page.getByLabel("Email")).toHaveValue(user.email);
});

test("a password is reset through the emailed link, and the new one signs in", async ({ page, request }) => {
  const user = await createUser(request);
  await page.goto(`/login_or_signup?step=password&email=${encodeURIComponent(user.email)}`);
  await page.getByRole("button", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  await expect(page.getByText(user.email)).toBeVisible();

  await page.getByRole("link", { name: "local outbox" }).click();
  await expect(page.getByRole("heading", { name: "Outbox" })).toBeVisible();
  await page.getByPlaceholder("Filter by recipient").fill(user.email);
  await page.getByRole("button", { name: "Filter" }).click();
  const mail = page.getByRole("listitem").filter({ hasText: "Reset your Brandwork password" }).first();
  await expect(mail).toContainText(user.email);
  await mail.getByRole("link", { name: /reset_password_token=/ }).click();

  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await page.getByLabel("New password").fill("a-brand-new-secret");
  await page.getByLabel("Confirm password").fill("a-brand-new-secret");
  await page.getByRole("button", { name: "Save password and sign in" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("signed-in-user")).toBeVisible();

  await signOut(page);
  await signIn(page, user.email, "a-brand-new-secret");
  await expect(page.getByRole("heading", { level: 1, name: "Home" })).toBeVisible();
});

test("the sign-in page: steps, testimonials and unconfigured social sign-in", async ({ page }) => {
  await page.goto("/login_or_signup");
  await expect(page.getByRole("heading", { name: "Welcome to Brandwork" })).toBeVisible();
  for (const provider of ["Google", "LinkedIn", "Microsoft", "Apple"]) {
    const button = page.getByRole("button", { name: new RegExp(`Continue with ${provider}`) });
    await expect(button).toBeDisabled();
    await expect(button).toContainText("Not configured on this server");
  }
  const panel = page.getByRole("complementary", { name: "What marketers say about Brandwork" });
  await expect(panel.getByTestId("testimonial")).toContainText("Priya Raman");
  await expect(panel.getByTestId("testimonial")).toContainText("Head of Content, Northwind Outdoor");
  await panel.getByRole("button", { name: "Show Marcus Feld's story" }).click();
  await expect(panel.getByTestId("testimonial")).toContainText("Marcus Feld");

  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(panel.getByTestId("testimonial")).toContainText("Wei Zhang");
});

test("on a phone the sign-in form has the screen to itself", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/login_or_signup?step=create_account");
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await expect(page.getByRole("complementary", { name: "What marketers say about Brandwork" })).toBeHidden();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test.describe("with cookies blocked", () => {
  test.beforeEach(async ({ context }) => {
    // What a browser with "Block all cookies" looks like from the page: cookieEnabled is
    // false and document.cookie neither keeps nor returns anything.
    await context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "cookieEnabled", { get: () => false, configurable: true });
      Object.defineProperty(Document.prototype, "cookie", { get: () => "", set: () => undefined, configurable: true });
    });
  });

  test("the cookies screen replaces the whole page", async ({ page }) => {
    await page.goto("/login_or_signup");
    await expect(page.getByRole("heading", { level: 1, name: "Please allow cookies from the product to continue" })).toBeVisible();
    await expect(page.getByText("🍪")).toBeVisible();
    await expect(page.getByText("The product uses cookies for security and other purposes.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "How to do it" })).toBeVisible();
    await expect(page.getByRole("listitem")).toHaveText([
      "Open Settings.",
      "Click on 'Advanced' tab.",
      "Under 'Privacy', un-check 'Block all cookies'.",
      "Refresh this page.",
    ]);
    await expect(page.getByText("By signing up, you agree to the")).toBeVisible();
    for (const name of ["Terms of Service", "Privacy Policy"]) {
      const link = page.getByRole("link", { name });
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /noopener/);
    }
    await expect(page.getByRole("heading", { name: "Welcome to Brandwork" })).toHaveCount(0);
  });

  test("the decorative panel shows on wide screens only", async ({ page }) => {
    await page.goto("/login_or_signup");
    const panel = page.locator(".cookies-blocked__panel");
    await expect(panel).toBeVisible();
    await page.setViewportSize({ width: 800, height: 900 });
    await expect(panel).toBeHidden();
  });
});
