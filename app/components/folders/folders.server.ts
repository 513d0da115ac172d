import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { eq, sql } from "drizzle-orm";
import { defaultWorkspaceSettings } from "../../../core/contracts/workspaces";
import { folderRefParam } from "../../../core/contracts/folders";
import { DEFAULT_SORT, isSortOrder } from "../../../core/enums";
import type { Session } from "../../../worker/auth/sessions";
import { createDb, type Database } from "../../../worker/db/client";
import { folders } from "../../../worker/db/schema";
import { HttpError, TooManyRequests } from "../../../worker/lib/errors";
import { presentArticleSummary } from "../../../worker/presenters/articles";
import { presentFolder, presentFolderDetail } from "../../../worker/presenters/folders";
import { presentAssignedProperty, presentProperty } from "../../../worker/presenters/properties";
import { fullName } from "../../../worker/presenters/users";
import { viewerFor } from "../../../worker/services/access";
import { ARTICLE_ORDERS, LIVE_DOCUMENTS, pageOfArticles } from "../../../worker/services/article-lists";
import { folderIdByKey, loadFolder, PasswordRequired, type LoadedFolder, type RequestFacts } from "../../../worker/services/documents";
import { folderAncestors, subfoldersOf } from "../../../worker/services/folders";
import { listMembers } from "../../../worker/services/members";
import { listProperties, propertyValuesInFolder } from "../../../worker/services/properties";
import { callApi } from "~/lib/api.server";
import { readCookie, type AuthState } from "~/lib/auth-cookie";
import { isSecure, requireUser } from "~/lib/session.server";
import type { FolderPageData, ValuesByArticle } from "./types";

/** Most documents one folder screen shows (as the contents API). */
const CONTENTS_LIMIT = 500;
/** The password a person typed for a protected folder is kept for half a day. */
const PASSWORD_COOKIE_MAX_AGE = 12 * 60 * 60;

const passwordCookieName = (folderId: number) => `brandwork_folder_password_${folderId}`;

/** The folder password cookie's value (URI-encoded when set), or undefined. */
function folderPasswordFrom(request: Request, folderId: number): string | undefined {
  const raw = readCookie(request.headers.get("Cookie"), passwordCookieName(folderId));
  if (!raw) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/**
 * The X-Article-Password equivalent for pages: an HttpOnly cookie per folder, set when the
 * person types the folder's password, so every loader and action under it can send it.
 */
export function folderPasswordCookie(request: Request, folderId: number, password: string | null) {
  const secure = isSecure(request) ? "; Secure" : "";
  const value = password === null ? "; Max-Age=0" : `; Max-Age=${PASSWORD_COOKIE_MAX_AGE}`;
  return `${passwordCookieName(folderId)}=${encodeURIComponent(password ?? "")}; Path=/; HttpOnly; SameSite=Lax${value}${secure}`;
}

/** The signed-in session (the shell's lookup, shared in this request), or the sign-in redirect. */
async function cookieSession(request: Request, context: AppLoadContext): Promise<{ db: Database; session: Session; auth: AuthState }> {
  const { authenticated, auth } = await requireUser(request, context);
  return { db: createDb(context.cloudflare.env.DB), session: authenticated, auth };
}

const notFound = () => data("Folder not found", { status: 404 });

/** `/folders/:folderSlug` → the folder's id (404 for a malformed slug or an unknown key). */
async function folderIdOf(db: Database, slug: string | undefined): Promise<number> {
  const parsed = folderRefParam.safeParse({ ref: slug ?? "" });
  if (!parsed.success) throw notFound();
  const ref = parsed.data.ref;
  if (ref.id !== undefined) return ref.id;
  try {
    return await folderIdByKey(db, ref.key);
  } catch {
    throw notFound();
  }
}

export type OpenedFolder =
  | { status: "open"; loaded: LoadedFolder; db: Database; auth: AuthState; password: string | null }
  | { status: "locked"; code: "password_required" | "password_invalid" | "too_many_tries"; folderId: number };

/**
 * Opens the folder in the URL as the signed-in person, exactly as the API does (access,
 * then the password). Refusals become the page's 403/404; a password prompt is an answer.
 */
export async function openFolder(request: Request, context: AppLoadContext, slug: string | undefined, typedPassword?: string): Promise<OpenedFolder> {
  const { db, session, auth } = await cookieSession(request, context);
  const id = await folderIdOf(db, slug);
  const password = typedPassword ?? folderPasswordFrom(request, id) ?? null;
  const facts: RequestFacts = {
    session,
    superAdminHeader: auth.superAdminMode === null ? undefined : String(auth.superAdminMode),
    password: password ?? undefined,
    ip: request.headers.get("CF-Connecting-IP"),
  };
  try {
    const loaded = await loadFolder(db, facts, id);
    return { status: "open", loaded, db, auth, password };
  } catch (error) {
    if (error instanceof PasswordRequired) {
      // A remembered password that stopped working (it was changed) is asked for again, not called wrong.
      const code = typedPassword === undefined ? "password_required" : (error.code as "password_required" | "password_invalid");
      return { status: "locked", code, folderId: id };
    }
    if (error instanceof TooManyRequests) return { status: "locked", code: "too_many_tries", folderId: id };
    if (error instanceof HttpError) throw data(error.message, { status: error.status === 401 ? 403 : error.status });
    throw error;
  }
}

/** Everything the folder's views show: one load for the layout, shared by every view. */
export async function folderPageData(opened: Extract<OpenedFolder, { status: "open" }>, url: URL): Promise<FolderPageData> {
  const { db, loaded, password } = opened;
  const { actor, folder, level } = loaded;
  const viewer = viewerFor(actor);
  const preferences = { ...defaultWorkspaceSettings.preferences, ...actor.workspaceSettings.preferences };
  const requested = url.searchParams.get("sort");
  const sort = isSortOrder(requested) ? requested : (folder.settings.sort ?? preferences.default_sort ?? DEFAULT_SORT);

  const [ancestors, subfolders, page, properties, values] = await Promise.all([
    folderAncestors(db, folder.parentId),
    subfoldersOf(db, viewer, folder.id, sort),
    pageOfArticles(db, viewer, {
      where: sql`${LIVE_DOCUMENTS} AND a.folder_id = ${folder.id}`,
      orderBy: ARTICLE_ORDERS[sort],
      limit: CONTENTS_LIMIT,
    }),
    listProperties(db, folder.id),
    propertyValuesInFolder(db, viewer, folder.id),
  ]);
  const people = properties.some((property) => property.type === "person")
    ? (await listMembers(db, folder.workspaceId, { scope: "all", status: "active" }, { page: 1, per_page: 100 })).rows.map(({ user }) => ({
        id: user.id,
        name: fullName(user),
      }))
    : [];

  const detail = presentFolderDetail(actor, folder, level, { ancestors });
  const byArticle: ValuesByArticle = {};
  for (const value of values) (byArticle[value.articleId] ??= []).push(presentAssignedProperty(value));

  return {
    folder: detail,
    subfolders: subfolders.map((row) => presentFolder(row.folder, row.level, row.counts)),
    articles: page.items.map((item) => presentArticleSummary(item.article, item.level, item)),
    totalArticles: page.total,
    properties: properties.map(presentProperty),
    values: byArticle,
    people,
    sort,
    defaultView: folder.settings.default_view ?? preferences.default_view ?? "list_view",
    statusLabels: { ...defaultWorkspaceSettings.statuses.labels, ...actor.workspaceSettings.statuses?.labels },
    password,
    canEdit: Boolean(detail.policies["folders.update"]),
    canCreate: Boolean(detail.policies["articles.create"]),
    path: `/folders/${detail.slug}`,
  };
}

/**
 * For the folder pages' actions: run a /v1 route in-process as the signed-in person, with
 * the folder's password when they typed one, so forms get the API's own checks and events.
 */
export async function folderActionContext(request: Request, context: AppLoadContext, slug: string | undefined) {
  const { db, auth } = await cookieSession(request, context);
  const folderId = await folderIdOf(db, slug);
  const [row] = await db.select({ workspaceId: folders.workspaceId }).from(folders).where(eq(folders.id, folderId));
  if (!row) throw notFound();
  const password = folderPasswordFrom(request, folderId);
  const call = <T>(method: string, path: string, body?: unknown, workspaceId?: number) =>
    callApi<T>(context, request, method, path, {
      body,
      authorization: auth.headers.Authorization,
      workspaceId: workspaceId ?? row.workspaceId,
      headers: password ? { "X-Article-Password": password } : undefined,
    });
  return { folderId, workspaceId: row.workspaceId, call };
}
