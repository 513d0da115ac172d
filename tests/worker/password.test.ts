import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "../../worker/auth/password";

describe("password hashing", () => {
  it("accepts the right password and refuses a wrong one", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(stored).toMatch(/^pbkdf2-sha256\$100000\$[^$]+\$[^$]+$/);
    expect(await verifyPassword("correct horse battery", stored)).toBe(true);
    expect(await verifyPassword("correct horse batterY", stored)).toBe(false);
  });

  it("salts each hash, so one password never hashes the same twice", async () => {
    expect(await hashPassword("same password")).not.toBe(await hashPassword("same password"));
  });

  it("refuses malformed or missing stored hashes", async () => {
    expect(await verifyPassword("anything", null)).toBe(false);
    expect(await verifyPassword("anything", "md5$abc")).toBe(false);
  });
});
