import { and, eq, isNull } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import { SCIM_CONTENT_TYPE } from "../../core/contracts/scim";
import { sha256Hex } from "../auth/secrets";
import { scimTokens, workspaces } from "../db/schema";
import type { AppEnv } from "../lib/create-app";
import { Unauthorized } from "../lib/errors";
import { presentScimError } from "../presenters/scim";

/**
 * For the SCIM 2.0 endpoint: `Authorization: Bearer <SCIM token>` (not a session) names the
 * workspace. A revoked or unknown token, or a deactivated workspace, is a 401. Sets
 * `scimToken` and `workspace`, and records when the token was last used.
 */
export const requireScimToken = createMiddleware<AppEnv>(async (c, next) => {
  const db = c.get("db");
  const raw = c.req.header("Authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (!raw) throw new Unauthorized("Send a SCIM token as Authorization: Bearer <token>");
  const [row] = await db
    .select({ token: scimTokens, workspace: workspaces })
    .from(scimTokens)
    .innerJoin(workspaces, eq(workspaces.id, scimTokens.workspaceId))
    .where(and(eq(scimTokens.tokenHash, await sha256Hex(raw)), isNull(scimTokens.revokedAt), isNull(workspaces.deactivatedAt)))
    .limit(1);
  if (!row) throw new Unauthorized("This SCIM token is not valid or has been revoked");
  const now = new Date();
  await db.update(scimTokens).set({ lastUsedAt: now }).where(eq(scimTokens.id, row.token.id));
  c.set("scimToken", { ...row.token, lastUsedAt: now });
  c.set("workspace", row.workspace);
  await next();
});

/**
 * Identity providers read SCIM's error shape (RFC 7644 section 3.12), so every error on a
 * SCIM route, including a refused token or a malformed body, is answered in it; success
 * answers carry the SCIM media type.
 */
export const scimResponses = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.error) {
    const { status, body } = presentScimError(c.error);
    c.res = new Response(JSON.stringify(body), { status, headers: { "Content-Type": SCIM_CONTENT_TYPE } });
  } else if (c.res.headers.get("Content-Type")?.startsWith("application/json")) {
    c.res.headers.set("Content-Type", SCIM_CONTENT_TYPE);
  }
});
