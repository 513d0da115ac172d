import { describe, expect, it } from "vitest";
import { describeQuote, locateQuote } from "./quote";

describe("text-quote anchors", () => {
  const text = "The cold brew is back. The cold brew costs £3.20. Try the cold brew today.";

  it("finds the occurrence whose context matches, not the first one", () => {
    const start = text.indexOf("cold brew", 30);
    const quote = describeQuote(text, start, start + "cold brew".length);
    expect(quote).toMatchObject({ exact: "cold brew" });
    expect(locateQuote(text, quote)).toEqual({ start, end: start + 9 });
  });

  it("follows its words through edits around them", () => {
    const start = text.indexOf("costs");
    const quote = describeQuote(text, start, start + "costs £3.20".length);
    const edited = `Big news! ${text.replace("is back", "has returned")}`;
    const found = locateQuote(edited, quote)!;
    expect(edited.slice(found.start, found.end)).toBe("costs £3.20");
  });

  it("is orphaned when its words are deleted", () => {
    const quote = describeQuote(text, 0, 22);
    expect(locateQuote(text.replace("The cold brew is back.", "Spring is here."), quote)).toBeNull();
  });
});
