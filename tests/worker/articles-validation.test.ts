import { describe, expect, it } from "vitest";
import { document, image, link, paragraph, text } from "../../core/document/nodes";
import { api, buildArticle, buildMember, buildWorkspace, json } from "../factories";

async function editableArticle() {
  const { workspace } = await buildWorkspace();
  const member = await buildMember(workspace, "member");
  const article = await buildArticle(workspace, member.user);
  return { member, article };
}

describe("PUT /articles/:id applies SPEC section 5 on save", () => {
  it("stores a javascript: link as its plain text and says so", async () => {
    const { member, article } = await editableArticle();
    const body = document([paragraph([text("Click "), link("javascript:alert(document.cookie)", [text("here")]), text(" now")])]);
    const response = await api(`/articles/${article.id}`, { method: "PUT", token: member.token, body: { article: { body } } });
    expect(response.status).toBe(200);
    const { warnings } = await json(response);
    expect(warnings).toEqual(["Removed a link to a javascript: address; its text is kept"]);

    const { data } = await json(await api(`/articles/${article.id}`, { token: member.token }));
    expect(data.body.root.children[0].children).toEqual([text("Click "), text("here"), text(" now")]);
    expect(JSON.stringify(data.body)).not.toContain("javascript:");
  });

  it("stores an image width of 300.9 as 300", async () => {
    const { member, article } = await editableArticle();
    const body = document([image({ src: "https://cdn.example/photo.jpg", alt: "A photo", width: 300.9 })]);
    const response = await api(`/articles/${article.id}`, { method: "PUT", token: member.token, body: { article: { body } } });
    expect(response.status).toBe(200);
    expect((await json(response)).warnings).toEqual(["Stored the image width 300.9 as 300"]);

    const { data } = await json(await api(`/articles/${article.id}`, { token: member.token }));
    expect(data.body.root.children[0]).toMatchObject({ type: "image", width: 300 });
  });

  it("still answers a body no repair can save with 400 naming the field", async () => {
    const { member, article } = await editableArticle();
    const body = document([{ ...paragraph([]), format: "middle" } as never]);
    const response = await api(`/articles/${article.id}`, { method: "PUT", token: member.token, body: { article: { body } } });
    expect(response.status).toBe(400);
    expect(Object.keys((await json(response)).fields ?? {}).join(" ")).toContain("article.body");
  });
});
