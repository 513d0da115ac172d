import { Invalid } from "../../lib/errors";
import { safeRequest } from "../safe-fetch";
import type { NetworkAnswer } from "../publishing/providers/http";
import type { ConnectedAccount, ProviderContext } from "../publishing/providers/types";
import { failureFrom, IntegrationFailed, noAnswer, unreachable } from "./failures";
import type { ConnectedIntegration, IntegrationService, SiteDocument, SitePublished } from "./types";

/**
 * WordPress through its REST API (developer.wordpress.org/rest-api), signed in with an
 * application password (WordPress 5.6+, Users → Profile → Application Passwords) sent as
 * HTTP Basic auth. The site's address is typed by a person, so every call goes through
 * safeRequest: no private addresses, checked again on every call.
 */

const SERVICE = "WordPress";

interface WpError {
  code?: string;
  message?: string;
}

interface WpIndex {
  name?: string;
  url?: string;
  home?: string;
  namespaces?: string[];
}

interface WpUser {
  id: number;
  name?: string;
  slug?: string;
  capabilities?: Record<string, boolean>;
}

interface WpPost {
  id: number;
  link?: string;
  status?: string;
}

const basicAuth = (username: string, password: string) => {
  // btoa takes Latin-1 only; a user name may have any letter.
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
};

async function request<T>(ctx: ProviderContext, url: string, init: { method: string; headers?: Record<string, string>; body?: unknown }, field = "site_url"): Promise<NetworkAnswer<T>> {
  const response = await safeRequest(
    url,
    {
      method: init.method,
      headers: { Accept: "application/json", ...(init.body === undefined ? {} : { "Content-Type": "application/json" }), ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    },
    { field, fetch: ctx.fetch, timeoutMs: 30_000 },
  );
  const text = await response.text();
  let body: T | null = null;
  try {
    body = text ? (JSON.parse(text) as T) : null;
  } catch {
    body = null;
  }
  return { response, body, text };
}

/** A GET that follows a few redirects (http → https, a www host), each hop checked again by safeRequest. */
async function follow<T>(ctx: ProviderContext, url: string, headers: Record<string, string> = {}): Promise<NetworkAnswer<T> & { url: string }> {
  let current = url;
  for (let hop = 0; hop < 4; hop++) {
    const answer = await request<T>(ctx, current, { method: "GET", headers });
    const location = answer.response.headers.get("location");
    if (answer.response.status >= 300 && answer.response.status < 400 && location) {
      current = new URL(location, current).href;
      continue;
    }
    return { ...answer, url: current };
  }
  throw new Invalid("That site redirects too many times", { site_url: ["redirects too many times"] });
}

/**
 * A route under the REST root: `<root>wp/v2/posts` with pretty permalinks, or
 * `?rest_route=/wp/v2/posts` on sites without them (both are what discovery can answer).
 */
export function wpRoute(root: string, path: string, query: Record<string, string> = {}): string {
  const url = new URL(root);
  if (url.searchParams.has("rest_route")) {
    url.searchParams.set("rest_route", `${url.searchParams.get("rest_route")!.replace(/\/$/, "")}/${path}`);
  } else {
    url.pathname = `${url.pathname.replace(/\/?$/, "/")}${path}`;
  }
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.href;
}

const isIndex = (body: WpIndex | null): body is WpIndex => Boolean(body && Array.isArray(body.namespaces));

/**
 * The site's REST root. `<site>/wp-json/` first; failing that, the documented discovery: the
 * site's pages name their root in a `Link: <…>; rel="https://api.w.org/"` header (which is
 * `?rest_route=/` on sites without pretty permalinks).
 */
async function discoverRoot(ctx: ProviderContext, site: string): Promise<{ root: string; index: WpIndex }> {
  const direct = await follow<WpIndex>(ctx, wpRoute(`${site.replace(/\/+$/, "")}/wp-json/`, ""));
  if (direct.response.ok && isIndex(direct.body)) return { root: direct.url, index: direct.body };
  const page = await follow(ctx, site);
  const link = /<([^>]+)>;\s*rel="https:\/\/api\.w\.org\/"/.exec(page.response.headers.get("link") ?? "")?.[1];
  if (link) {
    const linked = await follow<WpIndex>(ctx, new URL(link, page.url).href);
    if (linked.response.ok && isIndex(linked.body)) return { root: linked.url, index: linked.body };
  }
  throw new Invalid("No WordPress REST API answered at that address. Check the site's address (its home page), and that the REST API is not turned off.", {
    site_url: ["has no WordPress REST API"],
  });
}

function siteAddress(raw: string): string {
  const trimmed = raw.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(withScheme);
    return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
  } catch {
    throw new Invalid("That is not a web address", { site_url: ["is not a web address"] });
  }
}

/** The form connector: checks the site, the application password, and that its user may publish. */
export async function connectWordPress(ctx: ProviderContext, values: Record<string, string>): Promise<ConnectedAccount[]> {
  const username = values.username?.trim() ?? "";
  // WordPress shows application passwords in groups of four with spaces; it accepts them either way.
  const password = values.application_password?.trim() ?? "";
  if (!values.site_url?.trim()) throw new Invalid("Enter the site's address", { site_url: ["can't be blank"] });
  if (!username) throw new Invalid("Enter the WordPress user name", { username: ["can't be blank"] });
  if (!password) throw new Invalid("Enter an application password", { application_password: ["can't be blank"] });
  const site = siteAddress(values.site_url);

  let root: string;
  let index: WpIndex;
  try {
    ({ root, index } = await discoverRoot(ctx, site));
  } catch (error) {
    if (error instanceof Invalid) throw error;
    throw new Invalid("That site could not be reached. Check its address and try again.", { site_url: ["could not be reached"] });
  }

  let me: NetworkAnswer<WpUser & WpError>;
  try {
    me = await request<WpUser & WpError>(ctx, wpRoute(root, "wp/v2/users/me", { context: "edit" }), { method: "GET", headers: { Authorization: basicAuth(username, password) } });
  } catch (error) {
    if (error instanceof Invalid) throw error;
    throw new Invalid("That site stopped answering while checking the password. Try again.", { site_url: ["did not answer"] });
  }
  if (me.response.status === 401 || me.response.status === 403) {
    throw new Invalid(`WordPress did not accept that user name and application password: ${me.body?.message ?? me.response.status}`, {
      application_password: ["was not accepted by the site"],
    });
  }
  if (!me.response.ok || !me.body?.id) {
    throw new Invalid(`WordPress answered ${me.response.status}: ${me.body?.message ?? (me.text.slice(0, 200) || "no details")}`, { site_url: ["did not answer as WordPress does"] });
  }
  if (!me.body.capabilities?.publish_posts) {
    throw new Invalid(`${me.body.name ?? username} may not publish posts on this site. Use an Author, Editor or Administrator account.`, {
      username: ["may not publish posts"],
    });
  }

  const home = index.home || index.url || site;
  return [
    {
      externalId: new URL(home).host + new URL(home).pathname.replace(/\/+$/, ""),
      displayName: index.name?.trim() || new URL(home).host,
      handle: me.body.slug ?? username,
      avatarUrl: null,
      url: home,
      settings: { restRoot: root, userId: String(me.body.id) },
      credentials: { accessToken: password, extra: { username } },
      expiresAt: null,
    },
  ];
}

const words = (answer: NetworkAnswer<WpError>) => answer.body?.message ?? (answer.text.slice(0, 200) || answer.response.statusText);

/**
 * Publishes a document as a post: `POST /wp/v2/posts` (201 with the post), or updates the
 * post made before, `POST /wp/v2/posts/<id>` (200). A post deleted on the site answers 404
 * (`rest_post_invalid_id`): it is made again, and the answer says so.
 */
async function publishPost(ctx: ProviderContext, integration: ConnectedIntegration, document: SiteDocument, remoteId: string | null): Promise<SitePublished> {
  const root = integration.settings.restRoot;
  if (!root) throw new IntegrationFailed("reconnect", "This WordPress connection is incomplete. Connect the site again.");
  const headers = { Authorization: basicAuth(integration.credentials.extra?.username ?? "", integration.credentials.accessToken) };
  // The slug (the document's words and id) is what `find` looks the post up by after a create without an answer.
  const body = { title: document.title, content: document.html, status: document.status, slug: document.slug };

  if (remoteId) {
    let updated: NetworkAnswer<WpPost & WpError>;
    try {
      updated = await request<WpPost & WpError>(ctx, wpRoute(root, `wp/v2/posts/${encodeURIComponent(remoteId)}`), { method: "POST", headers, body });
    } catch (error) {
      if (error instanceof Invalid) throw error;
      // An update sent twice does no harm, but say it did not answer.
      throw unreachable(SERVICE, error);
    }
    if (updated.response.ok && updated.body?.id) return { id: String(updated.body.id), url: updated.body.link ?? null, recreated: false };
    if (updated.response.status !== 404) throw failureFrom(updated, SERVICE, words(updated));
  }

  let created: NetworkAnswer<WpPost & WpError>;
  try {
    created = await request<WpPost & WpError>(ctx, wpRoute(root, "wp/v2/posts"), { method: "POST", headers, body });
  } catch (error) {
    if (error instanceof Invalid) throw error;
    throw noAnswer(SERVICE, "the post");
  }
  if (!created.response.ok || !created.body?.id) throw failureFrom(created, SERVICE, words(created));
  return { id: String(created.body.id), url: created.body.link ?? null, recreated: remoteId !== null };
}

/**
 * After a create that got no answer: the post with the document's slug, in any state
 * (`GET /wp/v2/posts?slug=…&status=…&context=edit`, which needs the edit context to see drafts).
 */
async function findPost(ctx: ProviderContext, integration: ConnectedIntegration, document: SiteDocument) {
  const root = integration.settings.restRoot;
  if (!root) return null;
  const headers = { Authorization: basicAuth(integration.credentials.extra?.username ?? "", integration.credentials.accessToken) };
  let answer: NetworkAnswer<WpPost[] & WpError>;
  try {
    answer = await request<WpPost[] & WpError>(ctx, wpRoute(root, "wp/v2/posts", { slug: document.slug, status: "publish,future,draft,pending,private", context: "edit" }), { method: "GET", headers });
  } catch (error) {
    if (error instanceof Invalid) throw error;
    throw unreachable(SERVICE, error);
  }
  if (!answer.response.ok || !Array.isArray(answer.body)) throw failureFrom(answer, SERVICE, words(answer));
  const post = answer.body[0];
  return post ? { id: String(post.id), url: post.link ?? null } : null;
}

export const wordpressService: IntegrationService = {
  id: "wordpress",
  kind: "site_builder",
  label: "WordPress",
  connectors: [
    {
      kind: "form",
      id: "wordpress",
      label: "WordPress",
      fields: [
        { name: "site_url", label: "Site address", type: "url", placeholder: "https://blog.example.com" },
        { name: "username", label: "User name", type: "text", help: "The WordPress user the posts are published as (an Author, Editor or Administrator)." },
        {
          name: "application_password",
          label: "Application password",
          type: "password",
          placeholder: "abcd efgh ijkl mnop qrst uvwx",
          help: "In WordPress, open Users → Profile, scroll to Application Passwords, type a name (e.g. Brandwork) and choose Add New Application Password. Your sign-in password will not work here.",
        },
      ],
      connect: connectWordPress,
      note: "Needs WordPress 5.6 or later, served over https.",
    },
  ],
  site: { find: findPost, publish: publishPost },
};
