import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { brandKits, brandVoiceNotes, uploads } from "../../worker/db/schema";
import { fetchPageText, htmlToText, isPrivateAddress } from "../../worker/services/safe-fetch";
import { api, buildArticle, buildMember, buildWorkspace, db, json, tokenFor } from "../factories";

async function setup() {
  const { workspace, owner } = await buildWorkspace();
  return { workspace, owner, token: await tokenFor(owner) };
}

const create = (workspaceId: number, token: string, body: unknown) => api(`/w/${workspaceId}/brand_kits`, { method: "POST", token, body });

afterEach(() => vi.restoreAllMocks());

describe("POST /w/:ws/brand_kits", () => {
  it("creates the first kit as the default, with colours, fonts from the list and voice notes", async () => {
    const { workspace, token } = await setup();
    const response = await create(workspace.id, token, {
      name: "Acme",
      colors: [{ name: "Primary", value: "#2F5EBC" }, { name: "Sunset", value: "linear-gradient(90deg, #FF7A00, #FF0066)" }],
      fonts: { title: "Inter", body: "Georgia" },
      notes: { general: "Warm and direct.", avoid_list: "synergy, leverage", audience: "" },
    });
    expect(response.status).toBe(201);
    const { data } = await json(response);
    expect(data).toMatchObject({ name: "Acme", is_default: true, fonts: { title: "Inter", body: "Georgia" }, notes: { general: "Warm and direct.", avoid_list: "synergy, leverage" } });
    expect(data.notes.audience).toBeUndefined();
    expect(data.colors).toHaveLength(2);
  });

  it("keeps one default: making another kit the default clears the first", async () => {
    const { workspace, token } = await setup();
    const first = (await json(await create(workspace.id, token, { name: "First" }))).data;
    const second = (await json(await create(workspace.id, token, { name: "Second" }))).data;
    expect(second.is_default).toBe(false);
    await api(`/brand_kits/${second.id}`, { method: "PATCH", token, body: { is_default: true } });
    const list = (await json(await api(`/w/${workspace.id}/brand_kits`, { token }))).data;
    expect(list.map((k: { name: string; is_default: boolean }) => [k.name, k.is_default])).toEqual([
      ["Second", true],
      ["First", false],
    ]);
    // Deleting the default hands it to the other kit.
    expect((await api(`/brand_kits/${second.id}`, { method: "DELETE", token })).status).toBe(204);
    expect((await json(await api(`/brand_kits/${first.id}`, { token }))).data.is_default).toBe(true);
  });

  it("refuses a font outside the list and a colour that is not hex, naming the field, and writes nothing", async () => {
    const { workspace, token } = await setup();
    const badFont = await create(workspace.id, token, { name: "Acme", fonts: { title: "Comic Papyrus" } });
    expect(badFont.status).toBe(400);
    expect((await json(badFont)).fields).toEqual({ "fonts.title": ["must be one of the supported fonts"] });
    const badColour = await create(workspace.id, token, { name: "Acme", colors: [{ value: "red" }] });
    expect(Object.keys((await json(badColour)).fields)).toEqual(["colors.0.value"]);
    const missing = await create(workspace.id, token, {});
    expect((await json(missing)).fields).toHaveProperty("name");
    expect(await db.select().from(brandKits).where(eq(brandKits.workspaceId, workspace.id))).toEqual([]);
  });

  it("is for members: a guest is refused and another workspace's kit is 404", async () => {
    const { workspace, token } = await setup();
    const kit = (await json(await create(workspace.id, token, { name: "Acme" }))).data;
    const guest = await buildMember(workspace, "guest");
    expect((await create(workspace.id, guest.token, { name: "Mine" })).status).toBe(403);
    expect((await api(`/brand_kits/${kit.id}`, { token: guest.token })).status).toBe(404);
    const other = await buildWorkspace();
    const outsider = await tokenFor(other.owner);
    expect((await api(`/brand_kits/${kit.id}`, { token: outsider })).status).toBe(404);
    expect((await api(`/brand_kits/${kit.id}`, { method: "PATCH", token: outsider, body: { name: "Stolen" } })).status).toBe(404);
    expect((await json(await api(`/brand_kits/${kit.id}`, { token }))).data.name).toBe("Acme");
  });
});

describe("PATCH /brand_kits/:id", () => {
  it("updates notes one by one and removes a note sent blank", async () => {
    const { workspace, token } = await setup();
    const kit = (await json(await create(workspace.id, token, { name: "Acme", notes: { general: "Formal.", keywords: "tea" } }))).data;
    const { data } = await json(await api(`/brand_kits/${kit.id}`, { method: "PATCH", token, body: { notes: { general: "Playful.", keywords: "" } } }));
    expect(data.notes).toEqual({ general: "Playful." });
    expect(await db.select().from(brandVoiceNotes).where(eq(brandVoiceNotes.brandKitId, kit.id))).toHaveLength(1);
  });

  it("answers an empty body with 400", async () => {
    const { workspace, token } = await setup();
    const kit = (await json(await create(workspace.id, token, { name: "Acme" }))).data;
    expect((await api(`/brand_kits/${kit.id}`, { method: "PATCH", token, body: {} })).status).toBe(400);
  });
});

describe("logos", () => {
  async function upload(workspaceId: number, contentType: string, status: "stored" | "pending" = "stored") {
    const [row] = await db.insert(uploads).values({ workspaceId, r2Key: `uploads/${workspaceId}/${crypto.randomUUID()}`, filename: "logo.png", contentType, size: 10, status }).returning();
    return row!;
  }

  it("sets a logo per variant from an uploaded image and replaces it", async () => {
    const { workspace, token } = await setup();
    const kit = (await json(await create(workspace.id, token, { name: "Acme" }))).data;
    const first = await upload(workspace.id, "image/png");
    const second = await upload(workspace.id, "image/svg+xml");
    await api(`/brand_kits/${kit.id}/logos/Dark`, { method: "PUT", token, body: { upload_id: first.id } });
    const { data } = await json(await api(`/brand_kits/${kit.id}/logos/Dark`, { method: "PUT", token, body: { upload_id: second.id } }));
    expect(data.logos).toEqual([expect.objectContaining({ variant: "Dark", upload_id: second.id, url: `/files/${second.id}` })]);
    const removed = await json(await api(`/brand_kits/${kit.id}/logos/Dark`, { method: "DELETE", token }));
    expect(removed.data.logos).toEqual([]);
  });

  it("refuses a PDF, another workspace's upload and an unknown variant", async () => {
    const { workspace, token } = await setup();
    const kit = (await json(await create(workspace.id, token, { name: "Acme" }))).data;
    const pdf = await upload(workspace.id, "application/pdf");
    expect((await api(`/brand_kits/${kit.id}/logos/Original`, { method: "PUT", token, body: { upload_id: pdf.id } })).status).toBe(400);
    const other = await buildWorkspace();
    const foreign = await upload(other.workspace.id, "image/png");
    expect((await api(`/brand_kits/${kit.id}/logos/Original`, { method: "PUT", token, body: { upload_id: foreign.id } })).status).toBe(404);
    const variant = await api(`/brand_kits/${kit.id}/logos/Sepia`, { method: "PUT", token, body: { upload_id: pdf.id } });
    expect(variant.status).toBe(400);
    expect(JSON.stringify(await json(variant))).toContain("Original, Light, Dark");
  });
});

describe("POST /brand_kits/:id/voice_draft", () => {
  it("drafts notes from text and a document without saving them", async () => {
    const { workspace, owner, token } = await setup();
    const kit = (await json(await create(workspace.id, token, { name: "Acme" }))).data;
    const article = await buildArticle(workspace, owner, { text: "You'll love meal prep. We make meal prep easy for you. Meal prep saves you time every week!" });
    const response = await api(`/brand_kits/${kit.id}/voice_draft`, {
      method: "POST",
      token,
      body: { samples: [{ type: "text", text: "You're busy, we get it. Meal prep means you cook once and eat well all week long." }, { type: "article", article_id: article.id }] },
    });
    expect(response.status).toBe(200);
    const { data } = await json(response);
    expect(data.notes.general).toContain("speaks directly to the reader");
    expect(data.notes.keywords).toContain("meal prep");
    expect((await json(await api(`/brand_kits/${kit.id}`, { token }))).data.notes).toEqual({});
  });

  it("refuses a sample URL on a private network, naming the sample", async () => {
    const { workspace, token } = await setup();
    const kit = (await json(await create(workspace.id, token, { name: "Acme" }))).data;
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const response = await api(`/brand_kits/${kit.id}/voice_draft`, { method: "POST", token, body: { samples: [{ type: "url", url: "http://169.254.169.254/latest/meta-data" }] } });
    expect(response.status).toBe(400);
    expect((await json(response)).fields).toEqual({ "samples.0.url": ["points to a private network address"] });
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe("reading a page safely", () => {
  const resolve = async (host: string) => (host === "evil.example" ? ["10.0.0.5"] : ["93.184.216.34"]);

  it("knows private, loopback and link-local addresses", () => {
    for (const address of ["127.0.0.1", "10.1.2.3", "172.20.0.1", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "::1", "fd00::1", "fe80::1", "::ffff:127.0.0.1"]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ["93.184.216.34", "2606:4700::6810:84e5"]) expect(isPrivateAddress(address), address).toBe(false);
  });

  it("turns HTML into text without scripts, styles or navigation", async () => {
    const { title, text } = await htmlToText(
      "<html><head><title>Our story</title><style>p{}</style></head><body><nav>Home | About</nav><h1>Hello</h1><p>We bake &amp; deliver.</p><script>alert(1)</script><footer>© 2026</footer></body></html>",
    );
    expect(title).toBe("Our story");
    expect(text).toBe("Hello\n\nWe bake & deliver.");
  });

  it("follows a redirect only to a public address, and refuses other types and oversized pages", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.startsWith("https://site.example/old")) return new Response(null, { status: 301, headers: { location: "https://evil.example/admin" } });
      if (url.startsWith("https://site.example/pdf")) return new Response("%PDF", { headers: { "content-type": "application/pdf" } });
      if (url.startsWith("https://site.example/big")) return new Response("x".repeat(2000), { headers: { "content-type": "text/plain" } });
      return new Response("<p>Fine</p>", { headers: { "content-type": "text/html; charset=utf-8" } });
    });
    await expect(fetchPageText("https://site.example/old", { resolve })).rejects.toMatchObject({ details: { fields: { url: ["points to a private network address"] } } });
    await expect(fetchPageText("https://site.example/pdf", { resolve })).rejects.toMatchObject({ status: 400 });
    await expect(fetchPageText("https://site.example/big", { resolve, maxBytes: 1000 })).rejects.toMatchObject({ details: { fields: { url: ["is too large"] } } });
    await expect(fetchPageText("ftp://site.example/", { resolve })).rejects.toMatchObject({ status: 400 });
    expect(await fetchPageText("https://site.example/ok", { resolve })).toMatchObject({ text: "Fine" });
  });
});
