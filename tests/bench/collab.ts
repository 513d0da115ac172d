import WebSocket from "ws";
import YPartyKitProvider from "y-partykit/provider";
import * as Y from "yjs";
import type { CollabSession } from "../../core/collab";
import { type BenchSession, devFetch } from "./session";
import { percentile } from "./stats";

async function collabSession(base: string, authorization: string, articleId: number): Promise<CollabSession> {
  const response = await devFetch(`${base}/v1/articles/${articleId}/collab_token`, {
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
  return new Promise<{ doc: Y.Doc; provider: YPartyKitProvider }>((resolve, reject) => {
    const timer = setTimeout(() => {
      provider.destroy();
      reject(new Error(`the room ${s.room} did not sync within 30 s`));
    }, 30_000);
    provider.once("synced", () => {
      clearTimeout(timer);
      resolve({ doc, provider });
    });
  });
}


/**
 * Edit propagation through a document's room: two Yjs clients connected over WebSockets;
 * one makes an edit, the time until the other sees it is one sample. Edits go one at a
 * time, so each sample is a full round trip through the PartyKit room.
 */
export async function measurePropagation(base: string, session: BenchSession, edits: number) {
  const authorization = session.authorization;
  const workspaceId = session.workspaceId;
  const created = await devFetch(`${base}/v1/w/${workspaceId}/articles`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: authorization, "X-Workspace-Id": String(workspaceId) },
    body: JSON.stringify({ article: { title: "Propagation bench", markdown: "Start." } }),
  });
  if (created.status !== 201) throw new Error(`create answered ${created.status}: ${await created.text()}`);
  const { data: article } = (await created.json()) as { data: { id: number } };

  const a = await connect(await collabSession(base, authorization, article.id));
  const b = await connect(await collabSession(base, authorization, article.id));
  const samples: number[] = [];
  try {
    const sent = a.doc.getMap<number>("bench");
    const seen = b.doc.getMap<number>("bench");
    for (let i = 0; i < edits; i++) {
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
