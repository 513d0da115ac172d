import { blogBriefSchema, blogDraftRequestSchema } from "../../core/contracts/content";
import { writeBlogOutline, writeBlogPost } from "../../core/content/offline/blog";
import type { VoiceContext } from "../../core/content/voice";
import { type BenchSession, devFetch } from "./session";

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
export async function measureFirstByte(base: string, session: BenchSession, runs = 20) {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const response = await devFetch(`${base}/v1/w/${session.workspaceId}/generations`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...session.headers },
      body: JSON.stringify({ kind: "blog_draft", brief: { topic: `Bench post ${i}`, length: "short", outline: [{ heading: "One", points: ["A point"] }] } }),
    });
    if (!response.ok) throw new Error(`POST /generations answered ${response.status}: ${await response.text()}`);
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
  if (samples.length === 0) throw new Error("no generation streamed any text");
  samples.sort((a, b) => a - b);
  return { runs: samples.length, p50: samples[Math.floor(samples.length / 2)]!, p99: samples[Math.min(samples.length - 1, Math.floor(samples.length * 0.99))]! };
}
