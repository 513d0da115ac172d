import type { EmailDraft } from "../contracts/content";
import { markdownToDocument } from "../document/markdown";
import { renderDocumentEmail, type RenderedEmail } from "./render";

const escape = (value: string) => value.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/**
 * An email of a sequence (its markdown body) as a complete email, SPEC section 9's layout:
 * what "Export HTML", a test send and a Mailchimp campaign all send.
 */
export function renderSequenceEmail(email: Pick<EmailDraft, "subject" | "preview" | "body">, baseUrl?: string): RenderedEmail {
  const { document } = markdownToDocument(email.body);
  const rendered = renderDocumentEmail(document, { preheader: email.preview, baseUrl });
  return { html: rendered.html.replace(/<title>[^<]*<\/title>/, `<title>${escape(email.subject)}</title>`), text: rendered.text };
}
