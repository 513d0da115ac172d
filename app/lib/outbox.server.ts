import { and, desc, eq } from "drizzle-orm";
import ipaddr from "ipaddr.js";
import { createDb } from "../../worker/db/client";
import { mailOutbox } from "../../worker/db/schema";

export const OUTBOX_LIMIT = 100;

const isLoopbackAddress = (value: string) => {
  try {
    const address = ipaddr.process(value.replace(/^\[|\]$/g, ""));
    return address.range() === "loopback";
  } catch {
    return false;
  }
};

const isLoopbackHost = (hostname: string) => hostname === "localhost" || isLoopbackAddress(hostname);

/**
 * The local outbox exists only for a developer on their own machine: `APP_ENV=development`
 * and a loopback request. Anywhere else (tests, production, a misconfigured deploy that kept
 * `development`) it is a 404 like any unknown page.
 *
 * What "loopback" can rest on: behind Cloudflare, `CF-Connecting-IP` is always set by the
 * edge to the real client, never a loopback address, so a deployed Worker always refuses.
 * Under `wrangler dev`, miniflare fills `CF-Connecting-IP` from the socket's peer address
 * (but keeps one the client sent), and the stack binds 127.0.0.1 only (`--ip 127.0.0.1`), so
 * only local processes reach it. Under the Vite dev server (Node) the header is absent and
 * the host is the local one. So: the header, when present, must be loopback, and so must
 * the URL's host.
 */
export function outboxAvailable(env: Pick<Env, "APP_ENV">, request: Request) {
  if (env.APP_ENV !== "development") return false;
  const clientIp = request.headers.get("CF-Connecting-IP");
  if (clientIp !== null && !isLoopbackAddress(clientIp)) return false;
  return isLoopbackHost(new URL(request.url).hostname);
}

/** The newest stored emails first, optionally for one recipient; never ones a provider delivered. */
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
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.transport, "outbox"), to ? eq(mailOutbox.to, to) : undefined))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(OUTBOX_LIMIT);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
