import { eq } from "drizzle-orm";
import { changesNoticeAnswerSchema } from "../../core/collab";
import { settleInDocument, type Verdict } from "../../core/editor/change-review";
import type { Database } from "../db/client";
import { articleBranches, type ArticleBranch } from "../db/schema";
import { Conflict } from "../lib/errors";
import { articleBody } from "../services/article-bodies";
import { branchRoomLive, roomForBranch } from "../services/branches/room";
import { askRoom, type RoomNoticeEnv } from "../services/room-notices";
import { branchUpdater } from "./branchUpdater";
import { eventStatement, type CommandContext } from "./events";

/** How often a settle written outside the room is tried again when a save lands in between. */
const ATTEMPTS = 3;

/**
 * `bulk_accept` / `bulk_reject` on a branch's layer (`branch-<id>`): accepts or rejects the
 * tracked changes named, and no others, in the branch's body. A live branch room makes the
 * edit itself and saves it (so nobody's unsaved typing is lost), as a document's room does;
 * otherwise the stored body is rewritten, only if it is still the one read. Branch
 * suggestions are the branch's marks: no suggestion rows (the merge is the document's change).
 */
export async function branchChangesSettler(
  db: Database,
  props: { context: CommandContext; branch: ArticleBranch; uuids: readonly string[]; verdict: Verdict; env: RoomNoticeEnv },
): Promise<{ settled: string[]; notFound: string[]; /** The stored body was rewritten (not by the room): a live room must load it. */ stored: boolean }> {
  const { context, verdict, env } = props;
  const uuids = [...new Set(props.uuids)];
  const wanted = new Set(uuids);
  let settled: string[] = [];
  let stored = false;
  const by = context.actor.userId || undefined;
  const answer =
    uuids.length > 0 && (await branchRoomLive(db, props.branch))
      ? await askRoom(env, roomForBranch(props.branch.id), { kind: "changes", verdict, uuids, by }, changesNoticeAnswerSchema)
      : null;
  if (answer?.saved) settled = answer.settled;
  else if (uuids.length > 0) {
    let branch = props.branch;
    for (let attempt = 0; ; attempt++) {
      const result = settleInDocument(branch.body, wanted, verdict);
      if (result.settled.length === 0) break;
      const written = await branchUpdater(db, { branch, changes: { content: articleBody({ body: result.document }) } });
      if (written) {
        settled = result.settled;
        stored = true;
        break;
      }
      const [fresh] = await db.select().from(articleBranches).where(eq(articleBranches.id, branch.id));
      if (!fresh || attempt + 1 >= ATTEMPTS) throw new Conflict("This branch changed meanwhile (it was edited or ended): load it again");
      branch = fresh;
    }
  }
  await db.batch([
    eventStatement(db, context, `changes.bulk_${verdict}`, {
      articleId: props.branch.articleId,
      properties: { settled: settled.length, layer: roomForBranch(props.branch.id), branch_id: props.branch.id },
    }),
  ]);
  const found = new Set(settled);
  return { settled: uuids.filter((uuid) => found.has(uuid)), notFound: uuids.filter((uuid) => !found.has(uuid)), stored };
}
