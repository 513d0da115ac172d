import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { articleSlug } from "../../core/slug";
import { api, buildArticle, buildUser, buildWorkspace, json, tokenFor } from "../factories";

// ---------------------------------------------------------------------------------------------
// 9. Pages carry a nonce-based Content-Security-Policy and the other browser hardening headers
// ---------------------------------------------------------------------------------------------

const page = (path: string, headers: Record<string, string> = {}) =>
  exports.default.fetch(`https://app.test${path}`, { redirect: "manual", headers });

/** The policy as `{ directive: [sources] }`. */
function policy(response: Response) {
  const header = response.headers.get("Content-Security-Policy");
  expect(header, "Content-Security-Policy header").toBeTruthy();
  return Object.fromEntries(
    header!
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const nonceOf = (response: Response) => {
  const source = policy(response)["script-src"]!.find((s: string) => s.startsWith("'nonce-"));
  expect(source, "script-src names a nonce").toBeTruthy();
  return source!.slice("'nonce-".length, -1);
};

/** Every <script> of the page, with its nonce attribute (or null). */
const scripts = (html: string) => [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!.match(/\snonce="([^"]*)"/)?.[1] ?? null);

async function publishedPage(allowEmbedding?: boolean) {
  const { workspace, owner } = await buildWorkspace();
  const token = await tokenFor(owner);
  if (allowEmbedding !== undefined) {
    const saved = await api(`/w/${workspace.id}/settings/workspace`, {
      method: "PUT",
      token,
      body: { publish: { allow_embedding: allowEmbedding } },
    });
    expect(saved.status).toBe(200);
  }
  const article = await buildArticle(workspace, owner, { title: `Embeddable ${Math.random().toString(36).slice(2, 8)}`, text: "Hello." });
  expect((await api(`/articles/${article.id}/make_public`, { method: "PUT", token, body: {} })).status).toBe(200);
  return `/p/${articleSlug(article.title, article.id)}`;
}

describe("9. page security headers", () => {
  it("sends a nonce policy on app pages, and every script the page renders carries that nonce", async () => {
    const response = await page("/login_or_signup");
    expect(response.status).toBe(200);
    const directives = policy(response);
    const nonce = nonceOf(response);
    expect(directives["script-src"]).not.toContain("'unsafe-inline'");
    expect(directives["script-src"]).not.toContain("'unsafe-eval'");
    expect(directives["frame-ancestors"]).toEqual(["'none'"]);
    expect(directives["object-src"]).toEqual(["'none'"]);
    expect(directives["base-uri"]).toEqual(["'self'"]);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");

    const found = scripts(await response.text());
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((n) => n === nonce)).toBe(true);
  });

  it("lets the editor reach the PartyKit rooms over websockets", async () => {
    // The test Worker runs with PARTYKIT_HOST=127.0.0.1:1999 (vitest.config.ts).
    const directives = policy(await page("/login_or_signup"));
    expect(directives["connect-src"]).toEqual(expect.arrayContaining(["'self'", "ws://127.0.0.1:1999", "wss://127.0.0.1:1999"]));
    expect(directives["frame-src"]).toEqual(expect.arrayContaining(["https:"]));
  });

  it("uses a fresh nonce for every response", async () => {
    const first = nonceOf(await page("/login_or_signup"));
    const second = nonceOf(await page("/login_or_signup"));
    expect(first).not.toBe(second);
    expect(first.length).toBeGreaterThanOrEqual(22);
  });

  it("protects signed-in pages, redirects and error pages too", async () => {
    const user = await buildUser();
    const token = await tokenFor(user);
    for (const response of [await page("/"), await page("/definitely/not/here"), await page("/status", { Authorization: `Bearer ${token}` })]) {
      expect(policy(response)["frame-ancestors"]).toEqual(["'none'"]);
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    }
  });

  it("does not let other sites frame a public page unless the workspace allows embedding", async () => {
    const path = await publishedPage();
    const response = await page(path);
    expect(response.status).toBe(200);
    expect(policy(response)["frame-ancestors"]).toEqual(["'none'"]);
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
  });

  it("lets other sites frame the public pages of a workspace that allows embedding, cached or not", async () => {
    const path = await publishedPage(true);
    const miss = await page(path);
    const hit = await page(path);
    expect(hit.headers.get("X-Cache")).toBe("HIT");
    for (const response of [miss, hit]) {
      expect(policy(response)["frame-ancestors"]).toEqual(["*"]);
      expect(response.headers.get("X-Frame-Options")).toBeNull();
    }
  });

  it("gives a public page served from the cache a nonce of its own, in the policy and in its scripts", async () => {
    const path = await publishedPage();
    const miss = await page(path);
    const hit = await page(path);
    expect(hit.headers.get("X-Cache")).toBe("HIT");
    const [missNonce, hitNonce] = [nonceOf(miss), nonceOf(hit)];
    expect(hitNonce).not.toBe(missNonce);
    const hitScripts = scripts(await hit.text());
    expect(hitScripts.length).toBeGreaterThan(0);
    expect(hitScripts.every((n) => n === hitNonce)).toBe(true);
    expect(scripts(await miss.text()).every((n) => n === missNonce)).toBe(true);
  });

  it("sends no new policy with a 304, so the browser's copy keeps the policy its nonce belongs to", async () => {
    const path = await publishedPage();
    const first = await page(path);
    const etag = first.headers.get("ETag")!;
    const revalidated = await page(path, { "If-None-Match": etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("Content-Security-Policy")).toBeNull();
  });

  it("keeps embedding off by default and lets an admin switch it on in the workspace settings", async () => {
    const { workspace, owner } = await buildWorkspace();
    const token = await tokenFor(owner);
    const before = await json(await api(`/w/${workspace.id}/settings/workspace`, { token }));
    expect(before.data.publish.allow_embedding).toBe(false);
    const bad = await api(`/w/${workspace.id}/settings/workspace`, { method: "PUT", token, body: { publish: { allow_embedding: "yes" } } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await json(bad))).toContain("allow_embedding");
  });
});

describe("Strict-Transport-Security", () => {
  it("tells browsers to use https only, for a year, on every https answer: pages, redirects, API answers and refusals", async () => {
    const { owner } = await buildWorkspace();
    const token = await tokenFor(owner);
    const answers = [
      await page("/login_or_signup"),
      await page("/status"),
      await page("/definitely/not/here"),
      await api("/users/self", { token }),
      await api("/users/self"),
      await api("/no/such/route", { token }),
      await exports.default.fetch("https://app.test/current-workspace", { method: "POST", headers: { Origin: "https://evil.example" } }),
    ];
    expect(answers.map((response) => response.status)).toEqual([200, 302, 404, 200, 401, 404, 403]);
    for (const response of answers) {
      const header = response.headers.get("Strict-Transport-Security");
      expect(header, response.url).toMatch(/^max-age=(\d+)/);
      expect(Number(header!.match(/max-age=(\d+)/)![1])).toBeGreaterThanOrEqual(31_536_000);
    }
  });

  it("is not sent over plain http, where browsers ignore it", async () => {
    for (const path of ["/login_or_signup", "/v1/health"]) {
      const response = await exports.default.fetch(`http://app.test${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("Strict-Transport-Security")).toBeNull();
    }
  });
});
