import { createRemoteJWKSet, importPKCS8, jwtVerify, SignJWT, type JWTPayload } from "jose";

/**
 * What "Sign in with Apple" does differently from the other providers (Apple's "Sign in with
 * Apple REST API" documentation): the client secret is a short-lived ES256 JWT signed with the
 * team's .p8 key; there is no userinfo endpoint, so who signed in is read from the ID token,
 * whose signature is checked against Apple's published keys; the callback is a form POST, and
 * the person's name arrives only in that POST, only on their first sign-in.
 */

export const APPLE_ISSUER = "https://appleid.apple.com";
const SECRET_TTL_SECONDS = 60 * 60; // Apple allows up to six months; we make a fresh one per sign-in.

type AppleEnv = Pick<Env, "APPLE_CLIENT_ID" | "APPLE_TEAM_ID" | "APPLE_KEY_ID" | "APPLE_PRIVATE_KEY" | "APPLE_AUTH_BASE">;

/** Apple's authorization server, overridable so tests and local fakes point elsewhere. */
export const appleAuthBase = (env: AppleEnv) => (env.APPLE_AUTH_BASE?.trim() || APPLE_ISSUER).replace(/\/+$/, "");

/** All four settings are needed: the Services ID, the team, and the key (id and PKCS#8 PEM). */
export function appleConfigured(env: AppleEnv) {
  return Boolean(env.APPLE_CLIENT_ID?.trim() && env.APPLE_TEAM_ID?.trim() && env.APPLE_KEY_ID?.trim() && env.APPLE_PRIVATE_KEY?.trim());
}

/**
 * The client secret Apple asks for at its token endpoint: a JWT with header `kid` (the key's
 * id) and `alg` ES256, claims iss = team id, iat, exp (at most six months later),
 * aud = https://appleid.apple.com, sub = the Services ID, signed with the .p8 private key.
 */
export async function appleClientSecret(env: AppleEnv, nowSeconds = Math.floor(Date.now() / 1000)): Promise<string> {
  // Secrets set through a dashboard often arrive with literal "\n" for the PEM's line breaks.
  const pem = (env.APPLE_PRIVATE_KEY ?? "").replace(/\\n/g, "\n").trim();
  const key = await importPKCS8(pem, "ES256");
  return new SignJWT({})
    .setProtectedHeader({ alg: "ES256", kid: env.APPLE_KEY_ID!.trim() })
    .setIssuer(env.APPLE_TEAM_ID!.trim())
    .setSubject(env.APPLE_CLIENT_ID!.trim())
    .setAudience(APPLE_ISSUER)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + SECRET_TTL_SECONDS)
    .sign(key);
}

export interface AppleClaims extends JWTPayload {
  email?: string;
  /** Apple sends booleans as strings in ID tokens ("true"), sometimes as booleans. */
  email_verified?: boolean | string;
  is_private_email?: boolean | string;
  nonce?: string;
}

/**
 * The ID token's claims once Apple's signature (its JWKS, /auth/keys), issuer, audience (our
 * Services ID), expiry and, when given, nonce check out; anything else throws. The token also
 * reaches us through the browser (the form POST), so nothing in it is trusted unverified.
 */
export async function verifyAppleIdToken(env: AppleEnv, idToken: string, nonce?: string): Promise<AppleClaims> {
  const keys = createRemoteJWKSet(new URL(`${appleAuthBase(env)}/auth/keys`));
  const { payload } = await jwtVerify<AppleClaims>(idToken, keys, {
    issuer: APPLE_ISSUER,
    audience: env.APPLE_CLIENT_ID!.trim(),
    algorithms: ["RS256", "ES256"],
  });
  if (nonce !== undefined && payload.nonce !== nonce) throw new Error("nonce mismatch");
  return payload;
}

/**
 * The name from the form POST's `user` field: `{"name":{"firstName","lastName"},"email"}`,
 * sent on the first authorization only (and only if the person shared it). Not signed: it is
 * used for the new account's display name and nothing else.
 */
export function appleUserName(raw: string | null | undefined): { firstName: string; lastName: string } | null {
  if (!raw) return null;
  try {
    const user = JSON.parse(raw) as { name?: { firstName?: unknown; lastName?: unknown } };
    const firstName = typeof user.name?.firstName === "string" ? user.name.firstName.trim().slice(0, 100) : "";
    const lastName = typeof user.name?.lastName === "string" ? user.name.lastName.trim().slice(0, 100) : "";
    return firstName || lastName ? { firstName, lastName } : null;
  } catch {
    return null;
  }
}
