import type { Hono } from "hono";
import { generateSpecs, uniqueSymbol } from "hono-openapi";
import { findTargetHandler } from "hono/utils/handler";
import * as z from "zod";
import { apiScopeLabels, apiScopes } from "../../core/contracts/api-keys";
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from "../middleware/idempotency";
import { dereference, fillExample, parameterValue, sampleId, type JsonSchema } from "./examples";
import { EXAMPLE_KEY, SCOPE_KEY, publicSpecOf, type PublicRouteSpec } from "./public-route";

/** Every error the API answers, in one shape (lib/errors.ts makes them). */
export const apiErrorSchema = z
  .object({
    error: z.string().meta({ description: "A stable code: invalid, unauthorized, forbidden, not_found, conflict, unprocessable, too_many_requests, …" }),
    message: z.string().meta({ description: "What went wrong, in a sentence a person can act on" }),
    fields: z.record(z.string(), z.array(z.string())).optional().meta({ description: "On 400 and 422: each bad field and what is wrong with it" }),
    errors: z.array(z.string()).optional().meta({ description: "On 401: the message again, as a list (the web app's older clients read this)" }),
    retry_after: z.number().int().optional().meta({ description: "On 429: seconds to wait" }),
    scope: z.string().optional().meta({ description: "On 403 `missing_scope`: the scope the route needs" }),
  })
  // Some errors add a detail of their own (the conflicting version, the limit that was hit).
  .loose()
  .meta({ description: "An error" });

const DESCRIPTION = `Brandwork's public API: documents, folders, uploads, campaigns, brand kits and scheduled posts.

Authenticate with an API key or a personal token: \`Authorization: Bearer bw_…\`. Workspace admins create keys on the workspace's API keys page; anyone makes personal tokens there too. A workspace key works in its own workspace; a personal token works where its owner is a member, named with \`X-Workspace-Id\`.

Scopes: ${apiScopes.map((scope) => `**${scope}** (${apiScopeLabels[scope].detail.toLowerCase()})`).join("; ")}.

Lists take \`limit\` and \`cursor\` and answer \`meta.next_cursor\` (null on the last page); the older \`page\`/\`per_page\` still work. A POST that creates something honours \`Idempotency-Key\` for 24 hours: a retry with the same key answers what the first call answered. Each key may make a limited number of calls a minute; every answer says how many are left in \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\`, and a 429 says when to retry in \`Retry-After\`.`;

/** The reference's sections, in the order shown (alphabetical): a tag a route uses needs a line here. */
export const tagDescriptions: Record<string, string> = {
  Analytics: "What published posts did on their networks (figures collected hourly on a post's first day, daily to day 30): totals against the period before, a daily series, top posts, figures per network and campaign, best times to post; each view as CSV.",
  "Brand kits": "Logos, palettes, fonts and voice notes that generated content follows.",
  Campaigns: "Multi-channel campaigns and their pieces (posts, emails, blog posts).",
  Comments: "Comment threads on documents.",
  Documents: "The workspace's documents (articles): create them from Markdown, read, edit, move, archive.",
  "Email sequences": "Nurture and promo email sequences the content engine wrote: read, edit, delete.",
  Folders: "Folders that hold documents, nested.",
  Generation: "The content engine: write blog outlines and drafts, email sequences and social posts in the brand's voice, streamed as they are written.",
  Knowledge: "The brain: facts and sources that generated content draws on.",
  Members: "The people in the workspace and their roles.",
  "Paid ads": "Ad campaigns bought on an ads network (the Sandbox ads account simulates delivery): accounts, the monthly spend cap, drafts, audiences and syncing. Money is in minor units.",
  Posts: "Scheduled social posts: one post, one target per account, published at `publish_at`.",
  Search: "Full-text search over the documents the key can read.",
  Schedules: "Posting schedules: weekly slots per account that posts can be queued into.",
  "Social accounts": "Connected social accounts that posts publish to (Sandbox accounts publish nowhere, for trying things).",
  Templates: "Document templates.",
  Users: "Who is calling: the key or token, its workspace and scopes.",
  Uploads: "Uploads: ask for an upload URL, send the bytes, then attach the file to documents and posts.",
  Webhooks: "Webhooks: the events we POST to your URL when posts publish or fail.",
  Workspaces: "The workspaces the caller can use.",
};

let cached: Promise<Record<string, unknown>> | null = null;

/**
 * /v1/openapi.json: generated from the routes themselves (their validators and `publicRoute`
 * descriptions), keeping only the public operations. Built once per isolate; `servers` names
 * the origin that was asked, so clients generated from it call the right host.
 */
export async function openApiDocument(app: Hono<never>, requestUrl?: string): Promise<Record<string, unknown>> {
  cached ??= build(app).catch((error: unknown) => {
    cached = null;
    throw error;
  });
  const document = await cached;
  return requestUrl ? { ...document, servers: [{ url: new URL(requestUrl).origin, description: "This Brandwork" }] } : document;
}

/**
 * Only the public operations' routes go to the generator (with any path-wide middleware that
 * carries OpenAPI metadata): the API has hundreds of internal routes, and a schema there that
 * JSON Schema cannot express must not take the public document down. It is also faster.
 */
function publicRoutesOf(app: Hono<never>): Hono<never> {
  const key = (route: { method: string; path: string }) => `${route.method} ${route.path}`;
  const described = (handler: unknown) => Boolean((findTargetHandler(handler as never) as unknown as Record<symbol, unknown>)[uniqueSymbol]);
  const operations = new Set(app.routes.filter((route) => publicSpecOf(findTargetHandler(route.handler))).map(key));
  const routes = app.routes.filter((route) => operations.has(key(route)) || (route.method === "ALL" && described(route.handler)));
  // generateSpecs reads nothing of the app but its routes.
  return { routes } as unknown as Hono<never>;
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
  const spec = await generateSpecs(publicRoutesOf(app), {
    documentation: {
      info: { title: "Brandwork API", version: "1.0.0", description: DESCRIPTION },
      // Relative to where the document is read; openApiDocument names the origin when it serves it.
      servers: [{ url: "/", description: "This server" }],
      components: {
        securitySchemes: { apiKey: { type: "http", scheme: "bearer", bearerFormat: "bw_…", description: "An API key or personal token" } },
        schemas: { Error: withoutSchemaKeyword(z.toJSONSchema(apiErrorSchema)) },
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
  finishOperations(paths, (spec.components?.schemas ?? {}) as Record<string, JsonSchema>);
  const tagList = [...tags].sort().map((name) => ({ name, description: tagDescriptions[name] }));
  return withoutSafeIntegerBounds({ ...spec, tags: tagList, paths }) as Record<string, unknown>;
}

function withoutSchemaKeyword({ $schema: _, ...schema }: Record<string, unknown>) {
  return schema;
}

/**
 * zod writes `.int()` as JSON Schema's safe-integer range (±9007199254740991), which says
 * nothing to a reader and fills the reference with noise: those two bounds are dropped.
 */
export function withoutSafeIntegerBounds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSafeIntegerBounds);
  if (!value || typeof value !== "object") return value;
  const entries = Object.entries(value).filter(
    ([key, bound]) => !(key === "minimum" && bound === Number.MIN_SAFE_INTEGER) && !(key === "maximum" && bound === Number.MAX_SAFE_INTEGER),
  );
  return Object.fromEntries(entries.map(([key, item]) => [key, withoutSafeIntegerBounds(item)]));
}

/**
 * What the generator cannot know: a readable operationId (from the summary, so SDK methods and
 * the reference's links read "createDocument", "getPost"), and the `x-example` shown as OpenAPI
 * `example`s on each parameter and on the body, with sample ids for its fixtures.
 */
function finishOperations(paths: Record<string, Record<string, Operation>>, schemas: Record<string, JsonSchema>) {
  const operations = Object.values(paths).flatMap((item) => Object.values(item));
  const ids = operations.map((operation) => operationIdFrom(String(operation.summary ?? "")));
  for (const [index, operation] of operations.entries()) {
    // Two summaries that read alike keep the generator's ids (method and path), so neither moves.
    const id = ids[index]!;
    if (id && ids.indexOf(id) === ids.lastIndexOf(id)) operation.operationId = id;
    const example = operation[EXAMPLE_KEY] as PublicRouteSpec["example"];
    if (!example) continue;
    const sample = (value: unknown, schema: unknown) => fillExample(value, schema, sampleId, schemas);
    operation.parameters = (operation.parameters as Record<string, unknown>[] | undefined)?.map((parameter) => {
      const values = parameter.in === "path" ? example.params : parameter.in === "query" ? example.query : undefined;
      const value = values?.[String(parameter.name)];
      return value === undefined ? parameter : { ...parameter, example: parameterValue(sample(value, parameter.schema), parameter.schema, schemas) };
    });
    const body = (operation.requestBody as { content?: Record<string, { schema?: unknown; example?: unknown }> } | undefined)?.content?.["application/json"];
    if (body && example.body !== undefined) body.example = sample(example.body, dereference(body.schema, schemas));
  }
}

/** "Get an upload URL" → "getUploadUrl"; "List a folder's documents" → "listFolderDocuments". */
export function operationIdFrom(summary: string): string {
  const words = summary
    .replace(/['’]s\b/g, "")
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word && !/^(a|an|the)$/i.test(word))
    .map((word) => word.toLowerCase());
  return words.map((word, index) => (index ? word[0]!.toUpperCase() + word.slice(1) : word)).join("");
}
