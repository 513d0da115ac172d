import { type SerializedLexicalNode, type SerializedPartial } from "lexical";

/**
 * Shared by the data-only nodes: stored JSON leaves absent fields out rather than writing
 * `undefined` (or `null`) keys, the way core/document/nodes.ts builds them.
 */
export function definedFields<T extends object>(fields: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [key, value] of Object.entries(fields) as Array<[keyof T, T[keyof T]]>) {
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/**
 * What Lexical hands a node's static `importJSON`: parsed JSON whose fields are not yet
 * checked. Each node picks its fields out and fills in its defaults.
 */
export type SerializedNodeInput = SerializedPartial<SerializedLexicalNode> & Record<string, unknown>;

/**
 * The node's own fields from serialized JSON: everything but `lexicalKeys` (what the Lexical
 * base class serializes itself), `type`, `version` and node state (`$`).
 */
export function fieldsExcept<F extends object>(json: SerializedNodeInput, lexicalKeys: readonly string[]): Partial<F> {
  const fields: Record<string, unknown> = { ...json };
  for (const key of ["type", "version", "$", ...lexicalKeys]) delete fields[key];
  return fields as Partial<F>;
}
