import { describe, expect, it } from "vitest";
import { emailSequenceBriefSchema, socialBriefSchema } from "../../contracts/content";
import { formatEmailSequence, formatSocialPosts, parseEmailSequence, parseSocialPosts } from "../formats";
import { guardPost } from "../guardrails";
import type { VoiceContext } from "../voice";
import { writeEmailSequence } from "./email";
import { writeSocialPosts } from "./social";

const voice: VoiceContext = { brandName: "Acme", notes: { keywords: "meal prep", audience: "Busy parents", product_or_service_description: "Acme plans your week of meals." } };

describe("offline writer: email sequences", () => {
  it("writes a nurture sequence on the cadence, from welcome to the goal", () => {
    const brief = emailSequenceBriefSchema.parse({ kind: "nurture", topic: "Healthy weeknight dinners", goal: "Start a free trial", count: 4, cadence_days: 3 });
    const emails = writeEmailSequence(brief, voice);
    expect(emails.map((e) => e.send_day)).toEqual([0, 3, 6, 9]);
    expect(emails[0]!.subject).toBe("Welcome: let's talk about healthy weeknight dinners");
    expect(emails[3]!.body).toContain("**[Start a free trial](#)**");
    expect(emails.every((e) => e.preview.length > 0 && e.body.endsWith("The Acme team"))).toBe(true);
    expect(emails.some((e) => e.body.includes("busy parents"))).toBe(true);
  });

  it("writes a promo sequence that names the offer and counts down to the deadline", () => {
    const brief = emailSequenceBriefSchema.parse({ kind: "promo", topic: "Meal kits", offer: "20% off the first box", deadline: "2026-12-04", count: 3, cadence_days: 2 });
    const emails = writeEmailSequence(brief, voice);
    expect(emails[0]!.preview).toBe("Until Friday 4 December.");
    expect(emails[2]!.subject).toBe("Last chance: 20% off the first box ends Friday 4 December");
  });

  it("reads its text format back exactly, so streamed text becomes editable emails", () => {
    const brief = emailSequenceBriefSchema.parse({ kind: "nurture", topic: "Budgeting", goal: "Book a call", count: 3, cadence_days: 5 });
    const emails = writeEmailSequence(brief, voice);
    expect(parseEmailSequence(formatEmailSequence(emails), 5)).toEqual(emails);
  });

  it("refuses a promo brief without a valid deadline, naming the field", () => {
    const result = emailSequenceBriefSchema.safeParse({ kind: "promo", topic: "Meal kits", offer: "A deal", deadline: "next week", count: 3, cadence_days: 2 });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path).toEqual(["deadline"]);
  });
});

describe("offline writer: social posts", () => {
  it("writes one post per channel that already fits each channel's limits", () => {
    const brief = socialBriefSchema.parse({ topic: "Meal prep on Sundays", channels: ["twitter", "linkedin", "instagram", "youtube", "seo", "tiktok"] });
    const posts = writeSocialPosts(brief, voice);
    expect(posts.map((p) => p.channel)).toEqual(brief.channels);
    for (const post of posts) {
      expect(post.image_brief).not.toBe("");
      expect(guardPost(post).notes).toEqual([]);
    }
    expect(posts.find((p) => p.channel === "instagram")!.hashtags).toContain("#MealPrep");
    expect(posts.find((p) => p.channel === "seo")!.title).toBeDefined();
  });

  it("repurposes source text: its points appear in the posts", () => {
    const brief = socialBriefSchema.parse({ topic: "Our spring menu", channels: ["linkedin"], source_text: "Asparagus is back on the menu this week. It pairs well with lemon." });
    const [post] = writeSocialPosts(brief, voice);
    expect(post!.body).toContain("Asparagus is back on the menu this week.");
  });

  it("reads its text format back, and ignores unknown or repeated channels", () => {
    const posts = writeSocialPosts(socialBriefSchema.parse({ topic: "Batch cooking", channels: ["youtube", "facebook"] }), voice);
    const text = formatSocialPosts(posts) + "\n## myspace\nHashtags: #x\nImage: y\n\nhello\n\n## facebook\nHashtags:\nImage: z\n\nagain";
    const parsed = parseSocialPosts(text);
    expect(parsed.map((p) => p.channel)).toEqual(["youtube", "facebook"]);
    expect(parsed[1]).toEqual(posts[1]);
    expect(parsed[0]).toEqual(posts[0]);
  });

  it("refuses an unknown channel, naming it", () => {
    const result = socialBriefSchema.safeParse({ topic: "Batch cooking", channels: ["myspace"] });
    expect(result.error!.issues[0]!.path).toEqual(["channels", 0]);
  });
});
