import type { Hono } from "hono";
import { generateSpecs } from "hono-openapi";
import * as z from "zod";
import { apiScopeLabels, apiScopes } from "../../core/contracts/api-keys";
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from "../middleware/idempotency";
import { SCOPE_KEY } from "./public-route";

/** Every error the API answers, in one shape (lib/errors.ts makes them). */
export const apiErrorSchema = z
  .object({
    error: z.string().meta({ description: "A stable code: invalid, unauthorized, forbidden, not_found, conflict, unprocessable, too_many_requests, …" }),
    message: z.string().meta({ description: "What went wrong, in a sentence a person can act on" }),
    fields: z.record(z.string(), z.array(z.string())).optional().meta({ description: "On 400 and 422: each bad field and what is wrong with it" }),
    errors: z.array(z.string()).optional().meta({ description: "On 401: the message again, as a list (the web app's older clients read this)" }),
    retry_after: z.number().int().optional().meta({ description: "On 429: seconds to wait" }),
  })
  .meta({ description: "An error" });

const DESCRIPTION = `Brandwork's public API: documents, folders, uploads, campaigns, brand kits and scheduled posts.

Authenticate with an API key or a personal token: \`Authorization: Bearer bw_…\`. Workspace admins create keys in the workspace's settings (API keys); anyone creates personal tokens in their profile. A workspace key works in its own workspace; a personal token works where its owner is a member, named with \`X-Workspace-Id\`.

Scopes: ${apiScopes.map((scope) => `**${scope}** (${apiScopeLabels[scope].detail.toLowerCase()})`).join("; ")}.

Lists take \`limit\` and \`cursor\` and answer \`meta.next_cursor\` (null on the last page); the older \`page\`/\`per_page\` still work. A POST that creates something honours \`Idempotency-Key\` for 24 hours: a retry with the same key answers what the first call answered. Each key may make a limited number of calls a minute; every answer says how many are left in \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\`, and a 429 says when to retry in \`Retry-After\`.`;

let cached: Promise<Record<string, unknown>> | null = null;

/**
 * /v1/openapi.json: generated from the routes themselves (their validators and `publicRoute`
 * descriptions), keeping only the public operations. Built once per isolate.
 */
export function openApiDocument(app: Hono<never>): Promise<Record<string, unknown>> {
  cached ??= build(app).catch((error: unknown) => {
    cached = null;
    throw error;
  });
  return cached;
}

type Operation = Record<string, unknown> & { [SCOPE_KEY]?: string; parameters?: unknown[]; responses?: Record<string, unknown> };

/** Every public POST honours it (middleware/idempotency), so it is documented on each, here. */
const idempotencyKeyParameter = {
  in: "header",
  name: IDEMPOTENCY_HEADER,
  required: false,
  description: `Any unique string (a UUID) that makes retrying this POST safe: for 24 hours, a retry with the same key and the same request answers what the first call answered, with \`${REPLAYED_HEADER}: true\`, and does nothing again. The same key with a different request is a 422; a retry while the first call is still running is a 409 with \`Retry-After\`. 5xx answers are not kept, so a retry after one runs again.`,
  schema: { type: "string", minLength: 1, maxLength: 255 },
};
const idempotencyErrors = {
  409: { description: "A call with this Idempotency-Key is still running: retry after `Retry-After` seconds", content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } },
  422: { description: "Refused by a rule, or this Idempotency-Key was used with a different request (the message says which)", content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } },
};

/** A public POST with the Idempotency-Key header and the two answers it adds (the route's own 409 or 422 wording is kept). */
const withIdempotencyKey = (operation: Operation): Operation => ({
  ...operation,
  parameters: [...(operation.parameters ?? []), idempotencyKeyParameter],
  responses: { ...idempotencyErrors, ...operation.responses },
});

async function build(app: Hono<never>) {
  const spec = await generateSpecs(app, {
    documentation: {
      info: { title: "Brandwork API", version: "1.0.0", description: DESCRIPTION },
      servers: [{ url: "/", description: "This server" }],
      components: {
        securitySchemes: { apiKey: { type: "http", scheme: "bearer", bearerFormat: "bw_…", description: "An API key or personal token" } },
        schemas: { Error: z.toJSONSchema(apiErrorSchema) as Record<string, unknown> },
      },
      security: [{ apiKey: [] }],
    },
    defaultValidationErrorResponse: {
      description: "The request is invalid: `fields` names each bad field",
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    },
  });
  const paths: Record<string, Record<string, Operation>> = {};
  const tags = new Set<string>();
  for (const [path, operations] of Object.entries(spec.paths ?? {})) {
    for (const [method, operation] of Object.entries((operations ?? {}) as Record<string, Operation>)) {
      if (!operation?.[SCOPE_KEY]) continue;
      (paths[path] ??= {})[method] = method === "post" ? withIdempotencyKey(operation) : operation;
      for (const tag of (operation.tags as string[] | undefined) ?? []) tags.add(tag);
    }
  }
  return { ...spec, tags: [...tags].sort().map((name) => ({ name })), paths };
}
