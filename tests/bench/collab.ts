import WebSocket from "ws";
import YPartyKitProvider from "y-partykit/provider";
import * as Y from "yjs";
import type { CollabSession } from "../../core/collab";
import { DEMO } from "../../scripts/seed";

export const PROPAGATION_EDITS = 1_000;

async function session(base: string, authorization: string, articleId: number): Promise<CollabSession> {
  const response = await fetch(`${base}/v1/articles/${articleId}/collab_token`, {
    method: "POST",
    headers: { Authorization: authorization, "Content-Type": "application/json" },
    body: "{}",
  });
  if (!response.ok) throw new Error(`collab token: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: CollabSession }).data;
}

function connect(s: CollabSession) {
  const doc = new Y.Doc();
  const provider = new YPartyKitProvider(s.host, s.room, doc, {
    party: s.party,
    params: { token: s.token },
    WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
    disableBc: true,
  });
  return new Promise<{ doc: Y.Doc; provider: YPartyKitProvider }>((resolve) => provider.once("synced", () => resolve({ doc, provider })));
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/**
 * Edit propagation through a document's room: two Yjs clients connected over WebSockets;
 * one makes an edit, the time until the other sees it is one sample. Edits go one at a
 * time, so each sample is a full round trip through the PartyKit room.
 */
export async function measurePropagation(base: string) {
  const signIn = await fetch(`${base}/v1/users/sign_in`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ user: { email: DEMO.email, password: DEMO.password } }),
  });
  if (!signIn.ok) throw new Error(`sign in failed: ${signIn.status}`);
  const authorization = signIn.headers.get("authorization")!;
  const workspaces = (await (await fetch(`${base}/v1/w`, { headers: { Authorization: authorization } })).json()) as { data: { id: number }[] };
  const workspaceId = workspaces.data[0]!.id;
  const created = await fetch(`${base}/v1/w/${workspaceId}/articles`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: authorization, "X-Workspace-Id": String(workspaceId) },
    body: JSON.stringify({ article: { title: "Propagation bench", markdown: "Start." } }),
  });
  const { data: article } = (await created.json()) as { data: { id: number } };

  const a = await connect(await session(base, authorization, article.id));
  const b = await connect(await session(base, authorization, article.id));
  const samples: number[] = [];
  try {
    const sent = a.doc.getMap<number>("bench");
    const seen = b.doc.getMap<number>("bench");
    for (let i = 0; i < PROPAGATION_EDITS; i++) {
      const arrived = new Promise<void>((resolve) => {
        const check = () => {
          if (seen.get("n") === i) {
            seen.unobserve(check);
            resolve();
          }
        };
        seen.observe(check);
      });
      const start = performance.now();
      sent.set("n", i);
      await arrived;
      samples.push(performance.now() - start);
    }
  } finally {
    a.provider.destroy();
    b.provider.destroy();
  }
  samples.sort((x, y) => x - y);
  return { edits: samples.length, p50: percentile(samples, 50), p99: percentile(samples, 99), max: samples.at(-1)! };
}
