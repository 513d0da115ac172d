import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { handbookKeyParam } from "../../../core/contracts/handbooks";
import { articleSlug, idFromSlug } from "../../../core/slug";
import { createDb } from "../../../worker/db/client";
import { articles } from "../../../worker/db/schema";
import { HttpError } from "../../../worker/lib/errors";
import { can } from "../../../worker/policies";
import { presentHandbookDetail } from "../../../worker/presenters/handbooks";
import { articleAccess, viewerFor } from "../../../worker/services/access";
import { buildTree, handbookAccess, handbookByKey, visibleItems } from "../../../worker/services/handbooks";
import { workspaceActionContext, requireWorkspaceActor } from "~/lib/workspace.server";
import { requireUser } from "~/lib/session.server";
import { docsInOrder } from "./tree";
import type { HandbookActionResult } from "./types";

/** Typed errors from the services as the page's error responses. */
function asPageError(error: unknown): never {
  if (error instanceof HttpError) throw data(error.message, { status: error.status });
  throw error;
}

/** `/handbook/:key` → the handbook row (404 for a malformed or unknown key). */
async function handbookFor(context: AppLoadContext, key: string | undefined) {
  const parsed = handbookKeyParam.safeParse({ key: key ?? "" });
  if (!parsed.success) throw data("Handbook not found", { status: 404 });
  return handbookByKey(createDb(context.cloudflare.env.DB), parsed.data.key).catch(asPageError);
}

/**
 * Everything the handbook page shows, read the way GET /v1/handbooks/:key reads it: the
 * person is resolved in the handbook's own workspace (a stranger gets that workspace's 403
 * or 404), then sees only the items they may open.
 */
export async function handbookPage(request: Request, context: AppLoadContext, key: string | undefined) {
  return (await handbookView(request, context, key)).page;
}

/** The page's data, with the database and actor it was read as, for the document reader to go on with. */
async function handbookView(request: Request, context: AppLoadContext, key: string | undefined) {
  await requireUser(request, context);
  const handbook = await handbookFor(context, key);
  const { db, actor, workspace } = await requireWorkspaceActor(request, context, String(handbook.workspaceId));
  const loaded = await handbookAccess(db, actor, handbook).catch(asPageError);
  const tree = buildTree(await visibleItems(db, viewerFor(actor), handbook.id), handbook.sort);
  const detail = presentHandbookDetail(actor, handbook, { cover: loaded.cover, resource: loaded.resource, coverReadable: loaded.coverReadable, tree });
  const page = {
    handbook: detail,
    workspace: { id: workspace.id, name: workspace.name },
    canEdit: can(actor, "handbooks.update", loaded.resource),
    canOpenCover: loaded.resource.level !== null,
  };
  return { db, actor, page };
}

export type HandbookPageData = Awaited<ReturnType<typeof handbookPage>>;

/**
 * One document shown inside the handbook (`/handbook/:key/:docSlug`): it must be one of the
 * handbook's items the person can see. A document behind a password is opened from its own
 * page, which asks for the password.
 */
export async function handbookDocument(request: Request, context: AppLoadContext, key: string | undefined, docSlug: string | undefined) {
  const { db, actor, page } = await handbookView(request, context, key);
  const id = docSlug ? idFromSlug(docSlug) : null;
  const docs = docsInOrder(page.handbook.items);
  const index = docs.findIndex((item) => item.article?.id === id);
  if (id === null || index < 0) throw data("This document is not in this handbook", { status: 404 });
  const [article] = await db.select().from(articles).where(eq(articles.id, id));
  if (!article) throw data("This document is not in this handbook", { status: 404 });
  const facts = await articleAccess(db, viewerFor(actor), article);
  const neighbour = (item: (typeof docs)[number] | undefined) => (item?.article ? { title: item.title, slug: item.article.slug } : null);
  return {
    document: {
      id: article.id,
      slug: articleSlug(article.title, article.id),
      title: article.title,
      body: facts.passwordHashes.length === 0 ? article.body : null,
      updated_at: article.updatedAt.toISOString(),
      can_edit: can(actor, "articles.update", { level: facts.level }),
    },
    previous: neighbour(docs[index - 1]),
    next: neighbour(docs[index + 1]),
  };
}

const FORM_PROBLEM = { intent: "", ok: false, message: "That form was incomplete. Reload the page and try again." };
const formNumber = (form: FormData, name: string) => {
  const raw = form.get(name);
  if (raw === null || raw === "") return null;
  const value = Number(raw);
  return Number.isInteger(value) && value >= 0 ? value : Number.NaN;
};

/** Builds the API call a sidebar or settings form stands for. */
function requestFor(intent: string, key: string, form: FormData): { method: string; path: string; body?: unknown; done?: string } | null {
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const parentId = formNumber(form, "parent_id");
  const itemId = formNumber(form, "item_id");
  const optionalTitle = text("title") || undefined;
  switch (intent) {
    case "add-section":
      return { method: "POST", path: `/handbooks/${key}/items`, body: { type: "section", title: text("title"), parent_id: parentId }, done: "Section added." };
    case "add-doc":
      return {
        method: "POST",
        path: `/handbooks/${key}/items`,
        body: { type: "doc", article_id: formNumber(form, "article_id") ?? undefined, title: optionalTitle, parent_id: parentId },
        done: "Document added.",
      };
    case "add-link":
      return { method: "POST", path: `/handbooks/${key}/items`, body: { type: "link", url: text("url"), title: optionalTitle, parent_id: parentId }, done: "Link added." };
    case "add-nested":
      return {
        method: "POST",
        path: `/handbooks/${key}/items`,
        body: { type: "nested_handbook", nested_handbook_key: text("nested_handbook_key"), title: optionalTitle, parent_id: parentId },
        done: "Handbook added.",
      };
    case "move": {
      if (itemId === null) return null;
      const insertAt = formNumber(form, "insert_at");
      return {
        method: "PUT",
        path: `/handbook_items/${itemId}`,
        body: { parent_id: form.has("parent_id") ? parentId : undefined, insert_at: insertAt ?? undefined },
        done: "Moved.",
      };
    }
    case "rename":
      return itemId === null ? null : { method: "PUT", path: `/handbook_items/${itemId}`, body: { title: text("title") }, done: "Renamed." };
    case "remove":
      return itemId === null ? null : { method: "DELETE", path: `/handbook_items/${itemId}`, done: "Removed from the handbook." };
    case "sort":
      return { method: "PUT", path: `/handbooks/${key}`, body: { sort: text("sort") }, done: "Order changed." };
    case "settings":
      return {
        method: "PUT",
        path: `/handbooks/${key}`,
        body: { title: text("title"), description: String(form.get("description") ?? ""), sort: text("sort") || undefined },
        done: "Handbook saved.",
      };
    case "archive":
      return { method: "DELETE", path: `/handbooks/${key}` };
    default:
      return null;
  }
}

/** The handbook page's forms, each run as the matching /v1 call so validation and permissions stay in one place. */
export async function handbookAction(request: Request, context: AppLoadContext, key: string | undefined) {
  const handbook = await handbookFor(context, key);
  const { call, workspace } = await workspaceActionContext(request, context, String(handbook.workspaceId));
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const spec = requestFor(intent, handbook.key, form);
  if (!spec) return data<HandbookActionResult>({ ...FORM_PROBLEM, intent }, { status: 400 });
  const result = await call(spec.method, spec.path, spec.body);
  if (!result.ok) {
    return data<HandbookActionResult>(
      { intent, ok: false, message: result.problem.message, fields: result.problem.fields },
      { status: result.status >= 400 ? result.status : 400 },
    );
  }
  // An archived handbook leaves the list: go back to it and say so.
  if (intent === "archive") throw redirect(`/workspaces/${workspace.id}/handbooks?archived=${encodeURIComponent(handbook.title)}`);
  return { intent, ok: true, message: spec.done } satisfies HandbookActionResult;
}
