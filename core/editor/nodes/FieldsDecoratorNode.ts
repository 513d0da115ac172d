import { DecoratorNode, type NodeKey, type SerializedLexicalNode } from "lexical";
import { definedFields, fieldsExcept, type SerializedNodeInput } from "./fields";

/**
 * The base of our data-only decorator nodes (image, card, embeds…): the node holds one
 * plain fields object, serialized flat beside `type` and `version`. `decorate()` returns
 * null here, since core is runtime-free; the app renders them by node replacement
 * (`{ replace: CardNode, with: … }`) with a subclass whose `decorate()` returns React.
 */
export type SerializedFieldsNode<F> = SerializedLexicalNode & F;

export abstract class FieldsDecoratorNode<F extends object> extends DecoratorNode<unknown> {
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

  override exportJSON(): SerializedFieldsNode<F> {
    return { ...super.exportJSON(), ...(definedFields(this.getFields()) as F) };
  }

  override createDOM(): HTMLElement {
    return document.createElement(this.isInline() ? "span" : "div");
  }

  override updateDOM(): boolean {
    return false;
  }

  override isInline(): boolean {
    return false;
  }

  override decorate(): unknown {
    return null;
  }
}

/** Picks the fields of `F` out of serialized JSON, dropping `type`, `version` and node state. */
export function fieldsFromJSON<F extends object>(json: SerializedNodeInput): Partial<F> {
  return fieldsExcept<F>(json, []);
}
