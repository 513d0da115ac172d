import { createCommand, type ElementNode, type LexicalCommand } from "lexical";
import type { EmbedKind } from "./embeds";

/**
 * Insert commands the slash menu, the toolbar and markdown shortcuts dispatch, and the
 * block plugins handle: whoever offers a block never needs to know how it is built.
 * Tables use Lexical's own INSERT_TABLE_COMMAND; lists, headings, quotes and code are
 * built in place by the block catalogue.
 */

/** Opens the image picker (upload or URL); with a payload, inserts that image. */
export const INSERT_IMAGE_COMMAND: LexicalCommand<{ src: string; alt?: string; mediaFileId?: string } | undefined> =
  createCommand("INSERT_IMAGE_COMMAND");

/** Uploads files (paste, drop or the picker) to R2 and inserts them: images inline, others as downloads. */
export const UPLOAD_FILES_COMMAND: LexicalCommand<File[]> = createCommand("UPLOAD_FILES_COMMAND");

/** Asks for a URL, then inserts the embed of that kind. */
export const INSERT_EMBED_COMMAND: LexicalCommand<{ kind: EmbedKind; url?: string }> = createCommand("INSERT_EMBED_COMMAND");

export const INSERT_COLUMNS_COMMAND: LexicalCommand<number> = createCommand("INSERT_COLUMNS_COMMAND");
export const INSERT_TOGGLE_COMMAND: LexicalCommand<void> = createCommand("INSERT_TOGGLE_COMMAND");
export const INSERT_TABLE_OF_CONTENTS_COMMAND: LexicalCommand<void> = createCommand("INSERT_TABLE_OF_CONTENTS_COMMAND");
export const INSERT_DIVIDER_COMMAND: LexicalCommand<void> = createCommand("INSERT_DIVIDER_COMMAND");
export const INSERT_BOX_COMMAND: LexicalCommand<{ quote: boolean }> = createCommand("INSERT_BOX_COMMAND");
export const INSERT_VOTE_LIST_COMMAND: LexicalCommand<void> = createCommand("INSERT_VOTE_LIST_COMMAND");

/**
 * Turns the selected blocks into the block the payload makes (a paragraph, a heading, code).
 * Every block type change goes through it, so TrackChangesPlugin can record it as a tracked
 * change; BlockBehaviorsPlugin's handler makes it otherwise.
 */
export const SET_BLOCK_TYPE_COMMAND: LexicalCommand<() => ElementNode> = createCommand("SET_BLOCK_TYPE_COMMAND");

/** Opens the link editor on the selection (Ctrl/Cmd+K, the toolbar's link button). */
export const OPEN_LINK_EDITOR_COMMAND: LexicalCommand<void> = createCommand("OPEN_LINK_EDITOR_COMMAND");
