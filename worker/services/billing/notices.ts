import { and, eq, gt, inArray, isNotNull, isNull, lte, sql, type SQL } from "drizzle-orm";
import { GRACE_DAYS, plans, TRIAL_PLAN, type Plan } from "../../../core/billing/plans";
import { DAY_MS } from "../../../core/counting";
import { inList } from "../../db/batching";
import type { Database } from "../../db/client";
import { billingAccounts, billingNotices, memberships, workspaces } from "../../db/schema";
import { notify } from "../inbox";
import { actionMail } from "../mail-templates";
import { appUrl } from "../publishing/events";

export type BillingNoticeKind = (typeof billingNotices.$inferInsert)["kind"];

export interface BillingNotice {
  workspaceId: number;
  kind: BillingNoticeKind;
  /** Which one of its kind (the trial's end, the invoice, the card's month): each is told once. */
  key: string;
  /** The sentence: the inbox item's text and the email's subject. */
  summary: string;
  paragraphs: string[];
  /** The email button's label; it opens the workspace's billing page. */
  action: string;
}

/** "16 December 2026": dates in billing notices, in UTC as Stripe counts them. */
export const noticeDate = (date: Date) => new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(date);

/**
 * Who hears about billing: whoever subscribed (the account's owner) while they are still an
 * active admin, else every active admin of the workspace.
 */
async function billingRecipients(db: Database, workspaceId: number): Promise<number[]> {
  const admins = await db
    .select({ userId: memberships.userId, ownerId: billingAccounts.ownerId })
    .from(memberships)
    .leftJoin(billingAccounts, eq(billingAccounts.workspaceId, memberships.workspaceId))
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.role, "admin"), eq(memberships.status, "active")))
    .limit(200);
  const owner = admins.find((admin) => admin.userId === admin.ownerId);
  return owner ? [owner.userId] : admins.map((admin) => admin.userId);
}

/**
 * Tells the workspace's billing owner something once: the (workspace, kind, key) row is the
 * claim, and only the call that inserted it notifies (inbox item of type `billing` and an email
 * with a button to the billing page). If notifying fails the claim is dropped, so a retry tells them.
 */
export async function sendBillingNotice(db: Database, env: Env, notice: BillingNotice): Promise<boolean> {
  const claimed = await db
    .insert(billingNotices)
    .values({ workspaceId: notice.workspaceId, kind: notice.kind, key: notice.key })
    .onConflictDoNothing()
    .returning({ id: billingNotices.id });
  if (claimed.length === 0) return false;
  try {
    const [workspace] = await db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, notice.workspaceId));
    const recipients = workspace ? await billingRecipients(db, notice.workspaceId) : [];
    if (recipients.length === 0) return false;
    const origin = appUrl(env);
    const url = `${origin}/workspaces/${notice.workspaceId}/billing`;
    const lines = [...notice.paragraphs, `This is about the workspace ${workspace!.name}.`];
    const mail = actionMail(`billing_${notice.kind}`, notice.summary, lines, { label: notice.action, url });
    await notify(
      db,
      env,
      recipients.map((recipientId) => ({
        workspaceId: notice.workspaceId,
        recipientId,
        actorId: null,
        type: "billing" as const,
        event: notice.kind,
        data: { summary: notice.summary, key: notice.key },
        mail,
      })),
      { origin },
    );
    return true;
  } catch (error) {
    await db.delete(billingNotices).where(eq(billingNotices.id, claimed[0]!.id));
    throw error;
  }
}

/** One trial end is told once, whether our cron or Stripe's event tells it first. */
export const trialKey = (endsAt: Date) => String(Math.floor(endsAt.getTime() / 1000));

/**
 * "Your Pro trial ends on 16 December 2026". `then`: what happens next: our own trial ends
 * (`our_trial`, nothing to charge), a subscription's trial turns into payments (`charged`), or
 * one set to cancel ends (`free`).
 */
export function sendTrialEndingNotice(db: Database, env: Env, workspaceId: number, trial: { plan: Plan; endsAt: Date; then: "our_trial" | "charged" | "free" }) {
  const when = noticeDate(trial.endsAt);
  const next = {
    our_trial: `Subscribe before then to keep ${trial.plan.name}'s limits. Otherwise the workspace moves to the Free plan's limits for what is added; nothing is deleted.`,
    charged: "Your subscription then starts and the card on file is charged. To change the plan or the seats, or to cancel, open billing.",
    free: "The subscription is set to cancel then, so the workspace moves to the Free plan's limits for what is added. Nothing is deleted.",
  }[trial.then];
  return sendBillingNotice(db, env, {
    workspaceId,
    kind: "trial_ending",
    key: trialKey(trial.endsAt),
    summary: `Your ${trial.plan.name} trial ends on ${when}`,
    paragraphs: [`Your ${trial.plan.name} trial ends on ${when}.`, next],
    action: trial.then === "our_trial" ? "Choose a plan" : "Open billing",
  });
}

/** A failed payment, once per invoice: when the grace period ends, and that nothing is deleted. */
export function sendPaymentFailedNotice(
  db: Database,
  env: Env,
  workspaceId: number,
  payment: { invoiceId: string; number: string | null; amountCents: number; currency: string; graceEndsAt: Date },
) {
  const amount = new Intl.NumberFormat("en-US", { style: "currency", currency: payment.currency.toUpperCase() }).format(payment.amountCents / 100);
  const until = noticeDate(payment.graceEndsAt);
  return sendBillingNotice(db, env, {
    workspaceId,
    kind: "payment_failed",
    key: payment.invoiceId,
    summary: `A payment of ${amount} failed: update your card by ${until}`,
    paragraphs: [
      `Stripe could not take the payment of ${amount}${payment.number ? ` for invoice ${payment.number}` : ""}. It tries again over the next days.`,
      `Your plan stays as it is until ${until}. After that the Free plan's limits apply to what is added; nothing is deleted.`,
      "Update your card to keep your plan.",
    ],
    action: "Update your card",
  });
}

/** "The Visa card ending 4242 expires at the end of December 2026", once per card month. */
export function sendCardExpiringNotice(db: Database, env: Env, workspaceId: number, card: { brand: string | null; last4: string; exp_month: number; exp_year: number }) {
  const month = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(card.exp_year, card.exp_month - 1, 1)));
  const brand = card.brand && card.brand !== "unknown" ? `${card.brand[0]!.toUpperCase()}${card.brand.slice(1)} ` : "";
  return sendBillingNotice(db, env, {
    workspaceId,
    kind: "card_expiring",
    key: cardMonthKey(card.exp_year, card.exp_month),
    summary: `The ${brand}card ending ${card.last4} expires at the end of ${month}`,
    paragraphs: [`The ${brand}card ending ${card.last4} that pays for this workspace expires at the end of ${month}.`, "Add a new card before then so the next payment goes through."],
    action: "Update your card",
  });
}

const cardMonthKey = (year: number, month: number) => `${year}-${String(month).padStart(2, "0")}`;

/** The grace period after a failed payment is over: Free's limits apply now; nothing was deleted. */
export function sendGraceEndedNotice(db: Database, env: Env, workspaceId: number, episode: { pastDueSince: Date; plan: Plan }) {
  const ended = new Date(episode.pastDueSince.getTime() + GRACE_DAYS * DAY_MS);
  return sendBillingNotice(db, env, {
    workspaceId,
    kind: "grace_ended",
    key: String(episode.pastDueSince.getTime()),
    summary: "The payment is still failing: Free limits now apply",
    paragraphs: [
      `The grace period after the failed payment ended on ${noticeDate(ended)}, so the Free plan's limits now apply to what is added.`,
      "Nothing was deleted: everything the workspace made is still there.",
      `Update your card and ${episode.plan.name} comes back as soon as the payment goes through.`,
    ],
    action: "Update your card",
  });
}

/** Notices the cron looks for per run, of each kind: the rest wait for the next minute. */
const DUE_PER_RUN = 50;
const LIVE_SUBSCRIPTION = ["active", "trialing", "past_due", "unpaid"] as const;

/** No notice of `kind` with this key has been sent to the account's workspace. */
const notSent = (kind: BillingNoticeKind, key: SQL) =>
  sql`not exists (select 1 from ${billingNotices} where ${billingNotices.workspaceId} = ${billingAccounts.workspaceId} and ${billingNotices.kind} = ${kind} and ${billingNotices.key} = ${key})`;

/**
 * The cron's billing notices, each once: our own trial ending within 3 days (no subscription
 * yet: Stripe tells of its own trials), the grace period over (and `paying` cleared, as the
 * entitlement already says), the stored card expiring this month or next.
 */
export async function sendDueNotices(db: Database, env: Env, now: Date) {
  const graceCutoff = new Date(now.getTime() - GRACE_DAYS * DAY_MS);
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const cardMonth = sql`${billingAccounts.cardExpYear} * 12 + ${billingAccounts.cardExpMonth} - 1`;
  const [trials, graces, cards] = await db.batch([
    db
      .select({ workspaceId: billingAccounts.workspaceId, trialEndsAt: billingAccounts.trialEndsAt })
      .from(billingAccounts)
      .where(
        and(
          gt(billingAccounts.trialEndsAt, now),
          lte(billingAccounts.trialEndsAt, new Date(now.getTime() + TRIAL_NOTICE_DAYS * DAY_MS)),
          isNull(billingAccounts.stripeSubscriptionId),
          notSent("trial_ending", sql`cast(${billingAccounts.trialEndsAt} / 1000 as text)`),
        ),
      )
      .limit(DUE_PER_RUN),
    db
      .select({ workspaceId: billingAccounts.workspaceId, pastDueSince: billingAccounts.pastDueSince, plan: billingAccounts.plan })
      .from(billingAccounts)
      .where(
        and(
          isNotNull(billingAccounts.stripeSubscriptionId),
          inArray(billingAccounts.status, ["past_due", "unpaid"]),
          lte(billingAccounts.pastDueSince, graceCutoff),
          notSent("grace_ended", sql`cast(${billingAccounts.pastDueSince} as text)`),
        ),
      )
      .limit(DUE_PER_RUN),
    db
      .select({
        workspaceId: billingAccounts.workspaceId,
        brand: billingAccounts.cardBrand,
        last4: billingAccounts.cardLast4,
        expMonth: billingAccounts.cardExpMonth,
        expYear: billingAccounts.cardExpYear,
      })
      .from(billingAccounts)
      .where(
        and(
          isNotNull(billingAccounts.stripeSubscriptionId),
          inArray(billingAccounts.status, [...LIVE_SUBSCRIPTION]),
          isNotNull(billingAccounts.cardLast4),
          sql`${cardMonth} between ${thisMonth} and ${thisMonth + 1}`,
          notSent("card_expiring", sql`printf('%04d-%02d', ${billingAccounts.cardExpYear}, ${billingAccounts.cardExpMonth})`),
        ),
      )
      .limit(DUE_PER_RUN),
  ]);
  for (const trial of trials) await sendTrialEndingNotice(db, env, trial.workspaceId, { plan: plans[TRIAL_PLAN], endsAt: trial.trialEndsAt!, then: "our_trial" });
  if (graces.length) {
    // Data stays; only `paying` (the mirror the workspace list shows) follows the entitlement.
    await db.update(workspaces).set({ paying: false }).where(inList(workspaces.id, graces.map((grace) => grace.workspaceId)));
  }
  for (const grace of graces) await sendGraceEndedNotice(db, env, grace.workspaceId, { pastDueSince: grace.pastDueSince!, plan: plans[grace.plan] });
  for (const card of cards) await sendCardExpiringNotice(db, env, card.workspaceId, { brand: card.brand, last4: card.last4!, exp_month: card.expMonth!, exp_year: card.expYear! });
  return { trials: trials.length, graces: graces.length, cards: cards.length };
}

/** How long before our own trial ends its owner hears of it (Stripe's trial_will_end comes 3 days before, too). */
export const TRIAL_NOTICE_DAYS = 3;
