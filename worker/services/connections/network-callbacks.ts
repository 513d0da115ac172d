import { and, eq, inArray, ne } from "drizzle-orm";
import type { Database } from "../../db/client";
import { dataDeletionRequests, postTargets, socialAccounts, thirdPartyIntegrations } from "../../db/schema";
import { accountEvent, broadcast } from "../publishing/events";
import { randomId } from "./pkce";
import { verifySignedRequest } from "./signed-request";

/**
 * Callbacks a network makes to us about one of its users (Meta's "Deauthorize Callback URL"
 * and "Data Deletion Request URL"). The network names the person by its own id for them,
 * which we kept on every account they connected (`owner_external_id`); the networks sharing
 * one sign-in (Facebook Login brings Facebook pages, Instagram and Threads) are listed together.
 */

export interface CallbackNetwork {
  /** The path segment: /integrations/<id>/deauthorize. */
  id: string;
  label: string;
  /** The networks whose accounts this sign-in brings. */
  networks: string[];
  /** The environment variable holding the app secret that signs the callbacks. */
  secretVar: string;
}

export const CALLBACK_NETWORKS: Record<string, CallbackNetwork> = {
  meta: { id: "meta", label: "Meta", networks: ["facebook", "instagram", "threads"], secretVar: "FACEBOOK_CLIENT_SECRET" },
};

export class SignedRequestRefused extends Error {}

/** The person the network names, from a signed_request verified with the app secret; refused otherwise. */
export async function signedUser(env: Env, network: CallbackNetwork, signedRequest: string | null): Promise<string> {
  const secret = (env as unknown as Record<string, string | undefined>)[network.secretVar] ?? "";
  if (!signedRequest) throw new SignedRequestRefused("signed_request is missing");
  if (!secret) throw new SignedRequestRefused(`${network.label} callbacks are not configured on this server (${network.secretVar} is not set)`);
  const payload = await verifySignedRequest(signedRequest, secret);
  if (!payload) throw new SignedRequestRefused("signed_request is not signed with this app's secret");
  if (!payload.user_id || typeof payload.user_id !== "string") throw new SignedRequestRefused("signed_request names no user_id");
  return payload.user_id;
}

function ownedAccounts(db: Database, network: CallbackNetwork, ownerExternalId: string) {
  return db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.ownerExternalId, ownerExternalId), inArray(socialAccounts.network, network.networks as (typeof socialAccounts.network.enumValues)[number][]), ne(socialAccounts.state, "disconnected")));
}

/** The person removed our app on the network: every account they brought needs reconnecting, and whoever connected it is told. */
export async function deauthorizeOwner(db: Database, env: Env, network: CallbackNetwork, ownerExternalId: string) {
  const reason = `${network.label} says the person who connected it removed Brandwork's access`;
  const accounts = await ownedAccounts(db, network, ownerExternalId);
  const integrations = db
    .update(thirdPartyIntegrations)
    .set({ state: "needs_reauth", stateReason: reason })
    .where(and(eq(thirdPartyIntegrations.ownerExternalId, ownerExternalId), inArray(thirdPartyIntegrations.provider, network.networks), ne(thirdPartyIntegrations.state, "disconnected")));
  if (accounts.length === 0) {
    await integrations;
    return 0;
  }
  const [updated] = await db.batch([
    db
      .update(socialAccounts)
      .set({ state: "needs_reauth", stateReason: reason, refreshLeaseUntil: null })
      .where(inArray(socialAccounts.id, accounts.map((account) => account.id)))
      .returning(),
    integrations,
  ]);
  for (const account of updated) await accountEvent({ db, env }, account);
  return updated.length;
}

/**
 * The person asked the network to delete their data: every account they brought loses its
 * credentials and is disconnected (posts waiting for it are cancelled, as on any disconnect),
 * and the request is recorded under a confirmation code for its status page.
 */
export async function deleteOwnerData(db: Database, env: Env, network: CallbackNetwork, ownerExternalId: string, now = Date.now()) {
  const accounts = await ownedAccounts(db, network, ownerExternalId);
  const code = randomId(12);
  const reason = `Disconnected: ${network.label} asked Brandwork to delete this person's data`;
  const ids = accounts.map((account) => account.id);
  const integrationsWhere = and(eq(thirdPartyIntegrations.ownerExternalId, ownerExternalId), inArray(thirdPartyIntegrations.provider, network.networks));
  const integrations = await db.select({ id: thirdPartyIntegrations.id }).from(thirdPartyIntegrations).where(integrationsWhere);
  const total = accounts.length + integrations.length;
  await db.batch([
    db.update(thirdPartyIntegrations).set({ credentials: "", state: "disconnected", stateReason: reason }).where(integrationsWhere),
    db.update(socialAccounts).set({ credentials: "", state: "disconnected", stateReason: reason, ownerExternalId: null }).where(inArray(socialAccounts.id, ids.length ? ids : [-1])),
    db
      .update(postTargets)
      .set({ state: "cancelled", errorMessage: "The account was disconnected at its owner's request." })
      .where(and(inArray(postTargets.accountId, ids.length ? ids : [-1]), inArray(postTargets.state, ["draft", "scheduled", "failed", "missed"]))),
    db.insert(dataDeletionRequests).values({ code, network: network.id, ownerExternalId, accounts: total, deletedAt: now }),
  ]);
  for (const account of accounts) await broadcast(env, account.workspaceId, { type: "account.updated", account_id: account.id });
  return { code, accounts: total };
}

export async function deletionStatus(db: Database, network: CallbackNetwork, code: string) {
  const [row] = await db.select().from(dataDeletionRequests).where(and(eq(dataDeletionRequests.code, code), eq(dataDeletionRequests.network, network.id)));
  return row ?? null;
}
