import { Invalid } from "../lib/errors";

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
}

const MAX_REDIRECTS = 5;
const ALLOWED_PORTS = new Set(["", "80", "443", "8080", "8443"]);
const DOH = "https://cloudflare-dns.com/dns-query";

function ipv4Private(address: string): boolean {
  const parts = address.split(".").map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255)) return true;
  const [a, b] = parts as [number, number, number, number];
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0 && parts[2] === 0) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224
  );
}

/** Whether an address is anything but a public unicast one. */
export function isPrivateAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, "").toLowerCase();
  if (/^\d+\.\d+\.\d+\.\d+$/.test(ip)) return ipv4Private(ip);
  if (!ip.includes(":")) return true;
  const mapped = ip.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
  if (mapped) return ipv4Private(mapped[1]!);
  if (ip === "::" || ip === "::1") return true;
  const first = parseInt(ip.split(":")[0] || "0", 16);
  return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80 || (first & 0xff00) === 0xff00 || ip.startsWith("64:ff9b:");
}

/** A and AAAA records through Cloudflare's DNS-over-HTTPS resolver. */
export async function resolveOverHttps(hostname: string): Promise<string[]> {
  const lookups = await Promise.all(
    ["A", "AAAA"].map(async (type) => {
      const response = await fetch(`${DOH}?name=${encodeURIComponent(hostname)}&type=${type}`, { headers: { accept: "application/dns-json" }, signal: AbortSignal.timeout(5_000) });
      if (!response.ok) throw new Error(`DNS lookup failed (${response.status})`);
      const body = (await response.json()) as { Answer?: { type: number; data: string }[] };
      return (body.Answer ?? []).filter((answer) => answer.type === 1 || answer.type === 28).map((answer) => answer.data);
    }),
  );
  return lookups.flat();
}

async function checkUrl(raw: string, field: string, resolve: (hostname: string) => Promise<string[]>): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Invalid("That is not a web address", { [field]: ["is not a web address"] });
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Invalid("Only http:// and https:// addresses can be read", { [field]: ["must start with http:// or https://"] });
  if (url.username || url.password) throw new Invalid("Addresses with a user name or password can't be read", { [field]: ["must not contain credentials"] });
  if (!ALLOWED_PORTS.has(url.port)) throw new Invalid("Only the usual web ports can be read", { [field]: [`uses port ${url.port}, which is not allowed`] });
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const literal = /^\d+\.\d+\.\d+\.\d+$/.test(host) || host.includes(":");
  if (!literal && (host === "localhost" || /\.(localhost|local|internal|home\.arpa)$/i.test(host) || !host.includes("."))) {
    throw new Invalid("That address is on a private network", { [field]: ["points to a private network"] });
  }
  let addresses: string[];
  try {
    addresses = literal ? [host] : await resolve(host);
  } catch {
    throw new Invalid("That address could not be looked up. Check it and try again.", { [field]: ["could not be resolved"] });
  }
  if (addresses.length === 0) throw new Invalid("That address does not exist", { [field]: ["could not be found"] });
  if (addresses.some(isPrivateAddress)) throw new Invalid("That address is on a private network", { [field]: ["points to a private network address"] });
  return url;
}

async function readCapped(response: Response, maxBytes: number, field: string): Promise<string> {
  const declared = Number(response.headers.get("content-length"));
  const tooLarge = () => new Invalid(`That page is too large to read (at most ${Math.round(maxBytes / 1024 / 1024)} MB)`, { [field]: ["is too large"] });
  if (declared > maxBytes) throw tooLarge();
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) bytes.set(chunk, (offset += chunk.byteLength) - chunk.byteLength);
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

export async function fetchPageText(raw: string, { field = "url", maxBytes = 2 * 1024 * 1024, timeoutMs = 10_000, resolve = resolveOverHttps }: SafeFetchOptions = {}): Promise<PageText> {
  const signal = AbortSignal.timeout(timeoutMs);
  let url = await checkUrl(raw, field, resolve);
  for (let hop = 0; ; hop++) {
    let response: Response;
    try {
      response = await fetch(url, { redirect: "manual", signal, headers: { accept: "text/html, text/plain;q=0.9", "user-agent": "BrandworkBot/1.0 (+knowledge import)" } });
    } catch {
      if (signal.aborted) throw new Invalid(`That page did not answer within ${timeoutMs / 1000} seconds`, { [field]: ["timed out"] });
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
      body = await readCapped(response, maxBytes, field);
    } catch (error) {
      if (signal.aborted) throw new Invalid(`That page did not answer within ${timeoutMs / 1000} seconds`, { [field]: ["timed out"] });
      throw error;
    }
    if (type === "text/plain") return { url: url.href, title: url.hostname + url.pathname, text: body.trim() };
    const { title, text } = await htmlToText(body);
    return { url: url.href, title: title || url.hostname, text };
  }
}
