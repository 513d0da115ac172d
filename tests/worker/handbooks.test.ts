import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { handbookItems, handbooks } from "../../worker/db/schema";
import { can } from "../../worker/policies";
import { api, buildArticle, buildMember, buildWorkspace, db, grant, json, tokenFor } from "../factories";

async function setup() {
  const { workspace, owner } = await buildWorkspace();
  const member = await buildMember(workspace, "member");
  return { workspace, owner, ownerToken: await tokenFor(owner), member };
}

type Item = { id: number; type: string; title: string; parent_id: number | null; children: Item[]; article: { id: number } | null };

const createHandbook = (workspaceId: number, token: string, body: Record<string, unknown>) =>
  api(`/w/${workspaceId}/handbooks`, { method: "POST", token, body });

const addItem = (key: string, token: string, body: Record<string, unknown>) => api(`/handbooks/${key}/items`, { method: "POST", token, body });

async function newHandbook(workspaceId: number, token: string, body: Record<string, unknown> = {}) {
  const response = await createHandbook(workspaceId, token, { title: "Brand handbook", ...body });
  expect(response.status).toBe(201);
  return (await json(response)).data as { key: string; id: number; cover_doc_id: number; items: Item[] };
}

async function itemOf(key: string, token: string, body: Record<string, unknown>) {
  const response = await addItem(key, token, body);
  expect(response.status).toBe(201);
  return (await json(response)).data as Item;
}

const tree = async (key: string, token: string) => (await json(await api(`/handbooks/${key}`, { token }))).data.items as Item[];
const titles = (items: Item[]) => items.map((item) => item.title);
const rowsOf = (handbookId: number) => db.select().from(handbookItems).where(eq(handbookItems.handbookId, handbookId));

describe("handbooks", () => {
  it("creates a handbook with a new cover document when none is given, and lists it for members", async () => {
    const { workspace, member, ownerToken } = await setup();
    const created = await newHandbook(workspace.id, member.token, { description: "How we sound and look" });
    expect(created.key).toMatch(/^[a-z][a-z0-9]{9}$/);
    expect(created.cover_doc_id).toBeGreaterThan(0);
    const { data } = await json(await api(`/handbooks/${created.key}`, { token: ownerToken }));
    expect(data.cover_doc.title).toBe("Brand handbook");
    expect(JSON.stringify(data.cover_doc.body)).toContain("How we sound and look");
    expect(data.policies["handbooks.update"]).toBe(true);
    const list = await json(await api(`/w/${workspace.id}/handbooks`, { token: ownerToken }));
    expect(list.data.map((h: { key: string }) => h.key)).toContain(created.key);
    expect(list.policies["handbooks.create"]).toBe(true);
  });

  it("uses an existing document as the cover, and refuses one the user can't read or from another workspace with 400", async () => {
    const { workspace, owner, member } = await setup();
    const shared = await buildArticle(workspace, owner, { title: "Welcome" });
    await grant({ article: shared }, "EveryoneAtWorkspace", "read");
    const created = await newHandbook(workspace.id, member.token, { cover_doc_id: shared.id, sort: "name_asc" });
    expect(created.cover_doc_id).toBe(shared.id);

    const secret = await buildArticle(workspace, owner);
    const other = await buildWorkspace();
    const foreign = await buildArticle(other.workspace, other.owner);
    const before = (await db.select().from(handbooks).where(eq(handbooks.workspaceId, workspace.id))).length;
    for (const id of [secret.id, foreign.id]) {
      const response = await createHandbook(workspace.id, member.token, { title: "Nope", cover_doc_id: id });
      expect(response.status).toBe(400);
      expect((await json(response)).fields).toHaveProperty("cover_doc_id");
    }
    expect((await db.select().from(handbooks).where(eq(handbooks.workspaceId, workspace.id))).length).toBe(before);
  });

  it("answers 400 naming the fields of a bad handbook", async () => {
    const { workspace, member } = await setup();
    const response = await createHandbook(workspace.id, member.token, { title: " ", sort: "random" });
    expect(response.status).toBe(400);
    const { fields } = await json(response);
    expect(fields).toHaveProperty("title");
    expect(fields).toHaveProperty("sort");
  });

  it("shows a handbook only to whoever may read its cover document", async () => {
    const { workspace, owner, ownerToken, member } = await setup();
    const privateCover = await buildArticle(workspace, owner, { title: "Leadership notes" });
    const hidden = await newHandbook(workspace.id, ownerToken, { title: "Leadership", cover_doc_id: privateCover.id });
    const list = await json(await api(`/w/${workspace.id}/handbooks`, { token: member.token }));
    expect(list.data.map((h: { key: string }) => h.key)).not.toContain(hidden.key);
    expect((await api(`/handbooks/${hidden.key}`, { token: member.token })).status).toBe(403);
    await grant({ article: privateCover }, "User", "read", { userId: member.user.id });
    expect((await api(`/handbooks/${hidden.key}`, { token: member.token })).status).toBe(200);
    // Reading the cover is not enough to change the handbook.
    const rename = await api(`/handbooks/${hidden.key}`, { method: "PUT", token: member.token, body: { title: "Mine now" } });
    expect(rename.status).toBe(403);
  });

  it("keeps handbooks without a cover to members: guests neither see them nor create any", async () => {
    const { workspace, ownerToken } = await setup();
    const guest = await buildMember(workspace, "guest");
    const created = await newHandbook(workspace.id, ownerToken);
    await api(`/handbooks/${created.key}`, { method: "PUT", token: ownerToken, body: { cover_doc_id: null } });
    const list = await json(await api(`/w/${workspace.id}/handbooks`, { token: guest.token }));
    expect(list.data.map((h: { key: string }) => h.key)).not.toContain(created.key);
    expect((await api(`/handbooks/${created.key}`, { token: guest.token })).status).toBe(403);
    expect((await createHandbook(workspace.id, guest.token, { title: "Guest book" })).status).toBe(403);
    expect(can({ userId: 1, role: "guest", workspaceId: 1, workspaceSettings: {} as never, isSuperAdmin: false }, "handbooks.read", { hasCover: true, level: "read" })).toBe(true);
  });

  it("updates title, description, sort and cover, refusing a cover from another workspace", async () => {
    const { workspace, member } = await setup();
    const created = await newHandbook(workspace.id, member.token);
    const newCover = await buildArticle(workspace, member.user, { title: "New cover" });
    const response = await api(`/handbooks/${created.key}`, {
      method: "PUT",
      token: member.token,
      body: { title: "Playbook", description: "Updated", sort: "newest", cover_doc_id: newCover.id },
    });
    expect(response.status).toBe(200);
    const { data } = await json(response);
    expect(data).toMatchObject({ title: "Playbook", description: "Updated", sort: "newest", cover_doc_id: newCover.id });

    const other = await buildWorkspace();
    const foreign = await buildArticle(other.workspace, other.owner);
    const refused = await api(`/handbooks/${created.key}`, { method: "PUT", token: member.token, body: { cover_doc_id: foreign.id } });
    expect(refused.status).toBe(400);
    expect((await json(refused)).fields).toHaveProperty("cover_doc_id");
    const empty = await api(`/handbooks/${created.key}`, { method: "PUT", token: member.token, body: {} });
    expect(empty.status).toBe(400);
    const [row] = await db.select().from(handbooks).where(eq(handbooks.key, created.key));
    expect(row!.coverDocId).toBe(newCover.id);
  });

  it("archives on DELETE (gone from the list, restorable) and deletes for good with ?permanent=true", async () => {
    const { workspace, member } = await setup();
    const created = await newHandbook(workspace.id, member.token);
    const archived = await api(`/handbooks/${created.key}`, { method: "DELETE", token: member.token });
    expect((await json(archived)).data.archived_at).not.toBeNull();
    const list = async () => (await json(await api(`/w/${workspace.id}/handbooks`, { token: member.token }))).data.map((h: { key: string }) => h.key);
    expect(await list()).not.toContain(created.key);
    await api(`/handbooks/${created.key}`, { method: "PUT", token: member.token, body: { archived: false } });
    expect(await list()).toContain(created.key);
    const gone = await api(`/handbooks/${created.key}?permanent=true`, { method: "DELETE", token: member.token });
    expect((await json(gone)).data).toEqual({ key: created.key, deleted: true });
    expect((await api(`/handbooks/${created.key}`, { token: member.token })).status).toBe(404);
  });

  it("gives another workspace's user 404 on every handbook call and changes nothing", async () => {
    const { workspace, member } = await setup();
    const created = await newHandbook(workspace.id, member.token);
    const section = await itemOf(created.key, member.token, { type: "section", title: "Basics" });
    const stranger = await buildWorkspace();
    const token = await tokenFor(stranger.owner);
    expect((await api(`/handbooks/${created.key}`, { token })).status).toBe(404);
    expect((await api(`/handbooks/${created.key}`, { method: "PUT", token, body: { title: "Hijacked" } })).status).toBe(404);
    expect((await api(`/handbooks/${created.key}`, { method: "DELETE", token })).status).toBe(404);
    expect((await addItem(created.key, token, { type: "section", title: "Mine" })).status).toBe(404);
    expect((await api(`/handbook_items/${section.id}`, { method: "PUT", token, body: { title: "Mine" } })).status).toBe(404);
    expect((await api(`/handbook_items/${section.id}`, { method: "DELETE", token })).status).toBe(404);
    expect((await api(`/w/${workspace.id}/handbooks`, { token })).status).toBe(404);
    expect((await api(`/handbooks/${created.key}`)).status).toBe(401);
    const [row] = await db.select().from(handbooks).where(eq(handbooks.key, created.key));
    expect(row).toMatchObject({ title: "Brand handbook", archivedAt: null });
    expect((await rowsOf(created.id)).map((item) => item.title)).toEqual(["Basics"]);
  });
});

describe("handbook items", () => {
  it("builds a sidebar of sections, docs, links and nested handbooks", async () => {
    const { workspace, member } = await setup();
    const created = await newHandbook(workspace.id, member.token);
    const nested = await newHandbook(workspace.id, member.token, { title: "Social media" });
    const doc = await buildArticle(workspace, member.user, { title: "Tone of voice" });
    const section = await itemOf(created.key, member.token, { type: "section", title: "Basics" });
    await itemOf(created.key, member.token, { type: "doc", article_id: doc.id, parent_id: section.id });
    await itemOf(created.key, member.token, { type: "link", url: "https://example.com/brand", title: "Brand site" });
    const link = await itemOf(created.key, member.token, { type: "link", url: "https://assets.example.com/logo" });
    expect(link.title).toBe("assets.example.com");
    const nestedItem = await itemOf(created.key, member.token, { type: "nested_handbook", nested_handbook_key: nested.key });
    expect(nestedItem).toMatchObject({ title: "Social media", nested_handbook: { key: nested.key, path: `/handbook/${nested.key}` } });

    const items = await tree(created.key, member.token);
    expect(titles(items)).toEqual(["Basics", "Brand site", "assets.example.com", "Social media"]);
    expect(items[0]!.children.map((child) => [child.type, child.title, child.article?.id])).toEqual([["doc", "Tone of voice", doc.id]]);
  });

  it("answers 400 naming the field for bad items: unknown type, missing document, blank section, parent that is not a section", async () => {
    const { workspace, member } = await setup();
    const created = await newHandbook(workspace.id, member.token);
    const link = await itemOf(created.key, member.token, { type: "link", url: "https://example.com" });
    const cases: [Record<string, unknown>, string][] = [
      [{ type: "chapter", title: "x" }, "type"],
      [{ type: "doc" }, "article_id"],
      [{ type: "section", title: "" }, "title"],
      [{ type: "section", title: "Inner", parent_id: link.id }, "parent_id"],
      [{ type: "nested_handbook", nested_handbook_key: "zzzzzzzzzz" }, "nested_handbook_key"],
    ];
    for (const [body, field] of cases) {
      const response = await addItem(created.key, member.token, body);
      expect([field, response.status]).toEqual([field, 400]);
      expect((await json(response)).fields).toHaveProperty(field);
    }
    expect((await rowsOf(created.id)).length).toBe(1);
  });

  it("refuses javascript:, data: and other non-web links with 400", async () => {
    const { workspace, member } = await setup();
    const created = await newHandbook(workspace.id, member.token);
    for (const url of ["javascript:alert(1)", " JaVa\tscript:alert(1)", "data:text/html,<script>alert(1)</script>", "ftp://example.com/file", "/relative"]) {
      const response = await addItem(created.key, member.token, { type: "link", url, title: "Click" });
      expect([url, response.status]).toEqual([url, 400]);
      expect((await json(response)).fields).toHaveProperty("url");
    }
    const link = await itemOf(created.key, member.token, { type: "link", url: "https://example.com" });
    const changed = await api(`/handbook_items/${link.id}`, { method: "PUT", token: member.token, body: { url: "javascript:alert(1)" } });
    expect(changed.status).toBe(400);
    expect((await rowsOf(created.id)).map((row) => row.url)).toEqual(["https://example.com"]);
  });

  it("refuses to nest a handbook in itself or in a handbook it already contains", async () => {
    const { workspace, member } = await setup();
    const outer = await newHandbook(workspace.id, member.token, { title: "Outer" });
    const middle = await newHandbook(workspace.id, member.token, { title: "Middle" });
    const inner = await newHandbook(workspace.id, member.token, { title: "Inner" });
    await itemOf(outer.key, member.token, { type: "nested_handbook", nested_handbook_key: middle.key });
    await itemOf(middle.key, member.token, { type: "nested_handbook", nested_handbook_key: inner.key });
    for (const [into, nested] of [
      [outer, outer],
      [middle, outer],
      [inner, outer],
      [inner, middle],
    ] as const) {
      const response = await addItem(into.key, member.token, { type: "nested_handbook", nested_handbook_key: nested.key });
      expect(response.status).toBe(400);
      expect((await json(response)).fields.nested_handbook_key).toEqual(["would put this handbook inside itself"]);
    }
    expect((await rowsOf(inner.id)).length).toBe(0);
  });

  it("hides a doc item from someone who can't read the document, and refuses to add one they can't read", async () => {
    const { workspace, owner, ownerToken, member } = await setup();
    const created = await newHandbook(workspace.id, ownerToken);
    const privateDoc = await buildArticle(workspace, owner, { title: "Salaries" });
    const openDoc = await buildArticle(workspace, owner, { title: "Holidays" });
    await grant({ article: openDoc }, "EveryoneAtWorkspace", "read");
    await itemOf(created.key, ownerToken, { type: "doc", article_id: privateDoc.id });
    await itemOf(created.key, ownerToken, { type: "doc", article_id: openDoc.id });
    expect(titles(await tree(created.key, ownerToken))).toEqual(["Salaries", "Holidays"]);
    const seen = await tree(created.key, member.token);
    expect(titles(seen)).toEqual(["Holidays"]);
    expect(JSON.stringify(seen)).not.toContain("Salaries");

    const refused = await addItem(created.key, member.token, { type: "doc", article_id: privateDoc.id, title: "Peek" });
    expect(refused.status).toBe(400);
    expect((await json(refused)).fields).toHaveProperty("article_id");
    const [hiddenItem] = (await rowsOf(created.id)).filter((row) => row.articleId === privateDoc.id);
    expect((await api(`/handbook_items/${hiddenItem!.id}`, { method: "DELETE", token: member.token })).status).toBe(404);
  });

  it("reorders with insert_at and moves items into and out of sections", async () => {
    const { workspace, member } = await setup();
    const created = await newHandbook(workspace.id, member.token);
    const items: Item[] = [];
    for (const title of ["A", "B", "C", "D"]) items.push(await itemOf(created.key, member.token, { type: "section", title }));
    const move = (id: number, body: Record<string, unknown>) => api(`/handbook_items/${id}`, { method: "PUT", token: member.token, body });

    expect((await move(items[3]!.id, { insert_at: 0 })).status).toBe(200);
    expect(titles(await tree(created.key, member.token))).toEqual(["D", "A", "B", "C"]);
    await move(items[3]!.id, { insert_at: 99 });
    expect(titles(await tree(created.key, member.token))).toEqual(["A", "B", "C", "D"]);
    await move(items[0]!.id, { insert_at: 2 });
    expect(titles(await tree(created.key, member.token))).toEqual(["B", "C", "A", "D"]);

    // Into section B, then first within it, then back out to the top.
    await move(items[2]!.id, { parent_id: items[1]!.id });
    await move(items[3]!.id, { parent_id: items[1]!.id, insert_at: 0 });
    let sidebar = await tree(created.key, member.token);
    expect(titles(sidebar)).toEqual(["B", "A"]);
    expect(titles(sidebar[0]!.children)).toEqual(["D", "C"]);
    await move(items[2]!.id, { parent_id: null, insert_at: 0 });
    sidebar = await tree(created.key, member.token);
    expect(titles(sidebar)).toEqual(["C", "B", "A"]);

    // No cycles among sections either.
    const refused = await move(items[1]!.id, { parent_id: items[3]!.id });
    expect(refused.status).toBe(400);
    expect((await json(refused)).fields).toHaveProperty("parent_id");
    expect((await move(items[1]!.id, { insert_at: -1 })).status).toBe(400);
  });

  it("keeps order through many moves into the same gap", async () => {
    const { workspace, member } = await setup();
    const created = await newHandbook(workspace.id, member.token);
    const items: Item[] = [];
    for (const title of ["A", "B", "C"]) items.push(await itemOf(created.key, member.token, { type: "section", title }));
    // Alternately put C and B right after A: the gap halves each time until it is renumbered.
    for (let round = 0; round < 24; round++) {
      const moving = round % 2 === 0 ? items[2]! : items[1]!;
      await api(`/handbook_items/${moving.id}`, { method: "PUT", token: member.token, body: { insert_at: 1 } });
    }
    expect(titles(await tree(created.key, member.token))).toEqual(["A", "B", "C"]);
    const positions = (await rowsOf(created.id)).map((row) => row.position).sort((x, y) => x - y);
    expect(positions[1]! - positions[0]!).toBeGreaterThan(1e-6);
  }, 30_000);

  it("sorts items by the handbook's sort order", async () => {
    const { workspace, member } = await setup();
    const created = await newHandbook(workspace.id, member.token);
    for (const title of ["banana", "Apple", "cherry"]) await itemOf(created.key, member.token, { type: "section", title });
    const sortedBy = async (sort: string) => {
      await api(`/handbooks/${created.key}`, { method: "PUT", token: member.token, body: { sort } });
      return titles(await tree(created.key, member.token));
    };
    expect(await sortedBy("name_asc")).toEqual(["Apple", "banana", "cherry"]);
    expect(await sortedBy("name_descending")).toEqual(["cherry", "banana", "Apple"]);
    expect(await sortedBy("newest")).toEqual(["cherry", "Apple", "banana"]);
    expect(await sortedBy("oldest")).toEqual(["banana", "Apple", "cherry"]);
    expect(await sortedBy("custom")).toEqual(["banana", "Apple", "cherry"]);
  });

  it("renames items, and deleting a section keeps its items in its place", async () => {
    const { workspace, member } = await setup();
    const created = await newHandbook(workspace.id, member.token);
    const first = await itemOf(created.key, member.token, { type: "section", title: "First" });
    const section = await itemOf(created.key, member.token, { type: "section", title: "Middle" });
    await itemOf(created.key, member.token, { type: "link", url: "https://one.example.com", title: "One", parent_id: section.id });
    await itemOf(created.key, member.token, { type: "link", url: "https://two.example.com", title: "Two", parent_id: section.id });
    await itemOf(created.key, member.token, { type: "section", title: "Last" });
    const renamed = await api(`/handbook_items/${first.id}`, { method: "PUT", token: member.token, body: { title: "Start here" } });
    expect((await json(renamed)).data.title).toBe("Start here");
    expect((await api(`/handbook_items/${first.id}`, { method: "PUT", token: member.token, body: { title: "" } })).status).toBe(400);

    const deleted = await api(`/handbook_items/${section.id}`, { method: "DELETE", token: member.token });
    expect((await json(deleted)).data).toEqual({ id: section.id, deleted: true });
    expect(titles(await tree(created.key, member.token))).toEqual(["Start here", "One", "Two", "Last"]);
  });

  it("lets only people who may edit the handbook change its items", async () => {
    const { workspace, owner, ownerToken, member } = await setup();
    const cover = await buildArticle(workspace, owner);
    await grant({ article: cover }, "EveryoneAtWorkspace", "read");
    const created = await newHandbook(workspace.id, ownerToken, { cover_doc_id: cover.id });
    const section = await itemOf(created.key, ownerToken, { type: "section", title: "Rules" });
    expect((await addItem(created.key, member.token, { type: "section", title: "Mine" })).status).toBe(403);
    expect((await api(`/handbook_items/${section.id}`, { method: "PUT", token: member.token, body: { title: "Mine" } })).status).toBe(403);
    expect((await api(`/handbook_items/${section.id}`, { method: "DELETE", token: member.token })).status).toBe(403);
    expect((await rowsOf(created.id)).map((row) => row.title)).toEqual(["Rules"]);
  });
});
