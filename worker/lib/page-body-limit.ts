import { readBodyWithin } from "./refused-body";
/**
 * What a page form (a Remix action) may send. The largest thing a form carries is a knowledge
 * source's text (500,000 characters), which form encoding can take past 1 MB; the API's own
 * largest JSON cap is 2 MB (lib/body-limits), so a page is capped the same.
 */
export const PAGE_BODY_LIMIT = 2 * 1024 * 1024;

/**
 * Page actions that hand their body to the API unread, as a stream: the import page passes its
 * upload through to `POST /v1/w/:ws/imports`, which caps it at 50 MB while reading.
 */
const STREAMED_PAGE_ACTIONS = [/^\/workspaces\/\d+\/import\/?$/];

/**
 * A page request whose body a Remix action may buffer (`request.formData()`), or null when the
 * body is over `maxBytes`. A Content-Length over the cap is refused before a byte is read; a
 * body without one is read only up to the cap and handed on buffered. What a refused body
 * leaves unread is dropped before the answer (lib/refused-body).
 */
export async function pageRequestWithinLimit(request: Request, maxBytes = PAGE_BODY_LIMIT): Promise<Request | null> {
  if (!request.body || request.method === "GET" || request.method === "HEAD") return request;
  if (STREAMED_PAGE_ACTIONS.some((pattern) => pattern.test(new URL(request.url).pathname))) return request;
  const declared = request.headers.get("Content-Length");
  if (declared !== null && /^\d+$/.test(declared)) return Number(declared) > maxBytes ? null : request;

  const body = await readBodyWithin(request.body, maxBytes);
  if (!body) return null;
  return new Request(request, { body });
}
