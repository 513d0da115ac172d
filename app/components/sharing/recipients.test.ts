import { describe, expect, it } from "vitest";
import { addRecipient, isEmail, recipientFromText, sharePayload, suggestRecipients, type Recipient } from "./recipients";

const people = [
  { id: 1, name: "Ada Lovelace", email: "ada@example.com" },
  { id: 2, name: "Grace Hopper", email: "grace@navy.example" },
];
const groups = [{ id: 7, name: "Launch team" }];

describe("suggestRecipients", () => {
  it("finds colleagues by name or email and groups by name, people first", () => {
    expect(suggestRecipients("a", people, groups, []).map((r) => r.label)).toEqual(["Ada Lovelace", "Grace Hopper", "Launch team"]);
    expect(suggestRecipients("navy", people, groups, []).map((r) => r.label)).toEqual(["Grace Hopper"]);
    expect(suggestRecipients("LAUNCH", people, groups, []).map((r) => r.label)).toEqual(["Launch team"]);
  });

  it("leaves out who is already chosen, and suggests nothing for an empty box", () => {
    const chosen: Recipient[] = [{ kind: "user", id: 1, label: "Ada Lovelace", email: "ada@example.com" }];
    expect(suggestRecipients("a", people, groups, chosen).map((r) => r.label)).toEqual(["Grace Hopper", "Launch team"]);
    expect(suggestRecipients("  ", people, groups, [])).toEqual([]);
  });
});

describe("recipientFromText", () => {
  it("recognises a colleague by email or exact name", () => {
    expect(recipientFromText("ADA@example.com", people, groups)).toMatchObject({ kind: "user", id: 1 });
    expect(recipientFromText("grace hopper", people, groups)).toMatchObject({ kind: "user", id: 2 });
  });

  it("recognises a group by name", () => {
    expect(recipientFromText("launch team", people, groups)).toMatchObject({ kind: "group", id: 7 });
  });

  it("keeps any other address as an email to invite, lower-cased", () => {
    expect(recipientFromText(" New.Person@Example.com ", people, groups)).toEqual({
      kind: "email",
      email: "new.person@example.com",
      label: "new.person@example.com",
    });
  });

  it("refuses what is neither a colleague, a group nor an address", () => {
    expect(recipientFromText("someone", people, groups)).toBeNull();
    expect(recipientFromText("", people, groups)).toBeNull();
    expect(isEmail("a@b")).toBe(false);
  });
});

describe("sharePayload", () => {
  it("splits people and groups from addresses, with one level and the read receipt", () => {
    let list: Recipient[] = [];
    list = addRecipient(list, { kind: "user", id: 1, label: "Ada", email: "ada@example.com" });
    list = addRecipient(list, { kind: "user", id: 1, label: "Ada", email: "ada@example.com" });
    list = addRecipient(list, { kind: "group", id: 7, label: "Launch team" });
    list = addRecipient(list, { kind: "email", email: "new@example.com", label: "new@example.com" });
    expect(sharePayload(list, { permission: "comment", readReceipt: true, message: "  Have a look " })).toEqual({
      member_accesses: [
        { target_type: "User", target_id: 1, permission: "comment", read_receipt: true },
        { target_type: "Channel", target_id: 7, permission: "comment", read_receipt: true },
      ],
      email_accesses: [{ email: "new@example.com", permission: "comment", read_receipt: true }],
      default_message: "Have a look",
    });
  });

  it("leaves the read receipt and message out when not asked for", () => {
    const payload = sharePayload([{ kind: "email", email: "x@example.com", label: "x@example.com" }], {
      permission: "read",
      readReceipt: false,
      message: " ",
    });
    expect(payload.email_accesses).toEqual([{ email: "x@example.com", permission: "read", read_receipt: undefined }]);
    expect(payload.default_message).toBeUndefined();
  });
});
