import { and, eq } from "drizzle-orm";
import { thirdPartyIntegrations, type ThirdPartyIntegration } from "../../db/schema";
import { HttpError, NotFound } from "../../lib/errors";
import { decryptCredentials, encryptCredentials, type Credentials } from "../publishing/credentials";
import { classifyFailure, type NetworkAnswer } from "../publishing/providers/http";
import type { ProviderContext } from "../publishing/providers/types";
import { integrationBinding, integrationService } from ".";

/**
 * Using a connected integration: its row (only within the caller's workspace), its tokens
 * unsealed and refreshed when they are about to expire or the service answered 401, and the
 * service's failures turned into answers a person can act on.
 */

/** The integration `id` of `provider` in `workspaceId`, or 404: another workspace's id is as unknown as a missing one. */
export async function workspaceIntegration(ctx: Pick<ProviderContext, "db">, workspaceId: number, id: number, provider: string): Promise<ThirdPartyIntegration> {
  const [row] = await ctx.db
    .select()
    .from(thirdPartyIntegrations)
    .where(and(eq(thirdPartyIntegrations.id, id), eq(thirdPartyIntegrations.workspaceId, workspaceId), eq(thirdPartyIntegrations.provider, provider)))
    .limit(1);
  if (!row || row.state === "disconnected") throw new NotFound("Integration not found");
  return row;
}

/** The service refused the tokens for good: the person connects it again. */
export class IntegrationNeedsReconnect extends HttpError {
  constructor(label: string, reason: string) {
    super(409, `${label} needs reconnecting: ${reason}`, "integration_needs_reauth", { reason });
  }
}

/** Refresh a little before the expiry the service gave, so a call never starts with a dying token. */
const REFRESH_MARGIN_MS = 60_000;

async function refreshTokens(ctx: ProviderContext, row: ThirdPartyIntegration, credentials: Credentials): Promise<Credentials> {
  const service = integrationService(row.provider);
  const label = service?.label ?? row.provider;
  if (!service?.refresh) throw new IntegrationNeedsReconnect(label, "its access expired");
  const outcome = await service.refresh(ctx, credentials).catch((error: unknown) => ({ ok: false as const, message: error instanceof Error ? error.message : String(error), transient: true }));
  if (outcome.ok) {
    const sealed = await encryptCredentials(ctx.env, outcome.credentials, integrationBinding(row));
    await ctx.db.update(thirdPartyIntegrations).set({ credentials: sealed, tokenExpiresAt: outcome.expiresAt, stateReason: null }).where(eq(thirdPartyIntegrations.id, row.id));
    // The caller's row follows, so its next call (the next page) uses the new token instead of refreshing again.
    Object.assign(row, { credentials: sealed, tokenExpiresAt: outcome.expiresAt, stateReason: null });
    return outcome.credentials;
  }
  if (outcome.transient) throw new HttpError(503, `${label} could not be reached. Try again in a minute.`, "integration_unreachable", {}, { "Retry-After": "60" });
  // Refused (invalid_grant: revoked, or the person removed the app): mark it and say so.
  await ctx.db.update(thirdPartyIntegrations).set({ state: "needs_reauth", stateReason: outcome.message }).where(eq(thirdPartyIntegrations.id, row.id));
  throw new IntegrationNeedsReconnect(label, outcome.message);
}

/**
 * Calls the service with the integration's access token (`request` builds the call), refreshing
 * first when the token is about to expire and once more when the service answers 401. Neither
 * HubSpot nor Google rotates refresh tokens, so two refreshes racing each other both work.
 */
export async function withIntegrationToken<T>(ctx: ProviderContext, row: ThirdPartyIntegration, request: (accessToken: string) => Promise<NetworkAnswer<T>>): Promise<NetworkAnswer<T>> {
  const label = integrationService(row.provider)?.label ?? row.provider;
  if (row.state === "needs_reauth") throw new IntegrationNeedsReconnect(label, row.stateReason ?? "its access was refused");
  let credentials = await decryptCredentials(ctx.env, row.credentials, integrationBinding(row));
  if (row.tokenExpiresAt !== null && row.tokenExpiresAt - REFRESH_MARGIN_MS <= ctx.now()) credentials = await refreshTokens(ctx, row, credentials);
  const call = async (token: string) => {
    try {
      return await request(token);
    } catch (error) {
      throw new HttpError(503, `${label} did not answer (${error instanceof Error ? error.message : String(error)}). Try again in a minute.`, "integration_unreachable", {}, { "Retry-After": "60" });
    }
  };
  const answer = await call(credentials.accessToken);
  if (answer.response.status !== 401) return answer;
  credentials = await refreshTokens(ctx, row, credentials);
  return call(credentials.accessToken);
}

/**
 * A failed answer from the service as the API's answer: rate limits and outages are 503 with
 * Retry-After, a refusal is 502 with the service's own words, and an access refusal after a
 * fresh token means the person reconnects.
 */
export function integrationFailure(label: string, answer: NetworkAnswer, message: string): HttpError {
  const failure = classifyFailure(answer, message);
  if (failure.errorClass === "retry") {
    const seconds = Math.max(1, Math.ceil((failure.retryAfterMs ?? 60_000) / 1000));
    return new HttpError(503, `${label} is busy (${failure.message}). Try again in ${seconds} s.`, "integration_busy", { retry_after: seconds }, { "Retry-After": String(seconds) });
  }
  if (failure.errorClass === "refresh_token" || answer.response.status === 403) return new IntegrationNeedsReconnect(label, failure.message);
  return new HttpError(502, `${label} refused: ${failure.message}`, "integration_refused");
}
