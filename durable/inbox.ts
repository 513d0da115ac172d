import { DurableObject } from "cloudflare:workers";

/**
 * A live hub: one instance per channel (`user:<id>` for a person's inbox, `workspace:<id>` for
 * calendars, a document's comments). Browsers hold a hibernatable WebSocket; the Worker calls
 * `publish` when something happens and every open tab receives it. The items themselves are in
 * D1 (`notify`, worker/services/inbox.ts); a tab that reconnects refetches them.
 */
export class InboxHub extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Tabs ping every 30 s to keep proxies from dropping the socket: the runtime answers
    // without waking the hub from hibernation.
    this.ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade") !== "websocket") {
      return new Response("Expected a WebSocket upgrade", { status: 426 });
    }
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    server.send(JSON.stringify({ type: "hello", connections: this.ctx.getWebSockets().length }));
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Sends one event to every open connection; answers how many received it. */
  async publish(event: { type: string; [key: string]: unknown }): Promise<number> {
    const message = JSON.stringify(event);
    let delivered = 0;
    for (const socket of this.ctx.getWebSockets()) {
      try {
        socket.send(message);
        delivered++;
      } catch {
        // A socket closing mid-send is gone already; the next publish skips it.
      }
    }
    return delivered;
  }

  /** "ping" never gets here (answered above); tabs send nothing else the hub reads. */
  override async webSocketMessage() {}

  override async webSocketClose(socket: WebSocket, code: number, reason: string) {
    try {
      socket.close(code, reason);
    } catch {
      // Already closed by the runtime's automatic close reply.
    }
  }
}
