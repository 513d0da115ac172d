import { exports } from "cloudflare:workers";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  AUTH_COOKIE_NAME,
  authStateFor,
  CLIENT_AUTH_COOKIE_NAME,
  decodeAuthState,
  decodeClientAuthState,
  readCookie,
  sessionCookies,
} from "../../app/lib/auth-cookie";
import { articles, mailOutbox } from "../../worker/db/schema";
import { api, buildMember, buildUser, buildWorkspace, db, DEFAULT_PASSWORD, json, reloadUser, tokenFor } from "../factories";

// ---------------------------------------------------------------------------------------------
// Browser sessions: an HttpOnly cookie that authenticates the page and its own API calls, and
// never a write that another site makes the browser send (issue 39)
// ---------------------------------------------------------------------------------------------

const SITE = "https://app.test";
const EVIL = "https://evil.example";

/** The browser's Cookie header for the session the server would have set for this token. */
const cookieFor = (token: string, workspaceId: number | null = null) =>
  sessionCookies(authStateFor(`Bearer ${token}`, workspaceId))
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join("; ");

/** The Cookie header a browser sends after these Set-Cookie answers. */
const cookieHeaderFrom = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

/** A page request as a browser sends it (with `Host`, which Remix's own action check also compares). */
function page(path: string, init: RequestInit & { headers?: Record<string, string> } = {}, base = SITE) {
  return exports.default.fetch(`${base}${path}`, { redirect: "manual", ...init, headers: { Host: new URL(base).host, ...init.headers } });
}

const write = (path: string, headers: Record<string, string>, body: unknown = undefined) =>
  exports.default.fetch(`${SITE}/v1${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body ?? {}),
  });

async function signInThroughPage(email: string, base = SITE) {
  return page(
    "/login_or_signup",
    {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
      body: form({ intent: "sign_in", email, password: DEFAULT_PASSWORD }),
    },
    base,
  );
}

const articleCount = async (workspaceId: number) => (await db.select().from(articles).where(eq(articles.workspaceId, workspaceId))).length;
const newArticle = { article: { title: "From the page", markdown: "Hello", private: true } };

describe("the session cookie", () => {
  it("is HttpOnly, SameSite=Lax, Secure on https and lasts 30 days; the page's companion holds no token", async () => {
    const user = await buildUser();
    const response = await signInThroughPage(user.email);
    expect(response.status).toBe(302);
    const [session, companion] = response.headers.getSetCookie();
    expect(session).toMatch(new RegExp(`^${AUTH_COOKIE_NAME}=[^;]+; `));
    expect(session!.split("; ").slice(1).sort()).toEqual(["HttpOnly", "Max-Age=2592000", "Path=/", "SameSite=Lax", "Secure"]);
    expect(companion!.split("; ").slice(1).sort()).toEqual(["Max-Age=2592000", "Path=/", "SameSite=Lax", "Secure"]);

    const token = decodeAuthState(readCookie(session!.split(";")[0], AUTH_COOKIE_NAME))!.headers.Authorization;
    expect(token).toMatch(/^Bearer /);
    const readable = readCookie(companion!.split(";")[0], CLIENT_AUTH_COOKIE_NAME)!;
    expect(decodeClientAuthState(readable)).toEqual({ last_workspace_id: null, company_id: null, superAdminMode: null });
    expect(decodeAuthState(readable)).toBeNull();
  });

  it("is not marked Secure over plain http", async () => {
    const user = await buildUser();
    const response = await signInThroughPage(user.email, "http://app.test");
    expect(response.status).toBe(302);
    const cookies = response.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    for (const cookie of cookies) expect(cookie).not.toContain("Secure");
    expect(cookies[0]).toContain("HttpOnly");
  });

  it("authenticates the page's own API calls without an Authorization header, and hands them no token", async () => {
    const { workspace, owner } = await buildWorkspace();
    const cookie = cookieHeaderFrom(await signInThroughPage(owner.email));
    const self = await exports.default.fetch(`${SITE}/v1/users/self`, { headers: { Cookie: cookie } });
    expect(self.status).toBe(200);
    expect((await json(self)).data.id).toBe(owner.id);
    expect(self.headers.get("Authorization")).toBeNull();

    const created = await write(`/w/${workspace.id}/articles`, { Cookie: cookie, Origin: SITE, "X-Workspace-Id": String(workspace.id) }, newArticle);
    expect(created.status).toBe(201);
  });

  it("sets a cookie from before it was HttpOnly again, HttpOnly, with its companion, on the next page", async () => {
    const { owner, workspace } = await buildWorkspace();
    const legacy = `${AUTH_COOKIE_NAME}=${sessionCookies(authStateFor(`Bearer ${await tokenFor(owner)}`, workspace.id))[0]!.value}`;
    const response = await page("/status", { headers: { Cookie: legacy } });
    expect(response.status).toBe(200);
    const names = response.headers.getSetCookie().map((cookie) => [cookie.split("=")[0], cookie.includes("HttpOnly")]);
    expect(names).toEqual([
      [AUTH_COOKIE_NAME, true],
      [CLIENT_AUTH_COOKIE_NAME, false],
    ]);
  });
});

describe("cross-site requests on the cookie", () => {
  it("refuses a cross-site form POST with 403 in words, and changes nothing", async () => {
    const { owner } = await buildWorkspace();
    const { workspace: other } = await buildWorkspace({ owner });
    const cookie = cookieFor(await tokenFor(owner));
    const before = (await reloadUser(owner.id)).lastWorkspaceId;
    const attacks: Record<string, string>[] = [
      { Origin: EVIL, "Sec-Fetch-Site": "cross-site" },
      { Origin: "https://sibling.app.test", "Sec-Fetch-Site": "same-site" },
      { Origin: "null" },
      { "Sec-Fetch-Site": "cross-site" },
      { Referer: `${EVIL}/page` },
      {},
    ];
    for (const headers of attacks) {
      const response = await page("/current-workspace", {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", ...headers },
        body: form({ workspace_id: String(other.id), redirect_to: "/" }),
      });
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await response.text()).toContain("This form was sent from another site, so it was not accepted.");
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    expect((await reloadUser(owner.id)).lastWorkspaceId).toBe(before);
  });

  it("accepts the same form from the app's own pages (Origin, or Sec-Fetch-Site / Referer without it)", async () => {
    const { owner } = await buildWorkspace();
    const { workspace: other } = await buildWorkspace({ owner });
    const cookie = cookieFor(await tokenFor(owner));
    for (const headers of [{ Origin: SITE }, { "Sec-Fetch-Site": "same-origin" }, { Referer: `${SITE}/status` }] as Record<string, string>[]) {
      const response = await page("/current-workspace", {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", ...headers },
        body: form({ workspace_id: String(other.id), redirect_to: "/" }),
      });
      expect(response.status, JSON.stringify(headers)).toBe(302);
      expect(response.headers.getSetCookie().map((c) => c.split("=")[0])).toEqual([AUTH_COOKIE_NAME, CLIENT_AUTH_COOKIE_NAME]);
    }
    expect((await reloadUser(owner.id)).lastWorkspaceId).toBe(other.id);
  });

  it("refuses a sign-in form sent from another site, even without a session", async () => {
    const user = await buildUser();
    const response = await page("/login_or_signup", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: EVIL },
      body: form({ intent: "sign_in", email: user.email, password: DEFAULT_PASSWORD }),
    });
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("refuses a cross-site /v1 write on the cookie with 403 in words, and writes nothing", async () => {
    const { workspace, owner } = await buildWorkspace();
    const cookie = cookieFor(await tokenFor(owner), workspace.id);
    const before = await articleCount(workspace.id);
    for (const headers of [{ Origin: EVIL }, { Origin: "https://sibling.app.test" }, { "Sec-Fetch-Site": "cross-site" }, {}] as Record<string, string>[]) {
      const response = await write(`/w/${workspace.id}/articles`, { Cookie: cookie, "X-Workspace-Id": String(workspace.id), ...headers }, newArticle);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await json(response)).toEqual({
        error: "forbidden",
        message: expect.stringContaining("This request came from another site, so it was refused."),
      });
    }
    expect(await articleCount(workspace.id)).toBe(before);

    const sameOrigin = await write(`/w/${workspace.id}/articles`, { Cookie: cookie, Origin: SITE, "X-Workspace-Id": String(workspace.id) }, newArticle);
    expect(sameOrigin.status).toBe(201);
    expect(await articleCount(workspace.id)).toBe(before + 1);
  });

  it("still accepts a bearer-token write from another origin (API clients), whatever cookie rides along", async () => {
    const { workspace, owner } = await buildWorkspace();
    const member = await buildMember(workspace, "admin");
    const response = await write(
      `/w/${workspace.id}/articles`,
      { Authorization: `Bearer ${member.token}`, Origin: EVIL, Cookie: cookieFor(await tokenFor(owner)), "X-Workspace-Id": String(workspace.id) },
      newArticle,
    );
    expect(response.status).toBe(201);
    const [created] = await db.select().from(articles).where(eq(articles.workspaceId, workspace.id));
    expect(created!.ownerId).toBe(member.user.id);
  });

  it("still lets a write without any credentials through to the API's own answer", async () => {
    const response = await write("/users/sign_in", { Origin: EVIL }, { domain: null, user: { email: "nobody@example.com", password: "whatever1" } });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "unauthorized", message: "Invalid login credentials. Please try again.", errors: ["Invalid login credentials. Please try again."] });
  });
});

describe("ending a cookie session", () => {
  /** What the browser's old cookie gets now: the API's answer and a signed-in page's. */
  async function stillWorks(cookie: string) {
    const self = await exports.default.fetch(`${SITE}/v1/users/self`, { headers: { Cookie: cookie } });
    const status = await page("/status", { headers: { Cookie: cookie } });
    return { api: self.status, page: status.status === 200 ? "signed in" : status.headers.get("Location") };
  }

  it("signing out from the page ends it on the server at once, also for a copy of the cookie", async () => {
    const user = await buildUser();
    const cookie = cookieHeaderFrom(await signInThroughPage(user.email));
    expect(await stillWorks(cookie)).toEqual({ api: 200, page: "signed in" });
    const out = await page("/logout", { method: "POST", headers: { Cookie: cookie, Origin: SITE } });
    expect(out.status).toBe(302);
    expect(out.headers.getSetCookie().every((c) => c.includes("Max-Age=0"))).toBe(true);
    expect(await stillWorks(cookie)).toEqual({ api: 401, page: "/login_or_signup?redirect_to=%2Fstatus" });
  });

  it("revoking the session through the API (sign out) ends it too", async () => {
    const user = await buildUser();
    const cookie = cookieHeaderFrom(await signInThroughPage(user.email));
    const out = await exports.default.fetch(`${SITE}/v1/users/sign_out`, { method: "DELETE", headers: { Cookie: cookie, Origin: SITE } });
    expect(out.status).toBe(204);
    expect(await stillWorks(cookie)).toEqual({ api: 401, page: "/login_or_signup?redirect_to=%2Fstatus" });
  });

  it("a password change ends every other cookie session; this browser's new session stays in its HttpOnly cookie", async () => {
    const user = await buildUser();
    const here = cookieHeaderFrom(await signInThroughPage(user.email));
    const elsewhere = cookieHeaderFrom(await signInThroughPage(user.email));
    const changed = await exports.default.fetch(`${SITE}/v1/password`, {
      method: "PUT",
      headers: { Cookie: here, Origin: SITE, "Content-Type": "application/json" },
      body: JSON.stringify({ current_password: DEFAULT_PASSWORD, password: "a-brand-new-password" }),
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("Authorization")).toBeNull();
    const renewed = changed.headers.getSetCookie();
    expect(renewed[0]).toMatch(new RegExp(`^${AUTH_COOKIE_NAME}=.*HttpOnly`));

    expect(await stillWorks(here)).toEqual({ api: 401, page: "/login_or_signup?redirect_to=%2Fstatus" });
    expect(await stillWorks(elsewhere)).toEqual({ api: 401, page: "/login_or_signup?redirect_to=%2Fstatus" });
    expect(await stillWorks(cookieHeaderFrom(changed))).toEqual({ api: 200, page: "signed in" });
  });

  it("a password reset (from the emailed link) ends every cookie session", async () => {
    const user = await buildUser();
    const cookie = cookieHeaderFrom(await signInThroughPage(user.email));
    expect((await api("/users/password", { method: "POST", body: { email: user.email, redirect_url: null } })).status).toBe(200);
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, user.email), eq(mailOutbox.kind, "password_reset")))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    const token = new URL(mail!.text.match(/https?:\/\/\S+/)![0]).searchParams.get("reset_password_token")!;
    expect((await api("/password-reset", { method: "PUT", body: { token, password: "another-new-password" } })).status).toBe(200);
    expect(await stillWorks(cookie)).toEqual({ api: 401, page: "/login_or_signup?redirect_to=%2Fstatus" });
  });
});
