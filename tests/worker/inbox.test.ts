import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

function nextMessage(socket: WebSocket) {
  return new Promise<unknown>((resolve) =>
    socket.addEventListener("message", (event) => resolve(JSON.parse(event.data as string)), { once: true }),
  );
}

describe("InboxHub Durable Object", () => {
  it("delivers a published event to every open connection of that user", async () => {
    const hub = env.INBOX.get(env.INBOX.idFromName("user:1"));
    const sockets = await Promise.all(
      [1, 2].map(async () => {
        const response = await hub.fetch("https://inbox/connect", { headers: { Upgrade: "websocket" } });
        expect(response.status).toBe(101);
        const socket = response.webSocket!;
        const hello = nextMessage(socket);
        socket.accept();
        await hello;
        return socket;
      }),
    );

    const received = sockets.map(nextMessage);
    const delivered = await hub.publish({ type: "Comment", article_id: 7 });
    expect(delivered).toBe(2);
    expect(await Promise.all(received)).toEqual([
      { type: "Comment", article_id: 7 },
      { type: "Comment", article_id: 7 },
    ]);
    sockets.forEach((socket) => socket.close());
  });

  it("answers a tab's \"ping\" with \"pong\" by the hibernation API's automatic response", async () => {
    const hub = env.INBOX.get(env.INBOX.idFromName("user:3"));
    const response = await hub.fetch("https://inbox/connect", { headers: { Upgrade: "websocket" } });
    const socket = response.webSocket!;
    const hello = nextMessage(socket);
    socket.accept();
    await hello;
    const pong = new Promise((resolve) => socket.addEventListener("message", (event) => resolve(event.data), { once: true }));
    socket.send("ping");
    expect(await pong).toBe("pong");
    // The runtime holds the pair, so the answer needs no wake of the hub's own code.
    await runInDurableObject(hub, (_instance, state) => {
      const pair = state.getWebSocketAutoResponse();
      expect([pair?.request, pair?.response]).toEqual(["ping", "pong"]);
      expect(state.getWebSockets()).toHaveLength(1);
      expect(state.getWebSocketAutoResponseTimestamp(state.getWebSockets()[0]!)).toBeInstanceOf(Date);
    });
    socket.close();
  });

  it("refuses plain HTTP requests with 426", async () => {
    const hub = env.INBOX.get(env.INBOX.idFromName("user:2"));
    const response = await hub.fetch("https://inbox/connect");
    expect(response.status).toBe(426);
  });
});
