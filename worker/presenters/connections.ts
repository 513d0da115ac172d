import type { Network } from "../../core/publishing/limits";
import type { SocialAccount, ThirdPartyIntegration } from "../db/schema";
import { isConfigured } from "../services/connections/flow";
import type { ConnectorEntry } from "../services/connections/registry";
import type { Connector, FormField } from "../services/publishing/providers/types";

/**
 * How a person connects something (the connect dialog reads this), and what they connected:
 * whitelisted fields only, so credentials (sealed or not) never leave.
 */

const presentField = (field: FormField) => ({ name: field.name, label: field.label, type: field.type, placeholder: field.placeholder ?? null, help: field.help ?? null });

export function presentConnector(env: Env, connector: Connector) {
  return {
    id: connector.id,
    label: connector.label,
    kind: connector.kind,
    configured: isConfigured(env, connector),
    fields: connector.kind === "form" ? connector.fields.map(presentField) : [],
    instance_field: connector.kind === "oauth" && connector.instanceField ? presentField(connector.instanceField) : null,
    note: connector.kind === "local" ? null : (connector.note ?? null),
  };
}

export type PresentedConnector = ReturnType<typeof presentConnector>;

export function presentIntegration(row: ThirdPartyIntegration) {
  return {
    id: row.id,
    workspace_id: row.workspaceId,
    kind: row.kind,
    provider: row.provider,
    external_id: row.externalId,
    display_name: row.displayName,
    url: row.url,
    state: row.state,
    state_reason: row.stateReason,
    connected_at: row.createdAt.toISOString(),
  };
}

export function presentService(env: Env, label: string, id: string, entries: ConnectorEntry[]) {
  return { service: id, label, connectors: entries.map((entry) => presentConnector(env, entry.connector)) };
}

/** One row of what a user connected: a social account or an integration, never its credentials. */
export function presentUserConnection(item: { kind: "social_account"; row: SocialAccount; label: string } | { kind: "integration"; row: ThirdPartyIntegration; label: string }) {
  if (item.kind === "social_account") {
    const { row } = item;
    return {
      type: "social_account" as const,
      id: row.id,
      provider: row.network as Network | string,
      provider_label: item.label,
      account_name: row.displayName,
      handle: row.handle,
      status: row.state,
      workspace_id: row.workspaceId,
      connected_at: row.createdAt.toISOString(),
    };
  }
  const { row } = item;
  return {
    type: "integration" as const,
    id: row.id,
    provider: row.provider,
    provider_label: item.label,
    account_name: row.displayName,
    handle: null,
    status: row.state,
    workspace_id: row.workspaceId,
    connected_at: row.createdAt.toISOString(),
  };
}
