import { expect, test, type APIRequestContext } from "@playwright/test";
import { SignJWT } from "jose";
import { $createParagraphNode, $createTextNode, $getRoot, type LexicalEditor } from "lexical";
import WebSocket from "ws";
import YPartyKitProvider from "y-partykit/provider";
import * as Y from "yjs";
import { COLLAB_TOKEN_AUDIENCE, COLLAB_TOKEN_ISSUER, type CollabSession } from "../../core/collab";
import { bindHeadlessEditor } from "../../core/editor/yjs";
import { auth, createColleague, createOwner, type NewUser } from "./helpers";

// Real Yjs clients (headless Lexical editors bound like the browser's) talking to the
// running PartyKit room over WebSockets: no browser page in this file.

/** The stack's default shared secret (scripts/local-stack.ts). */
const LOCAL_SECRET = new TextEncoder().encode("local-collab-secret");

/** A private document: only the people it is shared with below can open it. */
async function createDocument(request: APIRequestContext, owner: NewUser, workspaceId: number, markdown: string) {
  const response = await request.post(`/v1/w/${workspaceId}/articles`, {
    headers: auth(owner, workspaceId),
    data: { article: { title: "Room test", markdown, private: true } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data as { id: number };
}

async function sessionFor(request: APIRequestContext, user: NewUser, articleId: number): Promise<CollabSession> {
  const response = await request.post(`/v1/articles/${articleId}/collab_token`, { headers: auth(user), data: {} });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).data;
}

interface Client {
  editor: LexicalEditor;
  doc: Y.Doc;
  provider: YPartyKitProvider;
  text(): string;
  append(text: string): void;
  close(): void;
}

async function connect(session: CollabSession): Promise<Client> {
  const doc = new Y.Doc();
  // Bound before connecting, so the room's first sync reaches the editor like later edits.
  const bound = bindHeadlessEditor(doc);
  const provider = new YPartyKitProvider(session.host, session.room, doc, {
    party: session.party,
    params: { token: session.token },
    WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
    disableBc: true,
  });
  await new Promise<void>((resolve) => provider.once("synced", () => resolve()));
  return {
    editor: bound.editor,
    doc,
    provider,
    text: () => bound.editor.getEditorState().read(() => $getRoot().getTextContent()),
    append: (text) => bound.editor.update(() => void $getRoot().append($createParagraphNode().append($createTextNode(text)))),
    close: () => {
      provider.destroy();
      bound.dispose();
    },
  };
}

/** The HTTP status the room answers a WebSocket upgrade with (101 when it accepts). */
function upgradeStatus(session: Pick<CollabSession, "host" | "party" | "room">, token: string | null): Promise<number> {
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  const socket = new WebSocket(`ws://${session.host}/parties/${session.party}/${session.room}${query}`);
  return new Promise((resolve) => {
    socket.once("open", () => (socket.close(), resolve(101)));
    socket.once("unexpected-response", (_request, response) => (socket.terminate(), resolve(response.statusCode ?? 0)));
    socket.once("error", () => resolve(0));
  });
}

test.describe.configure({ mode: "serial" });

test("two clients edit one document concurrently and converge; the Worker stores the result", async ({ request }) => {
  const { owner, workspace } = await createOwner(request, "Rhea");
  const colleague = await createColleague(request, owner, workspace.id, "Sam");
  const article = await createDocument(request, owner, workspace.id, "Seeded once.");
  await request.post(`/v1/articles/${article.id}/accesses`, { headers: auth(owner, workspace.id), data: { email_accesses: [{ email: colleague.email, permission: "edit" }] } });

  // Both connect at once: the room seeds itself from the stored document exactly once.
  const [a, b] = await Promise.all([connect(await sessionFor(request, owner, article.id)), connect(await sessionFor(request, colleague, article.id))]);
  try {
    await expect.poll(() => a.text()).toBe("Seeded once.");
    await expect.poll(() => b.text()).toBe("Seeded once.");

    for (let i = 0; i < 5; i++) {
      a.append(`A${i}`);
      b.append(`B${i}`);
    }
    await expect.poll(() => a.text().match(/[AB]\d/g)?.length ?? 0).toBe(10);
    await expect.poll(() => b.text()).toBe(a.text());
    expect(Y.encodeStateVector(a.doc)).toEqual(Y.encodeStateVector(b.doc));

    // The room saves back to the Worker (debounced), so the stored copy catches up.
    await expect
      .poll(async () => JSON.stringify((await (await request.get(`/v1/articles/${article.id}`, { headers: auth(owner) })).json()).data.body), { timeout: 20_000 })
      .toContain("B4");
  } finally {
    a.close();
    b.close();
  }
});

test("edits made while offline merge when the client reconnects", async ({ request }) => {
  const { owner, workspace } = await createOwner(request, "Tia");
  const article = await createDocument(request, owner, workspace.id, "Shared start.");
  const online = await connect(await sessionFor(request, owner, article.id));
  const traveller = await connect(await sessionFor(request, owner, article.id));
  try {
    await expect.poll(() => traveller.text()).toBe("Shared start.");
    traveller.provider.disconnect();
    traveller.append("Written on the train");
    online.append("Written at the office");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(online.text()).not.toContain("Written on the train");
    traveller.provider.connect();
    for (const client of [online, traveller]) {
      await expect.poll(() => client.text()).toContain("Written on the train");
      await expect.poll(() => client.text()).toContain("Written at the office");
    }
    expect(online.text()).toBe(traveller.text());
  } finally {
    online.close();
    traveller.close();
  }
});

test("a read-only client's edits are refused by the room", async ({ request }) => {
  const { owner, workspace } = await createOwner(request, "Uma");
  const reader = await createColleague(request, owner, workspace.id, "Vic");
  const article = await createDocument(request, owner, workspace.id, "Only editors change this.");
  await request.post(`/v1/articles/${article.id}/accesses`, { headers: auth(owner, workspace.id), data: { email_accesses: [{ email: reader.email, permission: "read" }] } });

  const readerSession = await sessionFor(request, reader, article.id);
  expect(readerSession.mode).toBe("read");
  const editor = await connect(await sessionFor(request, owner, article.id));
  const readOnly = await connect(readerSession);
  try {
    await expect.poll(() => readOnly.text()).toBe("Only editors change this.");
    readOnly.append("Reader was here");
    editor.append("Editor was here");
    // The editor's change reaches the reader; the reader's never reaches the editor.
    await expect.poll(() => readOnly.text()).toContain("Editor was here");
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(editor.text()).not.toContain("Reader was here");
    await expect
      .poll(async () => JSON.stringify((await (await request.get(`/v1/articles/${article.id}`, { headers: auth(owner) })).json()).data.body), { timeout: 20_000 })
      .toContain("Editor was here");
    const stored = JSON.stringify((await (await request.get(`/v1/articles/${article.id}`, { headers: auth(owner) })).json()).data.body);
    expect(stored).not.toContain("Reader was here");
  } finally {
    editor.close();
    readOnly.close();
  }
});

test("the room refuses a missing, forged, expired or other document's token", async ({ request }) => {
  const { owner, workspace } = await createOwner(request, "Wes");
  const first = await createDocument(request, owner, workspace.id, "One");
  const second = await createDocument(request, owner, workspace.id, "Two");
  const session = await sessionFor(request, owner, first.id);
  const other = await sessionFor(request, owner, second.id);

  expect(await upgradeStatus(session, session.token)).toBe(101);
  expect(await upgradeStatus(session, null)).toBe(401);
  expect(await upgradeStatus(session, other.token)).toBe(403);
  const sign = (key: Uint8Array, expires: string) =>
    new SignJWT({ room: session.room, mode: "edit" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(session.user.id))
      .setIssuer(COLLAB_TOKEN_ISSUER)
      .setAudience(COLLAB_TOKEN_AUDIENCE)
      .setExpirationTime(expires)
      .sign(key);
  expect(await upgradeStatus(session, await sign(new TextEncoder().encode("guessed-secret"), "5m"))).toBe(401);
  expect(await upgradeStatus(session, await sign(LOCAL_SECRET, "-1m"))).toBe(401);
});
