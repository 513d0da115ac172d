import { and, eq, isNull, type AnyColumn } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { requestAccessLabels, type AccessLevel } from "../../core/enums";
import type { Session } from "../auth/sessions";
import { verifyPassword } from "../auth/password";
import { clearFailures, enforceThrottle, recordFailure } from "../auth/throttle";
import type { Database } from "../db/client";
import { articles, folders, memberships, users, workspaces, type Article, type Folder, type Membership, type Workspace } from "../db/schema";
import { HttpError, NotFound, Unauthorized } from "../lib/errors";
import { activeMembership, actorFromRow, NotAMember } from "../middleware/workspace";
import { can, type Actor, type DocumentResource } from "../policies";
import { articleAccess, folderAccess, viewerFor, type AccessFacts } from "./access";
import type { DocumentPeople } from "./article-lists";

// Loading one document or folder for whoever asks: resolve the actor in the item's own
// workspace, work out their access level, check the password on the way. Routes then ask
// the policy module what that level allows.

/** What the request carries besides the session. */
export interface RequestFacts {
  session: Session | undefined;
  superAdminHeader: string | undefined;
  /** `X-Article-Password`, for password-protected documents and folders. */
  password: string | undefined;
  ip: string | null;
}

/** 403 with a machine-readable code so clients prompt for the password. */
export class PasswordRequired extends HttpError {
  constructor(code: "password_required" | "password_invalid") {
    super(
      403,
      code === "password_required" ? "This document is password protected" : "That password is not right",
      code,
    );
  }
}

/** 403 for a member without access: the AccessBlocked modal offers to ask for it. */
export class AccessBlocked extends HttpError {
  constructor(canRequest: boolean) {
    super(403, "You do not have access to this document", "no_access", {
      can_request_access: canRequest,
      request_labels: canRequest ? requestAccessLabels : undefined,
    });
  }
}

/**
 * The actor for a request about an item in `workspaceId`: a member or guest by their role;
 * a signed-in outsider or an anonymous visitor as "unauthed" (only link grants reach them).
 */
export async function actorFor(db: Database, request: RequestFacts, workspaceId: number): Promise<Actor> {
  const [row] = await db
    .select({ workspace: workspaces, membership: memberships })
    .from(workspaces)
    .leftJoin(memberships, membershipOf(request, workspaceId))
    .where(and(eq(workspaces.id, workspaceId), isNull(workspaces.deactivatedAt)));
  return actorOf(request, row, workspaceId);
}

/** The requester's active membership in `workspaceId` (none when signed out). */
const membershipOf = (request: RequestFacts, workspaceId: number | AnyColumn) => activeMembership(workspaceId, request.session?.user.id ?? -1);

/** `actorFor` from a workspace row already read (with the requester's membership), for loaders that read it in their own query. */
function actorOf(request: RequestFacts, row: { workspace: Workspace | null; membership: Membership | null } | undefined, workspaceId: number): Actor {
  if (!row?.workspace) throw new NotFound("Document not found");
  const outsider = (userId: number, isSuperAdmin: boolean): Actor => ({
    userId,
    role: "unauthed",
    workspaceId,
    workspaceSettings: row.workspace!.settings,
    isSuperAdmin,
  });
  if (!request.session) return outsider(0, false);
  try {
    return actorFromRow({ workspace: row.workspace, membership: row.membership }, request.session, workspaceId, request.superAdminHeader).actor;
  } catch (error) {
    const { user } = request.session;
    if (error instanceof NotAMember) return outsider(user.id, user.isSuperAdmin);
    throw error;
  }
}

/** The part of a request that unlocks a password-protected document or folder. */
export type PasswordFacts = Pick<RequestFacts, "password" | "ip">;

async function checkPassword(db: Database, request: PasswordFacts, facts: AccessFacts, throttleKey: string) {
  if (facts.passwordHashes.length === 0) return;
  if (!request.password) throw new PasswordRequired("password_required");
  const keys = { email: throttleKey, ip: request.ip };
  await enforceThrottle(db, keys, Date.now(), "Too many wrong passwords. Wait a moment and try again.");
  for (const hash of facts.passwordHashes) {
    if (await verifyPassword(request.password, hash)) {
      await clearFailures(db, throttleKey);
      return;
    }
  }
  await recordFailure(db, keys);
  throw new PasswordRequired("password_invalid");
}

/** Nobody without any access learns more than that; members are offered to ask. */
function refuse(actor: Actor, request: RequestFacts): never {
  if (!request.session) throw new Unauthorized();
  if (actor.role === "unauthed") throw new NotFound("Document not found");
  throw new AccessBlocked(true);
}

export interface LoadedArticle {
  actor: Actor;
  article: Article;
  level: AccessLevel | null;
  resource: DocumentResource;
}

/**
 * An article and the requester's level on it. Anyone with no level at all is refused here
 * (401 signed out, 404 outsider, 403 no_access member); templates and archived documents
 * load like any other, so restore and delete can reach them. The article, its workspace, the
 * requester's membership and the people a document screen names come in one statement; the
 * access facts in a second.
 */
export async function loadArticle(db: Database, request: RequestFacts, id: number): Promise<LoadedArticle & { people: DocumentPeople }> {
  const owner = alias(users, "owner");
  const lastEditor = alias(users, "last_editor");
  const [row] = await db
    .select({ article: articles, workspace: workspaces, membership: memberships, owner, lastEditor })
    .from(articles)
    .leftJoin(workspaces, and(eq(workspaces.id, articles.workspaceId), isNull(workspaces.deactivatedAt)))
    .leftJoin(memberships, membershipOf(request, articles.workspaceId))
    .leftJoin(owner, eq(owner.id, articles.ownerId))
    .leftJoin(lastEditor, eq(lastEditor.id, articles.lastEditorId))
    .where(eq(articles.id, id));
  if (!row) throw new NotFound("Document not found");
  const { article } = row;
  const actor = actorOf(request, row, article.workspaceId);
  const facts = await articleAccess(db, viewerFor(actor), article);
  if (!facts.level) refuse(actor, request);
  await checkPassword(db, request, facts, `article:${article.id}:${actor.userId || request.ip || "anonymous"}`);
  return { actor, article, level: facts.level, resource: { level: facts.level }, people: { owner: row.owner, lastEditor: row.lastEditor } };
}

/**
 * THE read check for a document reached through an id in a body or a feature (a knowledge,
 * campaign or voice source, a template to use, a binder entry), for an actor already
 * resolved in their workspace. One the actor may not read is a 404, as if it did not
 * exist; a protected one (its own password or a folder's) is locked with 403
 * `password_required` until `X-Article-Password` is right, exactly as on `GET /articles/:id`.
 * Lists lock protected documents in `hydrate` (services/article-lists.ts).
 */
export async function readableArticle(
  db: Database,
  actor: Actor,
  id: number,
  request: PasswordFacts,
): Promise<LoadedArticle & { level: AccessLevel }> {
  const [article] = await db.select().from(articles).where(and(eq(articles.id, id), eq(articles.workspaceId, actor.workspaceId)));
  if (!article) throw new NotFound("Document not found");
  const facts = await articleAccess(db, viewerFor(actor), article);
  const level = facts.level;
  if (!level || !can(actor, "articles.read", { level })) throw new NotFound("Document not found");
  await checkPassword(db, request, facts, `article:${article.id}:${actor.userId || request.ip || "anonymous"}`);
  return { actor, article, level, resource: { level } };
}

export interface LoadedFolder {
  actor: Actor;
  folder: Folder;
  level: AccessLevel | null;
  resource: DocumentResource;
}

export async function loadFolder(db: Database, request: RequestFacts, id: number): Promise<LoadedFolder> {
  const [folder] = await db.select().from(folders).where(eq(folders.id, id));
  if (!folder) throw new NotFound("Folder not found");
  const actor = await actorFor(db, request, folder.workspaceId);
  if (actor.role === "unauthed") throw request.session ? new NotFound("Folder not found") : new Unauthorized();
  const facts = await folderAccess(db, viewerFor(actor), folder);
  if (!facts.level) throw new AccessBlocked(false);
  await checkPassword(db, request, facts, `folder:${folder.id}:${actor.userId}`);
  return { actor, folder, level: facts.level, resource: { level: facts.level } };
}

/** A folder by its key (`/folders/:folderSlug` ends with the key). */
export async function folderIdByKey(db: Database, key: string): Promise<number> {
  const [row] = await db.select({ id: folders.id }).from(folders).where(eq(folders.key, key));
  if (!row) throw new NotFound("Folder not found");
  return row.id;
}

/** A folder the actor may create in (or null for the top level), checked to be in their workspace. */
export async function loadParentFolder(db: Database, actor: Actor, folderId: number | null | undefined) {
  if (folderId == null) return null;
  const [folder] = await db
    .select()
    .from(folders)
    .where(and(eq(folders.id, folderId), eq(folders.workspaceId, actor.workspaceId), isNull(folders.archivedAt)));
  if (!folder) throw new NotFound("Folder not found");
  const facts = await folderAccess(db, viewerFor(actor), folder);
  return { folder, resource: { level: facts.level } satisfies DocumentResource };
}
