/**
 * SPEC section 3's code-host, issue-tracker and task-tracker embeds: link, type, mode.
 * "type" is the node's own type in Lexical JSON, so the embed's kind is `embedType`.
 */
export interface TrackerEmbedFields {
  link: string;
  embedType?: string;
  mode?: string;
}
