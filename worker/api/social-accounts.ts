import { and, asc, eq, inArray, lt } from "drizzle-orm";
import * as z from "zod";
import { idParam, positiveId, workspaceParam } from "../../core/contracts/common";
import { connectAccountSchema } from "../../core/contracts/posts";
import { signScopedToken, verifyScopedToken } from "../auth/scoped-tokens";
import type { Database } from "../db/client";
import { postTargets, socialAccounts } from "../db/schema";
import { createApp } from "../lib/create-app";
import { Invalid, NotFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireSession } from "../middleware/session";
import { requireWorkspace } from "../middleware/workspace";
import { authorize } from "../policies";
import { presentAccount } from "../presenters/posts";
import { credentialBinding, encryptCredentials } from "../services/publishing/credentials";
import { accountEvent, broadcast } from "../services/publishing/events";
import { connectableNetworks } from "../services/publishing/providers";
import { connectSandboxAccount, reconnectSandboxAccount } from "../services/publishing/providers/sandbox";
import { networkLimits } from "../services/publishing/publisher";
import { claimAndQueue } from "../services/publishing/claim";
import { publisherDeps } from "../services/publishing/queue";
import { sandboxEntries } from "../services/publishing/reads";
import { liveChannel } from "../services/live";
import { actorForRow } from "./workspace-rows";

/**
 * Social accounts (connect, reconnect, disconnect), the sandbox network's timeline, and the
 * calendar's live channel: a short ticket, then a WebSocket to the workspace's InboxHub.
 */

const providerContext = (c: { get(key: "db"): Database; env: Env }) => ({ db: c.get("db"), env: c.env, now: Date.now, fetch });

export const socialAccountsApi = createApp()
  .get("/w/:ws/social_accounts", requireWorkspace, validate("param", workspaceParam), async (c) => {
    const actor = c.get("actor");
    authorize(actor, "posts.read");
    const limits = networkLimits(c.env);
    const rows = await c.get("db").select().from(socialAccounts).where(eq(socialAccounts.workspaceId, actor.workspaceId)).orderBy(asc(socialAccounts.displayName));
    return c.json({
      data: rows.map((row) => presentAccount(row, limits[row.network])),
      networks: connectableNetworks.map((network) => ({ network, label: limits[network]!.label, limits: limits[network] })),
    });
  })

  .post("/w/:ws/social_accounts", requireWorkspace, validate("param", workspaceParam), validate("json", connectAccountSchema), async (c) => {
    const db = c.get("db");
    const actor = c.get("actor");
    authorize(actor, "social_accounts.manage");
    const input = c.req.valid("json");
    if (input.network !== "sandbox") {
      throw new Invalid(`Connecting ${networkLimits(c.env)[input.network]!.label} is not available yet; connect the Sandbox to try publishing.`, { network: ["is not available on this deployment"] });
    }
    const connected = await connectSandboxAccount(providerContext(c), input.display_name);
    const binding = credentialBinding({ workspaceId: actor.workspaceId, network: input.network, externalId: connected.externalId });
    const [account] = await db
      .insert(socialAccounts)
      .values({
        workspaceId: actor.workspaceId,
        network: input.network,
        externalId: connected.externalId,
        displayName: connected.displayName,
        handle: connected.handle,
        avatarUrl: connected.avatarUrl,
        credentials: await encryptCredentials(c.env, connected.credentials, binding),
        tokenExpiresAt: connected.expiresAt,
        connectedById: actor.userId,
      })
      .returning();
    await broadcast(c.env, actor.workspaceId, { type: "account.updated", account_id: account!.id });
    return c.json({ data: presentAccount(account!) }, 201);
  })

  .post("/social_accounts/:id/reconnect", requireSession, validate("param", idParam), async (c) => {
    const db = c.get("db");
    const [account] = await db.select().from(socialAccounts).where(eq(socialAccounts.id, c.req.valid("param").id));
    if (!account) throw new NotFound("Social account not found");
    const actor = await actorForRow(c, account.workspaceId, "social_accounts.manage", "Social account not found");
    const fresh = await reconnectSandboxAccount(providerContext(c), account.externalId);
    const now = Date.now();
    const [updated] = await db.batch([
      db
        .update(socialAccounts)
        .set({ credentials: await encryptCredentials(c.env, fresh.credentials, credentialBinding(account)), tokenExpiresAt: fresh.expiresAt, state: "active", stateReason: null, refreshLeaseUntil: null, connectedById: actor.userId })
        .where(eq(socialAccounts.id, account.id))
        .returning(),
      // Posts that waited for the reconnect go now (they were due) or at their own time.
      db
        .update(postTargets)
        .set({ nextAttemptAt: now, errorClass: null, errorMessage: null, errorHint: null })
        .where(and(eq(postTargets.accountId, account.id), eq(postTargets.state, "scheduled"), lt(postTargets.publishAt, now)))
        .returning({ id: postTargets.id }),
    ]);
    await claimAndQueue(publisherDeps(db, c.env), now, { accountId: account.id, limit: 1 });
    await accountEvent({ db, env: c.env }, updated[0]!);
    return c.json({ data: presentAccount(updated[0]!) });
  })

  .delete("/social_accounts/:id", requireSession, validate("param", idParam), async (c) => {
    const db = c.get("db");
    const [account] = await db.select().from(socialAccounts).where(eq(socialAccounts.id, c.req.valid("param").id));
    if (!account) throw new NotFound("Social account not found");
    await actorForRow(c, account.workspaceId, "social_accounts.manage", "Social account not found");
    // Disconnecting keeps the history; posts still waiting for it are cancelled with a reason.
    await db.batch([
      db.update(socialAccounts).set({ state: "disconnected", stateReason: "Disconnected from Brandwork", credentials: "" }).where(eq(socialAccounts.id, account.id)),
      db
        .update(postTargets)
        .set({ state: "cancelled", errorMessage: `${account.displayName} was disconnected.` })
        .where(and(eq(postTargets.accountId, account.id), inArray(postTargets.state, ["draft", "scheduled", "failed", "missed"]))),
    ]);
    await broadcast(c.env, account.workspaceId, { type: "account.updated", account_id: account.id });
    return c.body(null, 204);
  })

  .get("/w/:ws/sandbox/timeline", requireWorkspace, validate("param", workspaceParam), validate("query", z.object({ account_id: positiveId.optional() })), async (c) => {
    const db = c.get("db");
    const actor = c.get("actor");
    authorize(actor, "posts.read");
    const { entries } = await sandboxEntries(db, actor.workspaceId, { accountId: c.req.valid("query").account_id });
    return c.json({ data: entries });
  })

  /** A one-minute ticket for the live channel (a WebSocket cannot send an Authorization header). */
  .post("/w/:ws/live_ticket", requireWorkspace, validate("param", workspaceParam), async (c) => {
    const actor = c.get("actor");
    authorize(actor, "posts.read");
    const ticket = await signScopedToken(c.env, "live", { subject: String(actor.userId), claims: { ws: actor.workspaceId }, ttlSeconds: 60 });
    return c.json({ data: { ticket: ticket.token, expires_at: ticket.expiresAt.toISOString() } });
  })

  .get("/w/:ws/live", validate("param", workspaceParam), validate("query", z.object({ ticket: z.string().min(1).max(2000) })), async (c) => {
    if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") return c.json({ error: "Expected a WebSocket upgrade" }, 426);
    const payload = await verifyScopedToken(c.env, "live", c.req.valid("query").ticket);
    const { ws } = c.req.valid("param");
    if (payload.ws !== ws) throw new NotFound("Workspace not found");
    return liveChannel(c.env, `workspace:${ws}`).fetch(c.req.raw);
  });
