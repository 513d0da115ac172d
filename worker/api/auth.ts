import { and, eq, gt, isNull } from "drizzle-orm";
import {
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_SHORT,
  passwordChangeSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  signInSchema,
  signUpSchema,
} from "../../core/contracts/users";
import { linkOAuthIdentity } from "../auth/oauth";
import { hashPassword, verifyPassword } from "../auth/password";
import { randomToken, sha256Hex } from "../auth/secrets";
import { issueSession, revokeAllSessionsStatements, revokeSession } from "../auth/sessions";
import { clearFailures, enforceThrottle, recordFailure } from "../auth/throttle";
import { workspaceCreationStatements, workspaceKey } from "../commands/workspaceCreator";
import { memberships, userTokens, users, workspaces, type User } from "../db/schema";
import { createApp } from "../lib/create-app";
import { Invalid, Unauthorized, Unprocessable } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireSessionAnyWorkspace } from "../middleware/session";
import { presentUser } from "../presenters/users";
import { billingConfig } from "../services/billing/stripe-client";
import { trialForNewWorkspace } from "../services/billing/trial";
import { sendMail } from "../services/mail";
import { reservePasswordResetMail } from "../services/mail-quota";
import { passwordResetMail } from "../services/mail-templates";
import type { Context } from "hono";
import type { AppEnv } from "../lib/create-app";

const INVALID_CREDENTIALS = "Invalid login credentials. Please try again.";
const RESET_TTL_MINUTES = 60;

const clientIp = (c: Context<AppEnv>) => c.req.header("CF-Connecting-IP") ?? null;

function assertStrongPassword(password: string) {
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw new Unprocessable(`Password ${PASSWORD_TOO_SHORT}`, { password: [PASSWORD_TOO_SHORT] });
  }
}

/** Answers like sign-in everywhere: the user in the body, the token in `Authorization`. */
async function respondWithSession(c: Context<AppEnv>, user: User, status: 200 | 201 = 200) {
  const { token } = await issueSession(c.get("db"), c.env, user, {
    ip: clientIp(c),
    userAgent: c.req.header("User-Agent"),
  });
  c.header("Authorization", `Bearer ${token}`);
  c.header("Cache-Control", "no-store");
  return c.json({ data: presentUser(user) }, status);
}

/** Only same-origin paths and URLs may be used in emailed links (no open redirects). */
function resetLink(c: Context<AppEnv>, redirectUrl: string | null | undefined, token: string) {
  const origin = new URL(c.req.url).origin;
  let target = new URL("/login_or_signup?step=reset_password", origin);
  if (redirectUrl) {
    try {
      const candidate = new URL(redirectUrl, origin);
      if (candidate.origin === origin) target = candidate;
    } catch {
      // fall back to the default page
    }
  }
  target.searchParams.set("reset_password_token", token);
  return target.toString();
}

export const auth = createApp()
  .post("/users/sign_in", validate("json", signInSchema), async (c) => {
    const db = c.get("db");
    const { user: credentials, domain, oauth_link } = c.req.valid("json");
    const keys = { email: credentials.email, ip: clientIp(c) };
    await enforceThrottle(db, keys);

    const [user] = await db.select().from(users).where(eq(users.email, credentials.email)).limit(1);
    // Hash even for unknown emails so timing does not reveal which accounts exist.
    const valid = await verifyPassword(credentials.password, user?.passwordHash ?? "pbkdf2-sha256$100000$AAAA$AAAA");
    if (!user || !valid) {
      await recordFailure(db, keys);
      throw new Unauthorized(INVALID_CREDENTIALS);
    }
    await clearFailures(db, credentials.email);
    // The password proved the account, so the identity that was waiting for it is linked.
    if (oauth_link) await linkOAuthIdentity(db, c.env, oauth_link, user);

    if (domain) {
      const [workspace] = await db
        .select({ id: workspaces.id })
        .from(workspaces)
        .innerJoin(memberships, and(eq(memberships.workspaceId, workspaces.id), eq(memberships.userId, user.id)))
        .where(and(eq(workspaces.key, domain), eq(memberships.status, "active")))
        .limit(1);
      if (workspace) await db.update(users).set({ lastWorkspaceId: workspace.id }).where(eq(users.id, user.id));
    }
    return respondWithSession(c, user);
  })

  .post("/users", validate("json", signUpSchema), async (c) => {
    const db = c.get("db");
    const input = c.req.valid("json").user;
    assertStrongPassword(input.password);
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
    if (existing) throw new Unprocessable("Email has already been taken", { email: ["has already been taken"] });

    // The account and, when a company is given, its first workspace land together or not at all.
    const insertUser = db
      .insert(users)
      .values({
        email: input.email,
        firstName: input.first_name,
        lastName: input.last_name,
        passwordHash: await hashPassword(input.password),
      });
    const company = input.company ? { name: input.company } : null;
    const key = company ? workspaceKey(company.name) : null;
    try {
      await db.batch([
        insertUser,
        ...(company && key ? workspaceCreationStatements(db, input.email, company, key) : []),
        // A sign-up's first workspace starts its free trial with it (only where billing is on).
        ...(key && billingConfig(c.env) ? [trialForNewWorkspace(db, key, input.email, new Date())] : []),
      ]);
    } catch (error) {
      // Two sign-ups racing for one email: the unique index refuses the second, whole.
      if (String(error).includes("UNIQUE constraint failed: users.email")) {
        throw new Unprocessable("Email has already been taken", { email: ["has already been taken"] });
      }
      throw error;
    }
    const [user] = await db.select().from(users).where(eq(users.email, input.email));
    return respondWithSession(c, user!, 201);
  })

  .delete("/users/sign_out", requireSessionAnyWorkspace, async (c) => {
    await revokeSession(c.get("db"), c.get("session").id);
    return c.body(null, 204);
  })

  .post("/users/password", validate("json", passwordResetRequestSchema), async (c) => {
    const db = c.get("db");
    const { email, redirect_url } = c.req.valid("json");
    await reservePasswordResetMail(db, { email, ip: clientIp(c) });
    const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    if (user) {
      const token = randomToken();
      await db.insert(userTokens).values({
        kind: "password_reset",
        tokenHash: await sha256Hex(token),
        userId: user.id,
        expiresAt: new Date(Date.now() + RESET_TTL_MINUTES * 60_000),
      });
      await sendMail(db, c.env, passwordResetMail(user.email, resetLink(c, redirect_url, token), RESET_TTL_MINUTES));
    }
    // The same answer for known and unknown emails: no account enumeration.
    return c.json({ message: "If an account exists for that email, we sent a link to reset its password." });
  })

  .put("/password-reset", validate("json", passwordResetSchema), async (c) => {
    const db = c.get("db");
    const { token, password } = c.req.valid("json");
    assertStrongPassword(password);
    const passwordHash = await hashPassword(password);
    // Claiming the token is one conditional UPDATE: of two requests racing with the same
    // link, only the one whose UPDATE changed the row goes on.
    const [claimed] = await db
      .update(userTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(userTokens.tokenHash, await sha256Hex(token)),
          eq(userTokens.kind, "password_reset"),
          isNull(userTokens.usedAt),
          gt(userTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: userTokens.userId });
    if (!claimed) {
      throw new Invalid("This reset link is invalid or has expired. Ask for a new one.", {
        token: ["is invalid or has expired"],
      });
    }
    // The new password also expires every other reset link of the account (migration 0008's trigger).
    await db.batch([
      db.update(users).set({ passwordHash }).where(eq(users.id, claimed.userId)),
      ...revokeAllSessionsStatements(db, claimed.userId),
    ]);
    const [user] = await db.select().from(users).where(eq(users.id, claimed.userId));
    await clearFailures(db, user!.email);
    return respondWithSession(c, user!);
  })

  .put("/password", requireSessionAnyWorkspace, validate("json", passwordChangeSchema), async (c) => {
    const db = c.get("db");
    const { current_password, password } = c.req.valid("json");
    const { user } = c.get("session");
    if (!(await verifyPassword(current_password, user.passwordHash))) {
      throw new Unprocessable("Current password is incorrect", { current_password: ["is incorrect"] });
    }
    assertStrongPassword(password);
    await db.batch([
      db.update(users).set({ passwordHash: await hashPassword(password) }).where(eq(users.id, user.id)),
      ...revokeAllSessionsStatements(db, user.id),
    ]);
    // Every other session ends; this browser gets a fresh token.
    return respondWithSession(c, user);
  });
