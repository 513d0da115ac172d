import type { AppLoadContext } from "@remix-run/cloudflare";
import { api } from "../../worker/api";
import { describeApiError, type ApiProblem } from "./api-rules";

/**
 * For actions that must run an API route exactly as the API runs it (sign-in with its
 * throttling, sign-up, password reset, invitations): the request goes through the same
 * Hono router in this same Worker invocation, not over the network. Loaders that only read
 * call worker/services functions directly instead.
 */
export interface ApiCall {
  /** JSON, FormData passed through as multipart (uploads), or the page request's own body stream (imports). */
  body?: unknown;
  authorization?: string | null;
  workspaceId?: number | null;
  /** Extra request headers, e.g. X-Article-Password for a protected document or folder. */
  headers?: Record<string, string>;
}

export type ApiResult<T> =
  | { ok: true; status: number; headers: Headers; data: T }
  | { ok: false; status: number; headers: Headers; problem: ApiProblem };

const FORWARDED = ["User-Agent", "CF-Connecting-IP", "X-Forwarded-For", "x-session-uuid"];

export async function callApi<T = unknown>(
  context: AppLoadContext,
  request: Request,
  method: string,
  path: string,
  call: ApiCall = {},
): Promise<ApiResult<T>> {
  const headers = new Headers({ Accept: "application/json" });
  for (const name of FORWARDED) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (call.authorization) headers.set("Authorization", call.authorization);
  if (call.workspaceId) headers.set("X-Workspace-Id", String(call.workspaceId));
  for (const [name, value] of Object.entries(call.headers ?? {})) headers.set(name, value);
  // A request body stream (an import) goes through unread, with its own type and length.
  const stream = call.body instanceof ReadableStream;
  if (stream) {
    for (const name of ["Content-Type", "Content-Length"]) {
      const value = request.headers.get(name);
      if (value) headers.set(name, value);
    }
  }
  const multipart = call.body instanceof FormData || stream;
  if (call.body !== undefined && !multipart) headers.set("Content-Type", "application/json");
  const url = new URL(`/v1${path}`, request.url);
  const body = call.body === undefined ? undefined : multipart ? (call.body as FormData | ReadableStream) : JSON.stringify(call.body);
  const response = await api.fetch(
    new Request(url, { method, headers, body }),
    context.cloudflare.env,
    context.cloudflare.ctx,
  );
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  if (response.ok) {
    const data = parsed && typeof parsed === "object" && "data" in parsed ? (parsed as { data: T }).data : (parsed as T);
    return { ok: true, status: response.status, headers: response.headers, data };
  }
  return {
    ok: false,
    status: response.status,
    headers: response.headers,
    problem: describeApiError(response.status, parsed, response.headers.get("Retry-After")),
  };
}
