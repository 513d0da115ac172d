import { baseUrl, call, tokenRequest, TokenRequestFailed, type NetworkAnswer } from "../publishing/providers/http";
import type { ConnectedAccount, ProviderContext } from "../publishing/providers/types";
import { failureFrom, IntegrationFailed, noAnswer, unreachable } from "./failures";
import type { ConnectedIntegration, IntegrationService, SiteDocument, SitePublished } from "./types";

/**
 * Webflow's Data API v2 (developers.webflow.com/data): an OAuth app with the scopes
 * `sites:read cms:read cms:write`; a connection is one CMS collection with a rich-text field
 * (a blog), and a document becomes one of its items. Tokens do not expire and there is no
 * refresh token: a 401 means connecting again.
 */

const SERVICE = "Webflow";
export const WEBFLOW_SCOPES = "sites:read cms:read cms:write";

const authBase = (env: Env) => baseUrl(env, "WEBFLOW_AUTH_BASE", "https://webflow.com");
const apiBase = (env: Env) => baseUrl(env, "WEBFLOW_API_BASE", "https://api.webflow.com");

interface WebflowError {
  code?: string;
  message?: string;
  details?: ({ param?: string; description?: string } | string)[];
}

interface WebflowSite {
  id: string;
  displayName?: string;
  shortName?: string;
  customDomains?: { id?: string; url?: string }[];
}

interface WebflowCollection {
  id: string;
  displayName?: string;
  singularName?: string;
  slug?: string;
  fields?: { id?: string; slug: string; type: string; displayName?: string; isRequired?: boolean }[];
}

interface WebflowItem {
  id: string;
  isDraft?: boolean;
  fieldData?: Record<string, unknown>;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}`, Accept: "application/json" });

/** Webflow's words: its message and, for a validation error, what each field got wrong. */
function words(answer: NetworkAnswer<WebflowError>): string {
  const body = answer.body;
  const details = (body?.details ?? []).map((detail) => (typeof detail === "string" ? detail : [detail.param, detail.description].filter(Boolean).join(": "))).filter(Boolean);
  return [body?.message ?? (answer.text.slice(0, 200) || answer.response.statusText), ...details].join("; ");
}

async function get<T>(ctx: ProviderContext, token: string, path: string): Promise<T> {
  let answer: NetworkAnswer<T & WebflowError>;
  try {
    answer = await call<T & WebflowError>(ctx, `${apiBase(ctx.env)}${path}`, { headers: bearer(token) });
  } catch (error) {
    throw unreachable(SERVICE, error);
  }
  if (!answer.response.ok || !answer.body) throw failureFrom(answer, SERVICE, words(answer));
  return answer.body;
}

/** The site's public address: its first custom domain, else its webflow.io one. */
function siteUrl(site: WebflowSite): string | null {
  const domain = site.customDomains?.find((d) => d.url)?.url;
  if (domain) return /^https?:\/\//.test(domain) ? domain.replace(/\/+$/, "") : `https://${domain}`;
  return site.shortName ? `https://${site.shortName}.webflow.io` : null;
}

/** The rich-text field a post's body goes in: one named like a body, else the first. */
function bodyField(collection: WebflowCollection): string | null {
  const rich = (collection.fields ?? []).filter((field) => field.type === "RichText");
  const named = rich.find((field) => /body|content|post/i.test(`${field.slug} ${field.displayName ?? ""}`));
  return (named ?? rich[0])?.slug ?? null;
}

/**
 * After the code exchange: the sites the token reaches (`GET /v2/sites`), their collections
 * (`GET /v2/sites/:id/collections`, which lists no fields) and each collection's fields
 * (`GET /v2/collections/:id`). A collection with a rich-text field is blog-like: one
 * connection each, "<site> · <collection>".
 */
async function exchangeCode(ctx: ProviderContext, req: { app: { clientId: string; clientSecret: string }; code: string; redirectUri: string }): Promise<ConnectedAccount[]> {
  let token: string;
  try {
    const answer = await tokenRequest(ctx, `${apiBase(ctx.env)}/oauth/access_token`, { code: req.code, grant_type: "authorization_code", redirect_uri: req.redirectUri }, { app: req.app, auth: "body" });
    token = answer.access_token;
  } catch (error) {
    if (error instanceof TokenRequestFailed) throw new IntegrationFailed(error.transient ? "unavailable" : "refused", `Webflow did not give access: ${error.message}`);
    throw error;
  }
  const { sites = [] } = await get<{ sites?: WebflowSite[] }>(ctx, token, "/v2/sites");
  const accounts: ConnectedAccount[] = [];
  for (const site of sites) {
    const { collections = [] } = await get<{ collections?: WebflowCollection[] }>(ctx, token, `/v2/sites/${encodeURIComponent(site.id)}/collections`);
    for (const listed of collections) {
      const collection = await get<WebflowCollection>(ctx, token, `/v2/collections/${encodeURIComponent(listed.id)}`);
      const body = bodyField(collection);
      if (!body) continue;
      const url = siteUrl(site);
      const slug = collection.slug ?? listed.slug ?? "";
      accounts.push({
        externalId: collection.id,
        displayName: `${site.displayName ?? site.shortName ?? "Webflow site"} · ${collection.displayName ?? listed.displayName ?? "Collection"}`,
        handle: site.shortName ?? site.id,
        avatarUrl: null,
        url,
        settings: {
          siteId: site.id,
          collectionId: collection.id,
          nameField: "name",
          slugField: "slug",
          bodyField: body,
          collectionSlug: slug,
          siteUrl: url ?? "",
        },
        credentials: { accessToken: token },
        expiresAt: null,
      });
    }
  }
  return accounts;
}

/**
 * Publishes a document as a CMS item: `POST /v2/collections/:id/items` (or, republishing,
 * `PATCH /v2/collections/:id/items/:itemId`; a 404 there means the item was deleted on
 * Webflow, so it is made again), then `POST /v2/collections/:id/items/publish` with its id
 * to put it live. A draft stays `isDraft: true` and is not published.
 */
async function publishItem(ctx: ProviderContext, integration: ConnectedIntegration, document: SiteDocument, remoteId: string | null): Promise<SitePublished> {
  const { collectionId, nameField = "name", slugField = "slug", bodyField: body, collectionSlug, siteUrl: site } = integration.settings;
  if (!collectionId || !body) throw new IntegrationFailed("reconnect", "This Webflow connection is incomplete. Connect the collection again.");
  const api = apiBase(ctx.env);
  const collection = `${api}/v2/collections/${encodeURIComponent(collectionId)}`;
  const headers = { ...bearer(integration.credentials.accessToken), "Content-Type": "application/json" };
  const payload = JSON.stringify({
    isArchived: false,
    isDraft: document.status === "draft",
    fieldData: { [nameField]: document.title, [slugField]: document.slug, [body]: document.html },
  });
  const url = site && collectionSlug ? `${site}/${collectionSlug}/${document.slug}` : null;

  let item: WebflowItem | null = null;
  let recreated = false;
  if (remoteId) {
    let updated: NetworkAnswer<WebflowItem & WebflowError>;
    try {
      updated = await call<WebflowItem & WebflowError>(ctx, `${collection}/items/${encodeURIComponent(remoteId)}`, { method: "PATCH", headers, body: payload });
    } catch (error) {
      throw unreachable(SERVICE, error);
    }
    if (updated.response.ok && updated.body?.id) item = updated.body;
    else if (updated.response.status === 404) recreated = true;
    else throw failureFrom(updated, SERVICE, words(updated));
  }
  if (!item) {
    let created: NetworkAnswer<WebflowItem & WebflowError>;
    try {
      created = await call<WebflowItem & WebflowError>(ctx, `${collection}/items`, { method: "POST", headers, body: payload });
    } catch {
      throw noAnswer(SERVICE, "the item");
    }
    if (!created.response.ok || !created.body?.id) throw failureFrom(created, SERVICE, words(created));
    item = created.body;
  }

  if (document.status === "publish") {
    // The item exists from here on: a failure to publish it keeps its id, so the next try updates it.
    let published: NetworkAnswer<{ publishedItemIds?: string[]; errors?: string[] } & WebflowError>;
    try {
      published = await call(ctx, `${collection}/items/publish`, { method: "POST", headers, body: JSON.stringify({ itemIds: [item.id] }) });
    } catch (error) {
      const failure = unreachable(SERVICE, error);
      throw new IntegrationFailed("unavailable", `Saved on Webflow, but not published: ${failure.message}`, 60, { id: item.id, url });
    }
    const errors = published.body?.errors ?? [];
    if (!published.response.ok || errors.length) {
      const failure = published.response.ok ? new IntegrationFailed("refused", `Webflow refused it: ${errors.join("; ")}`) : failureFrom(published, SERVICE, words(published));
      throw new IntegrationFailed(failure.kind, `Saved on Webflow, but not published. ${failure.message}`, failure.retryAfterSeconds, { id: item.id, url });
    }
  }
  return { id: item.id, url, recreated };
}

/** After a create that got no answer: the collection's item with the document's slug (`GET /v2/collections/:id/items?slug=…`). */
async function findItem(ctx: ProviderContext, integration: ConnectedIntegration, document: SiteDocument) {
  const { collectionId, collectionSlug, siteUrl: site } = integration.settings;
  if (!collectionId) return null;
  const { items = [] } = await get<{ items?: WebflowItem[] }>(ctx, integration.credentials.accessToken, `/v2/collections/${encodeURIComponent(collectionId)}/items?slug=${encodeURIComponent(document.slug)}`);
  const item = items[0];
  return item ? { id: item.id, url: site && collectionSlug ? `${site}/${collectionSlug}/${document.slug}` : null } : null;
}

export const webflowService: IntegrationService = {
  id: "webflow",
  kind: "site_builder",
  label: "Webflow",
  connectors: [
    {
      kind: "oauth",
      id: "webflow",
      label: "Webflow",
      envPrefix: "WEBFLOW",
      authorizeUrl(req, env) {
        // Webflow's authorize takes no PKCE challenge; the signed state guards the callback.
        const query = new URLSearchParams({ response_type: "code", client_id: req.app.clientId, redirect_uri: req.redirectUri, scope: WEBFLOW_SCOPES, state: req.state });
        return `${authBase(env)}/oauth/authorize?${query}`;
      },
      exchangeCode,
      note: "Each CMS collection with a rich-text field (a blog) becomes a place to publish documents.",
    },
  ],
  site: { find: findItem, publish: publishItem },
};
