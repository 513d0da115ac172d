import { MarkNode, type SerializedMarkNode } from "@lexical/mark";
import { type EditorConfig, type NodeKey, type RangeSelection } from "lexical";
import { definedFields, fieldsExcept, type SerializedNodeInput } from "./fields";

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

const MARK_KEYS = ["children", "direction", "format", "indent", "ids"] as const;

/** The fields of `F` from serialized JSON: everything but the mark's and Lexical's own keys. */
export function markFieldsFromJSON<F extends MarkFields>(json: SerializedNodeInput): Partial<F> {
  return fieldsExcept<F>(json, MARK_KEYS);
}

/**
 * A concrete mark class of type `type`, its fields defaulting to `defaults` (and an empty
 * uuid), `dataOf` naming fields its DOM shows as data attributes. The class it returns defines Lexical's static `getType`, `clone` and `importJSON`
 * itself, as Lexical requires of every registered node class.
 */
export function fieldsMarkNodeClass<F extends MarkFields>(type: string, defaults: Partial<F> = {}, dataOf?: (fields: F) => Record<string, string>) {
  const FieldsMark = class extends FieldsMarkNode<F> {
    static override getType(): string {
      return type;
    }

    static override clone(node: FieldsMarkNode<F>): FieldsMarkNode<F> {
      return new FieldsMark(node.__fields, node.__ids, node.__key);
    }

    constructor(fields: Partial<F> = {}, ids?: readonly string[], key?: NodeKey) {
      super({ uuid: "", ...defaults, ...fields } as F, ids, key);
    }

    /**
     * `data-mark` tells the kinds apart in CSS (every MarkNode renders as the same `<mark>`),
     * `data-uuid` names the change or thread, and `dataOf` adds a kind's own (a comment's
     * `data-resolved`).
     */
    override createDOM(config: EditorConfig): HTMLElement {
      const dom = super.createDOM(config);
      dom.dataset.mark = type;
      const fields = this.getFields();
      if (fields.uuid) dom.dataset.uuid = fields.uuid;
      Object.assign(dom.dataset, dataOf?.(fields));
      return dom;
    }

    /** Drawn again when a field the DOM shows changed (MarkNode's own compares only its classes). */
    override updateDOM(prevNode: this, dom: HTMLElement, config: EditorConfig): boolean {
      const shown = (node: FieldsMarkNode<F>) => JSON.stringify([node.__fields.uuid, dataOf?.(node.__fields)]);
      return shown(prevNode) !== shown(this) || super.updateDOM(prevNode, dom, config);
    }

    /**
     * A block split (Enter) inside the mark continues it in the new block: MarkNode's own
     * makes a plain mark, which would lose the fields (a tracked change's author and kind).
     */
    override insertNewAfter(_selection: RangeSelection, restoreSelection = true): FieldsMarkNode<F> {
      const mark = new FieldsMark(this.getFields(), this.getIDs());
      this.insertAfter(mark, restoreSelection);
      return mark;
    }

    static override importJSON(json: SerializedNodeInput): FieldsMarkNode<F> {
      const ids = Array.isArray(json.ids) ? (json.ids as string[]) : undefined;
      return new FieldsMark(markFieldsFromJSON<F>(json), ids).updateFromJSON(json);
    }
  };
  return FieldsMark;
}
