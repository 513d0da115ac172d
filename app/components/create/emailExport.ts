import type { EmailDraft } from "../../../core/contracts/content";
import { renderSequenceEmail } from "../../../core/email/sequence-email";

/** An email of a sequence as a complete HTML email (SPEC section 9's layout), ready for any sending tool. */
export function emailHtml(email: Pick<EmailDraft, "subject" | "preview" | "body">, baseUrl?: string): string {
  return renderSequenceEmail(email, baseUrl).html;
}

/** Offers `html` as a file download in the browser. */
export function downloadHtml(filename: string, html: string) {
  const url = URL.createObjectURL(new Blob([html], { type: "text/html;charset=utf-8" }));
  const link = Object.assign(document.createElement("a"), { href: url, download: filename });
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
