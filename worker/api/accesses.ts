import { and, desc, eq, isNull } from "drizzle-orm";
import type { Context } from "hono";
import {
  acceptAccessRequestSchema,
  channelIdParam,
  createAccessesSchema,
  createAccessRequestSchema,
  createFromNewSheetSchema,
  deleteAccessBody,
  deleteAccessQuery,
  removeFromChannelSchema,
  updateAccessSchema,
  usersWithAccessQuery,
  type CreateAccessesInput,
  type UsersWithAccessQuery,
} from "../../core/contracts/accesses";
import { articleRefParam } from "../../core/contracts/articles";
import { idParam } from "../../core/contracts/common";
import { folderRefParam } from "../../core/contracts/folders";
import { pageMeta, pageWindow } from "../../core/contracts/pagination";
import type { AccessLevel } from "../../core/enums";
import { accessGranter } from "../commands/accessGranter";
import { accessLeaver, accessRemover, channelAccessRemover } from "../commands/accessRemover";
import { accessRequestCreator } from "../commands/accessRequestCreator";
import { accessRequestAccepter, accessRequestDenier } from "../commands/accessRequestDecider";
import { accessUpdater, readReceiptRemover } from "../commands/accessUpdater";
import { inList } from "../db/batching";
import type { Database } from "../db/client";
import { accessRequests, articles, channels, handbooks, users, workspaces, type Access, type Article } from "../db/schema";
import { createApp, type AppEnv } from "../lib/create-app";
import { Forbidden, Invalid, NotFound, Unprocessable } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireSession } from "../middleware/session";
import { authorize, can, presentPolicies, type Action, type Actor, type DocumentResource } from "../policies";
import { presentAccess, presentAccessRequest, presentInheritedAccess, presentUserWithAccess } from "../presenters/accesses";
import { presentUserCard } from "../presenters/users";
import { articleAccess, atLeast, viewerFor } from "../services/access";
import { actorFor, folderIdByKey, loadArticle, loadFolder } from "../services/documents";
import { resolveShareTargets } from "../services/share-targets";
import { messageText } from "../services/share-mail";
import {
  accessById,
  articleLevels,
  grantsOn,
  grantTargets,
  inheritedGrants,
  sharedItemFacts,
  targetKey,
  usersWithAccess,
  type SharedItem,
} from "../services/shares";
import { commandContext, requestFacts } from "./articles";

const origin = (c: Context<AppEnv>) => new URL(c.req.url).origin;

/** A document or folder loaded for whoever asks, with what sharing it takes. */
interface LoadedItem {
  actor: Actor;
  item: SharedItem;
  level: AccessLevel | null;
  resource: DocumentResource;
  shareAction: Action;
  readAction: Action;
}

async function loadArticleItem(c: Context<AppEnv>, id: number): Promise<LoadedItem & { article: Article }> {
  const { actor, article, level, resource } = await loadArticle(c.get("db"), requestFacts(c), id);
  return {
    actor,
    article,
    item: { kind: "article", article },
    level,
    resource,
    shareAction: "articles.share",
    readAction: "articles.read",
  };
}

async function loadFolderItem(c: Context<AppEnv>, ref: { id: number } | { key: string }): Promise<LoadedItem> {
  const db = c.get("db");
  const id = "id" in ref ? ref.id : await folderIdByKey(db, ref.key);
  const { actor, folder, level, resource } = await loadFolder(db, requestFacts(c), id);
  return { actor, item: { kind: "folder", folder }, level, resource, shareAction: "folders.share", readAction: "folders.read" };
}

/** The item a grant is on, loaded for the caller (404 outsider, 403 member without access). */
async function loadGrant(c: Context<AppEnv>, id: number): Promise<LoadedItem & { access: Access }> {
  const access = await accessById(c.get("db"), id);
  if (!access) throw new NotFound("Access not found");
  const loaded = access.articleId !== null ? await loadArticleItem(c, access.articleId) : await loadFolderItem(c, { id: access.folderId! });
  return { ...loaded, access };
}

/** Share lists are for people of the workspace, not for visitors holding the link. */
function authorizeReading(loaded: LoadedItem) {
  if (loaded.actor.role === "unauthed") throw new NotFound("Document not found");
  authorize(loaded.actor, loaded.readAction, loaded.resource);
}

async function workspaceRow(db: Database, id: number) {
  const [workspace] = await db.select().from(workspaces).where(eq(workspaces.id, id));
  if (!workspace) throw new NotFound("Workspace not found");
  return workspace;
}

async function presentGrants(db: Database, grants: Access[], showEmails: boolean) {
  const targets = await grantTargets(db, grants);
  return grants.map((grant) => presentAccess(grant, targets, { showEmails }));
}

/** POST …/accesses: validate targets, check levels and invitations, grant, present what changed. */
async function share(c: Context<AppEnv>, loaded: LoadedItem, input: CreateAccessesInput) {
  const db = c.get("db");
  const { actor, item, level, resource } = loaded;
  authorize(actor, loaded.shareAction, resource);
  const facts = sharedItemFacts(item);
  if (input.handbook_key) {
    const [handbook] = await db
      .select({ id: handbooks.id })
      .from(handbooks)
      .where(and(eq(handbooks.key, input.handbook_key), eq(handbooks.workspaceId, facts.workspaceId)));
    if (!handbook)
      throw new Invalid("handbook_key: is not a handbook of this workspace", { handbook_key: ["is not a handbook of this workspace"] });
  }
  const { grants, invites } = await resolveShareTargets(db, item, facts.workspaceId, input);
  // Sharing with someone outside the workspace brings them in as a guest: that is an invitation.
  if (invites.length > 0) authorize(actor, "members.invite");

  const outcome = await accessGranter(db, c.env, {
    context: commandContext(c, actor),
    sharer: c.get("session").user,
    workspace: await workspaceRow(db, facts.workspaceId),
    item,
    level: level!,
    grants,
    invites,
    origin: origin(c),
    mail: { subject: input.subject, message: messageText(input.html_message) || input.default_message?.trim() || null },
    handbookKey: input.handbook_key,
  });
  const changed = new Set([...outcome.created, ...outcome.updated].map(targetKey));
  return c.json(
    {
      data: await presentGrants(
        db,
        outcome.grants.filter((grant) => changed.has(targetKey(grant))),
        true
      ),
      meta: {
        created: outcome.created.length,
        updated: outcome.updated.length,
        invited: outcome.invitations.filter((result) => result.status === "invited").map((result) => result.email),
        notified: outcome.notified,
      },
    },
    outcome.created.length > 0 ? 201 : 200
  );
}

/** GET …/accesses: the share dialog's list. */
async function listing(c: Context<AppEnv>, loaded: LoadedItem) {
  const db = c.get("db");
  authorizeReading(loaded);
  const facts = sharedItemFacts(loaded.item);
  const showEmails = can(loaded.actor, loaded.shareAction, loaded.resource);
  const [direct, inherited] = await Promise.all([grantsOn(db, facts), inheritedGrants(db, facts.workspaceId, facts.chainFolderId)]);
  const targets = await grantTargets(db, [...direct, ...inherited.map((row) => row.access)], facts.ownerId ? [facts.ownerId] : []);
  const owner = facts.ownerId ? targets.users.get(facts.ownerId) : undefined;
  return c.json({
    data: {
      owner: owner ? presentUserCard(owner) : null,
      access_level: loaded.level,
      accesses: direct.map((grant) => presentAccess(grant, targets, { showEmails })),
      inherited_accesses: inherited.map((row) => presentInheritedAccess(row.access, row.folder, targets, { showEmails })),
    },
    policies: presentPolicies(loaded.actor, [loaded.shareAction], loaded.resource),
  });
}

/** GET …/users_with_access and …/users_with_edit_access. */
async function peopleWithAccess(c: Context<AppEnv>, id: number, query: UsersWithAccessQuery, minLevel: AccessLevel) {
  const db = c.get("db");
  const loaded = await loadArticleItem(c, id);
  authorizeReading(loaded);
  let item = loaded.item;
  let handbook: { key: string; cover_doc_id: number | null } | null = null;
  if (query.handbook) {
    const facts = sharedItemFacts(item);
    const [row] = await db
      .select()
      .from(handbooks)
      .where(and(eq(handbooks.key, query.handbook), eq(handbooks.workspaceId, facts.workspaceId), isNull(handbooks.archivedAt)));
    if (!row) throw new NotFound("Handbook not found");
    handbook = { key: row.key, cover_doc_id: row.coverDocId };
    // In a handbook, the audience is whoever may open its cover document.
    if (row.coverDocId !== null && row.coverDocId !== facts.articleId) {
      const [cover] = await db
        .select()
        .from(articles)
        .where(and(eq(articles.id, row.coverDocId), eq(articles.workspaceId, facts.workspaceId)));
      if (!cover) throw new NotFound("Handbook not found");
      if (!atLeast((await articleAccess(db, viewerFor(loaded.actor), cover)).level, "read")) {
        throw new Forbidden("You do not have access to this handbook's cover document");
      }
      item = { kind: "article", article: cover };
    }
  }
  const page = { page: query.page, per_page: query.per_page };
  const result = await usersWithAccess(db, sharedItemFacts(item), { minLevel, ...pageWindow(page) });
  return c.json({
    data: result.items.map(presentUserWithAccess),
    meta: { ...pageMeta(page, result.total), link_access: result.linkAccess, handbook },
  });
}

async function loadRequest(db: Database, id: number) {
  const [request] = await db.select().from(accessRequests).where(eq(accessRequests.id, id));
  if (!request) throw new NotFound("Access request not found");
  return request;
}

async function userById(db: Database, id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user ?? null;
}

/**
 * Sharing: grants on documents and folders (/v1/articles/:id/accesses, /v1/folders/:ref/
 * accesses, /v1/accesses/:id) and access requests (/v1/articles/:id/access_requests,
 * /v1/access_requests/:id). Mounted at the /v1 root: middleware route by route.
 */
export const accessesApi = createApp()
  .post("/articles/:id/accesses", requireSession, validate("param", articleRefParam), validate("json", createAccessesSchema), async (c) =>
    share(c, await loadArticleItem(c, c.req.valid("param").id), c.req.valid("json"))
  )

  .post("/folders/:ref/accesses", requireSession, validate("param", folderRefParam), validate("json", createAccessesSchema), async (c) =>
    share(c, await loadFolderItem(c, c.req.valid("param").ref), c.req.valid("json"))
  )

  .post("/accesses/create_from_new_sheet", requireSession, validate("json", createFromNewSheetSchema), async (c) => {
    const input = c.req.valid("json");
    const loaded =
      input.article_id !== undefined ? await loadArticleItem(c, input.article_id) : await loadFolderItem(c, { id: input.folder_id! });
    return share(c, loaded, input);
  })

  .get("/articles/:id/accesses", requireSession, validate("param", articleRefParam), async (c) =>
    listing(c, await loadArticleItem(c, c.req.valid("param").id))
  )

  .get("/folders/:ref/accesses", requireSession, validate("param", folderRefParam), async (c) =>
    listing(c, await loadFolderItem(c, c.req.valid("param").ref))
  )

  .get(
    "/articles/:id/accesses/users_with_access",
    requireSession,
    validate("param", articleRefParam),
    validate("query", usersWithAccessQuery),
    async (c) => peopleWithAccess(c, c.req.valid("param").id, c.req.valid("query"), "read")
  )

  .get(
    "/articles/:id/accesses/users_with_edit_access",
    requireSession,
    validate("param", articleRefParam),
    validate("query", usersWithAccessQuery),
    async (c) => peopleWithAccess(c, c.req.valid("param").id, c.req.valid("query"), "edit")
  )

  // The owner cannot leave their own document; anyone else drops their personal grant.
  .delete("/articles/:id/accesses/leave", requireSession, validate("param", articleRefParam), async (c) => {
    const db = c.get("db");
    const { actor, article, item } = await loadArticleItem(c, c.req.valid("param").id);
    if (actor.role === "unauthed") throw new NotFound("Document not found");
    if (article.ownerId === actor.userId) {
      throw new Unprocessable("The owner cannot leave their document: transfer ownership first", { id: ["is your own document"] });
    }
    const mine = (await grantsOn(db, sharedItemFacts(item))).filter(
      (grant) => grant.targetType === "User" && grant.userId === actor.userId
    );
    if (mine.length === 0) {
      throw new Unprocessable("You have access through a group, a folder or the workspace, not a personal grant", {
        id: ["has no personal grant for you"],
      });
    }
    await accessLeaver(db, { context: commandContext(c, actor), articleId: article.id, grants: mine });
    return c.json({ data: { article_id: article.id, left: true, removed: mine.length } });
  })

  .delete(
    "/accesses/remove_multi_from_channel/:channelId",
    requireSession,
    validate("param", channelIdParam),
    validate("json", removeFromChannelSchema),
    async (c) => {
      const db = c.get("db");
      const [group] = await db
        .select()
        .from(channels)
        .where(eq(channels.id, c.req.valid("param").channelId));
      if (!group) throw new NotFound("Group not found");
      const actor = await actorFor(db, requestFacts(c), group.workspaceId);
      if (actor.role === "unauthed") throw new NotFound("Group not found");
      const articleIds = [...new Set(c.req.valid("json").article_ids)];
      const found = new Set<number>();
      const rows = await db
        .select({ id: articles.id })
        .from(articles)
        .where(and(eq(articles.workspaceId, group.workspaceId), inList(articles.id, articleIds)));
      for (const row of rows) found.add(row.id);
      const missing = articleIds.filter((id) => !found.has(id));
      if (missing.length > 0) {
        throw new Invalid(`article_ids: ${missing.join(", ")} are not documents of this workspace`, {
          article_ids: [`${missing.join(", ")} are not documents of this workspace`],
        });
      }
      // Each document is checked on its own: sharing rights on one say nothing about another.
      const levels = await articleLevels(db, viewerFor(actor), articleIds);
      const refused = articleIds.filter((id) => !can(actor, "articles.share", { level: levels.get(id) ?? null }));
      if (refused.length > 0) {
        throw new Forbidden("You cannot change sharing on some of those documents", {
          fields: { article_ids: [`${refused.join(", ")} cannot be shared by you`] },
        });
      }
      await channelAccessRemover(db, { context: commandContext(c, actor), channelId: group.id, articleIds });
      return c.json({ data: { channel_id: group.id, article_ids: articleIds } });
    }
  )

  .put("/accesses/:id", requireSession, validate("param", idParam), validate("json", updateAccessSchema), async (c) => {
    const db = c.get("db");
    const { actor, access, level, resource, shareAction } = await loadGrant(c, c.req.valid("param").id);
    authorize(actor, shareAction, resource);
    const input = c.req.valid("json");
    const updated = await accessUpdater(db, {
      context: commandContext(c, actor),
      access,
      level: level!,
      permission: input.permission,
      readReceipt: input.read_receipt,
    });
    return c.json({ data: (await presentGrants(db, [updated], true))[0] });
  })

  .delete(
    "/accesses/:id",
    requireSession,
    validate("param", idParam),
    validate("query", deleteAccessQuery),
    validate("json", deleteAccessBody),
    async (c) => {
      const db = c.get("db");
      const { actor, access, level, resource, shareAction } = await loadGrant(c, c.req.valid("param").id);
      authorize(actor, shareAction, resource);
      const context = commandContext(c, actor);
      if (c.req.valid("json").remove_read_receipt ?? c.req.valid("query").remove_read_receipt) {
        const updated = await readReceiptRemover(db, { context, access });
        return c.json({ data: (await presentGrants(db, [updated], true))[0] });
      }
      await accessRemover(db, { context, access, level: level! });
      return c.json({ data: { id: access.id, deleted: true } });
    }
  )

  // Asking for access: the article is loaded here, not through loadArticle, which refuses people without any.
  .post(
    "/articles/:id/access_requests",
    requireSession,
    validate("param", articleRefParam),
    validate("json", createAccessRequestSchema),
    async (c) => {
      const db = c.get("db");
      const [article] = await db
        .select()
        .from(articles)
        .where(eq(articles.id, c.req.valid("param").id));
      if (!article) throw new NotFound("Document not found");
      const actor = await actorFor(db, requestFacts(c), article.workspaceId);
      if (actor.role === "unauthed") throw new NotFound("Document not found");
      authorize(actor, "articles.request_access");
      const input = c.req.valid("json");
      const { level } = await articleAccess(db, viewerFor(actor), article);
      if (atLeast(level, input.permission)) {
        throw new Unprocessable(`You already have ${level} access to this document`, {
          permission: [`is not more than your ${level} access`],
        });
      }
      const requester = c.get("session").user;
      const { request, created } = await accessRequestCreator(db, c.env, {
        context: commandContext(c, actor),
        requester,
        article,
        permission: input.permission,
        message: input.message?.trim() || null,
        origin: origin(c),
      });
      return c.json({ data: presentAccessRequest(request, requester) }, created ? 201 : 200);
    }
  )

  .get("/articles/:id/access_requests", requireSession, validate("param", articleRefParam), async (c) => {
    const db = c.get("db");
    const { actor, article, resource } = await loadArticleItem(c, c.req.valid("param").id);
    authorize(actor, "articles.share", resource);
    const pending = await db
      .select({ request: accessRequests, requester: users })
      .from(accessRequests)
      .innerJoin(users, eq(users.id, accessRequests.userId))
      .where(and(eq(accessRequests.articleId, article.id), eq(accessRequests.status, "pending")))
      .orderBy(desc(accessRequests.updatedAt))
      .limit(200);
    return c.json({ data: pending.map((row) => presentAccessRequest(row.request, row.requester)) });
  })

  .put(
    "/access_requests/:id/accept",
    requireSession,
    validate("param", idParam),
    validate("json", acceptAccessRequestSchema),
    async (c) => {
      const db = c.get("db");
      const request = await loadRequest(db, c.req.valid("param").id);
      const { actor, article, level, resource } = await loadArticleItem(c, request.articleId);
      authorize(actor, "articles.share", resource);
      const requester = await userById(db, request.userId);
      if (!requester) throw new NotFound("Access request not found");
      const input = c.req.valid("json");
      const outcome = await accessRequestAccepter(db, c.env, {
        context: commandContext(c, actor),
        request,
        article,
        requester,
        accepter: c.get("session").user,
        workspace: await workspaceRow(db, article.workspaceId),
        level: level!,
        permission: input.permission ?? request.permission,
        addToWorkspace: input.add_to_workspace,
        origin: origin(c),
      });
      // The requester's grant: a User grant, or an Email grant while their invitation is pending.
      const grant = outcome.grants.find(
        (row) => (row.targetType === "User" && row.userId === requester.id) || (row.targetType === "Email" && row.email === requester.email)
      );
      return c.json({
        data: {
          request: presentAccessRequest(await loadRequest(db, request.id), requester),
          access: grant ? (await presentGrants(db, [grant], true))[0] : null,
        },
      });
    }
  )

  // Denied by someone who may share the document, or withdrawn by the requester.
  .delete("/access_requests/:id", requireSession, validate("param", idParam), async (c) => {
    const db = c.get("db");
    const request = await loadRequest(db, c.req.valid("param").id);
    const session = c.get("session");
    let actor: Actor;
    if (request.userId === session.user.id) {
      actor = await actorFor(db, requestFacts(c), request.workspaceId);
      if (actor.role === "unauthed") throw new NotFound("Access request not found");
    } else {
      const loaded = await loadArticleItem(c, request.articleId);
      authorize(loaded.actor, "articles.share", loaded.resource);
      actor = loaded.actor;
    }
    const denied = await accessRequestDenier(db, { context: commandContext(c, actor), request });
    return c.json({ data: presentAccessRequest(denied, await userById(db, request.userId)) });
  });
