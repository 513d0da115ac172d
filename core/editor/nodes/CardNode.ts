import { type LexicalNode, type NodeKey } from "lexical";
import { type SerializedNodeInput } from "./fields";
import { CARD_HEIGHT, CARD_WIDTH } from "../constants";
import { FieldsDecoratorNode, fieldsFromJSON, type SerializedFieldsNode } from "./FieldsDecoratorNode";

/** SPEC section 3: a card for a mentioned item (document, user, channel…). */
export interface CardFields {
  mentionType?: string;
  key?: string;
  title?: string;
  userId?: string;
  mode?: string;
  cardStyle?: string;
  width: number;
  height: number;
}

export type SerializedCardNode = SerializedFieldsNode<CardFields>;

export class CardNode extends FieldsDecoratorNode<CardFields> {
  static override getType(): string {
    return "card";
  }

  static override clone(node: CardNode): CardNode {
    return new CardNode(node.__fields, node.__key);
  }

  constructor(fields: Partial<CardFields> = {}, key?: NodeKey) {
    super({ width: CARD_WIDTH, height: CARD_HEIGHT, ...fields }, key);
  }

  static override importJSON(json: SerializedNodeInput): CardNode {
    return $createCardNode(fieldsFromJSON<CardFields>(json)).updateFromJSON(json);
  }
}

export function $createCardNode(fields: Partial<CardFields> = {}): CardNode {
  return new CardNode(fields);
}

export function $isCardNode(node: LexicalNode | null | undefined): node is CardNode {
  return node instanceof CardNode;
}
