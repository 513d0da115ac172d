import { MarkNode, type SerializedMarkNode } from "@lexical/mark";
import { type NodeKey } from "lexical";
import { definedFields, type SerializedNodeInput } from "./fields";

/**
 * The base of our id-carrying marks (comment, task, review, tracked changes): a MarkNode,
 * so @lexical/mark's wrap and unwrap helpers work on them, with one fields object beside
 * the mark's `ids`.
 */
export type SerializedFieldsMarkNode<F> = SerializedMarkNode & F;

/** What every tracked change and annotation carries (SPEC section 3: "a type and a uuid"). */
export interface MarkFields {
  uuid: string;
}

export abstract class FieldsMarkNode<F extends MarkFields> extends MarkNode {
  __fields: F;

  // Lexical constructs every node class, abstract ones too, with no arguments.
  constructor(fields: F = { uuid: "" } as F, ids?: readonly string[], key?: NodeKey) {
    super(ids ?? (fields.uuid ? [fields.uuid] : []), key);
    this.__fields = fields;
  }

  getFields(): F {
    return this.getLatest().__fields;
  }

  setFields(patch: Partial<F>): this {
    const writable = this.getWritable();
    writable.__fields = { ...writable.__fields, ...patch };
    return writable;
  }

  override exportJSON(): SerializedFieldsMarkNode<F> {
    return { ...super.exportJSON(), ...(definedFields(this.getFields()) as F) };
  }
}

/** The fields of `F` from serialized JSON: everything but the mark's and Lexical's own keys. */
export function markFieldsFromJSON<F extends MarkFields>(json: SerializedNodeInput): Partial<F> {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { type, version, children, direction, format, indent, ids, $, ...fields } =
    json as SerializedMarkNode & { $?: unknown } & Partial<F>;
  return fields as Partial<F>;
}
