import type { Database } from "../db/client";
import { mailOutbox } from "../db/schema";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What the email is for (`password_reset`, `invitation`, …), kept with the record. */
  kind: string;
}

type MailEnv = Pick<Env, "RESEND_API_KEY" | "MAIL_FROM">;

const RESEND_URL = "https://api.resend.com/emails";
const DEFAULT_FROM = "Brandwork <no-reply@brandwork.local>";

/**
 * The one way the app sends email. With RESEND_API_KEY set it goes through Resend's HTTP
 * API; without, it is stored in mail_outbox and nothing leaves the machine (the local
 * outbox page shows it). Either way a row records what was sent and how it went.
 */
export async function sendMail(db: Database, env: MailEnv, message: MailMessage) {
  if (!env.RESEND_API_KEY) {
    await db.insert(mailOutbox).values({ ...message, transport: "outbox", status: "stored" });
    return { transport: "outbox" as const, delivered: false };
  }
  let error: string | null = null;
  try {
    const response = await fetch(RESEND_URL, {
      method: "POST",
      headers: { Authorization: `Bearer ${env.RESEND_API_KEY}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        from: env.MAIL_FROM || DEFAULT_FROM,
        to: [message.to],
        subject: message.subject,
        html: message.html,
        text: message.text,
      }),
    });
    if (!response.ok) error = `Resend answered ${response.status}: ${(await response.text()).slice(0, 500)}`;
  } catch (cause) {
    error = `Resend could not be reached: ${String(cause)}`;
  }
  await db.insert(mailOutbox).values({ ...message, transport: "resend", status: error ? "failed" : "sent", error });
  return { transport: "resend" as const, delivered: !error };
}
