import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { BUILT_IN_TEMPLATES } from "../../core/templates";
import { articles, templateBinderItems, templateBinders } from "../../worker/db/schema";
import { api, buildArticle, buildFolder, buildMember, buildWorkspace, db, grant, json, tokenFor } from "../factories";

async function setup() {
  const { workspace, owner } = await buildWorkspace();
  const member = await buildMember(workspace, "member");
  return { workspace, owner, ownerToken: await tokenFor(owner), member };
}

/** A template made the way the editor makes one: POST /articles with kind "template". */
async function createTemplate(workspaceId: number, token: string, title: string, markdown: string) {
  const response = await api(`/w/${workspaceId}/articles`, { method: "POST", token, body: { article: { kind: "template", title, markdown } } });
  expect(response.status).toBe(201);
  return (await json(response)).data as { id: number; slug: string };
}

const templateCategories = async () =>
  (await json(await api("/categories?create_from_template=true"))).data as { id: number; slug: string }[];

const articleRow = async (id: number) => (await db.select().from(articles).where(eq(articles.id, id)))[0]!;

describe("templates", () => {
  it("lists the built-in catalogue and the workspace's readable templates", async () => {
    const { workspace, owner, ownerToken, member } = await setup();
    const shared = await createTemplate(workspace.id, ownerToken, "Weekly report", "## Wins\n\n- one");
    const secret = await buildArticle(workspace, owner, { kind: "template", title: "Owner-only template" });
    const response = await api(`/w/${workspace.id}/templates`, { token: member.token });
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body.data.map((t: { id: number }) => t.id)).toContain(shared.id);
    expect(body.data.map((t: { id: number }) => t.id)).not.toContain(secret.id);
    expect(body.data.every((t: { built_in: boolean }) => t.built_in === false)).toBe(true);
    expect(body.built_in).toHaveLength(BUILT_IN_TEMPLATES.length);
    expect(body.built_in.every((t: { built_in: boolean; category: unknown }) => t.built_in && t.category)).toBe(true);
    expect(body.built_in.map((t: { title: string }) => t.title)).toEqual(expect.arrayContaining(["Blog post", "Press release", "Meeting notes"]));
    expect(body.categories.length).toBeGreaterThan(0);
    expect(body.policies).toMatchObject({ "templates.manage": true });
  });

  it("filters by category, sorts and pages, and answers 400 for a bad query", async () => {
    const { workspace, ownerToken, member } = await setup();
    const categories = await templateCategories();
    const meetings = categories.find((c) => c.slug === "meeting-templates")!;
    const doc = await buildArticle(workspace, member.user, { title: "Standup", text: "Yesterday, today, blockers" });
    const saved = await api(`/articles/${doc.id}/save_as_template`, { method: "POST", token: member.token, body: { category_id: meetings.id } });
    expect(saved.status).toBe(201);
    await createTemplate(workspace.id, ownerToken, "Another", "text");

    const filtered = await json(await api(`/w/${workspace.id}/templates?category_id=${meetings.id}`, { token: member.token }));
    expect(filtered.data.map((t: { title: string }) => t.title)).toEqual(["Standup"]);
    expect(filtered.data[0].category.slug).toBe("meeting-templates");
    expect(filtered.built_in.length).toBeGreaterThan(0);
    expect(filtered.built_in.every((t: { category: { slug: string } }) => t.category.slug === "meeting-templates")).toBe(true);

    const paged = await json(await api(`/w/${workspace.id}/templates?sort=name_desc&per_page=1&page=2`, { token: member.token }));
    expect(paged.data.map((t: { title: string }) => t.title)).toEqual(["Another"]);
    expect(paged.meta).toMatchObject({ page: 2, per_page: 1, total: 2, has_more: false });

    const bad = await api(`/w/${workspace.id}/templates?sort=sideways&per_page=0`, { token: member.token });
    expect(bad.status).toBe(400);
    expect(Object.keys((await json(bad)).fields)).toEqual(expect.arrayContaining(["sort", "per_page"]));
    const general = (await json(await api("/categories"))).data.find((c: { for_templates: boolean }) => !c.for_templates);
    expect((await api(`/w/${workspace.id}/templates?category_id=${general.id}`, { token: member.token })).status).toBe(400);
  });

  it("creates a document from a built-in template with that template's body, in the chosen folder", async () => {
    const { workspace, member } = await setup();
    const folder = await buildFolder(workspace, member.user);
    const response = await api(`/w/${workspace.id}/templates/press-release/use`, { method: "POST", token: member.token, body: { folder_id: folder.id } });
    expect(response.status).toBe(201);
    const { data } = await json(response);
    expect(data).toMatchObject({ title: "Press release", kind: "document", folder_id: folder.id, access_level: "owner" });
    const row = await articleRow(data.id);
    expect(row.bodyText).toContain("Media contact");
    expect(JSON.stringify(row.body)).toContain('"tag":"h2"');
    expect((await api(`/w/${workspace.id}/templates/no-such-template/use`, { method: "POST", token: member.token, body: {} })).status).toBe(404);
  });

  it("creates a document from a workspace template with that body, and records the template", async () => {
    const { workspace, ownerToken, member } = await setup();
    const template = await createTemplate(workspace.id, ownerToken, "Launch checklist", "- [ ] Blog post\n- [ ] Email");
    const response = await api(`/w/${workspace.id}/templates/${template.id}/use`, { method: "POST", token: member.token, body: { title: "Spring launch" } });
    expect(response.status).toBe(201);
    const { data } = await json(response);
    expect(data).toMatchObject({ title: "Spring launch", template_id: template.id, kind: "document" });
    const [copy, original] = [await articleRow(data.id), await articleRow(template.id)];
    expect(copy.body).toEqual(original.body);
    expect(copy.bodyText).toContain("Blog post");

    // The older route still works too.
    const viaArticles = await api(`/w/${workspace.id}/articles`, { method: "POST", token: member.token, body: { article: { template_id: template.id } } });
    expect((await json(viaArticles)).data.title).toBe("Launch checklist");
  });

  it("refuses to use a template in a folder the user may not edit, or a document as a template", async () => {
    const { workspace, owner, member } = await setup();
    const closed = await buildFolder(workspace, owner);
    await grant({ folder: closed }, "User", "read", { userId: member.user.id });
    expect((await api(`/w/${workspace.id}/templates/blog-post/use`, { method: "POST", token: member.token, body: { folder_id: closed.id } })).status).toBe(403);
    const doc = await buildArticle(workspace, member.user);
    expect((await api(`/w/${workspace.id}/templates/${doc.id}/use`, { method: "POST", token: member.token, body: {} })).status).toBe(404);
    const bad = await api(`/w/${workspace.id}/templates/blog-post/use`, { method: "POST", token: member.token, body: { folder_id: "x" } });
    expect(bad.status).toBe(400);
    expect((await json(bad)).fields).toHaveProperty("folder_id");
  });

  it("saves a readable document as a new template, refusing guests and documents the user can't read", async () => {
    const { workspace, owner, member } = await setup();
    const doc = await buildArticle(workspace, member.user, { title: "Q3 campaign", text: "Goals and channels" });
    const response = await api(`/articles/${doc.id}/save_as_template`, { method: "POST", token: member.token, body: {} });
    expect(response.status).toBe(201);
    const { data } = await json(response);
    expect(data).toMatchObject({ title: "Q3 campaign", kind: "template", built_in: false });
    expect((await articleRow(data.id)).bodyText).toBe("Goals and channels");

    const secret = await buildArticle(workspace, owner);
    expect((await api(`/articles/${secret.id}/save_as_template`, { method: "POST", token: member.token, body: {} })).status).toBe(403);
    const guest = await buildMember(workspace, "guest");
    await grant({ article: doc }, "User", "read", { userId: guest.user.id });
    expect((await api(`/articles/${doc.id}/save_as_template`, { method: "POST", token: guest.token, body: {} })).status).toBe(403);
    const badCategory = await api(`/articles/${doc.id}/save_as_template`, { method: "POST", token: member.token, body: { category_id: 999999 } });
    expect(badCategory.status).toBe(400);
    expect((await json(badCategory)).fields).toHaveProperty("category_id");
  });

  it("previews a workspace template and a built-in one, and 404s for documents and unknown keys", async () => {
    const { workspace, ownerToken, member } = await setup();
    const template = await createTemplate(workspace.id, ownerToken, "Brief", "# Brief\n\nWho it is for");
    const preview = await json(await api(`/templates/${template.id}`, { token: member.token }));
    expect(preview.data).toMatchObject({ id: template.id, title: "Brief", built_in: false });
    expect(JSON.stringify(preview.data.body)).toContain("Who it is for");
    const builtIn = await json(await api(`/templates/meeting-notes`, { token: member.token }));
    expect(builtIn.data).toMatchObject({ key: "meeting-notes", built_in: true, title: "Meeting notes" });
    expect(JSON.stringify(builtIn.data.body)).toContain("Action items");
    const doc = await buildArticle(workspace, member.user);
    expect((await api(`/templates/${doc.id}`, { token: member.token })).status).toBe(404);
    expect((await api(`/templates/not-a-template`, { token: member.token })).status).toBe(404);
    expect((await api(`/templates/meeting-notes`)).status).toBe(401);
  });

  it("gives another workspace's user 404 for its templates and creates nothing", async () => {
    const { workspace, ownerToken } = await setup();
    const template = await createTemplate(workspace.id, ownerToken, "Private brief", "secret");
    const stranger = await buildWorkspace();
    const token = await tokenFor(stranger.owner);
    expect((await api(`/templates/${template.id}`, { token })).status).toBe(404);
    const before = (await db.select().from(articles).where(eq(articles.workspaceId, stranger.workspace.id))).length;
    expect((await api(`/w/${stranger.workspace.id}/templates/${template.id}/use`, { method: "POST", token, body: {} })).status).toBe(404);
    expect((await api(`/w/${workspace.id}/templates`, { token })).status).toBe(404);
    expect((await api(`/w/${workspace.id}/templates/blog-post/use`, { method: "POST", token, body: {} })).status).toBe(404);
    expect((await db.select().from(articles).where(eq(articles.workspaceId, stranger.workspace.id))).length).toBe(before);
  });
});

describe("template binders", () => {
  const createBinder = (workspaceId: number, token: string, body: Record<string, unknown>) =>
    api(`/w/${workspaceId}/template_binders`, { method: "POST", token, body });

  it("creates, lists, renames and deletes binders, with 400s naming fields", async () => {
    const { workspace, member } = await setup();
    const created = await createBinder(workspace.id, member.token, { name: "Launch kit", description: "Everything for a launch" });
    expect(created.status).toBe(201);
    const binder = (await json(created)).data;
    expect(binder).toMatchObject({ name: "Launch kit", template_count: 0, templates: [] });
    const list = await json(await api(`/w/${workspace.id}/template_binders`, { token: member.token }));
    expect(list.data.map((b: { id: number }) => b.id)).toContain(binder.id);

    const blank = await createBinder(workspace.id, member.token, { name: "" });
    expect(blank.status).toBe(400);
    expect((await json(blank)).fields).toHaveProperty("name");
    const renamed = await api(`/template_binders/${binder.id}`, { method: "PUT", token: member.token, body: { name: "Launch pack" } });
    expect((await json(renamed)).data.name).toBe("Launch pack");
    expect((await api(`/template_binders/${binder.id}`, { method: "PUT", token: member.token, body: {} })).status).toBe(400);
    expect((await json(await api(`/template_binders/${binder.id}`, { method: "DELETE", token: member.token }))).data.deleted).toBe(true);
    expect((await api(`/template_binders/${binder.id}`, { token: member.token })).status).toBe(404);
  });

  it("adds, reorders and removes templates, refusing documents and other workspaces' templates", async () => {
    const { workspace, ownerToken, member } = await setup();
    const binder = (await json(await createBinder(workspace.id, member.token, { name: "Kit" }))).data;
    const ids: number[] = [];
    for (const title of ["One", "Two", "Three"]) ids.push((await createTemplate(workspace.id, ownerToken, title, title)).id);
    const add = (templateId: number) => api(`/template_binders/${binder.id}/templates`, { method: "POST", token: member.token, body: { template_id: templateId } });
    for (const id of ids) expect((await add(id)).status).toBe(201);
    expect((await add(ids[0]!)).status).toBe(200);

    const order = async () => ((await json(await api(`/template_binders/${binder.id}`, { token: member.token }))).data.templates as { title: string }[]).map((t) => t.title);
    expect(await order()).toEqual(["One", "Two", "Three"]);
    const moved = await api(`/template_binders/${binder.id}/templates/${ids[2]}`, { method: "PUT", token: member.token, body: { insert_at: 0 } });
    expect(moved.status).toBe(200);
    expect((await json(moved)).data.templates.map((t: { title: string }) => t.title)).toEqual(["Three", "One", "Two"]);
    await api(`/template_binders/${binder.id}/templates/${ids[2]}`, { method: "PUT", token: member.token, body: { insert_at: 1 } });
    expect(await order()).toEqual(["One", "Three", "Two"]);
    expect((await api(`/template_binders/${binder.id}/templates/${ids[2]}`, { method: "PUT", token: member.token, body: { insert_at: "first" } })).status).toBe(400);

    const removed = await api(`/template_binders/${binder.id}/templates/${ids[0]}`, { method: "DELETE", token: member.token });
    expect((await json(removed)).data.templates.map((t: { title: string }) => t.title)).toEqual(["Three", "Two"]);
    expect((await api(`/template_binders/${binder.id}/templates/${ids[0]}`, { method: "DELETE", token: member.token })).status).toBe(404);

    const doc = await buildArticle(workspace, member.user);
    const other = await buildWorkspace();
    const foreign = await buildArticle(other.workspace, other.owner, { kind: "template" });
    for (const id of [doc.id, foreign.id]) {
      const response = await add(id);
      expect(response.status).toBe(400);
      expect((await json(response)).fields).toHaveProperty("template_id");
    }
    expect((await db.select().from(templateBinderItems).where(eq(templateBinderItems.binderId, binder.id))).length).toBe(2);
  });

  it("keeps binders to their workspace's members: another workspace's user gets 404, a guest 403, and nothing changes", async () => {
    const { workspace, ownerToken, member } = await setup();
    const binder = (await json(await createBinder(workspace.id, member.token, { name: "Kit" }))).data;
    const template = await createTemplate(workspace.id, ownerToken, "One", "one");
    const stranger = await buildWorkspace();
    const token = await tokenFor(stranger.owner);
    expect((await api(`/template_binders/${binder.id}`, { token })).status).toBe(404);
    expect((await api(`/template_binders/${binder.id}`, { method: "PUT", token, body: { name: "Mine" } })).status).toBe(404);
    expect((await api(`/template_binders/${binder.id}`, { method: "DELETE", token })).status).toBe(404);
    expect((await api(`/template_binders/${binder.id}/templates`, { method: "POST", token, body: { template_id: template.id } })).status).toBe(404);
    expect((await api(`/w/${workspace.id}/template_binders`, { token })).status).toBe(404);
    const guest = await buildMember(workspace, "guest");
    expect((await api(`/template_binders/${binder.id}`, { token: guest.token })).status).toBe(403);
    expect((await createBinder(workspace.id, guest.token, { name: "Guest kit" })).status).toBe(403);
    const [row] = await db.select().from(templateBinders).where(eq(templateBinders.id, binder.id));
    expect(row!.name).toBe("Kit");
    expect((await db.select().from(templateBinderItems).where(eq(templateBinderItems.binderId, binder.id))).length).toBe(0);
  });
});
