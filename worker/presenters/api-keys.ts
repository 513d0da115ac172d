import type { ApiKeyCallOut, ApiKeyOut, CreatedApiKeyOut } from "../../core/contracts/api-keys";
import type { events } from "../db/schema";
import type { ListedKey } from "../services/api-keys/reads";
import { fullName, iso } from "./users";

/** A key as listed: never its secret or hash, only the prefix people recognise it by. */
export function presentApiKey({ key, creator }: ListedKey): ApiKeyOut {
  return {
    id: key.id,
    name: key.name,
    kind: key.workspaceId === null ? "personal" : "workspace",
    scopes: key.scopes,
    prefix: key.prefix,
    workspace_id: key.workspaceId,
    created_by: creator ? { id: creator.id, name: fullName(creator) } : null,
    created_at: key.createdAt.toISOString(),
    expires_at: iso(key.expiresAt),
    last_used_at: iso(key.lastUsedAt),
    revoked_at: iso(key.revokedAt),
  };
}

/** One recorded call (services/api-keys/audit.ts wrote its properties). */
export function presentApiKeyCall(event: typeof events.$inferSelect): ApiKeyCallOut {
  const properties = event.properties as { method?: unknown; route?: unknown; status?: unknown };
  return {
    id: event.id,
    method: String(properties.method ?? ""),
    route: String(properties.route ?? ""),
    status: Number(properties.status ?? 0),
    at: event.createdAt.toISOString(),
  };
}

/** The answer to creating a key: the only time its secret leaves the server. */
export const presentCreatedApiKey = (listed: ListedKey, token: string): CreatedApiKeyOut => ({ ...presentApiKey(listed), token });
