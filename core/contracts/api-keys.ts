import * as z from "zod";
import { positiveId, tooLong, workspaceParam } from "./common";

/**
 * What an API key may do. Each scope grants its own actions (the policy module maps every
 * action to one); a key holds any set of them. `admin` is the workspace's settings, members
 * and webhooks, never billing or deleting the workspace through a key.
 */
export const apiScopes = ["read", "write", "publish", "admin"] as const;
export type ApiScope = (typeof apiScopes)[number];

export const apiScopeLabels: Record<ApiScope, { label: string; detail: string }> = {
  read: { label: "Read", detail: "Documents, folders, posts, uploads, campaigns and brand kits it can see" },
  write: { label: "Write", detail: "Create and change documents, folders, uploads, campaigns and drafts" },
  publish: { label: "Publish", detail: "Schedule posts, publish them now, publish documents to the web" },
  admin: { label: "Admin", detail: "Workspace settings, members, groups and webhooks" },
};

/** Every key and personal token starts with this, so scanners and people can tell what it is. */
export const API_KEY_PREFIX = "bw_";

/** Longest a key may live; keys without an expiry live until revoked. */
export const MAX_KEY_DAYS = 366 * 2;

export const createApiKeySchema = z.object({
  name: z.string().trim().min(1, { error: "can't be blank" }).max(80, tooLong(80)),
  scopes: z
    .array(z.enum(apiScopes, { error: `must be one of ${apiScopes.join(", ")}` }))
    .min(1, { error: "must name at least one scope" })
    .transform((scopes) => [...new Set(scopes)]),
  /** Days until the key stops working; omitted or null: until revoked. */
  expires_in_days: z.number({ error: "must be a number" }).int({ error: "must be a whole number" }).min(1, { error: "must be at least 1" }).max(MAX_KEY_DAYS, { error: `must be at most ${MAX_KEY_DAYS}` }).nullish(),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

/** A key as listed: never the secret, only its first characters to recognise it by. */
export const apiKeyOut = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(["workspace", "personal"]),
  scopes: z.array(z.enum(apiScopes)),
  /** `bw_AbCd1234`: the start of the secret, shown beside the name. */
  prefix: z.string(),
  workspace_id: z.number().int().nullable(),
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKeyOut = z.infer<typeof apiKeyOut>;

/** The answer to creating a key: the only time its secret is shown. */
export const createdApiKeyOut = apiKeyOut.extend({ token: z.string() });
export type CreatedApiKeyOut = z.infer<typeof createdApiKeyOut>;

/** One call made with a key, from the workspace's audit events: what it asked and what it got. */
export const apiKeyCallOut = z.object({
  id: z.number().int(),
  method: z.string(),
  /** The route's pattern (`/v1/posts/:id`), never the URL with its ids and query. */
  route: z.string(),
  status: z.number().int(),
  at: z.string(),
});
export type ApiKeyCallOut = z.infer<typeof apiKeyCallOut>;

/** `/w/:ws/api_keys/:id`: the workspace and the key. */
export const workspaceKeyParam = workspaceParam.extend({ id: positiveId });
