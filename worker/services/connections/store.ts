import { and, eq, lt } from "drizzle-orm";
import type { Database } from "../../db/client";
import { postTargets, socialAccounts, thirdPartyIntegrations, type SocialAccount, type ThirdPartyIntegration } from "../../db/schema";
import { claimAndQueue } from "../publishing/claim";
import { credentialBinding, encryptCredentials } from "../publishing/credentials";
import { integrationBinding } from "../integrations";
import { accountEvent, broadcast } from "../publishing/events";
import type { Network } from "../../../core/publishing/limits";
import type { ConnectedAccount } from "../publishing/providers/types";
import { publisherDeps } from "../publishing/queue";
import type { Actor } from "../../policies";
import { authorizeWithinPlanOf } from "../billing/entitlements";
import type { ConnectTarget } from "./registry";

/**
 * Where every connection lands, whatever brought it (OAuth, a form, the Sandbox): a network's
 * account becomes a `social_accounts` row (or refreshes the one already there for the same
 * workspace, network and external id), a service's a `third_party_integrations` row. Credentials
 * are sealed bound to the row's workspace, network and external id; they are never presented.
 */

export interface Stored {
  accounts: SocialAccount[];
  integrations: ThirdPartyIntegration[];
}

/**
 * Writes the chosen accounts in one batch: a new row each, or the existing row refreshed
 * (fresh sealed credentials, active again) with its held posts released, exactly as a
 * reconnect does. Afterwards the publisher picks up what was waiting, and the calendar hears.
 * An account not connected yet (new, or disconnected) takes a place among the plan's connected
 * accounts: beyond them nothing is written (402).
 */
export async function storeConnected(
  db: Database,
  env: Env,
  props: { actor: Pick<Actor, "userId" | "role" | "workspaceId">; target: ConnectTarget; accounts: ConnectedAccount[]; now?: number },
): Promise<Stored> {
  const { actor, target, accounts } = props;
  const { workspaceId, userId } = actor;
  const now = props.now ?? Date.now();
  if (target.kind === "integration") return { accounts: [], integrations: await storeIntegrations(db, env, { workspaceId, userId, provider: target.service.id, kind: target.service.kind, accounts }) };

  const networkOf = (account: ConnectedAccount): Network => account.network ?? target.provider.network;
  const existing = new Map<string, SocialAccount>();
  for (const account of accounts) {
    const [row] = await db
      .select()
      .from(socialAccounts)
      .where(and(eq(socialAccounts.workspaceId, workspaceId), eq(socialAccounts.network, networkOf(account)), eq(socialAccounts.externalId, account.externalId)));
    if (row) existing.set(`${row.network}:${row.externalId}`, row);
  }
  const connecting = new Set(accounts.map((account) => `${networkOf(account)}:${account.externalId}`).filter((key) => !isConnected(existing.get(key))));
  await authorizeWithinPlanOf(db, env, actor, "social_accounts", connecting.size);
  const statements = [];
  for (const account of accounts) {
    const network = networkOf(account);
    const credentials = await encryptCredentials(env, account.credentials, credentialBinding({ workspaceId, network, externalId: account.externalId }));
    const found = existing.get(`${network}:${account.externalId}`);
    const fields = {
      displayName: account.displayName,
      handle: account.handle,
      avatarUrl: account.avatarUrl,
      credentials,
      tokenExpiresAt: account.expiresAt,
      connectedById: userId,
      ownerExternalId: account.ownerExternalId ?? null,
    };
    if (found) statements.push(...reconnectStatements(db, found, fields, now));
    else statements.push(db.insert(socialAccounts).values({ workspaceId, network, externalId: account.externalId, ...fields }).returning());
  }
  if (statements.length === 0) return { accounts: [], integrations: [] };
  const results = await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
  const rows = (results as unknown[]).flatMap((result) => (Array.isArray(result) ? (result as SocialAccount[]).filter((row) => "network" in row) : []));
  for (const row of rows) await afterReconnect(db, env, row, existing.has(`${row.network}:${row.externalId}`), now);
  return { accounts: rows, integrations: [] };
}

/** Whether a stored account holds a place among the plan's connected accounts (usedOf counts the same). */
const isConnected = (account: SocialAccount | undefined) => account !== undefined && account.state !== "disconnected";

type AccountFields = Partial<Pick<typeof socialAccounts.$inferInsert, "displayName" | "handle" | "avatarUrl" | "tokenExpiresAt" | "connectedById" | "ownerExternalId">> & { credentials: string };

/**
 * THE reconnect of an account: fresh sealed credentials, active again, and the posts that were
 * held for it released (those already due go now, the rest at their own time). Every path that
 * brings an account back (the reconnect route, OAuth, a form) goes through these statements.
 */
export function reconnectStatements(db: Database, account: SocialAccount, fields: AccountFields, now: number) {
  return [
    db
      .update(socialAccounts)
      .set({ ...fields, state: "active", stateReason: null, refreshLeaseUntil: null })
      .where(eq(socialAccounts.id, account.id))
      .returning(),
    db
      .update(postTargets)
      .set({ nextAttemptAt: now, errorClass: null, errorMessage: null, errorHint: null })
      .where(and(eq(postTargets.accountId, account.id), eq(postTargets.state, "scheduled"), lt(postTargets.publishAt, now)))
      .returning({ id: postTargets.id }),
  ] as const;
}

/** After the batch: a reconnected account's held posts are claimed now; the calendar hears either way. */
export async function afterReconnect(db: Database, env: Env, account: SocialAccount, reconnected: boolean, now: number) {
  if (reconnected) {
    await claimAndQueue(publisherDeps(db, env), now, { accountId: account.id, limit: 1 });
    await accountEvent({ db, env }, account);
  } else {
    await broadcast(env, account.workspaceId, { type: "account.updated", account_id: account.id });
  }
}

/** Reconnects one account with fresh credentials (the reconnect route and the Sandbox); a disconnected one takes its place back, within the plan. */
export async function reconnectAccount(
  db: Database,
  env: Env,
  account: SocialAccount,
  fresh: Pick<ConnectedAccount, "credentials" | "expiresAt">,
  actor: Pick<Actor, "userId" | "role" | "workspaceId">,
  now = Date.now(),
) {
  const userId = actor.userId;
  if (!isConnected(account)) await authorizeWithinPlanOf(db, env, actor, "social_accounts", 1);
  const credentials = await encryptCredentials(env, fresh.credentials, credentialBinding(account));
  const [updated] = await db.batch(reconnectStatements(db, account, { credentials, tokenExpiresAt: fresh.expiresAt, connectedById: userId }, now));
  const row = updated[0]!;
  await afterReconnect(db, env, row, true, now);
  return row;
}

async function storeIntegrations(
  db: Database,
  env: Env,
  props: { workspaceId: number; userId: number; provider: string; kind: ThirdPartyIntegration["kind"]; accounts: ConnectedAccount[] },
): Promise<ThirdPartyIntegration[]> {
  const { workspaceId, userId, provider, kind } = props;
  const statements = [];
  for (const account of props.accounts) {
    const credentials = await encryptCredentials(env, account.credentials, integrationBinding({ workspaceId, provider, externalId: account.externalId }));
    const fields = {
      displayName: account.displayName,
      url: account.url ?? null,
      credentials,
      tokenExpiresAt: account.expiresAt,
      userId,
      settings: account.settings ?? {},
      ownerExternalId: account.ownerExternalId ?? null,
      state: "active" as const,
      stateReason: null,
      updatedAt: new Date(),
    };
    statements.push(
      db
        .insert(thirdPartyIntegrations)
        .values({ workspaceId, kind, provider, externalId: account.externalId, ...fields })
        .onConflictDoUpdate({ target: [thirdPartyIntegrations.workspaceId, thirdPartyIntegrations.provider, thirdPartyIntegrations.externalId], set: fields })
        .returning(),
    );
  }
  if (statements.length === 0) return [];
  const results = await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
  return results.flat();
}
