import { ElementNode, type EditorConfig, type NodeKey, type SerializedElementNode } from "lexical";
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

  /** A div with the theme's class for this type; the fields are reflected by `applyFieldsToDOM`. */
  override createDOM(config: EditorConfig): HTMLElement {
    const element = document.createElement("div");
    const className = (config.theme as Record<string, unknown>)[this.getType()];
    if (typeof className === "string") element.className = className;
    this.applyFieldsToDOM(element);
    return element;
  }

  override updateDOM(prevNode: FieldsElementNode<F>, dom: HTMLElement): boolean {
    if (prevNode.__fields !== this.__fields) this.applyFieldsToDOM(dom);
    return false;
  }

  /** Reflects the fields on the element (colours, open state) as data attributes and CSS variables. */
  protected applyFieldsToDOM(element: HTMLElement): void {
    void element;
  }
}

const ELEMENT_KEYS = ["children", "direction", "format", "indent", "textFormat", "textStyle"] as const;

/** The fields of `F` from serialized JSON: everything but Lexical's own element keys. */
export function elementFieldsFromJSON<F extends object>(json: SerializedNodeInput): Partial<F> {
  return fieldsExcept<F>(json, ELEMENT_KEYS);
}
