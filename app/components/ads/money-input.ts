import { minorDigits } from "../../../core/ads/money";

/**
 * What a person types in a money field ("5", "5.50", "1,234.5") as integer minor units of the
 * currency, read from the digits as text so no float ever touches the amount. Null with the
 * reason when it is not an amount.
 */
export function parseMoneyInput(text: string, currency: string): { minor: number; problem: null } | { minor: null; problem: string } {
  const digits = minorDigits(currency);
  const cleaned = text.trim().replace(/[\s,]/g, "");
  if (!cleaned) return { minor: null, problem: "is required" };
  const match = /^(\d+)(?:\.(\d*))?$/.exec(cleaned);
  if (!match) return { minor: null, problem: "must be an amount such as 5.00" };
  const fraction = match[2] ?? "";
  if (fraction.length > digits) return { minor: null, problem: digits === 0 ? `must be a whole number of ${currency}` : `must have at most ${digits} decimals` };
  const minor = Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
  if (!Number.isSafeInteger(minor)) return { minor: null, problem: "is too large" };
  return { minor, problem: null };
}

/** Minor units back to what the field shows: 500 → "5.00", 150 JPY → "150". */
export function moneyInputValue(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  if (digits === 0) return String(minor);
  const text = String(Math.abs(minor)).padStart(digits + 1, "0");
  return `${minor < 0 ? "-" : ""}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** The currency's symbol as the field's prefix ("$", "€", "SEK"). */
export function currencySymbol(currency: string): string {
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency, currencyDisplay: "narrowSymbol" }).formatToParts(0).find((part) => part.type === "currency")?.value ?? currency;
  } catch {
    return currency;
  }
}
