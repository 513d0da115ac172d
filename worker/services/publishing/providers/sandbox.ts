import { and, asc, count, eq, inArray } from "drizzle-orm";
import { sandboxFollowers, sandboxPostFigures } from "../../../../core/analytics/sandbox-metrics";
import { SANDBOX_SLOW_MS, sandboxFaultIn, sandboxSlow, type SandboxFault } from "../../../../core/publishing/sandbox";
import { sandboxTimeline, sandboxTokens } from "../../../db/schema";
import { wait } from "./http";
import type { ConnectedAccount, PostMetrics, Provider, ProviderContext } from "./types";

/**
 * The Sandbox network: a real network that lives in this app's D1. It accepts posts onto
 * its own timeline (the sandbox page shows them), hands out ids and URLs like a network,
 * rotates refresh tokens, and fails on demand (the tags in core/publishing/sandbox.ts): a post
 * containing `#sandbox-429`, `#sandbox-500`, `#sandbox-timeout`, `#sandbox-reauth` or
 * `#sandbox-400` fails that way the first time the network sees it, `#sandbox-500x3` the first
 * three times (it remembers, by the post's idempotency key), and `#sandbox-slow` answers after
 * 20 s, so every failure path can be watched offline. A timeout is the nasty kind: the post IS
 * published and the answer is lost, so only `verify` can tell.
 */

const TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
const RETRY_AFTER_MS = 2_000;

const newToken = (kind: string) => `sbx_${kind}_${crypto.randomUUID().replaceAll("-", "")}`;
export const sandboxPostUrl = (handle: string, id: string) => `https://sandbox.brandwork.local/@${handle}/posts/${id}`;

/** Connecting needs no keys: the sandbox makes the account and its first tokens. */
export async function connectSandboxAccount(ctx: ProviderContext, name: string): Promise<ConnectedAccount> {
  const externalId = `sbx-${crypto.randomUUID().slice(0, 8)}`;
  const handle = name.toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, "").slice(0, 24) || "sandbox";
  const accessToken = newToken("access");
  const refreshToken = newToken("refresh");
  const expiresAt = ctx.now() + TOKEN_LIFETIME_MS;
  await ctx.db.insert(sandboxTokens).values({ accountExternalId: externalId, accessToken, refreshToken, expiresAt });
  return { externalId, displayName: name, handle, avatarUrl: null, credentials: { accessToken, refreshToken }, expiresAt };
}

/** Reconnecting issues fresh tokens and lifts a revocation. */
export async function reconnectSandboxAccount(ctx: ProviderContext, externalId: string) {
  const accessToken = newToken("access");
  const refreshToken = newToken("refresh");
  const expiresAt = ctx.now() + TOKEN_LIFETIME_MS;
  await ctx.db
    .insert(sandboxTokens)
    .values({ accountExternalId: externalId, accessToken, refreshToken, expiresAt })
    .onConflictDoUpdate({ target: sandboxTokens.accountExternalId, set: { accessToken, refreshToken, expiresAt, revoked: false } });
  return { credentials: { accessToken, refreshToken }, expiresAt };
}

/** Whether this send is one of the post's first `times`: if so it is remembered, and fails. */
async function failsThisTime(ctx: ProviderContext, externalId: string, key: string, fault: SandboxFault, times: number) {
  const [seen] = await ctx.db
    .select({ n: count() })
    .from(sandboxTimeline)
    .where(and(eq(sandboxTimeline.accountExternalId, externalId), eq(sandboxTimeline.idempotencyKey, key), eq(sandboxTimeline.kind, "fault")));
  if ((seen?.n ?? 0) >= times) return false;
  await ctx.db.insert(sandboxTimeline).values({ accountExternalId: externalId, kind: "fault", idempotencyKey: key, fault, at: ctx.now() });
  return true;
}


export const sandboxProvider: Provider = {
  network: "sandbox",
  // Week-long tokens, refreshed a day ahead.
  refreshAheadMs: 24 * 60 * 60 * 1000,
  connectors: [{ kind: "local", id: "sandbox", label: "Sandbox" }],

  async publish(ctx, account, post) {
    const [token] = await ctx.db.select().from(sandboxTokens).where(eq(sandboxTokens.accountExternalId, account.externalId));
    if (!token || token.revoked || token.accessToken !== account.credentials.accessToken) {
      return { ok: false, errorClass: "refresh_token", message: "401 Unauthorized: the access token is not valid" };
    }
    if (token.expiresAt < ctx.now()) return { ok: false, errorClass: "refresh_token", message: "401 Unauthorized: the access token has expired" };
    const text = post.thread.join("\n\n");
    const asked = sandboxFaultIn(text);
    const fault = asked?.fault ?? null;
    const slow = sandboxSlow(text);
    const firstFault = asked !== null && (await failsThisTime(ctx, account.externalId, post.idempotencyKey, asked.fault, asked.times));
    if (firstFault && fault !== "timeout" && slow) await wait(ctx, SANDBOX_SLOW_MS);
    if (firstFault) {
      if (fault === "400") return { ok: false, errorClass: "bad_body", message: "400 Bad Request: the sandbox does not accept this text", hint: "Remove #sandbox-400 from the text and schedule it again." };
      if (fault === "429") return { ok: false, errorClass: "retry", message: "429 Too Many Requests: slow down", retryAfterMs: RETRY_AFTER_MS };
      if (fault === "500") return { ok: false, errorClass: "retry", message: "500 Internal Server Error: the sandbox had a hiccup" };
      if (fault === "reauth") {
        // The user revoked the app on the network: tokens stop working until they reconnect.
        await ctx.db.update(sandboxTokens).set({ revoked: true }).where(eq(sandboxTokens.accountExternalId, account.externalId));
        return { ok: false, errorClass: "refresh_token", message: "401 Unauthorized: the user revoked this app's access" };
      }
    }
    const id = `${ctx.now().toString(36)}${crypto.randomUUID().slice(0, 6)}`;
    await ctx.db.insert(sandboxTimeline).values({
      accountExternalId: account.externalId,
      kind: "post",
      externalId: id,
      idempotencyKey: post.idempotencyKey,
      text,
      media: post.media.map((item) => item.name),
      at: ctx.now(),
    });
    // Slow: the post is on the timeline, the answer takes its time.
    if (slow) await wait(ctx, SANDBOX_SLOW_MS);
    if (firstFault && fault === "timeout") {
      // Like a network that handed back an id before the answer was lost: kept for `verify`.
      return { ok: false, unknown: true, receipt: id, message: "The sandbox did not answer within 30 seconds (the post may have been published)" };
    }
    return { ok: true, id, url: sandboxPostUrl(account.handle, id) };
  },

  async verify(ctx, account, post) {
    // By the receipt an unknown outcome kept, else by the idempotency key.
    const which = post.receipt ? eq(sandboxTimeline.externalId, post.receipt) : eq(sandboxTimeline.idempotencyKey, post.idempotencyKey);
    const [found] = await ctx.db
      .select({ externalId: sandboxTimeline.externalId })
      .from(sandboxTimeline)
      .where(and(eq(sandboxTimeline.accountExternalId, account.externalId), which, eq(sandboxTimeline.kind, "post")))
      .orderBy(asc(sandboxTimeline.id))
      .limit(1);
    return found?.externalId ? { id: found.externalId, url: sandboxPostUrl(account.handle, found.externalId) } : null;
  },

  async refresh(ctx, account) {
    const [token] = await ctx.db.select().from(sandboxTokens).where(eq(sandboxTokens.accountExternalId, account.externalId));
    if (!token || token.revoked) return { ok: false, message: "invalid_grant: access was revoked; reconnect the account" };
    // Refresh tokens rotate: an old one (a second, racing refresh) is refused, as on real networks.
    if (token.refreshToken !== account.credentials.refreshToken) return { ok: false, message: "invalid_grant: the refresh token was already used" };
    const accessToken = newToken("access");
    const refreshToken = newToken("refresh");
    const expiresAt = ctx.now() + TOKEN_LIFETIME_MS;
    await ctx.db.update(sandboxTokens).set({ accessToken, refreshToken, expiresAt }).where(eq(sandboxTokens.accountExternalId, account.externalId));
    return { ok: true, credentials: { accessToken, refreshToken }, expiresAt };
  },
  /** Figures that grow with each post's age on the Sandbox's timeline (core/analytics/sandbox-metrics). */
  async metrics(ctx, account, ids) {
    if (ids.length === 0) return {};
    const posts = await ctx.db
      .select({ externalId: sandboxTimeline.externalId, at: sandboxTimeline.at, text: sandboxTimeline.text })
      .from(sandboxTimeline)
      .where(and(eq(sandboxTimeline.accountExternalId, account.externalId), eq(sandboxTimeline.kind, "post"), inArray(sandboxTimeline.externalId, ids)));
    const figures: Record<string, PostMetrics> = {};
    for (const post of posts) if (post.externalId) figures[post.externalId] = sandboxPostFigures(post.externalId, post.at, ctx.now(), post.text);
    return figures;
  },
  async accountMetrics(ctx, account) {
    return { followers: sandboxFollowers(account.externalId, new Date(ctx.now()).toISOString().slice(0, 10)) };
  },
};
