import type { MiddlewareHandler } from "hono";
import { describeRoute, resolver, uniqueSymbol } from "hono-openapi";
import type { ZodType } from "zod";
import type { ApiScope } from "../../core/contracts/api-keys";

/**
 * The public API is the set of routes described with `publicRoute`: they, and only they, are
 * in /v1/openapi.json and callable with an API key (middleware/api-key refuses the rest). The
 * request side of each comes from the route's own `validate` middleware; this adds what a
 * validator cannot know: the scope, words, the success answer's schema, and an example.
 */
export interface PublicRouteSpec {
  /** The scope a key needs to call it. */
  scope: ApiScope;
  /** One line in the reference, imperative: "Create a document". */
  summary: string;
  description?: string;
  /** The section of the reference (Documents, Posts, Uploads, …). */
  tag: string;
  /** The success answer's body; null for an empty answer (204). */
  response: ZodType | null;
  /** The success status (200 unless it creates: 201; 202 for queued work; 204 for none). */
  status?: 200 | 201 | 202 | 204;
  /** Which error statuses it answers besides 401, 403 and 429 (400 is added when it validates). */
  errors?: (402 | 404 | 409 | 413 | 422)[];
  /**
   * A request that works, for the reference and the contract test. Strings like `$post` in
   * params and bodies name fixtures the contract test creates (tests/worker/api-contract).
   */
  example?: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown };
}

/** Marks an operation in the generated document as public, with its scope. */
export const SCOPE_KEY = "x-scope";
export const EXAMPLE_KEY = "x-example";

const ERROR_WORDS: Record<number, string> = {
  400: "The request is invalid: `fields` names each bad field",
  401: "No key, or a key that is unknown, revoked or expired",
  403: "The key lacks the scope, or its workspace role may not do this",
  402: "Over a limit of the workspace's plan (`error: plan_limit`): `limit`, `used`, `allowed` and `upgrade_to` say which and what lifts it",
  404: "Not found, or not visible to this key",
  409: "In conflict with the current state",
  413: "The body is over this route's size limit",
  422: "Well-formed but refused by a rule (the message says which)",
  429: "Over the key's rate limit: wait `Retry-After` seconds",
};

const errorRef = (status: number) => ({ description: ERROR_WORDS[status]!, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } });

export function publicRoute(spec: PublicRouteSpec): MiddlewareHandler {
  const status = spec.status ?? 200;
  const errors = [401, 403, ...(spec.errors ?? []), 429].sort();
  const success = spec.response
    ? { description: spec.summary, content: { "application/json": { schema: resolver(spec.response, { options: { io: "output" } }) } } }
    : { description: spec.summary };
  // Extension keys (x-scope, x-example) are valid OpenAPI; the library's type only lists the standard ones.
  const operation: Parameters<typeof describeRoute>[0] & Record<string, unknown> = {
    summary: spec.summary,
    description: spec.description,
    tags: [spec.tag],
    security: [{ apiKey: [] }],
    [SCOPE_KEY]: spec.scope,
    ...(spec.example && { [EXAMPLE_KEY]: spec.example }),
    responses: { [status]: success, ...Object.fromEntries(errors.map((code) => [code, errorRef(code)])) },
  };
  return describeRoute(operation);
}

/** The public spec on a handler, if `publicRoute` made it. */
export function publicSpecOf(handler: unknown): { [SCOPE_KEY]: ApiScope } | null {
  const meta = (handler as Record<symbol, { spec?: Record<string, unknown> } | undefined>)[uniqueSymbol];
  const scope = meta?.spec?.[SCOPE_KEY];
  return typeof scope === "string" ? { [SCOPE_KEY]: scope as ApiScope } : null;
}
