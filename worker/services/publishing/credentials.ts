import { HttpError } from "../../lib/errors";

/**
 * Account credentials (access and refresh tokens) are stored encrypted with AES-256-GCM under
 * CREDENTIALS_KEY, a fresh 96-bit IV per encryption, the account's row id bound in as
 * additional data so a ciphertext copied onto another account does not decrypt. They are
 * never presented and never logged: the only reader is the publisher.
 */

export interface Credentials {
  accessToken: string;
  refreshToken?: string | null;
  /** Whatever else a network needs (a page token, a user id). */
  extra?: Record<string, string>;
}

type KeyEnv = Pick<Env, "APP_ENV"> & { CREDENTIALS_KEY?: string };

// Local development and tests need no configuration; production must set CREDENTIALS_KEY.
const DEVELOPMENT_KEY = "brandwork-local-development-credentials-key";

const keys = new Map<string, Promise<CryptoKey>>();

function keyFor(env: KeyEnv): Promise<CryptoKey> {
  const secret = env.CREDENTIALS_KEY || (env.APP_ENV === "production" ? "" : DEVELOPMENT_KEY);
  if (!secret) throw new HttpError(503, "Social accounts are not configured: set the CREDENTIALS_KEY secret", "not_configured");
  let key = keys.get(secret);
  if (!key) {
    // Any string works as a key: it is stretched to 256 bits with SHA-256.
    key = crypto.subtle
      .digest("SHA-256", new TextEncoder().encode(secret))
      .then((raw) => crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]));
    keys.set(secret, key);
  }
  return key;
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** `v1.<iv>.<ciphertext>`, base64. `binding` is bound as additional data (the account's network and external id). */
export async function encryptCredentials(env: KeyEnv, credentials: Credentials, binding: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plain = new TextEncoder().encode(JSON.stringify(credentials));
  const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: new TextEncoder().encode(binding) }, await keyFor(env), plain);
  return `v1.${toBase64(iv)}.${toBase64(new Uint8Array(sealed))}`;
}

export async function decryptCredentials(env: KeyEnv, stored: string, binding: string): Promise<Credentials> {
  const [version, iv, sealed] = stored.split(".");
  if (version !== "v1" || !iv || !sealed) throw new Error("Stored credentials are in an unknown format");
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: fromBase64(iv), additionalData: new TextEncoder().encode(binding) },
    await keyFor(env),
    fromBase64(sealed),
  );
  return JSON.parse(new TextDecoder().decode(plain)) as Credentials;
}

/** What ties a ciphertext to its account. */
export const credentialBinding = (account: { network: string; externalId: string; workspaceId: number }) => `${account.workspaceId}:${account.network}:${account.externalId}`;
