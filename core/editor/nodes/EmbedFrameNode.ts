import { type LexicalNode, type NodeKey } from "lexical";
import { type SerializedNodeInput } from "./fields";
import { EMBED_FRAME_HEIGHT, EMBED_FRAME_WIDTH } from "../constants";
import { FieldsDecoratorNode, fieldsFromJSON, type SerializedFieldsNode } from "./FieldsDecoratorNode";

/** SPEC section 3: an iframe embed of a provider URL. */
export interface EmbedFrameFields {
  url: string;
  provider?: string;
  size?: string;
  float?: string;
  width: number;
  height: number;
}

export type SerializedEmbedFrameNode = SerializedFieldsNode<EmbedFrameFields>;

export class EmbedFrameNode extends FieldsDecoratorNode<EmbedFrameFields> {
  static override getType(): string {
    return "embed-frame";
  }

  static override clone(node: EmbedFrameNode): EmbedFrameNode {
    return new EmbedFrameNode(node.__fields, node.__key);
  }

  constructor(fields: Partial<EmbedFrameFields> = {}, key?: NodeKey) {
    super({ url: "", width: EMBED_FRAME_WIDTH, height: EMBED_FRAME_HEIGHT, ...fields }, key);
  }

  static override importJSON(json: SerializedNodeInput): EmbedFrameNode {
    return $createEmbedFrameNode(fieldsFromJSON<EmbedFrameFields>(json)).updateFromJSON(json);
  }
}

export function $createEmbedFrameNode(fields: Partial<EmbedFrameFields> = {}): EmbedFrameNode {
  return new EmbedFrameNode(fields);
}

export function $isEmbedFrameNode(node: LexicalNode | null | undefined): node is EmbedFrameNode {
  return node instanceof EmbedFrameNode;
}
