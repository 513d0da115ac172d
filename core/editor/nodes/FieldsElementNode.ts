import { ElementNode, type NodeKey, type SerializedElementNode } from "lexical";
import { definedFields, fieldsExcept, type SerializedNodeInput } from "./fields";

/**
 * The base of our container nodes (box, toggles, columns, vote list): an ElementNode with
 * one plain fields object, serialized flat beside Lexical's element fields.
 */
export type SerializedFieldsElementNode<F> = SerializedElementNode & F;

export abstract class FieldsElementNode<F extends object> extends ElementNode {
  __fields: F;

  // Lexical constructs every node class, abstract ones too, with no arguments.
  constructor(fields: F = {} as F, key?: NodeKey) {
    super(key);
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

  override exportJSON(): SerializedFieldsElementNode<F> {
    return { ...super.exportJSON(), ...(definedFields(this.getFields()) as F) };
  }

  override createDOM(): HTMLElement {
    return document.createElement("div");
  }

  override updateDOM(): boolean {
    return false;
  }
}

const ELEMENT_KEYS = ["children", "direction", "format", "indent", "textFormat", "textStyle"] as const;

/** The fields of `F` from serialized JSON: everything but Lexical's own element keys. */
export function elementFieldsFromJSON<F extends object>(json: SerializedNodeInput): Partial<F> {
  return fieldsExcept<F>(json, ELEMENT_KEYS);
}
