/**
 * `publicRoute` examples name the resources they act on with fixture strings (`"$post"`): the
 * contract test (tests/worker/api-contract) creates each fixture and puts its id there, and the
 * published document shows a sample id instead. Either way an id goes in as a number where the
 * schema takes one, and as a string elsewhere (a path, a query, a string field).
 */

export type JsonSchema = { [key: string]: unknown };

/** The fixtures an example may name (COMMON.md's list; the contract test makes each). */
export const exampleFixtures = [
  "workspace",
  "article",
  "folder",
  "post",
  "upload",
  "account",
  "schedule",
  "campaign",
  "campaign_item",
  "brand_kit",
  "webhook",
  "comment",
  "member",
  "template",
  "knowledge",
  "email_sequence",
] as const;
export type ExampleFixture = (typeof exampleFixtures)[number];

const FIXTURE = /^\$([a-z_]+)$/;

/** The fixture a string names, if it is one (`"$campaign_item"` → `campaign_item`). */
export function fixtureName(value: unknown): string | null {
  return typeof value === "string" ? (FIXTURE.exec(value)?.[1] ?? null) : null;
}

/** Follows `#/components/schemas/…` references. */
export function dereference(schema: unknown, schemas: Record<string, JsonSchema>): JsonSchema | undefined {
  let current = schema as JsonSchema | undefined;
  for (let hops = 0; current && typeof current.$ref === "string" && hops < 20; hops++) {
    current = schemas[String(current.$ref).split("/").pop()!];
  }
  return current;
}

function branches(schema: JsonSchema): JsonSchema[] {
  return ["anyOf", "oneOf", "allOf"].flatMap((key) => (Array.isArray(schema[key]) ? (schema[key] as JsonSchema[]) : []));
}

function takes(schema: unknown, kinds: string[], schemas: Record<string, JsonSchema>): boolean {
  const resolved = dereference(schema, schemas);
  if (!resolved) return false;
  const types = ([] as unknown[]).concat(resolved.type ?? []);
  if (kinds.some((kind) => types.includes(kind))) return true;
  return branches(resolved).some((branch) => takes(branch, kinds, schemas));
}

const takesNumber = (schema: unknown, schemas: Record<string, JsonSchema>) => takes(schema, ["integer", "number"], schemas);

/**
 * A path or query value as the schema reads it: a query string carries only text, and its
 * schema (what the validator coerces it to) says "20" is the number 20.
 */
export function parameterValue(value: unknown, schema: unknown, schemas: Record<string, JsonSchema> = {}): unknown {
  const numeric = typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value));
  return numeric && takesNumber(schema, schemas) && !takes(schema, ["string"], schemas) ? Number(value) : value;
}

/** The schema of `key` (a property name or an array index) inside `schema`, looking through unions. */
function childSchema(schema: unknown, key: string | number, schemas: Record<string, JsonSchema>): JsonSchema | undefined {
  const resolved = dereference(schema, schemas);
  if (!resolved) return undefined;
  if (typeof key === "number") {
    const prefix = resolved.prefixItems as JsonSchema[] | undefined;
    if (prefix?.[key]) return prefix[key];
    if (resolved.items && typeof resolved.items === "object") return resolved.items as JsonSchema;
  } else {
    const properties = resolved.properties as Record<string, JsonSchema> | undefined;
    if (properties?.[key]) return properties[key];
    if (resolved.additionalProperties && typeof resolved.additionalProperties === "object") return resolved.additionalProperties as JsonSchema;
  }
  for (const branch of branches(resolved)) {
    const found = childSchema(branch, key, schemas);
    if (found) return found;
  }
  return undefined;
}

/** `value` with every fixture string replaced by `idOf(name)`, typed by the schema at its place. */
export function fillExample(value: unknown, schema: unknown, idOf: (fixture: string) => number | string, schemas: Record<string, JsonSchema> = {}): unknown {
  const fixture = fixtureName(value);
  if (fixture) {
    const id = idOf(fixture);
    return takesNumber(schema, schemas) && typeof id === "number" ? id : String(id);
  }
  if (Array.isArray(value)) return value.map((item, index) => fillExample(item, childSchema(schema, index, schemas), idOf, schemas));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillExample(item, childSchema(schema, key, schemas), idOf, schemas)]));
  }
  return value;
}

/** A plausible id for each fixture in the published document (each its own, so a reader can tell them apart). */
export function sampleId(fixture: string): number {
  const index = exampleFixtures.indexOf(fixture as ExampleFixture);
  return index < 0 ? 1 : [7, 1042, 311, 2048, 517, 64, 12, 88, 905, 3, 21, 734, 58, 16, 240, 19][index]!;
}
