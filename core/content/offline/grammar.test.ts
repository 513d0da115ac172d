import { describe, expect, it } from "vitest";
import { grammarFaults } from "./grammar";

describe("the grammar check on the way out", () => {
  it("refuses each class of fault the issue names", () => {
    expect(grammarFaults("Come along to our pottery studio opens a kiln room in Bath.", ["our pottery studio opens a kiln room"])).toContain("finite verb in a noun slot");
    expect(grammarFaults("Here is what we know about the ferry app now shows delays sooner.")).toContain("two finite verbs without a conjunction");
    expect(grammarFaults("Next Monday: our sign for our free tax clinic.")).toContain("doubled determiner");
    expect(grammarFaults("Say hello to six ways busy parents.")).toContain("noun phrase cut before its verb");
    expect(grammarFaults("Could you be our next two joiners?")).toContain("number disagreement");
    expect(grammarFaults("Book a seat at our free.")).toContain("dangling modifier");
  });

  it("passes ordinary sentences, relative clauses and compounds", () => {
    for (const sentence of [
      "Tell a friend who will want to know.",
      "Places are limited, so book early.",
      "Here are six ways that busy parents waste bread, and what to do about each.",
      "We stopped printing paper flyers, and we would do it again.",
      "Could you be one of the two joiners we need?",
      "People ask us about single-use cups a lot.",
      "If you have been waiting for the right moment, this is it.",
    ])
      expect(grammarFaults(sentence), sentence).toEqual([]);
  });
});
