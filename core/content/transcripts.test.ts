import { describe, expect, it } from "vitest";
import { transcriptToText } from "./transcripts";

describe("transcripts", () => {
  it("reads WebVTT: no header, notes, timestamps or voice tags", () => {
    const vtt = "WEBVTT\n\nNOTE recorded in Lyon\n\n00:00:01.000 --> 00:00:04.000\n<v Ana>Welcome to the roastery.\n\n00:00:04.500 --> 00:00:07.000\n<v Ana>Today we taste the spring blend.\n";
    expect(transcriptToText(vtt)).toBe("Welcome to the roastery. Today we taste the spring blend.");
  });

  it("reads SubRip: cue numbers and comma timestamps go, repeated lines are kept once", () => {
    const srt = "1\n00:00:01,000 --> 00:00:02,500\nHello there.\n\n2\n00:00:02,500 --> 00:00:04,000\nHello there.\n\n3\n00:00:04,000 --> 00:00:06,000\nLet's begin.\n";
    expect(transcriptToText(srt)).toBe("Hello there. Let's begin.");
  });

  it("leaves plain text as it is", () => {
    expect(transcriptToText("Just words, no cues.")).toBe("Just words, no cues.");
  });
});
