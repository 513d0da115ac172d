import { and, eq, sql } from "drizzle-orm";
import { decodeJwt, jwtVerify, SignJWT, type JWTPayload } from "jose";
import type { Database } from "../db/client";
import { oauthIdentities, users, type User } from "../db/schema";
import { HttpError } from "../lib/errors";
import { APPLE_ISSUER, appleAuthBase, appleClientSecret, appleConfigured, verifyAppleIdToken } from "./apple";
import { authSecret } from "./secrets";

/**
 * "Continue with Google / LinkedIn / Microsoft / Apple": the OAuth 2.0 authorization-code flow
 * with each provider's OpenID Connect userinfo endpoint (Apple has none: its ID token, checked
 * against Apple's keys, says who signed in; see apple.ts). A provider is offered only when its
 * client id and secret (Apple: the four settings its secret is built from) are set. An identity is its issuer + subject (`oauth_identities`); the
 * first sign-in links it to the account with the same email only when the provider vouches
 * for that email (`emailVerified`), otherwise the person proves the account with its password.
 */
export const oauthProviders = {
  google: {
    label: "Google",
    authorizeUrl: "https://accounts.google.com/o/oauth2/v2/auth",
    tokenUrl: "https://oauth2.googleapis.com/token",
    userinfoUrl: "https://openidconnect.googleapis.com/v1/userinfo",
    scope: "openid email profile",
    secretsPrefix: "GOOGLE",
    issuer: "https://accounts.google.com",
    issuerPattern: /^(https:\/\/)?accounts\.google\.com$/,
    // Google asserts ownership of the address it returns only with `email_verified: true`.
    emailVerified: (claims: Claims) => claims.email_verified === true,
    callback: "query",
  },
  linkedin: {
    label: "LinkedIn",
    authorizeUrl: "https://www.linkedin.com/oauth/v2/authorization",
    tokenUrl: "https://www.linkedin.com/oauth/v2/accessToken",
    userinfoUrl: "https://api.linkedin.com/v2/userinfo",
    scope: "openid profile email",
    secretsPrefix: "LINKEDIN",
    issuer: "https://www.linkedin.com/oauth",
    issuerPattern: /^https:\/\/www\.linkedin\.com\/oauth$/,
    emailVerified: (claims: Claims) => claims.email_verified === true,
    callback: "query",
  },
  microsoft: {
    label: "Microsoft",
    authorizeUrl: "https://login.microsoftonline.com/common/oauth2/v2.0/authorize",
    tokenUrl: "https://login.microsoftonline.com/common/oauth2/v2.0/token",
    userinfoUrl: "https://graph.microsoft.com/oidc/userinfo",
    scope: "openid email profile",
    secretsPrefix: "MICROSOFT",
    issuer: "https://login.microsoftonline.com",
    issuerPattern: /^https:\/\/login\.microsoftonline\.com\/[0-9a-f-]{36}\/v2\.0$/,
    // Entra lets a tenant admin put any address in `email`; only the optional `xms_edov`
    // claim ("email domain owner verified") says the tenant owns that domain. Without it,
    // never link by email.
    emailVerified: (claims: Claims) => claims.xms_edov === true || claims.xms_edov === 1 || claims.xms_edov === "1" || claims.xms_edov === "true",
    callback: "query",
  },
  apple: {
    label: "Apple",
    // Paths under APPLE_AUTH_BASE (default https://appleid.apple.com): /auth/authorize, /auth/token, /auth/keys.
    authorizeUrl: "/auth/authorize",
    tokenUrl: "/auth/token",
    userinfoUrl: null,
    // Asking for the name or email obliges response_mode=form_post (Apple's authorize reference).
    scope: "name email",
    secretsPrefix: "APPLE",
    issuer: APPLE_ISSUER,
    issuerPattern: /^https:\/\/appleid\.apple\.com$/,
    // Apple vouches with `email_verified` ("true" as a string in its ID tokens). A private relay
    // address (…@privaterelay.appleid.com) is verified too: it delivers to the person's inbox.
    emailVerified: (claims: Claims) => claims.email_verified === true || claims.email_verified === "true",
    callback: "form_post",
  },
} as const;

export type OAuthProvider = keyof typeof oauthProviders;

/** The provider's client id and secret, from `<PREFIX>_CLIENT_ID` and `<PREFIX>_CLIENT_SECRET`. */
function credentials(env: Env, provider: OAuthProvider) {
  // Apple's secret is not a setting: appleClientSecret builds it for each token request.
  if (provider === "apple") return { clientId: env.APPLE_CLIENT_ID?.trim() ?? "", clientSecret: "" };
  const prefix = oauthProviders[provider].secretsPrefix;
  return { clientId: env[`${prefix}_CLIENT_ID`] ?? "", clientSecret: env[`${prefix}_CLIENT_SECRET`] ?? "" };
}

export const isOAuthProvider = (value: string | undefined): value is OAuthProvider =>
  value !== undefined && Object.hasOwn(oauthProviders, value);

export function oauthConfigured(env: Env, provider: OAuthProvider) {
  if (provider === "apple") return appleConfigured(env);
  const { clientId, clientSecret } = credentials(env, provider);
  return Boolean(clientId && clientSecret);
}

export const oauthCallbackUrl = (origin: string, provider: OAuthProvider) => `${origin}/auth/${provider}/callback`;

/** Apple's endpoints live under APPLE_AUTH_BASE; the others' are absolute. */
const endpoint = (env: Env, provider: OAuthProvider, path: string) => (provider === "apple" ? `${appleAuthBase(env)}${path}` : path);

/**
 * Where to send the browser to ask the provider; `state` binds the answer to this browser.
 * A form_post provider (Apple) answers with a POST to the callback, and is also given the
 * state as `nonce`, which comes back inside the signed ID token.
 */
export function oauthAuthorizationUrl(env: Env, provider: OAuthProvider, origin: string, state: string) {
  const config = oauthProviders[provider];
  const url = new URL(endpoint(env, provider, config.authorizeUrl));
  const params = new URLSearchParams({
    response_type: "code",
    client_id: credentials(env, provider).clientId,
    redirect_uri: oauthCallbackUrl(origin, provider),
    scope: config.scope,
    state,
  });
  if (config.callback === "form_post") {
    params.set("response_mode", "form_post");
    params.set("nonce", state);
  }
  url.search = params.toString();
  return url.toString();
}

class OAuthFailed extends HttpError {
  constructor(message: string) {
    super(400, message, "oauth_failed");
  }
}

/**
 * The email belongs to an account this identity is not linked to, and the provider does not
 * vouch for the address: the person signs in with the account's password first, carrying
 * `linkToken`, and the identity is linked then (`linkOAuthIdentity`).
 */
export class OAuthLinkRequired extends HttpError {
  constructor(
    readonly email: string,
    readonly linkToken: string,
    label: string,
  ) {
    super(409, `${email} is already registered. Enter its password to connect your ${label} account.`, "oauth_link_required");
  }
}

/** OpenID Connect claims we read, from the ID token and the userinfo endpoint. */
interface Claims extends JWTPayload {
  email?: string;
  email_verified?: boolean | string;
  xms_edov?: boolean | number | string;
  given_name?: string;
  family_name?: string;
  name?: string;
}

const LINK_ISSUER = "brandwork-oauth-link";
const LINK_TTL_SECONDS = 600;

interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string;
  claims: Claims;
}

/**
 * Who signed in, from the token response's ID token (when the provider sends one) and the
 * userinfo endpoint. The ID token comes straight from the provider's token endpoint over
 * TLS, so its signature need not be checked (OpenID Connect Core 3.1.3.7, 6); its issuer
 * and audience still are. Apple, with no userinfo endpoint and a flow that also hands the ID
 * token to the browser, has its token's signature checked against its keys, with the nonce.
 */
async function identify(env: Env, provider: OAuthProvider, idToken: string | undefined, accessToken: string, nonce?: string): Promise<VerifiedIdentity> {
  const config = oauthProviders[provider];
  if (config.userinfoUrl === null) {
    if (!idToken) throw new OAuthFailed(`${config.label} did not say who signed in. Try again.`);
    const claims: Claims = await verifyAppleIdToken(env, idToken, nonce).catch(() => {
      throw new OAuthFailed(`${config.label} sent a sign-in that could not be verified. Try again.`);
    });
    const email = claims.email?.trim().toLowerCase();
    if (!claims.sub) throw new OAuthFailed(`${config.label} did not say who signed in. Try again.`);
    if (!email) throw new OAuthFailed(`${config.label} did not share an email address.`);
    return { issuer: config.issuer, subject: claims.sub, email, claims };
  }
  let fromIdToken: Claims = {};
  if (idToken) {
    try {
      fromIdToken = decodeJwt(idToken) as Claims;
    } catch {
      throw new OAuthFailed(`${config.label} sent an unreadable sign-in.`);
    }
    const audience = Array.isArray(fromIdToken.aud) ? fromIdToken.aud : [fromIdToken.aud];
    if (!fromIdToken.iss || !config.issuerPattern.test(fromIdToken.iss) || !audience.includes(credentials(env, provider).clientId)) {
      throw new OAuthFailed(`${config.label} sent a sign-in meant for another app.`);
    }
  }
  const infoResponse = await fetch(config.userinfoUrl, { headers: { Authorization: `Bearer ${accessToken}` } });
  const fromUserinfo = (await infoResponse.json().catch(() => ({}))) as Claims;
  if (!infoResponse.ok) throw new OAuthFailed(`${config.label} did not say who signed in. Try again.`);
  if (fromIdToken.sub && fromUserinfo.sub && fromIdToken.sub !== fromUserinfo.sub) {
    throw new OAuthFailed(`${config.label} answered for two different people. Try again.`);
  }
  const claims: Claims = { ...fromUserinfo, ...fromIdToken };
  const subject = claims.sub;
  const email = claims.email?.trim().toLowerCase();
  if (!subject) throw new OAuthFailed(`${config.label} did not say who signed in. Try again.`);
  if (!email) throw new OAuthFailed(`${config.label} did not share an email address.`);
  return { issuer: fromIdToken.iss ?? config.issuer, subject, email, claims };
}

/** A short-lived, signed "this identity may be linked to account `userId`" for the password step. */
async function linkToken(env: Env, identity: VerifiedIdentity, userId: number) {
  return new SignJWT({ idp: identity.issuer, email: identity.email })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuer(LINK_ISSUER)
    .setSubject(identity.subject)
    .setAudience(String(userId))
    .setIssuedAt()
    .setExpirationTime(`${LINK_TTL_SECONDS}s`)
    .sign(authSecret(env));
}

/**
 * After a password sign-in that carried a link token: links the identity to `user` when the
 * token was issued for that very account. Anything else (expired, forged, another account)
 * is ignored: the sign-in itself already succeeded on its own merits.
 */
export async function linkOAuthIdentity(db: Database, env: Env, token: string, user: Pick<User, "id">) {
  try {
    const { payload } = await jwtVerify<{ idp?: string; email?: string }>(token, authSecret(env), {
      issuer: LINK_ISSUER,
      audience: String(user.id),
      algorithms: ["HS256"],
    });
    if (!payload.idp || !payload.sub) return false;
    const inserted = await db
      .insert(oauthIdentities)
      .values({ issuer: payload.idp, subject: payload.sub, userId: user.id, email: payload.email ?? null })
      .onConflictDoNothing()
      .returning({ id: oauthIdentities.id });
    return inserted.length > 0;
  } catch {
    return false;
  }
}

export interface OAuthCompletion {
  /** The round trip's state, which a form_post provider also signed into the ID token as its nonce. */
  state?: string;
  /** A name the provider sent beside the token (Apple's `user`, first sign-in only), for a new account. */
  name?: { firstName: string; lastName: string } | null;
}

/**
 * Exchanges the code, reads who signed in, and returns their account: the one this identity
 * is linked to; else the one with this email, linked now, if the provider vouches for the
 * email; else a new account (only for a vouched-for email). An existing account reached by an
 * unvouched email throws `OAuthLinkRequired`.
 */
export async function completeOAuth(db: Database, env: Env, provider: OAuthProvider, code: string, origin: string, completion: OAuthCompletion = {}): Promise<User> {
  const config = oauthProviders[provider];
  const { clientId } = credentials(env, provider);
  let clientSecret = credentials(env, provider).clientSecret;
  if (provider === "apple") {
    try {
      clientSecret = await appleClientSecret(env);
    } catch {
      throw new HttpError(503, "Sign in with Apple is misconfigured on this server: APPLE_PRIVATE_KEY is not a PKCS#8 P-256 key.", "not_configured");
    }
  }
  const tokenResponse = await fetch(endpoint(env, provider, config.tokenUrl), {
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
  const token = (await tokenResponse.json().catch(() => ({}))) as { access_token?: string; id_token?: string };
  if (!tokenResponse.ok || !token.access_token) {
    throw new OAuthFailed(`${config.label} did not accept the sign-in. Try again.`);
  }
  const identity = await identify(env, provider, token.id_token, token.access_token, config.callback === "form_post" ? completion.state : undefined);
  const { issuer, subject, email, claims } = identity;

  const [linked] = await db
    .select({ user: users })
    .from(oauthIdentities)
    .innerJoin(users, eq(users.id, oauthIdentities.userId))
    .where(and(eq(oauthIdentities.issuer, issuer), eq(oauthIdentities.subject, subject)))
    .limit(1);
  if (linked) return linked.user;

  const link = (userId: number) =>
    db.insert(oauthIdentities).values({ issuer, subject, userId, email }).onConflictDoNothing();
  const verified = config.emailVerified(claims);
  const [existing] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (existing) {
    if (!verified) throw new OAuthLinkRequired(email, await linkToken(env, identity, existing.id), config.label);
    await link(existing.id);
    return existing;
  }
  // A new account carries the email as its identity for invitations and resets, so it is
  // only made from an address the provider vouches for.
  if (!verified) {
    throw new OAuthFailed(
      `${config.label} did not confirm that ${email} is yours. Create an account with your email first, then connect ${config.label}.`,
    );
  }
  const [first = "", ...rest] = (claims.name ?? "").split(" ");
  const [[created]] = await db.batch([
    db
      .insert(users)
      .values({
        email,
        firstName: completion.name?.firstName ?? claims.given_name ?? first,
        lastName: completion.name?.lastName ?? claims.family_name ?? rest.join(" "),
        passwordHash: null,
      })
      .onConflictDoNothing()
      .returning(),
    db
      .insert(oauthIdentities)
      .values({ issuer, subject, userId: sql`(SELECT id FROM users WHERE email = ${email})`, email })
      .onConflictDoNothing(),
  ]);
  return created ?? (await db.select().from(users).where(eq(users.email, email)))[0]!;
}
