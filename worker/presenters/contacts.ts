import type { Contact, ThirdPartyIntegration } from "../db/schema";

/** A workspace contact's JSON. */
export function presentContact(contact: Contact) {
  return {
    id: contact.id,
    email: contact.email,
    name: contact.name,
    company: contact.company,
    source: contact.source,
    external_id: contact.externalId,
    integration_id: contact.integrationId,
    created_at: contact.createdAt.toISOString(),
    updated_at: contact.updatedAt.toISOString(),
  };
}

/** An integration a screen offers to read from (never its credentials). */
export function presentIntegrationChoice(row: ThirdPartyIntegration) {
  return { id: row.id, provider: row.provider, display_name: row.displayName, url: row.url, state: row.state, state_reason: row.stateReason, settings: row.settings };
}
