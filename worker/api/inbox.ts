import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import { workspaceParam } from "../../core/contracts/common";
import { bulkInboxSchema, inboxItemParam, listInboxQuery, updateInboxSettingsSchema, updateInboxItemSchema } from "../../core/contracts/inbox";
import { authenticate } from "../auth/sessions";
import { inboxItems } from "../db/schema";
import { createApp, type AppEnv } from "../lib/create-app";
import { HttpError, NotFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireSessionAnyWorkspace } from "../middleware/session";
import { requireWorkspace } from "../middleware/workspace";
import { authorize } from "../policies";
import { presentInboxGroups, presentInboxItem } from "../presenters/inbox";
import { viewerFor } from "../services/access";
import {
  bulkUpdateInbox,
  emailSettingsOf,
  inboxCounts,
  inboxHub,
  itemsWithFacts,
  listInbox,
  pushInboxChange,
  itemAccessAmong,
  updateEmailSettings,
  updateInboxItem,
} from "../services/inbox";

/** The signed-in person in the path's workspace, reading their own inbox there. */
function reader(c: Context<AppEnv>) {
  const actor = c.get("actor");
  authorize(actor, "inbox.read");
  return { db: c.get("db"), me: { userId: actor.userId, workspaceId: actor.workspaceId }, viewer: viewerFor(actor) };
}

const inWorkspace = [requireWorkspace, validate("param", workspaceParam)] as const;
const oneItem = [requireWorkspace, validate("param", inboxItemParam)] as const;

/**
 * The inbox: `/v1/w/:ws/inbox` (the person's items in that workspace, grouped by document),
 * `/counts` (unread totals and read receipts), `PUT /:id` (read, archived), `read_all` and
 * `archive_all`; `/v1/inbox/settings` (email per type, across workspaces) and
 * `/v1/inbox/socket`, the WebSocket that the person's InboxHub holds open.
 */
export const inboxApi = createApp()
  .get("/w/:ws/inbox", ...inWorkspace, validate("query", listInboxQuery), async (c) => {
    const { db, viewer, me } = reader(c);
    const { entries, accessOf } = await listInbox(db, { ...viewer, userId: me.userId }, c.req.valid("query"));
    return c.json({ data: presentInboxGroups(entries, accessOf), meta: { count: entries.length } });
  })

  .get("/w/:ws/inbox/counts", ...inWorkspace, async (c) => {
    const { db, me } = reader(c);
    return c.json({ data: await inboxCounts(db, me) });
  })

  .post("/w/:ws/inbox/read_all", ...inWorkspace, validate("json", bulkInboxSchema), async (c) => {
    const { db, me } = reader(c);
    const changed = await bulkUpdateInbox(db, me, "read", c.req.valid("json"));
    if (changed > 0) await pushInboxChange(c.env, me.userId, me.workspaceId);
    return c.json({ data: { changed, counts: await inboxCounts(db, me) } });
  })

  .post("/w/:ws/inbox/archive_all", ...inWorkspace, validate("json", bulkInboxSchema), async (c) => {
    const { db, me } = reader(c);
    const changed = await bulkUpdateInbox(db, me, "archive", c.req.valid("json"));
    if (changed > 0) await pushInboxChange(c.env, me.userId, me.workspaceId);
    return c.json({ data: { changed, counts: await inboxCounts(db, me) } });
  })

  .put("/w/:ws/inbox/:id", ...oneItem, validate("json", updateInboxItemSchema), async (c) => {
    const { db, me, viewer } = reader(c);
    const updated = await updateInboxItem(db, me, c.req.valid("param").id, c.req.valid("json"));
    // Someone else's item is answered like one that does not exist.
    if (!updated) throw new NotFound("Inbox item not found");
    await pushInboxChange(c.env, me.userId, me.workspaceId);
    const entries = await itemsWithFacts(db, and(eq(inboxItems.id, updated.id), eq(inboxItems.recipientId, me.userId)), 1);
    const accessOf = await itemAccessAmong(db, viewer, entries);
    return c.json({ data: presentInboxItem(entries[0]!, accessOf(entries[0]!)) });
  })

  .get("/inbox/settings", requireSessionAnyWorkspace, async (c) => {
    return c.json({ data: { email: await emailSettingsOf(c.get("db"), c.get("session").user.id) } });
  })

  .put("/inbox/settings", requireSessionAnyWorkspace, validate("json", updateInboxSettingsSchema), async (c) => {
    const email = await updateEmailSettings(c.get("db"), c.get("session").user.id, c.req.valid("json").email);
    return c.json({ data: { email } });
  })

  .get("/inbox/socket", async (c) => {
    if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") {
      throw new HttpError(426, "Open this with a WebSocket", "upgrade_required");
    }
    // A browser cannot put a header on a WebSocket: its session cookie stands for one, and only
    // from a page of this site (middleware/cookie-session, at the Worker's door).
    const session = await authenticate(c.get("db"), c.env, c.req.header("Authorization"));
    return inboxHub(c.env, session.user.id).fetch(c.req.raw);
  });
