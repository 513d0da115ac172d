/**
 * Every sentence that puts a number beside a noun or a length of time goes through here, so
 * none reads "1 posts" or "per 1 hours". English only, with a fixed locale so the server's
 * HTML and the browser's first render agree. Plural choice, digit grouping and unit names come
 * from Intl (date-fns's formatDuration pluralises too, but groups no digits and has no "per").
 */

const LOCALE = "en-US";
const numbers = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 });
const plurals = new Intl.PluralRules(LOCALE);
const relative = new Intl.RelativeTimeFormat(LOCALE, { numeric: "always" });

/** A countable noun: its singular when the plural only adds "s", else both forms. */
export type Noun = string | readonly [one: string, other: string];

/** "1,000", "2.5". */
export const formatNumber = (n: number) => numbers.format(n);

/** The form of `noun` that goes with n, without the number: "post" for 1, "posts" for 0 or 2. */
export function nounFor(n: number, noun: Noun): string {
  const [one, other] = typeof noun === "string" ? [noun, `${noun}s`] : noun;
  return plurals.select(n) === "one" ? one : other;
}

/**
 * "1 post", "0 posts", "1,000 posts"; `count(2, ["person", "people"])` is "2 people". A verb
 * that agrees can ride in the noun: `count(n, ["todo is", "todos are"])`.
 */
export const count = (n: number, noun: Noun) => `${formatNumber(n)} ${nounFor(n, noun)}`;

export type TimeUnit = "day" | "hour" | "minute" | "second" | "millisecond";

/** Limits are often written in minutes or days: `duration(quota.windowMinutes * MINUTE_MS)`. */
export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

const UNITS: readonly [TimeUnit, number][] = [
  ["day", DAY_MS],
  ["hour", 60 * MINUTE_MS],
  ["minute", MINUTE_MS],
  ["second", 1_000],
  ["millisecond", 1],
];

/**
 * A length of time in the largest unit that measures it exactly (90 minutes stays "90
 * minutes", not "1.5 hours"); failing that, the largest unit it reaches, to one decimal.
 * `smallest` stops the search (relative times have no milliseconds).
 */
function measure(ms: number, smallest: TimeUnit = "millisecond"): { value: number; unit: TimeUnit } {
  const size = Math.abs(ms);
  if (size === 0) return { value: 0, unit: "second" };
  const units = UNITS.slice(0, UNITS.findIndex(([unit]) => unit === smallest) + 1);
  // Milliseconds only under a second: 1,500 ms reads better as 1.5 seconds.
  const exact = units.find(([, unitMs]) => size >= unitMs && size % unitMs === 0 && (unitMs >= 1_000 || size < 1_000));
  const [unit, unitMs] = exact ?? units.find(([, unitMs]) => size >= unitMs) ?? units[units.length - 1]!;
  return { value: Math.round((ms / unitMs) * 10) / 10, unit };
}

const unitNames: Partial<Record<TimeUnit, Intl.NumberFormat>> = {};

/** "1 hour", "90 minutes", "2 days", "1,000 hours". */
export function duration(ms: number): string {
  const { value, unit } = measure(ms);
  unitNames[unit] ??= new Intl.NumberFormat(LOCALE, { style: "unit", unit, unitDisplay: "long", maximumFractionDigits: 1 });
  return unitNames[unit].format(value);
}

/** "per hour", "per 90 minutes" (24 hours is "per day"): a rate never reads "per 1 hour". */
export const per = (ms: number) => rate("per", ms);

/** "every day", "every 3 days". */
export const every = (ms: number) => rate("every", ms);

function rate(word: string, ms: number) {
  const { value, unit } = measure(ms);
  return value === 1 ? `${word} ${unit}` : `${word} ${duration(ms)}`;
}

/** "in 30 minutes" for a time ahead, "3 days ago" for one behind. */
export function relativeTime(ms: number): string {
  const { value, unit } = measure(ms, "second");
  return relative.format(value, unit as Exclude<TimeUnit, "millisecond">);
}
