import { Validator } from "@cfworker/json-schema";
import { env } from "cloudflare:workers";
import { uniqueSymbol } from "hono-openapi";
import { findTargetHandler } from "hono/utils/handler";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { api as app } from "../../worker/api";
import { validationOf } from "../../worker/lib/validate";
import { withoutSafeIntegerBounds } from "../../worker/openapi/document";
import { publicSpecOf } from "../../worker/openapi/public-route";
import { API_REFERENCE_BUNDLE } from "../../worker/openapi/reference-page";
import { api } from "../factories";
import { openApiDocument, operationsOf, selfContained, successOf, type Parameter, type Schema } from "./openapi-operations";

// The coverage check: /v1/openapi.json holds every public route, each exactly as the route
// validates it, with what a reader and the contract test (api-contract.test.ts) need.

/** The resources a script needs first: these must be in the public API. */
const REQUIRED_OPERATIONS = [
  "POST /v1/w/{ws}/articles",
  "GET /v1/articles/{id}",
  "POST /v1/w/{ws}/posts",
  "GET /v1/posts/{id}",
  "POST /v1/files/upload_url",
  "GET /v1/w/{ws}/social_accounts",
];

const openApiPath = (path: string) => path.replace(/:(\w+)(\{[^}]*\})?\??/g, "{$1}");
const parameterIn = (target: string) => (target === "param" ? "path" : target);

interface PublicRoute {
  name: string;
  scope: string;
  validations: NonNullable<ReturnType<typeof validationOf>>[];
}

/** The app's public routes (a `publicRoute` among a method and path's handlers), with every validator that runs for them. */
function publicRoutes(): PublicRoute[] {
  const groups = new Map<string, { method: string; path: string; scope?: string; validations: PublicRoute["validations"] }>();
  const pathWide: { prefix: string; validation: PublicRoute["validations"][number] }[] = [];
  for (const route of app.routes) {
    const handler = findTargetHandler(route.handler);
    const validation = validationOf(handler);
    if (route.method === "ALL") {
      if (validation) pathWide.push({ prefix: route.path.replace(/\/\*$/, ""), validation });
      continue;
    }
    const key = `${route.method} ${route.path}`;
    const group = groups.get(key) ?? { method: route.method, path: route.path, validations: [] };
    groups.set(key, group);
    group.scope ??= publicSpecOf(handler)?.["x-scope"];
    if (validation) group.validations.push(validation);
  }
  return [...groups.values()]
    .filter((group) => group.scope)
    .map((group) => ({
      name: `${group.method} ${openApiPath(group.path)}`,
      scope: group.scope!,
      validations: [...pathWide.filter(({ prefix }) => group.path === prefix || group.path.startsWith(`${prefix}/`)).map(({ validation }) => validation), ...group.validations],
    }));
}

/** What a validator accepts, as hono-openapi reads a zod schema: the input side, dates as date-time strings. */
function inputSchema(schema: z.ZodType): Schema {
  return z.toJSONSchema(schema, {
    io: "input",
    unrepresentable: "any",
    override: (ctx) => {
      if (ctx.zodSchema._zod.def.type === "date") Object.assign(ctx.jsonSchema, { type: "string", format: "date-time" });
    },
  }) as Schema;
}

/** A schema with its references written out (a recursive one stops at the name), for comparing. */
function inlined(value: unknown, definitions: Record<string, Schema>, seen: string[] = []): unknown {
  if (Array.isArray(value)) return value.map((item) => inlined(item, definitions, seen));
  if (!value || typeof value !== "object") return value;
  const { $ref, $schema: _schema, $defs: _defs, ...rest } = value as Schema;
  if (typeof $ref === "string") {
    const name = $ref.split("/").pop()!;
    if (seen.includes(name) || !definitions[name]) return { $ref: name, ...(inlined(rest, definitions, seen) as Schema) };
    return inlined({ ...definitions[name], ...rest }, definitions, [...seen, name]);
  }
  return Object.fromEntries(Object.entries(rest).map(([key, item]) => [key, inlined(item, definitions, seen)]));
}

const comparable = (value: unknown, definitions: Record<string, Schema>) => withoutSafeIntegerBounds(JSON.parse(JSON.stringify(inlined(value, definitions))));

/** The parameters a validator of params, query or headers documents, keyed "query limit". */
function expectedParameters(target: string, schema: z.ZodType): Map<string, Parameter> {
  const converted = inputSchema(schema);
  const definitions = (converted.$defs ?? {}) as Record<string, Schema>;
  const parameters = new Map<string, Parameter>();
  const collect = (current: Schema) => {
    const required = (current.required as string[] | undefined) ?? [];
    for (const [name, property] of Object.entries((current.properties ?? {}) as Record<string, Schema>)) {
      const { description, ...propertySchema } = property;
      parameters.set(`${parameterIn(target)} ${name}`, {
        in: parameterIn(target),
        name,
        schema: comparable(propertySchema, definitions) as Schema,
        ...(required.includes(name) && { required: true }),
        ...(typeof description === "string" && { description }),
      });
    }
    for (const member of (current.allOf ?? []) as Schema[]) collect(inlined(member, definitions) as Schema);
  };
  collect(inlined(converted, definitions) as Schema);
  return parameters;
}

describe("GET /v1/openapi.json covers the public API", async () => {
  const document = await openApiDocument();
  const operations = operationsOf(document);
  const byName = new Map(operations.map((entry) => [entry.name, entry.operation]));
  const routes = publicRoutes();
  const schemas = document.components.schemas;
  const validationErrors = (schema: Schema, value: unknown) =>
    value === undefined ? ["no example"] : new Validator(selfContained(schema, document), "2020-12", false).validate(value).errors.map((error) => `${error.instanceLocation}: ${error.error}`);

  it("holds every public route, with its method, path and scope, and nothing else", () => {
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) {
      expect(byName.get(route.name), `${route.name} is public but not in the document`).toBeDefined();
      expect(byName.get(route.name)!["x-scope"], route.name).toBe(route.scope);
    }
    expect(operations.map((entry) => entry.name).sort()).toEqual(routes.map((route) => route.name).sort());
  });

  it("documents each operation's parameters and body exactly as its route validates them", () => {
    for (const route of routes) {
      const operation = byName.get(route.name)!;
      const expected = new Map<string, Parameter>();
      for (const { target, schema } of route.validations) {
        if (target !== "json" && target !== "form") for (const [key, parameter] of expectedParameters(target, schema)) expected.set(key, parameter);
      }
      const documented = new Map(
        (operation.parameters ?? []).map(({ example: _example, ...parameter }) => [`${parameter.in} ${parameter.name}`, comparable(parameter, schemas) as Parameter]),
      );
      for (const [key, parameter] of expected) expect(documented.get(key), `${route.name}: ${key}`).toEqual(parameter);
      for (const [key, parameter] of documented) {
        if (expected.has(key) || parameter.in === "header" || parameter.in === "cookie") continue;
        // A path segment no validator checks is documented as a plain string, and nothing else is.
        expect({ key, parameter }, `${route.name} documents ${key}, which it does not validate`).toEqual({
          key,
          parameter: { in: "path", name: parameter.name, required: true, schema: { type: "string" } },
        });
      }

      const bodies = route.validations.filter(({ target }) => target === "json" || target === "form");
      const content = operation.requestBody?.content ?? {};
      // A body no validator reads (an upload's raw bytes) is the route's to describe.
      const validatedTypes = Object.keys(content).filter((type) => type === "application/json" || type === "multipart/form-data");
      expect(validatedTypes.sort(), `${route.name}: request body media types`).toEqual(
        bodies.map(({ target }) => (target === "json" ? "application/json" : "multipart/form-data")).sort(),
      );
      for (const { target, schema } of bodies) {
        const converted = inputSchema(schema);
        const documentedBody = content[target === "json" ? "application/json" : "multipart/form-data"]!.schema;
        expect(comparable(documentedBody, schemas), `${route.name}: body`).toEqual(comparable(converted, (converted.$defs ?? {}) as Record<string, Schema>));
      }
    }
  });

  it("gives every operation its answer's schema, a working example, a readable operationId and the Error schema on every error", () => {
    const ids = new Set<string>();
    for (const { name, operation } of operations) {
      const success = successOf(operation);
      expect(success, `${name}: one success answer`).not.toBeNull();
      if (success!.status !== 204) expect(success!.schema, `${name}: the ${success!.status} answer's schema`).toBeTruthy();

      const example = operation["x-example"];
      expect(example, `${name}: x-example`).toBeDefined();
      for (const parameter of operation.parameters ?? []) {
        const values = parameter.in === "path" ? example!.params : parameter.in === "query" ? example!.query : undefined;
        const value = values?.[parameter.name];
        if (parameter.required && values) expect(value, `${name}: an example ${parameter.in} ${parameter.name}`).toBeDefined();
        // The published example is the same request with sample ids, and valid by the schema it illustrates.
        if (value !== undefined) expect(validationErrors(parameter.schema!, parameter.example), `${name}: ${parameter.name}'s example`).toEqual([]);
      }
      const body = operation.requestBody?.content["application/json"];
      if (operation.requestBody?.required) expect(example!.body, `${name}: an example body`).toBeDefined();
      if (body && example!.body !== undefined) expect(validationErrors(body.schema, body.example), `${name}: the body's example`).toEqual([]);

      expect(operation.operationId, name).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(ids.has(operation.operationId!), `${name}: operationId ${operation.operationId} is taken`).toBe(false);
      ids.add(operation.operationId!);

      for (const status of ["401", "403", "429"]) expect(operation.responses[status], `${name}: ${status}`).toBeDefined();
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) >= 400) expect(response.content?.["application/json"]?.schema, `${name}: ${status}`).toEqual({ $ref: "#/components/schemas/Error" });
      }
    }
  });

  it("lists its sections in alphabetical order, each with a description, and files every operation under one", () => {
    const names = document.tags.map((tag) => tag.name);
    expect(names).toEqual([...names].sort());
    for (const tag of document.tags) expect(tag.description, tag.name).toBeTruthy();
    for (const { name, operation } of operations) {
      expect(operation.tags, name).toHaveLength(1);
      expect(names, name).toContain(operation.tags![0]);
    }
  });

  it("makes the resources a script needs first public", () => {
    const missing = REQUIRED_OPERATIONS.filter((name) => !byName.has(name));
    expect(missing, `not in the public API yet: ${missing.join(", ")}`).toEqual([]);
  });

  it("names the host that served it as its server, and describes the one error shape", () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: "https://app.test" })]);
    expect(schemas.Error).toMatchObject({ type: "object", required: ["error", "message"] });
  });
});

describe("the OpenAPI document's sources", () => {
  it("every validator in the API converts to OpenAPI, so any route can be made public", async () => {
    const failures: string[] = [];
    for (const route of app.routes) {
      const metadata = (findTargetHandler(route.handler) as unknown as Record<symbol, { toOpenAPISchema?: () => Promise<unknown> } | undefined>)[uniqueSymbol];
      if (!metadata?.toOpenAPISchema) continue;
      await metadata.toOpenAPISchema().catch((error: unknown) => failures.push(`${route.method} ${route.path}: ${String(error)}`));
    }
    expect(failures).toEqual([]);
  });
});

describe("GET /v1/docs", () => {
  it("is the reference page: Redoc from this site's static assets, under a policy that allows only that", async () => {
    const response = await api("/docs");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/html");
    const html = await response.text();
    expect(html).toContain('<redoc spec-url="/v1/openapi.json"');
    expect(html).toContain(`<script src="${API_REFERENCE_BUNDLE}"></script>`);
    const policy = response.headers.get("Content-Security-Policy")!;
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("connect-src 'self';");
    expect(policy).not.toMatch(/https?:|unsafe-eval/);
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");

    const bundle = await env.ASSETS.fetch(`https://app.test${API_REFERENCE_BUNDLE}`);
    expect(bundle.status).toBe(200);
    expect((await bundle.text()).length).toBeGreaterThan(500_000);
  });
});
