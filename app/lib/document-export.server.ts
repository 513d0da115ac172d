import type { AppLoadContext } from "@remix-run/cloudflare";
import { articleIdFromParam, documentRequestFacts } from "~/components/doc-page/doc-page.server";
import { authStateFromCookieHeader } from "~/lib/auth-cookie";
import { api } from "../../worker/api";

/**
 * Document downloads (markdown, PDF) from a plain link: the page's auth cookie (and the
 * document's password cookie) stand in for the headers the browser client would send, and
 * the API route does the work with its own permission check and file name.
 */
export async function exportDocument(request: Request, context: AppLoadContext, slug: string | undefined, format: "markdown" | "pdf") {
  const id = articleIdFromParam(slug);
  const auth = authStateFromCookieHeader(request.headers.get("Cookie"));
  const facts = documentRequestFacts(request, undefined, auth?.superAdminMode, id);
  const headers = new Headers();
  if (auth) headers.set("Authorization", auth.headers.Authorization);
  if (facts.password) headers.set("X-Article-Password", facts.password);
  if (facts.superAdminHeader) headers.set("x-superadmin-workspace-id", facts.superAdminHeader);
  if (facts.ip) headers.set("CF-Connecting-IP", facts.ip);
  const url = new URL(`/v1/articles/${id}/${format}`, request.url);
  const response = await api.fetch(new Request(url, { headers }), context.cloudflare.env, context.cloudflare.ctx);
  if (response.ok) return response;
  // Refusals read as a sentence, not as the API's JSON.
  const message =
    response.status === 404
      ? "Document not found."
      : response.status === 401
        ? "Sign in to export this document."
        : "You can't export this document.";
  return new Response(message, { status: response.status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
