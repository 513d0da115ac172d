import { acceptInvitationSchema, invitationTokenParam } from "../../core/contracts/members";
import { PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT } from "../../core/contracts/users";
import { hashPassword, verifyPassword } from "../auth/password";
import { authenticate, issueSession } from "../auth/sessions";
import { clearFailures, enforceThrottle, recordFailure } from "../auth/throttle";
import { invitationAccepter } from "../commands/invitationAccepter";
import { memberCommandContext } from "../commands/memberEvents";
import { createApp } from "../lib/create-app";
import { Forbidden, Unauthorized, Unprocessable } from "../lib/errors";
import { validate } from "../lib/validate";
import { presentInvitationPreview } from "../presenters/members";
import { presentUser } from "../presenters/users";
import { findInvitation } from "../services/invitations";

/**
 * Member invitations: /v1/invitations/:token. Nobody is signed in yet when the link is opened,
 * so the token is the credential; an account that already has a password must also prove it
 * is theirs (a session as that user, or the password). Mounted at the /v1 root: no root `use`.
 */
export const invitationsApi = createApp()
  .get("/invitations/:token", validate("param", invitationTokenParam), async (c) => {
    const invitation = await findInvitation(c.get("db"), c.req.valid("param").token);
    c.header("Cache-Control", "no-store");
    return c.json({ data: presentInvitationPreview(invitation) });
  })

  .post("/invitations/:token/accept", validate("param", invitationTokenParam), validate("json", acceptInvitationSchema), async (c) => {
    const db = c.get("db");
    const invitation = await findInvitation(db, c.req.valid("param").token);
    const input = c.req.valid("json");
    const invited = invitation.user;
    const authorization = c.req.header("Authorization");
    const session = authorization ? await authenticate(db, c.env, authorization) : null;
    if (session && session.user.id !== invited.id) {
      throw new Forbidden(`This invitation is for ${invited.email}. Sign out, then open the link again to accept it.`);
    }

    let passwordHash: string | undefined;
    if (invited.passwordHash === null) {
      // Choosing a password is how an invited person creates their account.
      if (input.password === undefined && !session) {
        throw new Unprocessable("Choose a password to accept the invitation", { password: ["can't be blank"] });
      }
      if (input.password !== undefined) {
        if (input.password.length < PASSWORD_MIN_LENGTH) {
          throw new Unprocessable(`Password ${PASSWORD_TOO_SHORT}`, { password: [PASSWORD_TOO_SHORT] });
        }
        passwordHash = await hashPassword(input.password);
      }
    } else if (!session) {
      if (input.password === undefined) throw new Unauthorized();
      // The password is checked as at sign-in: throttled per email and IP.
      const keys = { email: invited.email, ip: c.req.header("CF-Connecting-IP") ?? null };
      await enforceThrottle(db, keys);
      if (!(await verifyPassword(input.password, invited.passwordHash))) {
        await recordFailure(db, keys);
        throw new Unprocessable("Password is incorrect", { password: ["is incorrect"] });
      }
      await clearFailures(db, invited.email);
    }

    const user = await invitationAccepter(db, {
      context: memberCommandContext(c, { workspaceId: invitation.workspace.id, actorId: invited.id }),
      invitation,
      passwordHash,
      // Names are the new account's to choose; an existing account keeps its own.
      ...(invited.passwordHash === null && { firstName: input.first_name, lastName: input.last_name }),
    });
    const { token } = await issueSession(db, c.env, user, {
      ip: c.req.header("CF-Connecting-IP") ?? null,
      userAgent: c.req.header("User-Agent"),
    });
    c.header("Authorization", `Bearer ${token}`);
    c.header("Cache-Control", "no-store");
    return c.json({ data: presentUser(user) });
  });
