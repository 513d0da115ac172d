import { and, eq } from "drizzle-orm";
import { changesNoticeAnswerSchema } from "../../core/collab";
import { settleInDocument, type Verdict } from "../../core/editor/change-review";
import type { DocumentStatus } from "../../core/enums";
import { inList, runBatch } from "../db/batching";
import type { Database } from "../db/client";
import { suggestions, type Article, type Suggestion } from "../db/schema";
import { Conflict } from "../lib/errors";
import { askRoom, liveRoomsOf, type RoomNoticeEnv } from "../services/room-notices";
import { eventStatement, type CommandContext } from "./events";
import { storedBodyRewriter } from "./storedBodyRewriter";
import { assertMainEditable } from "../services/branches/lock";
import { suggestionStatusFollower } from "./suggestionStatusFollower";
import { suggestionSyncer, tellAboutSuggestions } from "./suggestionSyncer";
import { todoSyncer } from "./todoCommands";

type Ending = "merged" | "rejected" | "withdrawn";

const verdictOf = (ending: Ending): Verdict => (ending === "merged" ? "accept" : "reject");
const eventOf = (ending: Ending) => `suggestions.${ending === "merged" ? "merge" : ending === "rejected" ? "reject" : "withdraw"}`;

/**
 * Accepts or rejects tracked changes by uuid, wherever the document lives now: in its live
 * room when one is open (the room settles them as an edit its open editors see, and saves),
 * else, or when the room could not save it, in the stored body (read again if it moved),
 * whose suggestions and todos are then brought in step. Answers the uuids that were found.
 */
export async function changesSettler(
  db: Database,
  props: { context: CommandContext; article: Article; uuids: readonly string[]; verdict: Verdict; env: RoomNoticeEnv },
): Promise<string[]> {
  const { context, article, uuids, verdict, env } = props;
  if (uuids.length === 0) return [];
  const live = (await liveRoomsOf(db, { workspaceId: article.workspaceId, articleId: article.id })).length > 0;
  const by = context.actor.userId || undefined;
  const answer = live ? await askRoom(env, article.id, { kind: "changes", verdict, uuids: [...uuids], by }, changesNoticeAnswerSchema) : null;
  // The room stored its document: its save brought the suggestions in step.
  if (answer?.saved) return answer.settled;
  const wanted = new Set(uuids);
  const written = await storedBodyRewriter(db, {
    context,
    articleId: article.id,
    rewrite: async (fresh) => {
      const { document, settled } = settleInDocument(fresh.body, wanted, verdict);
      return settled.length > 0 ? { body: document, result: settled } : null;
    },
  });
  if (!written) return answer?.settled ?? [];
  await todoSyncer(db, { context, article: written.article, body: written.body });
  await suggestionSyncer(db, { context, article: written.article, body: written.body, settling: { uuids: wanted, verdict } });
  return written.result;
}

/**
 * Closes open suggestions as `ending` before their changes are settled, so a room's save
 * that lands meanwhile finds them closed and never judges them itself. Answers those it closed.
 */
async function suggestionClaimer(db: Database, context: CommandContext, rows: Suggestion[], ending: Ending): Promise<Suggestion[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [claimed] = (await runBatch(db, [
    db
      .update(suggestions)
      .set({ state: ending, settledAt: new Date(), settledById: context.actor.userId })
      .where(and(inList(suggestions.id, ids), eq(suggestions.state, "open")))
      .returning(),
    ...rows.map((row) => eventStatement(db, context, eventOf(ending), { articleId: row.articleId, properties: { suggestion_id: row.id } })),
  ])) as [Suggestion[], ...unknown[]];
  return claimed;
}

/** Opens claimed suggestions again when settling their changes failed: nothing happened to them. */
async function suggestionUnclaimer(db: Database, rows: Suggestion[]) {
  if (rows.length === 0) return;
  await db
    .update(suggestions)
    .set({ state: "open", settledAt: null, settledById: null })
    .where(inList(suggestions.id, rows.map((row) => row.id)));
}

/** Claims, settles, then the status follows and the authors hear of it. */
async function settleClaimed(
  db: Database,
  props: { context: CommandContext; article: Article; claim: Suggestion[]; ending: Ending; uuids: readonly string[]; verdict: Verdict; env: RoomNoticeEnv },
) {
  const { context, article, claim, ending } = props;
  const claimed = await suggestionClaimer(db, context, claim, ending);
  let settled: string[];
  try {
    settled = await changesSettler(db, { context, article, uuids: props.uuids, verdict: props.verdict, env: props.env });
  } catch (error) {
    await suggestionUnclaimer(db, claimed);
    throw error;
  }
  const status = await suggestionStatusFollower(db, context, article.id);
  await tellAboutSuggestions(db, context, article, { ended: claimed });
  return { claimed, settled, status };
}

/**
 * Merges (accepts its changes), rejects (removes them) or withdraws (its author takes them
 * back) one open suggestion: exactly the changes it holds. Its author hears of a merge or a
 * reject; the document leaves `suggestions` when it was the last one open.
 */
export async function suggestionSettler(
  db: Database,
  props: { context: CommandContext; article: Article; suggestion: Suggestion; ending: Ending; env: RoomNoticeEnv },
): Promise<{ suggestion: Suggestion; settled: string[]; status: DocumentStatus | null }> {
  const { suggestion, ending } = props;
  if (suggestion.state !== "open") throw new Conflict(`This suggestion was already ${suggestion.state}`);
  assertMainEditable(props.context.actor, props.article);
  const { claimed, settled, status } = await settleClaimed(db, {
    ...props,
    claim: [suggestion],
    uuids: suggestion.changeUuids,
    verdict: verdictOf(ending),
  });
  if (claimed.length === 0) throw new Conflict("This suggestion was settled meanwhile");
  return { suggestion: claimed[0]!, settled, status };
}

/**
 * `bulk_accept` and `bulk_reject`: accepts or rejects the tracked changes named (and no
 * others) on the document's main layer. Open suggestions whose changes are all among them are
 * merged or rejected; one only partly settled keeps the rest. Answers which uuids were settled
 * and which were not found. The Changes panel settles through here too, so a suggestion's end
 * is known rather than read back from the bodies.
 */
export async function changesReviewer(
  db: Database,
  props: { context: CommandContext; article: Article; uuids: readonly string[]; verdict: Verdict; env: RoomNoticeEnv },
): Promise<{ settled: string[]; notFound: string[]; ended: Suggestion[]; status: DocumentStatus | null }> {
  const { context, article, verdict } = props;
  assertMainEditable(context.actor, article);
  const uuids = [...new Set(props.uuids)];
  const wanted = new Set(uuids);
  const open = await db
    .select()
    .from(suggestions)
    .where(and(eq(suggestions.articleId, article.id), eq(suggestions.state, "open")));
  const covered = open.filter((row) => row.changeUuids.length > 0 && row.changeUuids.every((uuid) => wanted.has(uuid)));
  const ending = verdict === "accept" ? "merged" : "rejected";
  const { claimed, settled, status } = await settleClaimed(db, { ...props, claim: covered, ending, uuids });
  const found = new Set(settled);
  await db.batch([
    eventStatement(db, context, `changes.bulk_${verdict}`, { articleId: article.id, properties: { settled: settled.length, layer: "main" } }),
  ]);
  return { settled: uuids.filter((uuid) => found.has(uuid)), notFound: uuids.filter((uuid) => !found.has(uuid)), ended: claimed, status };
}
