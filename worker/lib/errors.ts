import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * Typed errors thrown from anywhere in the Worker. The API's onError answers them with
 * `status` and `body()`; anything else is unexpected, reported, and answered as 500.
 */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly code: string,
    readonly details: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): Record<string, unknown> {
    return { error: this.code, message: this.message, ...this.details };
  }
}

export class NotFound extends HttpError {
  constructor(message = "Not found") {
    super(404, message, "not_found");
  }
}

export class Forbidden extends HttpError {
  constructor(message = "You do not have permission to do that", details?: Record<string, unknown>) {
    super(403, message, "forbidden", details);
  }
}

/**
 * 401 in the API's one error shape, plus the list the web client reads (SPEC section 8:
 * `{"errors": ["..."]}`).
 */
export class Unauthorized extends HttpError {
  constructor(message = "You need to sign in or sign up before continuing.") {
    super(401, message, "unauthorized");
  }

  override body() {
    return { error: this.code, message: this.message, errors: [this.message] };
  }
}

/** 401 for an expired session token: SPEC section 8's `{"error": "Signature has expired"}`, with its message. */
export class SignatureExpired extends HttpError {
  constructor() {
    super(401, "Signature has expired", "signature_expired");
  }

  override body() {
    return { error: this.message, message: this.message };
  }
}

/** A request that fails validation: `fields` names each bad field and what is wrong. */
export class Invalid extends HttpError {
  constructor(message: string, fields: Record<string, string[]> = {}) {
    super(400, message, "invalid", { fields });
  }
}

/** Well-formed but refused by a business rule (duplicate email, weak password). */
export class Unprocessable extends HttpError {
  constructor(message: string, fields: Record<string, string[]> = {}) {
    super(422, message, "unprocessable", { fields });
  }
}

export class Conflict extends HttpError {
  constructor(message: string) {
    super(409, message, "conflict");
  }
}

export class TooManyRequests extends HttpError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message, "too_many_requests", { retry_after: retryAfterSeconds }, { "Retry-After": String(retryAfterSeconds) });
  }
}

/**
 * 402: the workspace's plan does not allow this (a limit is reached). The message says which
 * limit and how to lift it; `limit`, `used`, `allowed` and `plan` let a client show more.
 */
export class PlanLimitReached extends HttpError {
  constructor(message: string, details: { limit: string; used: number; allowed: number; plan: string; upgrade_to: string | null }) {
    super(402, message, "plan_limit", details);
  }
}
