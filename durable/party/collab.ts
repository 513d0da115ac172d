import type * as Party from "partykit/server";
import { onConnect, unstable_getYDoc, type YPartyKitOptions } from "y-partykit";
import * as Y from "yjs";
import { isDocumentRoom, ROOM_RECHECK_SECONDS, roomNoticeSchema, type CollabClaims } from "../../core/collab";
import { documentToYDoc, replacementUpdate, yDocToDocument } from "../../core/editor/yjs";
import { acceptSuggestions } from "./suggestion-updates";
import { verifyCollabToken, verifyNoticeToken } from "./token";
import { applyChangesNotice, applyCommentNotice, applyRevisionNotice, applyTodoNotice } from "./worker-edits";
import { WorkerClient } from "./worker-client";

const MODE_HEADER = "x-collab-mode";
const USER_HEADER = "x-collab-user";
/** Set in room storage once the stored document has been put into the room. */
const SEEDED_KEY = "brandwork:seeded";
/** The stored body's revision the room's state last matched (see `base_revision`). */
const REVISION_KEY = "brandwork:revision";
/** Users whose edits are in the room's state but not yet saved to the Worker. */
const PENDING_KEY = "brandwork:pending-editors";
/** Marks a change that came from the Worker, not from a connection. */
const WORKER_ORIGIN = "worker";

type Mode = CollabClaims["mode"];
type RoomDoc = Y.Doc & { writeState(): Promise<void> };
const MODE_RANK: Record<Mode, number> = { read: 0, comment: 1, edit: 2 };
const lower = (a: Mode, b: Mode): Mode => (MODE_RANK[a] <= MODE_RANK[b] ? a : b);

const workerFor = (room: { id: string; env: Record<string, unknown> }) => {
  const url = room.env.WORKER_URL as string | undefined;
  const secret = room.env.COLLAB_TOKEN_SECRET as string | undefined;
  return url && secret ? new WorkerClient(url, secret, room.id) : null;
};

/**
 * One Yjs room per document, hosted by y-partykit with snapshot persistence. A connection
 * needs a token from the Worker for this room, and the Worker is asked again what its user
 * may do when it opens, when the Worker says access changed, and on a timer; a connection
 * whose mode changed is closed (its client reconnects with what it may do now). Edit
 * connections write; comment connections only suggest (tracked changes of their own). The
 * room seeds itself from the stored document once, takes in bodies written elsewhere, and
 * saves the document back to the Worker (debounced) with the ids of the people whose edits
 * it carries.
 */
export default class CollabRoom implements Party.Server {
  private readonly worker: WorkerClient | null;
  private readonly docOptions: YPartyKitOptions;
  /** Connection id → who is connected and in which mode. */
  private readonly connections = new Map<string, { userId: number; mode: Mode }>();
  /** Users whose edits are not yet saved, last editor last. */
  private pendingEditors: number[] = [];
  /** The stored body's revision the room's state grew from. */
  private revision: number | undefined;
  /** The room's live document, loaded and brought up to date; y-partykit drops it when everyone leaves. */
  private ready: Promise<RoomDoc> | null = null;
  /** Saves and reloads run one at a time, so a reload never races a save's revision. */
  private queue: Promise<unknown> = Promise.resolve();
  private recheckTimer: ReturnType<typeof setInterval> | null = null;

  constructor(readonly room: Party.Room) {
    this.worker = workerFor(room);
    this.docOptions = {
      persist: { mode: "snapshot" },
      readOnly: false,
      callback: { handler: async (doc) => void (await this.serially(() => this.save(doc))), debounceWait: 1_500, debounceMaxWait: 8_000 },
    };
  }

  static async onBeforeConnect(request: Party.Request, lobby: Party.Lobby) {
    const token = new URL(request.url).searchParams.get("token");
    const check = await verifyCollabToken(token, lobby.id, lobby.env.COLLAB_TOKEN_SECRET as string | undefined);
    if (!check.ok) return new Response(check.reason, { status: check.status });
    // A token stays valid for minutes after access is removed: ask what the user may do now.
    const worker = workerFor(lobby);
    if (!worker) return new Response("Collaboration is not configured on this server", { status: 503 });
    const now = (await worker.modes([Number(check.claims.sub)]))[check.claims.sub];
    if (!now) return new Response("You no longer have access to this document", { status: 403 });
    request.headers.set(MODE_HEADER, lower(check.claims.mode, now));
    request.headers.set(USER_HEADER, check.claims.sub);
    return request;
  }

  /**
   * GET is a liveness probe. POST is a notice from the Worker (signed for this room): a body
   * written elsewhere, changed access, or a password everyone must show again.
   */
  async onRequest(request: Party.Request) {
    if (request.method === "GET") return Response.json({ ok: true, room: this.room.id });
    if (request.method !== "POST") return new Response("Method not allowed", { status: 405 });
    if (!(await verifyNoticeToken(request.headers.get("authorization"), this.room.id, this.room.env.COLLAB_TOKEN_SECRET as string | undefined))) {
      return new Response("A notice token for this room is required", { status: 401 });
    }
    const notice = roomNoticeSchema.safeParse(await request.json().catch(() => null));
    if (!notice.success) return new Response("kind: expected document, access, reconnect, todo, changes, revision or comment", { status: 400 });
    // A room that never held the document has nothing to bring up to date.
    if (!(await this.room.storage.get<boolean>(SEEDED_KEY))) return Response.json({ ok: true });
    const doc = await this.prepare();
    const todo = notice.data.kind === "todo" ? notice.data : null;
    if (todo) return Response.json(await this.serially(() => applyTodoNotice(doc, todo, () => this.save(doc, todo.by))));
    const changes = notice.data.kind === "changes" ? notice.data : null;
    if (changes) return Response.json(await this.serially(() => applyChangesNotice(doc, changes, () => this.save(doc, changes.by))));
    const revision = notice.data.kind === "revision" ? notice.data : null;
    if (revision) return Response.json(await this.serially(() => applyRevisionNotice(doc, revision, () => this.save(doc, revision.by))));
    const comment = notice.data.kind === "comment" ? notice.data : null;
    if (comment) return Response.json(await this.serially(() => applyCommentNotice(doc, comment, () => this.save(doc, undefined, comment.by))));
    if (notice.data.kind === "document") await this.serially(() => this.reload(doc));
    if (notice.data.kind === "access") await this.recheck();
    if (notice.data.kind === "reconnect") for (const connection of this.room.getConnections()) this.closeChanged(connection);
    return Response.json({ ok: true });
  }

  async onConnect(connection: Party.Connection, { request }: Party.ConnectionContext) {
    if (isDocumentRoom(this.room.id)) await this.prepare();
    const mode = (request.headers.get(MODE_HEADER) ?? "read") as Mode;
    const userId = Number(request.headers.get(USER_HEADER));
    this.connections.set(connection.id, { userId, mode });
    this.recheckTimer ??= setInterval(() => void this.recheck().catch((error: unknown) => console.error("recheck failed:", error)), ROOM_RECHECK_SECONDS * 1000);
    await onConnect(connection, this.room, { ...this.docOptions, readOnly: mode !== "edit" });
    if (mode === "comment" && isDocumentRoom(this.room.id)) acceptSuggestions(connection, await this.prepare(), userId);
  }

  onClose(connection: Party.Connection) {
    this.connections.delete(connection.id);
    if (this.connections.size > 0) return;
    // y-partykit writes and drops the document when the last connection leaves; the next
    // one loads it again from storage (and catches up with a body stored meanwhile).
    this.ready = null;
    if (this.recheckTimer) clearInterval(this.recheckTimer);
    this.recheckTimer = null;
  }

  /** Asks the Worker what every connected user may do now, and closes connections whose mode changed. */
  private async recheck() {
    if (!this.worker || this.connections.size === 0) return;
    const modes = await this.worker.modes([...new Set([...this.connections.values()].map((entry) => entry.userId))]);
    for (const connection of this.room.getConnections()) {
      const entry = this.connections.get(connection.id);
      if (entry && modes[String(entry.userId)] !== entry.mode) this.closeChanged(connection);
    }
  }

  /** The client reconnects with a fresh token, and gets what it may do now (or is refused). */
  private closeChanged(connection: Party.Connection) {
    this.connections.delete(connection.id);
    connection.close(4003, "Your access to this document changed");
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /**
   * Loads the persisted state, seeds it from the Worker if this room has never held the
   * document, takes in a body stored since the room last matched it, and starts noting who
   * edits. Runs once per room instance; connections wait for it, so two people opening a new
   * document together see one copy.
   */
  private prepare(): Promise<RoomDoc> {
    this.ready ??= (async () => {
      const doc = (await unstable_getYDoc(this.room, this.docOptions)) as RoomDoc;
      this.pendingEditors = (await this.room.storage.get<number[]>(PENDING_KEY)) ?? [];
      this.revision = await this.room.storage.get<number>(REVISION_KEY);
      doc.on("update", (_update: Uint8Array, origin: unknown) => {
        const id = origin && typeof origin === "object" && "id" in origin ? String(origin.id) : undefined;
        const entry = id === undefined ? undefined : this.connections.get(id);
        // Editors' edits, and commenters' suggestions (the only updates let in from them).
        if (!entry || entry.mode === "read") return;
        this.pendingEditors = [...this.pendingEditors.filter((userId) => userId !== entry.userId), entry.userId];
        void this.room.storage.put(PENDING_KEY, this.pendingEditors);
      });
      await this.seedOnce(doc);
      // A restarted room may have saves to finish: edits acknowledged before it stopped.
      if (this.pendingEditors.length > 0) void this.serially(() => this.save(doc)).catch((error: unknown) => console.error("save failed:", error));
      return doc;
    })().catch((error: unknown) => {
      this.ready = null;
      throw error;
    });
    return this.ready;
  }

  private async seedOnce(doc: RoomDoc) {
    if (!this.worker) throw new Error("WORKER_URL and COLLAB_TOKEN_SECRET are needed to open a document room");
    if (await this.room.storage.get<boolean>(SEEDED_KEY)) {
      // The body may have been written while the room was not running (or missed a notice).
      // Unsaved edits from before a restart go first: their save meets the newer body as stale.
      if (this.revision === undefined) await this.setRevision((await this.worker.load()).revision);
      else if (this.pendingEditors.length === 0) await this.reload(doc);
      return;
    }
    const stored = await this.worker.load();
    // A state persisted before the flag could be written still counts as seeded.
    // Lexical's binding keeps the document in the "root" XmlText of the Y.Doc.
    if (doc.get("root", Y.XmlText).length === 0) {
      const seed = await documentToYDoc(stored.body);
      Y.applyUpdate(doc, Y.encodeStateAsUpdate(seed), "seed");
      seed.destroy();
      await doc.writeState();
    }
    await this.setRevision(stored.revision);
    await this.room.storage.put(SEEDED_KEY, true);
  }

  private async setRevision(revision: number) {
    this.revision = revision;
    await this.room.storage.put(REVISION_KEY, revision);
  }

  /**
   * Brings the room's document to the stored body when that was written elsewhere (an API
   * save, an import): the change goes into the Y.Doc like an edit, so every client gets it,
   * and the next save starts from it instead of overwriting it.
   */
  private async reload(doc: Y.Doc) {
    if (!this.worker) return;
    const stored = await this.worker.load();
    if (stored.revision === this.revision) return;
    const update = await replacementUpdate(doc, stored.body);
    if (update) Y.applyUpdate(doc, update, WORKER_ORIGIN);
    // What the room held before is overwritten by the newer body: nothing of it is left to save.
    this.pendingEditors = [];
    await this.room.storage.put(PENDING_KEY, this.pendingEditors);
    await this.setRevision(stored.revision);
  }

  /**
   * Debounced by y-partykit: the room's document, back to the Worker, with its editors (and
   * `creditedTo`, who asked the Worker for the edit just made, or `annotatedBy`, who asked for
   * comment marks, which credit nobody). Whether it was stored.
   */
  private async save(doc: Y.Doc, creditedTo?: number, annotatedBy?: number): Promise<boolean> {
    if (creditedTo !== undefined) this.pendingEditors = [...this.pendingEditors.filter((userId) => userId !== creditedTo), creditedTo];
    // Comment marks are saved even with nobody's edits to credit (see `annotated_by`).
    if (!this.worker || (this.pendingEditors.length === 0 && annotatedBy === undefined)) return false;
    const editors = this.pendingEditors;
    this.pendingEditors = [];
    try {
      const push = { body: await yDocToDocument(doc), editor_ids: editors, base_revision: this.revision };
      const outcome = await this.worker.save(annotatedBy ? { ...push, annotated_by: annotatedBy } : push);
      if (outcome.stale) {
        await this.reload(doc);
        return false;
      }
      if (outcome.revision !== undefined) await this.setRevision(outcome.revision);
      await this.room.storage.put(PENDING_KEY, this.pendingEditors);
      return outcome.saved;
    } catch (error) {
      // Keep them for the next save; the state itself is safe in room storage.
      this.pendingEditors = [...new Set([...editors, ...this.pendingEditors])];
      throw error;
    }
  }
}
