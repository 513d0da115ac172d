import { describe, expect, it } from "vitest";
import { draftVoiceNotes, frequentTerms } from "./voice-draft";

describe("drafting a brand voice from samples", () => {
  it("describes a chatty, reader-facing sample as such and picks its recurring terms", () => {
    const sample =
      "You're busy. We get it! Meal prep saves you hours. With meal prep, you cook once and eat well all week. " +
      "We'll show you how meal prep works. You'll love it!";
    const notes = draftVoiceNotes([sample]);
    expect(notes.general).toContain("Short, punchy sentences");
    expect(notes.general).toContain("speaks directly to the reader as “you”");
    expect(notes.general).toContain("conversational, with contractions");
    expect(notes.keywords?.split(", ")[0]).toBe("meal prep");
  });

  it("describes long formal prose differently", () => {
    const sample =
      "The organisation provides comprehensive infrastructure consultancy to municipal authorities across the region, with particular emphasis on sustainable procurement and long-term maintenance planning. " +
      "Its consultants have delivered detailed assessments for transport, water, telecommunications and energy networks for national governments and regional administrations over the past two decades.";
    expect(draftVoiceNotes([sample]).general).toMatch(/^Long, detailed sentences; (difficult|very difficult) to read .*more formal, few contractions\.$/);
  });

  it("returns nothing for empty samples and ignores one-off words", () => {
    expect(draftVoiceNotes(["  "])).toEqual({});
    expect(frequentTerms("alpha beta gamma")).toEqual([]);
  });
});
