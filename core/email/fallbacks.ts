/**
 * The type names of the editor's nodes that core/document does not define yet (issue 6),
 * fixed here so the editor, the converters and this renderer agree on them, plus the
 * Lexical built-ins email treats specially. Lexical serializes a node as `{ type, … }`.
 */
export const EDITOR_NODE_TYPES = {
  lineBreak: "linebreak",
  lineDivider: "line-divider",
  codeBlock: "code",
  columns: "columns",
  column: "column",
  download: "download",
  voteList: "vote-list",
  toggleList: "toggle-list",
  toggleSummary: "toggle-summary",
  toggleDetails: "toggle-details",
  card: "card",
  collection: "collection",
  diagram: "diagram",
  codeHostEmbed: "code-host-embed",
  issueTrackerEmbed: "issue-tracker-embed",
  taskTrackerEmbed: "task-tracker-embed",
  embedFrame: "embed-frame",
  generatedImage: "generated-image",
  smartLink: "smart-link",
  tableOfContents: "table-of-contents",
  aiSuggestion: "ai-suggestion",
} as const;

const T = EDITOR_NODE_TYPES;

/**
 * SPEC section 8: the elements email cannot show, by node type, with the spec's words for
 * them. Each is replaced by "<X> not supported in email", and what it holds is not shown.
 *
 * The spec lists "line break" and "line divider" too, so a `linebreak` node (Shift+Enter
 * inside a paragraph) and a `line-divider` node become the fallback text like the others;
 * only a code block's own line breaks stay newlines, since they are the code's lines.
 */
export const EMAIL_FALLBACK_LABELS: Readonly<Record<string, string>> = {
  [T.lineBreak]: "Line break",
  [T.columns]: "Column layout",
  [T.column]: "Column",
  [T.download]: "File download",
  [T.generatedImage]: "Image generation",
  [T.codeHostEmbed]: "Code-host embed",
  // "iframe" is the spec's word and a tag name; it keeps its lower case.
  [T.embedFrame]: "iframe",
  [T.issueTrackerEmbed]: "Issue-tracker embed",
  [T.taskTrackerEmbed]: "Task-tracker embed",
  [T.lineDivider]: "Line divider",
  [T.voteList]: "Vote list",
  [T.diagram]: "Diagrams",
  [T.smartLink]: "Smart links",
  [T.toggleList]: "Toggle list",
  [T.toggleSummary]: "Summary",
  [T.card]: "Cards",
  [T.collection]: "Collections",
};

/** The fallback sentence for a node of `type`, or undefined when email can show it. */
export function emailFallbackText(type: string): string | undefined {
  const label = Object.hasOwn(EMAIL_FALLBACK_LABELS, type) ? EMAIL_FALLBACK_LABELS[type] : undefined;
  return label === undefined ? undefined : `${label} not supported in email`;
}
