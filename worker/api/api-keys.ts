import type { Context } from "hono";
import { createApiKeySchema, workspaceKeyParam } from "../../core/contracts/api-keys";
import { idParam, workspaceParam } from "../../core/contracts/common";
import { listQuery, type ListQuery } from "../../core/contracts/pagination";
import type { ApiKey } from "../db/schema";
import type { Database } from "../db/client";
import { createApp, type AppEnv } from "../lib/create-app";
import { Forbidden } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireSessionAnyWorkspace } from "../middleware/session";
import { requireWorkspace } from "../middleware/workspace";
import { authorize } from "../policies";
import { presentApiKey, presentApiKeyCall, presentCreatedApiKey } from "../presenters/api-keys";
import { createPersonalToken, createWorkspaceKey, findKey, revokeKey } from "../services/api-keys/keys";
import { keyCalls, listedKey, personalTokensListed, workspaceKeysListed } from "../services/api-keys/reads";

/**
 * Managing API keys: a workspace's keys (admins) and the signed-in user's personal tokens. Not
 * part of the public API (no `publicRoute`), so a key can never mint or revoke keys: only a
 * person's session reaches these routes.
 */

/** A key outlives the session that made it: someone impersonating a user must not leave one behind. */
function refuseWhileImpersonating(c: Context<AppEnv>) {
  if (c.get("session")?.impersonatorId) throw new Forbidden("API keys cannot be created while impersonating a user");
}

async function callsAnswer(db: Database, key: ApiKey, query: ListQuery) {
  const { rows, meta } = await keyCalls(db, key, query);
  return { data: rows.map(presentApiKeyCall), meta };
}

export const apiKeysApi = createApp()
  .get("/w/:ws/api_keys", requireWorkspace, validate("param", workspaceParam), async (c) => {
    const actor = c.get("actor");
    authorize(actor, "api_keys.read", undefined, "Only workspace members can see the workspace's API keys");
    return c.json({ data: (await workspaceKeysListed(c.get("db"), actor.workspaceId)).map(presentApiKey) });
  })

  .post("/w/:ws/api_keys", requireWorkspace, validate("param", workspaceParam), validate("json", createApiKeySchema), async (c) => {
    const actor = c.get("actor");
    authorize(actor, "api_keys.manage", undefined, "Only workspace admins can create workspace API keys");
    refuseWhileImpersonating(c);
    const db = c.get("db");
    const { key, token } = await createWorkspaceKey(db, actor.workspaceId, { id: actor.userId }, c.req.valid("json"));
    return c.json({ data: presentCreatedApiKey(await listedKey(db, key), token) }, 201);
  })

  .delete("/w/:ws/api_keys/:id", requireWorkspace, validate("param", workspaceKeyParam), async (c) => {
    const actor = c.get("actor");
    authorize(actor, "api_keys.manage", undefined, "Only workspace admins can revoke workspace API keys");
    const db = c.get("db");
    const key = await revokeKey(db, await findKey(db, { id: c.req.valid("param").id, workspaceId: actor.workspaceId }));
    return c.json({ data: presentApiKey(await listedKey(db, key)) });
  })

  .get("/w/:ws/api_keys/:id/calls", requireWorkspace, validate("param", workspaceKeyParam), validate("query", listQuery), async (c) => {
    const actor = c.get("actor");
    authorize(actor, "api_keys.manage", undefined, "Only workspace admins can see what workspace API keys did");
    const db = c.get("db");
    const key = await findKey(db, { id: c.req.valid("param").id, workspaceId: actor.workspaceId });
    return c.json(await callsAnswer(db, key, c.req.valid("query")));
  })

  // Personal tokens act as their owner wherever they are a member, so they are the user's, not a workspace's.
  .get("/users/self/tokens", requireSessionAnyWorkspace, async (c) => {
    const { user } = c.get("session");
    return c.json({ data: (await personalTokensListed(c.get("db"), user.id)).map(presentApiKey) });
  })

  .post("/users/self/tokens", requireSessionAnyWorkspace, validate("json", createApiKeySchema), async (c) => {
    refuseWhileImpersonating(c);
    const db = c.get("db");
    const { user } = c.get("session");
    const { key, token } = await createPersonalToken(db, user, c.req.valid("json"));
    return c.json({ data: presentCreatedApiKey(await listedKey(db, key), token) }, 201);
  })

  .delete("/users/self/tokens/:id", requireSessionAnyWorkspace, validate("param", idParam), async (c) => {
    const db = c.get("db");
    const key = await revokeKey(db, await findKey(db, { id: c.req.valid("param").id, userId: c.get("session").user.id }));
    return c.json({ data: presentApiKey(await listedKey(db, key)) });
  })

  .get("/users/self/tokens/:id/calls", requireSessionAnyWorkspace, validate("param", idParam), validate("query", listQuery), async (c) => {
    const db = c.get("db");
    const key = await findKey(db, { id: c.req.valid("param").id, userId: c.get("session").user.id });
    return c.json(await callsAnswer(db, key, c.req.valid("query")));
  });
