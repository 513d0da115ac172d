import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from "jose";
import { HttpError } from "../lib/errors";
import { authSecret } from "./secrets";

/**
 * Short-lived tokens that allow one narrow thing (searching one workspace, sending one
 * upload). They are signed with AUTH_SECRET like sessions, but each purpose has its own
 * issuer and audience, so none can pass for a session (whose issuer is "brandwork" and
 * which needs a session row) or for a token of another purpose.
 */
export type TokenPurpose = "search" | "upload" | "live" | "connect" | "media";

type SecretEnv = Pick<Env, "AUTH_SECRET" | "APP_ENV">;

const issuerOf = (purpose: TokenPurpose) => `brandwork:${purpose}`;

export interface ScopedToken {
  token: string;
  expiresAt: Date;
}

export async function signScopedToken(
  env: SecretEnv,
  purpose: TokenPurpose,
  { subject, claims = {}, ttlSeconds, now = Date.now() }: { subject: string; claims?: JWTPayload; ttlSeconds: number; now?: number },
): Promise<ScopedToken> {
  const issuedAt = Math.floor(now / 1000);
  const expiresAt = issuedAt + ttlSeconds;
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256", typ: `${purpose}+jwt` })
    .setSubject(subject)
    .setIssuer(issuerOf(purpose))
    .setAudience(purpose)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(authSecret(env));
  return { token, expiresAt: new Date(expiresAt * 1000) };
}

/** 401 for a token that is not one of ours, of this purpose; a distinct code when it merely ran out. */
export class ScopedTokenRefused extends HttpError {
  constructor(purpose: TokenPurpose, expired: boolean) {
    const what = { search: "search key", upload: "upload link", live: "live updates ticket", connect: "connection link", media: "media link" }[purpose];
    super(401, expired ? `This ${what} has expired. Ask for a new one.` : `This ${what} is not valid.`, expired ? `${purpose}_token_expired` : `${purpose}_token_invalid`);
  }
}

export async function verifyScopedToken(env: SecretEnv, purpose: TokenPurpose, token: string): Promise<JWTPayload & { sub: string }> {
  try {
    const { payload } = await jwtVerify(token, authSecret(env), {
      issuer: issuerOf(purpose),
      audience: purpose,
      typ: `${purpose}+jwt`,
      algorithms: ["HS256"],
      requiredClaims: ["sub", "exp"],
    });
    return payload as JWTPayload & { sub: string };
  } catch (error) {
    throw new ScopedTokenRefused(purpose, error instanceof joseErrors.JWTExpired);
  }
}
