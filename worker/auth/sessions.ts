import { and, eq, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import type { Database } from "../db/client";
import { sessions, users, type User } from "../db/schema";
import { SignatureExpired, Unauthorized } from "../lib/errors";
import { apiKeyToken, authenticateApiKey, type ApiKeyGrant } from "./api-keys";
import { authSecret } from "./secrets";

export interface Session {
  id: string;
  user: User;
  /** The super_admin acting as `user`, when this is an impersonation session. */
  impersonatorId: number | null;
  /** Set when the request came with an API key or personal token instead of a signed-in session. */
  apiKey?: ApiKeyGrant;
}

/** SPEC section 9: the auth cookie (and so the token) lives 2592000 s. */
export const DEFAULT_SESSION_TTL_SECONDS = 2_592_000;
const ISSUER = "brandwork";
/** Support access is short: an impersonation session lasts at most an hour, whatever the TTL. */
export const IMPERSONATION_TTL_SECONDS = 3_600;

type SessionEnv = Pick<Env, "AUTH_SECRET" | "APP_ENV" | "SESSION_TTL_SECONDS">;

export interface IssueOptions {
  ip?: string | null;
  userAgent?: string | null;
  impersonatorId?: number | null;
}

/** Records a session row and returns its signed JWT (`jti` = row id, `act` = impersonator). */
export async function issueSession(db: Database, env: SessionEnv, user: Pick<User, "id">, options: IssueOptions = {}) {
  const configured = Number(env.SESSION_TTL_SECONDS) || DEFAULT_SESSION_TTL_SECONDS;
  const ttl = options.impersonatorId ? Math.min(configured, IMPERSONATION_TTL_SECONDS) : configured;
  const id = crypto.randomUUID();
  const now = Date.now();
  await db.insert(sessions).values({
    id,
    userId: user.id,
    impersonatorId: options.impersonatorId ?? null,
    ip: options.ip ?? null,
    userAgent: options.userAgent?.slice(0, 255) ?? null,
    expiresAt: new Date(now + ttl * 1000),
  });
  const jwt = new SignJWT(options.impersonatorId ? { act: { sub: String(options.impersonatorId) } } : {})
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(user.id))
    .setJti(id)
    .setIssuer(ISSUER)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(now / 1000) + ttl);
  return { token: await jwt.sign(authSecret(env)), sessionId: id };
}

/** Reads `Authorization: Bearer <jwt>` (or an API key) and returns the live session, or throws a 401. */
export async function authenticate(db: Database, env: SessionEnv, authorization: string | undefined): Promise<Session> {
  const key = apiKeyToken(authorization);
  if (key) return authenticateApiKey(db, key);
  const claims = await verifySessionToken(env, authorization);
  const [row] = await sessionLookup(db, claims.sessionId);
  return liveSession(row, claims);
}

export interface SessionClaims {
  /** The session row's id (the token's `jti`). */
  sessionId: string;
  issuedAt: number;
}

/**
 * The token half of `authenticate` (no database): a signed, unexpired token naming a session,
 * or a 401. Split out so a caller can send the session lookup in one batch with its own reads.
 */
export async function verifySessionToken(env: SessionEnv, authorization: string | undefined): Promise<SessionClaims> {
  const token = authorization?.match(/^Bearer\s+(.+)$/i)?.[1];
  if (!token) throw new Unauthorized();
  try {
    const { payload } = await jwtVerify(token, authSecret(env), { issuer: ISSUER, algorithms: ["HS256"] });
    if (!payload.jti) throw new Unauthorized();
    return { sessionId: payload.jti, issuedAt: (payload.iat ?? 0) * 1000 };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw new SignatureExpired();
    throw new Unauthorized();
  }
}

/** The session row with its user (and impersonator's rank), unawaited so it can go in a `db.batch`. */
export function sessionLookup(db: Database, sessionId: string) {
  const impersonator = alias(users, "impersonator");
  return db
    .select({ session: sessions, user: users, impersonatorIsSuperAdmin: impersonator.isSuperAdmin })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(impersonator, eq(impersonator.id, sessions.impersonatorId))
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .limit(1);
}

/** The database half of `authenticate`: the session `sessionLookup` found, if it is still live, or a 401. */
export function liveSession(row: Awaited<ReturnType<typeof sessionLookup>>[number] | undefined, claims: SessionClaims): Session {
  if (!row) throw new Unauthorized();
  if (row.session.expiresAt.getTime() <= Date.now()) throw new SignatureExpired();
  if (row.session.impersonatorId !== null) {
    // Checked on every request, not only when issued: the hour counts from the session's
    // start, and the session ends the moment its impersonator stops being a super admin.
    if (row.session.createdAt.getTime() + IMPERSONATION_TTL_SECONDS * 1000 <= Date.now()) throw new SignatureExpired();
    if (!row.impersonatorIsSuperAdmin) throw new Unauthorized();
  }
  const validAfter = row.user.sessionsValidAfter?.getTime() ?? 0;
  if (claims.issuedAt < Math.floor(validAfter / 1000) * 1000) throw new Unauthorized();
  return { id: row.session.id, user: row.user, impersonatorId: row.session.impersonatorId };
}

export async function revokeSession(db: Database, id: string) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, id));
}

/** Ends every session of a user issued before now (password change or reset). */
export function revokeAllSessionsStatements(db: Database, userId: number) {
  const now = new Date();
  return [
    db.update(users).set({ sessionsValidAfter: now }).where(eq(users.id, userId)),
    db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt))),
  ] as const;
}
