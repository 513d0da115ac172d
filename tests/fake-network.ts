/**
 * A fake of a network at `fetch`, for provider tests: each route answers one documented request
 * (method and URL), and every request is kept, parsed, so a test checks headers and body exactly
 * as the network documents them. A request no route expects is recorded in `unexpected` (tests
 * assert it stays empty) and answered 599. DNS-over-HTTPS lookups (safe-fetch) are answered
 * from `zone` and kept apart.
 */

export interface SeenRequest {
  method: string;
  url: URL;
  headers: Headers;
  /** A JSON body, parsed. */
  json?: unknown;
  /** A form-encoded body. */
  form?: URLSearchParams;
  /** A multipart body, as sent. */
  multipart?: FormData;
  /** A binary body. */
  bytes?: Uint8Array;
}

type Handler = (request: SeenRequest) => Response | Promise<Response>;

interface Route {
  method: string;
  /** The URL without its query, or a pattern over the whole URL. */
  match: string | RegExp;
  handler: Handler;
  once: boolean;
}

export const reply = (status: number, body?: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers } });

function parseBody(body: BodyInit | null | undefined, headers: Headers): Partial<SeenRequest> {
  if (body == null) return {};
  if (body instanceof FormData) return { multipart: body };
  if (body instanceof URLSearchParams) return { form: body };
  if (body instanceof ArrayBuffer) return { bytes: new Uint8Array(body) };
  if (ArrayBuffer.isView(body)) return { bytes: new Uint8Array(body.buffer, body.byteOffset, body.byteLength) };
  if (typeof body === "string") {
    const type = headers.get("content-type") ?? "";
    if (type.includes("application/x-www-form-urlencoded")) return { form: new URLSearchParams(body) };
    if (type.includes("json")) return { json: JSON.parse(body) };
  }
  throw new Error(`The fake cannot read this body: ${String(body)}`);
}

export function fakeNetwork(zone: Record<string, string[]> = {}) {
  const routes: Route[] = [];
  const requests: SeenRequest[] = [];
  const lookups: string[] = [];
  const unexpected: string[] = [];

  const matches = (route: Route, method: string, url: URL) =>
    route.method === method && (typeof route.match === "string" ? route.match === `${url.origin}${url.pathname}` : route.match.test(url.href));

  const fetcher = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = (init.method ?? "GET").toUpperCase();
    if (url.hostname === "cloudflare-dns.com") {
      const name = url.searchParams.get("name")!;
      lookups.push(name);
      const type = url.searchParams.get("type") === "AAAA" ? 28 : 1;
      const answers = (zone[name] ?? []).filter((address) => address.includes(":") === (type === 28)).map((data) => ({ name, type, TTL: 60, data }));
      return Response.json({ Status: 0, Answer: answers });
    }
    const headers = new Headers(init.headers);
    const seen: SeenRequest = { method, url, headers, ...parseBody(init.body, headers) };
    requests.push(seen);
    // Routes answering once go first, in the order they were added.
    const route = routes.find((r) => r.once && matches(r, method, url)) ?? routes.find((r) => !r.once && matches(r, method, url));
    if (!route) {
      unexpected.push(`${method} ${url.href}`);
      return new Response("The fake has no route for this request", { status: 599 });
    }
    if (route.once) routes.splice(routes.indexOf(route), 1);
    return route.handler(seen);
  };

  return {
    fetch: fetcher as typeof fetch,
    requests,
    lookups,
    unexpected,
    /** Answers the next matching request (once). */
    on(method: string, match: string | RegExp, handler: Handler) {
      routes.push({ method, match, handler, once: true });
    },
    /** Answers every matching request not taken by a once-route. */
    always(method: string, match: string | RegExp, handler: Handler) {
      routes.push({ method, match, handler, once: false });
    },
    /** The requests to a URL (without query), in order. */
    to(method: string, url: string) {
      return requests.filter((request) => request.method === method && `${request.url.origin}${request.url.pathname}` === url);
    },
  };
}

export type FakeNetwork = ReturnType<typeof fakeNetwork>;

/** Bytes of a given length, to stand for an upload. */
export const bytesOf = (length: number, fill = 7) => new Uint8Array(length).fill(fill).buffer;
