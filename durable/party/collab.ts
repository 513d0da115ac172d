import type * as Party from "partykit/server";
import { onConnect } from "y-partykit";
import { verifyCollabToken } from "./token";

const MODE_HEADER = "x-collab-mode";

/**
 * One Yjs room per document, hosted by y-partykit with snapshot persistence. A connection
 * needs a token from the Worker for this room; only `edit` tokens may write.
 */
export default class CollabRoom implements Party.Server {
  constructor(readonly room: Party.Room) {}

  static async onBeforeConnect(request: Party.Request, lobby: Party.Lobby) {
    const token = new URL(request.url).searchParams.get("token");
    const check = await verifyCollabToken(token, lobby.id, lobby.env.COLLAB_TOKEN_SECRET as string | undefined);
    if (!check.ok) return new Response(check.reason, { status: check.status });
    request.headers.set(MODE_HEADER, check.claims.mode);
    return request;
  }

  /** Plain HTTP to a room is a liveness probe; documents only travel over the socket. */
  onRequest(request: Party.Request) {
    if (request.method !== "GET") return new Response("Method not allowed", { status: 405 });
    return Response.json({ ok: true, room: this.room.id });
  }

  onConnect(connection: Party.Connection, { request }: Party.ConnectionContext) {
    return onConnect(connection, this.room, {
      persist: { mode: "snapshot" },
      readOnly: request.headers.get(MODE_HEADER) !== "edit",
    });
  }
}
