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
  /** Present on site builders: publishing a document as a post. */
  site?: SitePublisher;
}

/** A connected integration as a service's code sees it: the row's settings and its opened credentials. */
export interface ConnectedIntegration {
  id: number;
  externalId: string;
  displayName: string;
  url: string | null;
  settings: Record<string, string>;
  credentials: Credentials;
}

/** A document as a site builder receives it. */
export interface SiteDocument {
  title: string;
  /** The body as HTML (services/document-html.ts). */
  html: string;
  /** Stable for the document (its slug with its id), for services whose items need one. */
  slug: string;
  status: "publish" | "draft";
}

export interface SitePublished {
  /** The service's id for the post or item: republishing updates it. */
  id: string;
  url: string | null;
  /** The remote post was gone (deleted on the site), so it was made again. */
  recreated: boolean;
}

/**
 * A site builder (WordPress, Webflow): publishes a document, or updates the post it made
 * before (`remoteId`). Failures are thrown as IntegrationFailed (./failures.ts).
 */
export interface SitePublisher {
  /**
   * Looks on the site for the document's post by its slug, after a create that got no answer;
   * never creates. Null: it is not there.
   */
  find(ctx: ProviderContext, integration: ConnectedIntegration, document: SiteDocument): Promise<{ id: string; url: string | null } | null>;
  publish(ctx: ProviderContext, integration: ConnectedIntegration, document: SiteDocument, remoteId: string | null): Promise<SitePublished>;
}
