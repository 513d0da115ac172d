import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchPageText, isPublicAddress } from "../../worker/services/safe-fetch";
import { api, buildWorkspace, json, tokenFor } from "../factories";

afterEach(() => vi.restoreAllMocks());

const PRIVATE = { details: { fields: { url: ["points to a private network address"] } } };

/** An outbound fetch that answers DNS-over-HTTPS from `zone` and pages with "Fine"; it records every call. */
function outbound(zone: Record<string, string[]>, pages: Record<string, Response> = {}) {
  const calls: string[] = [];
  const fetcher = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    calls.push(url.href);
    if (url.hostname === "cloudflare-dns.com") {
      const name = url.searchParams.get("name")!;
      const type = url.searchParams.get("type") === "AAAA" ? 28 : 1;
      const answers = (zone[name] ?? []).filter((address) => address.includes(":") === (type === 28)).map((data) => ({ name, type, TTL: 60, data }));
      return Response.json({ Status: 0, Answer: answers });
    }
    return pages[url.href] ?? new Response("<p>Fine</p>", { headers: { "content-type": "text/html" } });
  });
  return { fetcher: fetcher as unknown as typeof fetch, calls, pageCalls: () => calls.filter((call) => !call.startsWith("https://cloudflare-dns.com/")) };
}

describe("address classification", () => {
  it("refuses private, loopback, link-local and reserved addresses in every IPv4 and IPv6 spelling", () => {
    const refused = [
      "127.0.0.1", "10.1.2.3", "172.20.0.1", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "255.255.255.255", "224.0.0.1", "192.0.2.1", "198.18.0.1",
      "::", "::1", "fd00::1", "fe80::1", "fec0::1", "ff02::1", "2001:db8::1", "100::1",
      // IPv4-mapped, in both spellings, and the deprecated IPv4-compatible form
      "::ffff:127.0.0.1", "::ffff:7f00:1", "[::ffff:7f00:1]", "::ffff:a9fe:a9fe", "::ffff:10.0.0.1", "::7f00:1", "::a9fe:a9fe",
      // 6to4, NAT64 and Teredo carrying a private IPv4 address
      "2002:7f00:1::", "2002:a9fe:a9fe::1", "64:ff9b::7f00:1", "64:ff9b::a9fe:a9fe", "64:ff9b:1::5db8:d822", "2001:0:4136:e378:8000:63bf:80ff:fffe",
      "not-an-address",
    ];
    for (const address of refused) expect(isPublicAddress(address), address).toBe(false);
    for (const address of ["93.184.216.34", "1.1.1.1", "2606:4700::6810:84e5", "2002:5db8:d822::1", "64:ff9b::5db8:d822"]) expect(isPublicAddress(address), address).toBe(true);
  });
});

describe("fetching a named page", () => {
  it("refuses address literals that reach loopback or link-local however they are spelled, without fetching", async () => {
    const { fetcher, calls } = outbound({});
    const resolve = vi.fn(async () => ["93.184.216.34"]);
    const spellings = [
      "http://[::ffff:127.0.0.1]/",
      "http://[::ffff:7f00:1]/",
      "http://[::7f00:1]/",
      "http://[2002:7f00:1::]/",
      "http://[::ffff:a9fe:a9fe]/latest/meta-data",
      "http://[64:ff9b::a9fe:a9fe]/latest/meta-data",
      "http://[0:0:0:0:0:ffff:127.0.0.1]/",
      "http://2130706433/",
      "http://0177.0.0.1/",
      "http://0x7f.1/",
      "http://127.1/",
      "http://0x7f000001/",
      "http://0251.0376.0251.0376/",
      "http://0/",
    ];
    for (const url of spellings) {
      await expect(fetchPageText(url, { fetch: fetcher, resolve }), url).rejects.toMatchObject(PRIVATE);
    }
    expect(resolve).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });

  it("refuses a name when any of its A or AAAA answers is not public", async () => {
    const { fetcher, pageCalls } = outbound({
      "mixed.example": ["93.184.216.34", "::ffff:7f00:1"],
      "six.example": ["2606:4700::6810:84e5", "fd00::1"],
      "metadata.example": ["169.254.169.254"],
    });
    for (const url of ["https://mixed.example/", "https://six.example/", "https://metadata.example/", "http://localhost./", "http://intranet/"]) {
      await expect(fetchPageText(url, { fetch: fetcher }), url).rejects.toMatchObject({ status: 400 });
    }
    await expect(fetchPageText("https://mixed.example/", { fetch: fetcher })).rejects.toMatchObject(PRIVATE);
    expect(pageCalls()).toEqual([]);
  });

  it("fetches a name whose answers are all public", async () => {
    const { fetcher, pageCalls } = outbound({ "site.example": ["93.184.216.34", "2606:4700::6810:84e5"] });
    expect(await fetchPageText("https://site.example/about", { fetch: fetcher })).toMatchObject({ text: "Fine" });
    expect(pageCalls()).toEqual(["https://site.example/about"]);
  });

  it("checks every redirect hop again and stops at the first private one", async () => {
    const redirect = (location: string) => new Response(null, { status: 302, headers: { location } });
    const { fetcher, pageCalls } = outbound(
      { "site.example": ["93.184.216.34"], "next.example": ["93.184.216.35"], "inside.example": ["10.0.0.7"] },
      {
        "https://site.example/to-literal": redirect("http://[::ffff:7f00:1]/admin"),
        "https://site.example/to-name": redirect("https://next.example/hop"),
        "https://next.example/hop": redirect("https://inside.example/secret"),
        "https://site.example/to-decimal": redirect("http://2852039166/latest/meta-data"),
      },
    );
    await expect(fetchPageText("https://site.example/to-literal", { fetch: fetcher })).rejects.toMatchObject(PRIVATE);
    await expect(fetchPageText("https://site.example/to-name", { fetch: fetcher })).rejects.toMatchObject(PRIVATE);
    await expect(fetchPageText("https://site.example/to-decimal", { fetch: fetcher })).rejects.toMatchObject(PRIVATE);
    expect(pageCalls()).toEqual(["https://site.example/to-literal", "https://site.example/to-name", "https://next.example/hop", "https://site.example/to-decimal"]);
  });
});

describe("URLs named through the API", () => {
  it("answers 400 for an IPv4-mapped metadata address and makes no request", async () => {
    const { workspace, owner } = await buildWorkspace();
    const token = await tokenFor(owner);
    const kit = (await json(await api(`/w/${workspace.id}/brand_kits`, { method: "POST", token, body: { name: "Acme" } }))).data;
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    for (const url of ["http://[::ffff:a9fe:a9fe]/latest/meta-data", "http://[::ffff:7f00:1]:8080/", "http://2130706433/"]) {
      const response = await api(`/brand_kits/${kit.id}/voice_draft`, { method: "POST", token, body: { samples: [{ type: "url", url }] } });
      expect(response.status, url).toBe(400);
      expect((await json(response)).fields, url).toEqual({ "samples.0.url": ["points to a private network address"] });
    }
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
