import { useEffect, useRef } from "react";
import type { InboxPush } from "../../core/contracts/inbox";
import { apiBase, clientEnv } from "./client-env";

/** Tabs of the same page (the rail, the panel, the inbox page) hear about each other's changes through this. */
const LOCAL_EVENT = "brandwork:inbox-changed";

/** Says "the inbox changed here" (marked read, archived) to the other inbox views of this tab. */
export function announceInboxChange(workspaceId: number) {
  window.dispatchEvent(new CustomEvent<InboxPush>(LOCAL_EVENT, { detail: { type: "inbox.changed", workspace_id: workspaceId } }));
}

/** The inbox socket's address: the API's, over ws(s). */
export function inboxSocketUrl(base: string) {
  return `${base.replace(/^http/, "ws").replace(/\/$/, "")}/inbox/socket`;
}

/** Waits before reconnecting: 1 s, 2 s, 4 s, … up to 30 s. */
export const reconnectDelay = (attempt: number) => Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5));

/**
 * Keeps one WebSocket to the person's InboxHub open while the page is, reconnecting after a
 * drop, and calls `onChange` for every push about this workspace, for changes made elsewhere
 * in this tab, and after each reconnect (pushes sent while it was away are not replayed).
 */
export function useInboxLive(workspaceId: number | null, onChange: (event: InboxPush) => void) {
  const handler = useRef(onChange);
  handler.current = onChange;

  useEffect(() => {
    if (workspaceId === null) return;
    let socket: WebSocket | null = null;
    let attempt = 0;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let ping: ReturnType<typeof setInterval> | undefined;

    const connect = () => {
      socket = new WebSocket(inboxSocketUrl(apiBase(clientEnv()?.API_BASE, location.origin)));
      socket.addEventListener("open", () => {
        if (attempt > 0) handler.current({ type: "inbox.changed", workspace_id: workspaceId });
        attempt = 0;
        // Proxies drop quiet sockets: the hub's automatic response answers "pong" without waking it.
        ping = setInterval(() => socket?.readyState === WebSocket.OPEN && socket.send("ping"), 30_000);
      });
      socket.addEventListener("message", (message) => {
        if (typeof message.data !== "string" || message.data === "pong") return;
        try {
          const event = JSON.parse(message.data) as InboxPush;
          if (event.type?.startsWith("inbox.") && event.workspace_id === workspaceId) handler.current(event);
        } catch {
          // Not ours to read.
        }
      });
      socket.addEventListener("close", () => {
        clearInterval(ping);
        if (stopped) return;
        retry = setTimeout(connect, reconnectDelay(attempt++));
      });
    };
    connect();

    const onLocal = (event: Event) => {
      const detail = (event as CustomEvent<InboxPush>).detail;
      if (detail.workspace_id === workspaceId) handler.current(detail);
    };
    window.addEventListener(LOCAL_EVENT, onLocal);
    return () => {
      stopped = true;
      clearTimeout(retry);
      clearInterval(ping);
      window.removeEventListener(LOCAL_EVENT, onLocal);
      socket?.close();
    };
  }, [workspaceId]);
}
