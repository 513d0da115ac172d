import { eq } from "drizzle-orm";
import { env } from "cloudflare:workers";
import { jwtVerify, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { COLLAB_TOKEN_AUDIENCE, COLLAB_TOKEN_ISSUER, ROOM_TOKEN_AUDIENCE, ROOM_TOKEN_ISSUER } from "../../core/collab";
import { documentFromPlainText } from "../../core/document/text";
import { articles, articleVersions } from "../../worker/db/schema";
import { api, buildArticle, buildMember, buildWorkspace, db, grant, json, tokenFor } from "../factories";

const secret = new TextEncoder().encode(env.COLLAB_TOKEN_SECRET!);

async function setup() {
  const { workspace, owner } = await buildWorkspace();
  const article = await buildArticle(workspace, owner, { text: "First draft" });
  return { workspace, owner, ownerToken: await tokenFor(owner), article };
}

async function roomToken(room: string, { issuer = ROOM_TOKEN_ISSUER, key = secret, expires = "5m" } = {}) {
  return new SignJWT({ room }).setProtectedHeader({ alg: "HS256" }).setIssuer(issuer).setAudience(ROOM_TOKEN_AUDIENCE).setExpirationTime(expires).sign(key);
}

const push = (room: string, token: string, body: unknown) =>
  api(`/internal/rooms/${room}/document`, { method: "PUT", headers: { Authorization: `Bearer ${token}` }, body });

describe("POST /articles/:id/collab_token", () => {
  it("gives an editor an edit token for this document's room that the room can verify", async () => {
    const { owner, ownerToken, article } = await setup();
    const response = await api(`/articles/${article.id}/collab_token`, { method: "POST", token: ownerToken, body: {} });
    expect(response.status).toBe(200);
    const { data } = await json(response);
    expect(data).toMatchObject({ room: `article-${article.id}`, host: "127.0.0.1:1999", party: "main", mode: "edit", user: { id: owner.id } });
    expect(data.user.color).toMatch(/^#[0-9A-F]{6}$/i);
    const { payload } = await jwtVerify(data.token, secret, { issuer: COLLAB_TOKEN_ISSUER, audience: COLLAB_TOKEN_AUDIENCE });
    expect(payload).toMatchObject({ room: `article-${article.id}`, mode: "edit", sub: String(owner.id) });
    expect(payload.exp! - payload.iat!).toBe(600);
  });

  it("gives comment and read access read-only modes, and nobody edits an archived document", async () => {
    const { workspace, ownerToken, article } = await setup();
    const commenter = await buildMember(workspace, "member");
    const reader = await buildMember(workspace, "member");
    await grant({ article }, "User", "comment", { userId: commenter.user.id });
    await grant({ article }, "User", "read", { userId: reader.user.id });
    const mode = async (token: string) => (await json(await api(`/articles/${article.id}/collab_token`, { method: "POST", token, body: {} }))).data.mode;
    expect(await mode(commenter.token)).toBe("comment");
    expect(await mode(reader.token)).toBe("read");
    await db.update(articles).set({ archivedAt: new Date() }).where(eq(articles.id, article.id));
    // The owner may still comment on an archived document, but no longer change it.
    expect(await mode(ownerToken)).toBe("comment");
  });

  it("refuses a user from another workspace with 404 and a signed-out caller with 401", async () => {
    const { article } = await setup();
    const outsider = await buildWorkspace();
    expect((await api(`/articles/${article.id}/collab_token`, { method: "POST", token: await tokenFor(outsider.owner), body: {} })).status).toBe(404);
    expect((await api(`/articles/${article.id}/collab_token`, { method: "POST", body: {} })).status).toBe(401);
  });
});

describe("the room's internal document endpoints", () => {
  it("hands the stored document to its own room only", async () => {
    const { article } = await setup();
    const room = `article-${article.id}`;
    const ok = await api(`/internal/rooms/${room}/document`, { headers: { Authorization: `Bearer ${await roomToken(room)}` } });
    expect(ok.status).toBe(200);
    expect(JSON.stringify((await json(ok)).data.body)).toContain("First draft");
    const wrongRoom = await api(`/internal/rooms/${room}/document`, { headers: { Authorization: `Bearer ${await roomToken("article-999999")}` } });
    expect(wrongRoom.status).toBe(401);
    expect((await api(`/internal/rooms/${room}/document`)).status).toBe(401);
    const forged = await roomToken(room, { key: new TextEncoder().encode("not-the-secret") });
    expect((await api(`/internal/rooms/${room}/document`, { headers: { Authorization: `Bearer ${forged}` } })).status).toBe(401);
    const expired = await roomToken(room, { expires: "-1m" });
    expect((await api(`/internal/rooms/${room}/document`, { headers: { Authorization: `Bearer ${expired}` } })).status).toBe(401);
  });

  it("saves a pushed document like an edit: body, search text, last editor, and a version snapshot", async () => {
    const { owner, ownerToken, article } = await setup();
    const room = `article-${article.id}`;
    const response = await push(room, await roomToken(room), { body: documentFromPlainText("Edited together in the room"), editor_ids: [owner.id] });
    expect(response.status).toBe(200);
    expect((await json(response)).data.saved).toBe(true);
    const [row] = await db.select().from(articles).where(eq(articles.id, article.id));
    expect(row!.bodyText).toBe("Edited together in the room");
    expect(row!.lastEditorId).toBe(owner.id);
    expect(row!.updatedAt.getTime()).toBeGreaterThanOrEqual(article.updatedAt.getTime());
    const shown = await json(await api(`/articles/${article.id}`, { token: ownerToken }));
    expect(JSON.stringify(shown.data.body)).toContain("Edited together in the room");
    const versions = await db.select().from(articleVersions).where(eq(articleVersions.articleId, article.id));
    expect(versions).toHaveLength(1);
    expect(versions[0]!.createdById).toBe(owner.id);
    // A second save within the interval updates the document without another snapshot.
    await push(room, await roomToken(room), { body: documentFromPlainText("Again"), editor_ids: [owner.id] });
    expect(await db.select().from(articleVersions).where(eq(articleVersions.articleId, article.id))).toHaveLength(1);
  });

  it("credits only people who may still edit, and stores nothing pushed by nobody who may", async () => {
    const { workspace, article } = await setup();
    const reader = await buildMember(workspace, "member");
    await grant({ article }, "User", "read", { userId: reader.user.id });
    const room = `article-${article.id}`;
    const response = await push(room, await roomToken(room), { body: documentFromPlainText("Sneaky"), editor_ids: [reader.user.id] });
    expect((await json(response)).data.saved).toBe(false);
    const [row] = await db.select().from(articles).where(eq(articles.id, article.id));
    expect(row!.bodyText).toBe("First draft");
  });

  it("answers a malformed push with 400 naming the field, and writes nothing", async () => {
    const { owner, article } = await setup();
    const room = `article-${article.id}`;
    const response = await push(room, await roomToken(room), { body: { nope: true }, editor_ids: [owner.id] });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await json(response))).toContain("body");
    const [row] = await db.select().from(articles).where(eq(articles.id, article.id));
    expect(row!.bodyText).toBe("First draft");
  });

  it("sanitises what the room pushes: a javascript: link is not stored", async () => {
    const { owner, article } = await setup();
    const room = `article-${article.id}`;
    const body = {
      root: {
        type: "root",
        version: 1,
        direction: null,
        format: "",
        indent: 0,
        children: [
          {
            type: "paragraph",
            version: 1,
            direction: null,
            format: "",
            indent: 0,
            textFormat: 0,
            textStyle: "",
            children: [
              {
                type: "link",
                version: 1,
                url: "javascript:alert(1)",
                direction: null,
                format: "",
                indent: 0,
                children: [{ type: "text", version: 1, text: "click", format: 0, mode: "normal", style: "", detail: 0 }],
              },
            ],
          },
        ],
      },
    };
    expect((await push(room, await roomToken(room), { body, editor_ids: [owner.id] })).status).toBe(200);
    const [row] = await db.select().from(articles).where(eq(articles.id, article.id));
    expect(JSON.stringify(row!.body)).not.toContain("javascript:");
  });
});
