import { googleSearchConsole } from "./google-search-console";
import { hubspot } from "./hubspot";
import type { IntegrationService } from "./types";

/** The services this deployment can connect besides the social networks. Each joins here with its file. */
export const INTEGRATION_SERVICES: IntegrationService[] = [hubspot, googleSearchConsole];

export function integrationService(id: string): IntegrationService | null {
  return INTEGRATION_SERVICES.find((service) => service.id === id) ?? null;
}

/** What ties an integration's sealed credentials to its row: its workspace, service and external id. */
export const integrationBinding = (row: { workspaceId: number; provider: string; externalId: string }) => `${row.workspaceId}:${row.provider}:${row.externalId}`;
