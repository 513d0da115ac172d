import ipaddr from "ipaddr.js";
import { duration } from "../../core/counting";
import { Invalid } from "../lib/errors";
import { readCapped } from "../lib/capped-read";

/**
 * Fetching a page someone names (a knowledge source, a voice sample): http(s) only, on
 * the usual ports, never to a private, loopback or link-local address (checked after
 * resolving the name over DNS-over-HTTPS, and again at every redirect), with size and time
 * caps; HTML is turned into text with HTMLRewriter. Every refusal is a 400 naming the field.
 */

export interface PageText {
  url: string;
  title: string;
  text: string;
}

export interface SafeFetchOptions {
  /** The request field the URL came from, for the error. */
  field?: string;
  maxBytes?: number;
  timeoutMs?: number;
  /** The addresses a host name resolves to (DNS-over-HTTPS by default). */
  resolve?: (hostname: string) => Promise<string[]>;
  /** The outbound fetch (the runtime's by default; tests pass a stub). */
  fetch?: typeof fetch;
}

const MAX_REDIRECTS = 5;
const ALLOWED_PORTS = new Set(["", "80", "443", "8080", "8443"]);
const DOH = "https://cloudflare-dns.com/dns-query";

/**
 * Whether an address is public unicast, the only kind we fetch from. ipaddr.js names the
 * special ranges (private, loopback, linkLocal, uniqueLocal, carrierGradeNat, reserved,
 * multicast, ...); anything it does not call `unicast` is refused. IPv6 forms that carry an
 * IPv4 address (mapped, 6to4, NAT64, Teredo) are judged by the IPv4 address inside, so
 * `::ffff:7f00:1` or `2002:7f00:1::` cannot reach 127.0.0.1.
 */
export function isPublicAddress(address: string): boolean {
  const text = address.replace(/^\[|\]$/g, "");
  if (!ipaddr.isValid(text)) return false;
  // process() turns ::ffff:a.b.c.d (in any spelling) into the plain IPv4 address.
  const ip = ipaddr.process(text);
  if (ip.kind() === "ipv4") return ip.range() === "unicast";
  const parts = (ip as ipaddr.IPv6).parts;
  const v4 = (high: number, low: number) => ipaddr.fromByteArray([high >> 8, high & 0xff, low >> 8, low & 0xff]) as ipaddr.IPv4;
  switch (ip.range()) {
    case "6to4":
      return v4(parts[1]!, parts[2]!).range() === "unicast";
    case "rfc6052":
      // 64:ff9b::/96 ends in the IPv4 address; 64:ff9b:1::/48 is for local networks only.
      return parts[2] === 0 && v4(parts[6]!, parts[7]!).range() === "unicast";
    case "teredo":
      // Teredo carries the relay server's address and the client's, the latter inverted.
      return v4(parts[2]!, parts[3]!).range() === "unicast" && v4(~parts[6]! & 0xffff, ~parts[7]! & 0xffff).range() === "unicast";
    case "unicast":
      // Only 2000::/3 is routed on the internet; ::/8 also holds the IPv4-compatible `::7f00:1`.
      return (parts[0]! & 0xe000) === 0x2000;
    default:
      return false;
  }
}

/** Whether an address is anything but a public unicast one. */
export function isPrivateAddress(address: string): boolean {
  return !isPublicAddress(address);
}

/** A and AAAA records through Cloudflare's DNS-over-HTTPS resolver. */
export async function resolveOverHttps(hostname: string, fetcher: typeof fetch = fetch): Promise<string[]> {
  const lookups = await Promise.all(
    ["A", "AAAA"].map(async (type) => {
      const response = await fetcher(`${DOH}?name=${encodeURIComponent(hostname)}&type=${type}`, { headers: { accept: "application/dns-json" }, signal: AbortSignal.timeout(5_000) });
      if (!response.ok) throw new Error(`DNS lookup failed (${response.status})`);
      const body = (await response.json()) as { Answer?: { type: number; data: string }[] };
      return (body.Answer ?? []).filter((answer) => answer.type === 1 || answer.type === 28).map((answer) => answer.data);
    }),
  );
  return lookups.flat();
}

/** A URL a person typed, refused (400 naming `field`) unless it is http(s) on a usual port and every address it resolves to is public. */
export async function checkUrl(raw: string, field: string, resolve: (hostname: string) => Promise<string[]>): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Invalid("That is not a web address", { [field]: ["is not a web address"] });
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Invalid("Only http:// and https:// addresses can be read", { [field]: ["must start with http:// or https://"] });
  if (url.username || url.password) throw new Invalid("Addresses with a user name or password can't be read", { [field]: ["must not contain credentials"] });
  if (!ALLOWED_PORTS.has(url.port)) throw new Invalid("Only the usual web ports can be read", { [field]: [`uses port ${url.port}, which is not allowed`] });
  // The WHATWG parser has already turned 2130706433, 0177.0.0.1, 0x7f.1 and 127.1 into
  // 127.0.0.1 and compressed IPv6, so the hostname is judged in its one canonical spelling.
  const host = url.hostname.replace(/^\[|\]$/g, "").replace(/\.$/, "").toLowerCase();
  const literal = ipaddr.isValid(host);
  if (!literal && (host === "localhost" || /\.(localhost|local|internal|home\.arpa)$/.test(host) || !host.includes("."))) {
    throw new Invalid("That address is on a private network", { [field]: ["points to a private network"] });
  }
  let addresses: string[];
  try {
    addresses = literal ? [host] : await resolve(host);
  } catch {
    throw new Invalid("That address could not be looked up. Check it and try again.", { [field]: ["could not be resolved"] });
  }
  if (addresses.length === 0) throw new Invalid("That address does not exist", { [field]: ["could not be found"] });
  // One private answer is enough to refuse: the fetch may pick any of them.
  if (!addresses.every(isPublicAddress)) throw new Invalid("That address is on a private network", { [field]: ["points to a private network address"] });
  return url;
}

async function readPage(response: Response, maxBytes: number, field: string): Promise<string> {
  const declared = Number(response.headers.get("content-length"));
  const tooLarge = () => new Invalid(`That page is too large to read (at most ${Math.round(maxBytes / 1024 / 1024)} MB)`, { [field]: ["is too large"] });
  if (declared > maxBytes) throw tooLarge();
  if (!response.body) return "";
  const bytes = await readCapped(response.body, maxBytes);
  if (!bytes) throw tooLarge();
  return new TextDecoder().decode(bytes);
}

const SKIPPED = "head, script, style, noscript, template, svg, nav, footer, aside, form, iframe, header nav";
const BLOCKS = "p, div, section, article, main, li, tr, br, h1, h2, h3, h4, h5, h6, blockquote, pre, table, ul, ol, dd, dt";

/** The readable text of an HTML page (no scripts, styles or navigation), one block per line. */
export async function htmlToText(html: string): Promise<{ title: string; text: string }> {
  let title = "";
  let text = "";
  let skipping = 0;
  await new HTMLRewriter()
    .on("title", { text: (chunk) => void (title += chunk.text) })
    // Pages without <body> (fragments) still have text: read the whole document, minus skips.
    .on(SKIPPED, {
      element(element) {
        skipping++;
        element.onEndTag(() => void skipping--);
      },
    })
    .on(BLOCKS, {
      element(element) {
        text += "\n";
        if (element.tagName !== "br") element.onEndTag(() => void (text += "\n"));
      },
    })
    .onDocument({ text: (chunk) => void (skipping === 0 && (text += chunk.text)) })
    .transform(new Response(html))
    .arrayBuffer();
  const decode = (value: string) =>
    value.replace(/&(nbsp|amp|lt|gt|quot|#39|#x27);/g, (_, name: string) => ({ nbsp: " ", amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'" })[name] ?? "");
  const lines = decode(text)
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean);
  return { title: decode(title).replace(/\s+/g, " ").trim(), text: lines.join("\n\n") };
}

export async function fetchPageText(raw: string, { field = "url", maxBytes = 2 * 1024 * 1024, timeoutMs = 10_000, fetch: fetcher = fetch, resolve = (hostname) => resolveOverHttps(hostname, fetcher) }: SafeFetchOptions = {}): Promise<PageText> {
  const signal = AbortSignal.timeout(timeoutMs);
  let url = await checkUrl(raw, field, resolve);
  for (let hop = 0; ; hop++) {
    let response: Response;
    try {
      response = await fetcher(url, { redirect: "manual", signal, headers: { accept: "text/html, text/plain;q=0.9", "user-agent": "BrandworkBot/1.0 (+knowledge import)" } });
    } catch {
      if (signal.aborted) throw new Invalid(`That page did not answer within ${duration(timeoutMs)}`, { [field]: ["timed out"] });
      throw new Invalid("That page could not be reached", { [field]: ["could not be reached"] });
    }
    if (response.status >= 300 && response.status < 400 && response.headers.get("location")) {
      if (hop >= MAX_REDIRECTS) throw new Invalid("That address redirects too many times", { [field]: ["redirects too many times"] });
      url = await checkUrl(new URL(response.headers.get("location")!, url).href, field, resolve);
      continue;
    }
    if (!response.ok) throw new Invalid(`That page answered ${response.status}`, { [field]: [`answered ${response.status}`] });
    const type = (response.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (type !== "text/html" && type !== "text/plain" && type !== "application/xhtml+xml") {
      throw new Invalid("That address is not a web page or text", { [field]: [`is ${type || "of an unknown type"}, not a web page`] });
    }
    let body: string;
    try {
      body = await readPage(response, maxBytes, field);
    } catch (error) {
      if (signal.aborted) throw new Invalid(`That page did not answer within ${duration(timeoutMs)}`, { [field]: ["timed out"] });
      throw error;
    }
    if (type === "text/plain") return { url: url.href, title: url.hostname + url.pathname, text: body.trim() };
    const { title, text } = await htmlToText(body);
    return { url: url.href, title: title || url.hostname, text };
  }
}

/**
 * Sends a request to a URL someone configured (a webhook endpoint): the same address checks
 * as pages, redirects are not followed (a 3xx is the answer), and the time is capped. Answers
 * the response; a refused address is the same 400 naming the field. A GET has no body; a
 * multipart upload (a Mastodon instance's media) sends FormData.
 */
export async function safeRequest(
  raw: string,
  init: { method: string; headers: Record<string, string>; body?: BodyInit },
  { field = "url", timeoutMs = 10_000, fetch: fetcher = fetch, resolve = (hostname) => resolveOverHttps(hostname, fetcher) }: Omit<SafeFetchOptions, "maxBytes"> = {},
): Promise<Response> {
  const url = await checkUrl(raw, field, resolve);
  return fetcher(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
}
