import { HttpError } from "../lib/errors";

// Local development and tests work with no configuration; production must set AUTH_SECRET.
const DEVELOPMENT_AUTH_SECRET = "brandwork-local-development-secret-do-not-use-in-production";

/** The key that signs session tokens. */
export function authSecret(env: Pick<Env, "AUTH_SECRET" | "APP_ENV">): Uint8Array {
  const secret = env.AUTH_SECRET || (env.APP_ENV === "production" ? "" : DEVELOPMENT_AUTH_SECRET);
  if (!secret) throw new HttpError(503, "Sign-in is not configured: set the AUTH_SECRET secret", "not_configured");
  return new TextEncoder().encode(secret);
}

/** SHA-256 of a token (or any bytes), hex: how single-use and bearer tokens are stored. */
export async function sha256Hex(value: string | BufferSource): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", typeof value === "string" ? new TextEncoder().encode(value) : value);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** A random URL-safe token with 256 bits of entropy. */
export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}
