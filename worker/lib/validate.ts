import { zValidator } from "@hono/zod-validator";
import { resolver, uniqueSymbol } from "hono-openapi";
import type { ValidationTargets } from "hono";
import type { ZodType } from "zod";
import { Invalid } from "./errors";

/** Turns zod issues into `{ "user.email": ["Invalid email address"] }` and one readable sentence. */
export function invalidFromZod(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }, target = "body"): Invalid {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : target;
    (fields[key] ??= []).push(issue.message);
  }
  const summary = Object.entries(fields)
    .map(([field, messages]) => `${field}: ${messages.join(", ")}`)
    .join("; ");
  return new Invalid(`Invalid ${target}: ${summary}`, fields);
}

/**
 * zValidator with the API's error shape: a bad request is a 400 that names every bad field,
 * thrown before the handler runs, so nothing is ever half-written. The schema is also what
 * /v1/openapi.json documents for the route (hono-openapi reads it from the middleware), so
 * the reference cannot drift from what is validated.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(target: Target, schema: Schema) {
  const middleware = zValidator(target, schema, (result) => {
    if (!result.success) throw invalidFromZod(result.error, target === "json" ? "body" : target);
  });
  return Object.assign(middleware, { [uniqueSymbol]: { target, ...resolver(schema) }, [VALIDATES]: { target, schema } });
}

const VALIDATES = Symbol("validates");

/** What a `validate` middleware checks, for the test that holds the OpenAPI document to it. */
export function validationOf(handler: unknown): { target: keyof ValidationTargets; schema: ZodType } | null {
  return (handler as Record<symbol, { target: keyof ValidationTargets; schema: ZodType } | undefined>)[VALIDATES] ?? null;
}
