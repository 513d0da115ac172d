/**
 * Money in minor units. Amounts are integers of the currency's smallest unit (cents; yen have none);
 * only the words shown to people divide, never a stored or compared figure.
 */

/** How many decimals the currency's minor unit has (USD 2, JPY 0), from the platform's currency data. */
export function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** "$5.00", "¥150", "€1,234.50". */
export function formatMoney(amountMinor: number, currency: string): string {
  const digits = minorDigits(currency);
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(amountMinor / 10 ** digits);
  } catch {
    return `${(amountMinor / 10 ** digits).toFixed(digits)} ${currency}`;
  }
}

export interface Money {
  amount_minor: number;
  currency: string;
  formatted: string;
}

export const money = (amountMinor: number, currency: string): Money => ({ amount_minor: amountMinor, currency, formatted: formatMoney(amountMinor, currency) });
