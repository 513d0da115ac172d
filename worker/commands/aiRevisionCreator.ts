import { eq, sql } from "drizzle-orm";
import type { AiRevisionInput } from "../../core/contracts/suggestions";
import { documentToPlainText } from "../../core/document/text";
import { revisedDocument, type Revision } from "../../core/editor/ai-revision";
import type { Database } from "../db/client";
import { suggestions, workspaces, type Article, type Suggestion } from "../db/schema";
import { NotFound, Unprocessable } from "../lib/errors";
import type { TextProvider } from "../services/ai";
import { rewriteInBrandVoice } from "../services/ai-revisions";
import { briefBrandKit, finishedGenerationRecord, voiceFor } from "../services/generation";
import type { RoomNoticeEnv } from "../services/room-notices";
import { eventStatement, type CommandContext } from "./events";
import { roomOrStoredEdit } from "./storedBodyRewriter";
import { assertMainEditable } from "../services/branches/lock";
import { rememberedStatus, suggestionStatusFollower } from "./suggestionStatusFollower";
import { tellAboutSuggestions } from "./suggestionSyncer";

const notInDocument = () => new Unprocessable("That text is not in the document (it must stand within one paragraph)", { text: ["is not in the document"] });

/** Puts the revision in the live room (which saves it), else, or when that save was not stored, in the stored body. */
function revisionWriter(db: Database, props: { context: CommandContext; article: Article; revision: Revision; env: RoomNoticeEnv }): Promise<boolean> {
  const { context, article, revision, env } = props;
  const notice = { kind: "revision", exact: revision.exact, replacement: revision.replacement, deletion_uuid: revision.deletionUuid, insertion_uuid: revision.insertionUuid, by: context.actor.userId || undefined } as const;
  return roomOrStoredEdit(db, { context, article, notice, edit: (body) => revisedDocument(body, revision), env });
}

/**
 * An AI revision: the content engine rewrites words of the document in the brand voice, and
 * the rewrite arrives as an `ai_revision` suggestion (the old words marked deleted, the new
 * ones inserted, by the AI writer), never as an overwrite. Editors merge or reject it like
 * any suggestion; the owner and editors hear of it; the status follows.
 */
export async function aiRevisionCreator(
  db: Database,
  props: { context: CommandContext; article: Article; input: AiRevisionInput; provider: TextProvider; env: RoomNoticeEnv },
): Promise<Suggestion> {
  const { context, article, input, provider, env } = props;
  assertMainEditable(context.actor, article);
  // Cheap first: no provider call for words the document does not hold.
  if (!documentToPlainText(article.body).includes(input.text)) throw notInDocument();
  const [workspace] = await db.select({ id: workspaces.id, name: workspaces.name }).from(workspaces).where(eq(workspaces.id, article.workspaceId));
  if (!workspace) throw new NotFound("Workspace not found");
  const kit = await briefBrandKit(db, article.workspaceId, input.brand_kit_id);
  const voice = await voiceFor(db, workspace, kit);
  const replacement = await rewriteInBrandVoice(provider, { text: input.text, instruction: input.instruction }, voice);
  if (!replacement || replacement === input.text) {
    throw new Unprocessable("The AI writer found nothing to change in that text for the brand voice", { text: ["has nothing to change"] });
  }
  const revision: Revision = { exact: input.text, replacement, deletionUuid: crypto.randomUUID(), insertionUuid: crypto.randomUUID() };
  if (!(await revisionWriter(db, { context, article, revision, env }))) throw notInDocument();

  const previous = await rememberedStatus(db, article.id);
  const [[created]] = (await db.batch([
    db
      .insert(suggestions)
      .values({
        workspaceId: article.workspaceId,
        articleId: article.id,
        authorId: context.actor.userId,
        kind: "ai_revision",
        changeUuids: [revision.deletionUuid, revision.insertionUuid],
        previousStatus: previous?.status ?? null,
      })
      .returning(),
    eventStatement(db, context, "suggestions.ai_revision", { articleId: article.id, properties: { provider: provider.id, characters: replacement.length } }),
    // The rewrite counts against the plan's generations like any job.
    finishedGenerationRecord(db, {
      workspaceId: article.workspaceId,
      userId: context.actor.userId || null,
      kind: "rewrite",
      provider,
      brandKitId: kit?.id ?? null,
      brief: { text: input.text, instruction: input.instruction ?? null },
      characters: replacement.length,
      result: { type: "suggestion", id: sql`(SELECT max(id) FROM suggestions WHERE article_id = ${article.id})` },
    }),
  ])) as [Suggestion[], unknown, unknown];
  await suggestionStatusFollower(db, context, article.id);
  await tellAboutSuggestions(db, context, article, { created: [created!] });
  return created!;
}
