import { expect, request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test";
import { authStateFor, sessionCookies } from "../../app/lib/auth-cookie";

/** The seeded demo account (scripts/seed.ts). */
export const DEMO_USER = { email: "demo@example.com", password: "brandwork-demo", name: "Dana Demo" } as const;

/** An address no other test (or earlier run against the same database) uses. */
export function uniqueEmail(prefix = "user") {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export interface NewUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** The session the API issued at sign-up, for API calls as this user. */
  authorization: string;
}

/** Creates an account through the API (fast setup for tests that are about something else). */
export async function createUser(
  request: APIRequestContext,
  overrides: Partial<Omit<NewUser, "authorization">> & { company?: string } = {},
): Promise<NewUser> {
  const user = {
    email: uniqueEmail(),
    password: "correct-horse-battery",
    firstName: "Robin",
    lastName: "Tester",
    ...overrides,
  };
  const response = await request.post("/v1/users", {
    data: {
      user: {
        first_name: user.firstName,
        last_name: user.lastName,
        email: user.email,
        password: user.password,
        company: overrides.company ?? null,
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { ...user, authorization: response.headers()["authorization"]! };
}

/** Signs in through the sign-in page's email-and-password step and waits to leave it. */
export async function signIn(page: Page, email: string, password: string, redirectTo?: string) {
  const query = new URLSearchParams({ step: "sign_in" });
  if (redirectTo) query.set("redirect_to", redirectTo);
  await page.goto(`/login_or_signup?${query}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  // Sign-in hashes the password (PBKDF2): give a busy CI machine more than the default 5 s.
  await expect(page).not.toHaveURL(/\/login_or_signup/, { timeout: 15_000 });
}

/**
 * Signs in through the API as an API client does (the token in the answer's Authorization), from
 * a request context of its own: the page's context carries the browser's session cookie, and a
 * write riding on that cookie without the page's Origin is refused like any cross-site one.
 */
export async function apiSignIn(email: string, password: string): Promise<string> {
  const client = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    const response = await client.post("/v1/users/sign_in", { data: { user: { email, password } } });
    expect(response.status(), await response.text()).toBe(200);
    return response.headers()["authorization"]!;
  } finally {
    await client.dispose();
  }
}

/**
 * Opens `path` signed in as `user` with the session the API issued them, the way the app keeps
 * it (the HttpOnly auth cookie and its companion), without going through the sign-in page: tests about something else
 * skip a page load and a password hash. Tests about signing in use `signIn`.
 */
export async function openAs(page: Page, user: Pick<NewUser, "authorization"> | { email: string; password: string }, path = "/") {
  let authorization: string;
  if ("authorization" in user) authorization = user.authorization;
  else {
    authorization = await apiSignIn(user.email, user.password);
  }
  const url = process.env.E2E_BASE_URL!;
  // The two cookies the server sets at sign-in: the HttpOnly session and its secret-free companion.
  await page.context().addCookies(sessionCookies(authStateFor(authorization)).map((cookie) => ({ ...cookie, url, sameSite: "Lax" as const })));
  await page.goto(path);
}

/** Headers for API calls as `user`, optionally in one workspace. */
export const auth = (user: NewUser, workspaceId?: number) => ({
  Authorization: user.authorization,
  ...(workspaceId ? { "X-Workspace-Id": String(workspaceId) } : {}),
});

/** A fresh account that owns (is admin of) a fresh workspace. */
export async function createOwner(request: APIRequestContext, firstName: string) {
  const owner = await createUser(request, { firstName, lastName: "Owner", company: `${firstName} Co ${Date.now().toString(36)}` });
  const workspaces = await (await request.get("/v1/w", { headers: auth(owner) })).json();
  const workspace = workspaces.data[0] as { id: number; name: string };
  return { owner, workspace };
}

/** A fresh account that joins `workspaceId` through its invitation link, as a member. */
export async function createColleague(
  request: APIRequestContext,
  owner: NewUser,
  workspaceId: number,
  firstName: string,
  lastName = "Colleague",
) {
  const colleague = await createUser(request, { firstName, lastName });
  const link = await (await request.get(`/v1/w/${workspaceId}/invitation_link`, { headers: auth(owner, workspaceId) })).json();
  const joined = await request.post(`/v1/w/join/${link.data.url.split("/join/")[1]}`, { headers: auth(colleague) });
  expect(joined.status(), await joined.text()).toBeLessThan(300);
  return colleague;
}

/** Nothing inside the page's main area reaches past the viewport's right edge (the body hides overflow, so measure). */
export async function expectNoHorizontalOverflow(page: Page) {
  const offenders = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll("main *, dialog *")]
      .filter((element) => {
        const rect = element.getBoundingClientRect();
        return rect.width > 0 && rect.right > width + 1 && !element.closest(".visually-hidden");
      })
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`)
      .slice(0, 5);
  });
  expect(offenders).toEqual([]);
  expect(await page.evaluate(() => document.querySelector("main")!.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
}

/** A 1×1 PNG, for tests that upload an image. */
export const PNG_1X1 = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

/** Uploads a file through the API as `user` (upload link, then the bytes), as the uploads page does. */
export async function uploadFile(request: APIRequestContext, user: NewUser, workspaceId: number, file: { name: string; mimeType: string; buffer: Buffer }) {
  const link = await request.post("/v1/files/upload_url", {
    headers: auth(user, workspaceId),
    data: { filename: file.name, content_type: file.mimeType, size: file.buffer.length, workspace_id: workspaceId },
  });
  expect(link.status(), await link.text()).toBe(201);
  const { data } = await link.json();
  const stored = await request.put(data.upload_url, { headers: { "Content-Type": file.mimeType }, data: file.buffer });
  expect(stored.status(), await stored.text()).toBe(200);
  return data.file as { id: number; filename: string };
}

/**
 * Selects `words` in the document's text as a person dragging across them would, or puts the
 * caret right after them (`caret`). The live editor when it is showing, else the stored view.
 */
export async function selectText(page: Page, words: string, { caret = false } = {}) {
  await page.evaluate(
    ({ wanted, collapse }) => {
      const root = document.querySelector(".doc-body .editor__surface:not([hidden]) .editor__content") ?? document.querySelector(".doc-body .document-view");
      const walker = document.createTreeWalker(root!, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        const at = node.data.indexOf(wanted);
        if (at === -1) continue;
        const range = document.createRange();
        range.setStart(node, collapse ? at + wanted.length : at);
        range.setEnd(node, at + wanted.length);
        const selection = window.getSelection()!;
        selection.removeAllRanges();
        selection.addRange(range);
        return;
      }
      throw new Error(`"${wanted}" is not in the document`);
    },
    { wanted: words, collapse: caret },
  );
}

/** Opens `path` as `user` and waits until their inbox socket is live; returns the rail's Inbox button. */
export async function openWithInbox(page: Page, user: Pick<NewUser, "authorization">, path: string) {
  const socket = page.waitForEvent("websocket", (ws) => ws.url().includes("/v1/inbox/socket"));
  await openAs(page, user, path);
  await (await socket).waitForEvent("framereceived");
  return page.getByRole("button", { name: /^Inbox/ });
}
