import { describe, expect, it, vi } from "vitest";
import { ApiError, createApiClient, createBookmarkStore, type ApiClientDeps } from "./api";
import { createStore } from "./preferences";
import { createReporter } from "./reporter";

function setup(responses: (Response | Error)[], overrides: Partial<ApiClientDeps> = {}) {
  const calls: { url: string; init: RequestInit }[] = [];
  const queue = [...responses];
  const sleeps: number[] = [];
  const report = createReporter();
  const captured: { message: string; level: string; extra?: Record<string, unknown> }[] = [];
  report.captureMessage = (message, level = "info", extra) => void captured.push({ message, level, extra });
  const onUnauthorized = vi.fn();
  const client = createApiClient({
    fetch: (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      const next = queue.shift();
      if (!next) throw new Error("no more responses");
      if (next instanceof Error) throw next;
      return next;
    }) as unknown as typeof fetch,
    base: () => "https://app.test/v1",
    headers: () => ({ "x-session-uuid": "tab", Authorization: "Bearer t", "X-Workspace-Id": "1" }),
    signedIn: () => true,
    onUnauthorized,
    sleep: async (ms) => void sleeps.push(ms),
    report,
    ...overrides,
  });
  return { client, calls, sleeps, captured, onUnauthorized };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, statusText: status >= 500 ? "Bad Gateway" : "", headers: { "Content-Type": "application/json", ...headers } });

describe("the API client", () => {
  it("sends the shared headers and JSON, and returns the body", async () => {
    const { client, calls } = setup([json(201, { data: { id: 1 } })]);
    const body = await client.post<{ data: { id: number } }>("/w", { company: { name: "Acme" } });
    expect(body.data.id).toBe(1);
    expect(calls[0]!.url).toBe("https://app.test/v1/w");
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers).toMatchObject({ "x-session-uuid": "tab", Authorization: "Bearer t", "Content-Type": "application/json" });
    expect(calls[0]!.init.body).toBe('{"company":{"name":"Acme"}}');
  });

  it("adds query parameters, skipping empty ones", async () => {
    const { client, calls } = setup([json(200, {})]);
    await client.get("/w/1/files_views/recent", { query: { items: 4, with_active_reviews: true, skip: undefined } });
    expect(calls[0]!.url).toBe("https://app.test/v1/w/1/files_views/recent?items=4&with_active_reviews=true");
  });

  it("retries a GET 4 times, 2000 ms apart, then gives up", async () => {
    const { client, calls, sleeps } = setup([
      new TypeError("offline"),
      json(502, {}),
      json(503, {}),
      new TypeError("offline"),
      json(500, { error: "internal_error" }),
    ]);
    await expect(client.get("/users/self")).rejects.toMatchObject({ status: 500 });
    expect(calls).toHaveLength(5);
    expect(sleeps).toEqual([2000, 2000, 2000, 2000]);
  });

  it("stops retrying as soon as a GET succeeds", async () => {
    const { client, calls } = setup([json(503, {}), json(200, { data: "ok" })]);
    await expect(client.get("/health")).resolves.toEqual({ data: "ok" });
    expect(calls).toHaveLength(2);
  });

  it("never retries a POST, even on a network error", async () => {
    const { client, calls } = setup([new TypeError("offline")]);
    await expect(client.post("/w", {})).rejects.toMatchObject({ status: 0 });
    expect(calls).toHaveLength(1);
  });

  it("reports a 5xx as a warning with body, status, status text and URL", async () => {
    const { client, captured } = setup([json(500, { error: "internal_error" })]);
    await expect(client.put("/w/1/seen")).rejects.toBeInstanceOf(ApiError);
    expect(captured).toEqual([
      {
        message: "API PUT /w/1/seen answered 500",
        level: "warning",
        extra: { body: { error: "internal_error" }, status: 500, statusText: "Bad Gateway", url: "https://app.test/v1/w/1/seen" },
      },
    ]);
  });

  it("hands an expired signature to the 401 handler", async () => {
    const { client, onUnauthorized } = setup([json(401, { error: "Signature has expired" })]);
    await expect(client.get("/users/self")).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledWith("expired");
  });

  it("hands 'you need to sign in' to the 401 handler as signed out", async () => {
    const { client, onUnauthorized } = setup([json(401, { errors: ["You need to sign in or sign up before continuing."] })]);
    await expect(client.get("/users/self")).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledWith("signed_out");
  });

  it("leaves other 401s, and any 401 when not signed in, to the caller", async () => {
    const other = setup([json(401, { error: "unauthorized" })]);
    await expect(other.client.get("/x")).rejects.toBeInstanceOf(ApiError);
    expect(other.onUnauthorized).not.toHaveBeenCalled();

    const anonymous = setup([json(401, { error: "Signature has expired" })], { signedIn: () => false });
    await expect(anonymous.client.get("/x")).rejects.toBeInstanceOf(ApiError);
    expect(anonymous.onUnauthorized).not.toHaveBeenCalled();
  });

  it("turns an error answer into a problem the UI can show", async () => {
    const { client } = setup([json(429, { error: "too_many_requests", retry_after: 30 }, { "Retry-After": "30" })]);
    const error = await client.post("/users/sign_in", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).problem).toMatchObject({ status: 429, retryAfter: 30 });
  });

  it("returns null for 204 No Content", async () => {
    const { client } = setup([new Response(null, { status: 204 })]);
    await expect(client.delete("/users/sign_out")).resolves.toBeNull();
  });
});

describe("the D1 bookmark", () => {
  function tabStorage() {
    const items = new Map<string, string>();
    const storage = {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    } as unknown as Storage;
    return createStore(() => storage, "session", createReporter());
  }
  const older = "00000000-0000000c-00000000-00000000000000000000000000000000";
  const newer = "00000000-0000000d-00000000-00000000000000000000000000000000";
  const sent = (init: RequestInit) => (init.headers as Record<string, string>)["x-d1-bookmark"];

  it("is kept from an answer and sent with the next call, so the tab reads its own writes", async () => {
    const bookmarks = createBookmarkStore(tabStorage());
    const { client, calls } = setup([json(201, {}, { "x-d1-bookmark": newer }), json(200, {})], { bookmarks });
    await client.post("/w/1/articles", { title: "A" });
    await client.get("/w/1/articles");
    expect(sent(calls[0]!.init)).toBeUndefined();
    expect(sent(calls[1]!.init)).toBe(newer);
  });

  it("survives a reload of the tab and is not replaced by an older one arriving late", async () => {
    const storage = tabStorage();
    createBookmarkStore(storage).write(newer);
    const afterReload = createBookmarkStore(storage);
    const { client, calls } = setup([json(200, {}, { "x-d1-bookmark": older }), json(200, {})], { bookmarks: afterReload });
    await client.get("/w/1/articles");
    await client.get("/w/1/articles");
    expect(sent(calls[0]!.init)).toBe(newer);
    expect(sent(calls[1]!.init)).toBe(newer);
  });

  it("is kept from error answers too (a failed write may still have written)", async () => {
    const bookmarks = createBookmarkStore(tabStorage());
    const { client, calls } = setup([json(422, { error: "invalid" }, { "x-d1-bookmark": newer }), json(200, {})], { bookmarks });
    await expect(client.post("/w/1/articles", {})).rejects.toBeInstanceOf(ApiError);
    await client.get("/w/1/articles");
    expect(sent(calls[1]!.init)).toBe(newer);
  });
});
