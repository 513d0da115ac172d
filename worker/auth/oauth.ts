import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { users, type User } from "../db/schema";
import { HttpError } from "../lib/errors";

/**
 * "Continue with Google / LinkedIn / Microsoft": the OAuth 2.0 authorization-code flow with
 * each provider's OpenID Connect userinfo endpoint. A provider is offered only when both its
 * client id and secret are set. The account is matched by verified email, or created.
 */
export const oauthProviders = {
  google: {
    label: "Google",
    authorizeUrl: "https://accounts.google.com/o/oauth2/v2/auth",
    tokenUrl: "https://oauth2.googleapis.com/token",
    userinfoUrl: "https://openidconnect.googleapis.com/v1/userinfo",
    scope: "openid email profile",
    secretsPrefix: "GOOGLE",
  },
  linkedin: {
    label: "LinkedIn",
    authorizeUrl: "https://www.linkedin.com/oauth/v2/authorization",
    tokenUrl: "https://www.linkedin.com/oauth/v2/accessToken",
    userinfoUrl: "https://api.linkedin.com/v2/userinfo",
    scope: "openid profile email",
    secretsPrefix: "LINKEDIN",
  },
  microsoft: {
    label: "Microsoft",
    authorizeUrl: "https://login.microsoftonline.com/common/oauth2/v2.0/authorize",
    tokenUrl: "https://login.microsoftonline.com/common/oauth2/v2.0/token",
    userinfoUrl: "https://graph.microsoft.com/oidc/userinfo",
    scope: "openid email profile",
    secretsPrefix: "MICROSOFT",
  },
} as const;

export type OAuthProvider = keyof typeof oauthProviders;

/** The provider's client id and secret, from `<PREFIX>_CLIENT_ID` and `<PREFIX>_CLIENT_SECRET`. */
function credentials(env: Env, provider: OAuthProvider) {
  const prefix = oauthProviders[provider].secretsPrefix;
  return { clientId: env[`${prefix}_CLIENT_ID`] ?? "", clientSecret: env[`${prefix}_CLIENT_SECRET`] ?? "" };
}

export const isOAuthProvider = (value: string | undefined): value is OAuthProvider =>
  value !== undefined && Object.hasOwn(oauthProviders, value);

export function oauthConfigured(env: Env, provider: OAuthProvider) {
  const { clientId, clientSecret } = credentials(env, provider);
  return Boolean(clientId && clientSecret);
}

export const oauthCallbackUrl = (origin: string, provider: OAuthProvider) => `${origin}/auth/${provider}/callback`;

/** Where to send the browser to ask the provider; `state` binds the answer to this browser. */
export function oauthAuthorizationUrl(env: Env, provider: OAuthProvider, origin: string, state: string) {
  const config = oauthProviders[provider];
  const url = new URL(config.authorizeUrl);
  url.search = new URLSearchParams({
    response_type: "code",
    client_id: credentials(env, provider).clientId,
    redirect_uri: oauthCallbackUrl(origin, provider),
    scope: config.scope,
    state,
  }).toString();
  return url.toString();
}

class OAuthFailed extends HttpError {
  constructor(message: string) {
    super(400, message, "oauth_failed");
  }
}

interface Userinfo {
  email?: string;
  email_verified?: boolean | string;
  given_name?: string;
  family_name?: string;
  name?: string;
}

/** Exchanges the code, reads who signed in, and returns their account (created on first sign-in). */
export async function completeOAuth(db: Database, env: Env, provider: OAuthProvider, code: string, origin: string): Promise<User> {
  const config = oauthProviders[provider];
  const { clientId, clientSecret } = credentials(env, provider);
  const tokenResponse = await fetch(config.tokenUrl, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: oauthCallbackUrl(origin, provider),
      client_id: clientId,
      client_secret: clientSecret,
    }),
  });
  const token = (await tokenResponse.json().catch(() => ({}))) as { access_token?: string };
  if (!tokenResponse.ok || !token.access_token) {
    throw new OAuthFailed(`${config.label} did not accept the sign-in. Try again.`);
  }

  const infoResponse = await fetch(config.userinfoUrl, { headers: { Authorization: `Bearer ${token.access_token}` } });
  const info = (await infoResponse.json().catch(() => ({}))) as Userinfo;
  const email = info.email?.trim().toLowerCase();
  if (!infoResponse.ok || !email) throw new OAuthFailed(`${config.label} did not share an email address.`);
  if (info.email_verified === false || info.email_verified === "false") {
    throw new OAuthFailed(`Your ${config.label} email address is not verified yet.`);
  }

  const [existing] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (existing) return existing;
  const [first = "", ...rest] = (info.name ?? "").split(" ");
  const [created] = await db
    .insert(users)
    .values({
      email,
      firstName: info.given_name ?? first,
      lastName: info.family_name ?? rest.join(" "),
      passwordHash: null,
    })
    .onConflictDoNothing()
    .returning();
  return created ?? (await db.select().from(users).where(eq(users.email, email)))[0]!;
}
