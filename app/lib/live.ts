import { useEffect, useRef, useState } from "react";
import { api } from "~/lib/api";
import { apiBase, clientEnv } from "~/lib/client-env";

export interface LiveEvent {
  type: string;
  [key: string]: unknown;
}

interface LiveChannel {
  /** `POST` here answers `{ data: { ticket } }`: a one-minute pass for the socket. */
  ticketPath: string;
  /** The socket's path under the API, opened with `?ticket=`. */
  socketPath: string;
  /** Sent with the ticket request (a document's password). */
  articlePassword?: string | null;
}

/**
 * One live channel (an InboxHub instance: a workspace's calendar, a document's comments): a
 * one-minute ticket from the API, then a WebSocket, because browsers cannot send an
 * Authorization header on a WebSocket. Reconnects with backoff; `connected` drives a "Live"
 * indicator. `onEvent` gets `{ type: "refresh" }` whenever the page may have missed pushes
 * (each open, since pushes are not replayed, and a wake from a hidden tab).
 */
export function useLiveChannel(channel: LiveChannel | null, onEvent: (event: LiveEvent) => void) {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const [connected, setConnected] = useState(false);
  const key = channel ? `${channel.ticketPath} ${channel.socketPath} ${channel.articlePassword ?? ""}` : null;

  useEffect(() => {
    if (!channel) return;
    let socket: WebSocket | null = null;
    let stopped = false;
    let failures = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let ping: ReturnType<typeof setInterval> | undefined;

    const schedule = () => {
      if (stopped) return;
      retry = setTimeout(connect, Math.min(30_000, 1_000 * 2 ** failures++));
    };
    async function connect() {
      try {
        const { data } = await api.post<{ data: { ticket: string } }>(channel!.ticketPath, undefined, { articlePassword: channel!.articlePassword ?? null });
        if (stopped) return;
        const url = new URL(`${apiBase(clientEnv()?.API_BASE, location.origin)}${channel!.socketPath}`);
        url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
        url.searchParams.set("ticket", data.ticket);
        socket = new WebSocket(url);
        socket.addEventListener("open", () => {
          failures = 0;
          setConnected(true);
          ping = setInterval(() => socket?.readyState === WebSocket.OPEN && socket.send("ping"), 30_000);
          // Pushes are not replayed: whatever changed between the page's render (or the last
          // drop) and this moment is caught up by one refresh.
          handler.current({ type: "refresh" });
        });
        socket.addEventListener("message", (message) => {
          if (message.data === "pong") return;
          try {
            const event = JSON.parse(String(message.data)) as LiveEvent;
            if (event.type !== "hello") handler.current(event);
          } catch {
            // Not ours to read.
          }
        });
        socket.addEventListener("close", () => {
          setConnected(false);
          clearInterval(ping);
          schedule();
        });
      } catch {
        schedule();
      }
    }
    void connect();
    // Back from a sleeping laptop or a hidden tab: catch up at once.
    const wake = () => document.visibilityState === "visible" && handler.current({ type: "refresh" });
    document.addEventListener("visibilitychange", wake);
    return () => {
      stopped = true;
      clearTimeout(retry);
      clearInterval(ping);
      document.removeEventListener("visibilitychange", wake);
      socket?.close();
    };
    // `key` stands for the channel: a new object with the same paths is the same channel.
  }, [key]);

  return connected;
}
