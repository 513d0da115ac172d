import { eq } from "drizzle-orm";
import type { ApiKeyGrant } from "../../auth/api-keys";
import type { Database } from "../../db/client";
import { apiKeys, events } from "../../db/schema";

export interface ApiCall {
  userId: number;
  workspaceId: number | null;
  method: string;
  /** The route's pattern (`/v1/posts/:id`), not the URL: ids and queries stay out of the log. */
  route: string;
  status: number;
  ip: string | null;
}

/** The audit event name of a call made with a key; the key's settings list them. */
export const API_CALL_EVENT = "api_key.request";

/**
 * Records one call made with a key: an `events` row in the workspace's audit trail, and the
 * key's last use, in one batch. Recorded after the answer is made (whatever it was), before it
 * is sent, so the trail never misses a call that changed something.
 */
export async function recordApiCall(db: Database, grant: ApiKeyGrant, call: ApiCall) {
  await db.batch([
    db.insert(events).values({
      name: API_CALL_EVENT,
      workspaceId: call.workspaceId,
      userId: call.userId,
      actorId: call.userId,
      ip: call.ip,
      properties: { api_key_id: grant.id, api_key_name: grant.name, method: call.method, route: call.route, status: call.status },
    }),
    db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, grant.id)),
  ]);
}
