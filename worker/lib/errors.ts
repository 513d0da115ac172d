import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * Typed errors thrown from anywhere in the Worker. The API's onError turns them into
 * JSON with their status; anything else is unexpected, reported, and answered as 500.
 */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly code: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
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

export class Unauthorized extends HttpError {
  constructor(message = "You need to sign in or sign up before continuing.") {
    super(401, message, "unauthorized");
  }
}

/** A request that fails validation: `fields` names each bad field and what is wrong. */
export class Invalid extends HttpError {
  constructor(message: string, readonly fields: Record<string, string[]> = {}) {
    super(400, message, "invalid", { fields });
  }
}
