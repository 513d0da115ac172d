import type { Provider } from "@lexical/yjs";
import { useCallback, useEffect, useRef, useState } from "react";
import YPartyKitProvider from "y-partykit/provider";
import * as Y from "yjs";
import type { CollabSession } from "../../../core/collab";
import { api } from "~/lib/api";

export type CollabStatus = "connecting" | "connected" | "disconnected";

export interface Collaborator {
  clientId: number;
  name: string;
  color: string;
  /** Whether their caret is in the document right now. */
  focusing: boolean;
  self: boolean;
}

interface CollabState {
  /** The first token's answer: who we are in the room, and how we may use it. */
  session: CollabSession | null;
  /** Why no session could be had (no access, collaboration off); null while it works. */
  error: string | null;
  status: CollabStatus;
  /** True once the room's content has arrived at least once. */
  synced: boolean;
  people: Collaborator[];
}

/** Refresh a token this long before it expires, so a reconnect never presents a stale one. */
const TOKEN_MARGIN_MS = 60_000;

/**
 * One document's room: asks the Worker for a room token, then hands CollaborationPlugin a
 * provider factory whose provider fetches a fresh token on every (re)connect, and reports
 * connection state and who is here.
 */
export function useCollabSession(articleId: number, password: string | null, editable: boolean, tokenPath?: string) {
  const [state, setState] = useState<CollabState>({ session: null, error: null, status: "connecting", synced: false, people: [] });
  const current = useRef<CollabSession | null>(null);

  const requestToken = useCallback(async () => {
    // A branch's room (version-control mode) has its own token route.
    const { data } = await api.post<{ data: CollabSession }>(tokenPath ?? `/articles/${articleId}/collab_token`, {}, { articlePassword: password });
    current.current = data;
    return data;
    // `editable` is not sent: the Worker decides the mode. Asking again when the page's
    // editability changes (archive, restore) gets a token with the new mode.
  }, [articleId, tokenPath, password, editable]);

  useEffect(() => {
    let cancelled = false;
    requestToken().then(
      (session) => !cancelled && setState((before) => ({ ...before, session, error: null })),
      (error: unknown) =>
        !cancelled &&
        setState((before) => ({
          ...before,
          error: error instanceof Error && error.message ? error.message : "Live editing is unavailable right now.",
        })),
    );
    return () => {
      cancelled = true;
    };
  }, [requestToken]);

  const freshToken = useCallback(async () => {
    const session = current.current;
    if (session && Date.parse(session.expires_at) - Date.now() > TOKEN_MARGIN_MS) return session.token;
    return (await requestToken()).token;
  }, [requestToken]);

  const providerFactory = useCallback(
    (id: string, docs: Map<string, Y.Doc>): Provider => {
      const session = current.current!;
      let doc = docs.get(id);
      if (!doc) {
        doc = new Y.Doc();
        docs.set(id, doc);
      }
      const provider = new YPartyKitProvider(session.host, session.room, doc, {
        connect: false,
        party: session.party,
        params: async () => ({ token: await freshToken() }),
      });
      const people = () => {
        const list: Collaborator[] = [];
        provider.awareness.getStates().forEach((value, clientId) => {
          const user = value as { name?: string; color?: string; focusing?: boolean };
          if (!user.name) return;
          list.push({ clientId, name: user.name, color: user.color ?? "#888", focusing: !!user.focusing, self: clientId === doc!.clientID });
        });
        setState((before) => ({ ...before, people: list }));
      };
      provider.on("status", ({ status }: { status: CollabStatus }) => setState((before) => ({ ...before, status })));
      provider.on("sync", (synced: boolean) => synced && setState((before) => ({ ...before, synced: true })));
      provider.awareness.on("change", people);
      return provider as unknown as Provider;
    },
    [freshToken],
  );

  return { ...state, providerFactory };
}
