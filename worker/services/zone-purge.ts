// Cloudflare's purge-by-URL API for the zone the app is served on. `caches.default.delete` only
// reaches the data centre that runs it; this drops the same keys in every other one.
// https://developers.cloudflare.com/api/resources/cache/methods/purge/

import { count } from "../../core/counting";

export interface ZonePurgeEnv {
  /** The zone (Cloudflare dashboard → the domain → Overview → Zone ID). */
  CF_ZONE_ID?: string;
  /** An API token with the zone's "Cache Purge" permission. */
  CF_PURGE_TOKEN?: string;
}

export const CLOUDFLARE_API = "https://api.cloudflare.com/client/v4";
/** The most URLs one purge-by-URL call takes on every plan. */
export const PURGE_URLS_PER_CALL = 30;
const PURGE_TIMEOUT_MS = 10_000;

export type ZonePurgeOutcome = "purged" | "failed" | "unconfigured";

let saidUnconfigured = false;

/**
 * Purges `urls` from every data centre of the zone, in calls of at most 30 URLs. Never throws:
 * a failed purge is logged, and the pages' short s-maxage bounds how long a copy can outlive it.
 */
export async function purgeZoneUrls(
  env: ZonePurgeEnv,
  urls: readonly string[],
  fetcher: typeof fetch = fetch,
): Promise<ZonePurgeOutcome> {
  if (urls.length === 0) return "purged";
  if (!env.CF_ZONE_ID || !env.CF_PURGE_TOKEN) {
    if (!saidUnconfigured) {
      saidUnconfigured = true;
      console.log(
        "public page cache: CF_ZONE_ID and CF_PURGE_TOKEN are not set, so changes purge this data centre only; others catch up within the pages' s-maxage",
      );
    }
    return "unconfigured";
  }
  const endpoint = `${CLOUDFLARE_API}/zones/${encodeURIComponent(env.CF_ZONE_ID)}/purge_cache`;
  let outcome: ZonePurgeOutcome = "purged";
  for (let start = 0; start < urls.length; start += PURGE_URLS_PER_CALL) {
    const files = urls.slice(start, start + PURGE_URLS_PER_CALL);
    try {
      const response = await fetcher(endpoint, {
        method: "POST",
        headers: { Authorization: `Bearer ${env.CF_PURGE_TOKEN}`, "Content-Type": "application/json" },
        body: JSON.stringify({ files }),
        signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
      });
      const answer = (await response.json().catch(() => null)) as { success?: boolean; errors?: unknown } | null;
      if (!response.ok || !answer?.success) {
        outcome = "failed";
        console.warn(`zone purge of ${count(files.length, "URL")} answered ${response.status}: ${JSON.stringify(answer?.errors ?? null)}`);
      }
    } catch (error) {
      outcome = "failed";
      console.warn(`zone purge of ${count(files.length, "URL")} failed: ${String(error)}`);
    }
  }
  return outcome;
}
