/**
 * The API client's rules (SPEC sections 7 "Shared client rules", 8 and 9) as plain
 * functions, so they are tested without a browser: which headers a request carries,
 * when a request is retried, what a 401 means, and how an error reads to a person.
 */

import { duration, MINUTE_MS } from "../../core/counting";

/** SPEC section 9: GET retries 4 at 2000 ms. */
export const GET_RETRIES = 4;
export const RETRY_DELAY_MS = 2_000;
/** SPEC section 9: repeat-redirect guard 5000 ms. */
export const REDIRECT_GUARD_MS = 5_000;
/** SPEC section 3: the current workspace id when none is known. */
export const DEFAULT_WORKSPACE_ID = 1;

/** Who the browser is to the API right now; exactly one kind at a time. */
export type ClientIdentity =
  | {
      /** The HttpOnly session cookie authenticates: page scripts hold no token to send. */
      kind: "signed_in";
      currentWorkspaceId: number | null;
      /** The workspace where super-admin mode is on, if any. */
      superAdminMode: number | null;
    }
  | { kind: "unregistered"; authorization: string; workspaceId: number | null }
  | { kind: "anonymous"; anonymousUuid: string; workspaceId: number | null };

export interface HeaderInput {
  sessionUuid: string;
  identity: ClientIdentity;
  /** X-Article-Password: the stored password of the current document or its folder, if any. */
  articlePassword?: string | null;
}

/** The headers every API request carries, by the rules of SPEC section 7. */
export function buildRequestHeaders({ sessionUuid, identity, articlePassword }: HeaderInput): Record<string, string> {
  const headers: Record<string, string> = { "x-session-uuid": sessionUuid };
  switch (identity.kind) {
    case "signed_in": {
      const workspaceId = identity.currentWorkspaceId ?? DEFAULT_WORKSPACE_ID;
      headers["X-Workspace-Id"] = String(workspaceId);
      if (identity.superAdminMode !== null && identity.superAdminMode === workspaceId) {
        headers["x-superadmin-workspace-id"] = String(workspaceId);
      }
      break;
    }
    case "unregistered":
      if (identity.workspaceId !== null) headers["X-Workspace-Id"] = String(identity.workspaceId);
      headers.Authorization = identity.authorization;
      break;
    case "anonymous":
      if (identity.workspaceId !== null) headers["X-Workspace-Id"] = String(identity.workspaceId);
      headers["X-Anonymous-User-Uuid"] = identity.anonymousUuid;
      break;
  }
  if (articlePassword) headers["X-Article-Password"] = articlePassword;
  return headers;
}

/** What one attempt ended with, as far as retrying is concerned. */
export type AttemptOutcome = { kind: "network_error" } | { kind: "response"; status: number };

/**
 * GETs are retried on network errors and 5xx, up to GET_RETRIES times after the first
 * attempt; other methods never are (they may not be safe to repeat).
 * `retriesDone` counts the retries already made.
 */
export function shouldRetry(method: string, outcome: AttemptOutcome, retriesDone: number): boolean {
  if (method.toUpperCase() !== "GET" || retriesDone >= GET_RETRIES) return false;
  return outcome.kind === "network_error" || outcome.status >= 500;
}

/**
 * SPEC section 8: what a 401 means for a signed-in client.
 * - `expired`: body `error` is "Signature has expired" — clear and redirect (guarded);
 * - `signed_out`: first `errors` entry starts with "invalid login credentials" or
 *   "you need to sign in" — clear and replace onto the sign-in page;
 * - `other`: anything else — left to the caller.
 */
export type UnauthorizedKind = "expired" | "signed_out" | "other";

export function classifyUnauthorized(body: unknown): UnauthorizedKind {
  if (!body || typeof body !== "object") return "other";
  const record = body as { error?: unknown; errors?: unknown };
  if (typeof record.error === "string" && record.error.trim().toLowerCase() === "signature has expired") return "expired";
  const first = Array.isArray(record.errors) ? record.errors[0] : undefined;
  if (typeof first === "string") {
    const message = first.trim().toLowerCase();
    if (message.startsWith("invalid login credentials") || message.startsWith("you need to sign in")) return "signed_out";
  }
  return "other";
}

/** The 5-second guard: a redirect is allowed when none happened in the last REDIRECT_GUARD_MS. */
export function redirectAllowed(lastRedirectAt: number | null, now: number): boolean {
  return lastRedirectAt === null || now - lastRedirectAt >= REDIRECT_GUARD_MS;
}

/**
 * A plan-limit refusal's words (402 `plan_limit`, core/billing/limit-message): "This workspace
 * has used 1 of 1 brand kit on the Free plan. …". Recognised by its sentence because most pages
 * carry an API error to the screen as its message alone (actions, component state), and the
 * error display (FormAlert) offers "See plans" beside it wherever it is shown.
 */
const PLAN_LIMIT_SENTENCE = /^This workspace has used .+ on the .+ plan\. /;
export function isPlanLimitMessage(message: string | null | undefined): boolean {
  return typeof message === "string" && PLAN_LIMIT_SENTENCE.test(message);
}

/** An API error as the UI shows it: one sentence, per-field messages, and a wait for 429s. */
export interface ApiProblem {
  status: number;
  message: string;
  /** Field name (last path segment: "user.email" becomes "email") to its messages. */
  fields: Record<string, string[]>;
  /** Seconds to wait before trying again (429). */
  retryAfter: number | null;
}

const FIELD_LABELS: Record<string, string> = {
  email: "Email",
  password: "Password",
  first_name: "First name",
  last_name: "Last name",
  company: "Company",
  name: "Name",
  current_password: "Current password",
  token: "Reset link",
};

/** "is too short" under "password" reads "Password is too short". */
export function fieldSentence(field: string, message: string): string {
  const label = FIELD_LABELS[field] ?? field.replaceAll("_", " ").replace(/^./, (c) => c.toUpperCase());
  return `${label} ${message}`;
}

export function formatWait(seconds: number): string {
  return seconds < 60 ? duration(seconds * 1000) : duration(Math.ceil(seconds / 60) * MINUTE_MS);
}

/** Reads the API's error shapes (`{errors:[...]}`, `{error,message,fields}`) into one. */
export function describeApiError(status: number, body: unknown, retryAfterHeader?: string | null): ApiProblem {
  const record = (body && typeof body === "object" ? body : {}) as {
    errors?: unknown;
    error?: unknown;
    message?: unknown;
    fields?: unknown;
    retry_after?: unknown;
  };
  const fields: Record<string, string[]> = {};
  if (record.fields && typeof record.fields === "object") {
    for (const [key, messages] of Object.entries(record.fields as Record<string, unknown>)) {
      if (!Array.isArray(messages)) continue;
      const name = key.split(".").pop() || key;
      (fields[name] ??= []).push(...messages.filter((m): m is string => typeof m === "string"));
    }
  }
  const fromHeader = Number(retryAfterHeader);
  const retryAfter =
    status === 429
      ? Number.isFinite(fromHeader) && fromHeader > 0
        ? Math.ceil(fromHeader)
        : typeof record.retry_after === "number"
          ? record.retry_after
          : 60
      : null;

  let message: string;
  if (Array.isArray(record.errors) && typeof record.errors[0] === "string") message = record.errors[0];
  else if (typeof record.message === "string" && record.message) message = record.message;
  else if (typeof record.error === "string" && record.error) message = record.error;
  else if (status >= 500 || status === 0) message = "Something went wrong on our side. Please try again in a moment.";
  else message = "That didn't work. Please check and try again.";

  if (status === 429) {
    message = `Too many attempts. Please wait ${formatWait(retryAfter!)} and try again.`;
  } else if (status === 400 && Object.keys(fields).length) {
    // The API's 400 summary names paths ("user.email: ..."); say it as a person would.
    message = "Please correct the highlighted fields.";
  }
  return { status, message, fields, retryAfter };
}
