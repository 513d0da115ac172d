import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { assignedProperties, folders, properties } from "../../worker/db/schema";
import { addMember, api, buildArticle, buildFolder, buildMember, buildUser, buildWorkspace, db, grant, json, tokenFor } from "../factories";

async function setup() {
  const { workspace, owner } = await buildWorkspace();
  const editor = await buildMember(workspace, "member");
  const folder = await buildFolder(workspace, editor.user);
  const article = await buildArticle(workspace, editor.user, { folderId: folder.id, title: "Launch post" });
  return { workspace, owner, editor, folder, article };
}

const createProperty = (folderId: number, token: string, property: Record<string, unknown>) =>
  api(`/folders/${folderId}/properties`, { method: "POST", token, body: { property } });

async function propertyOf(folderId: number, token: string, property: Record<string, unknown>) {
  const response = await createProperty(folderId, token, property);
  expect(response.status).toBe(201);
  return (await json(response)).data as { id: number; name: string; type: string; options: string[] };
}

const setValue = (articleId: number, propertyId: number, token: string, body: Record<string, unknown>) =>
  api(`/articles/${articleId}/properties/${propertyId}`, { method: "PUT", token, body });

describe("folder properties", () => {
  it("adds properties to a folder and lists them in order", async () => {
    const { folder, editor } = await setup();
    await propertyOf(folder.id, editor.token, { name: "Channel", type: "select", options: ["Blog", "Email"] });
    await propertyOf(folder.id, editor.token, { name: "Due", type: "date" });
    const { data, policies } = await json(await api(`/folders/${folder.id}/properties`, { token: editor.token }));
    expect(data.map((p: { name: string }) => p.name)).toEqual(["Channel", "Due"]);
    expect(data[0]).toMatchObject({ type: "select", options: ["Blog", "Email"], folder_id: folder.id });
    expect(policies["folders.update"]).toBe(true);
  });

  it("refuses a select property without options, and options on a text property, naming the field", async () => {
    const { folder, editor } = await setup();
    const noOptions = await createProperty(folder.id, editor.token, { name: "Stage", type: "select" });
    expect(noOptions.status).toBe(400);
    expect((await json(noOptions)).fields).toHaveProperty(["property.options"]);
    const textOptions = await createProperty(folder.id, editor.token, { name: "Notes", type: "text", options: ["a"] });
    expect(textOptions.status).toBe(400);
    const badType = await createProperty(folder.id, editor.token, { name: "Where", type: "map" });
    expect((await json(badType)).fields).toHaveProperty(["property.type"]);
  });

  it("lets only folder editors add, rename and delete properties", async () => {
    const { workspace, folder, editor } = await setup();
    const reader = await buildMember(workspace, "member");
    await grant({ folder }, "User", "read", { userId: reader.user.id });
    expect((await createProperty(folder.id, reader.token, { name: "Mine", type: "text" })).status).toBe(403);
    const property = await propertyOf(folder.id, editor.token, { name: "Notes", type: "text" });
    expect((await api(`/properties/${property.id}`, { method: "PUT", token: reader.token, body: { property: { name: "X" } } })).status).toBe(403);
    expect((await api(`/properties/${property.id}`, { method: "DELETE", token: reader.token })).status).toBe(403);
    const renamed = await api(`/properties/${property.id}`, { method: "PUT", token: editor.token, body: { property: { name: "Brief" } } });
    expect((await json(renamed)).data.name).toBe("Brief");
    // Readers still see the columns.
    expect((await json(await api(`/folders/${folder.id}/properties`, { token: reader.token }))).data).toHaveLength(1);
  });

  it("refuses another workspace's user with 404 and changes nothing", async () => {
    const { folder, editor, article } = await setup();
    const property = await propertyOf(folder.id, editor.token, { name: "Notes", type: "text" });
    const other = await buildWorkspace();
    const stranger = await tokenFor(other.owner);
    expect((await api(`/folders/${folder.id}/properties`, { token: stranger })).status).toBe(404);
    expect((await createProperty(folder.id, stranger, { name: "Hack", type: "text" })).status).toBe(404);
    expect((await api(`/folders/${folder.id}/property_values`, { token: stranger })).status).toBe(404);
    expect((await api(`/properties/${property.id}`, { method: "PUT", token: stranger, body: { property: { name: "X" } } })).status).toBe(404);
    expect((await api(`/properties/${property.id}`, { method: "DELETE", token: stranger })).status).toBe(404);
    expect((await setValue(article.id, property.id, stranger, { value: "hi" })).status).toBe(404);
    expect((await api(`/articles/${article.id}/properties/${property.id}`, { method: "DELETE", token: stranger })).status).toBe(404);
    const [row] = await db.select().from(properties).where(eq(properties.id, property.id));
    expect(row!.name).toBe("Notes");
    expect(await db.select().from(assignedProperties).where(eq(assignedProperties.propertyId, property.id))).toHaveLength(0);
  });

  it("refuses a property of another folder (or workspace) on a document with 404", async () => {
    const { workspace, editor, article } = await setup();
    const elsewhere = await buildFolder(workspace, editor.user);
    const foreign = await propertyOf(elsewhere.id, editor.token, { name: "Notes", type: "text" });
    expect((await setValue(article.id, foreign.id, editor.token, { value: "hi" })).status).toBe(404);
    const other = await buildWorkspace();
    const otherFolder = await buildFolder(other.workspace, other.owner);
    const otherProperty = await propertyOf(otherFolder.id, await tokenFor(other.owner), { name: "Notes", type: "text" });
    expect((await setValue(article.id, otherProperty.id, editor.token, { value: "hi" })).status).toBe(404);
  });
});

describe("property values", () => {
  const cases: { type: string; options?: string[]; good: unknown; bad: unknown[] }[] = [
    { type: "text", good: "Needs a hero image", bad: [42, true, "x".repeat(2001)] },
    { type: "number", good: 1200, bad: ["1200", null, true] },
    { type: "date", good: "2024-05-31", bad: ["31/05/2024", "2024-13-01", 20240531] },
    { type: "select", options: ["Blog", "Email"], good: "Email", bad: ["Podcast", ["Blog"], 1] },
    { type: "multi_select", options: ["Blog", "Email", "Social"], good: ["Blog", "Social"], bad: [["Blog", "Podcast"], "Blog", [1]] },
    { type: "checkbox", good: true, bad: ["true", 1, null] },
    { type: "url", good: "https://example.com/brief", bad: ["javascript:alert(1)", "ftp://example.com", "not a url", "data:text/html,hi"] },
  ];

  for (const { type, options, good, bad } of cases) {
    it(`stores a valid ${type} value and refuses bad ones with 400 naming value`, async () => {
      const { folder, editor, article } = await setup();
      const property = await propertyOf(folder.id, editor.token, { name: `A ${type}`, type, options });
      const ok = await setValue(article.id, property.id, editor.token, { value: good });
      expect(ok.status).toBe(200);
      expect((await json(ok)).data).toMatchObject({ article_id: article.id, property_id: property.id, value: good });
      for (const value of bad) {
        const response = await setValue(article.id, property.id, editor.token, { value });
        expect(response.status, `${type} ${JSON.stringify(value)}`).toBe(400);
        expect((await json(response)).fields).toHaveProperty("value");
      }
      const [row] = await db.select().from(assignedProperties).where(eq(assignedProperties.propertyId, property.id));
      expect(row!.value).toEqual(good);
    });
  }

  it("assigns a person property to an active member only", async () => {
    const { workspace, folder, editor, article } = await setup();
    const property = await propertyOf(folder.id, editor.token, { name: "Reviewer", type: "person" });
    const colleague = await buildMember(workspace, "member");
    const ok = await setValue(article.id, property.id, editor.token, { assignee_id: colleague.user.id });
    expect(ok.status).toBe(200);
    expect((await json(ok)).data).toMatchObject({ assignee_id: colleague.user.id, assignee: { id: colleague.user.id }, value: null });

    const outsider = await buildUser();
    const notMember = await setValue(article.id, property.id, editor.token, { assignee_id: outsider.id });
    expect(notMember.status).toBe(400);
    expect((await json(notMember)).fields).toHaveProperty("assignee_id");
    const gone = await buildUser();
    await addMember(workspace, gone, "member", "deactivated");
    expect((await setValue(article.id, property.id, editor.token, { assignee_id: gone.id })).status).toBe(400);
    expect((await setValue(article.id, property.id, editor.token, {})).status).toBe(400);
  });

  it("lets a reader see values but not set or clear them", async () => {
    const { workspace, folder, editor, article } = await setup();
    const reader = await buildMember(workspace, "member");
    await grant({ folder }, "User", "read", { userId: reader.user.id });
    const property = await propertyOf(folder.id, editor.token, { name: "Notes", type: "text" });
    await setValue(article.id, property.id, editor.token, { value: "Draft the intro" });
    expect((await setValue(article.id, property.id, reader.token, { value: "Mine now" })).status).toBe(403);
    expect((await api(`/articles/${article.id}/properties/${property.id}`, { method: "DELETE", token: reader.token })).status).toBe(403);
    const { data } = await json(await api(`/folders/${folder.id}/property_values`, { token: reader.token }));
    expect(data[article.id]).toEqual([expect.objectContaining({ property_id: property.id, value: "Draft the intro", assignee: null })]);
  });

  it("returns every readable document's values for a folder in one call", async () => {
    const { workspace, owner, folder, editor, article } = await setup();
    const reader = await buildMember(workspace, "member");
    await grant({ article }, "User", "read", { userId: reader.user.id });
    const hidden = await buildArticle(workspace, editor.user, { folderId: folder.id });
    const stage = await propertyOf(folder.id, editor.token, { name: "Stage", type: "select", options: ["Idea", "Done"] });
    const reviewer = await propertyOf(folder.id, editor.token, { name: "Reviewer", type: "person" });
    await setValue(article.id, stage.id, editor.token, { value: "Idea" });
    await setValue(article.id, reviewer.id, editor.token, { assignee_id: owner.id });
    await setValue(hidden.id, stage.id, editor.token, { value: "Done" });

    const mine = await json(await api(`/folders/${folder.id}/property_values`, { token: editor.token }));
    expect(Object.keys(mine.data).map(Number).sort()).toEqual([article.id, hidden.id].sort());
    expect(mine.data[article.id]).toEqual([
      expect.objectContaining({ property_id: stage.id, value: "Idea" }),
      expect.objectContaining({ property_id: reviewer.id, assignee: expect.objectContaining({ id: owner.id }) }),
    ]);
    // The reader was only given the one document (not the folder).
    const folderReader = await api(`/folders/${folder.id}/property_values`, { token: reader.token });
    expect(folderReader.status).toBe(403);
  });

  it("clears a value with DELETE", async () => {
    const { folder, editor, article } = await setup();
    const property = await propertyOf(folder.id, editor.token, { name: "Done", type: "checkbox" });
    await setValue(article.id, property.id, editor.token, { value: true });
    const cleared = await api(`/articles/${article.id}/properties/${property.id}`, { method: "DELETE", token: editor.token });
    expect(cleared.status).toBe(200);
    expect(await db.select().from(assignedProperties).where(eq(assignedProperties.propertyId, property.id))).toHaveLength(0);
  });

  it("deleting a property removes its values and resets a board grouped by it", async () => {
    const { folder, editor, article } = await setup();
    const property = await propertyOf(folder.id, editor.token, { name: "Stage", type: "select", options: ["Idea", "Done"] });
    await setValue(article.id, property.id, editor.token, { value: "Idea" });
    await api(`/folders/${folder.id}`, { method: "PUT", token: editor.token, body: { folder: { settings: { board_group_by: property.id } } } });
    expect((await api(`/properties/${property.id}`, { method: "DELETE", token: editor.token })).status).toBe(200);
    expect(await db.select().from(assignedProperties).where(eq(assignedProperties.propertyId, property.id))).toHaveLength(0);
    expect(await db.select().from(properties).where(eq(properties.id, property.id))).toHaveLength(0);
    const [row] = await db.select().from(folders).where(eq(folders.id, folder.id));
    expect(row!.settings.board_group_by).toBe("status");
  });

  it("dropping an option clears the values that picked it", async () => {
    const { workspace, folder, editor, article } = await setup();
    const second = await buildArticle(workspace, editor.user, { folderId: folder.id });
    const stage = await propertyOf(folder.id, editor.token, { name: "Stage", type: "select", options: ["Idea", "Done"] });
    const tags = await propertyOf(folder.id, editor.token, { name: "Tags", type: "multi_select", options: ["a", "b", "c"] });
    await setValue(article.id, stage.id, editor.token, { value: "Idea" });
    await setValue(second.id, stage.id, editor.token, { value: "Done" });
    await setValue(article.id, tags.id, editor.token, { value: ["a", "b"] });
    await api(`/properties/${stage.id}`, { method: "PUT", token: editor.token, body: { property: { options: ["Done", "Later"] } } });
    await api(`/properties/${tags.id}`, { method: "PUT", token: editor.token, body: { property: { options: ["b", "c"] } } });
    const { data } = await json(await api(`/folders/${folder.id}/property_values`, { token: editor.token }));
    expect(data[article.id]).toEqual([expect.objectContaining({ property_id: tags.id, value: ["b"] })]);
    expect(data[second.id]).toEqual([expect.objectContaining({ property_id: stage.id, value: "Done" })]);
  });

  it("refuses a value for a document in no folder with 404", async () => {
    const { workspace, folder, editor } = await setup();
    const loose = await buildArticle(workspace, editor.user);
    const property = await propertyOf(folder.id, editor.token, { name: "Notes", type: "text" });
    expect((await setValue(loose.id, property.id, editor.token, { value: "x" })).status).toBe(404);
  });
});
