import type { IntegrationService } from "./types";

/** The services this deployment can connect besides the social networks. Each joins here with its file. */
export const INTEGRATION_SERVICES: IntegrationService[] = [];

export function integrationService(id: string): IntegrationService | null {
  return INTEGRATION_SERVICES.find((service) => service.id === id) ?? null;
}
