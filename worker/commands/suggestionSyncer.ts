import { and, eq, gt, or } from "drizzle-orm";
import type { SerializedDocument } from "../../core/document/types";
import type { Verdict } from "../../core/editor/change-review";
import type { DocumentStatus } from "../../core/enums";
import { runBatch } from "../db/batching";
import type { Database } from "../db/client";
import { suggestions, type Article, type Suggestion } from "../db/schema";
import { can } from "../policies";
import { collabModesOf } from "../services/collab";
import { notify, type NotifyItem } from "../services/inbox";
import { suggestionAudience, trackedChangesOf, verdictFromBodies } from "../services/suggestions";
import { eventStatement, type CommandContext } from "./events";
import { suggestionStatusFollower } from "./suggestionStatusFollower";

/**
 * Uuids of suggestions settled this recently are never taken up again: a save the room made
 * before it heard of a merge may still carry them, and must not open them as a new suggestion.
 */
const SETTLED_WINDOW_MS = 60 * 60 * 1000;

/** Changes being accepted or rejected through the API: when they leave the body, that is how they ended. */
export interface Settling {
  uuids: ReadonlySet<string>;
  verdict: Verdict;
}

type Closed = { row: Suggestion; state: "merged" | "rejected" | "withdrawn" };

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && new Set([...a, ...b]).size === a.length;

const stateFor = (verdict: Verdict) => (verdict === "accept" ? ("merged" as const) : ("rejected" as const));

/**
 * A saved body brought into its suggestions (every body write through `articleUpdater` calls
 * it, like `todoSyncer`). A commenter's tracked changes are their open suggestion: opened when
 * they have none, its uuids kept to what the body holds. An AI revision keeps the uuids still
 * in the body. A suggestion none of whose changes is left has ended: as `settling` says when
 * the API settled them; `withdrawn` when the save is its author's (they took their words
 * back); otherwise accepted or rejected in an editor, told apart by comparing the bodies
 * (`verdictFromBodies`). Editors' own tracked changes are never a suggestion. One batch; the
 * document's status follows (answered when it was looked at), and the people concerned are told.
 */
export async function suggestionSyncer(
  db: Database,
  props: { context: CommandContext; article: Article; body: SerializedDocument; settling?: Settling },
): Promise<{ status: DocumentStatus | null }> {
  const { context, article, body, settling } = props;
  const now = new Date();
  const rows = await db
    .select()
    .from(suggestions)
    .where(and(eq(suggestions.articleId, article.id), or(eq(suggestions.state, "open"), gt(suggestions.settledAt, new Date(now.getTime() - SETTLED_WINDOW_MS)))));
  const open = rows.filter((row) => row.state === "open");
  const changes = trackedChangesOf(body);
  if (changes.length === 0 && open.length === 0) return { status: null };

  const present = new Set(changes.map((change) => change.uuid));
  const settledBefore = new Set(rows.flatMap((row) => (row.state === "open" ? [] : row.changeUuids)));
  const byAuthor = new Map<string, string[]>();
  for (const change of changes) {
    if (change.userId === null || settledBefore.has(change.uuid)) continue;
    byAuthor.set(change.userId, [...(byAuthor.get(change.userId) ?? []), change.uuid]);
  }

  const kept: { row: Suggestion; uuids: string[] }[] = [];
  const closed: Closed[] = [];
  for (const row of open) {
    const uuids = row.kind === "suggestion" ? (byAuthor.get(String(row.authorId)) ?? []) : row.changeUuids.filter((uuid) => present.has(uuid));
    if (uuids.length > 0) {
      if (!sameSet(uuids, row.changeUuids)) kept.push({ row, uuids });
      continue;
    }
    const settled = settling && row.changeUuids.some((uuid) => settling.uuids.has(uuid));
    if (settled) closed.push({ row, state: stateFor(settling.verdict) });
    else if (row.kind === "suggestion" && row.authorId === context.actor.userId) closed.push({ row, state: "withdrawn" });
    else closed.push({ row, state: stateFor(verdictFromBodies(article.body, body, row.changeUuids)) });
  }

  // Authors with changes and no open suggestion: those who may only suggest open one.
  const withOpen = new Set(open.filter((row) => row.kind === "suggestion").map((row) => String(row.authorId)));
  const candidates = [...byAuthor.keys()].filter((userId) => !withOpen.has(userId) && /^[1-9]\d*$/.test(userId)).map(Number);
  const modes = candidates.length > 0 ? await collabModesOf(db, article, candidates) : new Map();
  const suggesters = candidates.filter((userId) => {
    const member = modes.get(userId);
    return member?.mode === "comment" && can(member.actor, "suggestions.create", { level: member.level });
  });
  if (kept.length === 0 && closed.length === 0 && suggesters.length === 0) return { status: null };

  const previousStatus = open.find((row) => row.previousStatus !== null)?.previousStatus ?? null;
  const stillOpen = (id: number) => and(eq(suggestions.id, id), eq(suggestions.state, "open"));
  const results = await runBatch(db, [
    ...suggesters.map((authorId) =>
      db
        .insert(suggestions)
        .values({ workspaceId: article.workspaceId, articleId: article.id, authorId, kind: "suggestion", changeUuids: byAuthor.get(String(authorId))!, previousStatus })
        // A save at the same moment opened it already (one open suggestion per author).
        .onConflictDoNothing()
        .returning(),
    ),
    ...kept.map(({ row, uuids }) => db.update(suggestions).set({ changeUuids: uuids }).where(stillOpen(row.id))),
    ...closed.map(({ row, state }) =>
      db.update(suggestions).set({ state, settledAt: now, settledById: context.actor.userId || null }).where(stillOpen(row.id)).returning(),
    ),
    ...closed.map(({ row, state }) =>
      eventStatement(db, context, `suggestions.${state === "merged" ? "merge" : state === "rejected" ? "reject" : "withdraw"}`, {
        articleId: article.id,
        properties: { suggestion_id: row.id, from: "document" },
      }),
    ),
  ]);
  const created = (results.slice(0, suggesters.length) as Suggestion[][]).flat();
  const ended = (results.slice(suggesters.length + kept.length, suggesters.length + kept.length + closed.length) as Suggestion[][]).flat();
  const status = created.length > 0 || ended.length > 0 ? await suggestionStatusFollower(db, context, article.id) : null;
  await tellAboutSuggestions(db, context, article, { created, ended });
  return { status };
}

/**
 * A new suggestion reaches the document's owners and editors (from its author); one merged or
 * rejected reaches its author (from whoever settled it). Nobody hears of their own action.
 */
export async function tellAboutSuggestions(
  db: Database,
  context: CommandContext,
  article: Article,
  { created = [], ended = [] }: { created?: Suggestion[]; ended?: Suggestion[] },
) {
  if (!context.inbox || (created.length === 0 && ended.length === 0)) return;
  const audience = created.length > 0 ? await suggestionAudience(db, article) : [];
  const about = (row: Suggestion) => ({ workspaceId: article.workspaceId, type: "Suggestion" as const, articleId: article.id, data: { suggestion_id: row.id, kind: row.kind } });
  const items: NotifyItem[] = [
    ...created.flatMap((row) => audience.map((recipientId) => ({ ...about(row), recipientId, actorId: row.authorId, event: "suggested" }))),
    ...ended.flatMap((row) =>
      row.authorId !== null && (row.state === "merged" || row.state === "rejected")
        ? [{ ...about(row), recipientId: row.authorId, actorId: row.settledById, event: row.state === "merged" ? "accepted" : "rejected" }]
        : [],
    ),
  ];
  await notify(db, context.inbox.env, items, { origin: context.inbox.origin });
}
