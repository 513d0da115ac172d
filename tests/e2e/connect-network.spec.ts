import { expect, test, type APIRequestContext } from "./fixtures";
import { auth, createOwner, openAs } from "./helpers";
import { FAKE_X_USER } from "./fakes/x-network";

/**
 * The whole OAuth dance for one real network, in Chromium: the Connect button sends the browser
 * to X's authorization server (a local fake that checks what X checks: the client, PKCE with
 * S256, the state), the person authorizes, X sends the browser back with a code, the Worker
 * exchanges it with the verifier, and the account is connected; a post to it then goes out
 * through X's API. Global setup points X_AUTH_BASE and X_API_BASE at the fake.
 */

const fakeX = () => process.env.E2E_FAKE_X_URL!;
const tick = (request: APIRequestContext) => request.get(`/__scheduled?cron=${encodeURIComponent("* * * * *")}`);

test("connecting X runs the OAuth dance in the browser and a post goes out through X's API", async ({ page, request }) => {
  const { owner, workspace } = await createOwner(request, "Xconnect");
  await openAs(page, owner, `/workspaces/${workspace.id}/scheduled-posts`);

  await page.getByText("Connect another network").click();
  await page.getByRole("link", { name: "Connect X" }).click();
  // On X's side: the consent page, reached with the signed state and the S256 challenge.
  await expect(page.getByRole("heading", { name: "Brandwork wants to access your X account" })).toBeVisible();
  const authorize = new URL(page.url());
  expect(authorize.origin).toBe(fakeX());
  expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
  expect(authorize.searchParams.get("redirect_uri")).toMatch(/\/integrations\/x\/callback$/);
  await page.getByRole("button", { name: "Authorize app" }).click();

  // Back on Scheduled posts, connected, with the account from X's /2/users/me.
  await expect(page).toHaveURL(new RegExp(`/workspaces/${workspace.id}/scheduled-posts`));
  await expect(page.getByText(`${FAKE_X_USER.name} is connected (X).`)).toBeVisible();
  const accounts = await (await request.get(`/v1/w/${workspace.id}/social_accounts`, { headers: auth(owner, workspace.id) })).json();
  const account = accounts.data.find((row: { network: string }) => row.network === "x");
  expect(account).toMatchObject({ display_name: FAKE_X_USER.name, state: "active" });
  expect(JSON.stringify(accounts)).not.toContain("access");

  // A post due now goes out through POST /2/tweets with the token the exchange gave.
  const text = `Rye loaves are back on Saturday ${Date.now().toString(36)}`;
  const created = await request.post(`/v1/w/${workspace.id}/posts`, {
    headers: auth(owner, workspace.id),
    data: { text, targets: [{ account_id: account.id }], publish_at: new Date().toISOString() },
  });
  expect(created.status(), await created.text()).toBe(201);
  await expect
    .poll(
      async () => {
        await tick(request);
        return ((await (await fetch(`${fakeX()}/__fake/tweets`)).json()) as { text: string }[]).filter((tweet) => tweet.text === text).length;
      },
      { timeout: 20_000 },
    )
    .toBe(1);
});

test("cancelling on X's consent page lands back on Scheduled posts with words, and nothing is connected", async ({ page, request }) => {
  const { owner, workspace } = await createOwner(request, "Xcancel");
  await openAs(page, owner, `/workspaces/${workspace.id}/scheduled-posts`);
  await page.getByText("Connect another network").click();
  await page.getByRole("link", { name: "Connect X" }).click();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(new RegExp(`/workspaces/${workspace.id}/scheduled-posts`));
  await expect(page.getByRole("alert").filter({ hasText: /X/ })).toBeVisible();
  const accounts = await (await request.get(`/v1/w/${workspace.id}/social_accounts`, { headers: auth(owner, workspace.id) })).json();
  expect(accounts.data).toHaveLength(0);
});
