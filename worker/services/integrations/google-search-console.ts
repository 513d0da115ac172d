import type { Credentials } from "../publishing/credentials";
import { baseUrl, call, expiresAt, oauthApp, tokenRequest, TokenRequestFailed, type NetworkAnswer, refreshTokenGrant } from "../publishing/providers/http";
import type { ConnectedAccount, ProviderContext, RefreshOutcome } from "../publishing/providers/types";
import type { IntegrationService } from "./types";

/**
 * Google Search Console: how the workspace's site does in Google Search (clicks, impressions,
 * CTR and position per query or page), shown beside the SEO analysis. It uses the same Google
 * OAuth client as "Continue with Google" (GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET), asking
 * only for `webmasters.readonly`, offline (a refresh token) and with PKCE, as Google's "OAuth
 * 2.0 for Web Server Applications" describes. Each verified property the person has becomes
 * one integration row (siteUrl in its settings); they share one grant.
 */

export const GSC_SCOPE = "https://www.googleapis.com/auth/webmasters.readonly";

const authBase = (env: Env) => baseUrl(env, "GOOGLE_AUTH_BASE", "https://accounts.google.com");
const tokenUrl = (env: Env) => `${baseUrl(env, "GOOGLE_TOKEN_BASE", "https://oauth2.googleapis.com")}/token`;
const apiBase = (env: Env) => baseUrl(env, "GSC_API_BASE", "https://www.googleapis.com");

const LABEL = "Google Search Console";

/** Google's error body: `{error: {code, message, status}}`, or the OAuth endpoints' `{error, error_description}`. */
interface GoogleError {
  error?: { code?: number; message?: string; status?: string } | string;
  error_description?: string;
}

export function googleMessage(answer: NetworkAnswer): string {
  const body = answer.body as GoogleError | null;
  if (body && typeof body.error === "object" && body.error?.message) return body.error.message;
  if (body?.error_description) return body.error_description;
  if (typeof body?.error === "string") return body.error;
  return answer.text.slice(0, 200) || answer.response.statusText;
}

/** `sc-domain:example.com` is a Domain property; anything else a URL-prefix property. */
export function propertyLabel(siteUrl: string) {
  return siteUrl.startsWith("sc-domain:") ? `${siteUrl.slice("sc-domain:".length)} (domain)` : siteUrl;
}

/** Whether `pageUrl` belongs to the property: under its URL prefix, or on its domain or a subdomain. */
export function propertyCovers(siteUrl: string, pageUrl: string): boolean {
  if (siteUrl.startsWith("sc-domain:")) {
    const domain = siteUrl.slice("sc-domain:".length).toLowerCase();
    try {
      const host = new URL(pageUrl).hostname.toLowerCase();
      return host === domain || host.endsWith(`.${domain}`);
    } catch {
      return false;
    }
  }
  return pageUrl.startsWith(siteUrl);
}

interface SiteEntry {
  siteUrl: string;
  permissionLevel: "siteOwner" | "siteFullUser" | "siteRestrictedUser" | "siteUnverifiedUser";
}

function requireApp(env: Env) {
  const app = oauthApp(env, "GOOGLE");
  if (!app) throw new Error("Google is not configured on this server");
  return app;
}

export const googleSearchConsole: IntegrationService = {
  id: "google_search_console",
  kind: "search_console",
  label: LABEL,
  connectors: [
    {
      kind: "oauth",
      id: "google_search_console",
      label: LABEL,
      envPrefix: "GOOGLE",
      authorizeUrl(req, env) {
        const url = new URL(`${authBase(env)}/o/oauth2/v2/auth`);
        url.search = new URLSearchParams({
          client_id: req.app.clientId,
          redirect_uri: req.redirectUri,
          response_type: "code",
          scope: GSC_SCOPE,
          // offline: a refresh token; consent: Google sends one again on a reconnect.
          access_type: "offline",
          prompt: "consent",
          include_granted_scopes: "true",
          state: req.state,
          code_challenge: req.codeChallenge,
          code_challenge_method: "S256",
        }).toString();
        return url.toString();
      },
      async exchangeCode(ctx, req): Promise<ConnectedAccount[]> {
        const token = await tokenRequest(
          ctx,
          tokenUrl(ctx.env),
          { grant_type: "authorization_code", code: req.code, redirect_uri: req.redirectUri, code_verifier: req.codeVerifier },
          { app: req.app, auth: "body" },
        );
        // GET /webmasters/v3/sites: the properties this person may read, with their permission.
        const sites = await call<{ siteEntry?: SiteEntry[] } & GoogleError>(ctx, `${apiBase(ctx.env)}/webmasters/v3/sites`, {
          headers: { Authorization: `Bearer ${token.access_token}`, Accept: "application/json" },
        });
        if (!sites.response.ok) throw new TokenRequestFailed(`Search Console did not list your properties: ${googleMessage(sites)}`, sites.response.status >= 500);
        const verified = (sites.body?.siteEntry ?? []).filter((site) => site.permissionLevel !== "siteUnverifiedUser");
        if (!verified.length) throw new TokenRequestFailed("This Google account has no verified property in Search Console. Verify your site there, then connect again.", false);
        const credentials: Credentials = { accessToken: token.access_token, refreshToken: token.refresh_token ?? null };
        return verified.map((site) => ({
          externalId: site.siteUrl,
          displayName: propertyLabel(site.siteUrl),
          handle: site.siteUrl,
          avatarUrl: null,
          credentials,
          expiresAt: expiresAt(ctx, token.expires_in),
          url: site.siteUrl.startsWith("sc-domain:") ? `https://${site.siteUrl.slice("sc-domain:".length)}` : site.siteUrl,
          settings: { siteUrl: site.siteUrl, permissionLevel: site.permissionLevel },
        }));
      },
    },
  ],

  async refresh(ctx, credentials): Promise<RefreshOutcome> {
    if (!credentials.refreshToken) return { ok: false, message: "Google gave no refresh token; connect it again" };
    // Google keeps the refresh token (it answers none on a refresh); invalid_grant means it was revoked or expired.
    return refreshTokenGrant(ctx, tokenUrl(ctx.env), credentials, { app: requireApp(ctx.env), auth: "body" });
  },
  // No revoke: the properties connected in one sign-in share its grant, and revoking it for one
  // would cut the others off. People remove the access at myaccount.google.com/permissions.
};

export interface PerformanceRow {
  keys: string[];
  clicks: number;
  impressions: number;
  ctr: number;
  position: number;
}

export interface PerformanceQuery {
  siteUrl: string;
  startDate: string;
  endDate: string;
  dimensions: ("query" | "page")[];
  rowLimit: number;
  /** Only this page's figures. */
  page?: string | null;
}

/**
 * POST /webmasters/v3/sites/{siteUrl}/searchAnalytics/query (the site URL percent-encoded as
 * one path segment): figures between two dates (YYYY-MM-DD, Pacific time as Google keeps
 * them), grouped by the dimensions, optionally filtered to one page.
 */
export function requestPerformance(ctx: ProviderContext, accessToken: string, query: PerformanceQuery) {
  const body: Record<string, unknown> = { startDate: query.startDate, endDate: query.endDate, dimensions: query.dimensions, rowLimit: query.rowLimit };
  if (query.page) body.dimensionFilterGroups = [{ filters: [{ dimension: "page", operator: "equals", expression: query.page }] }];
  return call<{ rows?: PerformanceRow[] } & GoogleError>(ctx, `${apiBase(ctx.env)}/webmasters/v3/sites/${encodeURIComponent(query.siteUrl)}/searchAnalytics/query`, {
    method: "POST",
    headers: { Authorization: `Bearer ${accessToken}`, "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  });
}
