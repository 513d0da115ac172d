import { HttpError } from "../../lib/errors";
import { classifyFailure, retryAfterMs, type NetworkAnswer } from "../publishing/providers/http";

/**
 * What can go wrong when a person uses a connected service (publishing to a site, pushing a
 * campaign), as the API answers it. The person is there, so every failure is said in words:
 * - reconnect (409): the service no longer accepts the credentials; the integration is marked
 *   `needs_reauth` and must be connected again;
 * - refused (422): the service refused the request, in its own words;
 * - unavailable (503, Retry-After): busy or down; nothing was made, try again later;
 * - no_answer (504): the request may have reached the service (a timeout while creating), so
 *   it is not sent again blindly: look on the service first.
 */
export type FailureKind = "reconnect" | "refused" | "unavailable" | "no_answer";

const STATUS = { reconnect: 409, refused: 422, unavailable: 503, no_answer: 504 } as const;

export class IntegrationFailed extends HttpError {
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly retryAfterSeconds?: number,
    /** What the service did make before the failure (a Webflow item saved but not published). */
    readonly remote?: { id: string; url: string | null },
  ) {
    super(STATUS[kind], message, `integration_${kind}`, {}, retryAfterSeconds ? { "Retry-After": String(retryAfterSeconds) } : {});
  }
}

/** A failed answer from `service`, with its own `words`, as one of the kinds above (through the providers' classifier). */
export function failureFrom(answer: NetworkAnswer, service: string, words: string): IntegrationFailed {
  const failure = classifyFailure(answer, words);
  if (failure.errorClass === "refresh_token" || failure.errorClass === "disconnect") {
    return new IntegrationFailed("reconnect", `${service} no longer accepts this connection (${failure.message}). Connect it again in Settings → Integrations.`);
  }
  if (failure.errorClass === "retry") {
    const wait = retryAfterMs(answer.response);
    return new IntegrationFailed("unavailable", `${service} is busy or unavailable (${failure.message}). Try again in a moment.`, wait ? Math.ceil(wait / 1000) : 60);
  }
  return new IntegrationFailed("refused", `${service} refused it: ${failure.message}`);
}

/** No answer to a call that changes nothing yet (a lookup, a step before the create): try again later. */
export const unreachable = (service: string, error: unknown) =>
  new IntegrationFailed("unavailable", `${service} could not be reached (${error instanceof Error ? error.message : String(error)}). Try again in a moment.`, 60);

/** No answer to the call that creates: it may exist on the service now. */
export const noAnswer = (service: string, what: string) =>
  new IntegrationFailed("no_answer", `${service} did not answer while creating ${what}. It may have been made anyway: look on ${service} before trying again.`);
