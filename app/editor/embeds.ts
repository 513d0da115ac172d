/**
 * The embeds the editor offers, each a node of SPEC section 3: a framed page (video, map,
 * form…), a link card, a file download, or a code-host, issue-tracker or task-tracker item.
 */
export const EMBED_KINDS = ["embed-frame", "card", "download", "code-host-embed", "issue-tracker-embed", "task-tracker-embed"] as const;

export type EmbedKind = (typeof EMBED_KINDS)[number];

export const EMBED_LABELS: Record<EmbedKind, { title: string; hint: string }> = {
  "embed-frame": { title: "Embed", hint: "A video, map, form or any page, framed" },
  card: { title: "Link card", hint: "A link shown as a card with its title" },
  download: { title: "File download", hint: "A link to a file people can download" },
  "code-host-embed": { title: "Code host", hint: "A repository, pull request or file" },
  "issue-tracker-embed": { title: "Issue", hint: "An issue from your tracker" },
  "task-tracker-embed": { title: "Task", hint: "A task from your task tracker" },
};
