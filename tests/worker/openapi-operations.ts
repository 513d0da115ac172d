import { api as worker, json } from "../factories";

// What the OpenAPI tests (openapi, api-contract, api-readme) read of /v1/openapi.json.

export type Schema = { [key: string]: unknown };

export interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
  example?: unknown;
  $ref?: string;
}

export interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema; example?: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
  "x-scope"?: string;
  "x-example"?: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown };
}

export interface OpenApiDocument {
  openapi: string;
  servers: { url: string }[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

export interface DocumentedOperation {
  method: string;
  path: string;
  operation: Operation;
  /** "POST /v1/w/{ws}/posts" */
  name: string;
}

export async function openApiDocument(): Promise<OpenApiDocument> {
  const response = await worker("/openapi.json");
  if (response.status !== 200) throw new Error(`/v1/openapi.json answered ${response.status}: ${await response.text()}`);
  return json<OpenApiDocument>(response);
}

export function operationsOf(document: OpenApiDocument): DocumentedOperation[] {
  return Object.entries(document.paths)
    .flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ method, path, operation, name: `${method.toUpperCase()} ${path}` })))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The one 2xx answer an operation documents: its status, and its body's type and schema (JSON's, if it has one). */
export function successOf(operation: Operation) {
  const entries = Object.entries(operation.responses).filter(([status]) => /^2\d\d$/.test(status));
  if (entries.length !== 1) return null;
  const [status, response] = entries[0]!;
  const content = Object.entries(response.content ?? {});
  const [mediaType, media] = content.find(([type]) => type === "application/json") ?? content[0] ?? [null, null];
  return { status: Number(status), mediaType, schema: media?.schema ?? null };
}

/** `schema` with its `#/components/schemas/…` references reachable by a JSON Schema validator (as `$defs`). */
export function selfContained(schema: Schema, document: OpenApiDocument): Schema {
  const rewrite = (value: unknown) => JSON.parse(JSON.stringify(value).replaceAll('"#/components/schemas/', '"#/$defs/')) as Schema;
  return { ...rewrite(schema), $defs: rewrite(document.components.schemas ?? {}) };
}
