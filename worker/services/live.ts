/**
 * Live channels: one InboxHub instance per name (`workspace:<id>` for calendars,
 * `article:<id>` for a document's comments). Publishing is best effort: a page that missed a
 * push refreshes when its socket opens again (app/lib/live.ts).
 */
export const liveChannel = (env: Pick<Env, "INBOX">, name: string) => env.INBOX.get(env.INBOX.idFromName(name));

export async function publishLive(env: Pick<Env, "INBOX">, name: string, event: Record<string, unknown> & { type: string }) {
  try {
    await liveChannel(env, name).publish(event);
  } catch (error) {
    console.warn(`live push to ${name} failed`, error);
  }
}
