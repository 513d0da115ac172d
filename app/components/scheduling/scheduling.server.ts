import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { asc, desc, eq } from "drizzle-orm";
import { postTextFrom } from "../../../core/publishing/from-document";
import { webhookEvents } from "../../../core/publishing/states";
import { campaigns, postingSchedules, socialAccounts, thirdPartyIntegrations, users } from "../../../worker/db/schema";
import { can } from "../../../worker/policies";
import { presentAccount, presentSchedule } from "../../../worker/presenters/posts";
import { networkLimits } from "../../../worker/services/publishing/publisher";
import { deliveriesOf, postsInRange, sandboxEntries, scheduleWithQueue, webhookEndpointsOf } from "../../../worker/services/publishing/reads";
import { presentConnector, presentIntegration } from "../../../worker/presenters/connections";
import { registeredProviders, registeredServices } from "../../../worker/services/connections/registry";
import { requireWorkspaceActor } from "~/lib/workspace.server";
import type { Database } from "../../../worker/db/client";
import { HttpError } from "../../../worker/lib/errors";
import type { Actor } from "../../../worker/policies";
import { readableArticle } from "../../../worker/services/documents";

/**
 * Loaders for the scheduling pages. They read through the same presenters the API answers
 * with, so the page's first paint and its later API calls speak one shape.
 */

const DAY = 86_400_000;

async function schedulingActor(request: Request, context: AppLoadContext, workspaceIdParam: string | undefined) {
  const resolved = await requireWorkspaceActor(request, context, workspaceIdParam);
  if (!can(resolved.actor, "posts.read")) throw data("Scheduled posts are for workspace members", { status: 403 });
  return resolved;
}

export async function scheduledPostsPage(request: Request, context: AppLoadContext, workspaceIdParam: string | undefined) {
  const { db, actor, workspace, signedIn } = await schedulingActor(request, context, workspaceIdParam);
  const limits = networkLimits(context.cloudflare.env);
  // The first screen: five weeks around today; the calendar asks the API for other ranges.
  const from = Date.now() - 7 * DAY;
  const to = Date.now() + 35 * DAY;
  const [accounts, schedules, posts, [me], fromArticle, campaignList] = await Promise.all([
    db.select().from(socialAccounts).where(eq(socialAccounts.workspaceId, workspace.id)).orderBy(asc(socialAccounts.displayName)),
    db.select().from(postingSchedules).where(eq(postingSchedules.workspaceId, workspace.id)).orderBy(asc(postingSchedules.name)),
    postsInRange(db, workspace.id, { from, to }),
    db.select({ profile: users.profile }).from(users).where(eq(users.id, actor.userId)),
    articleToSchedule(db, actor, new URL(request.url).searchParams.get("article")),
    // For the calendar's campaign filter: the workspace's campaigns, newest first.
    db.select({ id: campaigns.id, name: campaigns.name }).from(campaigns).where(eq(campaigns.workspaceId, workspace.id)).orderBy(desc(campaigns.id)).limit(200),
  ]);
  return {
    workspace: { id: workspace.id, name: workspace.name },
    /** The viewer's zone when they chose one; otherwise the browser's is used, then the workspace's. */
    userTimeZone: me?.profile.timezone ?? null,
    workspaceTimeZone: actor.workspaceSettings.preferences?.time_zone ?? "UTC",
    accounts: accounts.map((account) => presentAccount(account, limits[account.network])),
    // Every network with the ways to connect it here (the same shape as GET /v1/w/:ws/social_accounts).
    networks: registeredProviders().map((provider) => ({
      network: provider.network as string,
      label: limits[provider.network]!.label,
      connectors: provider.connectors.map((connector) => presentConnector(context.cloudflare.env, connector)),
    })),
    limits,
    schedules: schedules.map(presentSchedule),
    posts,
    policies: { schedule: can(actor, "posts.schedule"), connect: can(actor, "social_accounts.manage") },
    userId: signedIn.user.id,
    fromArticle,
    campaigns: campaignList,
  };
}

/**
 * "Schedule" from a document: `?article=<id>` starts the composer from it, through the same
 * read check as opening it (a document in another workspace, or one the person may not read,
 * is not found; a locked one asks to be opened first), and the API checks it again on save.
 */
async function articleToSchedule(db: Database, actor: Actor, idParam: string | null) {
  if (!idParam) return null;
  const id = Number(idParam);
  if (!Number.isInteger(id) || id <= 0) return { id: null, title: null, text: "", problem: "That document was not found." };
  try {
    const { article } = await readableArticle(db, actor, id, { password: undefined, ip: null });
    return { id: article.id, title: article.title, text: postTextFrom(article.title, article.bodyText), problem: null };
  } catch (error) {
    if (error instanceof HttpError && error.status === 403) {
      return { id: null, title: null, text: "", problem: "That document is protected by a password: open it, copy what you want to post, and schedule it here." };
    }
    if (error instanceof HttpError && error.status === 404) return { id: null, title: null, text: "", problem: "That document was not found." };
    throw error;
  }
}

export async function sandboxPage(request: Request, context: AppLoadContext, workspaceIdParam: string | undefined) {
  const { db, workspace } = await schedulingActor(request, context, workspaceIdParam);
  const { accounts, entries } = await sandboxEntries(db, workspace.id, { limit: 300 });
  return {
    workspace: { id: workspace.id, name: workspace.name },
    accounts: accounts.map((account) => ({ id: account.id, name: account.displayName, handle: account.handle })),
    entries,
  };
}

export async function schedulePage(request: Request, context: AppLoadContext, workspaceIdParam: string | undefined, scheduleIdParam: string | undefined) {
  const { db, workspace, actor } = await schedulingActor(request, context, workspaceIdParam);
  const id = Number(scheduleIdParam);
  const [schedule] = Number.isInteger(id) && id > 0 ? await db.select().from(postingSchedules).where(eq(postingSchedules.id, id)) : [];
  if (!schedule || schedule.workspaceId !== workspace.id) throw data("Schedule not found", { status: 404 });
  const [account] = await db.select().from(socialAccounts).where(eq(socialAccounts.id, schedule.accountId));
  return {
    workspace: { id: workspace.id, name: workspace.name },
    schedule: await scheduleWithQueue(db, schedule),
    account: account ? presentAccount(account) : null,
    canEdit: can(actor, "posts.schedule"),
  };
}

/** Webhooks are an admin's: endpoints, and the latest deliveries across them. */
export async function webhooksPage(request: Request, context: AppLoadContext, workspaceIdParam: string | undefined) {
  const { db, workspace, actor } = await requireWorkspaceActor(request, context, workspaceIdParam);
  if (!can(actor, "webhooks.manage")) throw data("Only workspace admins can manage webhooks", { status: 403 });
  const endpoints = await webhookEndpointsOf(db, workspace.id);
  return {
    workspace: { id: workspace.id, name: workspace.name },
    endpoints,
    deliveries: await deliveriesOf(db, endpoints.map((endpoint) => endpoint.id), 200),
    events: webhookEvents,
  };
}

/** The workspace's integration services: what is connected, and the ways to connect each service. */
export async function integrationsPage(request: Request, context: AppLoadContext, workspaceIdParam: string | undefined) {
  const { db, workspace, actor } = await schedulingActor(request, context, workspaceIdParam);
  const rows = await db.select().from(thirdPartyIntegrations).where(eq(thirdPartyIntegrations.workspaceId, workspace.id)).orderBy(asc(thirdPartyIntegrations.displayName));
  return {
    workspace: { id: workspace.id, name: workspace.name },
    integrations: rows.map(presentIntegration),
    services: registeredServices().map((service) => ({
      network: service.id,
      label: service.label,
      connectors: service.connectors.map((connector) => presentConnector(context.cloudflare.env, connector)),
    })),
    canManage: can(actor, "integrations.manage"),
  };
}
