import { DurableObject } from "cloudflare:workers";

/**
 * The realtime inbox hub: one instance per user (`idFromName("user:<id>")`). Browsers hold
 * a hibernatable WebSocket; the Worker calls `publish` when something lands in the user's
 * inbox and every open tab receives it. Notification storage arrives with the review issue.
 */
export class InboxHub extends DurableObject<Env> {
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

  override async webSocketMessage(socket: WebSocket, message: string | ArrayBuffer) {
    if (message === "ping") socket.send("pong");
  }

  override async webSocketClose(socket: WebSocket, code: number, reason: string) {
    try {
      socket.close(code, reason);
    } catch {
      // Already closed by the runtime's automatic close reply.
    }
  }
}
