import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { articleRefParam } from "../../core/contracts/articles";
import { listBranchesQuery, updateBranchSchema } from "../../core/contracts/branches";
import { branchParam, createBranchSchema, mergeBranchSchema, submitBranchSchema, type MergeBranchInput } from "../../core/contracts/history";
import { diffDocuments } from "../../core/history/diff";
import { mergeDocuments, previewMerge } from "../../core/history/merge";
import { branchMerger, mergeInputs } from "../commands/branchMerger";
import { branchCanceller } from "../commands/branchCanceller";
import { reviewCreator } from "../commands/reviewCommands";
import { branchCreator } from "../commands/branchCreator";
import { branchUpdater } from "../commands/branchUpdater";
import { users, type ArticleBranch } from "../db/schema";
import { createApp, type AppEnv } from "../lib/create-app";
import { Conflict, NotFound, Unprocessable } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireSession } from "../middleware/session";
import { authorize, can } from "../policies";
import { presentBranch, presentBranchSummary } from "../presenters/branches";
import { articleBody } from "../services/article-bodies";
import { peopleNamed } from "../services/history/people";
import { branchesOf, branchIsOpen, branchResource, findBranch, versionOf } from "../services/branches/load";
import { branchBodyChanged, branchModeFor, roomForBranch } from "../services/branches/room";
import { bodyRevision, issueCollabSession } from "../services/collab";
import { commandContext, loaded } from "./articles";

/** A branch and its document, for someone who may see the branch (the document's own checks first: 404 to strangers, its password). */
export async function loadBranch(c: Context<AppEnv>, id: number) {
  const db = c.get("db");
  const branch = await findBranch(db, id);
  const doc = await loaded(c, branch.articleId);
  const resource = await branchResource(db, doc.actor, doc.level, branch);
  // Someone who may read the document but not its branches learns nothing of this one.
  if (!can(doc.actor, "branches.read", resource)) throw new NotFound("Branch not found");
  return { ...doc, branch, resource };
}

/** The branch as it now is, for the actor. */
export async function branchAnswer(c: Context<AppEnv>, id: number) {
  const { actor, article, branch, resource } = await loadBranch(c, id);
  const people = await peopleNamed(c.get("db"), [branch.authorId, branch.endedById]);
  const named = (id: number | null) => (id ? (people.get(id) ?? null) : null);
  return { data: presentBranch(actor, branch, named(branch.authorId), article, resource, named(branch.endedById)) };
}

/** Refuses a change to a branch that is over: merged and cancelled branches are kept to be read. */
export function assertOpen(branch: ArticleBranch) {
  if (!branchIsOpen(branch)) throw new Conflict(`This branch was already ${branch.status}`);
}

async function mergeRoute(c: Context<AppEnv>, id: number, input: MergeBranchInput, dropPending: boolean) {
  const { actor, article, level, branch, resource } = await loadBranch(c, id);
  authorize(actor, "branches.merge", resource);
  assertOpen(branch);
  if (article.archivedAt) throw new Unprocessable("Restore this document before merging its branches", { id: ["is archived"] });
  await branchMerger(c.get("db"), { context: commandContext(c, actor), article, level, branch, resolutions: input.resolutions, mainRevision: input.main_revision, dropPending });
  return c.json(await branchAnswer(c, id));
}

/**
 * Branches of a document (version-control mode; SPEC's `/docs/:slug/branch/:parent_version?`):
 * start one from a version or the current body, list them, read one, change its title or
 * body, edit it live in its own room (`branch-<id>`), send it for approval, preview and make
 * its three-way merge into main, or cancel it.
 */
export const branchesApi = createApp()
  .post("/articles/:id/branches", requireSession, validate("param", articleRefParam), validate("json", createBranchSchema), async (c) => {
    const db = c.get("db");
    const { actor, article, level } = await loaded(c, c.req.valid("param").id);
    authorize(
      actor,
      "branches.create",
      { level },
      actor.workspaceSettings.preferences?.version_control_mode === "branches"
        ? "Only editors of this document can start a branch"
        : "Version control is off in this workspace: turn it on in settings to work on branches",
    );
    if (article.kind !== "document" || article.archivedAt) throw new Unprocessable("Only documents in use can have branches", { id: ["is a template or archived"] });
    const input = c.req.valid("json");
    const version = input.parent_version_id === undefined ? null : await versionOf(db, article, input.parent_version_id);
    const branch = await branchCreator(db, { context: commandContext(c, actor), article, version, name: input.name });
    return c.json(await branchAnswer(c, branch.id), 201);
  })

  .get("/articles/:id/branches", requireSession, validate("param", articleRefParam), validate("query", listBranchesQuery), async (c) => {
    const db = c.get("db");
    const { actor, article, level } = await loaded(c, c.req.valid("param").id);
    authorize(actor, "articles.read", { level });
    const rows = await branchesOf(db, actor, article, level, c.req.valid("query").status);
    const authors = await peopleNamed(db, rows.map((branch) => branch.authorId));
    return c.json({ data: rows.map((branch) => presentBranchSummary(branch, branch.authorId ? (authors.get(branch.authorId) ?? null) : null)) });
  })

  .get("/branches/:id", requireSession, validate("param", branchParam), async (c) => c.json(await branchAnswer(c, c.req.valid("param").id)))

  .put("/branches/:id", requireSession, validate("param", branchParam), validate("json", updateBranchSchema), async (c) => {
    const { actor, article, branch, resource } = await loadBranch(c, c.req.valid("param").id);
    authorize(actor, "branches.update", resource);
    assertOpen(branch);
    if (article.archivedAt) throw new Unprocessable("Restore this document before changing its branches", { id: ["is archived"] });
    const input = c.req.valid("json");
    const content = input.body !== undefined || input.markdown !== undefined ? articleBody(input) : undefined;
    const updated = await branchUpdater(c.get("db"), { branch, changes: { title: input.title, name: input.name, content } });
    if (!updated) throw new Conflict("This branch changed meanwhile (it was edited or ended): load it again");
    if (content) branchBodyChanged(c, branch);
    return c.json({ ...(await branchAnswer(c, branch.id)), warnings: content?.warnings ?? [] });
  })

  .post("/branches/:id/collab_token", requireSession, validate("param", branchParam), async (c) => {
    const db = c.get("db");
    const { actor, article, level, branch } = await loadBranch(c, c.req.valid("param").id);
    const [user] = await db.select().from(users).where(eq(users.id, actor.userId));
    if (!user) throw new NotFound("User not found");
    const mode = (await branchModeFor(db, actor, article, level, branch)) ?? "read";
    return c.json({ data: await issueCollabSession(c.env, { article, user, mode, room: roomForBranch(branch.id) }) });
  })

  // Sends it for approval: an approval review of the review workflow, linked to the branch.
  .post("/branches/:id/submit", requireSession, validate("param", branchParam), validate("json", submitBranchSchema), async (c) => {
    const { actor, article, branch, resource } = await loadBranch(c, c.req.valid("param").id);
    authorize(actor, "branches.submit", resource);
    if (branch.status !== "open") throw new Conflict(branch.status === "in_review" ? "This branch is already in review" : `This branch was already ${branch.status}`);
    if (article.archivedAt) throw new Unprocessable("Restore this document before submitting its branches", { id: ["is archived"] });
    const input = c.req.valid("json");
    await reviewCreator(c.get("db"), { context: commandContext(c, actor), article, input: { kind: "approval", ...input }, branch });
    return c.json(await branchAnswer(c, branch.id), 201);
  })

  // What merging it now would do: conflicts to resolve, or (clean) how main would change.
  .get("/branches/:id/merge_preview", requireSession, validate("param", branchParam), async (c) => {
    const { article, branch } = await loadBranch(c, c.req.valid("param").id);
    const inputs = await mergeInputs(c.get("db"), article, branch);
    const preview = previewMerge(inputs.base, inputs.main, inputs.branch);
    const diff = preview.clean ? diffDocuments(inputs.main, mergeDocuments(inputs.base, inputs.main, inputs.branch, new Map())) : null;
    return c.json({ data: { ...preview, main_revision: bodyRevision(article), diff } });
  })

  .post("/branches/:id/close", requireSession, validate("param", branchParam), validate("json", mergeBranchSchema), async (c) => mergeRoute(c, c.req.valid("param").id, c.req.valid("json"), false))
  // Merges what was approved (accepted changes) and drops the rest (pending tracked changes).
  .post("/branches/:id/cancel_and_merge", requireSession, validate("param", branchParam), validate("json", mergeBranchSchema), async (c) => mergeRoute(c, c.req.valid("param").id, c.req.valid("json"), true))

  .post("/branches/:id/cancel", requireSession, validate("param", branchParam), async (c) => {
    const { actor, article, branch, resource } = await loadBranch(c, c.req.valid("param").id);
    authorize(actor, "branches.cancel", resource);
    assertOpen(branch);
    await branchCanceller(c.get("db"), { context: commandContext(c, actor), article, branch });
    return c.json(await branchAnswer(c, branch.id));
  });
