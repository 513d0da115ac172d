import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Outlet, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import type { FolderActionResult } from "~/components/folders/AddPropertyDialog";
import { FolderErrorBoundary } from "~/components/folders/FolderErrorBoundary";
import { FolderPasswordPrompt } from "~/components/folders/FolderPasswordPrompt";
import { folderActionContext, folderPageData, folderPasswordCookie, openFolder } from "~/components/folders/folders.server";
import styles from "~/styles/folders.css?url";
import type { ShellHandle } from "./_shell";

export const handle: ShellHandle = { title: "Folder" };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
];
export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded && !loaded.locked ? `${loaded.page.folder.name} · Brandwork` : "Folder · Brandwork" },
];

/**
 * /folders/:folderSlug and everything under it: the folder, opened as the signed-in person
 * (access, then its password), with its subfolders, documents, properties and values,
 * loaded once for every view. An old slug or a bare id moves to the current slug.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const opened = await openFolder(request, context, params.folderSlug);
  if (opened.status === "locked") return { locked: true as const, code: opened.code };
  const url = new URL(request.url);
  const page = await folderPageData(opened, url);
  if (params.folderSlug !== page.folder.slug) {
    const rest = url.pathname.split("/").slice(3).join("/");
    throw redirect(`${page.path}${rest ? `/${rest}` : ""}${url.search}`);
  }
  return { locked: false as const, page };
}

/** Search parameters the views handle on the client (order, calendar range, dialogs). */
const CLIENT_PARAMS = ["sort", "date", "mode", "new_folder", "add_property"];

export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const strip = (url: URL) => {
    const query = new URLSearchParams(url.search);
    for (const name of CLIENT_PARAMS) query.delete(name);
    query.sort();
    return query.toString();
  };
  return strip(currentUrl) === strip(nextUrl) ? false : defaultShouldRevalidate;
};

const failure = (intent: string, status: number, message: string, fields: Record<string, string[]> = {}) =>
  data<FolderActionResult>({ intent, ok: false, message, fields }, { status: status >= 400 ? status : 400 });

export async function action({ request, context, params }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");

  if (intent === "unlock") {
    const password = String(form.get("password") ?? "");
    if (!password) return failure(intent, 400, "Enter the folder's password.");
    const opened = await openFolder(request, context, params.folderSlug, password);
    if (opened.status === "locked") {
      return failure(intent, opened.code === "too_many_tries" ? 429 : 403, opened.code === "too_many_tries" ? "Too many wrong passwords. Wait a moment and try again." : "That password is not right. Try again.");
    }
    const url = new URL(request.url);
    throw redirect(`${url.pathname}${url.search}`, { headers: { "Set-Cookie": folderPasswordCookie(request, opened.loaded.folder.id, password) } });
  }

  const { folderId, workspaceId, call } = await folderActionContext(request, context, params.folderSlug);

  if (intent === "new_document") {
    const result = await call<{ slug: string }>("POST", `/w/${workspaceId}/articles`, { article: { folder_id: folderId } }, workspaceId);
    if (!result.ok) return failure(intent, result.status, result.problem.message, result.problem.fields);
    throw redirect(`/docs/${result.data.slug}`);
  }

  if (intent === "add_property") {
    const options = String(form.get("options") ?? "")
      .split(/\r?\n|,/)
      .map((option) => option.trim())
      .filter(Boolean);
    const property = { name: String(form.get("name") ?? ""), type: String(form.get("type") ?? ""), ...(options.length ? { options } : {}) };
    const result = await call("POST", `/folders/${folderId}/properties`, { property });
    if (!result.ok) return failure(intent, result.status, result.problem.message, result.problem.fields);
    return { intent, ok: true } satisfies FolderActionResult;
  }

  if (intent === "delete_property") {
    const propertyId = Number(form.get("property_id"));
    if (!Number.isInteger(propertyId) || propertyId <= 0) return failure(intent, 400, "That form was incomplete. Reload the page and try again.");
    const result = await call("DELETE", `/properties/${propertyId}`);
    if (!result.ok) return failure(intent, result.status, result.problem.message);
    return { intent, ok: true } satisfies FolderActionResult;
  }

  return failure(intent, 400, "That form was incomplete. Reload the page and try again.");
}

export default function FolderLayout() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.locked) return <FolderPasswordPrompt code={loaded.code} />;
  return <Outlet context={loaded.page} />;
}

export { FolderErrorBoundary as ErrorBoundary };
