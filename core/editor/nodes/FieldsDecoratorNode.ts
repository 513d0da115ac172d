import { DecoratorNode, type EditorConfig, type LexicalEditor, type NodeKey, type SerializedLexicalNode } from "lexical";
import { definedFields, fieldsExcept, type SerializedNodeInput } from "./fields";

/**
 * The base of our data-only decorator nodes (image, card, embeds…): the node holds one
 * plain fields object, serialized flat beside `type` and `version`. `decorate()` returns
 * what the renderer the app installs with `setDecoratorRenderer` returns (React elements in
 * the browser), and null where none is installed (the Worker, the PartyKit room): core stays
 * runtime-free, and every runtime registers the same classes under the same types, which
 * node replacement would not give the collaboration binding.
 */
export type SerializedFieldsNode<F> = SerializedLexicalNode & F;

export type DecoratorRenderer = (node: FieldsDecoratorNode<object>, editor: LexicalEditor, config: EditorConfig) => unknown;

let decoratorRenderer: DecoratorRenderer | null = null;

/** Installs how decorator nodes render in this runtime (the browser editor calls it once). */
export function setDecoratorRenderer(renderer: DecoratorRenderer | null): void {
  decoratorRenderer = renderer;
}

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

  override createDOM(config: EditorConfig): HTMLElement {
    const element = document.createElement(this.isInline() ? "span" : "div");
    const className = (config.theme as Record<string, unknown>)[this.getType()];
    if (typeof className === "string") element.className = className;
    return element;
  }

  override updateDOM(): boolean {
    return false;
  }

  override isInline(): boolean {
    return false;
  }

  override decorate(editor: LexicalEditor, config: EditorConfig): unknown {
    return decoratorRenderer ? decoratorRenderer(this as FieldsDecoratorNode<object>, editor, config) : null;
  }
}

/** Picks the fields of `F` out of serialized JSON, dropping `type`, `version` and node state. */
export function fieldsFromJSON<F extends object>(json: SerializedNodeInput): Partial<F> {
  return fieldsExcept<F>(json, []);
}
