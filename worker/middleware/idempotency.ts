import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { sha256Hex } from "../auth/secrets";
import { authenticate } from "../auth/sessions";
import { idempotencyKeys } from "../db/schema";
import type { AppEnv } from "../lib/create-app";
import { HttpError, Invalid, Unprocessable } from "../lib/errors";
import { reportError } from "../lib/reporter";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const REPLAYED_HEADER = "Idempotent-Replayed";

/** How long a first answer is kept and replayed (the cron prunes older rows). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A claim still running after this long belongs to a call that died (evicted, redeployed): it may be claimed again. */
const ABANDONED_CLAIM_MS = 5 * 60 * 1000;
/** D1 rows hold at most 2 MB; a POST's answer is far smaller, and a larger one is not kept. */
const MAX_STORED_BODY = 1_000_000;
/** What a client needs from the first answer besides its status and body. */
const KEPT_HEADERS = ["Content-Type", "Location"];
const KEY_SHAPE = /^[\x20-\x7e]{1,255}$/;

/** 409 while the first call with this key is still running: the client retries shortly. */
export class IdempotencyKeyInUse extends HttpError {
  constructor() {
    super(409, `A request with this ${IDEMPOTENCY_HEADER} is still running. Retry in a moment to get its answer.`, "idempotency_key_in_use", { retry_after: 1 }, { "Retry-After": "1" });
  }
}

/**
 * `Idempotency-Key` on POST: the first call with a key runs and its answer (status, JSON body,
 * Location) is kept for 24 hours; a retry with the same key answers that, with
 * `Idempotent-Replayed: true`, without running the route again. Keys belong to the caller (an
 * API key, or the signed-in user), so two callers never see each other's answers. The same key
 * with another request is 422; a retry while the first still runs is 409. Answers that ask for
 * a retry (5xx, 429) are not kept, so the retry runs again. Calls nobody can be identified for
 * (signing in) pass through: the route decides.
 */
export const idempotency = createMiddleware<AppEnv>(async (c, next) => {
  const key = c.req.method === "POST" ? c.req.header(IDEMPOTENCY_HEADER) : undefined;
  if (key === undefined) return next();
  if (!KEY_SHAPE.test(key)) {
    throw new Invalid(`${IDEMPOTENCY_HEADER} must be 1 to 255 printable ASCII characters`, { [IDEMPOTENCY_HEADER]: ["must be 1 to 255 printable ASCII characters"] });
  }
  const scope = await callerScope(c);
  if (!scope) return next();

  const db = c.get("db");
  const fingerprint = await requestFingerprint(c.req.raw);
  const now = Date.now();
  const claim = crypto.randomUUID();
  // One statement that only one call can win: a new row, or the reuse of an expired or abandoned one.
  const [claimed] = await db
    .insert(idempotencyKeys)
    .values({ scope, key, fingerprint, claim, claimedAt: new Date(now) })
    .onConflictDoUpdate({
      target: [idempotencyKeys.scope, idempotencyKeys.key],
      set: { fingerprint, claim, status: null, body: null, headers: null, claimedAt: new Date(now) },
      setWhere: or(
        lt(idempotencyKeys.claimedAt, new Date(now - IDEMPOTENCY_TTL_MS)),
        and(isNull(idempotencyKeys.status), lt(idempotencyKeys.claimedAt, new Date(now - ABANDONED_CLAIM_MS))),
      ),
    })
    .returning({ id: idempotencyKeys.id });

  if (!claimed) {
    const [first] = await db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    // Missing: pruned between the two statements; a retry claims it afresh.
    if (!first) throw new IdempotencyKeyInUse();
    if (first.fingerprint !== fingerprint) {
      throw new Unprocessable(`This ${IDEMPOTENCY_HEADER} was already used with a different request (method, path or body). Use a new key for a new request.`, {
        [IDEMPOTENCY_HEADER]: ["was used with a different request"],
      });
    }
    if (first.status === null) throw new IdempotencyKeyInUse();
    return new Response(first.body, { status: first.status, headers: { ...first.headers, [REPLAYED_HEADER]: "true" } });
  }

  await next();
  const mine = and(eq(idempotencyKeys.id, claimed.id), eq(idempotencyKeys.claim, claim));
  try {
    const answer = await storableAnswer(c.res);
    if (answer) await db.update(idempotencyKeys).set(answer).where(mine);
    else await db.delete(idempotencyKeys).where(mine);
  } catch (error) {
    // The route's answer stands; the claim runs out (ABANDONED_CLAIM_MS) and a retry then runs again.
    reportError({ env: c.env, ctx: c.executionCtx, request: c.req.raw }, error, { surface: "idempotency" });
  }
});

/** The key's owner: the API key the gate admitted, or the signed-in user; null for anonymous calls. */
async function callerScope(c: Context<AppEnv>): Promise<string | null> {
  const grant = c.get("session")?.apiKey;
  if (grant) return `api_key:${grant.id}`;
  const authorization = c.req.header("Authorization");
  if (!authorization) return null;
  try {
    return `user:${(await authenticate(c.get("db"), c.env, authorization)).user.id}`;
  } catch (error) {
    // A bad token: the route answers 401 itself (or serves the anonymous call it allows).
    if (error instanceof HttpError) return null;
    throw error;
  }
}

/** SHA-256 of what makes two requests the same: method, path and query, workspace, body. */
async function requestFingerprint(request: Request): Promise<string> {
  const url = new URL(request.url);
  const body = await sha256Hex(await request.clone().arrayBuffer());
  return sha256Hex(`${request.method} ${url.pathname}${url.search}\n${request.headers.get("X-Workspace-Id") ?? ""}\n${body}`);
}

/** The answer to keep, or null when a retry should run again (5xx, 429) or the body is not JSON (a stream, a file). */
async function storableAnswer(response: Response) {
  if (response.status >= 500 || response.status === 429) return null;
  const headers = Object.fromEntries(KEPT_HEADERS.flatMap((name) => (response.headers.has(name) ? [[name, response.headers.get(name)!]] : [])));
  if (!response.body) return { status: response.status, body: null, headers };
  if (!response.headers.get("Content-Type")?.startsWith("application/json")) return null;
  const body = await response.clone().text();
  return body.length > MAX_STORED_BODY ? null : { status: response.status, body, headers };
}
