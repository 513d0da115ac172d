import { type LexicalNode, type NodeKey } from "lexical";
import { type SerializedNodeInput } from "./fields";
import { BOX_COLOR, QUOTE_COLOR } from "../constants";
import { elementFieldsFromJSON, FieldsElementNode, type SerializedFieldsElementNode } from "./FieldsElementNode";

/**
 * SPEC section 3: a box, or a quote when it has a quote colour; it holds blocks. A colour
 * left unset is stored absent and read as the default, so stored boxes keep their shape.
 */
export interface BoxFields {
  boxColor?: string;
  quoteColor?: string;
  blockId?: string;
}

export type SerializedBoxNode = SerializedFieldsElementNode<BoxFields>;

export class BoxNode extends FieldsElementNode<BoxFields> {
  static override getType(): string {
    return "box";
  }

  static override clone(node: BoxNode): BoxNode {
    return new BoxNode(node.__fields, node.__key);
  }

  constructor(fields: Partial<BoxFields> = {}, key?: NodeKey) {
    super({ ...fields }, key);
  }

  static override importJSON(json: SerializedNodeInput): BoxNode {
    return $createBoxNode(elementFieldsFromJSON<BoxFields>(json)).updateFromJSON(json);
  }

  /** The colour the box is drawn in: its own, or SPEC section 9's default. */
  getBoxColor(): string {
    return this.getFields().boxColor ?? BOX_COLOR;
  }

  /** Whether this box is a quote (a blockquote from markdown or the quote block). */
  isQuote(): boolean {
    return this.getFields().quoteColor !== undefined;
  }

  protected override applyFieldsToDOM(element: HTMLElement): void {
    element.style.setProperty("--box-color", this.__fields.boxColor ?? BOX_COLOR);
    if (this.__fields.quoteColor !== undefined) {
      element.dataset.quote = "true";
      element.style.setProperty("--quote-color", this.__fields.quoteColor);
    } else {
      delete element.dataset.quote;
      element.style.removeProperty("--quote-color");
    }
  }

  /** A container of blocks: selection and deletion stay inside it, like a table cell. */
  override isShadowRoot(): boolean {
    return true;
  }
}

export function $createBoxNode(fields: Partial<BoxFields> = {}): BoxNode {
  return new BoxNode(fields);
}

export function $isBoxNode(node: LexicalNode | null | undefined): node is BoxNode {
  return node instanceof BoxNode;
}

/** A blockquote: SPEC section 3 maps it to a box with the quote colour #2F5EBC. */
export function $createQuoteBoxNode(quoteColor: string = QUOTE_COLOR): BoxNode {
  return $createBoxNode({ quoteColor });
}
