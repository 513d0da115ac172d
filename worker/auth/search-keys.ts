import { and, eq, gt, isNull } from "drizzle-orm";
import { SEARCH_KEY_TTL_SECONDS } from "../../core/contracts/search";
import type { Database } from "../db/client";
import { sessions, users, type User } from "../db/schema";
import { Forbidden } from "../lib/errors";
import { ScopedTokenRefused, signScopedToken, verifyScopedToken } from "./scoped-tokens";
import type { Session } from "./sessions";

// The search-service key (SPEC section 7, "a search-service key endpoint under /users"):
// a ten-minute token that lets its holder search one workspace as one user, and do nothing
// else. It names the session it was issued from, so signing out ends it too.

type KeyEnv = Pick<Env, "AUTH_SECRET" | "APP_ENV">;

export async function issueSearchKey(env: KeyEnv, session: Session, workspaceId: number, now = Date.now()) {
  return signScopedToken(env, "search", {
    subject: String(session.user.id),
    claims: { ws: workspaceId, sid: session.id },
    ttlSeconds: SEARCH_KEY_TTL_SECONDS,
    now,
  });
}

/** The user a key searches as, once the key, its workspace and its session all check out. */
export async function userForSearchKey(db: Database, env: KeyEnv, key: string, workspaceId: number): Promise<User> {
  const payload = await verifyScopedToken(env, "search", key);
  if (payload.ws !== workspaceId) throw new Forbidden("This search key is for another workspace");
  if (typeof payload.sid !== "string") throw new ScopedTokenRefused("search", false);
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, payload.sid), eq(sessions.userId, Number(payload.sub)), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .limit(1);
  if (!row) throw new ScopedTokenRefused("search", false);
  return row.user;
}
