import type { MailMessage } from "./mail";
import { MINUTE_MS, relativeTime } from "../../core/counting";

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A plain, email-client-safe layout: 600px column, 16px base font (SPEC section 9). */
export function layout(title: string, paragraphs: string[], action: { label: string; url: string }) {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escape(p)}</p>`).join("");
  return `<!doctype html><html><body style="margin:0;background:#f7f7fb">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="100%" style="max-width:600px;background:#fff;border-radius:10px;font:16px/1.5 Arial,sans-serif;color:#1d1d2b">
<tr><td style="padding:32px">
<h1 style="font-size:24px;margin:0 0 16px">${escape(title)}</h1>${body}
<p style="margin:24px 0"><a href="${escape(action.url)}" style="background:#4f46e5;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${escape(action.label)}</a></p>
<p style="margin:0;color:#5d5d73;font-size:14px">Or paste this link into your browser: ${escape(action.url)}</p>
</td></tr></table></td></tr></table></body></html>`;
}

/** The email of an inbox notice that asks someone to act: its lines and one button, as text too. */
export const actionMail = (kind: string, subject: string, lines: string[], action: { label: string; url: string }) => ({
  kind,
  subject,
  text: `${lines.join("\n\n")}\n\n${action.label}: ${action.url}\n`,
  html: layout(subject, lines, action),
});

export function passwordResetMail(to: string, url: string, expiresInMinutes: number): MailMessage {
  const lines = [
    "Someone asked to reset the password of your Brandwork account.",
    `The link works once and expires ${relativeTime(expiresInMinutes * MINUTE_MS)}. If it wasn't you, ignore this email: your password stays as it is.`,
  ];
  return {
    to,
    kind: "password_reset",
    subject: "Reset your Brandwork password",
    text: `${lines.join("\n\n")}\n\nReset your password: ${url}\n`,
    html: layout("Reset your password", lines, { label: "Choose a new password", url }),
  };
}

export function invitationMail(options: {
  to: string;
  inviterName: string;
  workspaceName: string;
  url: string;
  message?: string | null;
}): MailMessage {
  const lines = [
    `${options.inviterName} invited you to join ${options.workspaceName} on Brandwork.`,
    ...(options.message ? [`"${options.message}"`] : []),
  ];
  return {
    to: options.to,
    kind: "invitation",
    subject: `${options.inviterName} invited you to ${options.workspaceName}`,
    text: `${lines.join("\n\n")}\n\nAccept the invitation: ${options.url}\n`,
    html: layout(`Join ${options.workspaceName}`, lines, { label: "Accept invitation", url: options.url }),
  };
}

/** To a group's owners: someone asks to join their closed group; the link carries the token that accepts. */
export function channelJoinRequestMail(options: {
  to: string;
  requesterName: string;
  requesterEmail: string;
  channelName: string;
  workspaceName: string;
  url: string;
}): MailMessage {
  const lines = [
    `${options.requesterName} (${options.requesterEmail}) asked to join the group ${options.channelName} in ${options.workspaceName}.`,
    "Open the request to accept it. If you do nothing, they stay out of the group.",
  ];
  return {
    to: options.to,
    kind: "channel_join_request",
    subject: `${options.requesterName} asked to join ${options.channelName}`,
    text: `${lines.join("\n\n")}\n\nReview the request: ${options.url}\n`,
    html: layout(`Request to join ${options.channelName}`, lines, { label: "Review request", url: options.url }),
  };
}
