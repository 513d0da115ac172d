import { type LexicalNode, type NodeKey } from "lexical";
import { type SerializedNodeInput } from "./fields";

import { FieldsDecoratorNode, fieldsFromJSON, type SerializedFieldsNode } from "./FieldsDecoratorNode";

/** SPEC section 3: a file to download. `meta` is free-form display data (size, pages…). */
export interface DownloadFields {
  url: string;
  title?: string;
  format?: string;
  description?: string;
  meta?: Record<string, string | number | boolean | null>;
}

export type SerializedDownloadNode = SerializedFieldsNode<DownloadFields>;

export class DownloadNode extends FieldsDecoratorNode<DownloadFields> {
  static override getType(): string {
    return "download";
  }

  static override clone(node: DownloadNode): DownloadNode {
    return new DownloadNode(node.__fields, node.__key);
  }

  constructor(fields: Partial<DownloadFields> = {}, key?: NodeKey) {
    super({ url: "", ...fields }, key);
  }

  static override importJSON(json: SerializedNodeInput): DownloadNode {
    return $createDownloadNode(fieldsFromJSON<DownloadFields>(json)).updateFromJSON(json);
  }
}

export function $createDownloadNode(fields: Partial<DownloadFields> = {}): DownloadNode {
  return new DownloadNode(fields);
}

export function $isDownloadNode(node: LexicalNode | null | undefined): node is DownloadNode {
  return node instanceof DownloadNode;
}
