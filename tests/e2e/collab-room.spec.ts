import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type APIRequestContext } from "./fixtures";
import { SignJWT } from "jose";
import { $createParagraphNode, $createTextNode, $getRoot, type LexicalEditor } from "lexical";
import WebSocket from "ws";
import YPartyKitProvider from "y-partykit/provider";
import * as Y from "yjs";
import { COLLAB_TOKEN_AUDIENCE, COLLAB_TOKEN_ISSUER, type CollabSession } from "../../core/collab";
import { bindHeadlessEditor } from "../../core/editor/yjs";
import { freePort, startParty } from "../../scripts/local-stack";
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
  /** How often the room closed this client's connection. */
  closes: number;
  text(): string;
  append(text: string): void;
  close(): void;
}

async function connect(session: CollabSession, host = session.host): Promise<Client> {
  const doc = new Y.Doc();
  // Bound before connecting, so the room's first sync reaches the editor like later edits.
  const bound = bindHeadlessEditor(doc);
  const provider = new YPartyKitProvider(host, session.room, doc, {
    party: session.party,
    params: { token: session.token },
    WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
    disableBc: true,
  });
  await new Promise<void>((resolve) => provider.once("synced", () => resolve()));
  const client: Client = {
    editor: bound.editor,
    doc,
    provider,
    closes: 0,
    text: () => bound.editor.getEditorState().read(() => $getRoot().getTextContent()),
    append: (text) => bound.editor.update(() => void $getRoot().append($createParagraphNode().append($createTextNode(text)))),
    close: () => {
      provider.destroy();
      bound.dispose();
    },
  };
  provider.on("connection-close", () => void client.closes++);
  return client;
}

const storedBody = async (request: APIRequestContext, owner: NewUser, articleId: number) =>
  JSON.stringify((await (await request.get(`/v1/articles/${articleId}`, { headers: auth(owner) })).json()).data.body);

/** The id of the User grant giving `permission` on the document. */
async function grantId(request: APIRequestContext, owner: NewUser, articleId: number, permission: string): Promise<number> {
  const listing = await (await request.get(`/v1/articles/${articleId}/accesses`, { headers: auth(owner) })).json();
  const found: number[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (!value || typeof value !== "object") return;
    const grant = value as { id?: number; target_type?: string; permission?: string };
    if (grant.target_type === "User" && grant.permission === permission && typeof grant.id === "number") found.push(grant.id);
    Object.values(value).forEach(walk);
  };
  walk(listing);
  expect(found, JSON.stringify(listing)).toHaveLength(1);
  return found[0]!;
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

test("a connection whose access is lowered or removed is closed within seconds, and comes back only as what it may now do", async ({ request }) => {
  const { owner, workspace } = await createOwner(request, "Xena");
  const colleague = await createColleague(request, owner, workspace.id, "Yuri");
  const article = await createDocument(request, owner, workspace.id, "Access changes live.");
  await request.post(`/v1/articles/${article.id}/accesses`, { headers: auth(owner, workspace.id), data: { email_accesses: [{ email: colleague.email, permission: "edit" }] } });
  const colleagueSession = await sessionFor(request, colleague, article.id);
  expect(colleagueSession.mode).toBe("edit");
  const editor = await connect(await sessionFor(request, owner, article.id));
  const demoted = await connect(colleagueSession);
  try {
    const grant = await grantId(request, owner, article.id, "edit");
    const lowered = await request.put(`/v1/accesses/${grant}`, { headers: auth(owner, workspace.id), data: { permission: "read" } });
    expect(lowered.status(), await lowered.text()).toBe(200);
    // The room closes the connection; it reconnects with its still-valid edit token, and the
    // room, asking the Worker again, lets it in read-only.
    await expect.poll(() => demoted.closes, { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => demoted.provider.wsconnected, { timeout: 10_000 }).toBe(true);
    demoted.append("Written after losing edit");
    editor.append("Owner still edits");
    await expect.poll(() => demoted.text()).toContain("Owner still edits");
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(editor.text()).not.toContain("Written after losing edit");
    await expect.poll(() => storedBody(request, owner, article.id), { timeout: 20_000 }).toContain("Owner still edits");
    expect(await storedBody(request, owner, article.id)).not.toContain("Written after losing edit");

    // Removed altogether: closed again, and the token it still holds no longer opens the room.
    const closesBefore = demoted.closes;
    const removed = await request.delete(`/v1/accesses/${grant}`, { headers: auth(owner, workspace.id), data: {} });
    expect(removed.status(), await removed.text()).toBe(200);
    await expect.poll(() => demoted.closes, { timeout: 10_000 }).toBeGreaterThan(closesBefore);
    expect(await upgradeStatus(colleagueSession, colleagueSession.token)).toBe(403);
  } finally {
    editor.close();
    demoted.close();
  }
});

test("a body written through the API while two clients are connected reaches both and survives the next room save", async ({ request }) => {
  const { owner, workspace } = await createOwner(request, "Zoe");
  const colleague = await createColleague(request, owner, workspace.id, "Abe");
  const article = await createDocument(request, owner, workspace.id, "Before the API.");
  await request.post(`/v1/articles/${article.id}/accesses`, { headers: auth(owner, workspace.id), data: { email_accesses: [{ email: colleague.email, permission: "edit" }] } });
  const a = await connect(await sessionFor(request, owner, article.id));
  const b = await connect(await sessionFor(request, colleague, article.id));
  try {
    await expect.poll(() => b.text()).toBe("Before the API.");
    const written = await request.put(`/v1/articles/${article.id}`, { headers: auth(owner), data: { article: { markdown: "Written by the API." } } });
    expect(written.status(), await written.text()).toBe(200);
    for (const client of [a, b]) await expect.poll(() => client.text(), { timeout: 10_000 }).toBe("Written by the API.");
    // The next edit is saved on top of the API's body, not over it.
    b.append("And then edited live.");
    await expect.poll(() => storedBody(request, owner, article.id), { timeout: 20_000 }).toContain("And then edited live.");
    const stored = await storedBody(request, owner, article.id);
    expect(stored).toContain("Written by the API.");
    expect(stored).not.toContain("Before the API.");
  } finally {
    a.close();
    b.close();
  }
});

test("a room whose PartyKit process is killed and started again keeps every acknowledged edit", async ({ request }) => {
  // Two PartyKit starts of its own (each bundles the party, 10–20 s beside a busy worker) and a save.
  test.setTimeout(90_000);
  const { owner, workspace } = await createOwner(request, "Bea");
  const article = await createDocument(request, owner, workspace.id, "Survives restarts.");
  // A PartyKit of this test's own, beside the suite's, so killing it disturbs no other test.
  const persistTo = await mkdtemp(path.join(tmpdir(), "brandwork-party-"));
  const port = await freePort();
  const start = () => startParty({ port, workerUrl: process.env.E2E_BASE_URL!, persistTo, logs: Boolean(process.env.E2E_LOGS) });
  let party = await start();
  const clients: Client[] = [];
  try {
    const writer = await connect(await sessionFor(request, owner, article.id), party.host);
    const watcher = await connect(await sessionFor(request, owner, article.id), party.host);
    clients.push(writer, watcher);
    for (let i = 0; i < 3; i++) writer.append(`Edit ${i}`);
    // Acknowledged: the room has them (another client received them from it).
    await expect.poll(() => watcher.text()).toContain("Edit 2");
    await party.kill();
    party = await start();
    const returning = await connect(await sessionFor(request, owner, article.id), party.host);
    clients.push(returning);
    await expect.poll(() => returning.text()).toContain("Survives restarts.");
    for (let i = 0; i < 3; i++) expect(returning.text()).toContain(`Edit ${i}`);
    // The restarted room also finishes saving them to the Worker.
    await expect.poll(() => storedBody(request, owner, article.id), { timeout: 20_000 }).toContain("Edit 2");
  } finally {
    for (const client of clients) client.close();
    await party.stop();
    await rm(persistTo, { recursive: true, force: true });
  }
});
