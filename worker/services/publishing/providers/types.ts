import type { PostFigures } from "../../../../core/analytics/metrics";
import type { ErrorClass } from "../../../../core/publishing/states";
import type { Network } from "../../../../core/publishing/limits";
import type { Database } from "../../../db/client";
import type { Credentials } from "../credentials";

/**
 * One interface per network, as Postiz's providers: connect (OAuth with PKCE, a form, or made
 * here), publish, look a post up (`verify`), refresh tokens, read metrics, and classify every
 * failure into retry / refresh_token / bad_body / disconnect, so the publisher reacts the same
 * way whatever the network. Adding a network is adding a file beside sandbox.ts and its row in
 * core/publishing/limits.ts; nothing else branches on a network's name.
 */

export interface ProviderContext {
  db: Database;
  env: Env;
  now: () => number;
  /** The outbound fetch (tests pass a mock). Never used for a user-supplied host: see safe-fetch. */
  fetch: typeof fetch;
  /** Waits (the Sandbox's slow answer, polling a container's status); tests pass one they control. */
  sleep?: (ms: number) => Promise<void>;
  /** The bytes of one of the post's media, from storage (the publisher checked the workspace). */
  readMedia?: (item: OutgoingMedia) => Promise<ArrayBuffer>;
  /**
   * A public, signed URL of one of the post's media that expires in a day, for networks that
   * fetch media themselves (Instagram, Threads, Pinterest, TikTok's PULL_FROM_URL).
   */
  mediaUrl?: (item: OutgoingMedia) => Promise<string>;
}

export interface ProviderAccount {
  externalId: string;
  handle: string;
  credentials: Credentials;
}

export interface OutgoingMedia {
  /** The workspace upload it comes from. */
  uploadId: number;
  /** The app-relative path of the upload (`/files/:id`). */
  url: string;
  kind: "image" | "video";
  contentType: string;
  name: string;
  bytes: number;
}

export interface OutgoingPost {
  /** The text as one post, or as a thread when the network threads long text. */
  thread: string[];
  media: OutgoingMedia[];
  /** Stable for the target across every attempt; `verify` finds a post by it. */
  idempotencyKey: string;
  /** A title, for networks that have one (YouTube, Pinterest); else the provider derives one. */
  title?: string | null;
  /** No attempt of this post reached the network before this (epoch ms): `verify` looks at posts made since. */
  notBefore?: number;
  /** The receipt an earlier attempt's unknown outcome kept, if the network gave one. */
  receipt?: string | null;
}

export interface Published {
  id: string;
  url: string;
}

export type PublishOutcome =
  | ({ ok: true } & Published)
  | {
      ok: false;
      /** Definite failure: the network answered, the post does not exist. */
      errorClass: ErrorClass;
      /** The network's message, as text. */
      message: string;
      /** What the user can do about it. */
      hint?: string;
      retryAfterMs?: number;
    }
  | {
      ok: false;
      /** The request may have reached the network (timeout, connection lost): never resend blindly. */
      unknown: true;
      message: string;
      /**
       * What the network handed back before the answer was lost (TikTok's publish_id): kept on
       * the target and given to `verify` as `post.receipt`, so it asks about exactly that send.
       */
      receipt?: string;
    };

export type RefreshOutcome =
  | { ok: true; credentials: Credentials; expiresAt: number | null }
  /** `transient`: the network could not be reached; keep the tokens and try later. */
  | { ok: false; message: string; transient?: boolean };

export interface ConnectedAccount {
  externalId: string;
  displayName: string;
  handle: string;
  avatarUrl: string | null;
  credentials: Credentials;
  expiresAt: number | null;
  /** Another network reached through the same sign-in (Facebook Login brings Instagram business accounts). */
  network?: Network;
  /**
   * The network's id for the person who connected it (Meta's app-scoped user id), so a
   * deauthorize callback naming that person finds every account they brought.
   */
  ownerExternalId?: string;
  /** Where it lives, for integrations shown with a link (a site, a portal). */
  url?: string | null;
  /** What an integration needs remembered besides credentials (a collection id, an audience id). */
  settings?: Record<string, string>;
}

/** Figures for one published post, whatever the network calls them (core/analytics/metrics); absent when it has none. */
export type PostMetrics = PostFigures;

/** An app registered with a network: from the environment, or registered per instance (Mastodon). */
export interface OAuthApp {
  clientId: string;
  clientSecret: string;
}

export interface AuthorizeRequest {
  app: OAuthApp;
  redirectUri: string;
  /** Signed and expiring: binds the answer to the workspace, the user and this browser. */
  state: string;
  /** PKCE S256 challenge; networks without PKCE ignore it. */
  codeChallenge: string;
  /** The server a person chose, for networks with many (a Mastodon instance's origin). */
  instance?: string;
}

export interface ExchangeRequest {
  app: OAuthApp;
  code: string;
  codeVerifier: string;
  redirectUri: string;
  instance?: string;
}

export interface FormField {
  name: string;
  label: string;
  type: "text" | "password" | "url";
  placeholder?: string;
  help?: string;
}

/** How a person connects an account of this network. */
export type Connector =
  /** Made here, no keys (the Sandbox). */
  | { kind: "local"; id: string; label: string }
  | {
      kind: "oauth";
      /** Unique across providers: the path segment of the connect and callback URLs. */
      id: string;
      label: string;
      /** `<PREFIX>_CLIENT_ID` and `<PREFIX>_CLIENT_SECRET`; null when the app is registered per instance. */
      envPrefix: string | null;
      /** The field the person fills first (a Mastodon instance). */
      instanceField?: FormField;
      /** Registers this deployment's app with a chosen instance (called once per instance, remembered). */
      registerApp?: (ctx: ProviderContext, instance: string, redirectUri: string) => Promise<OAuthApp>;
      authorizeUrl(req: AuthorizeRequest, env: Env): string;
      /** Exchanges the code; may answer several accounts (a person and the pages they manage), to choose from. */
      exchangeCode(ctx: ProviderContext, req: ExchangeRequest): Promise<ConnectedAccount[]>;
      /** What the person must know before connecting (an unaudited TikTok app posts privately). */
      note?: string;
    }
  /** A form the person fills (Bluesky's handle and app password). */
  | { kind: "form"; id: string; label: string; fields: FormField[]; connect(ctx: ProviderContext, values: Record<string, string>): Promise<ConnectedAccount[]>; note?: string };

export interface Provider {
  network: Network;
  connectors: Connector[];
  /**
   * How long before its expiry the cron refreshes an account's token, for networks whose tokens
   * must be kept alive (a long-lived token that can only be refreshed while it still works).
   * Absent: short-lived tokens (X's two hours, YouTube's one) are refreshed only when a send
   * finds them expired, not on every minute's tick.
   */
  refreshAheadMs?: number;
  publish(ctx: ProviderContext, account: ProviderAccount, post: OutgoingPost): Promise<PublishOutcome>;
  /** Looks the post up on the network (by its idempotency key, or by its text since the attempt): was it published after all? */
  verify(ctx: ProviderContext, account: ProviderAccount, post: OutgoingPost): Promise<Published | null>;
  refresh(ctx: ProviderContext, account: ProviderAccount): Promise<RefreshOutcome>;
  /** Figures for published posts by their network ids (analytics); absent ids had none. */
  metrics?(ctx: ProviderContext, account: ProviderAccount, ids: string[]): Promise<Record<string, PostMetrics>>;
  /** The account's own figures now (followers), for analytics' daily account row. */
  accountMetrics?(ctx: ProviderContext, account: ProviderAccount): Promise<{ followers?: number }>;
  /** Revokes this app's access at the network, where it can (disconnect). Best effort. */
  revoke?(ctx: ProviderContext, account: ProviderAccount): Promise<void>;
}
