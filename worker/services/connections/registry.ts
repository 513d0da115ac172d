import { NETWORK_LIMITS, type Network } from "../../../core/publishing/limits";
import { INTEGRATION_SERVICES } from "../integrations";
import type { IntegrationService } from "../integrations/types";
import { connectableNetworks, providerFor } from "../publishing/providers";
import type { Connector, Provider } from "../publishing/providers/types";

/**
 * Every connector this deployment offers, by the id in its URLs (`/integrations/<id>/connect`):
 * the social networks' (their accounts land in `social_accounts`) and the integration
 * services' (they land in `third_party_integrations`). The one connect flow looks them up here.
 */

export type ConnectTarget = { kind: "network"; provider: Provider; label: string } | { kind: "integration"; service: IntegrationService; label: string };

export interface ConnectorEntry {
  connector: Connector;
  target: ConnectTarget;
}

/** Connectors tests bring of their own (a fake network), beside the registered ones; empty in production. */
export const extraConnectables: { providers: Provider[]; services: IntegrationService[] } = { providers: [], services: [] };

export function registeredProviders(): Provider[] {
  const registered = connectableNetworks.map((network) => providerFor(network)).filter((provider): provider is Provider => provider !== null);
  // Test connectors first, so a test may stand in for a registered network.
  return [...extraConnectables.providers, ...registered];
}

export const registeredServices = (): IntegrationService[] => [...extraConnectables.services, ...INTEGRATION_SERVICES];

export const networkLabel = (network: Network) => NETWORK_LIMITS[network]?.label ?? network;

export function allConnectors(): ConnectorEntry[] {
  return [
    ...registeredProviders().flatMap((provider) => provider.connectors.map((connector) => ({ connector, target: { kind: "network" as const, provider, label: networkLabel(provider.network) } }))),
    ...registeredServices().flatMap((service) => service.connectors.map((connector) => ({ connector, target: { kind: "integration" as const, service, label: service.label } }))),
  ];
}

export function connectorEntry(id: string): ConnectorEntry | null {
  return allConnectors().find((entry) => entry.connector.id === id) ?? null;
}

/** The provider publishing to `network`, the test ones included. */
export function providerOf(network: string): Provider | null {
  return registeredProviders().find((provider) => provider.network === network) ?? null;
}

export function serviceOf(id: string): IntegrationService | null {
  return registeredServices().find((service) => service.id === id) ?? null;
}
