import { describe, expect, it } from "vitest";
import { blogBriefSchema, socialBriefSchema, type SocialPost } from "../../contracts/content";
import { socialChannels } from "../channels";
import type { HouseStyle, VoiceContext } from "../voice";
import { hashtagCount, hashtagsFor, readBrief } from "./brief";
import { writeBlogOutline } from "./blog";
import { writeSocialPosts } from "./social";
import { sentenceKey } from "./writer";

const launchNotes = [
  {
    sourceId: 1,
    sourceTitle: "Cold brew launch notes",
    text: "The oat-milk cold brew is steeped for 18 hours and blended with Oatly Barista. The cold brew has half the acidity of our hot filter coffee. The first 2,000 cans of cold brew ship to stockists on 3 April. A can of the oat-milk cold brew costs £3.20 in our cafés. Office customers asked for a dairy-free cold coffee they could grab on the way in.",
  },
  {
    sourceId: 2,
    sourceTitle: "Customer survey 2025",
    text: "In our 2025 survey, 62% of office customers asked for a dairy-free cold coffee. Oat milk was the most requested milk by a wide margin. Most office customers buy their first coffee before 9am. Office workers in Leeds told us they are willing to pay more for a cold coffee that tastes of coffee.",
  },
];
const style = (overrides: Partial<HouseStyle>): HouseStyle => ({ tone: "", readingLevel: "standard", preferWords: [], avoidWords: [], formatting: "", ...overrides });
const fernhill: VoiceContext = {
  brandName: "Fernhill Coffee",
  notes: { product_or_service_description: "Fernhill Coffee roasts small batches in Leeds.", keywords: "specialty coffee" },
};
const issueBrief = socialBriefSchema.parse({ topic: "Our new oat-milk cold brew launches in April", audience: "busy office workers", channels: [...socialChannels] });
/** Each post's sentences, once per post (a YouTube description and its script may share a line; two channels may not). */
const sentences = (posts: SocialPost[]) =>
  posts.flatMap((post) => [
    ...new Set(
      [post.title ?? "", post.description ?? "", post.body]
        .join("\n")
        .split(/(?<=[.!?])\s+|\n+/)
        .map(sentenceKey)
        .filter((key) => key.split(" ").length >= 3),
    ),
  ]);

describe("the brief reader", () => {
  it("reads the issue's brief into its parts, and the kind of piece it asks for", () => {
    const reading = readBrief("Our new oat-milk cold brew launches in April");
    expect(reading).toMatchObject({ kind: "announcement", subject: "our new oat-milk cold brew", action: "launches", time: "in April" });
    expect(readBrief("Join us for a latte art workshop on Saturday 14 March in Leeds")).toMatchObject({ kind: "event", subject: "a latte art workshop", time: "on Saturday 14 March", place: "in Leeds" });
    expect(readBrief("We're hiring a weekend bike mechanic for the Bristol workshop")).toMatchObject({ kind: "hiring", subject: "a weekend bike mechanic for the Bristol workshop" });
    expect(readBrief("Black Friday sale: half price grinders until Monday")).toMatchObject({ kind: "seasonal-sale", occasion: "Black Friday", subject: "half price grinders", time: "until Monday" });
    expect(readBrief("How to descale your espresso machine at home").kind).toBe("how-to");
    expect(readBrief("Why we stopped selling single-use cups").kind).toBe("opinion");
    expect(readBrief("20% off all filter coffee until Sunday").kind).toBe("offer");
    expect(readBrief("The story of our first farm visit to Huila in Colombia")).toMatchObject({ kind: "story", subject: "our first farm visit to Huila in Colombia" });
  });

  it("reads a headline whose last noun looks like a verb as a noun phrase, keeping the whole thing", () => {
    const reading = readBrief("Better coffee breaks at the office");
    expect(reading.phrases.clause).toBeNull();
    expect(reading.phrases.noun.text.toLowerCase()).toContain("better coffee breaks");
    // A real clause with a bare subject stays one.
    expect(readBrief("Our bakery opens a second shop in York").phrases.clause).toMatchObject({ verb: "opens" });
  });

  it("capitalises a month typed in lower case, and keeps names as written", () => {
    const reading = readBrief("our tasting menu returns to Leeds in april");
    expect(reading.time).toBe("in April");
    const [post] = writeSocialPosts(socialBriefSchema.parse({ topic: "our tasting menu returns to Leeds in april", channels: ["linkedin"] }), fernhill);
    expect(post!.body).not.toMatch(/\bapril\b/);
    expect(post!.body).toMatch(/\bApril\b/);
  });

  it("makes hashtags from the brief's nouns and the keywords, never the whole brief, as many as each channel reads well with", () => {
    const reading = readBrief(issueBrief.topic);
    expect(hashtagsFor(reading, ["specialty coffee"], "instagram").slice(0, 3)).toEqual(["#OatMilk", "#ColdBrew", "#SpecialtyCoffee"]);
    expect(hashtagsFor(reading, [], "twitter")).toHaveLength(hashtagCount("twitter"));
    expect(hashtagCount("instagram")).toBeGreaterThan(hashtagCount("linkedin"));
    expect(hashtagsFor(reading, [], "seo")).toEqual([]);
    const posts = writeSocialPosts(issueBrief, fernhill, launchNotes);
    expect(posts.flatMap((p) => p.hashtags)).not.toContain("#ourNewOatMilkColdBrewLaunchesInApril");
  });
});

describe("the offline writer, on the issue's brief", () => {
  const posts = writeSocialPosts(issueBrief, fernhill, launchNotes);

  it("writes about a launch in April, not generic advice, with the workspace's facts cited", () => {
    const linkedin = posts.find((p) => p.channel === "linkedin")!.body;
    expect(linkedin).not.toMatch(/start small|build on what works/i);
    expect(linkedin).toMatch(/\[[12]\]/);
    for (const post of posts) expect(`${post.title ?? ""} ${post.description ?? ""} ${post.body}`.toLowerCase()).not.toContain("our new oat-milk cold brew launches in april");
  });

  it("never says the same sentence in two channels", () => {
    const all = sentences(posts);
    expect(new Set(all).size).toBe(all.length);
  });
});

describe("variety", () => {
  it("writes something else when regenerated with another seed, and the same for the same seed", () => {
    const first = writeSocialPosts(issueBrief, fernhill, launchNotes, { seed: "job-1" });
    const again = writeSocialPosts(issueBrief, fernhill, launchNotes, { seed: "job-1" });
    const second = writeSocialPosts(issueBrief, fernhill, launchNotes, { seed: "job-2" });
    expect(again).toEqual(first);
    expect(second.map((p) => p.body)).not.toEqual(first.map((p) => p.body));
    const outline = (seed: string) => writeBlogOutline(blogBriefSchema.parse({ topic: issueBrief.topic, length: "short" }), fernhill, launchNotes, { seed });
    expect(outline("a")).not.toEqual(outline("b"));
  });

  it("shares one ledger across a campaign's calls, so pieces for different channels repeat no sentence", () => {
    const written = new Set<string>();
    const round = (channels: ("twitter" | "linkedin" | "facebook" | "instagram")[], seed: string) =>
      writeSocialPosts(socialBriefSchema.parse({ topic: issueBrief.topic, channels }), fernhill, launchNotes, { seed, written });
    const all = sentences([...round(["twitter", "linkedin"], "main idea"), ...round(["facebook", "instagram"], "useful detail"), ...round(["twitter", "linkedin"], "question")]);
    expect(new Set(all).size).toBe(all.length);
  });
});

describe("the brand's voice", () => {
  const brief = socialBriefSchema.parse({ topic: "Why we stopped selling single-use cups", channels: ["linkedin", "facebook", "email"] });
  const passages = [
    {
      sourceId: 3,
      sourceTitle: "Cup policy",
      text: "Our cafés threw away around 30,000 single-use cups a year before the change, which filled a skip every week and cost us £4,000 in collection fees. Customers now borrow a steel cup for a £2 deposit and return it to any of our cafés, where it is washed and sterilised before it goes back on the shelf. Nine in ten borrowed cups come back within a week.",
    },
  ];
  const text = (voice: VoiceContext) =>
    writeSocialPosts(brief, voice, passages)
      .map((p) => p.body)
      .join("\n");
  const averageWords = (body: string) => {
    const list = body.split(/(?<=[.!?])\s+|\n+/).filter((s) => s.split(/\s+/).length > 2);
    return list.reduce((sum, s) => sum + s.split(/\s+/).length, 0) / list.length;
  };

  it("writes shorter sentences for a simple reading level than for an expert one", () => {
    const simple = text({ ...fernhill, style: style({ readingLevel: "simple" }) });
    const expert = text({ ...fernhill, style: style({ readingLevel: "expert" }) });
    expect(averageWords(simple)).toBeLessThan(averageWords(expert));
    for (const sentence of simple.split(/(?<=[.!?])\s+|\n+/)) expect(sentence.replace(/\[\d+\]/, "").trim().split(/\s+/).length).toBeLessThanOrEqual(20);
  });

  it("uses contractions for a casual tone and none for a formal one", () => {
    const casual = text({ ...fernhill, style: style({ tone: "Casual and playful" }) });
    const formal = text({ ...fernhill, style: style({ tone: "Formal and professional" }) });
    expect(casual).toMatch(/\b(we're|it's|here's|don't|let's|you're)\b/i);
    expect(formal).not.toMatch(/\b(we're|it's|here's|don't|let's|you're|isn't|can't|won't|we'll|that's|what's)\b/i);
    expect(formal).not.toContain("!");
  });

  it("swaps in preferred words, and never writes a word on the avoid list", () => {
    const preferring = text({ ...fernhill, style: style({ preferWords: ["guests instead of customers"] }) });
    expect(preferring).toMatch(/\bguests\b/i);
    expect(preferring).not.toMatch(/\bcustomers\b/i);
    const avoiding = text({ ...fernhill, notes: { ...fernhill.notes, avoid_list: "cups, skip" } });
    expect(avoiding).not.toMatch(/\bcups\b|\bskip\b/i);
  });
});

describe("the brief read by grammatical type", () => {
  it("gives the clause, a noun phrase naming the thing, the imperative, the count and the stance", () => {
    expect(readBrief("Our pottery studio opens a second kiln room in Bath on 3 June").phrases).toMatchObject({
      clause: { subject: "our pottery studio", verb: "opens", object: "a second kiln room", tense: "present" },
      noun: { text: "our second kiln room", plural: false },
      stance: "for",
    });
    expect(readBrief("Sign up for our free tax clinic next Monday").phrases).toMatchObject({ imperative: "sign up for our free tax clinic", noun: { text: "our free tax clinic" } });
    expect(readBrief("Six ways busy parents waste bread").phrases).toMatchObject({ list: true, count: { head: "ways", plural: true }, noun: { text: "six ways that busy parents waste bread", plural: true } });
    expect(readBrief("Why we no longer sell plastic straws").phrases).toMatchObject({ stance: "against", noun: { text: "plastic straws", plural: true } });
    expect(readBrief("Why we stopped printing paper flyers").phrases.clause).toMatchObject({ subject: "we", tense: "past" });
    expect(readBrief("We are looking for two apprentice joiners in Derby").phrases.count).toMatchObject({ head: "joiners", plural: true });
  });
});
