import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { and, eq } from "drizzle-orm";
import { articleSlug, idFromSlug } from "../../../core/slug";
import type { Session } from "../../../worker/auth/sessions";
import { createDb, type Database } from "../../../worker/db/client";
import { accessRequests, favorites, workspaces, type Article } from "../../../worker/db/schema";
import { HttpError } from "../../../worker/lib/errors";
import type { Actor } from "../../../worker/policies";
import { presentArticle } from "../../../worker/presenters/articles";
import { folderSlug } from "../../../worker/presenters/folders";
import { articleAccess, folderChainLevels, viewerFor } from "../../../worker/services/access";
import { loadArticle, type RequestFacts } from "../../../worker/services/documents";
import { loadBranchMode } from "~/components/branches/branch-mode.server";
import { folderAncestors } from "../../../worker/services/folders";
import { callApi } from "~/lib/api.server";
import { authStateFromCookieHeader, readCookie } from "~/lib/auth-cookie";
import { loginUrl, pathAndQuery } from "~/lib/redirects";
import { isSecure, optionalSession } from "~/lib/session.server";
import type { Crumb } from "./types";

/*
 * The document screen's server side. Passwords: the API reads `X-Article-Password`, which a
 * page load cannot send. So the password form posts to the route's action, which checks it
 * with the same `loadArticle` the API uses (throttled there) and, when right, sets a
 * short-lived, httpOnly cookie scoped to /docs and named after the article id (slugs change
 * on rename, ids never do). Loaders read it from there; browser calls send the copy kept in
 * session storage for the tab (articlePassword.ts). The cookie never reaches scripts.
 */

const PASSWORD_COOKIE_MAX_AGE = 12 * 60 * 60;
const passwordCookieName = (articleId: number) => `brandwork_doc_pw_${articleId}`;

function passwordCookie(request: Request, articleId: number, value: string, maxAge: number) {
  const attributes = [`Path=/docs`, `Max-Age=${maxAge}`, "HttpOnly", "SameSite=Lax", ...(isSecure(request) ? ["Secure"] : [])];
  return `${passwordCookieName(articleId)}=${encodeURIComponent(value)}; ${attributes.join("; ")}`;
}

export const articlePasswordCookie = (request: Request, articleId: number, password: string) =>
  passwordCookie(request, articleId, password, PASSWORD_COOKIE_MAX_AGE);

export const clearedArticlePasswordCookie = (request: Request, articleId: number) => passwordCookie(request, articleId, "", 0);

function passwordFromCookie(request: Request, articleId: number): string | undefined {
  const raw = readCookie(request.headers.get("Cookie"), passwordCookieName(articleId));
  if (!raw) return undefined;
  try {
    return decodeURIComponent(raw) || undefined;
  } catch {
    return undefined;
  }
}

export function documentRequestFacts(
  request: Request,
  session: Session | undefined,
  superAdminMode: number | null | undefined,
  articleId: number,
  password = passwordFromCookie(request, articleId),
): RequestFacts {
  return {
    session,
    superAdminHeader: superAdminMode ? String(superAdminMode) : undefined,
    password,
    ip: request.headers.get("CF-Connecting-IP"),
  };
}

/** The article id in `/docs/:slug`, or a 404. */
export function articleIdFromParam(slug: string | undefined): number {
  const id = slug ? idFromSlug(slug) : null;
  if (!id) throw data("Document not found", { status: 404 });
  return id;
}

/** Workspace › folder › subfolder, linking only where the viewer may go. */
async function breadcrumbsFor(db: Database, actor: Actor, article: Article) {
  const inWorkspace = actor.role !== "unauthed";
  const folderId = inWorkspace ? article.folderId : null;
  const [[workspace], chain, levels] = await Promise.all([
    inWorkspace
      ? db.select({ id: workspaces.id, name: workspaces.name }).from(workspaces).where(eq(workspaces.id, article.workspaceId))
      : Promise.resolve([]),
    folderAncestors(db, folderId),
    // Every ancestor's level in one query, not one per folder.
    folderId === null ? new Map<number, null>() : folderChainLevels(db, viewerFor(actor), folderId),
  ]);
  const folders: Crumb[] = chain.map((folder) =>
    levels.get(folder.id) ? { name: folder.name, href: `/folders/${folderSlug(folder)}` } : { name: "…", href: null },
  );
  return {
    workspace: workspace ? { name: workspace.name, href: `/workspaces/${workspace.id}/home` } : null,
    folders,
  };
}

async function isFavorite(db: Database, userId: number, articleId: number) {
  if (!userId) return false;
  const [row] = await db
    .select({ id: favorites.id })
    .from(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.articleId, articleId)));
  return Boolean(row);
}

async function pendingRequestOf(db: Database, userId: number, articleId: number) {
  const [row] = await db
    .select({ permission: accessRequests.permission })
    .from(accessRequests)
    .where(and(eq(accessRequests.articleId, articleId), eq(accessRequests.userId, userId), eq(accessRequests.status, "pending")));
  return row?.permission ?? null;
}

export type DocumentScreen = Awaited<ReturnType<typeof loadDocumentScreen>>;

/**
 * Everything the document screen shows, for whoever asks: the document itself, or the
 * password prompt, or the AccessBlocked screen. Signed-out visitors who may not read it are
 * sent to sign in (and back); outsiders get a 404, as the API answers them.
 */
export async function loadDocumentScreen(
  request: Request,
  context: AppLoadContext,
  slug: string | undefined,
  /** Where this screen lives for a slug: the shell's `/docs/:slug` or the signed-out reading view. */
  pathFor: (slug: string) => string = (value) => `/docs/${value}`,
) {
  const id = articleIdFromParam(slug);
  const db = createDb(context.cloudflare.env.DB);
  const { session, auth } = await optionalSession(request, context);
  const facts = documentRequestFacts(request, session, auth?.superAdminMode, id);
  let loaded;
  try {
    loaded = await loadArticle(db, facts, id);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    if (error.code === "password_required" || error.code === "password_invalid") {
      // A stored password that stopped working (changed since) is asked for again, not called wrong.
      return { kind: "password" as const, articleId: id, signedIn: Boolean(session) };
    }
    if (error.code === "no_access" && session) {
      return {
        kind: "blocked" as const,
        articleId: id,
        viewer: { name: `${session.user.firstName} ${session.user.lastName}`.trim() || session.user.email, email: session.user.email },
        pendingRequest: await pendingRequestOf(db, session.user.id, id),
      };
    }
    if (error.status === 401) throw redirect(loginUrl(`/docs/${slug}${new URL(request.url).search}`));
    throw data(error.message, { status: error.status === 429 ? 429 : error.status === 403 ? 403 : 404 });
  }

  const { actor, article, level, people } = loaded;
  const canonical = articleSlug(article.title, article.id);
  if (slug !== canonical) {
    const url = new URL(request.url);
    throw redirect(`${pathFor(canonical)}${url.search}`);
  }
  const [crumbs, favorited, guarded, branches] = await Promise.all([
    breadcrumbsFor(db, actor, article),
    isFavorite(db, actor.userId, article.id),
    // Only when a password came with the request: is one (the document's or a folder's) still asked for?
    facts.password ? articleAccess(db, viewerFor(actor), article).then((access) => access.passwordHashes.length > 0) : false,
    // Version-control mode: main locked for editors, the open branches, and `?branch=<id>` (read through the API).
    loadBranchMode(request, context, loaded, { authorization: session ? auth?.headers.Authorization : null, password: facts.password }),
  ]);
  return {
    kind: "document" as const,
    article: presentArticle(actor, article, level, people),
    crumbs,
    favorited,
    /** The page opened with the remembered password: the browser's own calls need it too. */
    passwordGuarded: guarded,
    versionControl: branches.versionControl,
    branchMode: branches.branchMode,
    viewer: { id: actor.userId, role: actor.role, signedIn: Boolean(session) },
    /** For the links the page shows (copy link, public link), the same on the server and in the browser. */
    origin: new URL(request.url).origin,
  };
}

export type PasswordResult = { ok: true } | { ok: false; message: string };

/**
 * The password form's action: checks the password exactly as the API would (wrong tries are
 * throttled by loadArticle) and, when it is right, reloads the page with the cookie set.
 */
export async function submitArticlePassword(request: Request, context: AppLoadContext, slug: string | undefined, form: FormData) {
  const id = articleIdFromParam(slug);
  const password = String(form.get("password") ?? "");
  if (!password) return data<PasswordResult>({ ok: false, message: "Enter the document's password." }, { status: 400 });
  const db = createDb(context.cloudflare.env.DB);
  const { session, auth } = await optionalSession(request, context);
  try {
    await loadArticle(db, documentRequestFacts(request, session, auth?.superAdminMode, id, password), id);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    if (error.code === "password_invalid") {
      return data<PasswordResult>({ ok: false, message: "That password is not right. Check it with whoever shared the document." }, { status: 403 });
    }
    if (error.status === 429) return data<PasswordResult>({ ok: false, message: error.message }, { status: 429 });
    // Any other refusal (no access at all, gone) is for the page itself to show.
  }
  const url = new URL(request.url);
  throw redirect(`${url.pathname}${url.search}`, { headers: { "Set-Cookie": articlePasswordCookie(request, id, password) } });
}

/** "Request Edit/Comment/Read Access": POST /v1/articles/:id/access_requests, run in-process as the signed-in person. */
export async function requestAccessAction(request: Request, context: AppLoadContext, slug: string | undefined, form: FormData) {
  const id = articleIdFromParam(slug);
  const permission = String(form.get("permission") ?? "");
  const auth = authStateFromCookieHeader(request.headers.get("Cookie"));
  if (!auth) throw redirect(loginUrl(pathAndQuery(new URL(request.url))));
  const result = await callApi(context, request, "POST", `/articles/${id}/access_requests`, {
    body: { permission },
    authorization: auth.headers.Authorization,
  });
  if (!result.ok) {
    return data({ intent: "request_access" as const, ok: false, message: result.problem.message }, { status: result.status });
  }
  return { intent: "request_access" as const, ok: true, message: "Request sent", permission: permission as "read" | "comment" | "edit" };
}

/** `/docs/:slug` and nothing below it: the document screen's own address. */
const DOCUMENT_PATH = /^\/docs\/([^/]+)\/?$/;

/**
 * Called by the app shell's loader before it asks for a session: a visitor with no session
 * at all who opens a document goes to its reading view, which shows documents shared with
 * anyone holding the link and sends everyone else to sign in (and back).
 */
export function signedOutDocumentRedirect(request: Request) {
  const url = new URL(request.url);
  const match = DOCUMENT_PATH.exec(url.pathname);
  if (!match || authStateFromCookieHeader(request.headers.get("Cookie"))) return;
  throw redirect(`/docs/${match[1]}/shared${url.search}`);
}
