import type { ErrorClass } from "../../../../core/publishing/states";
import type { Network } from "../../../../core/publishing/limits";
import type { Database } from "../../../db/client";
import type { Credentials } from "../credentials";

/**
 * One interface per network, as Postiz's providers: publish, look a post up (`verify`),
 * refresh tokens, and classify every failure into retry / refresh_token / bad_body /
 * disconnect, so the publisher reacts the same way whatever the network. Adding a network
 * is adding a file beside sandbox.ts.
 */

export interface ProviderContext {
  db: Database;
  env: Env;
  now: () => number;
  /** The outbound fetch (tests pass a mock). */
  fetch: typeof fetch;
  /** Waits (the Sandbox's slow answer); tests pass one they control. */
  sleep?: (ms: number) => Promise<void>;
}

export interface ProviderAccount {
  externalId: string;
  handle: string;
  credentials: Credentials;
}

export interface OutgoingPost {
  /** The text as one post, or as a thread when the network threads long text. */
  thread: string[];
  media: { url: string; kind: "image" | "video"; contentType: string; name: string }[];
  /** Stable for the target across every attempt; `verify` finds a post by it. */
  idempotencyKey: string;
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
    };

export type RefreshOutcome = { ok: true; credentials: Credentials; expiresAt: number | null } | { ok: false; message: string };

export interface ConnectedAccount {
  externalId: string;
  displayName: string;
  handle: string;
  avatarUrl: string | null;
  credentials: Credentials;
  expiresAt: number | null;
}

export interface Provider {
  network: Network;
  publish(ctx: ProviderContext, account: ProviderAccount, post: OutgoingPost): Promise<PublishOutcome>;
  /** Looks the post up on the network by its idempotency key: was it published after all? */
  verify(ctx: ProviderContext, account: ProviderAccount, post: OutgoingPost): Promise<Published | null>;
  refresh(ctx: ProviderContext, account: ProviderAccount): Promise<RefreshOutcome>;
}
