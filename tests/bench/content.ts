import { blogBriefSchema, blogDraftRequestSchema, emailSequenceBriefSchema, socialBriefSchema } from "../../core/contracts/content";
import { formatSocialPosts } from "../../core/content/formats";
import { writeBlogOutline, writeBlogPost } from "../../core/content/offline/blog";
import { CORPUS, WORKSPACES } from "../../core/content/offline/briefs.corpus";
import { writeEmailSequence } from "../../core/content/offline/email";
import { writeSocialPosts } from "../../core/content/offline/social";
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

/**
 * Three samples of the offline writer, from the test corpus (core/content/offline/briefs.corpus.ts),
 * for a person to read: social posts for a launch, an email for an event, a blog draft for a how-to.
 */
export function offlineWriterSamples(): string {
  const entry = (brief: string) => CORPUS.find((c) => c.brief === brief)!;
  const launch = entry("Our new oat-milk cold brew launches in April");
  const event = entry("Join us for a latte art workshop on Saturday 14 March in Leeds");
  const howTo = entry("How to choose the right saddle for a daily commute");
  const posts = writeSocialPosts(socialBriefSchema.parse({ topic: launch.brief, audience: launch.audience, channels: ["twitter", "linkedin", "instagram"] }), WORKSPACES[launch.workspace], launch.passages);
  const [email] = writeEmailSequence(
    emailSequenceBriefSchema.parse({ kind: "nurture", topic: event.brief, audience: event.audience, goal: "Book a place", count: 3, cadence_days: 3 }),
    WORKSPACES[event.workspace],
    event.passages,
  );
  const brief = blogBriefSchema.parse({ topic: howTo.brief, audience: howTo.audience, length: "short" });
  const outline = writeBlogOutline(brief, WORKSPACES[howTo.workspace], howTo.passages);
  const draft = writeBlogPost(blogDraftRequestSchema.parse({ ...brief, outline }), WORKSPACES[howTo.workspace], howTo.passages);
  return [
    `1. Social posts — “${launch.brief}” (${WORKSPACES[launch.workspace].brandName})\n\n${formatSocialPosts(posts)}`,
    `2. First email of a nurture sequence — “${event.brief}” (${WORKSPACES[event.workspace].brandName})\n\nSubject: ${email!.subject}\nPreview: ${email!.preview}\n\n${email!.body}`,
    `3. Blog draft — “${howTo.brief}” (${WORKSPACES[howTo.workspace].brandName})\n\n${draft}`,
  ].join("\n\n――――――――\n\n");
}

/** Briefs outside the corpus, of the shapes issue 27 found failing, for a person to read. */
const OUTSIDE_CORPUS = [
  "Our florist opens a late-night counter at Waverley station in March",
  "Enter our photo competition before 30 June",
  "Nine ways new runners hurt their knees",
  "Our laundry app now collects shirts on Sundays",
  "Why we stopped taking cash",
  "We are hiring two sous chefs in Galway",
  "Is a four-day week right for a small agency?",
  "Twelve questions to ask before you sign a lease",
  "The case against free delivery",
  "Our gym adds a sauna for members this winter",
];

/** Ten social posts, one per brief outside the corpus: the writer on briefs it was not tuned on. */
export function offlineWriterOutsideSamples(): string {
  return OUTSIDE_CORPUS.map((topic, index) => {
    const [post] = writeSocialPosts(socialBriefSchema.parse({ topic, channels: [(["linkedin", "facebook", "instagram"] as const)[index % 3]] }), VOICE, []);
    return `${index + 1}. “${topic}” (${post!.channel})\n\n${post!.body}`;
  }).join("\n\n");
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
