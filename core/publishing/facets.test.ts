import { describe, expect, it } from "vitest";
import { findRichText, mentionedHandles, toFacets } from "./facets";

/** The text between two UTF-8 byte offsets, as Bluesky reads a facet. */
const slice = (text: string, start: number, end: number) => new TextDecoder().decode(new TextEncoder().encode(text).slice(start, end));

describe("Bluesky facets", () => {
  it("counts UTF-8 bytes, not characters, after accents", () => {
    // "é" is one UTF-16 unit but two bytes: the tag starts at byte 3, not 2.
    const [tag] = findRichText("é #café");
    expect(tag).toEqual({ kind: "tag", value: "café", byteStart: 3, byteEnd: 9 });
  });

  it("counts an emoji with a skin tone as eight bytes before a facet", () => {
    // 👍🏽 is four UTF-16 units and eight bytes.
    const text = "👍🏽 https://brandwork.example/spring";
    const [link] = findRichText(text);
    expect(link).toEqual({ kind: "link", value: "https://brandwork.example/spring", byteStart: 9, byteEnd: 41 });
    expect(slice(text, link!.byteStart, link!.byteEnd)).toBe("https://brandwork.example/spring");
  });

  it("finds links, mentions and tags in one text, each covering exactly its words", () => {
    const text = "Über 🌸 sale with @Alice.bsky.social (see https://shop.example/été?x=1). #SpringSale! #2026";
    const spans = findRichText(text);
    expect(spans.map((span) => [span.kind, span.value, slice(text, span.byteStart, span.byteEnd)])).toEqual([
      ["mention", "alice.bsky.social", "@Alice.bsky.social"],
      ["link", "https://shop.example/été?x=1", "https://shop.example/été?x=1"],
      ["tag", "SpringSale", "#SpringSale"],
    ]);
  });

  it("leaves out a full stop after a link, an unbalanced parenthesis, and tags of digits only", () => {
    const text = "Read https://a.example/post. Then (https://b.example/x) #123";
    expect(findRichText(text).map((span) => span.value)).toEqual(["https://a.example/post", "https://b.example/x"]);
  });

  it("ends a tag at an invisible character and skips a keycap emoji", () => {
    expect(findRichText("#launch\u200Bday #\ufe0f\u20e3").map((span) => span.value)).toEqual(["launch"]);
  });

  it("does not take an e-mail address or a word without a dot for a mention", () => {
    expect(findRichText("write to team@brandwork.example or @support")).toEqual([]);
  });

  it("turns spans into facets, keeping mentions that resolved and dropping the others", () => {
    const text = "Hi @alice.bsky.social and @ghost.example #launch";
    const spans = findRichText(text);
    expect(mentionedHandles(spans)).toEqual(["alice.bsky.social", "ghost.example"]);
    expect(toFacets(spans, { "alice.bsky.social": "did:plc:alice" })).toEqual([
      { index: { byteStart: 3, byteEnd: 21 }, features: [{ $type: "app.bsky.richtext.facet#mention", did: "did:plc:alice" }] },
      { index: { byteStart: 41, byteEnd: 48 }, features: [{ $type: "app.bsky.richtext.facet#tag", tag: "launch" }] },
    ]);
  });
});
