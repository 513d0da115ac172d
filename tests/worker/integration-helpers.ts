import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { thirdPartyIntegrations, type IntegrationKind, type ThirdPartyIntegration } from "../../worker/db/schema";
import { integrationBinding } from "../../worker/services/integrations";
import { encryptCredentials } from "../../worker/services/publishing/credentials";
import type { ConnectedAccount, ProviderContext } from "../../worker/services/publishing/providers/types";
import { db } from "../factories";

/** A ProviderContext whose outbound calls go to `fetch` (a fake of the service). */
export const contextWith = (fetch: typeof globalThis.fetch, now = Date.now): ProviderContext => ({ db, env, now, fetch });

/**
 * A connected integration row, as the connect flow stores what a connector answered: the
 * account's fields, its settings, and its credentials sealed with the row's binding.
 */
export async function storeIntegration(workspaceId: number, userId: number, provider: string, kind: IntegrationKind, account: ConnectedAccount): Promise<ThirdPartyIntegration> {
  const binding = integrationBinding({ workspaceId, provider, externalId: account.externalId });
  const [row] = await db
    .insert(thirdPartyIntegrations)
    .values({
      workspaceId,
      userId,
      kind,
      provider,
      externalId: account.externalId,
      displayName: account.displayName,
      url: account.url ?? null,
      credentials: await encryptCredentials(env, account.credentials, binding),
      tokenExpiresAt: account.expiresAt,
      settings: account.settings ?? {},
    })
    .returning();
  return row!;
}

export const reloadIntegration = async (id: number) => (await db.select().from(thirdPartyIntegrations).where(eq(thirdPartyIntegrations.id, id)))[0]!;

export interface SeenRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

/** What a fake saw: every request but DNS-over-HTTPS lookups. */
export async function seen(input: RequestInfo | URL, init?: RequestInit): Promise<SeenRequest> {
  const request = new Request(input, init);
  return { method: request.method, url: new URL(request.url), headers: request.headers, body: request.method === "GET" ? "" : await request.text() };
}

/** Cloudflare's DNS-over-HTTPS answer for `name`, as safe-fetch asks for it. */
export function dnsAnswer(url: URL, addresses: Record<string, string>) {
  const name = url.searchParams.get("name") ?? "";
  const type = url.searchParams.get("type");
  const address = addresses[name];
  const answers = address && type === "A" ? [{ name, type: 1, TTL: 300, data: address }] : [];
  return Response.json({ Status: 0, Answer: answers }, { headers: { "content-type": "application/dns-json" } });
}
