import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { ApiScope, CreateApiKeyInput } from "../../../core/contracts/api-keys";
import { generateApiKey } from "../../auth/api-keys";
import type { Database } from "../../db/client";
import { apiKeys, users, type ApiKey, type User } from "../../db/schema";
import { NotFound } from "../../lib/errors";

const DAY_MS = 86_400_000;

/** The user a workspace key acts as: it has no password, no membership and no way to sign in. */
const keyUserEmail = () => `api-key-${crypto.randomUUID()}@keys.invalid`;

/**
 * A workspace key: its own user (named after the key, so what it writes says who wrote it) and
 * the key row, in one batch. The secret is returned once and never stored.
 */
export async function createWorkspaceKey(db: Database, workspaceId: number, createdBy: Pick<User, "id">, input: CreateApiKeyInput) {
  const secret = await generateApiKey();
  const email = keyUserEmail();
  // One batch: the key's user and the key land together or not at all.
  const [, [key]] = await db.batch([
    db.insert(users).values({ email, firstName: input.name, lastName: "(API key)" }),
    db
      .insert(apiKeys)
      .values({ ...keyValues(input, { workspaceId, userId: 0, createdById: createdBy.id, ...secret }), userId: sql`(SELECT id FROM users WHERE email = ${email})` })
      .returning(),
  ]);
  return { key: key!, token: secret.token };
}

/** A personal token: acts as `owner` wherever they are a member, within its scopes. */
export async function createPersonalToken(db: Database, owner: Pick<User, "id">, input: CreateApiKeyInput) {
  const secret = await generateApiKey();
  const [key] = await db
    .insert(apiKeys)
    .values(keyValues(input, { workspaceId: null, userId: owner.id, createdById: owner.id, ...secret }))
    .returning();
  return { key: key!, token: secret.token };
}

function keyValues(
  input: CreateApiKeyInput,
  who: { workspaceId: number | null; userId: number; createdById: number; tokenHash: string; prefix: string },
): typeof apiKeys.$inferInsert {
  return {
    workspaceId: who.workspaceId,
    userId: who.userId,
    createdById: who.createdById,
    name: input.name,
    scopes: input.scopes as ApiScope[],
    prefix: who.prefix,
    tokenHash: who.tokenHash,
    expiresAt: input.expires_in_days ? new Date(Date.now() + input.expires_in_days * DAY_MS) : null,
  };
}

/** A workspace's keys, newest first, revoked ones included (the list says so). */
export const workspaceKeys = (db: Database, workspaceId: number) =>
  db.select().from(apiKeys).where(eq(apiKeys.workspaceId, workspaceId)).orderBy(desc(apiKeys.id));

/** A user's personal tokens, newest first. */
export const personalTokens = (db: Database, userId: number) =>
  db.select().from(apiKeys).where(and(eq(apiKeys.userId, userId), isNull(apiKeys.workspaceId))).orderBy(desc(apiKeys.id));

/** Revokes a key at once (its next call is a 401); revoking twice is harmless. */
export async function revokeKey(db: Database, key: ApiKey) {
  if (key.revokedAt) return key;
  const [revoked] = await db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, key.id)).returning();
  return revoked!;
}

export async function findKey(db: Database, where: { id: number; workspaceId?: number; userId?: number }) {
  const [key] = await db.select().from(apiKeys).where(eq(apiKeys.id, where.id));
  const belongs = key && (where.workspaceId !== undefined ? key.workspaceId === where.workspaceId : key.workspaceId === null && key.userId === where.userId);
  if (!belongs) throw new NotFound("API key not found");
  return key;
}
