import type { Credentials } from "../publishing/credentials";
import { baseUrl, call, expiresAt, oauthApp, tokenRequest, TokenRequestFailed, type NetworkAnswer, type TokenAnswer, refreshTokenGrant } from "../publishing/providers/http";
import type { ConnectedAccount, ProviderContext, RefreshOutcome } from "../publishing/providers/types";
import type { IntegrationService } from "./types";

/**
 * HubSpot, as a CRM whose contacts a workspace imports (the spec's ImportContacts modal).
 * OAuth 2.0 authorization code (HubSpot's "Working with OAuth" and "Manage OAuth tokens"
 * guides): the app's client id and secret from HUBSPOT_CLIENT_ID / HUBSPOT_CLIENT_SECRET,
 * access tokens that last 30 minutes, refresh tokens that do not rotate. The account connected
 * is the HubSpot portal ("hub") that the person chose on HubSpot's consent screen.
 */

const authBase = (env: Env) => baseUrl(env, "HUBSPOT_AUTH_BASE", "https://app.hubspot.com");
const apiBase = (env: Env) => baseUrl(env, "HUBSPOT_API_BASE", "https://api.hubapi.com");

/** `oauth` is the basic scope every HubSpot app has; contacts are read only. */
export const HUBSPOT_SCOPES = ["oauth", "crm.objects.contacts.read"];

const LABEL = "HubSpot";

/** What GET /oauth/v1/access-tokens/:token answers about a token: the portal and the person. */
interface TokenInfo {
  hub_id: number;
  hub_domain?: string;
  user?: string;
  user_id?: number;
  scopes?: string[];
  expires_in?: number;
}

/** HubSpot's error body: `{status: "error", message, correlationId, category}`. */
interface HubSpotError {
  message?: string;
  category?: string;
}

export const hubspotMessage = (answer: NetworkAnswer) => (answer.body as HubSpotError | null)?.message ?? (answer.text.slice(0, 200) || answer.response.statusText);

function requireApp(env: Env) {
  const app = oauthApp(env, "HUBSPOT");
  if (!app) throw new Error("HubSpot is not configured on this server");
  return app;
}

const credentialsFrom = (token: TokenAnswer, hubId: string): Credentials => ({
  accessToken: token.access_token,
  refreshToken: token.refresh_token ?? null,
  extra: { hubId },
});

export const hubspot: IntegrationService = {
  id: "hubspot",
  kind: "crm",
  label: LABEL,
  connectors: [
    {
      kind: "oauth",
      id: "hubspot",
      label: LABEL,
      envPrefix: "HUBSPOT",
      // HubSpot's authorize URL takes client_id, scope (space-separated), redirect_uri and
      // state. It does not document PKCE, so no code_challenge is sent; the signed state binds
      // the answer to the workspace and the person.
      authorizeUrl(req, env) {
        const url = new URL(`${authBase(env)}/oauth/authorize`);
        url.search = new URLSearchParams({ client_id: req.app.clientId, redirect_uri: req.redirectUri, scope: HUBSPOT_SCOPES.join(" "), state: req.state }).toString();
        return url.toString();
      },
      async exchangeCode(ctx, req): Promise<ConnectedAccount[]> {
        const token = await tokenRequest(
          ctx,
          `${apiBase(ctx.env)}/oauth/v1/token`,
          { grant_type: "authorization_code", code: req.code, redirect_uri: req.redirectUri },
          { app: req.app, auth: "body" },
        );
        // The token's own metadata names the portal it was granted for.
        const info = await call<TokenInfo & HubSpotError>(ctx, `${apiBase(ctx.env)}/oauth/v1/access-tokens/${encodeURIComponent(token.access_token)}`, { headers: { Accept: "application/json" } });
        if (!info.response.ok || !info.body?.hub_id) throw new TokenRequestFailed(`HubSpot did not say which account was connected: ${hubspotMessage(info)}`, info.response.status >= 500);
        const hubId = String(info.body.hub_id);
        const domain = info.body.hub_domain ?? null;
        return [
          {
            externalId: hubId,
            displayName: domain ? `${domain} (HubSpot ${hubId})` : `HubSpot account ${hubId}`,
            handle: info.body.user ?? hubId,
            avatarUrl: null,
            credentials: credentialsFrom(token, hubId),
            expiresAt: expiresAt(ctx, token.expires_in),
            url: `https://app.hubspot.com/contacts/${hubId}`,
            settings: { hubId, ...(domain ? { hubDomain: domain } : {}) },
          },
        ];
      },
    },
  ],

  async refresh(ctx, credentials): Promise<RefreshOutcome> {
    if (!credentials.refreshToken) return { ok: false, message: "HubSpot gave no refresh token; connect it again" };
    // HubSpot keeps the refresh token unless it sends a new one.
    return refreshTokenGrant(ctx, `${apiBase(ctx.env)}/oauth/v1/token`, credentials, { app: requireApp(ctx.env), auth: "body" });
  },

  // DELETE /oauth/v1/refresh-tokens/:token removes the app's access for that refresh token (204).
  async revoke(ctx, credentials) {
    if (!credentials.refreshToken) return;
    await call(ctx, `${apiBase(ctx.env)}/oauth/v1/refresh-tokens/${encodeURIComponent(credentials.refreshToken)}`, { method: "DELETE" }).catch(() => undefined);
  },
};

/** One HubSpot contact as the import reads it. */
export interface HubSpotContact {
  id: string;
  email: string | null;
  firstName: string;
  lastName: string;
  company: string | null;
}

interface ContactsPage {
  results?: { id: string; properties?: Record<string, string | null | undefined> }[];
  paging?: { next?: { after?: string } };
}

export const HUBSPOT_PAGE_SIZE = 100;

/**
 * GET /crm/v3/objects/contacts: one page of up to 100 contacts with the properties we keep,
 * and the `after` cursor of the next page (absent on the last). The caller supplies the token.
 */
export function requestContactsPage(ctx: ProviderContext, accessToken: string, after: string | null) {
  const query = new URLSearchParams({ limit: String(HUBSPOT_PAGE_SIZE), properties: "email,firstname,lastname,company" });
  if (after) query.set("after", after);
  return call<ContactsPage & HubSpotError>(ctx, `${apiBase(ctx.env)}/crm/v3/objects/contacts?${query}`, {
    headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/json" },
  });
}

/** The page's contacts and next cursor, from a successful answer. */
export function readContactsPage(body: ContactsPage | null): { contacts: HubSpotContact[]; next: string | null } {
  const contacts = (body?.results ?? []).map((result) => {
    const p = result.properties ?? {};
    const text = (value: string | null | undefined) => value?.trim() ?? "";
    return { id: result.id, email: text(p.email).toLowerCase() || null, firstName: text(p.firstname), lastName: text(p.lastname), company: text(p.company) || null };
  });
  return { contacts, next: body?.paging?.next?.after ?? null };
}
