import type { IntegrationKind } from "../../db/schema";
import type { Credentials } from "../publishing/credentials";
import type { Connector, ProviderContext, RefreshOutcome } from "../publishing/providers/types";

/**
 * A service other than a social network that a workspace connects (a site builder, an
 * email-marketing service, a CRM, a search console). It connects through the same connectors
 * as the networks (OAuth with state and PKCE, or a form), and the one connect flow stores what
 * its connector answers as a `third_party_integrations` row instead of a social account: the
 * ConnectedAccount's externalId, displayName, url, settings and sealed credentials.
 */
export interface IntegrationService {
  /** The `provider` column: wordpress, webflow, mailchimp, hubspot, google_search_console. */
  id: string;
  kind: IntegrationKind;
  label: string;
  connectors: Connector[];
  /** New tokens from the refresh token, for services whose access tokens expire (HubSpot, Google). */
  refresh?(ctx: ProviderContext, credentials: Credentials): Promise<RefreshOutcome>;
  /** Revokes this app's access at the service, where it can (disconnect). Best effort. */
  revoke?(ctx: ProviderContext, credentials: Credentials): Promise<void>;
}
