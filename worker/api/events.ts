import { readProgressProperties } from "../../core/contracts/history";
import { ARTICLE_VIEW_EVENTS, eventSchema, FOLDER_VIEW_EVENT, READ_PROGRESS_EVENT } from "../../core/contracts/home";
import { eventRecorder, readProgressRecorder, type ClientEvent } from "../commands/eventRecorder";
import { createApp } from "../lib/create-app";
import { NotFound, Unauthorized } from "../lib/errors";
import { validate } from "../lib/validate";
import { optionalSession } from "../middleware/session";
import { resolveActor } from "../middleware/workspace";
import { authorize, type Actor } from "../policies";
import { loadArticle, loadFolder } from "../services/documents";
import { ARTICLE_VIEW, FOLDER_VIEW } from "../services/home-feed";
import { commandContext, requestFacts } from "./articles";

/** `X-Anonymous-User-Uuid`, when it looks like one (anything else is ignored, never stored). */
const anonymousUuid = (value: string | undefined) => (value && /^[A-Za-z0-9-]{8,64}$/.test(value) ? value : null);

/**
 * POST /v1/events: what the client reports. A view ("view" or "articles.view" with an
 * article_id, "folders.view" with a folder_id) needs read access to that item, password
 * included, and works for anonymous visitors of public or link-shared documents; it feeds
 * the recent and frequently viewed lists, once per person per minute; its `referrer` is kept
 * as an origin (insights' top referrers). `articles.read_progress` ({seconds, scroll_depth})
 * needs the same read access and keeps one row per reader-session. Any other event
 * needs a member or guest of the workspace and is stored as `client.<name>`, so a client
 * can never forge the events the server records itself.
 */
export const eventsApi = createApp().post("/events", optionalSession, validate("json", eventSchema), async (c) => {
  const db = c.get("db");
  const input = c.req.valid("json");
  const facts = requestFacts(c);
  const base = { properties: input.properties, anonymousUuid: anonymousUuid(c.req.header("X-Anonymous-User-Uuid")) };
  let actor: Actor;
  let event: ClientEvent;

  if (input.event_name === READ_PROGRESS_EVENT) {
    const loaded = await loadArticle(db, facts, input.article_id!);
    if (input.workspace_id && loaded.article.workspaceId !== input.workspace_id) throw new NotFound("Document not found");
    authorize(loaded.actor, "articles.read", loaded.resource);
    const { recorded } = await readProgressRecorder(db, {
      context: commandContext(c, loaded.actor),
      articleId: loaded.article.id,
      anonymousUuid: base.anonymousUuid,
      progress: readProgressProperties.parse(input.properties),
    });
    return c.json(
      { data: { event_name: READ_PROGRESS_EVENT, workspace_id: input.workspace_id ?? null, article_id: loaded.article.id, folder_id: null, recorded } },
      recorded ? 201 : 200,
    );
  }

  if ((ARTICLE_VIEW_EVENTS as readonly string[]).includes(input.event_name)) {
    const loaded = await loadArticle(db, facts, input.article_id!);
    if (input.workspace_id && loaded.article.workspaceId !== input.workspace_id) throw new NotFound("Document not found");
    authorize(loaded.actor, "articles.read", loaded.resource);
    actor = loaded.actor;
    event = { ...base, name: ARTICLE_VIEW, articleId: loaded.article.id };
  } else if (input.event_name === FOLDER_VIEW_EVENT) {
    const loaded = await loadFolder(db, facts, input.folder_id!);
    if (loaded.folder.workspaceId !== input.workspace_id) throw new NotFound("Folder not found");
    authorize(loaded.actor, "folders.read", loaded.resource);
    actor = loaded.actor;
    event = { ...base, name: FOLDER_VIEW, folderId: loaded.folder.id };
  } else {
    if (!facts.session) throw new Unauthorized();
    // The schema requires workspace_id for every event but a document's view or read progress.
    actor = (await resolveActor(db, facts.session, input.workspace_id!, facts.superAdminHeader)).actor;
    authorize(actor, "workspace.read");
    let articleId: number | null = null;
    if (input.article_id) {
      const loaded = await loadArticle(db, facts, input.article_id);
      if (loaded.article.workspaceId !== input.workspace_id) throw new NotFound("Document not found");
      authorize(loaded.actor, "articles.read", loaded.resource);
      articleId = loaded.article.id;
    }
    event = { ...base, name: `client.${input.event_name}`, articleId };
  }

  const isView = event.name === ARTICLE_VIEW || event.name === FOLDER_VIEW;
  const { recorded } = await eventRecorder(db, { context: commandContext(c, actor), event, dedupe: isView });
  return c.json(
    { data: { event_name: event.name, workspace_id: input.workspace_id ?? null, article_id: event.articleId ?? null, folder_id: event.folderId ?? null, recorded } },
    recorded ? 201 : 200,
  );
});
