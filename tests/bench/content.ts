import { blogBriefSchema, blogDraftRequestSchema } from "../../core/contracts/content";
import { writeBlogOutline, writeBlogPost } from "../../core/content/offline/blog";
import type { VoiceContext } from "../../core/content/voice";
import { DEMO } from "../../scripts/seed";

const VOICE: VoiceContext = {
  brandName: "Bench Co",
  notes: { keywords: "content calendar, brand voice", audience: "Marketing leads", product_or_service_description: "Bench Co plans content for busy teams." },
};

/** Offline-writer outlines + drafts per second, in process (no Worker, no network). */
export function measureOfflineWriter(seconds = 3) {
  const deadline = performance.now() + seconds * 1000;
  let generations = 0;
  let characters = 0;
  while (performance.now() < deadline) {
    const brief = blogBriefSchema.parse({ topic: `Planning content for quarter ${generations % 4}`, keywords: ["content calendar"], length: "medium" });
    const outline = writeBlogOutline(brief, VOICE, []);
    characters += writeBlogPost(blogDraftRequestSchema.parse({ ...brief, outline }), VOICE, []).length;
    generations++;
  }
  return { perSecond: generations / seconds, averageCharacters: Math.round(characters / generations) };
}

/** Time from sending a draft request to the first streamed text event, through the running Worker. */
export async function measureFirstByte(base: string, runs = 20) {
  const signIn = await fetch(`${base}/v1/users/sign_in`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ user: { email: DEMO.email, password: DEMO.password } }),
  });
  const authorization = signIn.headers.get("authorization")!;
  const workspaces = (await (await fetch(`${base}/v1/w`, { headers: { Authorization: authorization } })).json()) as { data: { id: number }[] };
  const workspaceId = workspaces.data[0]!.id;
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const response = await fetch(`${base}/v1/w/${workspaceId}/generations`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: authorization, "X-Workspace-Id": String(workspaceId) },
      body: JSON.stringify({ kind: "blog_draft", brief: { topic: `Bench post ${i}`, length: "short", outline: [{ heading: "One", points: ["A point"] }] } }),
    });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let seen = "";
    let first: number | null = null;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      seen += decoder.decode(value, { stream: true });
      if (first === null && seen.includes("event: text")) first = performance.now() - start;
    }
    if (first !== null) samples.push(first);
  }
  samples.sort((a, b) => a - b);
  return { runs: samples.length, p50: samples[Math.floor(samples.length / 2)]!, p99: samples[Math.min(samples.length - 1, Math.floor(samples.length * 0.99))]! };
}
