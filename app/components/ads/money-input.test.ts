import { describe, expect, it } from "vitest";
import { moneyInputValue, parseMoneyInput } from "./money-input";

describe("a money field", () => {
  it("reads what people type as integer minor units, without float rounding", () => {
    expect(parseMoneyInput("5", "USD")).toEqual({ minor: 500, problem: null });
    expect(parseMoneyInput("0.29", "USD")).toEqual({ minor: 29, problem: null });
    expect(parseMoneyInput("1,234.5", "EUR")).toEqual({ minor: 123_450, problem: null });
    expect(parseMoneyInput("150", "JPY")).toEqual({ minor: 150, problem: null });
  });

  it("refuses what is not an amount, saying why", () => {
    expect(parseMoneyInput("", "USD").problem).toBe("is required");
    expect(parseMoneyInput("five", "USD").problem).toBe("must be an amount such as 5.00");
    expect(parseMoneyInput("-3", "USD").problem).toBe("must be an amount such as 5.00");
    expect(parseMoneyInput("5.555", "USD").problem).toBe("must have at most 2 decimals");
    expect(parseMoneyInput("1.5", "JPY").problem).toBe("must be a whole number of JPY");
  });

  it("shows minor units back as the field's text", () => {
    expect(moneyInputValue(500, "USD")).toBe("5.00");
    expect(moneyInputValue(7, "USD")).toBe("0.07");
    expect(moneyInputValue(150, "JPY")).toBe("150");
  });
});
