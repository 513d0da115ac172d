import { describe, expect, it } from "vitest";
import { emailErrors, parseEmailList } from "./emailList";

describe("parseEmailList", () => {
  it("splits on commas, semicolons, spaces and new lines", () => {
    expect(parseEmailList("a@x.com, b@x.com;c@x.com\nd@x.com  e@x.com\r\n")).toEqual([
      "a@x.com",
      "b@x.com",
      "c@x.com",
      "d@x.com",
      "e@x.com",
    ]);
  });

  it("reads addresses copied from a mail client and drops duplicates ignoring case", () => {
    expect(parseEmailList('Jane Doe <jane@x.com>, "Sam" <sam@x.com>, JANE@x.com, mailto:kim@x.com')).toEqual([
      "jane@x.com",
      "sam@x.com",
      "kim@x.com",
    ]);
  });

  it("keeps what does not look like an address, for the API to name", () => {
    expect(parseEmailList("not-an-email ok@x.com")).toEqual(["not-an-email", "ok@x.com"]);
    expect(parseEmailList("  \n , ")).toEqual([]);
  });
});

describe("emailErrors", () => {
  it("names the address behind an index and the list for list-wide messages", () => {
    expect(emailErrors(["a@x.com", "nope"], { "1": ["is not a valid email address"], emails: ["can name at most 50 emails at once"] })).toEqual([
      "“nope” is not a valid email address",
      "The list can name at most 50 emails at once",
    ]);
  });
});
