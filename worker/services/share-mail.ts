import type { AccessLevel } from "../../core/enums";
import type { MailMessage } from "./mail";
import { layout } from "./mail-templates";

// Emails about sharing: a grant, a request for access, a request accepted. Sent through the
// one mail module (services/mail.ts) like every other email.

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&nbsp;": " " };

/** The sharer's HTML note as plain text: the layout escapes it, so no markup of theirs reaches the email. */
export function messageText(html: string | null | undefined): string {
  if (!html) return "";
  return html
    .replace(/<(br|\/p|\/div|\/li|\/h\d)\s*\/?>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const kindName = (kind: "article" | "folder") => (kind === "article" ? "document" : "folder");

export function shareMail(options: {
  to: string;
  sharerName: string;
  kind: "article" | "folder";
  title: string;
  permission: AccessLevel;
  url: string;
  workspaceName: string;
  subject?: string | null;
  message?: string | null;
  readReceipt?: boolean;
  /** Not in the workspace yet: the invitation comes in its own email. */
  pendingInvitation?: boolean;
}): MailMessage {
  const what = kindName(options.kind);
  const lines = [
    `${options.sharerName} shared the ${what} "${options.title}" with you in ${options.workspaceName} (${options.permission} access).`,
    ...(options.message ? [options.message] : []),
    ...(options.readReceipt ? [`${options.sharerName} asked you to confirm once you have read it.`] : []),
    ...(options.pendingInvitation ? [`First accept your invitation to ${options.workspaceName}: it comes in a separate email.`] : []),
  ];
  return {
    to: options.to,
    kind: "share",
    subject: options.subject || `${options.sharerName} shared "${options.title}" with you`,
    text: `${lines.join("\n\n")}\n\nOpen the ${what}: ${options.url}\n`,
    html: layout(options.title, lines, { label: `Open ${what}`, url: options.url }),
  };
}

/** To a document's owner: someone asks for access. */
export function accessRequestMail(options: {
  to: string;
  requesterName: string;
  requesterEmail: string;
  title: string;
  permission: AccessLevel;
  message?: string | null;
  url: string;
}): MailMessage {
  const lines = [
    `${options.requesterName} (${options.requesterEmail}) asked for ${options.permission} access to "${options.title}".`,
    ...(options.message ? [`"${options.message}"`] : []),
    "Open the document's share settings to accept or deny the request.",
  ];
  return {
    to: options.to,
    kind: "access_request",
    subject: `${options.requesterName} asked for ${options.permission} access to "${options.title}"`,
    text: `${lines.join("\n\n")}\n\nReview the request: ${options.url}\n`,
    html: layout(`Access request for ${options.title}`, lines, { label: "Review request", url: options.url }),
  };
}
