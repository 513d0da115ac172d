import { DEFAULT_FONT_SIZE, DEFAULT_FONT_WEIGHT } from "../document/fonts";
import { BOX_COLOR, LINE_DIVIDER_STYLE, QUOTE_COLOR, TABLE_CELL_WIDTH } from "../document/types";

/** SPEC sections 3 and 9: the editor's defaults, in one place for nodes, toolbar and tests. */
export { BOX_COLOR, LINE_DIVIDER_STYLE, QUOTE_COLOR, TABLE_CELL_WIDTH };
export const CARD_WIDTH = 700;
export const CARD_HEIGHT = 375;
export const EMBED_FRAME_WIDTH = 800;
export const EMBED_FRAME_HEIGHT = 800;
export const TABLE_CELL_HEIGHT = 37;
export const CODE_INDENT_UNIT = 2;
export const CODE_TAB_SIZE = 4;
export { DEFAULT_FONT_SIZE, DEFAULT_FONT_WEIGHT };
