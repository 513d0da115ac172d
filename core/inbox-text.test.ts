import { describe, expect, it } from "vitest";
import { inboxLead } from "./inbox-text";

describe("the inbox page's opening line", () => {
  it("counts unconfirmed read receipts in agreement: 1 is, 2 are", () => {
    expect(inboxLead({ unread: 0, waiting: 0, unconfirmedReceipts: 1 })).toBe("You're all caught up. · 1 read receipt you asked for is not confirmed yet");
    expect(inboxLead({ unread: 0, waiting: 0, unconfirmedReceipts: 2 })).toBe("You're all caught up. · 2 read receipts you asked for are not confirmed yet");
  });

  it("groups large counts and leaves out what is zero", () => {
    expect(inboxLead({ unread: 1_000, waiting: 1, unconfirmedReceipts: 0 })).toBe("1,000 unread · 1 waiting on your answer");
    expect(inboxLead({ unread: 0, waiting: 0, unconfirmedReceipts: 0 })).toBe("You're all caught up.");
  });
});
