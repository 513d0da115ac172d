import { $isRootOrShadowRoot, type LexicalNode, type NodeKey } from "lexical";
import { type SerializedNodeInput } from "./fields";
import { type imageFloats } from "../../document/types";
import { FieldsDecoratorNode, fieldsFromJSON, type SerializedFieldsNode } from "./FieldsDecoratorNode";

/** SPEC section 3: an image. `width` follows SPEC section 5 (pixels above 1, a fraction at 1 or less). */
export interface ImageFields {
  src: string;
  alt: string;
  title?: string;
  description?: string;
  float?: ImageFloat;
  /** Where the image links to. */
  href?: string;
  width?: number;
  nativeWidth?: number;
  nativeHeight?: number;
  mediaFileId?: string;
  source?: string;
  /** From markdown: the stock-photo search the image came from. */
  stockPhotoQuery?: string;
  stockPhotoId?: string;
}

export type ImageFloat = (typeof imageFloats)[number];

export type SerializedImageNode = SerializedFieldsNode<ImageFields>;

export class ImageNode extends FieldsDecoratorNode<ImageFields> {
  static override getType(): string {
    return "image";
  }

  static override clone(node: ImageNode): ImageNode {
    return new ImageNode(node.__fields, node.__key);
  }

  constructor(fields: Partial<ImageFields> = {}, key?: NodeKey) {
    super({ src: "", alt: "", ...fields }, key);
  }

  static override importJSON(json: SerializedNodeInput): ImageNode {
    return $createImageNode(fieldsFromJSON<ImageFields>(json)).updateFromJSON(json);
  }

  /**
   * Stored documents hold images both inside paragraphs (markdown `text ![](…) text`) and
   * standing alone at the top level (core/document's converters), so an image is inline
   * where its parent holds text and a block where it stands among blocks; otherwise
   * Lexical would wrap every top-level image in a new paragraph.
   */
  override isInline(): boolean {
    const parent = this.getParent();
    return parent === null || !$isRootOrShadowRoot(parent);
  }
}

export function $createImageNode(fields: Partial<ImageFields> = {}): ImageNode {
  return new ImageNode(fields);
}

export function $isImageNode(node: LexicalNode | null | undefined): node is ImageNode {
  return node instanceof ImageNode;
}
