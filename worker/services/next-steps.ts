import { sql } from "drizzle-orm";
import type { Database } from "../db/client";

/**
 * What a workspace still needs before its first post goes out, read from the workspace
 * itself (one query), so the home says what to do next and stops saying it once it is done.
 */

export const nextStepKeys = ["brand_kit", "account", "write", "schedule", "campaign"] as const;
export type NextStepKey = (typeof nextStepKeys)[number];

export interface NextStep {
  key: NextStepKey;
  title: string;
  why: string;
  /** Where the step is taken. */
  to: string;
  action: string;
  done: boolean;
}

export async function workspaceNextSteps(db: Database, workspaceId: number): Promise<NextStep[]> {
  const [row] = await db.all<{ kits: number; accounts: number; posts: number; scheduled: number; campaigns: number }>(sql`
    SELECT
      (SELECT count(*) FROM brand_kits WHERE workspace_id = ${workspaceId}) AS kits,
      (SELECT count(*) FROM social_accounts WHERE workspace_id = ${workspaceId} AND state != 'disconnected') AS accounts,
      (SELECT count(*) FROM scheduled_posts WHERE workspace_id = ${workspaceId}) AS posts,
      (SELECT count(*) FROM post_targets WHERE workspace_id = ${workspaceId} AND state IN ('scheduled', 'publishing', 'published')) AS scheduled,
      (SELECT count(*) FROM campaigns WHERE workspace_id = ${workspaceId}) AS campaigns
  `);
  const base = `/workspaces/${workspaceId}`;
  const has = (n: number | undefined) => Number(n ?? 0) > 0;
  return [
    {
      key: "brand_kit",
      title: "Set up your brand kit",
      why: "Your logo, colours and voice notes: everything you write here starts from them.",
      to: `${base}/brand-kits`,
      action: "Set up the brand kit",
      done: has(row?.kits),
    },
    {
      key: "account",
      title: "Connect an account",
      why: "Posts go out through a connected account. The Sandbox needs no keys and publishes to a timeline inside Brandwork.",
      to: `${base}/scheduled-posts`,
      action: "Connect an account",
      done: has(row?.accounts),
    },
    {
      key: "write",
      title: "Write your first social post",
      why: "Give the writer a topic; it drafts the post in your brand's voice for you to edit.",
      to: "/create/social-post",
      action: "Write a social post",
      done: has(row?.posts),
    },
    {
      key: "schedule",
      title: "Schedule it",
      why: "Pick a time on the calendar; the post is published then, and you can watch it go out.",
      to: `${base}/scheduled-posts`,
      action: "Open the calendar",
      done: has(row?.scheduled),
    },
    {
      key: "campaign",
      title: "Plan a campaign",
      why: "One brief becomes a set of posts across your channels, dated over the weeks you choose.",
      to: `${base}/campaigns`,
      action: "Plan a campaign",
      done: has(row?.campaigns),
    },
  ];
}
