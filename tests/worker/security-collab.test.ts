import { eq } from "drizzle-orm";
import { env } from "cloudflare:workers";
import { jwtVerify, SignJWT } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ROOM_NOTICE_AUDIENCE, ROOM_NOTICE_ISSUER, ROOM_TOKEN_AUDIENCE, ROOM_TOKEN_ISSUER } from "../../core/collab";
import { documentFromPlainText } from "../../core/document/text";
import { articles } from "../../worker/db/schema";
import { api, buildArticle, buildMember, buildWorkspace, db, grant, json, tokenFor } from "../factories";

// Worker side of live-room hardening: the room's connection check, the notices the Worker
// sends rooms after access or body changes (outbound fetch mocked: that is the room), and
// the stale-save guard that keeps a room from overwriting a body written elsewhere.

const secret = new TextEncoder().encode(env.COLLAB_TOKEN_SECRET!);
const roomToken = (room: string) =>
  new SignJWT({ room }).setProtectedHeader({ alg: "HS256" }).setIssuer(ROOM_TOKEN_ISSUER).setAudience(ROOM_TOKEN_AUDIENCE).setExpirationTime("5m").sign(secret);

/** What the room does when someone connects: asks the Worker what they may do now. */
async function modes(room: string, userIds: number[]) {
  const response = await api(`/internal/rooms/${room}/modes`, { method: "POST", headers: { Authorization: `Bearer ${await roomToken(room)}` }, body: { user_ids: userIds } });
  expect(response.status).toBe(200);
  return (await json(response)).data.modes as Record<string, string | null>;
}

interface Notice {
  url: string;
  kind: string;
  room: unknown;
}

/** Stands in for PartyKit: records every notice the Worker sends a room, with its verified token. */
function roomsListening(answer: () => Promise<Response> = async () => Response.json({ ok: true })) {
  const notices: Notice[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.includes("/parties/main/")) throw new Error(`unexpected fetch ${url}`);
    const token = new Headers(init?.headers).get("authorization")!.replace("Bearer ", "");
    const { payload } = await jwtVerify(token, secret, { issuer: ROOM_NOTICE_ISSUER, audience: ROOM_NOTICE_AUDIENCE });
    notices.push({ url, kind: JSON.parse(String(init?.body)).kind, room: payload.room });
    return answer();
  });
  return notices;
}

async function liveRoom() {
  const { workspace, owner } = await buildWorkspace();
  const article = await buildArticle(workspace, owner, { text: "Live draft" });
  const editor = await buildMember(workspace, "member");
  const access = await grant({ article }, "User", "edit", { userId: editor.user.id });
  const room = `article-${article.id}`;
  // Both are connected: the room checked them with the Worker, which notes the room as live.
  expect(await modes(room, [owner.id, editor.user.id])).toEqual({ [owner.id]: "edit", [editor.user.id]: "edit" });
  return { workspace, owner, ownerToken: await tokenFor(owner), article, editor, access, room };
}

afterEach(() => vi.restoreAllMocks());

describe("revoked access reaches live rooms", () => {
  it("tells the live room, signed for it, when a grant is downgraded, and the room's check then says read", async () => {
    const { ownerToken, editor, access, room } = await liveRoom();
    const notices = roomsListening();
    const response = await api(`/accesses/${access.id}`, { method: "PUT", token: ownerToken, body: { permission: "read" } });
    expect(response.status).toBe(200);
    await vi.waitFor(() => expect(notices).toContainEqual({ url: `http://127.0.0.1:1999/parties/main/${room}`, kind: "access", room }));
    expect((await modes(room, [editor.user.id]))[editor.user.id]).toBe("read");
  });

  it("tells the live room when a grant is removed, and the removed person may no longer connect", async () => {
    const { ownerToken, editor, access, room } = await liveRoom();
    const notices = roomsListening();
    expect((await api(`/accesses/${access.id}`, { method: "DELETE", token: ownerToken, body: {} })).status).toBe(200);
    await vi.waitFor(() => expect(notices.map((notice) => notice.kind)).toContain("access"));
    expect((await modes(room, [editor.user.id]))[editor.user.id]).toBeNull();
  });

  it("tells the workspace's live rooms when someone leaves the workspace", async () => {
    const { workspace, ownerToken, editor, room } = await liveRoom();
    const notices = roomsListening();
    expect((await api(`/w/${workspace.id}/members/${editor.user.id}`, { method: "DELETE", token: ownerToken })).status).toBe(204);
    await vi.waitFor(() => expect(notices).toContainEqual(expect.objectContaining({ kind: "access", room })));
    expect((await modes(room, [editor.user.id]))[editor.user.id]).toBeNull();
  });

  it("makes everyone in the room reconnect when the document's password changes", async () => {
    const { ownerToken, article, room } = await liveRoom();
    const notices = roomsListening();
    expect((await api(`/articles/${article.id}`, { method: "PUT", token: ownerToken, body: { article: { password: "sesame-42" } } })).status).toBe(200);
    await vi.waitFor(() => expect(notices).toContainEqual(expect.objectContaining({ kind: "reconnect", room })));
  });

  it("answers the room's check only with a room token for that room", async () => {
    const { owner, room } = await liveRoom();
    const other = await api(`/internal/rooms/${room}/modes`, {
      method: "POST",
      headers: { Authorization: `Bearer ${await roomToken("article-999999")}` },
      body: { user_ids: [owner.id] },
    });
    expect(other.status).toBe(401);
    const malformed = await api(`/internal/rooms/${room}/modes`, { method: "POST", headers: { Authorization: `Bearer ${await roomToken(room)}` }, body: { user_ids: "all" } });
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(await json(malformed))).toContain("user_ids");
  });
});

describe("bodies written outside a live room", () => {
  it("sends the live room the new body's notice when the API writes a body, not for a title", async () => {
    const { ownerToken, article, room } = await liveRoom();
    const notices = roomsListening();
    await api(`/articles/${article.id}`, { method: "PUT", token: ownerToken, body: { article: { title: "Renamed" } } });
    expect((await api(`/articles/${article.id}`, { method: "PUT", token: ownerToken, body: { article: { markdown: "Written by the API" } } })).status).toBe(200);
    await vi.waitFor(() => expect(notices).toContainEqual(expect.objectContaining({ kind: "document", room })));
    expect(notices.filter((notice) => notice.kind === "document")).toHaveLength(1);
  });

  it("still saves the body when the room cannot be reached", async () => {
    const { ownerToken, article } = await liveRoom();
    const notices = roomsListening(async () => {
      throw new TypeError("connection refused");
    });
    const response = await api(`/articles/${article.id}`, { method: "PUT", token: ownerToken, body: { article: { markdown: "Saved anyway" } } });
    expect(response.status).toBe(200);
    await vi.waitFor(() => expect(notices).toHaveLength(1));
    const [row] = await db.select().from(articles).where(eq(articles.id, article.id));
    expect(row!.bodyText).toBe("Saved anyway");
  });

  it("refuses a room save that grew from an older body, and keeps the newer one", async () => {
    const { owner, ownerToken, article, room } = await liveRoom();
    roomsListening();
    const loaded = await json(await api(`/internal/rooms/${room}/document`, { headers: { Authorization: `Bearer ${await roomToken(room)}` } }));
    const base = loaded.data.revision as number;
    expect((await api(`/articles/${article.id}`, { method: "PUT", token: ownerToken, body: { article: { markdown: "Newer from the API" } } })).status).toBe(200);
    const push = await api(`/internal/rooms/${room}/document`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${await roomToken(room)}` },
      body: { body: documentFromPlainText("Old room state"), editor_ids: [owner.id], base_revision: base },
    });
    const refused = (await json(push)).data;
    expect(refused).toMatchObject({ saved: false, stale: true });
    const [row] = await db.select().from(articles).where(eq(articles.id, article.id));
    expect(row!.bodyText).toBe("Newer from the API");
    // From the current revision the room's save goes through.
    const current = await api(`/internal/rooms/${room}/document`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${await roomToken(room)}` },
      body: { body: documentFromPlainText("Room on top"), editor_ids: [owner.id], base_revision: refused.revision },
    });
    expect((await json(current)).data.saved).toBe(true);
  });
});
