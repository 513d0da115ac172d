import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import {
  createScimTokenSchema,
  scimListQuery,
  scimPatchSchema,
  scimTokenIdParam,
  scimUserIdParam,
  scimUserSchema,
  type ScimUserInput,
} from "../../core/contracts/scim";
import { randomToken, sha256Hex } from "../auth/secrets";
import { memberCommandContext, memberEvent } from "../commands/memberEvents";
import { memberInviter } from "../commands/memberInviter";
import { scimUserUpdater } from "../commands/scimUserUpdater";
import { scimTokens } from "../db/schema";
import { createApp, type AppEnv } from "../lib/create-app";
import { Conflict, Invalid, NotFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireScimToken, scimResponses } from "../middleware/scim";
import { requireSession } from "../middleware/session";
import { authorize } from "../policies";
import {
  presentScimList,
  presentScimToken,
  presentScimUser,
  presentServiceProviderConfig,
  presentUserResourceType,
  presentUserSchema,
} from "../presenters/scim";
import { loadMember, memberByEmail, type MemberRow } from "../services/members";
import { assertSameUserName, listScimTokens, listScimUsers, parseScimFilter, scimPatchChanges } from "../services/scim";

const origin = (c: Context<AppEnv>) => new URL(c.req.url).origin;

/** SCIM token management works in the workspace named by X-Workspace-Id. */
function workspaceActor(c: Context<AppEnv>) {
  const actor = c.get("actor");
  if (!actor) {
    throw new Invalid("Send X-Workspace-Id to say which workspace's SCIM tokens you mean", { "X-Workspace-Id": ["is required"] });
  }
  authorize(actor, "scim.manage");
  return actor;
}

/** What the identity provider did, recorded with every event: which token it used. */
const scimContext = (c: Context<AppEnv>) =>
  memberCommandContext(c, { workspaceId: c.get("workspace").id, actorId: null, via: { scim_token_id: c.get("scimToken").id } });

const scimUser = (c: Context<AppEnv>, { user, membership }: MemberRow) => presentScimUser(user, membership, origin(c));

/** The name parts a POST or PUT carries; absent ones are left as they are. */
const nameChanges = (input: ScimUserInput) => ({
  ...(input.name?.givenName !== undefined && { givenName: input.name.givenName }),
  ...(input.name?.familyName !== undefined && { familyName: input.name.familyName }),
});

/**
 * SCIM tokens (/v1/scim/tokens, admins, signed in) and the SCIM 2.0 Users endpoint
 * (/v1/scim/v2/Users) that an identity provider calls with such a token. A SCIM User is a
 * membership of the token's workspace; its id is the user's id. Mounted at the /v1 root, so
 * middleware is given route by route.
 */
export const scimApi = createApp()
  .post("/scim/tokens", requireSession, validate("json", createScimTokenSchema), async (c) => {
    const db = c.get("db");
    const actor = workspaceActor(c);
    const token = `scim_${randomToken()}`;
    const context = memberCommandContext(c, { workspaceId: actor.workspaceId, actorId: actor.userId });
    const [[created]] = await db.batch([
      db
        .insert(scimTokens)
        .values({ workspaceId: actor.workspaceId, name: c.req.valid("json").name, tokenHash: await sha256Hex(token), createdById: actor.userId })
        .returning(),
      memberEvent(db, context, { name: "scim.token_created", userId: actor.userId, properties: { name: c.req.valid("json").name } }),
    ]);
    c.header("Cache-Control", "no-store");
    // The only time the token is shown: only its hash is kept.
    return c.json({ data: { ...presentScimToken(created!), token } }, 201);
  })

  .get("/scim/tokens", requireSession, async (c) => {
    const actor = workspaceActor(c);
    const rows = await listScimTokens(c.get("db"), actor.workspaceId);
    return c.json({ data: rows.map(presentScimToken) });
  })

  .delete("/scim/tokens/:id", requireSession, validate("param", scimTokenIdParam), async (c) => {
    const db = c.get("db");
    const actor = workspaceActor(c);
    const where = and(eq(scimTokens.id, c.req.valid("param").id), eq(scimTokens.workspaceId, actor.workspaceId));
    const [token] = await db.select().from(scimTokens).where(where).limit(1);
    if (!token) throw new NotFound("SCIM token not found");
    if (!token.revokedAt) {
      const context = memberCommandContext(c, { workspaceId: actor.workspaceId, actorId: actor.userId });
      await db.batch([
        db.update(scimTokens).set({ revokedAt: new Date() }).where(where),
        memberEvent(db, context, { name: "scim.token_revoked", userId: actor.userId, properties: { scim_token_id: token.id } }),
      ]);
    }
    return c.body(null, 204);
  })

  // Discovery, for identity providers that configure themselves from it.
  .get("/scim/v2/ServiceProviderConfig", scimResponses, requireScimToken, (c) => c.json(presentServiceProviderConfig(origin(c))))
  .get("/scim/v2/ResourceTypes", scimResponses, requireScimToken, (c) =>
    c.json(presentScimList([presentUserResourceType(origin(c))], { totalResults: 1, startIndex: 1 })),
  )
  .get("/scim/v2/Schemas", scimResponses, requireScimToken, (c) =>
    c.json(presentScimList([presentUserSchema(origin(c))], { totalResults: 1, startIndex: 1 })),
  )

  .get("/scim/v2/Users", scimResponses, requireScimToken, validate("query", scimListQuery), async (c) => {
    const query = c.req.valid("query");
    const filter = parseScimFilter(query.filter);
    const { rows, totalResults } = await listScimUsers(c.get("db"), c.get("workspace").id, {
      userName: filter?.userName,
      startIndex: query.startIndex,
      count: query.count,
    });
    return c.json(presentScimList(rows.map((row) => scimUser(c, row)), { totalResults, startIndex: query.startIndex }));
  })

  .get("/scim/v2/Users/:id", scimResponses, requireScimToken, validate("param", scimUserIdParam), async (c) => {
    return c.json(scimUser(c, await loadMember(c.get("db"), c.get("workspace").id, c.req.valid("param").id)));
  })

  .post("/scim/v2/Users", scimResponses, requireScimToken, validate("json", scimUserSchema), async (c) => {
    const db = c.get("db");
    const input = c.req.valid("json");
    const workspace = c.get("workspace");
    const context = scimContext(c);
    const { user: existingUser, membership: existing } = await memberByEmail(db, workspace.id, input.userName);
    if (existing && existing.status !== "deactivated") {
      throw new Conflict(`A user with userName ${input.userName} already belongs to this workspace`);
    }
    if (existing) {
      // A returning member: reactivate the membership they had.
      const member = await scimUserUpdater(db, c.env, {
        context,
        member: { user: existingUser!, membership: existing },
        changes: { active: true, ...nameChanges(input) },
      });
      return c.json(scimUser(c, member), 201);
    }
    // Someone new to the workspace is invited: the email lets them set a password and sign in.
    await memberInviter(db, c.env, {
      context,
      inviter: null,
      workspace,
      invites: [{ email: input.userName, role: "member", firstName: input.name?.givenName, lastName: input.name?.familyName }],
      origin: origin(c),
      renewPending: false,
    });
    const { user: created } = await memberByEmail(db, workspace.id, input.userName);
    const invited = await loadMember(db, workspace.id, created!.id);
    // A new user got the names at creation; an existing account's names follow scimUserUpdater's rule.
    const member = existingUser ? await scimUserUpdater(db, c.env, { context, member: invited, changes: nameChanges(input) }) : invited;
    return c.json(scimUser(c, member), 201);
  })

  .put("/scim/v2/Users/:id", scimResponses, requireScimToken, validate("param", scimUserIdParam), validate("json", scimUserSchema), async (c) => {
    const db = c.get("db");
    const input = c.req.valid("json");
    const member = await loadMember(db, c.get("workspace").id, c.req.valid("param").id);
    assertSameUserName(input.userName, member.user.email);
    const updated = await scimUserUpdater(db, c.env, {
      context: scimContext(c),
      member,
      changes: { ...(input.active !== undefined && { active: input.active }), ...nameChanges(input) },
    });
    return c.json(scimUser(c, updated));
  })

  .patch("/scim/v2/Users/:id", scimResponses, requireScimToken, validate("param", scimUserIdParam), validate("json", scimPatchSchema), async (c) => {
    const db = c.get("db");
    const member = await loadMember(db, c.get("workspace").id, c.req.valid("param").id);
    const changes = scimPatchChanges(c.req.valid("json").Operations, member.user.email);
    return c.json(scimUser(c, await scimUserUpdater(db, c.env, { context: scimContext(c), member, changes })));
  })

  .delete("/scim/v2/Users/:id", scimResponses, requireScimToken, validate("param", scimUserIdParam), async (c) => {
    const db = c.get("db");
    const member = await loadMember(db, c.get("workspace").id, c.req.valid("param").id);
    await scimUserUpdater(db, c.env, { context: scimContext(c), member, changes: { active: false } });
    return c.body(null, 204);
  });
