import type * as Party from "partykit/server";
import { onConnect, unstable_getYDoc, type YPartyKitOptions } from "y-partykit";
import * as Y from "yjs";
import { documentToYDoc, yDocToDocument } from "../../core/editor/yjs";
import { verifyCollabToken } from "./token";
import { WorkerClient } from "./worker-client";

const MODE_HEADER = "x-collab-mode";
const USER_HEADER = "x-collab-user";
/** Set in room storage once the stored document has been put into the room. */
const SEEDED_KEY = "brandwork:seeded";

/**
 * One Yjs room per document, hosted by y-partykit with snapshot persistence. A connection
 * needs a token from the Worker for this room; only `edit` tokens may write. The room seeds
 * itself from the stored document once, and saves the document back to the Worker
 * (debounced) with the ids of the people whose edits it carries.
 */
export default class CollabRoom implements Party.Server {
  private readonly worker: WorkerClient | null;
  private readonly docOptions: YPartyKitOptions;
  /** Connection id → user id, for edit connections. */
  private readonly editorsByConnection = new Map<string, number>();
  /** Users whose edits are not yet saved, last editor last. */
  private pendingEditors: number[] = [];
  private ready: Promise<void> | null = null;

  constructor(readonly room: Party.Room) {
    const url = room.env.WORKER_URL as string | undefined;
    const secret = room.env.COLLAB_TOKEN_SECRET as string | undefined;
    this.worker = url && secret ? new WorkerClient(url, secret, room.id) : null;
    this.docOptions = {
      persist: { mode: "snapshot" },
      readOnly: false,
      callback: { handler: (doc) => this.save(doc), debounceWait: 1_500, debounceMaxWait: 8_000 },
    };
  }

  static async onBeforeConnect(request: Party.Request, lobby: Party.Lobby) {
    const token = new URL(request.url).searchParams.get("token");
    const check = await verifyCollabToken(token, lobby.id, lobby.env.COLLAB_TOKEN_SECRET as string | undefined);
    if (!check.ok) return new Response(check.reason, { status: check.status });
    request.headers.set(MODE_HEADER, check.claims.mode);
    request.headers.set(USER_HEADER, check.claims.sub);
    return request;
  }

  onStart() {
    return this.prepare();
  }

  /** Plain HTTP to a room is a liveness probe; documents only travel over the socket. */
  onRequest(request: Party.Request) {
    if (request.method !== "GET") return new Response("Method not allowed", { status: 405 });
    return Response.json({ ok: true, room: this.room.id });
  }

  async onConnect(connection: Party.Connection, { request }: Party.ConnectionContext) {
    await this.prepare();
    const editable = request.headers.get(MODE_HEADER) === "edit";
    const userId = Number(request.headers.get(USER_HEADER));
    if (editable && Number.isInteger(userId) && userId > 0) this.editorsByConnection.set(connection.id, userId);
    return onConnect(connection, this.room, { ...this.docOptions, readOnly: !editable });
  }

  onClose(connection: Party.Connection) {
    this.editorsByConnection.delete(connection.id);
  }

  /**
   * Loads the persisted state, seeds it from the Worker if this room has never held the
   * document, and starts noting who edits. Runs once per room instance; connections wait
   * for it, so two people opening a new document together see one copy.
   */
  private prepare(): Promise<void> {
    this.ready ??= (async () => {
      // Room-level probes (the health check) have no document behind them.
      if (!this.room.id.startsWith("article-")) return;
      const doc = await unstable_getYDoc(this.room, this.docOptions);
      doc.on("update", (_update: Uint8Array, origin: unknown) => {
        const userId = origin && typeof origin === "object" && "id" in origin ? this.editorsByConnection.get(String(origin.id)) : undefined;
        if (userId === undefined) return;
        this.pendingEditors = [...this.pendingEditors.filter((id) => id !== userId), userId];
      });
      await this.seedOnce(doc);
    })().catch((error: unknown) => {
      this.ready = null;
      throw error;
    });
    return this.ready;
  }

  private async seedOnce(doc: Y.Doc & { writeState(): Promise<void> }) {
    if (await this.room.storage.get<boolean>(SEEDED_KEY)) return;
    // A state persisted before the flag could be written still counts as seeded.
    // Lexical's binding keeps the document in the "root" XmlText of the Y.Doc.
    const root = doc.get("root", Y.XmlText);
    if (root.length > 0) {
      await this.room.storage.put(SEEDED_KEY, true);
      return;
    }
    if (!this.worker) throw new Error("WORKER_URL and COLLAB_TOKEN_SECRET are needed to open a document room");
    const seed = await documentToYDoc(await this.worker.load());
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(seed), "seed");
    seed.destroy();
    await doc.writeState();
    await this.room.storage.put(SEEDED_KEY, true);
  }

  /** Debounced by y-partykit: the room's document, back to the Worker, with its editors. */
  private async save(doc: Y.Doc) {
    if (!this.worker || this.pendingEditors.length === 0) return;
    const editors = this.pendingEditors;
    this.pendingEditors = [];
    try {
      await this.worker.save({ body: await yDocToDocument(doc), editor_ids: editors });
    } catch (error) {
      // Keep them for the next save; the state itself is safe in room storage.
      this.pendingEditors = [...new Set([...editors, ...this.pendingEditors])];
      throw error;
    }
  }
}
