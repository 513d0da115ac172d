import * as z from "zod";
import { articleOut, articleRefParam } from "../../core/contracts/articles";
import { compareQuery, timelineQuery } from "../../core/contracts/history";
import { compareOut, timelineOut, versionListOut, versionRefParam, versionShowOut } from "../../core/contracts/history-answers";
import { listQuery } from "../../core/contracts/pagination";
import type { Context } from "hono";
import { createApp, type AppEnv } from "../lib/create-app";
import { validate } from "../lib/validate";
import { requireSession } from "../middleware/session";
import { publicRoute } from "../openapi/public-route";
import { authorize } from "../policies";
import { presentArticle } from "../presenters/articles";
import { peopleInTimeline, personOfShown, presentShownVersion, presentTimeline, presentVersionSummary } from "../presenters/history";
import { peopleOf } from "../services/article-lists";
import { compareVersions } from "../services/history/compare";
import { peopleNamed } from "../services/history/people";
import { versionRestorer } from "../services/history/restore";
import { statusLabels, timelinePage } from "../services/history/timeline";
import { bodyOf, loadVersion, titleOf, versionsPage } from "../services/history/versions";
import { commandContext, loaded } from "./articles";
import { blockSummaries } from "../../core/history/blocks";

/**
 * A document's past: its timeline, its versions, one version's body, and restoring one.
 * Editors only (`history.*`), with the document loaded as for reading it, so its password
 * and private folders hold for every version's words too.
 */
/** The document as its history shows it: loaded as for reading (password, private folder), then `action` checked. */
async function historyOf(c: Context<AppEnv>, id: number, action: "history.read" | "history.restore") {
  const doc = await loaded(c, id);
  authorize(doc.actor, action, doc.resource);
  return doc;
}

export const historyApi = createApp()
  .get(
    "/articles/:id/timeline",
    publicRoute({
      scope: "read",
      tag: "Documents",
      summary: "Get a document's timeline",
      description:
        "What happened to the document, newest first: edits (one entry per person per editing session, with `count` and `ended_at`), comments, reviews, status changes, sharing, publishing, restores and branches. Pass the answer's `oldest_timestamp` as `before` for the next page while `more_available` is true. Needs edit access.",
      response: timelineOut,
      errors: [404],
      example: { params: { id: "$article" }, query: { limit: "20" } },
    }),
    requireSession,
    validate("param", articleRefParam),
    validate("query", timelineQuery),
    async (c) => {
      const db = c.get("db");
      const { actor, article } = await historyOf(c, c.req.valid("param").id, "history.read");
      const page = await timelinePage(db, article, c.req.valid("query"));
      const people = await peopleNamed(db, peopleInTimeline(page.entries));
      return c.json({ data: presentTimeline(page, people, statusLabels(actor.workspaceSettings)) });
    },
  )

  .get(
    "/articles/:id/versions",
    publicRoute({
      scope: "read",
      tag: "Documents",
      summary: "List a document's versions",
      description:
        "The versions kept of the document, newest first: snapshots while people edit (at most every 10 minutes), and one at every status change, publish, restore and merge. Bodies are left out: get one version for its body. Needs edit access.",
      response: versionListOut,
      errors: [404],
      example: { params: { id: "$article" }, query: { limit: "20" } },
    }),
    requireSession,
    validate("param", articleRefParam),
    validate("query", listQuery),
    async (c) => {
      const db = c.get("db");
      const { article } = await historyOf(c, c.req.valid("param").id, "history.read");
      const { rows, meta } = await versionsPage(db, article, c.req.valid("query"));
      const people = await peopleNamed(db, rows.map((row) => row.createdById));
      return c.json({ data: rows.map((row) => presentVersionSummary(row, people)), meta });
    },
  )

  .get(
    "/articles/:id/versions/:version",
    publicRoute({
      scope: "read",
      tag: "Documents",
      summary: "Get a version of a document",
      description: "One version's title and body (the editor's JSON) and its blocks as a comparison lists them; `current` for the document as it is now. Needs edit access.",
      response: versionShowOut,
      errors: [404],
      example: { params: { id: "$article", version: "current" } },
    }),
    requireSession,
    validate("param", versionRefParam),
    async (c) => {
      const db = c.get("db");
      const params = c.req.valid("param");
      const { article } = await historyOf(c, params.id, "history.read");
      const shown = await loadVersion(db, article, params.version);
      const people = await peopleNamed(db, [personOfShown(shown)]);
      const body = bodyOf(shown);
      return c.json({ data: { summary: presentShownVersion(shown, people), title: titleOf(shown), body, blocks: blockSummaries(body) } });
    },
  )

  .post(
    "/articles/:id/versions/:version/restore",
    publicRoute({
      scope: "write",
      tag: "Documents",
      summary: "Restore a version of a document",
      description:
        "Makes the version's title and body current (kept as a new version of kind `restore`); people editing it live get the restored body in their editor. Restoring `current` changes nothing. Refused for an archived document. Needs edit access.",
      response: z.object({ data: articleOut }),
      errors: [404, 422],
      example: { params: { id: "$article", version: "current" } },
    }),
    requireSession,
    validate("param", versionRefParam),
    async (c) => {
      const db = c.get("db");
      const params = c.req.valid("param");
      const { actor, article, level } = await historyOf(c, params.id, "history.restore");
      const shown = await loadVersion(db, article, params.version);
      const restored = await versionRestorer(db, { context: commandContext(c, actor), article, shown });
      return c.json({ data: presentArticle(actor, restored, level, await peopleOf(db, restored)) });
    },
  )

  .get(
    "/articles/:id/compare",
    publicRoute({
      scope: "read",
      tag: "Documents",
      summary: "Compare two versions of a document",
      description:
        "How version `to` (default: `current`, the document as it is) differs from version `from`: block by block (inserted, deleted, moved, modified) and, inside a modified block, word by word with formatting, block-type and table-cell changes. Both must be versions of this document. Needs edit access.",
      response: compareOut,
      errors: [404],
      example: { params: { id: "$article" }, query: { from: "current", to: "current" } },
    }),
    requireSession,
    validate("param", articleRefParam),
    validate("query", compareQuery),
    async (c) => {
      const db = c.get("db");
      const { article } = await historyOf(c, c.req.valid("param").id, "history.read");
      const compared = await compareVersions(db, article, c.req.valid("query"));
      const people = await peopleNamed(db, [personOfShown(compared.from), personOfShown(compared.to)]);
      return c.json({ data: { from: presentShownVersion(compared.from, people), to: presentShownVersion(compared.to, people), diff: compared.diff } });
    },
  );
