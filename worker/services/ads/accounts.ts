import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { adAccounts, adSettings, type AdAccount } from "../../db/schema";
import { NotFound } from "../../lib/errors";
import { decryptCredentials } from "../publishing/credentials";
import { describeMetaAccount, metaAdsConfig } from "./providers/meta";
import type { AdsAccountRef, AdsProviderContext } from "./providers/types";

export const SANDBOX_ACCOUNT_NAME = "Sandbox ads account";

/**
 * The workspace's Sandbox ads account, made on first use in the currency of its ad settings
 * (USD until someone sets a cap in another). Made with insert-or-nothing, so two first requests
 * at once make one.
 */
export async function sandboxAccount(db: Database, workspaceId: number): Promise<AdAccount> {
  const externalId = `sandbox-${workspaceId}`;
  const [settings] = await db.select({ currency: adSettings.currency }).from(adSettings).where(eq(adSettings.workspaceId, workspaceId));
  await db
    .insert(adAccounts)
    .values({ workspaceId, network: "sandbox", externalId, name: SANDBOX_ACCOUNT_NAME, currency: settings?.currency ?? "USD", timezone: "UTC" })
    .onConflictDoNothing();
  const [row] = await db.select().from(adAccounts).where(and(eq(adAccounts.workspaceId, workspaceId), eq(adAccounts.network, "sandbox"), eq(adAccounts.externalId, externalId)));
  return row!;
}

/**
 * The workspace's ad accounts: the Sandbox always, and the deployment's Meta ad account when
 * META_ADS_ACCESS_TOKEN and META_AD_ACCOUNT_ID are set (its name and currency asked of Meta once;
 * when Meta does not answer it is simply not offered yet).
 */
export async function workspaceAdAccounts(db: Database, env: Env, workspaceId: number, fetcher: typeof fetch = fetch): Promise<AdAccount[]> {
  await sandboxAccount(db, workspaceId);
  const config = metaAdsConfig(env);
  if (config) {
    const [existing] = await db.select({ id: adAccounts.id }).from(adAccounts).where(and(eq(adAccounts.workspaceId, workspaceId), eq(adAccounts.network, "meta"), eq(adAccounts.externalId, config.adAccountId)));
    if (!existing) {
      const ref: AdsAccountRef = { id: 0, network: "meta", externalId: config.adAccountId, currency: "USD", pageId: config.pageId, accessToken: null };
      const described = await describeMetaAccount({ env, fetch: fetcher, account: ref }).catch(() => null);
      if (described)
        await db
          .insert(adAccounts)
          .values({ workspaceId, network: "meta", externalId: config.adAccountId, name: described.name, currency: described.currency, timezone: described.timezone, pageId: config.pageId })
          .onConflictDoNothing();
    }
  }
  return db.select().from(adAccounts).where(eq(adAccounts.workspaceId, workspaceId)).orderBy(asc(adAccounts.id));
}

/** An ad account of this workspace, or 404 (another workspace's id is as unknown as a missing one). */
export async function workspaceAdAccount(db: Database, workspaceId: number, id: number): Promise<AdAccount> {
  const [row] = await db.select().from(adAccounts).where(and(eq(adAccounts.id, id), eq(adAccounts.workspaceId, workspaceId)));
  if (!row) throw new NotFound("Ad account not found");
  return row;
}

/** What a provider needs of an account: its own token unsealed, or the deployment's. */
export async function providerContext(env: Env, account: AdAccount, fetcher: typeof fetch = fetch): Promise<AdsProviderContext> {
  const accessToken = account.credentials
    ? (await decryptCredentials(env, account.credentials, `${account.workspaceId}:ads:${account.network}:${account.externalId}`)).accessToken
    : null;
  return {
    env,
    fetch: fetcher,
    account: { id: account.id, network: account.network, externalId: account.externalId, currency: account.currency, pageId: account.pageId ?? metaAdsConfig(env)?.pageId ?? null, accessToken },
  };
}
