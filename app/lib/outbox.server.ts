import { desc, eq } from "drizzle-orm";
import { createDb } from "../../worker/db/client";
import { mailOutbox } from "../../worker/db/schema";

export const OUTBOX_LIMIT = 100;

/** The local outbox exists outside production only; there it is a 404 like any unknown page. */
export function outboxAvailable(env: Pick<Env, "APP_ENV">) {
  return env.APP_ENV !== "production";
}

/** The newest emails first, optionally for one recipient. */
export async function listOutbox(env: Env, options: { to?: string | null } = {}) {
  const db = createDb(env.DB);
  const to = options.to?.trim().toLowerCase();
  const rows = await db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      kind: mailOutbox.kind,
      transport: mailOutbox.transport,
      status: mailOutbox.status,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(to ? eq(mailOutbox.to, to) : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(OUTBOX_LIMIT);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
