import { and, eq, inArray } from "drizzle-orm";
import * as z from "zod";
import { idParam, workspaceParam } from "../../core/contracts/common";
import { accountListOut, accountOut, connectAccountSchema, cursorMetaOut, cursorQuery, sandboxEntryOut, sandboxTimelineQuery } from "../../core/contracts/posts";
import { publicRoute } from "../openapi/public-route";
import { signScopedToken, verifyScopedToken } from "../auth/scoped-tokens";
import type { Database } from "../db/client";
import { postTargets, socialAccounts, type SocialAccount } from "../db/schema";
import { createApp } from "../lib/create-app";
import { Invalid, NotFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireSession } from "../middleware/session";
import { requireWorkspace } from "../middleware/workspace";
import { authorize } from "../policies";
import { presentConnector } from "../presenters/connections";
import { presentAccount, presentNetwork } from "../presenters/posts";
import { credentialBinding, decryptCredentials, encryptCredentials } from "../services/publishing/credentials";
import { broadcast } from "../services/publishing/events";
import { providerOf, registeredProviders } from "../services/connections/registry";
import { reconnectAccount } from "../services/connections/store";
import type { ProviderContext } from "../services/publishing/providers/types";
import { connectSandboxAccount, reconnectSandboxAccount } from "../services/publishing/providers/sandbox";
import { networkLimits } from "../services/publishing/publisher";
import { ACCOUNTS, cursorWindow, keysetOrder, SANDBOX_TIMELINE } from "../services/publishing/keysets";
import { sandboxEntries } from "../services/publishing/reads";
import { liveChannel } from "../services/live";
import { actorForRow } from "./workspace-rows";
import { authorizeWithinPlanOf } from "../services/billing/entitlements";

/**
 * Social accounts (connect, reconnect, disconnect), the sandbox network's timeline, and the
 * calendar's live channel: a short ticket, then a WebSocket to the workspace's InboxHub.
 */

const providerContext = (c: { get(key: "db"): Database; env: Env }) => ({ db: c.get("db"), env: c.env, now: Date.now, fetch });

/** The instance an account lives on (a Mastodon server), when its provider kept it with the credentials. */
async function storedInstance(env: Env, account: SocialAccount): Promise<string | null> {
  if (!account.credentials) return null;
  try {
    return (await decryptCredentials(env, account.credentials, credentialBinding(account))).extra?.instance ?? null;
  } catch {
    return null;
  }
}

/** Asks the network to forget this app's access (best effort: a failure is logged, the disconnect goes on). */
export async function revokeAccount(ctx: ProviderContext, account: SocialAccount) {
  const provider = providerOf(account.network);
  if (!provider?.revoke || !account.credentials) return;
  try {
    const credentials = await decryptCredentials(ctx.env, account.credentials, credentialBinding(account));
    await provider.revoke(ctx, { externalId: account.externalId, handle: account.handle, credentials });
  } catch (error) {
    console.warn(`social accounts: revoking ${account.network} account ${account.id} at the network failed`, error);
  }
}

export const socialAccountsApi = createApp()
  .get(
    "/w/:ws/social_accounts",
    publicRoute({
      scope: "read",
      tag: "Social accounts",
      summary: "List social accounts",
      description:
        "The workspace's accounts by name, with their state and their network's limits (never their credentials), and in `networks` each network that can be connected on this server and how. Without `cursor` or `limit`, all of them; with them, pages of `limit` (50 by default).",
      response: accountListOut,
      example: { params: { ws: "$workspace" }, query: { limit: "20" } },
    }),
    requireWorkspace,
    validate("param", workspaceParam),
    validate("query", cursorQuery),
    async (c) => {
    const actor = c.get("actor");
    authorize(actor, "posts.read");
    const limits = networkLimits(c.env);
    const { window, page } = cursorWindow(ACCOUNTS, c.req.valid("query"));
    const query = c
      .get("db")
      .select()
      .from(socialAccounts)
      .where(and(eq(socialAccounts.workspaceId, actor.workspaceId), window?.where))
      .orderBy(...keysetOrder(ACCOUNTS))
      .$dynamic();
    const rows = await (window ? query.limit(window.limit) : query);
    return c.json({
      ...page(rows.map((row) => presentAccount(row, limits[row.network]))),
      // Each network with the ways to connect it here: the dialog shows OAuth buttons, forms, and what is not configured.
      networks: registeredProviders().map((provider) => presentNetwork(c.env, provider, limits[provider.network]!)),
    });
    },
  )

  .post(
    "/w/:ws/social_accounts",
    publicRoute({
      scope: "admin",
      tag: "Social accounts",
      summary: "Add a Sandbox account",
      description:
        "Adds an account of the Sandbox, Brandwork's own test network: posts to it go through the whole publishing path and land on the workspace's sandbox timeline, nowhere public. Other networks are connected in the app (their sign-in runs in a browser); here they are refused with 400 naming `network`.",
      response: z.object({ data: accountOut }),
      errors: [402],
      status: 201,
      example: { params: { ws: "$workspace" }, body: { network: "sandbox", display_name: "Fernhill Sandbox" } },
    }),
    requireWorkspace,
    validate("param", workspaceParam),
    validate("json", connectAccountSchema),
    async (c) => {
    const db = c.get("db");
    const actor = c.get("actor");
    authorize(actor, "social_accounts.manage");
    const input = c.req.valid("json");
    if (input.network !== "sandbox") {
      throw new Invalid(`Connecting ${networkLimits(c.env)[input.network]!.label} is not available yet; connect the Sandbox to try publishing.`, { network: ["is not available on this deployment"] });
    }
    // A new Sandbox account each time (its own external id): it takes a place among the plan's connected accounts.
    await authorizeWithinPlanOf(db, c.env, actor, "social_accounts", 1);
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
    },
  )

  .post("/social_accounts/:id/reconnect", requireSession, validate("param", idParam), async (c) => {
    const db = c.get("db");
    const [account] = await db.select().from(socialAccounts).where(eq(socialAccounts.id, c.req.valid("param").id));
    if (!account) throw new NotFound("Social account not found");
    const actor = await actorForRow(c, account.workspaceId, "social_accounts.manage", "Social account not found");
    const connector = providerOf(account.network)?.connectors[0];
    if (!connector) throw new Invalid(`${networkLimits(c.env)[account.network]!.label} is not available on this server`, { network: ["is not available on this server"] });
    if (connector.kind === "oauth") {
      // The browser goes through the connect flow again; the callback finds this account by its id on the network.
      const query = new URLSearchParams({ workspace: String(account.workspaceId), account: String(account.id) });
      const instance = await storedInstance(c.env, account);
      if (instance) query.set("instance", instance);
      return c.json({ redirect: `/integrations/${connector.id}/connect?${query}`, connector: presentConnector(c.env, connector) });
    }
    if (connector.kind === "form") {
      return c.json({ form: presentConnector(c.env, connector), message: `Fill in ${connector.label} again to reconnect ${account.displayName}.` });
    }
    const fresh = await reconnectSandboxAccount(providerContext(c), account.externalId);
    const updated = await reconnectAccount(db, c.env, account, fresh, actor);
    return c.json({ data: presentAccount(updated) });
  })

  .delete(
    "/social_accounts/:id",
    publicRoute({
      scope: "admin",
      tag: "Social accounts",
      summary: "Disconnect a social account",
      description: "Asks the network to forget Brandwork's access, forgets the credentials and keeps the account's history; its posts still waiting are cancelled with the reason.",
      response: null,
      status: 204,
      errors: [404],
      example: { params: { id: "$account" } },
    }),
    requireSession,
    validate("param", idParam),
    async (c) => {
    const db = c.get("db");
    const [account] = await db.select().from(socialAccounts).where(eq(socialAccounts.id, c.req.valid("param").id));
    if (!account) throw new NotFound("Social account not found");
    await actorForRow(c, account.workspaceId, "social_accounts.manage", "Social account not found");
    await revokeAccount(providerContext(c), account);
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
    },
  )

  .get(
    "/w/:ws/sandbox/timeline",
    publicRoute({
      scope: "read",
      tag: "Social accounts",
      summary: "Read the Sandbox timeline",
      description:
        "What the workspace's Sandbox accounts (or the one named by `account_id`) published, and the faults they answered with, newest first: how a script checks what its posts did without a real network. Without `cursor` or `limit`, the latest 500; with them, pages of `limit` (50 by default).",
      response: z.object({ data: z.array(sandboxEntryOut), meta: cursorMetaOut }),
      example: { params: { ws: "$workspace" }, query: { account_id: "$account", limit: "20" } },
    }),
    requireWorkspace,
    validate("param", workspaceParam),
    validate("query", sandboxTimelineQuery),
    async (c) => {
    const db = c.get("db");
    const actor = c.get("actor");
    authorize(actor, "posts.read");
    const query = c.req.valid("query");
    const { window, page } = cursorWindow(SANDBOX_TIMELINE, query);
    const { entries } = await sandboxEntries(db, actor.workspaceId, { accountId: query.account_id, window });
    return c.json(page(entries));
    },
  )

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
