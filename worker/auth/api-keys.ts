import { eq } from "drizzle-orm";
import { API_KEY_PREFIX, type ApiScope } from "../../core/contracts/api-keys";
import type { Database } from "../db/client";
import { apiKeys, users, type ApiKey } from "../db/schema";
import { HttpError, Unauthorized } from "../lib/errors";
import { randomToken, sha256Hex } from "./secrets";
import type { Session } from "./sessions";

/**
 * API keys and personal tokens: `bw_` and 32 random bytes, base64url. Only the SHA-256 of the
 * secret is stored (it is random enough that a slow hash adds nothing), so a leaked table
 * holds no usable key.
 */

/** What a request made with a key carries beside its session: which key, what it may do. */
export interface ApiKeyGrant {
  id: number;
  name: string;
  /** The workspace a workspace key belongs to; null for a personal token. */
  workspaceId: number | null;
  scopes: ApiScope[];
}

/** The token of `Authorization: Bearer bw_…`, or null for anything else (a session, nothing). */
export function apiKeyToken(authorization: string | undefined): string | null {
  const token = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  return token?.startsWith(API_KEY_PREFIX) ? token : null;
}

export const hashApiKey = sha256Hex;

/** A new secret, its hash and the prefix shown in lists. */
export async function generateApiKey(): Promise<{ token: string; tokenHash: string; prefix: string }> {
  const token = API_KEY_PREFIX + randomToken();
  return { token, tokenHash: await hashApiKey(token), prefix: token.slice(0, API_KEY_PREFIX.length + 8) };
}

/** 401 for a key past its expiry: distinct from an unknown key, so a script can say which. */
export class ApiKeyExpired extends HttpError {
  constructor() {
    super(401, "This API key has expired. Create a new one in the workspace's API keys settings.", "api_key_expired");
  }
}

/**
 * The session a key stands for: its user (the key's own for a workspace key, the owner for a
 * personal token) and the grant. An unknown or revoked key is a 401 like a bad session; an
 * expired one says so.
 */
export async function authenticateApiKey(db: Database, token: string, now = Date.now()): Promise<Session> {
  const [row] = await db
    .select({ key: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.tokenHash, await hashApiKey(token)))
    .limit(1);
  assertLive(row?.key, now);
  return { id: `api_key:${row!.key.id}`, user: row!.user, impersonatorId: null, apiKey: grantOf(row!.key) };
}

/** An unknown or revoked key is a 401 like a bad session; an expired one says so. */
function assertLive(key: ApiKey | undefined, now: number): asserts key is ApiKey {
  if (!key || key.revokedAt) throw new Unauthorized("This API key is not valid. It may have been revoked.");
  if (key.expiresAt && key.expiresAt.getTime() <= now) throw new ApiKeyExpired();
}

/**
 * The grant of a key named by id in something it was handed (an upload link), while the key
 * is still live: what it started ends when the key is revoked or expires.
 */
export async function liveGrant(db: Database, keyId: number, now = Date.now()): Promise<ApiKeyGrant> {
  const [key] = await db.select().from(apiKeys).where(eq(apiKeys.id, keyId)).limit(1);
  assertLive(key, now);
  return grantOf(key);
}

export const grantOf = (key: ApiKey): ApiKeyGrant => ({ id: key.id, name: key.name, workspaceId: key.workspaceId, scopes: key.scopes });

/**
 * The role a workspace key acts with: admin when it holds the admin scope, a member otherwise.
 * Its scopes still cap every action (policies `can`), so a member-role key without `write`
 * writes nothing.
 */
export const workspaceKeyRole = (grant: ApiKeyGrant) => (grant.scopes.includes("admin") ? ("admin" as const) : ("member" as const));
