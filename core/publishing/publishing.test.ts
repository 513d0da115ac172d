import { describe, expect, it } from "vitest";
import { NETWORK_LIMITS, withOverrides } from "./limits";
import { checkQuota, quotaRefusal, quotaRule } from "./quota";
import { checkPost, countCharacters, splitThread } from "./rules";
import { postTextFrom } from "./from-document";
import { instantToLocal, slotInstants } from "./time";

describe("network rules", () => {
  it("counts characters the way each network does", () => {
    expect(countCharacters("👍🏽 ok", "graphemes")).toBe(4);
    expect(countCharacters("👍🏽 ok", "utf16")).toBe(7);
    // X: emoji and CJK weigh 2, every URL 23 whatever its length.
    expect(countCharacters("日本 https://example.com/a/very/long/path/that/goes/on", "x_weighted")).toBe(2 + 2 + 1 + 23);
  });

  it("splits a long text into a thread at sentence boundaries, each post within the limit", () => {
    const text = Array.from({ length: 12 }, (_, i) => `Sentence number ${i} tells you one more thing about cold brew.`).join(" ");
    const thread = splitThread(text, NETWORK_LIMITS.x);
    expect(thread.length).toBeGreaterThan(2);
    for (const post of thread) expect(countCharacters(post, "x_weighted")).toBeLessThanOrEqual(280);
    expect(thread.join(" ")).toBe(text);
  });

  it("says what is wrong in sentences that name the network and the rule", () => {
    const check = checkPost("x".repeat(3_100), [{ kind: "video", bytes: 10, name: "clip.mp4" }, { kind: "image", bytes: 20 * 1024 * 1024, name: "big.png" }], NETWORK_LIMITS.linkedin);
    expect(check.problems).toEqual([
      "LinkedIn allows 3,000 characters per post; this text has 3,100.",
      "LinkedIn cannot mix images and a video in one post.",
      '"big.png" is 20 MB; LinkedIn takes images up to 8 MB.',
    ]);
    expect(checkPost("short", [], NETWORK_LIMITS.instagram).problems).toEqual([]);
    expect(checkPost("y".repeat(2_201), [], NETWORK_LIMITS.instagram).problems).toEqual(["Instagram allows 2,200 characters per post; this text has 2,201."]);
    const oneImage = { ...NETWORK_LIMITS.sandbox, media: { ...NETWORK_LIMITS.sandbox.media, images: 1 } };
    expect(checkPost("two", [{ kind: "image", bytes: 1 }, { kind: "image", bytes: 1 }], oneImage).problems).toEqual(["Sandbox allows 1 image per post; this one has 2."]);
  });

  it("takes a deployment's overrides and ignores a malformed one", () => {
    expect(withOverrides('{"instagram":{"hashtags":5}}').instagram.hashtags).toBe(5);
    const warnings: string[] = [];
    expect(withOverrides('{"instagram":{"hashtags":"five"}}', (m) => warnings.push(m)).instagram.hashtags).toBe(30);
    expect(warnings[0]).toContain("NETWORK_LIMITS is not valid");
  });
});

describe("rolling quotas", () => {
  const quota = { posts: 3, windowMinutes: 60 };
  const minute = 60_000;

  it("accepts a post while every window holding it stays within the quota", () => {
    expect(checkQuota(quota, [0, 10 * minute], 20 * minute).ok).toBe(true);
  });

  it("refuses the fourth post in an hour and names the first free time", () => {
    const verdict = checkQuota(quota, [0, 10 * minute, 20 * minute], 30 * minute);
    expect(verdict).toMatchObject({ ok: false, inWindow: 3 });
    expect(verdict.nextFree).toBe(60 * minute + 1);
  });

  it("also counts later posts whose window would include the new one", () => {
    expect(checkQuota(quota, [40 * minute, 50 * minute, 70 * minute], 30 * minute).ok).toBe(false);
  });

  it("words the quota as a rate: 100 posts per hour, 6 per minute, 100 per day", () => {
    expect(quotaRule("Sandbox", NETWORK_LIMITS.sandbox.quota!)).toBe("Sandbox allows 100 posts per hour");
    expect(quotaRule("TikTok", NETWORK_LIMITS.tiktok.quota!)).toBe("TikTok allows 6 posts per minute");
    expect(quotaRule("X", NETWORK_LIMITS.x.quota!)).toBe("X allows 100 posts per day");
    expect(quotaRule("Sandbox", { posts: 1, windowMinutes: 120 })).toBe("Sandbox allows 1 post per 2 hours");
    expect(quotaRule("Sandbox", { posts: 1_000, windowMinutes: 90 })).toBe("Sandbox allows 1,000 posts per 90 minutes");
  });

  it("refuses with the window's count in agreement: 1 is, 2 are", () => {
    const at = (ms: number) => new Date(ms).toISOString().slice(11, 16);
    const one = checkQuota({ posts: 1, windowMinutes: 60 }, [0], 30 * minute);
    expect(quotaRefusal("Sandbox", { posts: 1, windowMinutes: 60 }, "Fernhill", one, at)).toBe(
      "Sandbox allows 1 post per hour from Fernhill; 1 is already scheduled or published between 23:30 and 00:30. The next free time is 01:00.",
    );
    const two = checkQuota({ posts: 2, windowMinutes: 60 }, [0, minute], 30 * minute);
    expect(quotaRefusal("Sandbox", { posts: 2, windowMinutes: 60 }, "Fernhill", two, at)).toContain("Sandbox allows 2 posts per hour from Fernhill; 2 are already scheduled");
  });
});

describe("weekly slots", () => {
  it("keep their local time across a DST change", () => {
    const slots = slotInstants([{ day: "mon", time: "09:30" }], "Europe/Paris", Date.parse("2027-03-21T00:00:00Z"), 2);
    expect(slots.map((at) => new Date(at).toISOString())).toEqual(["2027-03-22T08:30:00.000Z", "2027-03-29T07:30:00.000Z"]);
    expect(slots.map((at) => instantToLocal(at, "Europe/Paris"))).toEqual(["2027-03-22T09:30", "2027-03-29T09:30"]);
  });
});

describe("a post from a document", () => {
  it("starts with the title and the opening paragraphs that fit, cut at a sentence", () => {
    const body = ["Spring menu", "Our oat-milk cold brew is back. It costs £3.20 in every café.", "x".repeat(40) + ". A second sentence that runs long enough to pass the limit by itself. " + "Z".repeat(200) + "."].join("\n");
    const text = postTextFrom("Spring menu", body, 150);
    expect(text.startsWith("Spring menu\n\nOur oat-milk cold brew is back.")).toBe(true);
    // The heading that repeats the title is not written twice.
    expect(text.match(/Spring menu/g)).toHaveLength(1);
    expect(text.length).toBeLessThanOrEqual(150);
    expect(text.endsWith(".")).toBe(true);
    expect(text).not.toContain("ZZ");
  });

  it("keeps only the title when the first paragraph has no sentence that fits", () => {
    expect(postTextFrom("Launch", "z".repeat(900), 100)).toBe("Launch");
    expect(postTextFrom("", "One. Two.", 100)).toBe("One. Two.");
  });
});
