import { and, eq, ne } from "drizzle-orm";
import type { Database } from "../../db/client";
import { thirdPartyIntegrations, type IntegrationKind, type ThirdPartyIntegration } from "../../db/schema";
import { NotFound } from "../../lib/errors";
import { decryptCredentials } from "../publishing/credentials";
import { IntegrationFailed } from "./failures";
import { googleSearchConsole } from "./google-search-console";
import { hubspot } from "./hubspot";
import { mailchimpService } from "./mailchimp";
import type { ConnectedIntegration, IntegrationService } from "./types";
import { webflowService } from "./webflow";
import { wordpressService } from "./wordpress";

/** The services this deployment can connect besides the social networks. Each joins here with its file. */
export const INTEGRATION_SERVICES: IntegrationService[] = [wordpressService, webflowService, mailchimpService, hubspot, googleSearchConsole];

export function integrationService(id: string): IntegrationService | null {
  return INTEGRATION_SERVICES.find((service) => service.id === id) ?? null;
}

/**
 * What ties an integration's sealed credentials to its row (additional data of the AES-GCM
 * seal): the workspace, the service and the service's id, so a ciphertext copied onto another
 * row does not open. Every seal and every opening of integration credentials uses it.
 */
export const integrationBinding = (row: Pick<ThirdPartyIntegration, "workspaceId" | "provider" | "externalId">) =>
  `integration:${row.workspaceId}:${row.provider}:${row.externalId}`;

/**
 * A connected integration of `workspaceId` by id, of `kind` (and one of `providers` when
 * given); anything else, another workspace's included, is a 404 as if it did not exist.
 */
export async function workspaceIntegration(db: Database, workspaceId: number, id: number, kind: IntegrationKind, providers?: string[]): Promise<ThirdPartyIntegration> {
  const [row] = await db
    .select()
    .from(thirdPartyIntegrations)
    .where(and(eq(thirdPartyIntegrations.id, id), eq(thirdPartyIntegrations.workspaceId, workspaceId), eq(thirdPartyIntegrations.kind, kind), ne(thirdPartyIntegrations.state, "disconnected")));
  if (!row || (providers && !providers.includes(row.provider))) throw new NotFound("Integration not found");
  return row;
}

/** The workspace's integrations of `kind` that are not disconnected, for the screens that use them. */
export function workspaceIntegrations(db: Database, workspaceId: number, kind: IntegrationKind) {
  return db
    .select()
    .from(thirdPartyIntegrations)
    .where(and(eq(thirdPartyIntegrations.workspaceId, workspaceId), eq(thirdPartyIntegrations.kind, kind), ne(thirdPartyIntegrations.state, "disconnected")))
    .orderBy(thirdPartyIntegrations.displayName);
}

/** The row as its service uses it, credentials opened. One that must be connected again is refused before any call. */
export async function openIntegration(env: Env, row: ThirdPartyIntegration): Promise<ConnectedIntegration> {
  const label = integrationService(row.provider)?.label ?? row.provider;
  if (row.state !== "active") throw new IntegrationFailed("reconnect", `${label} (${row.displayName}) must be connected again in Settings → Integrations${row.stateReason ? `: ${row.stateReason}` : ""}.`);
  return {
    id: row.id,
    externalId: row.externalId,
    displayName: row.displayName,
    url: row.url,
    settings: row.settings,
    credentials: await decryptCredentials(env, row.credentials, integrationBinding(row)),
  };
}

/** The service refused the credentials: the integration waits for its person to connect it again. */
export async function markNeedsReconnect(db: Database, row: Pick<ThirdPartyIntegration, "id">, reason: string) {
  await db.update(thirdPartyIntegrations).set({ state: "needs_reauth", stateReason: reason.slice(0, 500) }).where(eq(thirdPartyIntegrations.id, row.id));
}
